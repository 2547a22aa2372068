//! `hlo.transpose` and `hlo.rev`: XLA's `Transpose` and `Rev`, which reorder a tensor's
//! elements without changing their number.
//!
//! `transpose`: result dimension `i` is operand dimension `permutation[i]`, so
//! `result[i0, ..., in] = operand[j0, ..., jn]` with `j[permutation[k]] = i[k]`. `rev`:
//! along each dimension `d` in `dimensions`, result element `i` is operand element
//! `size - 1 - i`. Both are affine maps from result indices to operand positions.

use std::rc::Rc;

use xla_dialects::hlo::{HloOpKind, RevOp, TransposeOp};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{affine_positions, distinct_dimensions};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn transpose(cx: &mut OpCx, op: TransposeOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let permutation = distinct_dimensions(HloOpKind::Transpose.name(), "permutation", op.permutation(cx.body()), operand.rank())?;
    if permutation.len() != operand.rank() {
        return Err(format!("hlo.transpose: the permutation has {} entries for an operand of rank {}", permutation.len(), operand.rank()).into());
    }
    let strides = operand.strides();
    let shape: Vec<i64> = permutation.iter().map(|&d| operand.shape[d]).collect();
    let steps: Vec<i64> = permutation.iter().map(|&d| strides[d]).collect();
    let positions = affine_positions(&shape, 0, &steps);
    Ok(vec![Literal::new(operand.element, shape, operand.elements.select(positions)).into()])
}

pub(super) fn rev(cx: &mut OpCx, op: RevOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let reversed = distinct_dimensions(HloOpKind::Rev.name(), "dimensions", op.dimensions(cx.body()), operand.rank())?;
    let mut steps = operand.strides();
    let mut base = 0i64;
    for (d, step) in steps.iter_mut().enumerate() {
        if reversed.contains(&d) {
            base += (operand.shape[d] - 1).max(0) * *step;
            *step = -*step;
        }
    }
    let positions = affine_positions(&operand.shape, base, &steps);
    Ok(vec![Literal::new(operand.element, operand.shape.clone(), operand.elements.select(positions)).into()])
}
