//! `exp` and `expm1` of `f32` as XLA CPU computes them.
//!
//! `exp` is Cephes' `expf`: `x = n ln 2 + a` with `n = floor(x log2(e) + 1/2)`, a
//! degree-5 polynomial for `e^a`, and `2^n` built from its exponent bits. The operand is
//! first limited to `[-87.8, 88.8]` and `n` to `[-127, 127]`; `n = -127` builds `2^n` as
//! zero, so results below the smallest normal number are zero.
//!
//! `logistic` is `1 / (1 + exp(-x))`, as XLA expands it.
//!
//! `expm1` is `exp(x) - 1` where that loses nothing (`|x| >= 1/2`) and
//! `tanh(x / 2) * (exp(x) + 1)` below, an identity whose factors have no cancellation. XLA
//! computes `f64` by the same form in `f64` ([`expm1_f64`]).

use crate::{clamp, fma, horner, tanh, Steps};

/// The constants of [`exp`].
pub struct ExpConstants {
    /// The operand is limited to `[LOW, HIGH]` first.
    pub low: f32,
    pub high: f32,
    /// `log2(e)`.
    pub log2_e: f32,
    /// `ln 2` in two parts, `LN2_HIGH + LN2_LOW`, the first exact in few bits.
    pub ln2_high: f32,
    pub ln2_low: f32,
    /// `n` is limited to `[-MAX_EXPONENT, MAX_EXPONENT]`.
    pub max_exponent: f32,
    /// The polynomial in `a`, highest degree first; `e^a = 1 + a + a^2 P(a)`.
    pub polynomial: [f32; 6],
}

/// Cephes' constants for `expf`.
pub const EXP: ExpConstants = ExpConstants {
    low: -87.8,
    high: 88.8,
    log2_e: 1.442_695_040_888_963_4,
    ln2_high: 0.693_359_375,
    ln2_low: -2.121_944_4e-4,
    max_exponent: 127.0,
    polynomial: [
        1.987_569_15e-4,
        1.398_199_950_7e-3,
        8.333_451_907_3e-3,
        4.166_579_589_4e-2,
        1.666_666_545_9e-1,
        5.000_000_120_1e-1,
    ],
};

/// `e^x`.
pub fn exp(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    let x = clamp(x, EXP.low, EXP.high);
    let n = clamp(
        fma(x, EXP.log2_e, 0.5).floor(),
        -EXP.max_exponent,
        EXP.max_exponent,
    );
    let a = fma(-EXP.ln2_high, n, x);
    let a = fma(-EXP.ln2_low, n, a);
    let p = horner(a, &EXP.polynomial);
    let z = 1.0 + fma(p, a * a, a);
    z * power_of_two(n)
}

/// `2^n` for an integral `n` in `[-127, 127]`, from its exponent bits; `2^-127` is zero.
pub fn power_of_two(n: f32) -> f32 {
    f32::from_bits(((n as i32 + 127) as u32) << 23)
}

/// Below this magnitude [`expm1`] uses the `tanh` identity.
pub const EXPM1_SMALL: f32 = 0.5;

/// `e^x - 1`.
pub fn expm1(x: f32) -> f32 {
    expm1_in(Steps::F32, x)
}

/// `e^x - 1`, its steps rounded as `steps` says.
pub fn expm1_in(steps: Steps, x: f32) -> f32 {
    let r = |v| steps.round(v);
    let e = r(exp(x));
    if x.abs() < EXPM1_SMALL {
        r(r(tanh(r(x * 0.5))) * r(e + 1.0))
    } else {
        r(e - 1.0)
    }
}

/// `1 / (1 + e^-x)`, XLA's expansion of `logistic`.
pub fn logistic(x: f32) -> f32 {
    logistic_in(Steps::F32, x)
}

/// `1 / (1 + e^-x)`, its steps rounded as `steps` says.
pub fn logistic_in(steps: Steps, x: f32) -> f32 {
    let r = |v| steps.round(v);
    r(1.0 / r(1.0 + r(exp(-x))))
}

/// `e^x - 1` of `f64`: the same form in `f64`, with the C library's `exp` and `tanh`
/// (XLA's `f64` functions).
pub fn expm1_f64(x: f64) -> f64 {
    let e = x.exp();
    if x.abs() < f64::from(EXPM1_SMALL) {
        (x * 0.5).tanh() * (e + 1.0)
    } else {
        e - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulps;

    #[test]
    fn exp_is_within_two_ulps_of_the_true_value() {
        for i in -8000..8000 {
            let x = i as f32 / 100.0;
            let want = (x as f64).exp() as f32;
            if want.is_normal() {
                assert!(
                    ulps(exp(x), want) <= 2,
                    "exp({x}) = {} but e^x = {want}",
                    exp(x)
                );
            }
        }
    }

    #[test]
    fn exp_matches_xla_where_it_is_not_correctly_rounded() {
        // XLA CPU's results (StableHLO's testdata, exp_float32_20_20) at operands where
        // the correctly rounded result is one ulp away.
        crate::assert_xla_values("exp", exp, &[(0xc08807fd, 0x3c697a38), (0xc03f1b5c, 0x3d4ecb2a), (0xc0cf094a, 0x3acb156c)]);
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp(-88.0), 0.0, "2^-127 is built as zero");
        assert!(exp(f32::NAN).is_nan());
    }

    #[test]
    fn logistic_matches_xla() {
        // StableHLO's testdata, logistic_float32_20_20: one ulp from
        // the correctly rounded results.
        crate::assert_xla_values("logistic", logistic, &[(0x405c29ef, 0x3f780c04), (0x3f2870ec, 0x3f28a771)]);
    }

    #[test]
    fn expm1_matches_xla() {
        // StableHLO's testdata, expm1_float32_20_20: the correctly rounded results are two
        // ulps away.
        crate::assert_xla_values("expm1", expm1, &[(0xbe985c35, 0xbe83c80d), (0xbe910604, 0xbe7c967c), (0x3e5bb696, 0x3e751092)]);
    }

    #[test]
    fn expm1_keeps_small_operands_accurate() {
        assert_eq!(expm1(1e-10), 1e-10);
        assert_eq!(expm1(-1e-30), -1e-30);
        assert_eq!(expm1(f32::NEG_INFINITY), -1.0);
        assert_eq!(expm1(f32::INFINITY), f32::INFINITY);
        for i in -1000..1000 {
            let x = i as f32 / 1000.0;
            let want = (x as f64).exp_m1() as f32;
            assert!(
                ulps(expm1(x), want) <= 4,
                "expm1({x}) = {} but the true value is {want}",
                expm1(x)
            );
        }
    }
}
