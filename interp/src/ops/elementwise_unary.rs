//! Unary elementwise ops: arithmetic, rounding, transcendental functions, bit counting and
//! the complex-part ops.
//!
//! Floats are computed in `f64` and rounded once to the element format, which for the
//! arithmetic ops is exactly IEEE 754's result in that format and for the transcendental
//! ones is within an ulp of the true value; except that `exponential`,
//! `exponential_minus_one`, `log`, `log_plus_one`, `logistic` and `tanh` of `f32` and narrower
//! formats are XLA CPU's own approximations ([`xla_math`]), computed in `f32` and rounded
//! to the format, bit for bit the results XLA gives (and compiled code computes), and
//! `exponential_minus_one` and `log_plus_one` of `f64` are XLA's forms too; and the
//! magnitude of a complex number (`abs`, `sign`) and `exponential_minus_one` of one are
//! XLA's formulas in the parts' precision.
//!
//! XLA's semantics kept here: integer `abs` and `negate` wrap (`abs(INT_MIN) == INT_MIN`);
//! `sign` keeps `-0.0` and NaN; `round_nearest_afz` rounds halves away from zero and
//! `round_nearest_even` to even; `not` is bitwise on integers and logical on `pred`;
//! subnormal `f32`/`f64` operands and results flush to zero as on XLA CPU (see
//! [`crate::interpreter::Options::flush_denormals`]), except through `abs` and `negate`,
//! which XLA CPU computes on the sign bit, and `sine`, `cosine`, `tan` and `cbrt`, which
//! it computes with libm calls that read and write the bits as they are.

use std::rc::Rc;

use num_complex::Complex64;
use xla_math::Steps;
use xla_ir::{FloatKind, Scalar};

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::normalize;
use crate::ops::support::{flush_denormal, map_elements, tensor};
use crate::value::Value;

/// The per-type functions of one unary op; `None` where XLA does not define the op.
struct Unary {
    int: Option<fn(ElementType, i128) -> i128>,
    float: Option<fn(f64) -> f64>,
    complex: Option<fn(Complex64) -> Complex64>,
    /// For `f32` and narrower formats, where XLA computes the op with an approximation of
    /// its own in `f32`: that approximation, used instead of `float`, told how to round its
    /// steps (`f16` rounds each step to `f16`).
    single: Option<fn(Steps, f32) -> f32>,
    /// On complex numbers whose parts have the given format, where XLA computes the op
    /// with a form of its own in that format: that form on `(re, im)`, used instead of
    /// `complex`.
    complex_in: Option<fn(FloatKind, f64, f64) -> (f64, f64)>,
}

/// Applies `unary` to every element of the operand; the result has the op's result type.
fn apply(cx: &mut OpCx, operands: &[Rc<Value>], unary: Unary) -> EvalResult<Vec<Value>> {
    apply_with(cx, operands, unary, true)
}

/// [`apply`], flushing subnormal operands and results or not: ops that only touch the sign
/// bit (`abs`, `negate`) are bit operations on XLA CPU, which pass subnormals through
/// (jaxlib 0.10.2: `abs(1e-40) == 1e-40`, while `sign(1e-40) == 0`).
fn apply_with(cx: &mut OpCx, operands: &[Rc<Value>], unary: Unary, flushes: bool) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let element = operand.element;
    let result = cx.result_element(0)?;
    let flush = |element, value| if flushes { flush_denormal(cx, element, value) } else { value };
    let literal = map_elements(operand, result, |value| {
        let computed = match flush(element, value) {
            Scalar::Int(v) => Scalar::Int(unary.int.ok_or("not defined on integers")?(element, v)),
            Scalar::Float(v) => match unary.single {
                Some(single) if element != ElementType::Float(FloatKind::F64) => {
                    let steps = if element == ElementType::Float(FloatKind::F16) { Steps::F16 } else { Steps::F32 };
                    Scalar::Float(single(steps, v as f32).into())
                }
                _ => Scalar::Float(unary.float.ok_or("not defined on floats")?(v)),
            },
            Scalar::Complex(re, im) => match (unary.complex_in, element) {
                (Some(form), ElementType::Complex(part)) => {
                    let (re, im) = form(part, re, im);
                    Scalar::Complex(re, im)
                }
                _ => {
                    let z = unary.complex.ok_or("not defined on complex numbers")?(Complex64::new(re, im));
                    Scalar::Complex(z.re, z.im)
                }
            },
        };
        Ok(flush(result, normalize(result, computed)))
    })?;
    Ok(vec![literal.into()])
}

