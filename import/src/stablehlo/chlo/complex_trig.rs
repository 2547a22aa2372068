//! Expansions of chlo's hyperbolic and inverse trigonometric functions and `square` on
//! complex numbers (`complex<f32>` and `complex<f64>`), written as XLA writes them when it
//! reads StableHLO: its chlo legalization gives `sinh` and `cosh` as complex `exp` and `log`
//! (which the complex math expander then writes as real arithmetic, see
//! [`complex_math`](crate::stablehlo::complex_math)), and the other functions directly as
//! real arithmetic on the parts, in the forms of the `functional_algorithms` package that
//! StableHLO's decompositions are generated from. Reading StableHLO the same way gives the
//! same program as XLA's HLO, op for op (`import/tests/fixtures.rs` compares the counts), and
//! XLA CPU's values (`fixtures/complex_chlo`).
//!
//! `asin`, `acos`, `asinh` and `acosh` share one kernel, the algorithm of Hull, Fairgrieve
//! and Tang ("Implementing the complex arcsine and arccosine functions using exception
//! handling", 1997) with its eleven regions folded into three for the real part and four for
//! the imaginary part; `atan` is `atanh` of `iz` turned back. Each function's comment states
//! the identity and its numerically careful cases.
//!
//! Constants that depend on the float format (the overflow and underflow thresholds) are
//! derived from it and rounded to it step by step, as XLA folds them, so that they are the
//! same bits as in XLA's HLO.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, FloatKind, Scalar, ValueId};

use super::emit::{max_finite, min_positive_normal, round_to, significand_bits, Emitter};
use crate::stablehlo::complex_math::{self, hypot, split, ComplexFunction, OnParts, Parts};

/// How a chlo function is written on complex numbers.
#[derive(Copy, Clone)]
pub(crate) enum ComplexForm {
    /// As complex ops on the whole value (which [`complex_math`] then writes as real
    /// arithmetic).
    Whole(fn(&mut Emitter, ValueId) -> Result<ValueId, Diagnostic>),
    /// As real arithmetic on the value's parts.
    OnParts(OnParts),
}

/// Emits `form` of `z`; `None` (and nothing emitted) when `z` is not complex.
pub(crate) fn expand(em: &mut Emitter, form: ComplexForm, z: ValueId) -> Result<Option<ValueId>, Diagnostic> {
    if !is_complex(em, z) {
        return Ok(None);
    }
    let on_parts = match form {
        ComplexForm::Whole(function) => return function(em, z).map(Some),
        ComplexForm::OnParts(on_parts) => on_parts,
    };
    let Some(parts) = split(em, z)? else { return Ok(None) };
    let (re, im) = on_parts(em, parts)?;
    em.one(HloOpKind::Complex, &[re, im], &[], None).map(Some)
}

/// Whether `z` is a tensor of complex numbers.
fn is_complex(em: &Emitter, z: ValueId) -> bool {
    let ctx = em.ctx();
    ctx.as_tensor(em.ty(z)).is_some_and(|t| matches!(ctx.type_data(t.element), xla_ir::TypeData::Complex(_)))
}

/// `sinh(z) = exp(z + log(1/2)) - exp(log(1/2) - z)`, which is `(e^z - e^-z) / 2` with the
/// halving moved into the exponents so that it does not overflow before the result does.
/// `log(1/2)` is the complex log of the constant `0.5 + 0i` and the exponentials are complex:
/// all three are written as real arithmetic ([`complex_math::emit`]), as in XLA.
pub(crate) fn sinh(em: &mut Emitter, z: ValueId) -> Result<ValueId, Diagnostic> {
    let (up, down) = half_exponentials(em, z)?;
    em.sub(up, down)
}

/// `cosh(z) = exp(z + log(1/2)) + exp(log(1/2) - z)`, as [`sinh`].
pub(crate) fn cosh(em: &mut Emitter, z: ValueId) -> Result<ValueId, Diagnostic> {
    let (up, down) = half_exponentials(em, z)?;
    em.add(up, down)
}

/// `(e^z / 2, e^-z / 2)` as complex `exp(z + log(1/2))` and `exp(log(1/2) - z)`.
fn half_exponentials(em: &mut Emitter, z: ValueId) -> Result<(ValueId, ValueId), Diagnostic> {
    let ty = em.ty(z);
    let half = em.splat(Scalar::Complex(0.5, 0.0), ty)?;
    let log_half = complex_math::emit(em, ComplexFunction::Log, half)?;
    let shifted = em.add(z, log_half)?;
    let up = complex_math::emit(em, ComplexFunction::Exponential, shifted)?;
    let reflected = em.sub(log_half, z)?;
    let down = complex_math::emit(em, ComplexFunction::Exponential, reflected)?;
    Ok((up, down))
}

