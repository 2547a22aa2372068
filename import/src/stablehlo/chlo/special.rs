//! Expansions of chlo's special functions: `erfc`, `erf_inv`, `lgamma` and `digamma`, with
//! the approximations XLA's client library (`xla/hlo/builder/lib/math.cc`) uses. Narrow
//! floats (f16, bf16, f8) are computed in f32 and converted back, as XLA does.
//!
//! `erf_inv` of `f64` is Giles' double-precision form (three polynomials, 23, 19 and 17
//! coefficients), that of the other types his single-precision one.
//!
//! Known limits, kept on purpose: `erfc` of f64 is `1 - erf(x)`, which loses
//! relative precision where `erfc(x)` is tiny (large `x`); f32 and narrower floats get XLA's
//! approximation, accurate there too.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, FloatKind, ValueId};

use super::emit::Emitter;

/// The coefficients of `erf(x) / x` in `x^2` for `|x| < 1` (single precision).
const ERF_SMALL: [f64; 7] =
    [7.85386146e-05, -0.000801019371, 0.00518832775, -0.0268538129, 0.112835854, -0.37612626, 1.12837911];
/// The coefficients of `erfc(x) * |x| * exp(x^2)` in `1 / x^2` for `1 <= |x| < 2`.
const ERFC_MEDIUM: [f64; 9] = [
    0.0232682, -0.138703942, 0.368742466, -0.582473278, 0.621000469, -0.494451523, 0.340488, -0.274112701,
    0.563825965,
];
/// The same for `|x| >= 2`.
const ERFC_LARGE: [f64; 8] =
    [-10.477664, 12.9772, -7.49551868, 2.92101908, -1.01526523, 0.42184633, -0.282076746, 0.564189494];
/// The log of the smallest normal f32: below it `exp` underflows, and `erfc` is 0 (or 2).
const LOG_MIN_NORMAL_F32: f64 = -88.7228394;

/// `erfc(x)`: in f64, `1 - erf(x)`; in f32 (narrower floats computed in f32), XLA's
/// approximation: `1 - x * p(x^2)` for `|x| < 1`, otherwise `exp(-x^2) / |x| * q(1 / x^2)`
/// (one polynomial for `|x| < 2`, another beyond), 0 once `-x^2` is below the log of the
/// smallest normal, and `2 - erfc(|x|)` for negative `x`.
pub(crate) fn erfc(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    if em.float_kind(x)? == FloatKind::F64 {
        let erf = em.unary(HloOpKind::Erf, x)?;
        let one = em.float(1.0, x)?;
        return em.sub(one, erf);
    }
    em.in_f32_at_least(x, |em, x| {
        let one = em.float(1.0, x)?;
        let abs = em.unary(HloOpKind::Abs, x)?;
        let is_small = em.compare("LT", abs, one, None)?;
        // |x| < 1: 1 - erf(x).
        let sq = em.mul(x, x)?;
        let p = horner(em, sq, &ERF_SMALL)?;
        let erf = em.mul(x, p)?;
        let small = em.sub(one, erf)?;
        // |x| >= 1.
        let zero = em.float(0.0, x)?;
        let is_negative = em.compare("LT", x, zero, None)?;
        let two = em.float(2.0, x)?;
        let minus_sq = em.unary(HloOpKind::Negate, sq)?;
        let log_min = em.float(LOG_MIN_NORMAL_F32, x)?;
        let underflows = em.compare("LT", minus_sq, log_min, None)?;
        let exp = em.unary(HloOpKind::Exponential, minus_sq)?;
        let inverse = em.div(one, abs)?;
        let scale = em.mul(exp, inverse)?;
        let is_medium = em.compare("LT", abs, two, None)?;
        let w = em.div(one, sq)?;
        let medium = horner(em, w, &ERFC_MEDIUM)?;
        let large = horner(em, w, &ERFC_LARGE)?;
        let q = em.select(is_medium, medium, large)?;
        let positive = em.mul(scale, q)?;
        let positive = em.select(underflows, zero, positive)?;
        let reflected = em.sub(two, positive)?;
        let tail = em.select(is_negative, reflected, positive)?;
        em.select(is_small, small, tail)
    })
}

