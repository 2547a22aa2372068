//! Binary elementwise ops, with XLA's implicit broadcasting of their operands.
//!
//! Each evaluator takes the `broadcast_dimensions` of its op (`dims`), which map the
//! dimensions of a lower-rank operand; `loop.arith` and `loop.complex` run these
//! evaluators on scalars, with none.
//!
//! XLA's semantics kept here:
//! - integer arithmetic wraps around at the element width;
//! - integer division by zero gives -1 (all bits set, so the largest value for unsigned
//!   types) and remainder by zero gives the dividend; signed `INT_MIN / -1` gives `INT_MIN`
//!   and `INT_MIN % -1` gives 0; division truncates, so a remainder has the dividend's sign;
//! - shift amounts are read as unsigned numbers; shifting by the bit width or more gives 0,
//!   or the sign bit everywhere for `shift_right_arithmetic`;
//! - `maximum` and `minimum` propagate NaN; on `pred`, `add`/`maximum`/`or` are logical or
//!   and `multiply`/`minimum`/`and` logical and;
//! - integer `power` computes by repeated squaring with wrap-around; a negative exponent
//!   gives 0 except for bases 1 and -1;
//! - complex `maximum`/`minimum` order lexicographically by (real, imaginary);
//! - complex `multiply` is XLA's contracted product in the parts' format
//!   ([`xla_math::complex_multiply_f32`]);
//! - subnormal `f32`/`f64` operands and results flush to zero, as on XLA CPU, except in
//!   `power` and `atan2`, which XLA CPU computes with libm calls that read and write the
//!   bits as they are.

use std::cmp::Ordering;
use std::rc::Rc;

use num_complex::Complex64;
use xla_dialects::hlo::HloOpKind;
use xla_ir::{FloatKind, Scalar};

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::normalize;
use crate::ops::support::{broadcast_operands, flush_denormal, zip_elements};
use crate::value::Value;

/// The per-type functions of one binary op; `None` where XLA does not define the op.
pub struct Binary {
    pub int: Option<fn(ElementType, i128, i128) -> i128>,
    pub float: Option<fn(f64, f64) -> f64>,
    /// On complex numbers, told the format of their parts.
    pub complex: Option<fn(FloatKind, Complex64, Complex64) -> Complex64>,
}

impl Binary {
    /// `lhs op rhs` on two elements of type `element`, rounded or wrapped to it.
    pub fn compute(&self, element: ElementType, lhs: Scalar, rhs: Scalar) -> Result<Scalar, String> {
        let value = match (lhs, rhs) {
            (Scalar::Int(a), Scalar::Int(b)) => Scalar::Int(self.int.ok_or("not defined on integers")?(element, a, b)),
            (Scalar::Float(a), Scalar::Float(b)) => Scalar::Float(self.float.ok_or("not defined on floats")?(a, b)),
            (Scalar::Complex(ar, ai), Scalar::Complex(br, bi)) => {
                let part = match element {
                    ElementType::Complex(part) => part,
                    _ => return Err(format!("complex operands of a {element:?} result")),
                };
                let z = self.complex.ok_or("not defined on complex numbers")?(part, Complex64::new(ar, ai), Complex64::new(br, bi));
                Scalar::Complex(z.re, z.im)
            }
            (a, b) => return Err(format!("operands of different kinds: {a:?} and {b:?}")),
        };
        Ok(normalize(element, value))
    }
}

/// Applies `binary` to the operands, broadcast by `dims`, flushing subnormal operands and
/// results as XLA CPU's arithmetic does.
fn apply(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>], binary: &Binary) -> EvalResult<Vec<Value>> {
    apply_with(cx, dims, operands, binary, true)
}

/// [`apply`], flushing or not: the functions XLA CPU computes with libm calls (`power`,
/// `atan2`) see subnormal operands and give subnormal results as they are, since libm
/// reads and writes their bits (XLA's `pow` of a subnormal base is finite).
fn apply_with(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>], binary: &Binary, flushes: bool) -> EvalResult<Vec<Value>> {
    let (lhs, rhs, _) = broadcast_operands(cx, dims, operands)?;
    let element = cx.result_element(0)?;
    let operand = lhs.element;
    let flush = |element, value| if flushes { flush_denormal(cx, element, value) } else { value };
    let literal = zip_elements(&lhs, &rhs, element, |a, b| {
        let (a, b) = (flush(operand, a), flush(operand, b));
        Ok(flush(element, binary.compute(element, a, b)?))
    })?;
    Ok(vec![literal.into()])
}

