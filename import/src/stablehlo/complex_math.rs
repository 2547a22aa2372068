//! Complex `exponential`, `log`, `log_plus_one` and `sqrt` written as real arithmetic on the
//! parts, as XLA does when it takes StableHLO in: its StableHLO-to-HLO conversion runs
//! StableHLO's complex math expander, so the HLO that XLA CPU compiles (and that
//! `.as_text(dialect="hlo")` prints) has these forms, not one complex op. Reading StableHLO
//! the same way gives the same program and XLA's results to the last bit, including the
//! careful handling of overflow (`exp` of a large real part), cancellation (`log` near the
//! unit circle, `log1p` near -1) and the branch cut of `sqrt`.
//!
//! The forms are those of the `functional_algorithms` package StableHLO's expander is
//! generated from; each function's comment says what it computes and why. Constants that
//! depend on the float format are derived from it (Dekker's splitter, the overflow limit).
//!
//! Only StableHLO input is expanded: the parse hook leaves these ops under their StableHLO
//! name when they compute on complex numbers, and legalization expands them; an `hlo` op
//! written as such keeps its one op.
//!
//! Invariant: only complex operands are expanded (a real op is left alone), and the
//! expansion's result replaces the op with exactly its type.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Body, Diagnostic, FloatKind, OpId, TypeData, ValueId};

use super::chlo::emit::{max_finite, Emitter};
use super::dialect::StablehloOpKind;

/// The complex functions this module writes as real arithmetic.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ComplexFunction {
    Exponential,
    Log,
    LogPlusOne,
    Sqrt,
}

impl ComplexFunction {
    /// Every function this module expands.
    pub(crate) const ALL: [ComplexFunction; 4] =
        [ComplexFunction::Exponential, ComplexFunction::Log, ComplexFunction::LogPlusOne, ComplexFunction::Sqrt];

    /// The StableHLO op that computes it.
    pub(crate) fn stablehlo_kind(self) -> StablehloOpKind {
        match self {
            ComplexFunction::Exponential => StablehloOpKind::Exponential,
            ComplexFunction::Log => StablehloOpKind::Log,
            ComplexFunction::LogPlusOne => StablehloOpKind::LogPlusOne,
            ComplexFunction::Sqrt => StablehloOpKind::Sqrt,
        }
    }

    /// The hlo op that computes it as one op.
    pub(crate) fn hlo_kind(self) -> HloOpKind {
        match self {
            ComplexFunction::Exponential => HloOpKind::Exponential,
            ComplexFunction::Log => HloOpKind::Log,
            ComplexFunction::LogPlusOne => HloOpKind::LogPlusOne,
            ComplexFunction::Sqrt => HloOpKind::Sqrt,
        }
    }

    /// The function StableHLO op `kind` computes, when this module expands it.
    pub(crate) fn of_stablehlo(kind: StablehloOpKind) -> Option<ComplexFunction> {
        ComplexFunction::ALL.iter().copied().find(|function| function.stablehlo_kind() == kind)
    }

    /// Its expansion: the parts of its result from the parts of its operand.
    fn on_parts(self) -> OnParts {
        match self {
            ComplexFunction::Exponential => exp,
            ComplexFunction::Log => log,
            ComplexFunction::LogPlusOne => log_plus_one,
            ComplexFunction::Sqrt => sqrt,
        }
    }
}

/// Replaces `op`, which computes `function`, by its expansion when its operand is complex;
/// returns whether it did.
pub(crate) fn expand_complex_math(body: &mut Body, op: OpId, function: ComplexFunction) -> Result<bool, Diagnostic> {
    let Some(&z) = body.op(op).operands.first() else { return Ok(false) };
    let result = {
        let mut em = Emitter::new(body, op);
        let Some(parts) = split(&mut em, z)? else { return Ok(false) };
        let (re, im) = function.on_parts()(&mut em, parts)?;
        em.one(HloOpKind::Complex, &[re, im], &[], None)?
    };
    body.replace_op(op, &[result]);
    Ok(true)
}

