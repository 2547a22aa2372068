//! Helpers the evaluators share: operand access, XLA's implicit broadcasting of binary
//! operands, and elementwise maps.

use std::rc::Rc;

use num_complex::Complex64;
use xla_ir::Scalar;

use crate::element::{round_to_format, ElementType};
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

/// The two operands of a binary op, each broadcast to the result's shape, a lower-rank
/// operand by the op's `broadcast_dimensions` `dims` (see [`broadcast_positions`]).
pub fn broadcast_operands(cx: &OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<(Literal, Literal, Vec<i64>)> {
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let shape = match cx.result_shape(0) {
        Ok(shape) => shape,
        // A dynamic result takes the larger operand's shape.
        Err(_) => if lhs.len() >= rhs.len() { lhs.shape.clone() } else { rhs.shape.clone() },
    };
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
    if cx.interp.options.flush_denormals { flush_subnormal(element, value) } else { value }
}

/// `value` with a subnormal `f32` or `f64` (or complex part of one) replaced by a zero of
/// its sign.
pub fn flush_subnormal(element: ElementType, value: Scalar) -> Scalar {
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

/// Storage for `scalars` as elements of `element`, or an error naming the first scalar of
/// another kind (a region that returned a value of an unexpected type).
pub fn elements_of(element: ElementType, scalars: impl IntoIterator<Item = Scalar>) -> Result<Elements, String> {
    let scalars = scalars.into_iter();
    let mut elements = Elements::with_capacity(element, scalars.size_hint().0);
    for value in scalars {
        let fits = matches!(
            (&elements, value),
            (Elements::Int(_), Scalar::Int(_)) | (Elements::Float(_), Scalar::Float(_)) | (Elements::Complex(_), Scalar::Complex(..))
        );
        if !fits {
            return Err(format!("a {value:?} cannot be an element of type {}", element.name()));
        }
        elements.push(value);
    }
    Ok(elements)
}

/// The `i`-th entry of an optional per-dimension attribute, or `default` when it is absent.
pub fn entry_or(list: Option<&[i64]>, i: usize, default: i64) -> i64 {
    list.and_then(|l| l.get(i).copied()).unwrap_or(default)
}

/// `value` as a `usize` dimension number or size, or an error naming `what`.
pub fn to_usize(value: i64, what: &str) -> Result<usize, String> {
    usize::try_from(value).map_err(|_| format!("{what} = {value} must not be negative"))
}

/// Real values, computed in `f64`, as a literal of the float type `element`, each rounded once.
pub fn real_literal(values: Vec<f64>, element: ElementType, shape: Vec<i64>) -> Result<Literal, String> {
    match element {
        ElementType::Float(kind) => {
            Ok(Literal::new(element, shape, Elements::Float(values.into_iter().map(|v| round_to_format(kind, v)).collect())))
        }
        other => Err(format!("a real result cannot have element type {}", other.name())),
    }
}

/// Complex values, computed in `Complex64`, as a literal of the complex type `element`, each part rounded once.
pub fn complex_literal(values: Vec<Complex64>, element: ElementType, shape: Vec<i64>) -> Result<Literal, String> {
    match element {
        ElementType::Complex(kind) => {
            let round = |z: Complex64| Complex64::new(round_to_format(kind, z.re), round_to_format(kind, z.im));
            Ok(Literal::new(element, shape, Elements::Complex(values.into_iter().map(round).collect())))
        }
        other => Err(format!("a complex result cannot have element type {}", other.name())),
    }
}
