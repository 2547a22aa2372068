//! `hlo.broadcast` and `hlo.broadcast_in_dim`: XLA's `Broadcast` and `BroadcastInDim`,
//! which repeat a tensor's data along new dimensions.
//!
//! `broadcast` puts `broadcast_sizes` in front of the operand's dimensions:
//! `result[i0, ..., ik, j0, ..., jn] = operand[j0, ..., jn]`. `broadcast_in_dim` maps
//! operand dimension `k` to result dimension `broadcast_dimensions[k]`; an operand
//! dimension of size 1 repeats along its result dimension, any other has the result
//! dimension's size, and the unmapped result dimensions repeat the whole operand. Both read
//! the operand through an affine map whose step is 0 along every repeated dimension.

use std::rc::Rc;

use xla_dialects::hlo::{BroadcastInDimOp, BroadcastOp, HloOpKind};
use xla_ir::Dim;

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{affine_positions, distinct_dimensions};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn broadcast(cx: &mut OpCx, op: BroadcastOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let sizes = op.broadcast_sizes(cx.body());
    if let Some(size) = sizes.iter().find(|&&s| s < 0) {
        return Err(format!("hlo.broadcast: the broadcast size {size} is negative").into());
    }
    let shape: Vec<i64> = sizes.iter().chain(&operand.shape).copied().collect();
    let steps: Vec<i64> = sizes.iter().map(|_| 0).chain(operand.strides()).collect();
    let positions = affine_positions(&shape, 0, &steps);
    Ok(vec![Literal::new(operand.element, shape, operand.elements.select(positions)).into()])
}

pub(super) fn broadcast_in_dim(cx: &mut OpCx, op: BroadcastInDimOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let declared = cx.ctx().as_tensor(cx.result_type(0)).map(|t| t.dims.clone()).ok_or("hlo.broadcast_in_dim: the result is not a tensor")?;
    let map = distinct_dimensions(HloOpKind::BroadcastInDim.name(), "broadcast_dimensions", op.broadcast_dimensions(cx.body()), declared.len())?;
    if map.len() != operand.rank() {
        return Err(format!(
            "hlo.broadcast_in_dim: broadcast_dimensions has {} entries, but the operand has rank {}",
            map.len(),
            operand.rank()
        )
        .into());
    }
    let shape = result_shape(&declared, &map, &operand.shape)?;
    let strides = operand.strides();
    let mut steps = vec![0i64; shape.len()];
    for (k, &d) in map.iter().enumerate() {
        if operand.shape[k] != 1 {
            if operand.shape[k] != shape[d] {
                return Err(format!(
                    "hlo.broadcast_in_dim: operand dimension {k} has size {}, but result dimension {d} has size {}",
                    operand.shape[k], shape[d]
                )
                .into());
            }
            steps[d] = strides[k];
        }
    }
    let positions = affine_positions(&shape, 0, &steps);
    Ok(vec![Literal::new(operand.element, shape, operand.elements.select(positions)).into()])
}

/// The run-time result shape: each static result dimension, and for a dynamic one the
/// size of the operand dimension mapped to it.
fn result_shape(declared: &[Dim], map: &[usize], operand_shape: &[i64]) -> Result<Vec<i64>, String> {
    (0..declared.len())
        .map(|d| match declared[d] {
            Dim::Static(n) => Ok(n),
            _ => map.iter().position(|&m| m == d).map(|k| operand_shape[k]).ok_or_else(|| {
                format!("hlo.broadcast_in_dim: dynamic result dimension {d} has no operand dimension to take its size from")
            }),
        })
        .collect()
}
