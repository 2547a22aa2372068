//! Element type conversions: `hlo.convert_element_type`, `hlo.bitcast_convert_type` and
//! `hlo.reduce_precision`.
//!
//! `convert_element_type` follows XLA: float to integer truncates toward zero, saturates
//! at the type's range and maps NaN to 0; integer and float to float round to nearest
//! even; integer to integer wraps; anything to `pred` is `x != 0`; a complex number
//! converts to a real type through its real part, a real one to complex with a zero
//! imaginary part.
//!
//! `bitcast_convert_type` reinterprets bits; between widths it adds or removes a minor
//! dimension whose index 0 holds the least significant bits (XLA's little-endian order).
//!
//! `reduce_precision` is XLA's bit manipulation: round the mantissa to nearest even, then
//! flush exponents out of the narrower range to zero or infinity; NaN stays NaN unless no
//! mantissa bits remain. It runs on the bits of an `f64` for `f64` elements and of an
//! `f32` for every other format.

use std::rc::Rc;

use xla_dialects::hlo::ReducePrecisionOp;
use xla_ir::{float_format, FloatKind, Scalar};

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::index::num_elements;
use crate::interpreter::OpCx;
use crate::literal::{normalize, Elements, Literal};
use crate::ops::support::{map_elements, tensor};
use crate::value::Value;

pub(super) fn convert_element_type(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let result = cx.result_element(0)?;
    let literal = map_elements(operand, result, |value| Ok(convert_scalar(value, result)))?;
    Ok(vec![literal.into()])
}

/// `value` converted to `to` (see the module).
pub fn convert_scalar(value: Scalar, to: ElementType) -> Scalar {
    let real = match value {
        Scalar::Complex(re, _) if !matches!(to, ElementType::Complex(_)) => Scalar::Float(re),
        other => other,
    };
    match (real, to) {
        (Scalar::Int(v), ElementType::Pred) => Scalar::Int((v != 0) as i128),
        (Scalar::Float(x), ElementType::Pred) => Scalar::Int((x != 0.0) as i128),
        (Scalar::Int(v), ElementType::Int { .. }) => Scalar::Int(to.wrap(v)),
        (Scalar::Float(x), ElementType::Int { .. }) => {
            let (min, max) = to.int_range().expect("an integer type has a range");
            let truncated = x.trunc();
            Scalar::Int(if x.is_nan() {
                0
            } else if truncated <= min as f64 {
                min
            } else if truncated >= max as f64 {
                max
            } else {
                truncated as i128
            })
        }
        // Rounded once to f32: through f64 a 64-bit integer would round twice, which
        // differs from XLA's (LLVM's) conversion just off a tie (2^60 + 2^36 + 1).
        (Scalar::Int(v), ElementType::Float(FloatKind::F32)) => Scalar::Float(f64::from(v as f32)),
        (Scalar::Int(v), ElementType::Float(_)) => normalize(to, Scalar::Float(int_to_f64(v))),
        (Scalar::Float(x), ElementType::Float(_)) => normalize(to, Scalar::Float(x)),
        (Scalar::Int(v), ElementType::Complex(_)) => normalize(to, Scalar::Complex(int_to_f64(v), 0.0)),
        (Scalar::Float(x), ElementType::Complex(_)) => normalize(to, Scalar::Complex(x, 0.0)),
        (Scalar::Complex(re, im), ElementType::Complex(_)) => normalize(to, Scalar::Complex(re, im)),
        (Scalar::Complex(..), _) => unreachable!("complex values became their real part above"),
    }
}

/// An integer as the nearest `f64`. Every integer of up to 53 bits is exact; wider ones
/// round to nearest even, and a conversion to a narrower format then rounds once more
/// (`f32` results are rounded directly instead, see `convert_scalar`).
fn int_to_f64(v: i128) -> f64 {
    v as f64
}

/// The bits of a scalar of type `element`, as an unsigned number of its width.
pub fn scalar_bits(element: ElementType, value: Scalar) -> u128 {
    match (element, value) {
        (_, Scalar::Int(v)) => element.to_bits(v),
        (ElementType::Float(kind), Scalar::Float(x)) => float_format::encode(kind, x) as u128,
        (ElementType::Complex(kind), Scalar::Complex(re, im)) => {
            let half = kind.bit_width();
            float_format::encode(kind, re) as u128 | (float_format::encode(kind, im) as u128) << half
        }
        _ => 0,
    }
}