/// `(x + iy)^2 = (x - y)(x + y) + i 2(xy)`. The real part is written as a product, which
/// does not cancel, and is exactly 0 where `|x| = |y|` and `x` is finite (where the product
/// of `inf - inf` would be NaN); the imaginary part doubles `xy` after the product, which
/// overflows only when the result does.
pub(crate) fn square(em: &mut Emitter, Parts { x, y, .. }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let bool_ty = em.with_element(em.ty(x), em.ctx().int_type(1));
    let x_finite = em.one(HloOpKind::IsFinite, &[x], &[], Some(bool_ty))?;
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let same_magnitude = em.compare("EQ", ax, ay, None)?;
    let exactly_zero = em.binary(HloOpKind::And, x_finite, same_magnitude)?;
    let zero = em.float(0.0, x)?;
    let difference = em.sub(x, y)?;
    let sum = em.add(x, y)?;
    let product = em.mul(difference, sum)?;
    let re = em.select(exactly_zero, zero, product)?;
    let xy = em.mul(x, y)?;
    let two = em.float(2.0, x)?;
    let im = em.mul(xy, two)?;
    Ok((re, im))
}

/// `asin(x + iy) = atan2(x, q) + i sign(y) log(a + sqrt(a^2 - 1))` (see [`asin_kernel`] for
/// `q` and the imaginary part's magnitude), where `a` is half the sum of the distances from
/// `z` to `1` and `-1`.
pub(crate) fn asin(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let kernel = asin_kernel(em, ax, ay, kind)?;
    let re = em.binary(HloOpKind::Atan2, x, kernel.q)?;
    let zero = em.float(0.0, x)?;
    let y_negative = em.compare("LT", y, zero, None)?;
    let minus = em.unary(HloOpKind::Negate, kernel.log_term)?;
    let im = em.select(y_negative, minus, kernel.log_term)?;
    Ok((re, im))
}

/// `acos(x + iy) = atan2(q, x) - i sign(y) log(a + sqrt(a^2 - 1))`: the real part is asin's
/// with the arguments of `atan2` swapped, the imaginary part asin's negated.
pub(crate) fn acos(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let kernel = asin_kernel(em, ax, ay, kind)?;
    let re = em.binary(HloOpKind::Atan2, kernel.q, x)?;
    let zero = em.float(0.0, x)?;
    let y_negative = em.compare("LT", y, zero, None)?;
    let minus = em.unary(HloOpKind::Negate, kernel.log_term)?;
    let im = em.select(y_negative, kernel.log_term, minus)?;
    Ok((re, im))
}

/// `asinh(z) = -i asin(iz)` with `iz = -y + ix`: the real part is asin's imaginary part
/// (signed by `x`), the imaginary part `-atan2(-y, q) = atan2(y, q)` (`atan2` is odd in its
/// first argument), both from the kernel on `|-y|` and `|x|`.
pub(crate) fn asinh(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let zero = em.float(0.0, x)?;
    let x_negative = em.compare("LT", x, zero, None)?;
    let ax = em.unary(HloOpKind::Abs, x)?;
    let minus_y = em.unary(HloOpKind::Negate, y)?;
    let a_minus_y = em.unary(HloOpKind::Abs, minus_y)?;
    let kernel = asin_kernel(em, a_minus_y, ax, kind)?;
    let minus = em.unary(HloOpKind::Negate, kernel.log_term)?;
    let re = em.select(x_negative, minus, kernel.log_term)?;
    let im = em.binary(HloOpKind::Atan2, y, kernel.q)?;
    Ok((re, im))
}

/// `acosh(z) = i sign(y) acos(z)` on the principal branch, which is
/// `log(a + sqrt(a^2 - 1)) + i sign(y) atan2(q, x)`: acos's parts swapped and re-signed, so the
/// real part is never negative.
pub(crate) fn acosh(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let kernel = asin_kernel(em, ax, ay, kind)?;
    let zero = em.float(0.0, x)?;
    let y_negative = em.compare("LT", y, zero, None)?;
    let angle = em.binary(HloOpKind::Atan2, kernel.q, x)?;
    let minus = em.unary(HloOpKind::Negate, angle)?;
    let im = em.select(y_negative, minus, angle)?;
    Ok((kernel.log_term, im))
}

/// What asin, acos, asinh and acosh compute from `|x|` and `|y|`.
struct AsinKernel {
    /// `q = sqrt(a^2 - x^2)`, so that `Re asin(z) = atan2(x, q)` and `Re acos(z) = atan2(q, x)`.
    q: ValueId,
    /// `log(a + sqrt(a^2 - 1)) >= 0`, the magnitude of asin's imaginary part.
    log_term: ValueId,
}