/// `c[0] * w^(n-1) + ... + c[n-1]`, by Horner's rule.
fn horner(em: &mut Emitter, w: ValueId, coefficients: &[f64]) -> Result<ValueId, Diagnostic> {
    let (first, rest) = coefficients.split_first().ok_or_else(|| em.error("needs coefficients"))?;
    let mut p = em.float(*first, w)?;
    for c in rest {
        let scaled = em.mul(p, w)?;
        let c = em.float(*c, w)?;
        p = em.add(c, scaled)?;
    }
    Ok(p)
}

/// `erf_inv(x) = x * p(w)` with `w = -log(1 - x^2)`: Giles' polynomial in `w - 2.5` for
/// `w < 5`, in `sqrt(w) - 3` otherwise; `±inf` at `x = ±1`. As XLA's `ErfInv` does, one
/// Horner chain runs, on the argument and coefficients each element's range selects, rather
/// than both polynomials and a select of their values (the same result with half the
/// arithmetic).
pub(crate) fn erf_inv(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    if em.float_kind(x)? == FloatKind::F64 {
        return erf_inv_f64(em, x);
    }
    const SMALL: [f64; 9] = [
        2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
        0.246640727, 1.50140941,
    ];
    const LARGE: [f64; 9] = [
        -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047,
        1.00167406, 2.83297682,
    ];
    em.in_f32_at_least(x, |em, x| {
        let w = erf_inv_w(em, x)?;
        let five = em.float(5.0, x)?;
        let is_small = em.compare("LT", w, five, None)?;
        let two_and_half = em.float(2.5, x)?;
        let w_small = em.sub(w, two_and_half)?;
        let root = em.unary(HloOpKind::Sqrt, w)?;
        let three = em.float(3.0, x)?;
        let w_large = em.sub(root, three)?;
        let arg = em.select(is_small, w_small, w_large)?;
        let mut p = None;
        for (small, large) in SMALL.iter().zip(&LARGE) {
            let small = em.float(*small, x)?;
            let large = em.float(*large, x)?;
            let c = em.select(is_small, small, large)?;
            p = Some(match p {
                None => c,
                Some(p) => {
                    let scaled = em.mul(p, arg)?;
                    em.add(c, scaled)?
                }
            });
        }
        let p = p.ok_or_else(|| em.error("needs coefficients"))?;
        erf_inv_result(em, x, p)
    })
}

/// Giles' double-precision coefficients of `erf_inv(x) / x` in `w - 3.125` for
/// `w = -log(1 - x^2) < 6.25`, highest degree first.
const ERF_INV_F64_SMALL: [f64; 23] = [
    -3.644_412_064_017_819_699_6e-21,
    -1.685_059_138_182_016_589e-19,
    1.285_848_071_525_640_016_7e-18,
    1.115_787_767_802_518_096e-17,
    -1.333_171_662_854_620_906e-16,
    2.097_276_787_596_856_163_7e-17,
    6.637_638_134_358_323_832_5e-15,
    -4.054_566_272_975_206_863_9e-14,
    -8.151_934_197_605_472_152_2e-14,
    2.633_509_315_308_232_297_7e-12,
    -1.297_513_325_345_353_249_8e-11,
    -5.415_412_054_294_627_931_7e-11,
    1.051_212_273_321_532_285e-9,
    -4.112_633_980_346_983_697_6e-9,
    -2.907_036_995_788_200_508_6e-8,
    4.234_787_782_793_240_351_8e-7,
    -1.365_469_200_083_467_864_5e-6,
    -1.388_252_336_278_646_871_9e-5,
    1.867_342_080_340_571_352e-4,
    -7.407_025_341_662_669_751_2e-4,
    -6.033_670_871_430_149_053_3e-3,
    2.401_581_824_255_896_169_3e-1,
    1.653_654_562_683_102_735_6,
];
/// The same in `sqrt(w) - 3.25` for `6.25 <= w < 16`.
const ERF_INV_F64_MEDIUM: [f64; 19] = [
    2.213_737_692_177_578_704_9e-9,
    9.075_656_193_888_539_097_9e-8,
    -2.751_740_629_706_454_542_8e-7,
    1.823_962_921_438_922_775_5e-8,
    1.502_740_396_890_982_762_7e-6,
    -4.013_867_526_981_545_969e-6,
    2.923_444_908_995_544_604_4e-6,
    1.247_530_448_167_177_872_3e-5,
    -4.731_822_900_905_573_398_1e-5,
    6.828_485_145_957_317_544_8e-5,
    2.403_111_038_709_789_399_9e-5,
    -3.550_375_203_628_474_796e-4,
    9.532_893_797_373_804_970_3e-4,
    -1.688_275_556_023_504_731_3e-3,
    2.491_442_096_107_850_806_6e-3,
    -3.751_208_507_569_241_210_7e-3,
    5.370_914_553_590_063_617e-3,
    1.005_258_967_694_159_233_4,
    3.083_885_610_492_220_763_5,
];
/// The same in `sqrt(w) - 5` for `w >= 16`.
const ERF_INV_F64_LARGE: [f64; 17] = [
    -2.710_992_061_643_857_324_3e-11,
    -2.555_641_816_996_525_205_5e-10,
    1.507_657_269_350_054_808_3e-9,
    -3.789_465_440_126_736_993_7e-9,
    7.615_701_208_078_339_380_4e-9,
    -1.496_002_662_714_924_047_8e-8,
    2.914_795_345_090_108_082_6e-8,
    -6.771_199_775_845_233_949_8e-8,
    2.290_048_222_802_665_471_7e-7,
    -9.929_827_294_231_700_253_9e-7,
    4.526_062_597_223_153_703_9e-6,
    -1.968_177_810_553_167_056_7e-5,
    7.599_527_703_001_776_113_9e-5,
    -2.150_301_193_004_447_734_7e-4,
    -1.387_193_183_362_312_202_6e-4,
    1.010_300_464_864_534_397_7,
    4.849_906_401_408_584_422_1,
];