fn float_only(f: fn(f64) -> f64) -> Unary {
    Unary { int: None, float: Some(f), complex: None, single: None, complex_in: None }
}

fn float_or_complex(f: fn(f64) -> f64, c: fn(Complex64) -> Complex64) -> Unary {
    Unary { int: None, float: Some(f), complex: Some(c), single: None, complex_in: None }
}

/// [`float_or_complex`] with XLA's own approximation `single` for `f32` and narrower.
fn xla_approximated(single: fn(Steps, f32) -> f32, f: fn(f64) -> f64, c: fn(Complex64) -> Complex64) -> Unary {
    Unary { single: Some(single), ..float_or_complex(f, c) }
}

pub(super) fn abs(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    if let ElementType::Complex(_) = operand.element {
        // The absolute value of a complex number is real: XLA's magnitude.
        let (element, result) = (operand.element, cx.result_element(0)?);
        let literal = map_elements(operand, result, |value| match value {
            Scalar::Complex(re, im) => Ok(normalize(result, Scalar::Float(complex_magnitude(element, re, im)))),
            other => Err(format!("expected a complex element, found {other:?}")),
        })?;
        return Ok(vec![literal.into()]);
    }
    let unary = Unary { int: Some(|e, v| e.wrap(v.wrapping_abs())), float: Some(f64::abs), complex: None, single: None, complex_in: None };
    apply_with(cx, operands, unary, false)
}

pub(super) fn negate(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let unary = Unary { int: Some(|e, v| e.wrap(v.wrapping_neg())), float: Some(|x| -x), complex: Some(|z| -z), single: None, complex_in: None };
    apply_with(cx, operands, unary, false)
}

/// `|re + i im|` as XLA computes it, in the precision of `element`'s parts.
fn complex_magnitude(element: ElementType, re: f64, im: f64) -> f64 {
    match element {
        ElementType::Complex(FloatKind::F64) => xla_math::complex_abs_f64(re, im),
        _ => xla_math::complex_abs_f32(re as f32, im as f32).into(),
    }
}

pub(super) fn sign(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    if let ElementType::Complex(kind) = operand.element {
        // `z / |z|`, each part divided in the parts' precision; NaN parts give NaN and a
        // zero gives zero.
        let element = operand.element;
        let literal = map_elements(operand, element, |value| match value {
            Scalar::Complex(re, im) if re.is_nan() || im.is_nan() => Ok(Scalar::Complex(f64::NAN, f64::NAN)),
            Scalar::Complex(re, im) => {
                let magnitude = complex_magnitude(element, re, im);
                if magnitude == 0.0 {
                    Ok(Scalar::Complex(0.0, 0.0))
                } else if kind == FloatKind::F64 {
                    Ok(Scalar::Complex(re / magnitude, im / magnitude))
                } else {
                    let m = magnitude as f32;
                    Ok(Scalar::Complex((re as f32 / m).into(), (im as f32 / m).into()))
                }
            }
            other => Err(format!("expected a complex element, found {other:?}")),
        })?;
        return Ok(vec![literal.into()]);
    }
    apply(
        cx,
        operands,
        Unary {
            int: Some(|_, v| v.signum()),
            // NaN stays NaN and a zero keeps its sign.
            float: Some(|x| if x.is_nan() || x == 0.0 { x } else { x.signum() }),
            complex: None,
            single: None,
            complex_in: None,
        },
    )
}

pub(super) fn not(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    // `!v` is bitwise; wrapping keeps the type's bits, and `pred` keeps its lowest bit.
    apply(cx, operands, Unary { int: Some(|e, v| e.wrap(!v)), float: None, complex: None, single: None, complex_in: None })
}

pub(super) fn popcnt(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, Unary { int: Some(|e, v| e.to_bits(v).count_ones() as i128), float: None, complex: None, single: None, complex_in: None })
}