/// The modified Hull et al. algorithm for the first quadrant, `x = |Re z|`, `y = |Im z|`. With
/// `r = hypot(x + 1, y)`, `s = hypot(x - 1, y)` and `a = (r + s) / 2 >= 1`:
///
/// `q = sqrt(a^2 - x^2) = sqrt((a + x)(a - x))`, where `a - x` is formed without cancellation:
/// for `x <= 1` as `q = sqrt((a + x)/2 (y^2 / (r + x + 1) + (s - (x - 1))))`, for `x > 1` as
/// `q = y sqrt((a + x)/2 / (r + x + 1) + (a + x)/2 / (s + x - 1))`; where `max(x, y)` reaches
/// `safe_max = sqrt(max) / 8` (so that `a ~ hypot(x, y)`), `q = y`.
///
/// `log(a + sqrt(a^2 - 1)) = log1p(am1 + sqrt(am1 (a + 1)))` with `am1 = a - 1` formed without
/// cancellation: `y^2/2 / (r + x + 1) + (s + x - 1)/2` for `x >= 1`,
/// `y^2/2 / (r + x + 1) + y^2/2 / (s - (x - 1))` for `x < 1` and `a <= 1.5`, `a - 1` otherwise.
/// Two regions replace it: for `y` below `safe_min = 4 sqrt(smallest normal)` with `x < 1`,
/// where `am1 = -(x + 1)(x - 1) / (a + 1)` and the result is `y / sqrt(am1 (a + 1))`; and for
/// large magnitudes (`y` from `safe_max * 1e-6`, or `1e2` when `x` passes `safe_max * 1e12`,
/// or the larger of `x` and `y` past `safe_max`), where `a ~ hypot(x, y)` and the result is
/// `log(2) + log(m) + log1p((x/y)^2) / 2` with `m` the larger (`x/y` taken as 0 when `y` is
/// below the threshold or infinite).
fn asin_kernel(em: &mut Emitter, x: ValueId, y: ValueId, kind: FloatKind) -> Result<AsinKernel, Diagnostic> {
    let safe_max = round_to(kind, round_to(kind, max_finite(kind).sqrt()) / 8.0);
    let safe_min = round_to(kind, round_to(kind, min_positive_normal(kind).sqrt()) * 4.0);
    let scaled_safe_max = |factor: f64| round_to(kind, safe_max * round_to(kind, factor));
    let zero = em.float(0.0, x)?;
    let half = em.float(0.5, x)?;
    let one = em.float(1.0, x)?;

    // The real part's q.
    let larger = em.binary(HloOpKind::Maximum, x, y)?;
    let safe_max_c = em.float(safe_max, x)?;
    let beyond_safe_max = em.compare("GE", larger, safe_max_c, None)?;
    let x_at_most_one = em.compare("LE", x, one, None)?;
    let x_plus_one = em.add(x, one)?;
    let abs_x_plus_one = em.unary(HloOpKind::Abs, x_plus_one)?;
    let r = hypot(em, abs_x_plus_one, y)?;
    let x_minus_one = em.sub(x, one)?;
    let abs_x_minus_one = em.unary(HloOpKind::Abs, x_minus_one)?;
    let s = hypot(em, abs_x_minus_one, y)?;
    let r_plus_s = em.add(r, s)?;
    let a = em.mul(r_plus_s, half)?;
    let a_plus_x = em.add(a, x)?;
    let half_a_plus_x = em.mul(a_plus_x, half)?;
    let y2 = em.mul(y, y)?;
    let r_plus_x_plus_one = em.add(r, x_plus_one)?;
    let y2_over_r_term = em.div(y2, r_plus_x_plus_one)?;
    let s_minus_x_minus_one = em.sub(s, x_minus_one)?;
    let a_minus_x_twice = em.add(y2_over_r_term, s_minus_x_minus_one)?;
    let q_squared_inside = em.mul(half_a_plus_x, a_minus_x_twice)?;
    let q_inside = em.unary(HloOpKind::Sqrt, q_squared_inside)?;
    let over_r_term = em.div(half_a_plus_x, r_plus_x_plus_one)?;
    let s_plus_x_minus_one = em.add(s, x_minus_one)?;
    let over_s_term = em.div(half_a_plus_x, s_plus_x_minus_one)?;
    let q_over_y_squared = em.add(over_r_term, over_s_term)?;
    let q_over_y = em.unary(HloOpKind::Sqrt, q_over_y_squared)?;
    let q_outside = em.mul(y, q_over_y)?;
    let q = em.select(x_at_most_one, q_inside, q_outside)?;
    let q = em.select(beyond_safe_max, y, q)?;

    // The imaginary part's magnitude, for large magnitudes.
    let x_limit = em.float(scaled_safe_max(1e12), x)?;
    let x_moderate = em.compare("LT", x, x_limit, None)?;
    let y_limit_small = em.float(scaled_safe_max(1e-6), x)?;
    let y_limit_large = em.float(scaled_safe_max(1e2), x)?;
    let y_limit = em.select(x_moderate, y_limit_small, y_limit_large)?;
    let y_large = em.compare("GE", y, y_limit, None)?;
    let m = em.select(y_large, y, x)?;
    let m_limit = em.select(y_large, y_limit, safe_max_c)?;
    let m_large = em.compare("GE", m, m_limit, None)?;
    let log_m = em.unary(HloOpKind::Log, m)?;
    let ln2 = em.float(std::f64::consts::LN_2, x)?;
    let log_2m = em.add(log_m, ln2)?;
    let inf = em.float(f64::INFINITY, x)?;
    let y_infinite = em.compare("EQ", y, inf, None)?;
    let y_finite = em.unary(HloOpKind::Not, y_infinite)?;
    let use_ratio = em.binary(HloOpKind::And, y_large, y_finite)?;
    let x_over_y = em.div(x, y)?;
    let ratio = em.select(use_ratio, x_over_y, zero)?;
    let ratio2 = em.mul(ratio, ratio)?;
    let log1p_ratio2 = em.unary(HloOpKind::LogPlusOne, ratio2)?;
    let half_log1p_ratio2 = em.mul(log1p_ratio2, half)?;
    let log_term_large = em.add(log_2m, half_log1p_ratio2)?;

    // a - 1 by region, and the imaginary part's magnitude from it.
    let safe_min_c = em.float(safe_min, x)?;
    let y_tiny = em.compare("LT", y, safe_min_c, None)?;
    let x_below_one = em.compare("LT", x, one, None)?;
    let tiny = em.binary(HloOpKind::And, y_tiny, x_below_one)?;
    let product = em.mul(x_plus_one, x_minus_one)?;
    let a_plus_one = em.add(a, one)?;
    let quotient = em.div(product, a_plus_one)?;
    let am1_tiny = em.unary(HloOpKind::Negate, quotient)?;
    let x_from_one = em.compare("GE", x, one, None)?;
    let half_y2 = em.mul(y2, half)?;
    let half_y2_over_r_term = em.div(half_y2, r_plus_x_plus_one)?;
    let half_s_term = em.mul(s_plus_x_minus_one, half)?;
    let am1_x_from_one = em.add(half_y2_over_r_term, half_s_term)?;
    let one_and_half = em.float(1.5, x)?;
    let a_near_one = em.compare("LE", a, one_and_half, None)?;
    let half_y2_over_s_term = em.div(half_y2, s_minus_x_minus_one)?;
    let am1_near_one = em.add(half_y2_over_r_term, half_y2_over_s_term)?;
    let am1_direct = em.sub(a, one)?;
    let am1 = em.select(a_near_one, am1_near_one, am1_direct)?;
    let am1 = em.select(x_from_one, am1_x_from_one, am1)?;
    let am1 = em.select(tiny, am1_tiny, am1)?;
    let root_squared = em.mul(am1, a_plus_one)?;
    let root = em.unary(HloOpKind::Sqrt, root_squared)?;
    let log_term_tiny = em.div(y, root)?;
    let log1p_arg = em.add(am1, root)?;
    let log_term_general = em.unary(HloOpKind::LogPlusOne, log1p_arg)?;
    let log_term = em.select(tiny, log_term_tiny, log_term_general)?;
    let log_term = em.select(m_large, log_term_large, log_term)?;
    Ok(AsinKernel { q, log_term })
}