/// `erf_inv(x)` of `f64`, `x * p(w)` with `w = -log(1 - x^2)` and Giles' double-precision
/// polynomials: in `w - 3.125` for `w < 6.25`, `sqrt(w) - 3.25` for `w < 16` and
/// `sqrt(w) - 5` beyond; `±inf` at `x = ±1`. As in StableHLO's decomposition, one Horner
/// chain runs on the argument and coefficients each element's range selects, its last steps
/// (the longer polynomials' lowest coefficients) kept only in their ranges.
fn erf_inv_f64(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let w = erf_inv_w(em, x)?;
    let small_limit = em.float(6.25, x)?;
    let is_small = em.compare("LT", w, small_limit, None)?;
    let medium_limit = em.float(16.0, x)?;
    let below_large = em.compare("LT", w, medium_limit, None)?;
    let root = em.unary(HloOpKind::Sqrt, w)?;
    let shift_small = em.float(3.125, x)?;
    let w_small = em.sub(w, shift_small)?;
    let (shift_medium, shift_large) = (em.float(3.25, x)?, em.float(5.0, x)?);
    let shift = em.select(below_large, shift_medium, shift_large)?;
    let w_root = em.sub(root, shift)?;
    let arg = em.select(is_small, w_small, w_root)?;
    let coefficient = |em: &mut Emitter, i: usize| -> Result<ValueId, Diagnostic> {
        let mut c = em.float(ERF_INV_F64_SMALL[i], x)?;
        if i < ERF_INV_F64_MEDIUM.len() {
            let medium = em.float(ERF_INV_F64_MEDIUM[i], x)?;
            c = em.select(is_small, c, medium)?;
        }
        if i < ERF_INV_F64_LARGE.len() {
            let large = em.float(ERF_INV_F64_LARGE[i], x)?;
            c = em.select(below_large, c, large)?;
        }
        Ok(c)
    };
    let mut p = coefficient(em, 0)?;
    for i in 1..ERF_INV_F64_SMALL.len() {
        let scaled = em.mul(p, arg)?;
        let c = coefficient(em, i)?;
        let next = em.add(c, scaled)?;
        p = if i < ERF_INV_F64_LARGE.len() {
            next
        } else if i < ERF_INV_F64_MEDIUM.len() {
            em.select(below_large, next, p)?
        } else {
            em.select(is_small, next, p)?
        };
    }
    erf_inv_result(em, x, p)
}