/// Emits `function` of the complex value `z` as real arithmetic, for expansions that are
/// written with complex `exp` and `log` (chlo's complex `sinh` and `cosh`); any other
/// operand gets the function's one hlo op.
pub(crate) fn emit(em: &mut Emitter, function: ComplexFunction, z: ValueId) -> Result<ValueId, Diagnostic> {
    if let Some(parts) = split(em, z)? {
        let (re, im) = function.on_parts()(em, parts)?;
        return em.one(HloOpKind::Complex, &[re, im], &[], None);
    }
    let ty = em.ty(z);
    em.one(function.hlo_kind(), &[z], &[], Some(ty))
}

/// The real and imaginary parts of a complex value `x + iy`, and their float format.
#[derive(Clone, Copy)]
pub(crate) struct Parts {
    pub(crate) x: ValueId,
    pub(crate) y: ValueId,
    pub(crate) kind: FloatKind,
}

/// A complex function written as real arithmetic: the parts of its result from the parts of
/// its operand.
pub(crate) type OnParts = fn(&mut Emitter, Parts) -> Result<(ValueId, ValueId), Diagnostic>;

/// The parts of `z` (`hlo.real` and `hlo.imag` ops) when `z` is a tensor of complex numbers;
/// `None` for anything else, for which nothing is emitted.
pub(crate) fn split(em: &mut Emitter, z: ValueId) -> Result<Option<Parts>, Diagnostic> {
    let ctx = em.ctx();
    let Some(tensor) = ctx.as_tensor(em.ty(z)) else { return Ok(None) };
    let TypeData::Complex(part) = *ctx.type_data(tensor.element) else { return Ok(None) };
    let TypeData::Float(kind) = *ctx.type_data(part) else { return Ok(None) };
    let part_type = em.with_element(em.ty(z), part);
    let x = em.one(HloOpKind::Real, &[z], &[], Some(part_type))?;
    let y = em.one(HloOpKind::Imag, &[z], &[], Some(part_type))?;
    Ok(Some(Parts { x, y, kind }))
}

/// `exp(x + iy) = exp(x) cos(y) + i exp(x) sin(y)`. Where `exp(x)` overflows but the
/// product need not, `exp(x/2)` is applied twice (`(exp(x/2) cos y) exp(x/2)`); the
/// imaginary part of a real argument is exactly 0 (not `inf * 0 = NaN`).
fn exp(em: &mut Emitter, Parts { x, y, .. }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let e = em.unary(HloOpKind::Exponential, x)?;
    let inf = em.float(f64::INFINITY, x)?;
    let overflows = em.compare("EQ", e, inf, None)?;
    let half = em.float(0.5, x)?;
    let half_x = em.mul(x, half)?;
    let e_half = em.unary(HloOpKind::Exponential, half_x)?;
    let scaled = |em: &mut Emitter, trig: ValueId| -> Result<ValueId, Diagnostic> {
        let twice = em.mul(e_half, trig)?;
        let twice = em.mul(twice, e_half)?;
        let once = em.mul(e, trig)?;
        em.select(overflows, twice, once)
    };
    let cos = em.unary(HloOpKind::Cosine, y)?;
    let re = scaled(em, cos)?;
    let zero = em.float(0.0, x)?;
    let y_is_zero = em.compare("EQ", y, zero, None)?;
    let sin = em.unary(HloOpKind::Sine, y)?;
    let im = scaled(em, sin)?;
    let im = em.select(y_is_zero, zero, im)?;
    Ok((re, im))
}