/// The scalar of type `element` whose bits are the low bits of `bits`.
pub fn scalar_from_bits(element: ElementType, bits: u128) -> Scalar {
    match element {
        ElementType::Pred | ElementType::Int { .. } => Scalar::Int(element.from_bits(bits)),
        ElementType::Float(kind) => Scalar::Float(float_format::decode(kind, bits as u64 & mask(kind.bit_width()))),
        ElementType::Complex(kind) => {
            let half = kind.bit_width();
            Scalar::Complex(
                float_format::decode(kind, bits as u64 & mask(half)),
                float_format::decode(kind, (bits >> half) as u64 & mask(half)),
            )
        }
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

pub(super) fn bitcast_convert_type(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let to = cx.result_element(0)?;
    let (from_bits, to_bits) = (operand.element.bit_width(), to.bit_width());
    let shape = if from_bits == to_bits {
        operand.shape.clone()
    } else if from_bits > to_bits {
        let mut shape = operand.shape.clone();
        shape.push((from_bits / to_bits) as i64);
        shape
    } else {
        operand.shape[..operand.rank().saturating_sub(1)].to_vec()
    };
    let mut elements = Elements::with_capacity(to, num_elements(&shape));
    if from_bits >= to_bits {
        // Each operand element splits into `ratio` result elements, least significant first.
        let ratio = from_bits / to_bits;
        for i in 0..operand.len() {
            let bits = scalar_bits(operand.element, operand.get(i));
            for k in 0..ratio {
                elements.push(scalar_from_bits(to, bits >> (k * to_bits)));
            }
        }
    } else {
        let ratio = (to_bits / from_bits) as usize;
        for chunk in 0..operand.len() / ratio {
            let mut bits = 0u128;
            for k in 0..ratio {
                bits |= scalar_bits(operand.element, operand.get(chunk * ratio + k)) << (k as u32 * from_bits);
            }
            elements.push(scalar_from_bits(to, bits));
        }
    }
    Ok(vec![Literal::new(to, shape, elements).into()])
}

pub(super) fn reduce_precision(cx: &mut OpCx, op: ReducePrecisionOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let (exponent_bits, mantissa_bits) = (op.exponent_bits(body) as u32, op.mantissa_bits(body) as u32);
    let operand = tensor(operands, 0)?;
    let element = operand.element;
    let literal = map_elements(operand, element, |value| {
        let Scalar::Float(x) = value else { return Err("reduce_precision needs floating-point elements".into()) };
        let reduced = if element == ElementType::F64 {
            f64::from_bits(reduce_bits(x.to_bits(), 52, 11, 64, exponent_bits, mantissa_bits))
        } else {
            let bits = (x as f32).to_bits() as u64;
            f32::from_bits(reduce_bits(bits, 23, 8, 32, exponent_bits, mantissa_bits) as u32) as f64
        };
        let reduced = if x.is_nan() { if mantissa_bits > 0 { x } else { f64::INFINITY } } else { reduced };
        Ok(normalize(element, Scalar::Float(reduced)))
    })?;
    Ok(vec![literal.into()])
}

/// XLA's `ReducePrecision` on the bits of a float with `src_mantissa` mantissa and
/// `src_exponent` exponent bits in `width` bits.
fn reduce_bits(mut bits: u64, src_mantissa: u32, src_exponent: u32, width: u32, exponent: u32, mantissa: u32) -> u64 {
    let value_mask = mask(width);
    if mantissa < src_mantissa {
        // Round to nearest, ties to even, at the last kept mantissa bit.
        let dropped = src_mantissa - mantissa;
        let last_kept = 1u64 << dropped;
        let base_bias = (last_kept >> 1) - 1;
        let bias = ((bits & last_kept) >> dropped) + base_bias;
        bits = (bits.wrapping_add(bias) & !(last_kept - 1)) & value_mask;
    }
    if exponent < src_exponent {
        let sign = 1u64 << (width - 1);
        let exponent_mask = ((1u64 << src_exponent) - 1) << src_mantissa;
        let bias = (1u64 << (src_exponent - 1)) - 1;
        let reduced_bias = (1u64 << (exponent - 1)) - 1;
        let max_exponent = (bias + reduced_bias) << src_mantissa;
        let min_exponent = (bias - reduced_bias) << src_mantissa;
        let x_exponent = bits & exponent_mask;
        let signed_zero = bits & sign;
        if x_exponent > max_exponent {
            bits = signed_zero | exponent_mask;
        } else if x_exponent <= min_exponent {
            bits = signed_zero;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::FloatKind;

    #[test]
    fn float_to_int_saturates_and_maps_nan_to_zero() {
        assert_eq!(convert_scalar(Scalar::Float(1e10), ElementType::S32), Scalar::Int(i32::MAX as i128));
        assert_eq!(convert_scalar(Scalar::Float(-1e10), ElementType::S32), Scalar::Int(i32::MIN as i128));
        assert_eq!(convert_scalar(Scalar::Float(f64::NAN), ElementType::S32), Scalar::Int(0));
        assert_eq!(convert_scalar(Scalar::Float(-2.7), ElementType::S32), Scalar::Int(-2));
        assert_eq!(convert_scalar(Scalar::Float(-1.0), ElementType::U32), Scalar::Int(0));
    }

    #[test]
    fn wide_integers_round_once_to_f32() {
        let x = (1i128 << 60) + (1 << 36) + 1;
        assert_eq!(convert_scalar(Scalar::Int(x), ElementType::F32), Scalar::Float(((1u64 << 60) + (1 << 37)) as f64));
    }

    #[test]
    fn int_conversions_wrap() {
        assert_eq!(convert_scalar(Scalar::Int(300), ElementType::Int { bits: 8, signed: false }), Scalar::Int(44));
        assert_eq!(convert_scalar(Scalar::Int(-1), ElementType::U32), Scalar::Int(u32::MAX as i128));
        assert_eq!(convert_scalar(Scalar::Int(2), ElementType::Pred), Scalar::Int(1));
    }

    /// Values XLA CPU (jax 0.10.2) gives for `x.astype(t).astype(float32)`.
    #[test]
    fn narrow_float_conversions_match_xla() {
        let through = |kind: FloatKind, x: f64| match convert_scalar(Scalar::Float(x), ElementType::Float(kind)) {
            Scalar::Float(y) => y,
            other => panic!("{other:?}"),
        };
        let e4m3fn = FloatKind::F8E4M3FN;
        assert!(through(e4m3fn, 1000.0).is_nan(), "e4m3fn has no infinity: overflow is NaN");
        assert!(through(e4m3fn, 465.0).is_nan());
        assert_eq!(through(e4m3fn, 464.0), 448.0);
        assert_eq!(through(e4m3fn, 0.1f32 as f64), 0.1015625);
        assert_eq!(through(e4m3fn, 1e-9), 0.0);
        let e5m2 = FloatKind::F8E5M2;
        assert_eq!(through(e5m2, 1e6), f64::INFINITY);
        assert_eq!(through(e5m2, 61440.0), f64::INFINITY);
        assert_eq!(through(e5m2, 61439.0), 57344.0);
        let fnuz = FloatKind::F8E4M3FNUZ;
        assert!(through(fnuz, 1e6).is_nan());
        assert!(through(fnuz, f64::INFINITY).is_nan());
        assert_eq!(through(fnuz, -0.0).to_bits(), 0.0f64.to_bits(), "fnuz has no negative zero");
        assert_eq!(through(FloatKind::BF16, 1.00390625), 1.0);
        assert_eq!(through(FloatKind::BF16, 1.01171875), 1.015625);
        assert_eq!(through(FloatKind::BF16, 3.4e38), f64::INFINITY);
    }

    /// Values XLA CPU gives for integer conversions, 4-bit and unsigned targets included.
    #[test]
    fn integer_conversions_match_xla() {
        let s4 = ElementType::Int { bits: 4, signed: true };
        let to = |x: Scalar, t: ElementType| convert_scalar(x, t);
        let ints: Vec<Scalar> = [7, 8, -9, 100].iter().map(|&v| to(Scalar::Int(v), s4)).collect();
        assert_eq!(ints, [7, -8, 7, 4].map(Scalar::Int));
        let u8 = ElementType::Int { bits: 8, signed: false };
        let floats: Vec<Scalar> = [300.0, -3.0, 255.5].iter().map(|&x| to(Scalar::Float(x), u8)).collect();
        assert_eq!(floats, [255, 0, 255].map(Scalar::Int));
        assert_eq!(to(Scalar::Float(5e9), ElementType::U32), Scalar::Int(u32::MAX as i128));
        assert_eq!(to(Scalar::Float(f64::INFINITY), ElementType::S32), Scalar::Int(i32::MAX as i128));
    }

    #[test]
    fn reduce_precision_to_bf16_rounds_to_even() {
        // 1 + 2^-8 is halfway between two bf16 values; it rounds to the even one, 1.
        let x = 1.0f32 + 2f32.powi(-8);
        let reduced = f32::from_bits(reduce_bits(x.to_bits() as u64, 23, 8, 32, 8, 7) as u32);
        assert_eq!(reduced, 1.0);
        let big = f32::from_bits(reduce_bits(70000f32.to_bits() as u64, 23, 8, 32, 5, 10) as u32);
        assert_eq!(big, f32::INFINITY);
    }

    #[test]
    fn bits_round_trip() {
        let c64 = ElementType::Complex(FloatKind::F32);
        let value = Scalar::Complex(1.5, -2.0);
        assert_eq!(scalar_from_bits(c64, scalar_bits(c64, value)), value);
        let bits = scalar_bits(ElementType::F32, Scalar::Float(1.0));
        assert_eq!(bits, 0x3F80_0000);
    }
}