/// The binary op of kind `kind` as a [`Binary`], for reducers and the other ops that apply
/// a known computation directly; `None` for the binary ops evaluated otherwise.
pub fn binary_of(kind: HloOpKind) -> Option<&'static Binary> {
    Some(match kind {
        HloOpKind::Add => &ADD,
        HloOpKind::Multiply => &MULTIPLY,
        HloOpKind::Maximum => &MAXIMUM,
        HloOpKind::Minimum => &MINIMUM,
        HloOpKind::And => &AND,
        HloOpKind::Or => &OR,
        HloOpKind::Xor => &XOR,
        _ => return None,
    })
}

static ADD: Binary = Binary {
    int: Some(|e, a, b| if e == ElementType::Pred { a | b } else { a.wrapping_add(b) }),
    float: Some(|a, b| a + b),
    complex: Some(|_, a, b| a + b),
};
static MULTIPLY: Binary = Binary {
    int: Some(|e, a, b| if e == ElementType::Pred { a & b } else { a.wrapping_mul(b) }),
    float: Some(|a, b| a * b),
    complex: Some(complex_multiply),
};
static MAXIMUM: Binary = Binary {
    int: Some(|_, a, b| a.max(b)),
    float: Some(|a, b| if a.is_nan() || b.is_nan() { f64::NAN } else if a >= b { a } else { b }),
    complex: Some(|_, a, b| if lexicographic(a, b) == Ordering::Less { b } else { a }),
};
static MINIMUM: Binary = Binary {
    int: Some(|_, a, b| a.min(b)),
    float: Some(|a, b| if a.is_nan() || b.is_nan() { f64::NAN } else if a <= b { a } else { b }),
    complex: Some(|_, a, b| if lexicographic(a, b) == Ordering::Greater { b } else { a }),
};
static AND: Binary = Binary { int: Some(|_, a, b| a & b), float: None, complex: None };
static OR: Binary = Binary { int: Some(|_, a, b| a | b), float: None, complex: None };
static XOR: Binary = Binary { int: Some(|_, a, b| a ^ b), float: None, complex: None };

/// `a * b` as XLA computes it in the parts' format `part` ([`xla_math::complex_multiply_f32`]).
fn complex_multiply(part: FloatKind, a: Complex64, b: Complex64) -> Complex64 {
    let (re, im) = match part {
        FloatKind::F64 => xla_math::complex_multiply_f64((a.re, a.im), (b.re, b.im)),
        _ => {
            let narrow = |z: Complex64| (z.re as f32, z.im as f32);
            let (re, im) = xla_math::complex_multiply_f32(narrow(a), narrow(b));
            (f64::from(re), f64::from(im))
        }
    };
    Complex64::new(re, im)
}

fn lexicographic(a: Complex64, b: Complex64) -> Ordering {
    a.re.partial_cmp(&b.re).unwrap_or(Ordering::Equal).then(a.im.partial_cmp(&b.im).unwrap_or(Ordering::Equal))
}

pub(super) fn add(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &ADD)
}

pub(super) fn multiply(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &MULTIPLY)
}

pub(super) fn maximum(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &MAXIMUM)
}

pub(super) fn minimum(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &MINIMUM)
}

pub(super) fn and(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &AND)
}

pub(super) fn or(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &OR)
}

pub(super) fn xor(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &XOR)
}

pub(super) fn subtract(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &Binary { int: Some(|_, a, b| a.wrapping_sub(b)), float: Some(|a, b| a - b), complex: Some(|_, a, b| a - b) })
}

pub(super) fn divide(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &Binary { int: Some(integer_divide), float: Some(|a, b| a / b), complex: Some(|_, a, b| a / b) })
}

pub(super) fn remainder(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply(cx, dims, operands, &Binary { int: Some(integer_remainder), float: Some(|a, b| a % b), complex: None })
}

/// XLA's integer division: truncating; by zero gives all bits set; `INT_MIN / -1` wraps
/// to `INT_MIN`.
pub fn integer_divide(element: ElementType, a: i128, b: i128) -> i128 {
    if b == 0 {
        return element.wrap(-1);
    }
    element.wrap(a.wrapping_div(b))
}

/// XLA's integer remainder: the dividend's sign; by zero gives the dividend;
/// `INT_MIN % -1` gives 0.
pub fn integer_remainder(element: ElementType, a: i128, b: i128) -> i128 {
    if b == 0 {
        return a;
    }
    element.wrap(a.wrapping_rem(b))
}

pub(super) fn power(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, dims, operands, &Binary { int: Some(integer_power), float: Some(f64::powf), complex: Some(|_, a, b| complex_power(a, b)) }, false)
}