/// `log(x + iy) = log|z| + i atan2(y, x)`, with `log|z|` computed two ways: near the unit
/// circle (`||z|^2 - 1| < 1/2`) as `log1p(|z|^2 - 1) / 2` where `|z|^2 - 1` is summed
/// exactly enough (the squares' rounding errors by Dekker's product, the sums'
/// by two-sum) not to cancel, and elsewhere as `log(m) + log1p((n/m)^2) / 2` with
/// `m = max(|x|, |y|)`, `n = min(|x|, |y|)`, which neither overflows nor underflows.
fn log(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let y2 = em.mul(y, y)?;
    let x2 = em.mul(x, x)?;
    let y2_larger = em.compare("GT", y2, x2, None)?;
    let big = em.select(y2_larger, y2, x2)?;
    let minus_one = em.float(-1.0, x)?;
    let big_minus_one = em.add(big, minus_one)?;
    let small = em.select(y2_larger, x2, y2)?;
    let sum = em.add(big_minus_one, small)?;
    let y2_error = square_error(em, y, y2, kind)?;
    let sum_y = em.add(sum, y2_error)?;
    let x2_error = square_error(em, x, x2, kind)?;
    let sum_xy = em.add(sum_y, x2_error)?;
    // The rounding errors of the four additions, each by Fast2Sum, added back.
    let e1 = fast_two_sum_error(em, big_minus_one, big, minus_one)?;
    let e2 = fast_two_sum_error(em, sum, small, big_minus_one)?;
    let errors = em.add(e1, e2)?;
    let e3 = fast_two_sum_error(em, sum_y, y2_error, sum)?;
    let errors = em.add(errors, e3)?;
    let e4 = fast_two_sum_error(em, sum_xy, x2_error, sum_y)?;
    let errors = em.add(errors, e4)?;
    let norm_minus_one = em.add(sum_xy, errors)?;

    let magnitude = em.unary(HloOpKind::Abs, norm_minus_one)?;
    let half = em.float(0.5, x)?;
    let near_circle = em.compare("LT", magnitude, half, None)?;
    let near = em.unary(HloOpKind::LogPlusOne, norm_minus_one)?;
    let near = em.mul(near, half)?;
    let far = log_of_hypot(em, x, y, half)?;
    let re = em.select(near_circle, near, far)?;
    let im = em.binary(HloOpKind::Atan2, y, x)?;
    Ok((re, im))
}

/// `log(hypot(x, y)) = log(m) + log1p((n/m)^2) / 2` with `m = max(|x|, |y|)` and
/// `n = min(|x|, |y|)`; the ratio is 1 where they are equal (both infinite included).
fn log_of_hypot(em: &mut Emitter, x: ValueId, y: ValueId, half: ValueId) -> Result<ValueId, Diagnostic> {
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let m = em.binary(HloOpKind::Maximum, ax, ay)?;
    let log_m = em.unary(HloOpKind::Log, m)?;
    let n = em.binary(HloOpKind::Minimum, ax, ay)?;
    let equal = em.compare("EQ", n, m, None)?;
    let one = em.float(1.0, x)?;
    let ratio = em.div(n, m)?;
    let ratio = em.select(equal, one, ratio)?;
    let ratio2 = em.mul(ratio, ratio)?;
    let log1p = em.unary(HloOpKind::LogPlusOne, ratio2)?;
    let half_log1p = em.mul(log1p, half)?;
    em.add(log_m, half_log1p)
}