pub(super) fn count_leading_zeros(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let clz = |e: ElementType, v: i128| (e.to_bits(v).leading_zeros() - (128 - e.bit_width())) as i128;
    apply(cx, operands, Unary { int: Some(clz), float: None, complex: None, single: None, complex_in: None })
}

pub(super) fn floor(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_only(f64::floor))
}

pub(super) fn ceil(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_only(f64::ceil))
}

pub(super) fn round_nearest_afz(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_only(f64::round))
}

pub(super) fn round_nearest_even(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_only(f64::round_ties_even))
}

pub(super) fn is_finite(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let literal = map_elements(operand, ElementType::Pred, |value| match value {
        Scalar::Float(x) => Ok(Scalar::Int(x.is_finite() as i128)),
        other => Err(format!("expected a floating-point element, found {other:?}")),
    })?;
    Ok(vec![literal.into()])
}

pub(super) fn real(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    complex_part(cx, operands, |re, _| re)
}

pub(super) fn imag(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    complex_part(cx, operands, |_, im| im)
}

/// `real` and `imag`: a part of a complex number, or of a float (whose imaginary part is 0).
fn complex_part(cx: &mut OpCx, operands: &[Rc<Value>], part: fn(f64, f64) -> f64) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let result = cx.result_element(0)?;
    let literal = map_elements(operand, result, |value| match value {
        Scalar::Complex(re, im) => Ok(Scalar::Float(part(re, im))),
        Scalar::Float(x) => Ok(Scalar::Float(part(x, 0.0))),
        other => Err(format!("expected a complex element, found {other:?}")),
    })?;
    Ok(vec![literal.into()])
}

pub(super) fn exponential(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, xla_approximated(|_, x| xla_math::exp(x), f64::exp, |z| z.exp()))
}

pub(super) fn exponential_minus_one(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let unary = xla_approximated(xla_math::expm1_in, xla_math::expm1_f64, |z| z.exp() - 1.0);
    apply(cx, operands, Unary { complex_in: Some(complex_expm1), ..unary })
}

/// `e^z - 1` as XLA computes it in the parts' format `part` ([`xla_math::complex_expm1_f32`]).
fn complex_expm1(part: FloatKind, re: f64, im: f64) -> (f64, f64) {
    match part {
        FloatKind::F64 => xla_math::complex_expm1_f64(re, im),
        _ => {
            let (re, im) = xla_math::complex_expm1_f32(re as f32, im as f32);
            (f64::from(re), f64::from(im))
        }
    }
}

pub(super) fn log(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, xla_approximated(|_, x| xla_math::log(x), f64::ln, |z| z.ln()))
}

pub(super) fn log_plus_one(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, xla_approximated(xla_math::log1p_in, xla_math::log1p_f64, |z| (z + 1.0).ln()))
}

pub(super) fn logistic(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, xla_approximated(xla_math::logistic_in, |x| 1.0 / (1.0 + (-x).exp()), |z| 1.0 / (1.0 + (-z).exp())))
}

pub(super) fn sqrt(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_or_complex(f64::sqrt, |z| z.sqrt()))
}

pub(super) fn rsqrt(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_or_complex(|x| 1.0 / x.sqrt(), |z| 1.0 / z.sqrt()))
}

pub(super) fn cbrt(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, operands, float_or_complex(f64::cbrt, |z| z.cbrt()), false)
}

// `sine`, `cosine`, `tan` and `cbrt` are libm calls on XLA CPU, which see subnormal
// operands and return subnormal results as they are (libm reads and writes their bits).

pub(super) fn sine(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, operands, float_or_complex(f64::sin, |z| z.sin()), false)
}

pub(super) fn cosine(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, operands, float_or_complex(f64::cos, |z| z.cos()), false)
}

pub(super) fn tan(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, operands, float_or_complex(f64::tan, |z| z.tan()), false)
}

pub(super) fn tanh(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, xla_approximated(|_, x| xla_math::tanh(x), f64::tanh, |z| z.tanh()))
}

pub(super) fn erf(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, operands, float_only(libm::erf))
}
