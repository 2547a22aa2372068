//! Carried state updated in place: a while body that returns `dynamic_update_slice` of one
//! of its own arguments (JAX's `scan` stacking its outputs, a KV cache written one step at
//! a time) writes the update straight into that argument's state buffer.
//!
//! Without this, the body computes the updated array into a fresh buffer (a pass over all
//! of it, copying the operand around the update) and the loop copies it back into the
//! state: two passes over the whole array per iteration, quadratic in the steps of a scan.
//! With it, an iteration writes only the update's elements.
//!
//! The decision ([`Lowering::in_place_carries`]) is made per body result `k` before the
//! body is lowered: result `k` is produced by an op `X` of the body's block that is a
//! `dynamic_update_slice` of body argument `k`, or a fusion whose root is one of a fusion
//! argument bound to body argument `k`; and every other reader of argument `k` is an op
//! before `X` in the block (lowered, hence executed, before `X` writes), none of them a
//! `bitcast` (which may leave its result unmaterialized for a later dot to read), and
//! argument `k` is not returned anywhere. `X`'s result then gets argument `k`'s state
//! buffer as its destination. The materialization of a `dynamic_update_slice` whose
//! destination is its operand's own buffer ([`Lowering::update_slice_in_place`]) stores
//! the update's elements only, and the loop's state update skips the copy of a result
//! already in its state buffer.
//!
//! The same holds outside loops ([`Lowering::forward_destination`]): an op whose only
//! reader is a `scatter` (its input) or a `dynamic_update_slice` (its operand) in the same
//! block computes its result straight into that reader's destination, which the reader
//! then updates where it is, instead of a temporary the reader copies in full (a scatter-add
//! gradient's zero table: two passes over the table saved).
//!
//! Invariant: writing in place gives the buffer the contents the copying path would: the
//! elements outside the update are the operand's, already there; the update's elements
//! are computed from values that do not alias the state buffer (an unfused update is its
//! own buffer, and a fused one may not read the fusion argument that aliases it).

use xla_dialects::hlo::{FusionOp, HloOp};
use xla_ir::{Op, OpId, RegionId, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Assigns destinations to the while body results of `region` that update their own
    /// argument in place (see the module's documentation), given the loop's `state`.
    pub fn in_place_carries(&mut self, region: RegionId, state: &[Lowered]) {
        let Some(block) = self.body.entry_block(region) else { return };
        let params = self.body.block(block).args.clone();
        let Some(terminator) = self.body.last_op(block) else { return };
        let returned = self.body.op(terminator).operands.clone();
        let position: std::collections::HashMap<OpId, usize> = self.body.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect();
        for (k, (&param, &result)) in params.iter().zip(&returned).enumerate() {
            let Some(Lowered::Buffer(buffer)) = state.get(k) else { continue };
            let Some(producer) = self.body.defining_op(result).filter(|op| self.body.op_block(*op) == Some(block)) else { continue };
            if !self.updates_operand_in_place(producer, param) || returned.contains(&param) {
                continue;
            }
            let at = position[&producer];
            let earlier_readers_only = self.body.value(param).uses.iter().all(|u| {
                let Some(top) = self.top_level_op(u.op, block) else { return false };
                let is_bitcast = matches!(HloOp::of(self.body, top), Some(HloOp::Bitcast(_)));
                top == producer || (position.get(&top).is_some_and(|p| *p < at) && !is_bitcast)
            });
            if earlier_readers_only && !self.destinations.contains_key(&result) {
                self.destinations.insert(result, *buffer);
            }
        }
    }

    /// Whether `op` is a `dynamic_update_slice` of `param` (its operand 0, and no other
    /// operand), or a fusion whose root is one of the fusion argument `param` is bound to,
    /// that argument read by nothing else in the fusion.
    fn updates_operand_in_place(&self, op: OpId, param: ValueId) -> bool {
        let operands = &self.body.op(op).operands;
        if operands.iter().filter(|v| **v == param).count() != 1 {
            return false;
        }
        match HloOp::of(self.body, op) {
            Some(HloOp::DynamicUpdateSlice(_)) => operands[0] == param,
            Some(HloOp::Fusion(_)) => {
                let fusion = FusionOp::from_id_unchecked(op);
                let Some(inner) = self.body.entry_block(fusion.body(self.body)) else { return false };
                let Some(index) = operands.iter().position(|v| *v == param) else { return false };
                let arg = self.body.block(inner).args[index];
                let Some(ret) = self.body.last_op(inner) else { return false };
                let [root] = self.body.op(ret).operands[..] else { return false };
                let Some(root_op) = self.body.defining_op(root) else { return false };
                let uses = &self.body.value(arg).uses;
                matches!(HloOp::of(self.body, root_op), Some(HloOp::DynamicUpdateSlice(_)))
                    && self.body.op(root_op).operands[0] == arg
                    && uses.len() == 1
                    && uses[0].op == root_op
            }
            _ => false,
        }
    }

    /// Before `op` is lowered: when its one result's only reader is, in the same block, a
    /// `scatter` reading it as input `i` or a `dynamic_update_slice` reading it as its
    /// operand, and that reader's result `i` has a destination, `op` computes its result
    /// into that destination, which the reader then updates in place (see the module's
    /// documentation). Nothing else reads the destination in between: a destination is a
    /// buffer its value is written to last (a function result, a branch's target, a
    /// fusion's root), never one read before.
    pub fn forward_destination(&mut self, op: OpId) {
        let [result] = self.body.op(op).results[..] else { return };
        let [reader] = self.body.value(result).uses[..] else { return };
        if self.body.op_block(reader.op) != self.body.op_block(op) {
            return;
        }
        let read_once = self.body.op(reader.op).operands.iter().filter(|v| **v == result).count() == 1;
        let updated = match HloOp::of(self.body, reader.op) {
            Some(HloOp::Scatter(scatter)) => (reader.index as usize) < scatter.inputs(self.body).len(),
            Some(HloOp::DynamicUpdateSlice(_)) => reader.index == 0,
            _ => false,
        };
        if !(read_once && updated) {
            return;
        }
        let reader_result = self.body.result(reader.op, reader.index as usize);
        if let Some(&destination) = self.destinations.get(&reader_result) {
            self.destinations.entry(result).or_insert(destination);
        }
    }

    /// The op of `block` that is `op` or holds it in a region.
    fn top_level_op(&self, mut op: OpId, block: xla_ir::BlockId) -> Option<OpId> {
        loop {
            if self.body.op_block(op) == Some(block) {
                return Some(op);
            }
            op = self.body.parent_op(op)?;
        }
    }

    /// Stores the update of `dynamic_update_slice` `op` into `buffer`, which already holds
    /// its operand: a loop nest over the update's shape at the clamped start indices.
    pub fn update_slice_in_place(&mut self, op: OpId, buffer: ValueId) -> Emitted<()> {
        let operands = self.body.op(op).operands.clone();
        let (operand, update) = (operands[0], operands[1]);
        let shape = self.shape_of(operand)?;
        let block = self.shape_of(update)?;
        let starts = self.clamped_starts(&operands[2..], &shape, &block)?;
        let order = super::elemental::ctx_layout_order(self.ctx(), self.body.value_type(update), block.len());
        self.loop_nest_ordered(&block, &order, |this, index| {
            let value = this.element(update, index)?;
            let at: Vec<ValueId> = index.iter().zip(&starts).map(|(&i, &s)| this.add_index(i, s)).collect();
            this.store(value, buffer, &at);
            Ok(())
        })?;
        let result = self.body.result(op, 0);
        self.bind(result, Lowered::Buffer(buffer));
        Ok(())
    }
}
