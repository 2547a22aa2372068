//! `hlo.while` and `hlo.conditional` over buffers.
//!
//! A while loop's state lives in buffers, one per leaf of its results (the results'
//! destinations when they are returned): the init values are copied in, then `loop.while`
//! runs the `cond` region lowered with its arguments bound to the state (its predicate read
//! at the empty index is the `loop.condition`) and the body lowered the same way, whose
//! results are copied back into the state. A result that is itself another state buffer
//! (the body returns its arguments in another order) is copied to a temporary first, so
//! that no state is overwritten before it is read; a result already in its own state
//! buffer is not copied. A result that is a `dynamic_update_slice` of its own argument is
//! written into its state buffer in place ([`super::in_place`]), so it is not copied either.
//!
//! A conditional writes its results into buffers (their destinations, or fresh ones): a
//! predicate selector is one `loop.if`; an index selector is a chain of `loop.if` testing
//! `index == 0`, `index == 1`, ..., whose last `else` runs the last branch, which XLA runs
//! for any index out of range. Each branch is lowered with its argument bound to its
//! operand and computes what it returns straight into the result buffers where it can.

use xla_dialects::hlo::{ComparisonDirection, ComparisonType};
use xla_ir::{OpId, RegionId, Scalar, Type, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Lowers `hlo.while`.
    pub fn lower_while(&mut self, op: OpId) -> Emitted<()> {
        let operands = self.body.op(op).operands.clone();
        let results = self.body.op(op).results.clone();
        let regions = self.body.op(op).regions.clone();
        let [cond, looped] = regions[..] else { return Err(self.error("hlo.while needs a cond and a body region")) };
        let mut state = Vec::with_capacity(results.len());
        for &r in &results {
            let ty = self.body.value_type(r);
            state.push(self.result_buffers(r, ty)?);
        }
        for (&init, target) in operands.iter().zip(&state) {
            self.write_leaves(init, target)?;
        }
        let loc = self.loc;
        self.while_loop(
            |this| {
                let returned = this.lower_region_on(cond, &state)?;
                this.loc = loc;
                let predicate = *returned.first().ok_or_else(|| this.error("the cond region returns nothing"))?;
                this.element(predicate, &[])
            },
            |this| {
                this.in_place_carries(looped, &state);
                let returned = this.lower_region_on(looped, &state)?;
                this.loc = loc;
                this.update_state(&returned, &state)
            },
        )?;
        for (r, s) in results.iter().zip(state) {
            self.bind(*r, s);
        }
        Ok(())
    }

    /// Binds the entry arguments of `region` to `args` and lowers its block; what it
    /// returns.
    fn lower_region_on(&mut self, region: RegionId, args: &[Lowered]) -> Emitted<Vec<ValueId>> {
        let block = self.body.entry_block(region).ok_or_else(|| self.error("a region without a block"))?;
        let params = self.body.block(block).args.clone();
        for (p, a) in params.iter().zip(args) {
            self.bind(*p, a.clone());
        }
        self.lower_block(block)
    }

    /// Writes the leaves of hlo value `v` into the buffers of `target`.
    fn write_leaves(&mut self, v: ValueId, target: &Lowered) -> Emitted<()> {
        self.write_results(&[v], std::slice::from_ref(target))
    }

    /// Copies a while body's results into the state buffers, through temporaries for the
    /// results that are other state buffers.
    fn update_state(&mut self, returned: &[ValueId], state: &[Lowered]) -> Emitted<()> {
        let state_buffers: Vec<ValueId> = state.iter().flat_map(Lowered::leaves).filter_map(|l| match l {
            Lowered::Buffer(b) => Some(b),
            _ => None,
        }).collect();
        let mut writes = Vec::new();
        for (&v, target) in returned.iter().zip(state) {
            let sources = self.lowered(v)?.leaves();
            for (source, to) in sources.into_iter().zip(target.leaves()) {
                let Lowered::Buffer(to) = to else { continue };
                let source = match source {
                    Lowered::Buffer(b) if b == to => continue,
                    Lowered::Buffer(b) if state_buffers.contains(&b) => {
                        let shape = self.buffer_shape(b)?;
                        let memref = self.body.value_type(b);
                        let temporary = self.alloc(memref);
                        self.copy(&Lowered::Buffer(b), temporary, &shape)?;
                        Lowered::Buffer(temporary)
                    }
                    other => other,
                };
                writes.push((source, to));
            }
        }
        for (source, to) in writes {
            let shape = self.buffer_shape(to)?;
            self.copy(&source, to, &shape)?;
        }
        Ok(())
    }

    /// Lowers `hlo.conditional`.
    pub fn lower_conditional(&mut self, op: OpId) -> Emitted<()> {
        let operands = self.body.op(op).operands.clone();
        let results = self.body.op(op).results.clone();
        let branches = self.body.op(op).regions.clone();
        let selector = *operands.first().ok_or_else(|| self.error("hlo.conditional without a selector"))?;
        let mut targets = Vec::with_capacity(results.len());
        for &r in &results {
            let ty = self.body.value_type(r);
            targets.push(self.result_buffers(r, ty)?);
        }
        let selected = self.element(selector, &[])?;
        let is_predicate = self.body.value_type(selected) == self.ctx().int_type(1);
        let arms: Vec<(RegionId, Option<ValueId>)> =
            branches.iter().enumerate().map(|(i, r)| (*r, operands.get(1 + i).copied())).collect();
        if is_predicate {
            if arms.len() != 2 {
                return Err(self.error("a conditional on a predicate needs two branches"));
            }
            // A true predicate runs the first branch.
            let (first, second) = (arms[0], arms[1]);
            self.if_else(
                selected,
                &[],
                |this| this.lower_branch(first, &targets).map(|_| vec![]),
                |this| this.lower_branch(second, &targets).map(|_| vec![]),
            )?;
        } else {
            self.branch_chain(selected, 0, &arms, &targets)?;
        }
        for (r, t) in results.iter().zip(targets) {
            self.bind(*r, t);
        }
        Ok(())
    }

    /// Runs the branch `arms[k]` picked by `index == k`, or the last one.
    fn branch_chain(&mut self, index: ValueId, k: usize, arms: &[(RegionId, Option<ValueId>)], targets: &[Lowered]) -> Emitted<()> {
        let Some((&arm, rest)) = arms[k..].split_first() else {
            return Err(self.error("hlo.conditional without branches"));
        };
        if rest.is_empty() {
            return self.lower_branch(arm, targets);
        }
        let ty = self.body.value_type(index);
        let k_value = self.scalar(Scalar::Int(k as i128), ty)?;
        let compare_type = self.integer_compare_type(ty);
        let chosen = self.compare(ComparisonDirection::Eq, compare_type, index, k_value);
        self.if_else(
            chosen,
            &[],
            |this| this.lower_branch(arm, targets).map(|_| vec![]),
            |this| this.branch_chain(index, k + 1, arms, targets).map(|_| vec![]),
        )?;
        Ok(())
    }

    /// The comparison type of integers of type `ty`: `UNSIGNED` for unsigned ones,
    /// `SIGNED` otherwise.
    fn integer_compare_type(&self, ty: Type) -> Option<ComparisonType> {
        let unsigned = matches!(self.ctx().type_data(ty), xla_ir::TypeData::Integer { signedness: xla_ir::Signedness::Unsigned, .. });
        Some(if unsigned { ComparisonType::Unsigned } else { ComparisonType::Signed })
    }

    /// Lowers one branch (its region and its operand, when it takes one) into the current
    /// block, writing what it returns into `targets`.
    fn lower_branch(&mut self, (region, operand): (RegionId, Option<ValueId>), targets: &[Lowered]) -> Emitted<()> {
        let loc = self.loc;
        let block = self.body.entry_block(region).ok_or_else(|| self.error("a branch without a block"))?;
        let params = self.body.block(block).args.clone();
        if let (Some(&param), Some(operand)) = (params.first(), operand) {
            let lowered = self.lowered(operand)?;
            self.bind(param, lowered);
        }
        if let Some(ret) = self.body.last_op(block) {
            let returned = self.body.op(ret).operands.clone();
            self.assign_destinations(block, &returned, targets);
        }
        let returned = self.lower_block(block)?;
        self.loc = loc;
        self.write_results(&returned, targets)
    }
}
