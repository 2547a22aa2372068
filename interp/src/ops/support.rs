//! Helpers the evaluators share: operand access, XLA's implicit broadcasting of binary
//! operands, and elementwise maps.

use std::rc::Rc;

use xla_ir::Scalar;

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::index::{for_each_index, linear_index, num_elements};
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::value::Value;

/// Operand `i` as a tensor.
pub fn tensor(operands: &[Rc<Value>], i: usize) -> EvalResult<&Literal> {
    let value = operands.get(i).ok_or_else(|| format!("operand {i} is missing"))?;
    Ok(value.tensor().map_err(|e| format!("operand {i}: {e}"))?)
}

/// The positions in `operand_shape` of each element of `result_shape`, under XLA's
/// implicit broadcasting: dimension `k` of the operand maps to result dimension
/// `dims[k]` (the trailing dimensions when `dims` is `None`), and an operand dimension of
/// size 1 repeats.
pub fn broadcast_positions(operand_shape: &[i64], result_shape: &[i64], dims: Option<&[i64]>) -> Vec<usize> {
    let offset = result_shape.len() - operand_shape.len().min(result_shape.len());
    let map: Vec<usize> = match dims {
        Some(dims) if dims.len() == operand_shape.len() => dims.iter().map(|&d| d as usize).collect(),
        _ => (0..operand_shape.len()).map(|k| k + offset).collect(),
    };
    let mut positions = Vec::with_capacity(num_elements(result_shape));
    let mut operand_index = vec![0i64; operand_shape.len()];
    for_each_index(result_shape, |index| {
        for (k, &d) in map.iter().enumerate() {
            operand_index[k] = if operand_shape[k] == 1 { 0 } else { index[d] };
        }
        positions.push(linear_index(operand_shape, &operand_index));
    });
    positions
}

/// The two operands of a binary op, each broadcast to the result's shape.
pub fn broadcast_operands(cx: &OpCx, operands: &[Rc<Value>]) -> EvalResult<(Literal, Literal, Vec<i64>)> {
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let shape = match cx.result_shape(0) {
        Ok(shape) => shape,
        // A dynamic result takes the larger operand's shape.
        Err(_) => if lhs.len() >= rhs.len() { lhs.shape.clone() } else { rhs.shape.clone() },
    };
    let dims = cx.body().attr(cx.op, "broadcast_dimensions").and_then(|a| cx.ctx().as_int_array(a));
    let expand = |operand: &Literal| -> Literal {
        if operand.shape == shape {
            return operand.clone();
        }
        let positions = broadcast_positions(&operand.shape, &shape, dims);
        Literal::new(operand.element, shape.clone(), operand.elements.select(positions))
    };
    Ok((expand(lhs), expand(rhs), shape))
}

/// `f` applied to every element of `operand`, giving elements of `result`.
pub fn map_elements(
    operand: &Literal,
    result: ElementType,
    mut f: impl FnMut(Scalar) -> Result<Scalar, String>,
) -> EvalResult<Literal> {
    let mut elements = Elements::with_capacity(result, operand.len());
    for i in 0..operand.len() {
        elements.push(f(operand.get(i))?);
    }
    Ok(Literal::new(result, operand.shape.clone(), elements))
}

/// `f` applied to the elements of `lhs` and `rhs` (of one shape) pairwise.
pub fn zip_elements(
    lhs: &Literal,
    rhs: &Literal,
    result: ElementType,
    mut f: impl FnMut(Scalar, Scalar) -> Result<Scalar, String>,
) -> EvalResult<Literal> {
    let mut elements = Elements::with_capacity(result, lhs.len());
    for i in 0..lhs.len() {
        elements.push(f(lhs.get(i), rhs.get(i))?);
    }
    Ok(Literal::new(result, lhs.shape.clone(), elements))
}

/// The integer value of a scalar known to be an integer.
pub fn int_of(value: Scalar) -> Result<i128, String> {
    match value {
        Scalar::Int(v) => Ok(v),
        other => Err(format!("expected an integer element, found {other:?}")),
    }
}

/// The float value of a scalar known to be a float.
pub fn float_of(value: Scalar) -> Result<f64, String> {
    match value {
        Scalar::Float(v) => Ok(v),
        other => Err(format!("expected a floating-point element, found {other:?}")),
    }
}

/// `value` with a subnormal `f32` or `f64` replaced by a zero of its sign, when the run
/// flushes denormals (see [`crate::interpreter::Options::flush_denormals`]). Narrower
/// formats are computed in `f32` by XLA CPU, where their subnormals are normal, so they
/// keep them.
pub fn flush_denormal(cx: &OpCx, element: ElementType, value: Scalar) -> Scalar {
    if !cx.interp.options.flush_denormals {
        return value;
    }
    let flush = |x: f64, min_normal: f64| if x != 0.0 && x.abs() < min_normal { 0.0f64.copysign(x) } else { x };
    match (element, value) {
        (ElementType::Float(xla_ir::FloatKind::F32), Scalar::Float(x)) => Scalar::Float(flush(x, f32::MIN_POSITIVE as f64)),
        (ElementType::Float(xla_ir::FloatKind::F64), Scalar::Float(x)) => Scalar::Float(flush(x, f64::MIN_POSITIVE)),
        (ElementType::Complex(xla_ir::FloatKind::F32), Scalar::Complex(re, im)) => {
            Scalar::Complex(flush(re, f32::MIN_POSITIVE as f64), flush(im, f32::MIN_POSITIVE as f64))
        }
        (ElementType::Complex(xla_ir::FloatKind::F64), Scalar::Complex(re, im)) => {
            Scalar::Complex(flush(re, f64::MIN_POSITIVE), flush(im, f64::MIN_POSITIVE))
        }
        _ => value,
    }
}
