//! `cos(x) - 1` as XLA computes it, without the cancellation of `cos(x) - 1` near zero.
//!
//! Cephes' form: `-x^2/2 + x^4 P(x^2)` with a degree-6 polynomial `P` while `x^2` is at
//! most `0.61685` (about `(pi/4)^2`), `cos(x) - 1` beyond. The polynomial is Horner's rule
//! with a fused multiply-add per step and the last step `fma(x^4, P, -x^2/2)`, as XLA's
//! code generator contracts it (its complex `expm1` uses this function, and StableHLO's
//! testdata, `expm1` of `complex<f32>`, matches it element for element). The cosine is
//! the C library's, in `f64` (rounded to `f32` for `f32`, as the interpreter's `cosine`).

/// `P`'s coefficients, highest degree first.
pub const COSM1: [f64; 7] = [
    4.737_750_796_424_620_469_168_5E-14,
    -1.147_028_484_342_535_976_567_1E-11,
    2.087_675_428_708_152_175_836_1E-9,
    -2.755_731_921_499_978_797_981_4E-7,
    2.480_158_730_157_055_230_499_1E-5,
    -1.388_888_888_888_887_299_373_7E-3,
    4.166_666_666_666_666_660_905_4E-2,
];

/// The largest `x^2` the polynomial is used for.
pub const COSM1_SMALL: f64 = 0.61685;

macro_rules! cosm1 {
    ($name:ident, $float:ty) => {
        /// `cos(x) - 1` of this format, computed in it.
        pub fn $name(x: $float) -> $float {
            let xx = x * x;
            if xx > COSM1_SMALL as $float {
                return (f64::from(x).cos() as $float) - 1.0;
            }
            let xxxx = xx * xx;
            let poly = COSM1.iter().skip(1).fold(COSM1[0] as $float, |sum, &c| sum.mul_add(xx, c as $float));
            xxxx.mul_add(poly, -0.5 * xx)
        }
    };
}

cosm1!(cosm1_f32, f32);
cosm1!(cosm1_f64, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosm1_keeps_the_digits_cos_minus_one_loses() {
        // cos(x) - 1 = -x^2/2 + x^4/24 - ... = -4.99999958333e-7 at x = 1e-3, which the
        // polynomial gets to an ulp (5.7e-14) and `cos(x)` rounded to f32 (0.99999952)
        // minus 1 misses by 5%.
        let truth = -4.999_999_583_333_347e-7;
        assert!((f64::from(cosm1_f32(1e-3)) - truth).abs() <= 5.7e-14);
        assert!((f64::from((1e-3f64.cos() as f32) - 1.0) - truth).abs() > 1e-8);
        let x = 0.5f64;
        assert!((cosm1_f64(x) - (x.cos() - 1.0)).abs() < 1e-16);
        assert_eq!(cosm1_f64(2.0), 2f64.cos() - 1.0);
        assert_eq!(cosm1_f32(0.0), 0.0);
        assert!(cosm1_f32(f32::NAN).is_nan());
    }
}