/// `log1p(x + iy) = log|1 + z| + i atan2(y, 1 + x)`, with `log|1 + z|`: for huge `|z|`
/// (past `sqrt(max) / 100`) as `log(m) + log1p((n/m)^2) / 2`; where `|1 + x| + |y| < 0.2`
/// directly as `log((1 + x)^2 + y^2) / 2`; and elsewhere as `log1p(2x + x^2 + y^2) / 2`, the
/// sum taken with every rounding error recovered (Dekker's product for the squares, two-sum
/// for the additions), so that it does not cancel for `z` near 0.
fn log_plus_one(em: &mut Emitter, Parts { x, y, kind }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let m = em.binary(HloOpKind::Maximum, ax, ay)?;
    let limit = em.float(max_finite(kind).sqrt() * 0.01, x)?;
    let huge = em.compare("GT", m, limit, None)?;
    let log_m = em.unary(HloOpKind::Log, m)?;
    let n = em.binary(HloOpKind::Minimum, ax, ay)?;
    let equal = em.compare("EQ", n, m, None)?;
    let one = em.float(1.0, x)?;
    let ratio = em.div(n, m)?;
    let ratio2 = em.mul(ratio, ratio)?;
    let ratio2 = em.select(equal, one, ratio2)?;
    let log1p_ratio2 = em.unary(HloOpKind::LogPlusOne, ratio2)?;
    let half = em.float(0.5, x)?;
    let half_log1p_ratio2 = em.mul(log1p_ratio2, half)?;
    let for_huge = em.add(log_m, half_log1p_ratio2)?;

    let x_plus_one = em.add(x, one)?;
    let a_x_plus_one = em.unary(HloOpKind::Abs, x_plus_one)?;
    let taxicab = em.add(a_x_plus_one, ay)?;
    let fifth = em.float(0.2, x)?;
    let near_minus_one = em.compare("LT", taxicab, fifth, None)?;
    let x_plus_one2 = em.mul(x_plus_one, x_plus_one)?;
    let y2 = em.mul(y, y)?;
    let norm2 = em.add(x_plus_one2, y2)?;
    let log_norm2 = em.unary(HloOpKind::Log, norm2)?;
    let for_near_minus_one = em.mul(log_norm2, half)?;

    let two_x = em.add(x, x)?;
    let s1 = em.add(two_x, y2)?;
    let x2 = em.mul(x, x)?;
    let s2 = em.add(s1, x2)?;
    let y2_error = square_error(em, y, y2, kind)?;
    let s3 = em.add(s2, y2_error)?;
    let x2_error = square_error(em, x, x2, kind)?;
    let s4 = em.add(s3, x2_error)?;
    let e1 = two_sum_error(em, s1, two_x, y2)?;
    let e2 = two_sum_error(em, s2, s1, x2)?;
    let errors = em.add(e1, e2)?;
    let e3 = two_sum_error(em, s3, s2, y2_error)?;
    let errors = em.add(errors, e3)?;
    let e4 = two_sum_error(em, s4, s3, x2_error)?;
    let errors = em.add(errors, e4)?;
    let sum = em.add(s4, errors)?;
    let log1p_sum = em.unary(HloOpKind::LogPlusOne, sum)?;
    let general = em.mul(log1p_sum, half)?;

    let not_huge = em.select(near_minus_one, for_near_minus_one, general)?;
    let re = em.select(huge, for_huge, not_huge)?;
    let im = em.binary(HloOpKind::Atan2, y, x_plus_one)?;
    Ok((re, im))
}

