//! Elementals of the ops that move elements without changing them: `broadcast_in_dim`,
//! `broadcast`, `reshape` and `collapse` (through the linear index), `transpose`, `rev`,
//! and `iota`, which makes elements from the index itself.
//!
//! Each maps the result index to the operand index with `index` arithmetic, folded where
//! the values are known (a dimension of size 1 has index 0), and reads the operand there.
//! Invariant: the operand index lies inside the operand whenever the result index lies
//! inside the result, as the hlo verifiers guarantee for these ops.

use xla_dialects::hlo::{BroadcastInDimOp, BroadcastOp, IotaOp, RevOp, TransposeOp};
use xla_ir::{Op, OpId, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// The row-major strides of `shape`.
fn strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

impl Lowering<'_, '_> {
    /// `hlo.broadcast_in_dim`: operand dimension `k` is result dimension
    /// `broadcast_dimensions[k]`, read at 0 where the operand's size is 1.
    pub fn broadcast_in_dim_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let dims = BroadcastInDimOp::cast(self.body, op).map(|b| b.broadcast_dimensions(self.body).to_vec());
        let dims = dims.ok_or_else(|| self.error("not an hlo.broadcast_in_dim"))?;
        let operand = self.body.operand(op, 0);
        let shape = self.shape_of(operand)?;
        let result = self.shape_of(self.body.result(op, 0))?;
        let mut operand_index = Vec::with_capacity(shape.len());
        for (k, &d) in dims.iter().enumerate() {
            let d = usize::try_from(d).ok().filter(|d| *d < index.len()).ok_or_else(|| self.error("a broadcast dimension out of range"))?;
            let degenerate = shape.get(k) == Some(&1) && result[d] != 1;
            operand_index.push(if degenerate { self.index(0) } else { index[d] });
        }
        self.element(operand, &operand_index)
    }

    /// `hlo.broadcast`: the new dimensions come first; the operand's are the trailing ones.
    pub fn broadcast_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let added = BroadcastOp::cast(self.body, op).map(|b| b.broadcast_sizes(self.body).len());
        let added = added.ok_or_else(|| self.error("not an hlo.broadcast"))?;
        let operand = self.body.operand(op, 0);
        let trailing = index.get(added..).ok_or_else(|| self.error("an index of the wrong rank"))?.to_vec();
        self.element(operand, &trailing)
    }

    /// `hlo.reshape` (and `hlo.collapse`): the operand element at the same row-major
    /// position, through the linear index.
    pub fn reshape_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let shape = self.shape_of(operand)?;
        let result = self.shape_of(self.body.result(op, 0))?;
        if shape == result {
            return self.element(operand, index);
        }
        let mut linear = self.index(0);
        for (i, stride) in index.iter().zip(strides(&result)) {
            let term = self.mul_const(*i, stride);
            linear = self.add_index(linear, term);
        }
        let mut operand_index = Vec::with_capacity(shape.len());
        for (k, (&size, stride)) in shape.iter().zip(strides(&shape)).enumerate() {
            // A dimension of size 1 has index 0; the leading dimension needs no remainder,
            // its quotient being below its size already.
            let i = if size == 1 {
                self.index(0)
            } else if k == 0 {
                self.div_const(linear, stride)
            } else {
                let quotient = self.div_const(linear, stride);
                self.rem_const(quotient, size)
            };
            operand_index.push(i);
        }
        self.element(operand, &operand_index)
    }

    /// `hlo.transpose`: operand index `j` with `j[permutation[k]] = index[k]`.
    pub fn transpose_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let permutation = TransposeOp::cast(self.body, op).map(|t| t.permutation(self.body).to_vec());
        let permutation = permutation.ok_or_else(|| self.error("not an hlo.transpose"))?;
        let mut operand_index = vec![None; index.len()];
        for (k, &p) in permutation.iter().enumerate() {
            let slot = usize::try_from(p).ok().and_then(|p| operand_index.get_mut(p)).ok_or_else(|| self.error("a permutation out of range"))?;
            *slot = index.get(k).copied();
        }
        let operand_index: Option<Vec<ValueId>> = operand_index.into_iter().collect();
        let operand_index = operand_index.ok_or_else(|| self.error("a permutation that is not one"))?;
        self.element(self.body.operand(op, 0), &operand_index)
    }

    /// `hlo.rev`: `size - 1 - i` along each reversed dimension.
    pub fn rev_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let dims = RevOp::cast(self.body, op).map(|r| r.dimensions(self.body).to_vec());
        let dims = dims.ok_or_else(|| self.error("not an hlo.rev"))?;
        let operand = self.body.operand(op, 0);
        let shape = self.shape_of(operand)?;
        let mut operand_index = index.to_vec();
        for d in dims {
            let d = usize::try_from(d).ok().filter(|d| *d < shape.len()).ok_or_else(|| self.error("a dimension out of range"))?;
            let last = self.index(shape[d] - 1);
            operand_index[d] = self.sub_index(last, index[d]);
        }
        self.element(operand, &operand_index)
    }

    /// `hlo.iota`: the index along `iota_dimension`, converted to the element type.
    pub fn iota_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let d = IotaOp::cast(self.body, op).map(|i| i.iota_dimension(self.body));
        let d = d.ok_or_else(|| self.error("not an hlo.iota"))?;
        let i = usize::try_from(d).ok().and_then(|d| index.get(d).copied()).ok_or_else(|| self.error("iota_dimension out of range"))?;
        let element = self.element_type_of(self.body.result(op, 0))?;
        if self.ctx().is_complex(element) {
            return Err(self.error("lower-to-loops does not handle complex 'hlo.iota' yet"));
        }
        Ok(self.convert(i, element))
    }
}
