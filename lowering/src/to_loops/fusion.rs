//! `hlo.fusion`: the fusion pass's decisions executed. The region's block arguments stand
//! for the fusion's operands; its ops other than the roots (the values `hlo.return`
//! gives) are not materialized, so each consumer computes their elements by composing
//! elementals ([`Lowering::element`]); the roots are materialized into the fusion's result
//! destinations.
//!
//! - `loop` and `input`: one root is materialized as any elemental op is (a loop nest over
//!   its shape, a reduction's loops reading its fused producers elementally); several
//!   roots of one shape (a multi-output fusion) share one loop nest storing every root's
//!   elements at each index.
//! - `output`: when the dot goes through the runtime's gemm and the result buffer is a view
//!   it can write, the result is first filled with the bias, the gemm accumulates into it
//!   (`C = A . B + C`), and the activation, if any, is applied in place; otherwise the dot is
//!   materialized first (gemm-sized) or composed into one loop nest (small) with the bias
//!   add and activation.
//!
//! Invariant: splat constants inside the region are lowered as everywhere (scalars); a dot
//! that is not a root and goes through the runtime, or is summed row by row
//! ([`super::dot_rows`]), is materialized into a temporary before the roots, since a
//! runtime call has no elemental and the rows are faster than composing the elemental.

use xla_dialects::hlo::{FusionKind, FusionOp, HloOp};
use xla_ir::{Op, OpId, ValueId};

