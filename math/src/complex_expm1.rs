//! `e^z - 1` of a complex number as XLA computes it.
//!
//! `e^(a + ib) - 1 = (e^a cos b - 1) + i e^a sin b`, with the real part formed without
//! cancellation as `expm1(a) cos(b) + cosm1(b)`, contracted to
//! `fma(expm1(a), cos(b), cosm1(b))` with `cos(b) = cosm1(b) + 1`, and the imaginary part
//! `(expm1(a) + 1) sin(b)`, zero when `b` is zero (so that a real operand stays real even
//! when `e^a` is infinite). `expm1` is XLA's own ([`crate::expm1`], [`crate::expm1_f64`]),
//! `cosm1` [`crate::cosm1_f32`]'s form, and the sine the C library's in `f64`. StableHLO's
//! testdata (`expm1` of `complex<f32>`) matches it element for element.

use crate::cosm1::{cosm1_f32, cosm1_f64};
use crate::exp::{expm1, expm1_f64};

macro_rules! complex_expm1 {
    ($name:ident, $float:ty, $expm1:expr, $cosm1:expr) => {
        /// `e^(re + i im) - 1` as `(re, im)`, computed in the parts' format.
        pub fn $name(re: $float, im: $float) -> ($float, $float) {
            let expm1_re: $float = $expm1(re);
            let exp_re = expm1_re + 1.0;
            let cosm1_im: $float = $cosm1(im);
            let cos_im = cosm1_im + 1.0;
            let sin_im = f64::from(im).sin() as $float;
            let real = expm1_re.mul_add(cos_im, cosm1_im);
            let imag = if im == 0.0 { 0.0 } else { exp_re * sin_im };
            (real, imag)
        }
    };
}

complex_expm1!(complex_expm1_f32, f32, expm1, cosm1_f32);
complex_expm1!(complex_expm1_f64, f64, expm1_f64, cosm1_f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_expm1_matches_xla() {
        // StableHLO's testdata, expm1_complex64_20_20: an element where the uncontracted
        // real part is an ulp off.
        assert_eq!(complex_expm1_f32(-0.265_274_26, -0.295_153_7), (-0.266_171_25, -0.223_108_98));
        // Near zero, e^a cos b - 1 = a + a^2/2 - b^2/2 + ... and e^a sin b = b (1 + a + ...):
        // both parts to a relative 4e-16, where e^a cos b - 1 computed plainly keeps none.
        let z = complex_expm1_f64(1e-10, 2e-10);
        assert!((z.0 / 9.999_999_998_5e-11 - 1.0).abs() < 4e-16, "{z:?}");
        assert!((z.1 / 2.000_000_000_2e-10 - 1.0).abs() < 4e-16, "{z:?}");
        assert_eq!(complex_expm1_f32(1000.0, 0.0), (f32::INFINITY, 0.0));
    }
}
