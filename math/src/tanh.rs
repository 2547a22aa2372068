//! `tanh` of `f32` as XLA CPU computes it: Eigen's rational approximation.
//!
//! `tanh(x) = x P(x^2) / Q(x^2)` with `P` of degree 6 and `Q` of degree 3 (in `x^2`),
//! the operand limited to `[-CLAMP, CLAMP]` (beyond it the quotient is +-1 in `f32`);
//! below `SMALL` in magnitude the result is `x` itself.

use crate::{clamp, horner};

/// The constants of [`tanh`].
pub struct TanhConstants {
    /// Operands smaller in magnitude are their own `tanh`.
    pub small: f32,
    /// Operands are limited to `[-clamp, clamp]`.
    pub clamp: f32,
    /// `P` and `Q`, highest degree first.
    pub numerator: [f32; 7],
    pub denominator: [f32; 4],
}

/// Eigen's constants for `tanh` of `f32` with fused multiply-adds.
pub const TANH: TanhConstants = TanhConstants {
    small: 0.0004,
    clamp: 7.998_811_721_801_757_81,
    numerator: [
        -2.760_768_477_423_55e-16,
        2.000_187_904_824_77e-13,
        -8.604_671_522_137_35e-11,
        5.122_297_090_371_14e-08,
        1.485_722_357_179_79e-05,
        6.372_619_288_754_36e-04,
        4.893_524_558_917_86e-03,
    ],
    denominator: [
        1.198_258_394_667_02e-06,
        1.185_347_056_866_54e-04,
        2.268_434_632_439_00e-03,
        4.893_525_185_543_85e-03,
    ],
};

/// `tanh(x)`.
pub fn tanh(x: f32) -> f32 {
    if x.is_nan() || x.abs() < TANH.small {
        return x;
    }
    let x = clamp(x, -TANH.clamp, TANH.clamp);
    let x2 = x * x;
    (x * horner(x2, &TANH.numerator)) / horner(x2, &TANH.denominator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tanh_matches_xla() {
        // StableHLO's testdata, tanh_float32_20_20: the correctly rounded results are three
        // ulps away.
        crate::assert_xla_values("tanh", tanh, &[(0xc0403874, 0xbf7ebe24), (0xc0998ef3, 0xbf7ff717), (0xbdfa6e8b, 0xbdf930e4)]);
    }

    #[test]
    fn tanh_is_within_a_few_ulps_and_saturates() {
        for i in -1000..1000 {
            let x = i as f32 / 100.0;
            let want = (x as f64).tanh() as f32;
            let distance = (tanh(x).to_bits() as i64 - want.to_bits() as i64).unsigned_abs();
            assert!(
                distance <= 4,
                "tanh({x}) = {} but the true value is {want}",
                tanh(x)
            );
        }
        assert_eq!(tanh(20.0), 1.0);
        assert_eq!(tanh(-20.0), -1.0);
        assert_eq!(tanh(1e-5), 1e-5);
        assert!(tanh(f32::NAN).is_nan());
    }
}