/// `sqrt(x + iy)`, principal branch, as `u + iv` with `u = sqrt((|z| + |x|) / 2)` and
/// `v = |y| / (2u)` for `x >= 0` (the roles swapped for `x < 0`), `v` taking the sign of `y`.
/// Where `u` would underflow to 0 or overflow, both parts are formed from `sqrt(|x|)` and
/// `sqrt(|y|)` times functions of the ratio `min/max` of `|x|, |y|` instead; where `|x| = |y|`
/// the closed forms `sqrt(|x|) sqrt(1 + sqrt 2) / sqrt 2` and
/// `sqrt(|y|) / (sqrt 2 sqrt(1 + sqrt 2))` are used.
fn sqrt(em: &mut Emitter, Parts { x, y, .. }: Parts) -> Result<(ValueId, ValueId), Diagnostic> {
    let zero = em.float(0.0, x)?;
    let x_nonnegative = em.compare("GE", x, zero, None)?;
    let ax = em.unary(HloOpKind::Abs, x)?;
    let ay = em.unary(HloOpKind::Abs, y)?;
    let equal = em.compare("EQ", ax, ay, None)?;
    let sqrt_ax = em.unary(HloOpKind::Sqrt, ax)?;
    let sqrt_one_plus_sqrt2 = em.float((1.0 + std::f64::consts::SQRT_2).sqrt(), x)?;
    let scaled = em.mul(sqrt_ax, sqrt_one_plus_sqrt2)?;
    let sqrt2 = em.float(std::f64::consts::SQRT_2, x)?;
    let u_equal = em.div(scaled, sqrt2)?;
    let one = em.float(1.0, x)?;
    let two = em.float(2.0, x)?;
    let modulus = hypot(em, ax, ay)?;
    let half_modulus = em.div(modulus, two)?;
    let half_ax = em.div(ax, two)?;
    let u_squared = em.add(half_modulus, half_ax)?;
    let u = em.unary(HloOpKind::Sqrt, u_squared)?;
    let u_is_zero = em.compare("EQ", u, zero, None)?;
    let inf = em.float(f64::INFINITY, x)?;
    let u_is_inf = em.compare("EQ", u, inf, None)?;
    let u_unusable = em.binary(HloOpKind::Or, u_is_zero, u_is_inf)?;

    // The ratio r = min/max of |x| and |y| (1 where equal), and hypot(r, 1).
    let x_larger = em.compare("GT", ax, ay, None)?;
    let x_smaller = em.compare("LT", ax, ay, None)?;
    let x_over_y = em.div(ax, ay)?;
    let y_over_x = em.div(ay, ax)?;
    let r = em.select(x_smaller, x_over_y, y_over_x)?;
    let r = em.select(equal, one, r)?;
    let ar = em.unary(HloOpKind::Abs, r)?;
    let hypot_r = hypot(em, ar, one)?;
    let hypot_r_plus_one = em.add(hypot_r, one)?;
    let sqrt_hypot_r_plus_one = em.unary(HloOpKind::Sqrt, hypot_r_plus_one)?;
    let factor_x = em.div(sqrt_hypot_r_plus_one, sqrt2)?;
    let u_x_larger = em.mul(sqrt_ax, factor_x)?;
    let sqrt_ay = em.unary(HloOpKind::Sqrt, ay)?;
    let r_plus_hypot_r = em.add(r, hypot_r)?;
    let sqrt_r_plus_hypot_r = em.unary(HloOpKind::Sqrt, r_plus_hypot_r)?;
    let factor_y = em.div(sqrt_r_plus_hypot_r, sqrt2)?;
    let u_y_larger = em.mul(sqrt_ay, factor_y)?;
    let u_rescaled = em.select(x_larger, u_x_larger, u_y_larger)?;
    let u_rescaled = em.select(u_unusable, u_rescaled, u)?;
    let big_part = em.select(equal, u_equal, u_rescaled)?;

    let two_sqrt_stuff = em.float(std::f64::consts::SQRT_2 * (1.0 + std::f64::consts::SQRT_2).sqrt(), x)?;
    let v_equal = em.div(sqrt_ay, two_sqrt_stuff)?;
    let sx_over_sy = em.div(sqrt_ax, sqrt_ay)?;
    let sy_over_sx = em.div(sqrt_ay, sqrt_ax)?;
    let sqrt_r = em.select(x_smaller, sx_over_sy, sy_over_sx)?;
    let sqrt_r = em.select(equal, one, sqrt_r)?;
    let numerator = em.mul(sqrt_ay, sqrt_r)?;
    let denominator = em.mul(sqrt_hypot_r_plus_one, sqrt2)?;
    let v_x_larger = em.div(numerator, denominator)?;
    let denominator = em.mul(sqrt_r_plus_hypot_r, sqrt2)?;
    let v_y_larger = em.div(sqrt_ay, denominator)?;
    let v_rescaled = em.select(x_larger, v_x_larger, v_y_larger)?;
    let two_u = em.mul(u, two)?;
    let v = em.div(ay, two_u)?;
    let v_rescaled = em.select(u_unusable, v_rescaled, v)?;
    let small_part = em.select(equal, v_equal, v_rescaled)?;

    let re = em.select(x_nonnegative, big_part, small_part)?;
    let x_negative = em.compare("LT", x, zero, None)?;
    let y_negative = em.compare("LT", y, zero, None)?;
    let minus_big = em.unary(HloOpKind::Negate, big_part)?;
    let signed_big = em.select(y_negative, minus_big, big_part)?;
    let minus_small = em.unary(HloOpKind::Negate, small_part)?;
    let signed_small = em.select(y_negative, minus_small, small_part)?;
    let im = em.select(x_negative, signed_big, signed_small)?;
    Ok((re, im))
}

