//! `hlo.reshape` and `hlo.collapse`: XLA's `Reshape` (without a dimension order) and
//! `Collapse`, which keep a tensor's elements in row-major order and give them a new shape.
//!
//! Neither moves an element: the result is the operand's storage under the new shape. A
//! collapse merges a consecutive, increasing run of dimensions into one whose size is their
//! product. A reshape's result shape is its declared type; when that type has one dynamic
//! dimension, its size is what the element count leaves for it.

use std::rc::Rc;

use xla_dialects::hlo::{CollapseOp, HloOpKind};
use xla_ir::Dim;

use crate::error::EvalResult;
use crate::index::num_elements;
use crate::interpreter::OpCx;
use crate::ops::positions::dimensions;
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn reshape(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let shape = reshape_target(cx, operand.len())?;
    Ok(vec![operand.clone().reshaped(shape).into()])
}

/// The run-time shape of a reshape's result of `count` elements: its declared shape, with
/// a single dynamic dimension taking the size the element count leaves for it.
fn reshape_target(cx: &OpCx, count: usize) -> Result<Vec<i64>, String> {
    let ctx = cx.ctx();
    let ty = cx.result_type(0);
    let dims = ctx.as_tensor(ty).map(|t| t.dims.clone()).ok_or("hlo.reshape: the result is not a tensor")?;
    let known: i64 = dims.iter().filter_map(|d| d.static_size()).product();
    let dynamic: Vec<usize> = (0..dims.len()).filter(|&d| !matches!(dims[d], Dim::Static(_))).collect();
    let mismatch = || {
        format!("hlo.reshape: an operand of {count} elements cannot take the shape {} of the result", ctx.type_to_string(ty))
    };
    let mut shape: Vec<i64> = dims.iter().map(|d| d.static_size().unwrap_or(0)).collect();
    match dynamic[..] {
        [] if num_elements(&shape) == count => Ok(shape),
        [d] if known > 0 && count as i64 % known == 0 => {
            shape[d] = count as i64 / known;
            Ok(shape)
        }
        [_] | [] => Err(mismatch()),
        _ => Err(format!(
            "hlo.reshape: the run-time shape of a result of type {} with several dynamic dimensions is ambiguous",
            ctx.type_to_string(ty)
        )),
    }
}

pub(super) fn collapse(cx: &mut OpCx, op: CollapseOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let merged = dimensions(HloOpKind::Collapse.name(), "dimensions", op.dimensions(cx.body()), operand.rank())?;
    let (first, last) = match (merged.first(), merged.last()) {
        (Some(&first), Some(&last)) if merged.iter().zip(first..).all(|(&d, expected)| d == expected) => (first, last),
        _ => return Err("hlo.collapse: dimensions must be a consecutive, increasing run".into()),
    };
    let mut shape = operand.shape[..first].to_vec();
    shape.push(operand.shape[first..=last].iter().product());
    shape.extend_from_slice(&operand.shape[last + 1..]);
    Ok(vec![operand.clone().reshaped(shape).into()])
}
