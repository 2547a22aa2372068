//! Elementals of the ops that move elements without changing them: `broadcast_in_dim`,
//! `broadcast`, `reshape` and `collapse` (through the linear index of each group of
//! dimensions that reshapes into another), `transpose`, `rev`,
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

/// The dimensions of a reshape's operand and result (`from`, `to`) in groups of equal
/// element counts, as few dimensions per group as the shapes allow, leaving out the
/// dimensions of size 1 (their index is 0). A shape with no elements is one group.
fn reshape_groups(from: &[i64], to: &[i64]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let sized = |shape: &[i64]| shape.iter().enumerate().filter(|(_, s)| **s != 1).map(|(d, _)| d).collect::<Vec<usize>>();
    let (from_dims, to_dims) = (sized(from), sized(to));
    if from.contains(&0) || to.contains(&0) {
        return vec![(from_dims, to_dims)];
    }
    let mut groups = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < from_dims.len() && j < to_dims.len() {
        let (first_i, first_j) = (i, j);
        let (mut a, mut b) = (from[from_dims[i]], to[to_dims[j]]);
        (i, j) = (i + 1, j + 1);
        while a != b {
            if a < b && i < from_dims.len() {
                a *= from[from_dims[i]];
                i += 1;
            } else if j < to_dims.len() {
                b *= to[to_dims[j]];
                j += 1;
            } else {
                break;
            }
        }
        if a != b {
            break;
        }
        groups.push((from_dims[first_i..i].to_vec(), to_dims[first_j..j].to_vec()));
    }
    if i < from_dims.len() || j < to_dims.len() {
        // Unequal element counts, which the verifier rejects: one group keeps the
        // arithmetic of the whole.
        return vec![(from_dims, to_dims)];
    }
    groups
}

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
    pub fn broadcast_in_dim_elements(&mut self, broadcast: BroadcastInDimOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = broadcast.id();
        let dims = broadcast.broadcast_dimensions(self.body).to_vec();
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
    pub fn broadcast_elements(&mut self, broadcast: BroadcastOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = broadcast.id();
        let added = broadcast.broadcast_sizes(self.body).len();
        let operand = self.body.operand(op, 0);
        let trailing = index.get(added..).ok_or_else(|| self.error("an index of the wrong rank"))?.to_vec();
        self.element(operand, &trailing)
    }

    /// `hlo.reshape` (and `hlo.collapse`): the operand element at the same row-major
    /// position. The dimensions split into [groups](reshape_groups) of equal size; a
    /// group of one dimension on each side maps its index unchanged (a reshape that only
    /// adds or drops dimensions of size 1 is then no arithmetic at all), and the others
    /// go through their own linear index, a division and a remainder per dimension.
    pub fn reshape_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let shape = self.shape_of(operand)?;
        let result = self.shape_of(self.body.result(op, 0))?;
        if shape == result {
            return self.element(operand, index);
        }
        let zero = self.index(0);
        let mut operand_index = vec![zero; shape.len()];
        for (operand_dims, result_dims) in reshape_groups(&shape, &result) {
            if let ([d], [r]) = (&operand_dims[..], &result_dims[..]) {
                operand_index[*d] = index[*r];
                continue;
            }
            let sizes = |dims: &[usize], of: &[i64]| dims.iter().map(|&d| of[d]).collect::<Vec<i64>>();
            let mut linear = self.index(0);
            for (&r, stride) in result_dims.iter().zip(strides(&sizes(&result_dims, &result))) {
                let term = self.mul_const(index[r], stride);
                linear = self.add_index(linear, term);
            }
            let operand_sizes = sizes(&operand_dims, &shape);
            for (k, (&d, stride)) in operand_dims.iter().zip(strides(&operand_sizes)).enumerate() {
                // The group's leading dimension needs no remainder, its quotient being
                // below its size already.
                let quotient = self.div_const(linear, stride);
                operand_index[d] = if k == 0 { quotient } else { self.rem_const(quotient, operand_sizes[k]) };
            }
        }
        self.element(operand, &operand_index)
    }

    /// `hlo.transpose`: operand index `j` with `j[permutation[k]] = index[k]`.
    pub fn transpose_elements(&mut self, transpose: TransposeOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = transpose.id();
        let permutation = transpose.permutation(self.body).to_vec();
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
    pub fn rev_elements(&mut self, rev: RevOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = rev.id();
        let dims = rev.dimensions(self.body).to_vec();
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
    pub fn iota_elements(&mut self, iota: IotaOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = iota.id();
        let d = iota.iota_dimension(self.body);
        let i = usize::try_from(d).ok().and_then(|d| index.get(d).copied()).ok_or_else(|| self.error("iota_dimension out of range"))?;
        let element = self.element_type_of(self.body.result(op, 0))?;
        if self.ctx().is_complex(element) {
            // The index as the real part, the imaginary part zero.
            let part = self.complex_parts_type(element)?;
            let re = self.convert(i, part);
            let im = self.zero(part)?;
            return self.complex_from_parts(re, im, element);
        }
        Ok(self.convert(i, element))
    }
}

impl Lowering<'_, '_> {
    /// `hlo.copy`: the operand's element at the same index; only the layout of the buffer
    /// it is stored into differs, which the llvm lowering applies.
    pub fn copy_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        self.element(self.body.operand(op, 0), index)
    }

    /// `hlo.bitcast`: the operand element at the physical position of `index` (under the
    /// result's layout), found with the operand's layout. When the two layouts put the
    /// dimensions of equal sizes at equal strides (a transpose made a bitcast), that is a
    /// permutation of the index and nothing is divided.
    pub fn relayout_bitcast_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let ctx = self.ctx();
        let side = |v: ValueId| ctx.as_tensor(self.body.value_type(v)).and_then(|t| xla_dialects::hlo::bitcast_side(t).ok());
        let ((shape, from), (result, to)) = match (side(operand), side(self.body.result(op, 0))) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(self.error("internal error: a bitcast of a dynamic or padded type")),
        };
        let (from_strides, to_strides) = (physical_strides(&shape, &from.minor_to_major), physical_strides(&result, &to.minor_to_major));
        // A permutation: every operand dimension larger than 1 has a result dimension of
        // its size at its stride.
        let permuted: Option<Vec<ValueId>> = (0..shape.len())
            .map(|d| {
                if shape[d] == 1 {
                    return Some(self.index(0));
                }
                let e = (0..result.len()).find(|&e| result[e] == shape[d] && to_strides[e] == from_strides[d])?;
                index.get(e).copied()
            })
            .collect();
        if let Some(operand_index) = permuted {
            return self.element(operand, &operand_index);
        }
        let mut linear = self.index(0);
        for (i, stride) in index.iter().zip(&to_strides) {
            let term = self.mul_const(*i, *stride);
            linear = self.add_index(linear, term);
        }
        let major = from.minor_to_major.last().copied();
        let mut operand_index = Vec::with_capacity(shape.len());
        for (d, (&size, &stride)) in shape.iter().zip(&from_strides).enumerate() {
            // The most major dimension needs no remainder: its quotient is below its size.
            let i = if size == 1 {
                self.index(0)
            } else if major == Some(d as i64) {
                self.div_const(linear, stride)
            } else {
                let quotient = self.div_const(linear, stride);
                self.rem_const(quotient, size)
            };
            operand_index.push(i);
        }
        self.element(operand, &operand_index)
    }
}

