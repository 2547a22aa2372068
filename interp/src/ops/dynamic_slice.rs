//! `hlo.dynamic_slice` and `hlo.dynamic_update_slice`: XLA's `DynamicSlice` and
//! `DynamicUpdateSlice`, which read or overwrite a block of a tensor at start indices known
//! only at run time.
//!
//! Each start index (a 0-d integer tensor, signed or unsigned, one per operand dimension)
//! is clamped into `[0, operand_size - block_size]` before use, so the block always lies
//! inside the operand: a start past the end moves the block back to the end, a negative one
//! to 0. The block is `slice_sizes` for a dynamic slice and the update's shape for an update.
//! An update's result is the operand with the block overwritten.

use std::rc::Rc;

use xla_dialects::hlo::{DynamicSliceOp, HloOpKind};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{affine_positions, check_len, clamp_start, joined};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn dynamic_slice(cx: &mut OpCx, op: DynamicSliceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    const OP: &str = HloOpKind::DynamicSlice.name();
    let operand = tensor(operands, 0)?;
    let sizes = op.slice_sizes(cx.body()).to_vec();
    check_len(OP, "slice_sizes", &sizes, operand.rank())?;
    let base = block_start(OP, &operand.shape, &sizes, &operands[1..], &operand.strides())?;
    let positions = affine_positions(&sizes, base, &operand.strides());
    Ok(vec![Literal::new(operand.element, sizes, operand.elements.select(positions)).into()])
}

pub(super) fn dynamic_update_slice(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    const OP: &str = HloOpKind::DynamicUpdateSlice.name();
    let (operand, update) = (tensor(operands, 0)?, tensor(operands, 1)?);
    if update.rank() != operand.rank() || update.element != operand.element {
        return Err(format!("{OP}: the update {} does not fit the operand {}", update.shape_string(), operand.shape_string()).into());
    }
    let strides = operand.strides();
    let base = block_start(OP, &operand.shape, &update.shape, &operands[2..], &strides)?;
    // The result picks from the operand's elements followed by the update's: position
    // `len + j` is update element `j`.
    let mut positions: Vec<usize> = (0..operand.len()).collect();
    for (j, target) in affine_positions(&update.shape, base, &strides).into_iter().enumerate() {
        positions[target] = operand.len() + j;
    }
    let elements = joined(&[&operand.elements, &update.elements])?.select(positions);
    Ok(vec![Literal::new(operand.element, operand.shape.clone(), elements).into()])
}

/// The row-major position in a tensor of `shape` (with `strides`) of the first element of
/// a block of `block` elements whose start indices, one 0-d tensor per dimension, are
/// `starts`, after XLA's clamping.
fn block_start(op: &str, shape: &[i64], block: &[i64], starts: &[Rc<Value>], strides: &[i64]) -> EvalResult<i64> {
    if starts.len() != shape.len() {
        return Err(format!("{op}: {} start indices were given for an operand of rank {}", starts.len(), shape.len()).into());
    }
    let mut base = 0i64;
    for d in 0..shape.len() {
        if !(0..=shape[d]).contains(&block[d]) {
            return Err(format!("{op}: a block of size {} does not fit in dimension {d} of size {}", block[d], shape[d]).into());
        }
        let start = tensor(starts, d)?
            .as_index()
            .ok_or_else(|| format!("{op}: start index {d} must be a 0-d integer tensor"))?;
        base += clamp_start(start, shape[d], block[d]) * strides[d];
    }
    Ok(base)
}
