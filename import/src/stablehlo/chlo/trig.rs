//! Expansions of chlo's trigonometric and hyperbolic functions, `square` and `conj`, on real
//! floats (`conj` on complex numbers too; the other functions on complex numbers are in
//! [`complex_trig`](super::complex_trig)). Each function's comment is the identity it
//! computes; the forms are the numerically careful ones XLA's client library uses (no
//! overflow of `exp` for large `|x|`, no cancellation near 0).

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, TypeData, ValueId};

use super::emit::{max_finite, Emitter};

/// `square(x) = x * x`.
pub(crate) fn square(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.mul(x, x)
}

/// `conj(z) = complex(real(z), -imag(z))`; a real `x` is its own conjugate.
pub(crate) fn conj(em: &mut Emitter, z: ValueId) -> Result<ValueId, Diagnostic> {
    let t = em.tensor(z)?;
    let ctx = em.ctx();
    let TypeData::Complex(part) = ctx.type_data(t.element).clone() else { return Ok(z) };
    let part_type = em.with_element(em.ty(z), part);
    let re = em.one(HloOpKind::Real, &[z], &[], Some(part_type))?;
    let im = em.one(HloOpKind::Imag, &[z], &[], Some(part_type))?;
    let minus_im = em.unary(HloOpKind::Negate, im)?;
    em.one(HloOpKind::Complex, &[re, minus_im], &[], None)
}

/// Fails unless `x` holds real floats.
fn real(em: &Emitter, x: ValueId) -> Result<(), Diagnostic> {
    em.float_kind(x).map(|_| ())
}

/// `sinh(x) = (e + e / (e + 1)) / 2` with `e = expm1(x)` for `|x| < 1` (no cancellation),
/// else `exp(x - ln 2) - exp(-x - ln 2)` (no overflow before the result overflows); in
/// `f32` for narrower formats, as XLA's chlo legalization upcasts them.
pub(crate) fn sinh(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    em.in_f32_at_least(x, |em, x| {
        let e = em.unary(HloOpKind::ExponentialMinusOne, x)?;
        let one = em.float(1.0, x)?;
        let e_plus_one = em.add(e, one)?;
        let ratio = em.div(e, e_plus_one)?;
        let sum = em.add(e, ratio)?;
        let half = em.float(0.5, x)?;
        let small = em.mul(sum, half)?;
        let large = exp_sum(em, x, -1.0)?;
        let abs = em.unary(HloOpKind::Abs, x)?;
        let is_small = em.compare("LT", abs, one, None)?;
        em.select(is_small, small, large)
    })
}

/// `exp(x - ln 2) + sign * exp(-ln 2 - x)`, which is `(e^x + sign * e^-x) / 2`.
fn exp_sum(em: &mut Emitter, x: ValueId, sign: f64) -> Result<ValueId, Diagnostic> {
    let ln_half = em.float(0.5f64.ln(), x)?;
    let a = em.add(x, ln_half)?;
    let ea = em.unary(HloOpKind::Exponential, a)?;
    let b = em.sub(ln_half, x)?;
    let eb = em.unary(HloOpKind::Exponential, b)?;
    if sign < 0.0 {
        em.sub(ea, eb)
    } else {
        em.add(ea, eb)
    }
}

/// `cosh(x) = exp(x - ln 2) + exp(-x - ln 2)`; in `f32` for narrower formats, as XLA's
/// chlo legalization upcasts them.
pub(crate) fn cosh(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    em.in_f32_at_least(x, |em, x| exp_sum(em, x, 1.0))
}

/// `sqrt(1 - x^2)`, computed as `sqrt((1 - x) * (1 + x))`, which does not cancel near
/// `|x| = 1`.
fn cos_of_asin(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let one = em.float(1.0, x)?;
    let below = em.sub(one, x)?;
    let above = em.add(x, one)?;
    let product = em.mul(below, above)?;
    em.unary(HloOpKind::Sqrt, product)
}

/// `asin(x) = 2 * atan2(x, 1 + sqrt(1 - x^2))`, the doubling as `a + a` (exact).
pub(crate) fn asin(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    let root = cos_of_asin(em, x)?;
    let one = em.float(1.0, x)?;
    let denom = em.add(root, one)?;
    let angle = em.binary(HloOpKind::Atan2, x, denom)?;
    em.add(angle, angle)
}