/// The strides, in elements, of `shape` laid out in `minor_to_major` order without padding.
fn physical_strides(shape: &[i64], minor_to_major: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    let mut stride = 1i64;
    for &d in minor_to_major {
        if let Some(slot) = strides.get_mut(d as usize) {
            *slot = stride;
            stride = stride.saturating_mul(shape[d as usize]);
        }
    }
    strides
}

#[cfg(test)]
mod tests {
    use super::reshape_groups;

    #[test]
    fn reshapes_split_into_the_smallest_groups() {
        // Dropping a unit dimension: every dimension maps to one.
        assert_eq!(reshape_groups(&[1, 32, 1024], &[32, 1024]), vec![(vec![1], vec![0]), (vec![2], vec![1])]);
        // Splitting the last dimension leaves the first alone.
        assert_eq!(reshape_groups(&[32, 1024], &[32, 4, 256]), vec![(vec![0], vec![0]), (vec![1], vec![1, 2])]);
        // Merging and splitting across a boundary is one group.
        assert_eq!(reshape_groups(&[6, 4], &[4, 6]), vec![(vec![0, 1], vec![0, 1])]);
        assert_eq!(reshape_groups(&[2, 3, 4], &[6, 1, 4]), vec![(vec![0, 1], vec![0]), (vec![2], vec![2])]);
        // No elements: one group.
        assert_eq!(reshape_groups(&[0, 3], &[3, 0]), vec![(vec![0, 1], vec![0, 1])]);
        // Only unit dimensions: no group, every index 0.
        assert!(reshape_groups(&[1, 1], &[1]).is_empty());
    }
}
