//! `log` and `log1p` of `f32` as XLA CPU computes them.
//!
//! `log` is Cephes' `logf` (as Eigen has it): `x = m 2^e` with `m` in `[sqrt(1/2),
//! sqrt(2))`, `log(x) = log(m) + e ln 2` with `log(m)` from a degree-8 polynomial in
//! `m - 1` and `ln 2` in two parts. Zero gives `-inf`, `+inf` gives `+inf`, negative
//! operands and NaN give NaN. XLA reads subnormal operands as the smallest normal number
//! (they never reach it unflushed); here they are scaled into the normal range first, so
//! that with flushing off the result is IEEE's.
//!
//! `log1p` is `log(1 + x)` for `|x| >= sqrt(2) - 1`, and below that Cephes' rational
//! approximation `x - x^2/2 + x^3 P(x)/Q(x)`, which keeps small operands accurate. XLA
//! computes `f64` by the same form in `f64` ([`log1p_f64`]).

use crate::{fma, horner, Steps};

/// The constants of [`log`].
pub struct LogConstants {
    /// The smallest normal `f32`; smaller (subnormal) operands are first multiplied by
    /// `2^subnormal_scale_exponent`.
    pub min_normal_bits: u32,
    pub subnormal_scale: f32,
    pub subnormal_scale_exponent: f32,
    /// The exponent field of an `f32`, and the bits of `0.5`.
    pub exponent_mask: u32,
    pub half_bits: u32,
    /// `sqrt(1/2)`: mantissas below it are doubled so that `m - 1` is small.
    pub sqrt_half: f32,
    /// The polynomial in `m - 1`, highest degree first, in three interleaved parts:
    /// `P = ((p0 t + p1) t + p2) t^6 + ((p3 t + p4) t + p5) t^3 + (p6 t + p7) t + p8`.
    pub polynomial: [f32; 9],
    /// `ln 2` in two parts, `LN2_HIGH + LN2_LOW`.
    pub ln2_high: f32,
    pub ln2_low: f32,
}

/// Cephes' constants for `logf`.
pub const LOG: LogConstants = LogConstants {
    min_normal_bits: 0x0080_0000,
    subnormal_scale: 8_388_608.0,
    subnormal_scale_exponent: 23.0,
    exponent_mask: 0x7f80_0000,
    half_bits: 0x3f00_0000,
    sqrt_half: 0.707_106_781_186_547_524,
    polynomial: [
        7.037_683_629_2e-2,
        -1.151_461_031_0e-1,
        1.167_699_874_0e-1,
        -1.242_014_084_6e-1,
        1.424_932_278_7e-1,
        -1.666_805_766_5e-1,
        2.000_071_476_5e-1,
        -2.499_999_399_3e-1,
        3.333_333_117_4e-1,
    ],
    ln2_high: 0.693_359_375,
    ln2_low: -2.121_944_4e-4,
};

/// `ln(x)`.
pub fn log(x: f32) -> f32 {
    if x.is_nan() || x < 0.0 {
        return f32::NAN;
    }
    if x == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x == f32::INFINITY {
        return x;
    }
    // XLA reads operands below the smallest normal number as it (they are flushed where it
    // runs); a subnormal one (seen only with flushing off) is scaled into the normal range
    // and its exponent taken back, which gives IEEE's logarithm instead.
    let subnormal = x < f32::from_bits(LOG.min_normal_bits);
    let (scaled, extra) = if subnormal { (x * LOG.subnormal_scale, -LOG.subnormal_scale_exponent) } else { (x, 0.0) };
    let bits = scaled.to_bits();
    let mut e = (((bits >> 23) as i32 - 127) as f32 + 1.0) + extra;
    let mut m = f32::from_bits((bits & !LOG.exponent_mask) | LOG.half_bits);
    if m < LOG.sqrt_half {
        e -= 1.0;
        m = (m - 1.0) + m;
    } else {
        m -= 1.0;
    }
    let p = &LOG.polynomial;
    let m2 = m * m;
    let m3 = m2 * m;
    let y0 = fma(fma(m, p[0], p[1]), m, p[2]);
    let y1 = fma(fma(m, p[3], p[4]), m, p[5]);
    let y2 = fma(fma(m, p[6], p[7]), m, p[8]);
    let y = fma(fma(y0, m3, y1), m3, y2) * m3;
    let y = fma(LOG.ln2_low, e, y);
    let m = fma(-0.5, m2, m) + y;
    fma(LOG.ln2_high, e, m)
}

/// The constants of [`log1p`], in `f64`; the `f32` forms round them to `f32`
/// ([`Log1pConstants::single`]).
pub struct Log1pConstants {
    /// Below this magnitude the rational approximation is used: `sqrt(2) - 1`.
    pub small: f64,
    /// `P` and `Q` of `x^3 P(x) / Q(x)`, highest degree first.
    pub numerator: [f64; 7],
    pub denominator: [f64; 7],
}

impl Log1pConstants {
    /// The threshold and the coefficients of `P` and `Q` rounded to `f32`.
    pub fn single(&self) -> (f32, [f32; 7], [f32; 7]) {
        (self.small as f32, self.numerator.map(|c| c as f32), self.denominator.map(|c| c as f32))
    }
}