/// `acos(x) = atan2(sqrt(1 - x^2), x)`, `pi` at `x = -1` included.
pub(crate) fn acos(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    let root = cos_of_asin(em, x)?;
    em.binary(HloOpKind::Atan2, root, x)
}

/// `atan(x) = atan2(x, 1)`.
pub(crate) fn atan(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    let one = em.float(1.0, x)?;
    em.binary(HloOpKind::Atan2, x, one)
}

/// `asinh(x) = sign(x) * log1p(a + a^2 / (1 + sqrt(a^2 + 1)))` with `a = |x|` (which is
/// `log(a + sqrt(a^2 + 1))` without cancellation), and `sign(x) * (log(a) + ln 2)` from where
/// `a^2` would overflow.
pub(crate) fn asinh(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let kind = em.float_kind(x)?;
    em.in_f32_for_bf16(x, |em, x| {
        let a = em.unary(HloOpKind::Abs, x)?;
        let one = em.float(1.0, x)?;
        let a2 = em.mul(a, a)?;
        let a2_plus_one = em.add(a2, one)?;
        let root = em.unary(HloOpKind::Sqrt, a2_plus_one)?;
        let denom = em.add(root, one)?;
        let ratio = em.div(a2, denom)?;
        let arg = em.add(a, ratio)?;
        let medium = em.unary(HloOpKind::LogPlusOne, arg)?;
        let large = log_plus_ln2(em, a)?;
        let limit = em.float(max_finite(kind).sqrt(), x)?;
        let is_large = em.compare("GE", a, limit, None)?;
        let magnitude = em.select(is_large, large, medium)?;
        let sign = em.unary(HloOpKind::Sign, x)?;
        em.mul(sign, magnitude)
    })
}

/// `log(a) + ln 2`, which is `log(2a)` without overflowing `2a`.
fn log_plus_ln2(em: &mut Emitter, a: ValueId) -> Result<ValueId, Diagnostic> {
    let log_a = em.unary(HloOpKind::Log, a)?;
    let ln2 = em.float(std::f64::consts::LN_2, a)?;
    em.add(log_a, ln2)
}

/// `acosh(x) = log1p(sqrt(x - 1) * (sqrt(x + 1) + sqrt(x - 1)))`, which is
/// `log(x + sqrt(x^2 - 1))` without the cancellation near 1, and `log(x) + ln 2` from where the product would
/// overflow (half the largest finite value); NaN below 1, as the square root of a negative
/// number.
pub(crate) fn acosh(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let kind = em.float_kind(x)?;
    em.in_f32_for_bf16(x, |em, x| {
        let limit = em.float(max_finite(kind) / 2.0, x)?;
        let is_large = em.compare("GE", x, limit, None)?;
        let large = log_plus_ln2(em, x)?;
        let one = em.float(1.0, x)?;
        let minus = em.sub(x, one)?;
        let root_minus = em.unary(HloOpKind::Sqrt, minus)?;
        let plus = em.add(x, one)?;
        let root_plus = em.unary(HloOpKind::Sqrt, plus)?;
        let sum = em.add(root_plus, root_minus)?;
        let product = em.mul(root_minus, sum)?;
        let general = em.unary(HloOpKind::LogPlusOne, product)?;
        em.select(is_large, large, general)
    })
}

/// `atanh(x) = (log1p(x) - log1p(-x)) / 2`: infinite at `±1`, and the quiet NaN constant
/// where `|x| > 1`. The difference would be NaN there already, but with the sign bit the
/// hardware gives an invalid operation (negative on x86); XLA's legalization selects its
/// positive NaN explicitly, and so does this one, so that results agree bit for bit.
pub(crate) fn atanh(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    real(em, x)?;
    let magnitude = em.unary(HloOpKind::Abs, x)?;
    let one = em.float(1.0, x)?;
    let out_of_domain = em.compare("GT", magnitude, one, None)?;
    let nan = em.float(f64::NAN, x)?;
    let up = em.unary(HloOpKind::LogPlusOne, x)?;
    let minus_x = em.unary(HloOpKind::Negate, x)?;
    let down = em.unary(HloOpKind::LogPlusOne, minus_x)?;
    let difference = em.sub(up, down)?;
    let half = em.float(0.5, x)?;
    let value = em.mul(difference, half)?;
    em.select(out_of_domain, nan, value)
}
