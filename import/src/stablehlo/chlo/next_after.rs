//! Expansion of `chlo.next_after`: C's `nextafter(x, y)`, computed on the bit patterns as
//! XLA's `NextAfter` does.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, FloatKind, Scalar, ValueId};

use super::emit::Emitter;

/// `next_after(x, y)`: the representable float next to `x` towards `y`. On the bits `b(x)`
/// (an integer of the float's width): `y` when `x == y`; a quiet NaN when either is NaN; the
/// smallest subnormal with `y`'s sign when `x` is ±0 and `y` is not; otherwise `b(x) - 1`
/// when the result is smaller in magnitude (`|x| > |y|`, or the signs differ) and
/// `b(x) + 1` when it is larger.
pub(crate) fn next_after(em: &mut Emitter, x: ValueId, y: ValueId) -> Result<ValueId, Diagnostic> {
    let width = match em.float_kind(x)? {
        FloatKind::F64 => 64,
        FloatKind::F32 => 32,
        FloatKind::F16 | FloatKind::BF16 => 16,
        other => return Err(em.error(format!("has no expansion for {other:?} elements"))),
    };
    let int = em.ctx().int_type(width);
    let int_ty = em.with_element(em.ty(x), int);
    let bits = |em: &mut Emitter, v: ValueId| em.one(HloOpKind::BitcastConvertType, &[v], &[], Some(int_ty));
    let x_bits = bits(em, x)?;
    let y_bits = bits(em, y)?;
    let int_const = |em: &mut Emitter, v: i128| em.splat(Scalar::Int(v), int_ty);
    // The sign bit as a signed integer of `width` bits: -2^(width-1).
    let sign_mask = int_const(em, -(1i128 << (width - 1)))?;
    let magnitude_mask = int_const(em, (1i128 << (width - 1)) - 1)?;
    let zero = int_const(em, 0)?;
    let one = int_const(em, 1)?;
    let minus_one = int_const(em, -1)?;
    let x_abs = em.binary(HloOpKind::And, x_bits, magnitude_mask)?;
    let y_abs = em.binary(HloOpKind::And, y_bits, magnitude_mask)?;
    let x_sign = em.binary(HloOpKind::And, x_bits, sign_mask)?;
    let y_sign = em.binary(HloOpKind::And, y_bits, sign_mask)?;
    // Away from zero: step the bits by one towards y.
    let signs_differ = em.compare("NE", x_sign, y_sign, Some("SIGNED"))?;
    let x_larger = em.compare("GT", x_abs, y_abs, Some("SIGNED"))?;
    let smaller = em.binary(HloOpKind::Or, x_larger, signs_differ)?;
    let step = em.select(smaller, minus_one, one)?;
    let stepped = em.add(x_bits, step)?;
    // At zero: the smallest subnormal with y's sign, or y itself when y is ±0 too.
    let tiny = em.binary(HloOpKind::Or, y_sign, one)?;
    let y_zero = em.compare("EQ", y_abs, zero, Some("SIGNED"))?;
    let from_zero = em.select(y_zero, y_bits, tiny)?;
    let x_zero = em.compare("EQ", x_abs, zero, Some("SIGNED"))?;
    let result = em.select(x_zero, from_zero, stepped)?;
    let equal = em.compare("EQ", x, y, Some("FLOAT"))?;
    let result = em.select(equal, y_bits, result)?;
    let x_nan = em.compare("NE", x, x, Some("FLOAT"))?;
    let y_nan = em.compare("NE", y, y, Some("FLOAT"))?;
    let any_nan = em.binary(HloOpKind::Or, x_nan, y_nan)?;
    // As XLA's NextAfter, a quiet NaN constant where either operand is NaN.
    let nan = em.float(f64::NAN, x)?;
    let nan_bits = bits(em, nan)?;
    let result = em.select(any_nan, nan_bits, result)?;
    let float_ty = em.ty(x);
    em.one(HloOpKind::BitcastConvertType, &[result], &[], Some(float_ty))
}