/// XLA's integer power (see the module).
pub fn integer_power(element: ElementType, base: i128, exponent: i128) -> i128 {
    if exponent < 0 {
        return match base {
            1 => 1,
            -1 => if exponent % 2 == 0 { 1 } else { -1 },
            _ => 0,
        };
    }
    let (mut result, mut square, mut e) = (1i128, base, exponent);
    while e > 0 {
        if e & 1 == 1 {
            result = element.wrap(result.wrapping_mul(square));
        }
        square = element.wrap(square.wrapping_mul(square));
        e >>= 1;
    }
    result
}

fn complex_power(a: Complex64, b: Complex64) -> Complex64 {
    if b == Complex64::new(0.0, 0.0) {
        return Complex64::new(1.0, 0.0);
    }
    a.powc(b)
}

pub(super) fn atan2(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    apply_with(cx, dims, operands, &Binary { int: None, float: Some(f64::atan2), complex: Some(|_, y, x| complex_atan2(y, x)) }, false)
}

/// `atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2))`, XLA's definition for complex
/// numbers (the angle of `x + i y` when both are real).
fn complex_atan2(y: Complex64, x: Complex64) -> Complex64 {
    let log = ((x + Complex64::i() * y) / (x * x + y * y).sqrt()).ln();
    Complex64::new(log.im, -log.re)
}

pub(super) fn shift_left(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let shift = |e: ElementType, a: i128, b: i128| match shift_amount(e, b) {
        Some(n) => e.wrap(a << n),
        None => 0,
    };
    apply(cx, dims, operands, &Binary { int: Some(shift), float: None, complex: None })
}

pub(super) fn shift_right_logical(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let shift = |e: ElementType, a: i128, b: i128| match shift_amount(e, b) {
        Some(n) => e.from_bits(e.to_bits(a) >> n),
        None => 0,
    };
    apply(cx, dims, operands, &Binary { int: Some(shift), float: None, complex: None })
}

pub(super) fn shift_right_arithmetic(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let shift = |e: ElementType, a: i128, b: i128| {
        // The value sign-extended from the type's width, whatever its signedness.
        let signed = ElementType::Int { bits: e.bit_width(), signed: true }.wrap(a);
        let n = shift_amount(e, b).unwrap_or(e.bit_width() - 1);
        e.wrap(signed >> n)
    };
    apply(cx, dims, operands, &Binary { int: Some(shift), float: None, complex: None })
}

/// A shift amount as the unsigned number of its bits, or `None` when it is at least the
/// bit width.
fn shift_amount(element: ElementType, amount: i128) -> Option<u32> {
    let bits = element.to_bits(amount);
    (bits < element.bit_width() as u128).then_some(bits as u32)
}

pub(super) fn complex(cx: &mut OpCx, dims: Option<&[i64]>, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (lhs, rhs, _) = broadcast_operands(cx, dims, operands)?;
    let element = cx.result_element(0)?;
    let literal = zip_elements(&lhs, &rhs, element, |a, b| match (a, b) {
        (Scalar::Float(re), Scalar::Float(im)) => Ok(Scalar::Complex(re, im)),
        (a, b) => Err(format!("expected two floating-point parts, found {a:?} and {b:?}")),
    })?;
    Ok(vec![literal.into()])
}

#[cfg(test)]
mod tests {
    use super::*;

    const S32: ElementType = ElementType::S32;

    #[test]
    fn integer_division_follows_xla() {
        assert_eq!(integer_divide(S32, 7, 0), -1);
        assert_eq!(integer_divide(ElementType::U32, 7, 0), u32::MAX as i128);
        assert_eq!(integer_divide(S32, i32::MIN as i128, -1), i32::MIN as i128);
        assert_eq!(integer_divide(S32, -7, 2), -3);
        assert_eq!(integer_remainder(S32, 7, 0), 7);
        assert_eq!(integer_remainder(S32, i32::MIN as i128, -1), 0);
        assert_eq!(integer_remainder(S32, -7, 2), -1);
        assert_eq!(integer_remainder(S32, 7, -2), 1);
    }

    #[test]
    fn integer_power_follows_xla() {
        assert_eq!(integer_power(S32, 3, 4), 81);
        assert_eq!(integer_power(S32, 2, 31), i32::MIN as i128);
        assert_eq!(integer_power(S32, 2, -1), 0);
        assert_eq!(integer_power(S32, -1, -3), -1);
        assert_eq!(integer_power(S32, 0, 0), 1);
    }

    #[test]
    fn shift_amounts_at_least_the_width_saturate() {
        assert_eq!(shift_amount(S32, 31), Some(31));
        assert_eq!(shift_amount(S32, 32), None);
        assert_eq!(shift_amount(S32, -1), None);
    }
}
