//! Structured control flow to blocks and branches with block arguments.
//!
//! - `loop.for %i = %lb to %ub step %s iter_args(...)`: `br ^head(%lb, inits)`; the head
//!   `^head(%i, carried...)` tests `%i < %ub` (signed) and goes to the body or to
//!   `^exit(carried...)`, whose arguments are the loop's results; the body ends with
//!   `br ^head(%i + %s, yielded...)`.
//! - `loop.parallel`: a nest of such loops, outermost dimension first, step 1; a nest with
//!   enough work runs its outer dimension on the runtime's thread pool instead
//!   ([`super::parallel`]).
//! - `loop.while`: `br ^cond(inits)`; the cond region's `loop.condition %p, values` becomes
//!   `cond_br %p, ^do(values), ^exit(values)`; the do region ends with
//!   `br ^cond(yielded...)`.
//! - `loop.if`: `cond_br %p, ^then, ^else`; each ends with `br ^merge(yielded...)`, whose
//!   arguments are the results.
//!
//! The back edge of each loop carries the hint [`super::loop_hints`] decides.
//!
//! Each region is lowered in a scope of its own ([`FnLowering::lower_region`]), so buffers
//! allocated in a loop body are freed at the end of every iteration.

use xla_dialects::llvm::{IcmpPredicate, LlvmOpKind, LoopHint};
use xla_ir::{BlockId, Diagnostic, OpId, RegionId, Type, ValueId};

use super::lowering::FnLowering;

/// Lowers `loop.for`.
pub fn for_loop(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let operands = l.operands(op)?;
    let [lower, upper, step, inits @ ..] = &operands[..] else { return Err(l.error("loop.for needs bounds and a step")) };
    let region = l.body.op(op).regions[0];
    let hint = super::loop_hints::for_loop_hint(l.body, op);
    let results = l.counted_loop(region, (*lower, *upper, *step), inits, hint)?;
    l.bind_results(op, &results);
    Ok(())
}

/// Lowers `loop.parallel` on the thread pool when it has enough work, else as a nest of
/// sequential loops.
pub fn parallel(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let operands = l.operands(op)?;
    if super::parallel::try_outline(l, op, &operands)? {
        return Ok(());
    }
    let rank = operands.len() / 2;
    let region = l.body.op(op).regions[0];
    l.loop_nest(region, &operands[..rank], &operands[rank..], false, &mut Vec::new())
}

/// Lowers `loop.while`.
pub fn while_loop(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let inits = l.operands(op)?;
    let (cond_region, do_region) = (l.body.op(op).regions[0], l.body.op(op).regions[1]);
    let carried = l.lowered_types(&l.body.op(op).operands.clone())?;
    let forwarded = l.lowered_types(&l.body.op(op).results.clone())?;
    let (cond, cond_args) = l.new_block(&carried);
    let (looped, looped_args) = l.new_block(&forwarded);
    let (exit, exit_args) = l.new_block(&forwarded);
    l.br(cond, &inits);
    l.enter_block(cond);
    let passed = l.lower_region(cond_region, &cond_args)?;
    let (predicate, values) = passed.split_first().ok_or_else(|| l.error("loop.condition needs a predicate"))?;
    l.cond_br(*predicate, (looped, values), (exit, values));
    l.enter_block(looped);
    let next = l.lower_region(do_region, &looped_args)?;
    l.br(cond, &next);
    l.enter_block(exit);
    l.bind_results(op, &exit_args);
    Ok(())
}

/// Lowers `loop.if`.
pub fn if_op(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let condition = l.value(l.body.operand(op, 0))?;
    let (then_region, else_region) = (l.body.op(op).regions[0], l.body.op(op).regions[1]);
    let types = l.lowered_types(&l.body.op(op).results.clone())?;
    let (then_block, _) = l.new_block(&[]);
    let (else_block, _) = l.new_block(&[]);
    let (merge, merge_args) = l.new_block(&types);
    l.cond_br(condition, (then_block, &[]), (else_block, &[]));
    for (block, region) in [(then_block, then_region), (else_block, else_region)] {
        l.enter_block(block);
        let yielded = l.lower_region(region, &[])?;
        l.br(merge, &yielded);
    }
    l.enter_block(merge);
    l.bind_results(op, &merge_args);
    Ok(())
}