/// Cephes' constants for `log1p`.
pub const LOG1P: Log1pConstants = Log1pConstants {
    small: 0.414_213_562_373_095_048_80,
    numerator: [
        4.527_000_086_244_519_963_521_5e-5,
        4.985_410_282_319_337_597_221_2e-1,
        6.578_732_594_206_104_484_696_9,
        2.991_191_932_855_307_327_737_5e1,
        6.094_966_798_098_778_705_755_6e1,
        5.711_296_359_058_553_810_333_6e1,
        2.003_955_349_920_128_125_964_8e1,
    ],
    denominator: [
        1.0,
        1.506_290_908_346_919_204_316_7e1,
        8.304_756_596_796_720_946_943_4e1,
        2.217_623_982_373_285_646_539_4e2,
        3.090_987_222_531_205_977_493_8e2,
        2.164_278_861_449_594_768_500_3e2,
        6.011_866_049_760_384_391_930_6e1,
    ],
};

/// `ln(1 + x)`.
pub fn log1p(x: f32) -> f32 {
    let (small, numerator, denominator) = LOG1P.single();
    if x.abs() < small {
        let x2 = x * x;
        let ratio = horner(x, &numerator) / horner(x, &denominator);
        x + fma(x * x2, ratio, -0.5 * x2)
    } else {
        log(x + 1.0)
    }
}

/// `ln(1 + x)` of `f64`: the same form in `f64`, with the C library's `log` (XLA's `f64`
/// `log`).
pub fn log1p_f64(x: f64) -> f64 {
    if x.abs() < LOG1P.small {
        let x2 = x * x;
        let polynomial = |c: &[f64]| c.iter().skip(1).fold(c[0], |sum, &k| sum.mul_add(x, k));
        let ratio = polynomial(&LOG1P.numerator) / polynomial(&LOG1P.denominator);
        x + (x * x2).mul_add(ratio, -0.5 * x2)
    } else {
        (x + 1.0).ln()
    }
}

/// `ln(1 + x)`, its steps rounded as `steps` says.
pub fn log1p_in(steps: Steps, x: f32) -> f32 {
    if steps == Steps::F32 {
        return log1p(x);
    }
    let r = |v| steps.round(v);
    let polynomial = |coefficients: &[f32]| {
        coefficients
            .iter()
            .skip(1)
            .fold(r(coefficients[0]), |sum, &c| steps.mul_add(sum, x, r(c)))
    };
    let (small, numerator, denominator) = LOG1P.single();
    if x.abs() < small {
        let x2 = r(x * x);
        let ratio = r(polynomial(&numerator) / polynomial(&denominator));
        r(x + r(r(r(x * x2) * ratio) + r(-0.5 * x2)))
    } else {
        r(log(r(x + 1.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulps;

    #[test]
    fn log_is_within_two_ulps_of_the_true_value() {
        for i in 1..20000 {
            let x = i as f32 * 0.37;
            let want = (x as f64).ln() as f32;
            assert!(
                ulps(log(x), want) <= 2,
                "log({x}) = {} but ln x = {want}",
                log(x)
            );
        }
    }

    #[test]
    fn log_and_log1p_match_xla() {
        // StableHLO's testdata (log_float32_20_20, log1p_float32_20_20): the correctly
        // rounded results are one or two ulps away.
        crate::assert_xla_values("log", log, &[(0x3ed048bf, 0xbf66407a), (0x3f20a59e, 0xbeee9368), (0x3f283950, 0xbed6fabd)]);
        crate::assert_xla_values("log1p", log1p, &[(0x3f1af193, 0x3ef25196), (0x3f001a1d, 0x3ecfbbee), (0x40000de9, 0x3f8ca89a)]);
    }

    #[test]
    fn log1p_f64_matches_xla() {
        // log1p_float64_20_20: the C library's `log1p` is one ulp away.
        for (x, xla) in [(0x3ffc533f234afea4, 0x3ff04dad7239284d), (0x3fdd751efc6454a6, 0x3fd83b5f194ff6a8)] {
            assert_eq!(log1p_f64(f64::from_bits(x)).to_bits(), xla, "log1p({})", f64::from_bits(x));
        }
        assert_eq!(log1p_f64(-1.0), f64::NEG_INFINITY);
        assert_eq!(log1p_f64(1e-300), 1e-300);
    }

    #[test]
    fn log_of_a_subnormal_is_ieee() {
        let tiny = f32::from_bits(1);
        assert_eq!(log(tiny), (f64::from(tiny)).ln() as f32);
        assert!((log(1e-40) - (1e-40f64).ln() as f32).abs() <= 1e-5);
    }

    #[test]
    fn log_special_values() {
        assert_eq!(log(0.0), f32::NEG_INFINITY);
        assert_eq!(log(f32::INFINITY), f32::INFINITY);
        assert!(log(-1.0).is_nan());
        assert!(log(f32::NAN).is_nan());
        assert_eq!(log(1.0), 0.0);
    }

    #[test]
    fn log1p_keeps_small_operands_accurate() {
        assert_eq!(log1p(1e-10), 1e-10);
        assert_eq!(log1p(-1.0), f32::NEG_INFINITY);
        assert!(log1p(f32::NAN).is_nan());
        for i in -999..1000 {
            let x = i as f32 / 1000.0;
            let want = (x as f64).ln_1p() as f32;
            assert!(
                ulps(log1p(x), want) <= 2,
                "log1p({x}) = {} but the true value is {want}",
                log1p(x)
            );
        }
    }
}