/// `atanh(x + iy) = (log1p(z) - log1p(-z)) / 2`, see [`atanh_parts`].
pub(crate) fn atanh(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    atanh_parts(em, x, y, kind)
}

/// `atan(z) = -i atanh(iz)` with `iz = -y + ix`: `atanh(-y + ix) = u + iv` gives `v - iu`.
pub(crate) fn atan(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let minus_y = em.unary(HloOpKind::Negate, y)?;
    let (u, v) = atanh_parts(em, minus_y, x, kind)?;
    let minus_u = em.unary(HloOpKind::Negate, u)?;
    Ok((v, minus_u))
}

/// The parts of `atanh(x + iy)`. With `n = 1/epsneg` rounded up to the next float (`2^p + 2`
/// for `p` significand bits, beyond which `x + 1 = x`) and `safe_max = n^2`:
///
/// real part `sign(x) log1p(4 t) / 4` with, inside the safe region (`|x|, |y| < safe_max`),
/// `t = |x| / ((1 - |x|)^2 + y^2)`, the quotient `((x+1)^2 + y^2) / ((x-1)^2 + y^2) - 1` over 4;
/// outside it `t = 1/|x|` where `|y| n < |x|` (`y` negligible), else
/// `t = 1 / (|x|/y + y/|x|) / y`, 0 when either part is infinite;
///
/// imaginary part `atan2(2y, (1 - |x|)(1 + |x|) - y^2) / 2` inside the safe region (the
/// difference of the two `atan2`s, with `1 - x^2` factored so that it does not cancel), and
/// `sign(y) pi / 2` outside it.
fn atanh_parts(em: &mut Emitter, x: ValueId, y: ValueId, kind: FloatKind) -> Result<(ValueId, ValueId), Diagnostic> {
    let after_one = (2f64).powi(significand_bits(kind)) + 2.0;
    let safe_max = round_to(kind, after_one * after_one);
    let zero = em.float(0.0, x)?;
    let one = em.float(1.0, x)?;
    let minus_one = em.float(-1.0, x)?;

    let x_nonnegative = em.compare("GE", x, zero, None)?;
    let sign_x = em.select(x_nonnegative, one, minus_one)?;
    let ax = em.unary(HloOpKind::Abs, x)?;
    let safe_max_c = em.float(safe_max, x)?;
    let x_safe = em.compare("LT", ax, safe_max_c, None)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let y_safe = em.compare("LT", ay, safe_max_c, None)?;
    let safe = em.binary(HloOpKind::And, x_safe, y_safe)?;
    let one_minus_ax = em.sub(one, ax)?;
    let one_minus_ax2 = em.mul(one_minus_ax, one_minus_ax)?;
    let y2 = em.mul(y, y)?;
    let distance2 = em.add(one_minus_ax2, y2)?;
    let t_safe = em.div(ax, distance2)?;
    let after_one_c = em.float(after_one, x)?;
    let ay_scaled = em.mul(ay, after_one_c)?;
    let y_negligible = em.compare("LT", ay_scaled, ax, None)?;
    let t_y_negligible = em.div(one, ax)?;
    let inf = em.float(f64::INFINITY, x)?;
    let minus_inf = em.float(f64::NEG_INFINITY, x)?;
    let infinite = |em: &mut Emitter, v: ValueId| -> Result<ValueId, Diagnostic> {
        let plus = em.compare("EQ", v, inf, None)?;
        let minus = em.compare("EQ", v, minus_inf, None)?;
        em.binary(HloOpKind::Or, plus, minus)
    };
    let x_infinite = infinite(em, x)?;
    let y_infinite = infinite(em, y)?;
    let any_infinite = em.binary(HloOpKind::Or, x_infinite, y_infinite)?;
    let ax_over_y = em.div(ax, y)?;
    let y_over_ax = em.div(y, ax)?;
    let ratios = em.add(ax_over_y, y_over_ax)?;
    let inverse = em.div(one, ratios)?;
    let t_large = em.div(inverse, y)?;
    let t_large = em.select(any_infinite, zero, t_large)?;
    let t = em.select(y_negligible, t_y_negligible, t_large)?;
    let t = em.select(safe, t_safe, t)?;
    let four = em.float(4.0, x)?;
    let four_t = em.mul(t, four)?;
    let log1p_four_t = em.unary(HloOpKind::LogPlusOne, four_t)?;
    let signed = em.mul(sign_x, log1p_four_t)?;
    let quarter = em.float(0.25, x)?;
    let re = em.mul(signed, quarter)?;

    let two_y = em.add(y, y)?;
    let ax_plus_one = em.add(ax, one)?;
    let one_minus_x2 = em.mul(one_minus_ax, ax_plus_one)?;
    let denominator = em.sub(one_minus_x2, y2)?;
    let angle = em.binary(HloOpKind::Atan2, two_y, denominator)?;
    let y_nonnegative = em.compare("GE", y, zero, None)?;
    let sign_y = em.select(y_nonnegative, one, minus_one)?;
    let pi = em.float(std::f64::consts::PI, x)?;
    let edge = em.mul(sign_y, pi)?;
    let twice_im = em.select(safe, angle, edge)?;
    let half = em.float(0.5, x)?;
    let im = em.mul(twice_im, half)?;
    Ok((re, im))
}
