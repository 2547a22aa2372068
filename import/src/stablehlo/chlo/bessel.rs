//! Expansion of `chlo.bessel_i1e`, the exponentially scaled modified Bessel function of the
//! first kind of order one, `i1e(x) = exp(-|x|) I1(x)`, as StableHLO's
//! `chlo-legalize-to-stablehlo` and XLA's client library compute it: Cephes' Chebyshev series
//! for `|x| <= 8` and for `|x| > 8`, and the function's odd symmetry.
//!
//! f64 uses Cephes' double-precision series (29 and 25 terms); every other float uses its
//! single-precision ones (the last 17 and 7 terms of the same series), in f32 for the narrow
//! formats (f16, bf16, f8), as XLA does.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, FloatKind, ValueId};

use super::emit::Emitter;

/// Chebyshev coefficients of `exp(-x) I1(x) / x` on `[0, 8]`, in the variable `x/2 - 2`
/// (highest order first; the limit at 0 is 1/2).
const I1E_SMALL: [f64; 29] = [
    2.7779141127610464e-18,
    -2.111421214358166e-17,
    1.5536319577362005e-16,
    -1.1055969477353862e-15,
    7.600684294735408e-15,
    -5.042185504727912e-14,
    3.223793365945575e-13,
    -1.9839743977649436e-12,
    1.1736186298890901e-11,
    -6.663489723502027e-11,
    3.625590281552117e-10,
    -1.8872497517228294e-9,
    9.381537386495773e-9,
    -4.445059128796328e-8,
    2.0032947535521353e-7,
    -8.568720264695455e-7,
    3.4702513081376785e-6,
    -1.3273163656039436e-5,
    4.781565107550054e-5,
    -1.6176081582589674e-4,
    5.122859561685758e-4,
    -1.5135724506312532e-3,
    4.156422944312888e-3,
    -1.0564084894626197e-2,
    2.4726449030626516e-2,
    -5.294598120809499e-2,
    1.026436586898471e-1,
    -1.7641651835783406e-1,
    2.5258718644363365e-1,
];

/// Chebyshev coefficients of `exp(-x) sqrt(x) I1(x)` on `[8, inf)`, in the variable `32/x -
/// 2` (highest order first; the limit at infinity is `1/sqrt(2 pi)`).
const I1E_LARGE: [f64; 25] = [
    7.517296310842105e-18,
    4.414348323071708e-18,
    -4.6503053684893586e-17,
    -3.209525921993424e-17,
    2.96262899764595e-16,
    3.3082023109209285e-16,
    -1.8803547755107825e-15,
    -3.8144030724370075e-15,
    1.0420276984128802e-14,
    4.272440016711951e-14,
    -2.1015418427726643e-14,
    -4.0835511110921974e-13,
    -7.198551776245908e-13,
    2.0356285441470896e-12,
    1.4125807436613782e-11,
    3.2526035830154884e-11,
    -1.8974958123505413e-11,
    -5.589743462196584e-10,
    -3.835380385964237e-9,
    -2.6314688468895196e-8,
    -2.512236237870209e-7,
    -3.882564808877691e-6,
    -1.1058893876262371e-4,
    -9.761097491361469e-3,
    7.785762350182801e-1,
];

/// How many of each series' lowest-order terms (the last ones) single precision keeps.
const F32_SMALL_TERMS: usize = 17;
const F32_LARGE_TERMS: usize = 7;

/// The Chebyshev series `sum'(c_i T_i(y/2))` by Clenshaw's recurrence, as Cephes' `chbevl`:
/// `b0 = y b1 - b2 + c` for each coefficient from the highest order down, then `(b0 - b2) /
/// 2`.
fn chebyshev(em: &mut Emitter, y: ValueId, coefficients: &[f64]) -> Result<ValueId, Diagnostic> {
    let mut b0 = em.float(0.0, y)?;
    let mut b1 = b0;
    let mut b2 = b0;
    for c in coefficients {
        b2 = b1;
        b1 = b0;
        let scaled = em.mul(y, b1)?;
        let difference = em.sub(scaled, b2)?;
        let c = em.float(*c, y)?;
        b0 = em.add(difference, c)?;
    }
    let difference = em.sub(b0, b2)?;
    let half = em.float(0.5, y)?;
    em.mul(difference, half)
}

/// `i1e(x) = sign(x) * i1e(|x|)`, with, for `z = |x|`, `i1e(z) = z * A(z/2 - 2)` when `z <=
/// 8` and `i1e(z) = B(32/z - 2) / sqrt(z)` when `z > 8` (`A`, `B`: the Chebyshev series
/// above). `i1e(0) = 0`, `i1e(±inf) = ±0`, NaN stays NaN.
pub(crate) fn bessel_i1e(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    let (small, large): (&[f64], &[f64]) = match em.float_kind(x)? {
        FloatKind::F64 => (&I1E_SMALL, &I1E_LARGE),
        _ => (&I1E_SMALL[I1E_SMALL.len() - F32_SMALL_TERMS..], &I1E_LARGE[I1E_LARGE.len() - F32_LARGE_TERMS..]),
    };
    em.in_f32_at_least(x, |em, x| {
        let z = em.unary(HloOpKind::Abs, x)?;
        let half = em.float(0.5, x)?;
        let two = em.float(2.0, x)?;
        let thirty_two = em.float(32.0, x)?;
        let eight = em.float(8.0, x)?;
        let half_z = em.mul(half, z)?;
        let y_small = em.sub(half_z, two)?;
        let series_small = chebyshev(em, y_small, small)?;
        let at_most_eight = em.mul(z, series_small)?;
        let inverse = em.div(thirty_two, z)?;
        let y_large = em.sub(inverse, two)?;
        let series_large = chebyshev(em, y_large, large)?;
        let root = em.unary(HloOpKind::Sqrt, z)?;
        let above_eight = em.div(series_large, root)?;
        let is_small = em.compare("LE", z, eight, None)?;
        let magnitude = em.select(is_small, at_most_eight, above_eight)?;
        let sign = em.unary(HloOpKind::Sign, x)?;
        em.mul(sign, magnitude)
    })
}