/// `hypot(a, b) = sqrt(a^2 + b^2)` for `a, b >= 0` without overflow: `m sqrt(1 + r^2)` with
/// `m = max`, `r = min / max`; `m (1 + r^2 / 2)` where `sqrt(1 + r^2)` rounds to 1 but `r^2`
/// is not 0 (the first term of the series keeps the digits); `m sqrt 2` where `a = b`.
pub(crate) fn hypot(em: &mut Emitter, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
    let sqrt2 = em.float(std::f64::consts::SQRT_2, a)?;
    let one = em.float(1.0, a)?;
    let zero = em.float(0.0, a)?;
    let two = em.float(2.0, a)?;
    let m = em.binary(HloOpKind::Maximum, a, b)?;
    let n = em.binary(HloOpKind::Minimum, a, b)?;
    let equal = em.compare("EQ", m, n, None)?;
    let m_sqrt2 = em.mul(m, sqrt2)?;
    let r = em.div(n, m)?;
    let r2 = em.mul(r, r)?;
    let one_plus_r2 = em.add(r2, one)?;
    let root = em.unary(HloOpKind::Sqrt, one_plus_r2)?;
    let root_is_one = em.compare("EQ", root, one, None)?;
    let r2_positive = em.compare("GT", r2, zero, None)?;
    let use_series = em.binary(HloOpKind::And, root_is_one, r2_positive)?;
    let m_r2 = em.mul(m, r2)?;
    let half_m_r2 = em.div(m_r2, two)?;
    let series = em.add(m, half_m_r2)?;
    let direct = em.mul(m, root)?;
    let unequal = em.select(use_series, series, direct)?;
    em.select(equal, m_sqrt2, unequal)
}

/// The rounding error of `a2 = a * a` (so that `a * a = a2 + error` exactly), by Dekker's
/// product: `a` split into a high half `ah = t + (a - t)` with `t = a * (2^s + 1)` (`s` half
/// the significand) and a low half `al = a - ah`, then
/// `error = -a2 + ah*ah + ah*al + ah*al + al*al`, summed in that order.
fn square_error(em: &mut Emitter, a: ValueId, a2: ValueId, kind: FloatKind) -> Result<ValueId, Diagnostic> {
    let minus_a2 = em.unary(HloOpKind::Negate, a2)?;
    let splitter = em.float(dekker_splitter(kind), a)?;
    let t = em.mul(a, splitter)?;
    let a_minus_t = em.sub(a, t)?;
    let high = em.add(t, a_minus_t)?;
    let high2 = em.mul(high, high)?;
    let error = em.add(minus_a2, high2)?;
    let low = em.sub(a, high)?;
    let cross = em.mul(high, low)?;
    let error = em.add(error, cross)?;
    let error = em.add(error, cross)?;
    let low2 = em.mul(low, low)?;
    em.add(error, low2)
}

/// The rounding error of `sum = a + b` where `b` was added to the larger `a`, recovered as
/// `b - (sum - a)` (Fast2Sum).
fn fast_two_sum_error(em: &mut Emitter, sum: ValueId, b: ValueId, a: ValueId) -> Result<ValueId, Diagnostic> {
    let added = em.sub(sum, a)?;
    em.sub(b, added)
}

/// The rounding error of `sum = a + b` for any magnitudes (Knuth's two-sum):
/// `(a - (sum - (sum - a))) + (b - (sum - a))`.
fn two_sum_error(em: &mut Emitter, sum: ValueId, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
    let b_virtual = em.sub(sum, a)?;
    let a_virtual = em.sub(sum, b_virtual)?;
    let a_error = em.sub(a, a_virtual)?;
    let b_error = em.sub(b, b_virtual)?;
    em.add(a_error, b_error)
}

/// Dekker's splitting constant `2^ceil(p/2) + 1` for a format with `p` significand bits.
fn dekker_splitter(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => 134_217_729.0, // 2^27 + 1
        _ => 4097.0,                     // 2^12 + 1 (f32, the widest part of complex64)
    }
}