impl FnLowering<'_, '_> {
    /// The llvm types of loop values (scalars only: buffers do not flow through blocks).
    fn lowered_types(&self, values: &[ValueId]) -> Result<Vec<Type>, Diagnostic> {
        let ctx = self.ctx();
        if values.iter().any(|v| ctx.as_memref(self.body.value_type(*v)).is_some()) {
            return Err(self.error("lower-to-llvm does not handle buffers passed out of a region yet"));
        }
        values.iter().map(|v| self.scalar_of(*v).map(|s| s.value_type(ctx))).collect()
    }

    /// Binds the results of `op` to `values`.
    fn bind_results(&mut self, op: OpId, values: &[ValueId]) {
        let results = self.body.op(op).results.clone();
        for (result, value) in results.into_iter().zip(values) {
            self.bind(result, *value);
        }
    }

    /// A loop running `region` (whose arguments are the induction variable and the carried
    /// values) from `lower` below `upper` by `step`, its back edge carrying the hint
    /// `hint`; returns the values after the last iteration.
    fn counted_loop(
        &mut self,
        region: RegionId,
        (lower, upper, step): (ValueId, ValueId, ValueId),
        inits: &[ValueId],
        hint: Option<LoopHint>,
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let carried: Vec<Type> = inits.iter().map(|v| self.body.value_type(*v)).collect();
        let mut head_types = vec![self.ctx().int_type(64)];
        head_types.extend(&carried);
        let (head, head_args) = self.new_block(&head_types);
        let (looped, _) = self.new_block(&[]);
        let (exit, exit_args) = self.new_block(&carried);
        let mut start = vec![lower];
        start.extend(inits);
        self.br(head, &start);
        self.enter_block(head);
        let (iv, values) = (head_args[0], &head_args[1..]);
        let more = self.icmp(IcmpPredicate::Slt, iv, upper);
        self.cond_br(more, (looped, &[]), (exit, values));
        self.enter_block(looped);
        let yielded = self.lower_region(region, &head_args)?;
        let next = self.binary(LlvmOpKind::Add, iv, step);
        let mut back = vec![next];
        back.extend(yielded);
        self.back_edge(head, &back, hint);
        self.enter_block(exit);
        Ok(exit_args)
    }

    /// The loops of a `loop.parallel` from dimension `ivs.len()` inward; the body runs
    /// inside the innermost with the induction variables `ivs`. `chunked` when the
    /// outermost loop runs over a chunk of its dimension that the thread pool hands out.
    pub(super) fn loop_nest(
        &mut self,
        region: RegionId,
        lower: &[ValueId],
        upper: &[ValueId],
        chunked: bool,
        ivs: &mut Vec<ValueId>,
    ) -> Result<(), Diagnostic> {
        let d = ivs.len();
        if d == lower.len() {
            self.lower_region(region, ivs)?;
            return Ok(());
        }
        let (head, head_args) = self.new_block(&[self.ctx().int_type(64)]);
        let (looped, _) = self.new_block(&[]);
        let (exit, _) = self.new_block(&[]);
        self.br(head, &[lower[d]]);
        self.enter_block(head);
        let iv = head_args[0];
        let more = self.icmp(IcmpPredicate::Slt, iv, upper[d]);
        self.cond_br(more, (looped, &[]), (exit, &[]));
        self.enter_block(looped);
        // Decided before the body is lowered, from the loop-level ops.
        let parallel = self.body.region(region).parent.expand();
        let hint = parallel.and_then(|op| super::loop_hints::parallel_dim_hint(self.body, op, d, chunked && d == 0));
        ivs.push(iv);
        self.loop_nest(region, lower, upper, chunked, ivs)?;
        ivs.pop();
        let one = self.i64_const(1);
        let next = self.binary(LlvmOpKind::Add, iv, one);
        self.back_edge(head, &[next], hint);
        self.enter_block(exit);
        Ok(())
    }

    /// The branch from the end of a loop's body back to its head `head`, passing
    /// `operands`, with the loop's hint.
    fn back_edge(&mut self, head: BlockId, operands: &[ValueId], hint: Option<LoopHint>) {
        self.br(head, operands);
        if let (Some(hint), Some(branch)) = (hint, self.body.last_op(self.block)) {
            let ctx = self.ctx();
            self.body.set_attr(branch, "loop_hint", ctx.string_attr(hint.name()));
        }
    }
}