use super::elemental::ctx_layout_order;
use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Lowers `hlo.fusion` `op`; see the module documentation.
    pub fn lower_fusion(&mut self, fusion: FusionOp) -> Emitted<()> {
        let op = fusion.id();
        let kind = fusion.kind(self.body);
        let region = fusion.body(self.body);
        let block = self.body.entry_block(region).ok_or_else(|| self.error("internal error: a fusion without a block"))?;
        let args = self.body.block(block).args.clone();
        for (arg, operand) in args.iter().zip(self.body.op(op).operands.clone()) {
            let lowered = self.lowered(operand)?;
            self.bind(*arg, lowered);
        }
        let ret = self.body.last_op(block).ok_or_else(|| self.error("internal error: an empty fusion"))?;
        let roots = self.body.op(ret).operands.clone();
        let results = self.body.op(op).results.clone();
        // The fusion's destinations are its roots'.
        for (r, root) in results.iter().zip(&roots) {
            if self.defined_in(*root, block) && !self.destinations.contains_key(root) {
                if let Some(d) = self.destinations.remove(r) {
                    self.destinations.insert(*root, d);
                }
            }
        }
        let root_ops = root_ops(self, &roots, block);
        let done = kind == FusionKind::Output && root_ops.len() == 1 && self.lower_output_fusion(block, root_ops[0])?;
        if !done {
            self.lower_fused_ops(block, &root_ops)?;
            self.loc = self.body.op(op).location;
            self.materialize_roots(&root_ops)?;
        }
        for (r, root) in results.iter().zip(&roots) {
            let lowered = self.lowered(*root)?;
            self.bind(*r, lowered);
        }
        Ok(())
    }

    /// Lowers the ops of the fusion's `block` that are lowered as a whole rather than
    /// composed: splat constants, dots that go through the runtime, and ops with only 0-d
    /// results (index arithmetic of a dynamic slice, say), which are scalars computed once
    /// here instead of at every index of the loop nest that reads them.
    fn lower_fused_ops(&mut self, block: xla_ir::BlockId, root_ops: &[OpId]) -> Emitted<()> {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        for inner in ops {
            self.loc = self.body.op(inner).location;
            match HloOp::of(self.body, inner) {
                Some(HloOp::Constant(constant)) => self.lower_constant(constant)?,
                Some(HloOp::Return(_)) => {}
                Some(HloOp::Dot(_) | HloOp::DotGeneral(_)) if !root_ops.contains(&inner) && (self.uses_gemm(inner)? || self.dot_by_rows(inner)) => {
                    self.lower_dot(inner)?
                }
                _ if !root_ops.contains(&inner) && self.has_elemental(inner) && self.scalar_results(inner) => self.materialize_op(inner)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether every result of `op` is a 0-d tensor.
    fn scalar_results(&self, op: OpId) -> bool {
        let results = &self.body.op(op).results;
        !results.is_empty() && results.iter().all(|r| self.shape_of(*r).is_ok_and(|s| s.is_empty()))
    }

    /// Whether dot `op` is lowered through the runtime's gemm.
    fn uses_gemm(&self, op: OpId) -> Emitted<bool> {
        Ok(self.options.runtime_kernels && self.gemm_product_exists(op)?)
    }

    /// Materializes the roots: one op as any op is; several of one shape in one loop nest
    /// storing each root's elements at every index, unless one of them is a reduction
    /// computed in its input's order.
    fn materialize_roots(&mut self, roots: &[OpId]) -> Emitted<()> {
        let Some(&first_op) = roots.first() else { return Ok(()) };
        if roots.len() == 1 {
            return self.materialize_root(first_op);
        }
        let first = self.body.result(first_op, 0);
        let shape = self.shape_of(first)?;
        let mut same = true;
        for &root in roots {
            for &r in &self.body.op(root).results {
                same &= self.shape_of(r)? == shape;
            }
        }
        // A reduction that walks its input in the input's order (`reduce_columns.rs`) and a
        // prefix scan (`scan.rs`) write their results themselves, so they are materialized
        // apart from their siblings.
        let own_order = roots
            .iter()
            .any(|r| (matches!(HloOp::of(self.body, *r), Some(HloOp::Reduce(_))) && self.reduces_in_input_order(*r)) || self.prefix_scan(*r).is_some());
        if !same || shape.is_empty() || own_order || roots.iter().any(|r| !self.has_elemental(*r)) {
            for &root in roots {
                self.materialize_root(root)?;
            }
            return Ok(());
        }
        let mut stores: Vec<(OpId, Vec<Option<ValueId>>)> = Vec::new();
        for &root in roots {
            let mut buffers = Vec::new();
            for r in self.body.op(root).results.clone() {
                if self.body.is_unused(r) {
                    buffers.push(None);
                    continue;
                }
                let ty = self.body.value_type(r);
                match self.result_buffers(r, ty)? {
                    Lowered::Buffer(b) => buffers.push(Some(b)),
                    _ => return Err(self.error("internal error: a tensor result without a buffer")),
                }
            }
            stores.push((root, buffers));
        }
        let order = ctx_layout_order(self.ctx(), self.body.value_type(first), shape.len());
        self.loop_nest_ordered(&shape, &order, |this, index| {
            for (root, buffers) in &stores {
                let elements = this.op_elements(*root, index)?;
                for (e, b) in elements.iter().zip(buffers) {
                    if let Some(b) = b {
                        this.store(*e, *b, index);
                    }
                }
            }
            Ok(())
        })?;
        for (root, buffers) in stores {
            for (r, b) in self.body.op(root).results.clone().into_iter().zip(buffers) {
                if let Some(b) = b {
                    self.bind(r, Lowered::Buffer(b));
                }
            }
        }
        Ok(())
    }

    /// Materializes one root: a dot through [`Lowering::lower_dot`] (gemm or loops), any
    /// other op elementally.
    fn materialize_root(&mut self, root: OpId) -> Emitted<()> {
        self.loc = self.body.op(root).location;
        match HloOp::of(self.body, root) {
            Some(HloOp::Dot(_) | HloOp::DotGeneral(_)) => self.lower_dot(root),
            _ => self.materialize_op(root),
        }
    }

    /// An output fusion through the runtime's gemm: the result filled with the bias, the
    /// gemm accumulating into it, the activation applied in place. `Ok(false)`, having
    /// emitted nothing, when the fusion is not a dot, a bias add and an activation, or the
    /// gemm cannot write the result in place.
    fn lower_output_fusion(&mut self, block: xla_ir::BlockId, root: OpId) -> Emitted<bool> {
        let Some((dot, add, bias)) = self.dot_bias(block, root) else { return Ok(false) };
        let activation = (root != add).then_some(root);
        if activation.is_some_and(|a| !self.body.op(a).operands.contains(&self.body.result(add, 0))) {
            return Ok(false);
        }
        if !self.uses_gemm(dot)? {
            return Ok(false);
        }
        let result = self.body.result(root, 0);
        let ty = self.body.value_type(result);
        let Lowered::Buffer(out) = self.result_buffers(result, ty)? else {
            return Err(self.error("internal error: a tensor result without a buffer"));
        };
        let Some((product, strides)) = self.gemm_accumulation(dot, out)? else {
            // The generic path computes into the same buffer.
            self.destinations.insert(result, out);
            return Ok(false);
        };
        // Constants the bias or the activation read.
        self.lower_fused_ops(block, &[dot])?;
        let shape = self.shape_of(result)?;
        let order = ctx_layout_order(self.ctx(), ty, shape.len());
        self.loc = self.body.op(add).location;
        self.loop_nest_ordered(&shape, &order, |this, index| {
            let b = this.element(bias, index)?;
            this.store(b, out, index);
            Ok(())
        })?;
        self.loc = self.body.op(dot).location;
        let (a, b) = self.gemm_operands(&product)?;
        self.emit_gemm(&product, (a, b, (out, strides)), true)?;
        self.bind(self.body.result(add, 0), Lowered::Buffer(out));
        if let Some(activation) = activation {
            self.loc = self.body.op(activation).location;
            self.loop_nest_ordered(&shape, &order, |this, index| {
                let elements = this.op_elements(activation, index)?;
                this.store(elements[0], out, index);
                Ok(())
            })?;
            self.bind(result, Lowered::Buffer(out));
        }
        Ok(true)
    }

    /// The dot, its bias add and the bias value of the output fusion whose root is `root`:
    /// `root` is the add or reads it, the add reads the dot once and the bias.
    fn dot_bias(&self, block: xla_ir::BlockId, root: OpId) -> Option<(OpId, OpId, ValueId)> {
        let dots: Vec<OpId> = self.body.block_ops(block).filter(|o| matches!(HloOp::of(self.body, *o), Some(HloOp::Dot(_) | HloOp::DotGeneral(_)))).collect();
        let [dot] = dots[..] else { return None };
        let dot_result = self.body.result(dot, 0);
        let [dot_use] = self.body.value(dot_result).uses[..] else { return None };
        let add = dot_use.op;
        if !matches!(HloOp::of(self.body, add), Some(HloOp::Add(_))) || !(add == root || self.body.value(self.body.result(add, 0)).uses.iter().all(|u| u.op == root)) {
            return None;
        }
        let operands = &self.body.op(add).operands;
        let bias = if operands[0] == dot_result { operands[1] } else { operands[0] };
        let same_shape = self.shape_of(bias).ok() == self.shape_of(dot_result).ok();
        (bias != dot_result && same_shape).then_some((dot, add, bias))
    }
}

/// The ops defining `roots` in `block`, once each, in block order.
fn root_ops(lowering: &Lowering, roots: &[ValueId], block: xla_ir::BlockId) -> Vec<OpId> {
    lowering.body.block_ops(block).filter(|op| lowering.body.op(*op).results.iter().any(|r| roots.contains(r))).collect()
}
