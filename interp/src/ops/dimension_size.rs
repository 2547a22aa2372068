//! `hlo.get_dimension_size` and `hlo.set_dimension_size`: XLA's `GetDimensionSize` and
//! `SetDimensionSize`, which read and set the run-time size of a dimension.
//!
//! A literal always holds its run-time shape, so `get_dimension_size` reads it, as a 0-d
//! `i32` tensor. `set_dimension_size` gives dimension `dimension` the run-time size `size`,
//! which must lie in `[0, bound]` for the result type's bound: the elements below the new
//! size are kept, and elements past the operand's run-time size, which XLA leaves
//! unspecified, are zeros.

use std::rc::Rc;

use xla_dialects::hlo::{GetDimensionSizeOp, HloOpKind, SetDimensionSizeOp};
use xla_ir::{Dim, Scalar};

use crate::error::EvalResult;
use crate::index::multi_index;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{dimension, joined, zeros};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn get_dimension_size(cx: &mut OpCx, op: GetDimensionSizeOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let d = dimension(HloOpKind::GetDimensionSize.name(), "dimension", op.dimension(cx.body()), operand.rank())?;
    Ok(vec![Literal::scalar(cx.result_element(0)?, Scalar::Int(i128::from(operand.shape[d]))).into()])
}

pub(super) fn set_dimension_size(cx: &mut OpCx, op: SetDimensionSizeOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    const OP: &str = HloOpKind::SetDimensionSize.name();
    let (operand, size) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let d = dimension(OP, "dimension", op.dimension(cx.body()), operand.rank())?;
    let size = size.as_index().ok_or_else(|| format!("{OP}: the size must be a 0-d integer tensor"))?;
    let bound = match cx.ctx().as_tensor(cx.result_type(0)).and_then(|t| t.dims.get(d).copied()) {
        Some(Dim::Static(n) | Dim::Bounded(n)) => i128::from(n),
        _ => i128::from(operand.shape[d]),
    };
    if !(0..=bound).contains(&size) {
        return Err(format!("{OP}: the size {size} of dimension {d} is not in [0, {bound}]").into());
    }
    let mut shape = operand.shape.clone();
    shape[d] = size as i64;
    let strides = operand.strides();
    // Position `operand.len()` of the joined storage is a zero.
    let positions = (0..crate::index::num_elements(&shape)).map(|p| {
        let index = multi_index(&shape, p);
        if index[d] < operand.shape[d] {
            index.iter().zip(&strides).map(|(i, s)| (i * s) as usize).sum()
        } else {
            operand.len()
        }
    });
    let elements = joined(&[&operand.elements, &zeros(operand.element, 1)])?.select(positions);
    Ok(vec![Literal::new(operand.element, shape, elements).into()])
}