/// `w = -log(1 - x^2)`, the variable of `erf_inv`'s polynomials, as `-log1p(x * -x)`.
fn erf_inv_w(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let minus_x = em.unary(HloOpKind::Negate, x)?;
    let minus_sq = em.mul(x, minus_x)?;
    let log = em.unary(HloOpKind::LogPlusOne, minus_sq)?;
    em.unary(HloOpKind::Negate, log)
}

/// `erf_inv(x) = x * p`, except `±inf` at `x = ±1`, where the polynomial is indeterminate.
fn erf_inv_result(em: &mut Emitter, x: ValueId, p: ValueId) -> Result<ValueId, Diagnostic> {
    let general = em.mul(p, x)?;
    let inf = em.float(f64::INFINITY, x)?;
    let at_one = em.mul(x, inf)?;
    let abs = em.unary(HloOpKind::Abs, x)?;
    let one = em.float(1.0, x)?;
    let is_one = em.compare("EQ", abs, one, None)?;
    em.select(is_one, at_one, general)
}

/// Lanczos' approximation, g = 7, n = 9 (the one XLA uses).
const LANCZOS_GAMMA: f64 = 7.0;
const LANCZOS_BASE: f64 = 0.999_999_999_999_809_9;
const LANCZOS: [f64; 8] = [
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// The reflection flag and the argument of the Lanczos sums: `z = -x` when `x < 1/2`
/// (reflected), `x - 1` otherwise.
fn lanczos_argument(em: &mut Emitter, x: ValueId) -> Result<(ValueId, ValueId), Diagnostic> {
    let half = em.float(0.5, x)?;
    let reflect = em.compare("LT", x, half, None)?;
    let minus_x = em.unary(HloOpKind::Negate, x)?;
    let one = em.float(1.0, x)?;
    let x_minus_one = em.sub(x, one)?;
    let z = em.select(reflect, minus_x, x_minus_one)?;
    Ok((reflect, z))
}

/// `log(t)` for `t = z + g + 1/2`, as `log(g + 1/2) + log1p(z / (g + 1/2))`; returns `(t,
/// log t)`.
fn lanczos_t(em: &mut Emitter, z: ValueId) -> Result<(ValueId, ValueId), Diagnostic> {
    let g_half = em.float(LANCZOS_GAMMA + 0.5, z)?;
    let t = em.add(z, g_half)?;
    let ratio = em.div(z, g_half)?;
    let log1p = em.unary(HloOpKind::LogPlusOne, ratio)?;
    let log_g_half = em.float((LANCZOS_GAMMA + 0.5).ln(), z)?;
    let log_t = em.add(log_g_half, log1p)?;
    Ok((t, log_t))
}

/// `lgamma(x)`: for `x >= 1/2`, with `z = x - 1`, `t = z + g + 1/2` and `A(z) = c0 +
/// sum(c_i / (z + i))`, `lgamma(z + 1) = log(sqrt(2 pi)) + (z + 1/2) log t - t + log A(z)`;
/// for `x < 1/2`, the reflection `lgamma(x) = log(pi) - log|sin(pi x)| - lgamma(1 - x)`;
/// `+inf` at infinities and at the poles (non-positive integers).
pub(crate) fn lgamma(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.in_f32_at_least(x, |em, x| {
        let (reflect, z) = lanczos_argument(em, x)?;
        let mut acc = em.float(LANCZOS_BASE, x)?;
        for (i, c) in LANCZOS.iter().enumerate() {
            let offset = em.float(i as f64 + 1.0, x)?;
            let denom = em.add(z, offset)?;
            let c = em.float(*c, x)?;
            let term = em.div(c, denom)?;
            acc = em.add(acc, term)?;
        }
        let (t, log_t) = lanczos_t(em, z)?;
        let half = em.float(0.5, x)?;
        let z_half = em.add(z, half)?;
        let t_over_log_t = em.div(t, log_t)?;
        let factor = em.sub(z_half, t_over_log_t)?;
        let power = em.mul(factor, log_t)?;
        let log_sqrt_two_pi = em.float((2.0 * std::f64::consts::PI).sqrt().ln(), x)?;
        let log_acc = em.unary(HloOpKind::Log, acc)?;
        let partial = em.add(log_sqrt_two_pi, power)?;
        let log_y = em.add(partial, log_acc)?;
        // Reflection: log(pi) - log|sin(pi x)| - log_y, with the fraction of |x| folded into
        // [0, 1/2] so that sin stays accurate.
        let abs = em.unary(HloOpKind::Abs, x)?;
        let floor = em.unary(HloOpKind::Floor, abs)?;
        let frac = em.sub(abs, floor)?;
        let one = em.float(1.0, x)?;
        let one_minus_frac = em.sub(one, frac)?;
        let above_half = em.compare("GT", frac, half, None)?;
        let reduced = em.select(above_half, one_minus_frac, frac)?;
        let pi = em.float(std::f64::consts::PI, x)?;
        let angle = em.mul(pi, reduced)?;
        let sin = em.unary(HloOpKind::Sine, angle)?;
        let denom = em.unary(HloOpKind::Log, sin)?;
        let log_pi = em.float(std::f64::consts::PI.ln(), x)?;
        let partial = em.sub(log_pi, denom)?;
        let reflected = em.sub(partial, log_y)?;
        let minus_denom = em.unary(HloOpKind::Negate, denom)?;
        let bool_ty = em.with_element(em.ty(denom), em.ctx().int_type(1));
        let finite = em.one(HloOpKind::IsFinite, &[denom], &[], Some(bool_ty))?;
        let reflection = em.select(finite, reflected, minus_denom)?;
        let result = em.select(reflect, reflection, log_y)?;
        let inf = em.float(f64::INFINITY, x)?;
        let is_inf = em.compare("EQ", abs, inf, None)?;
        em.select(is_inf, inf, result)
    })
}

/// `digamma(x)`, the derivative of `lgamma`: for `x >= 1/2`, `log t + A'(z) / A(z) - g / t`
/// (Lanczos, as in [`lgamma`]); for `x < 1/2`, the reflection `digamma(x) = digamma(1 - x)
/// - pi cos(pi x) / sin(pi x)`; NaN at the poles (non-positive integers).
pub(crate) fn digamma(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.in_f32_at_least(x, |em, x| {
        let (reflect, z) = lanczos_argument(em, x)?;
        let mut num = em.float(0.0, x)?;
        let mut denom = em.float(LANCZOS_BASE, x)?;
        for (i, c) in LANCZOS.iter().enumerate() {
            let offset = em.float(i as f64 + 1.0, x)?;
            let d = em.add(z, offset)?;
            let d2 = em.mul(d, d)?;
            let c = em.float(*c, x)?;
            let num_term = em.div(c, d2)?;
            num = em.sub(num, num_term)?;
            let denom_term = em.div(c, d)?;
            denom = em.add(denom, denom_term)?;
        }
        let (t, log_t) = lanczos_t(em, z)?;
        let ratio = em.div(num, denom)?;
        let g = em.float(LANCZOS_GAMMA, x)?;
        let g_over_t = em.div(g, t)?;
        let partial = em.add(log_t, ratio)?;
        let y = em.sub(partial, g_over_t)?;
        // Reflection, with x shifted by a whole number so that pi x stays small.
        let half = em.float(0.5, x)?;
        let shifted = em.add(x, half)?;
        let floor_shifted = em.unary(HloOpKind::Floor, shifted)?;
        let abs_floor = em.unary(HloOpKind::Abs, floor_shifted)?;
        let reduced = em.add(x, abs_floor)?;
        let pi = em.float(std::f64::consts::PI, x)?;
        let angle = em.mul(pi, reduced)?;
        let cos = em.unary(HloOpKind::Cosine, angle)?;
        let sin = em.unary(HloOpKind::Sine, angle)?;
        let pi_cos = em.mul(pi, cos)?;
        let cot = em.div(pi_cos, sin)?;
        let reflection = em.sub(y, cot)?;
        let real = em.select(reflect, reflection, y)?;
        let zero = em.float(0.0, x)?;
        let non_positive = em.compare("LE", x, zero, None)?;
        let floor = em.unary(HloOpKind::Floor, x)?;
        let integral = em.compare("EQ", x, floor, None)?;
        let pole = em.binary(HloOpKind::And, non_positive, integral)?;
        let nan = em.float(f64::NAN, x)?;
        em.select(pole, nan, real)
    })
}
