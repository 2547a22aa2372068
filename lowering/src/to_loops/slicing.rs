//! Elementals of the slicing ops: `slice`, `concatenate`, `pad`, `dynamic_slice` and
//! `dynamic_update_slice`.
//!
//! Where a result element comes from one of several places (an operand of a
//! `concatenate`, the operand or the padding value of a `pad`, the update or the operand of
//! a `dynamic_update_slice`), a `loop.if` picks the place, so that no element is ever read
//! outside its tensor. Dynamic start indices are clamped into `[0, size - block]` as XLA
//! clamps them (`max(0, min(start, size - block))`), read from their 0-d tensors and
//! converted to `index`.

use xla_dialects::hlo::{ComparisonDirection, ConcatenateOp, DynamicSliceOp, PadOp, SliceOp};
use xla_ir::{Op, OpId, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

impl Lowering<'_, '_> {
    /// `hlo.slice`: operand index `start + index * stride`.
    pub fn slice_elements(&mut self, slice: SliceOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = slice.id();
        let (starts, strides) = (slice.start_indices(self.body).to_vec(), slice.strides(self.body).to_vec());
        if starts.len() != index.len() || strides.len() != index.len() {
            return Err(self.error("hlo.slice with start_indices or strides of the wrong rank"));
        }
        let mut operand_index = Vec::with_capacity(index.len());
        for ((&i, start), stride) in index.iter().zip(starts).zip(strides) {
            let scaled = self.mul_const(i, stride);
            operand_index.push(self.add_const(scaled, start));
        }
        self.element(self.body.operand(op, 0), &operand_index)
    }

    /// `hlo.concatenate`: along `dimension`, the first operand whose range holds the index,
    /// chosen by a chain of `loop.if`.
    pub fn concatenate_elements(&mut self, concatenate: ConcatenateOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = concatenate.id();
        let d = usize::try_from(concatenate.dimension(self.body)).ok().filter(|d| *d < index.len());
        let d = d.ok_or_else(|| self.error("hlo.concatenate's dimension is out of range"))?;
        let mut pieces = Vec::new();
        let mut offset = 0;
        for v in self.body.op(op).operands.clone() {
            let size = self.shape_of(v)?[d];
            if size > 0 {
                pieces.push((v, offset, size));
            }
            offset += size;
        }
        self.concatenate_from(&pieces, d, index)
    }

    /// The element at `index` of the concatenation of `pieces` (operand, offset, size).
    fn concatenate_from(&mut self, pieces: &[(ValueId, i64, i64)], d: usize, index: &[ValueId]) -> Emitted<ValueId> {
        let Some((&(v, offset, size), rest)) = pieces.split_first() else {
            return Err(self.error("hlo.concatenate of empty operands has no elements"));
        };
        let mut operand_index = index.to_vec();
        operand_index[d] = self.add_const(index[d], -offset);
        if rest.is_empty() {
            return self.element(v, &operand_index);
        }
        let end = self.index(offset + size);
        let inside = self.compare_index(ComparisonDirection::Lt, index[d], end);
        let ty = self.element_type_of(v)?;
        let chosen = self.if_else(
            inside,
            &[ty],
            |this| Ok(vec![this.element(v, &operand_index)?]),
            |this| Ok(vec![this.concatenate_from(rest, d, index)?]),
        )?;
        Ok(chosen[0])
    }

    /// `hlo.pad`: the operand element when the index, less the low padding, falls on one
    /// (a multiple of `interior + 1` whose quotient is inside the operand), else the
    /// padding value.
    pub fn pad_elements(&mut self, pad: PadOp, index: &[ValueId]) -> Emitted<ValueId> {
        let (low, interior) = (pad.edge_padding_low(self.body).to_vec(), pad.interior_padding(self.body).to_vec());
        let (operand, padding) = (pad.operand(self.body), pad.padding_value(self.body));
        let shape = self.shape_of(operand)?;
        if low.len() != shape.len() || interior.len() != shape.len() {
            return Err(self.error("hlo.pad with paddings of the wrong rank"));
        }
        let zero = self.index(0);
        let mut conditions = Vec::new();
        let mut operand_index = Vec::with_capacity(shape.len());
        for d in 0..shape.len() {
            let shifted = self.add_const(index[d], -low[d]);
            let position = self.div_const(shifted, interior[d] + 1);
            conditions.push(self.compare_index(ComparisonDirection::Ge, shifted, zero));
            if interior[d] > 0 {
                let remainder = self.rem_const(shifted, interior[d] + 1);
                conditions.push(self.compare_index(ComparisonDirection::Eq, remainder, zero));
            }
            let size = self.index(shape[d]);
            conditions.push(self.compare_index(ComparisonDirection::Lt, position, size));
            operand_index.push(position);
        }
        let inside = self.all(&conditions)?;
        let ty = self.element_type_of(operand)?;
        let chosen = self.if_else(
            inside,
            &[ty],
            |this| Ok(vec![this.element(operand, &operand_index)?]),
            |this| Ok(vec![this.element(padding, &[])?]),
        )?;
        Ok(chosen[0])
    }

    /// The start indices of a block of `block` elements in a tensor of `shape`: each read
    /// from its 0-d tensor, converted to `index` and clamped as XLA clamps them.
    pub fn clamped_starts(&mut self, starts: &[ValueId], shape: &[i64], block: &[i64]) -> Emitted<Vec<ValueId>> {
        if starts.len() != shape.len() || block.len() != shape.len() {
            return Err(self.error("start indices of the wrong rank"));
        }
        let index_type = self.ctx().index_type();
        let zero = self.index(0);
        let mut clamped = Vec::with_capacity(starts.len());
        for d in 0..starts.len() {
            let start = self.element(starts[d], &[])?;
            let start = self.convert(start, index_type);
            let limit = self.index(shape[d] - block[d]);
            let below = self.min_index(start, limit);
            clamped.push(self.max_index(below, zero));
        }
        Ok(clamped)
    }

    /// `hlo.dynamic_slice`: operand index `start + index`, the starts clamped.
    pub fn dynamic_slice_elements(&mut self, slice: DynamicSliceOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = slice.id();
        let sizes = slice.slice_sizes(self.body).to_vec();
        let operands = self.body.op(op).operands.clone();
        let shape = self.shape_of(operands[0])?;
        let starts = self.clamped_starts(&operands[1..], &shape, &sizes)?;
        let mut operand_index = Vec::with_capacity(index.len());
        for (&i, &s) in index.iter().zip(&starts) {
            operand_index.push(self.add_index(i, s));
        }
        self.element(operands[0], &operand_index)
    }

    /// `hlo.dynamic_update_slice`: the update's element where the index falls in the
    /// (clamped) block, the operand's elsewhere.
    pub fn dynamic_update_slice_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operands = self.body.op(op).operands.clone();
        let (operand, update) = (operands[0], operands[1]);
        let shape = self.shape_of(operand)?;
        let block = self.shape_of(update)?;
        let starts = self.clamped_starts(&operands[2..], &shape, &block)?;
        let mut conditions = Vec::new();
        let mut update_index = Vec::with_capacity(index.len());
        for d in 0..index.len() {
            let offset = self.sub_index(index[d], starts[d]);
            let zero = self.index(0);
            let size = self.index(block[d]);
            conditions.push(self.compare_index(ComparisonDirection::Ge, offset, zero));
            conditions.push(self.compare_index(ComparisonDirection::Lt, offset, size));
            update_index.push(offset);
        }
        let inside = self.all(&conditions)?;
        let ty = self.element_type_of(operand)?;
        let chosen = self.if_else(
            inside,
            &[ty],
            |this| Ok(vec![this.element(update, &update_index)?]),
            |this| Ok(vec![this.element(operand, index)?]),
        )?;
        Ok(chosen[0])
    }
}
