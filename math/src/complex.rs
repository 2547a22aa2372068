//! The magnitude of a complex number as XLA computes it.
//!
//! `|re + i im| = max * sqrt(1 + (min / max)^2)` with `max` and `min` the larger and the
//! smaller of `|re|` and `|im|`, the square and the addition one fused multiply-add: no
//! square overflows or underflows, and the result is XLA's bit for bit (StableHLO's
//! testdata, `abs` and `sign` of `complex<f32>` and `complex<f64>`). An infinite part gives
//! `+inf`, a NaN part otherwise NaN, and a zero `min` gives `max` exactly.

macro_rules! complex_abs {
    ($name:ident, $float:ty) => {
        /// `|re + i im|`, computed in the parts' format.
        pub fn $name(re: $float, im: $float) -> $float {
            let (a, b) = (re.abs(), im.abs());
            if a.is_infinite() || b.is_infinite() {
                return <$float>::INFINITY;
            }
            if a.is_nan() || b.is_nan() {
                return <$float>::NAN;
            }
            let (max, min) = if a >= b { (a, b) } else { (b, a) };
            if min == 0.0 {
                return max;
            }
            let ratio = min / max;
            max * ratio.mul_add(ratio, 1.0).sqrt()
        }
    };
}

complex_abs!(complex_abs_f32, f32);
complex_abs!(complex_abs_f64, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_abs_matches_xla() {
        // StableHLO's testdata (abs_complex64_20_20 [3, 0], abs_complex128_20_20 [6, 4]):
        // XLA's results, one ulp from the correctly rounded `hypot`.
        assert_eq!(complex_abs_f32(-1.546_274_3, 3.565_974_7), 3.886_79);
        assert_ne!((-1.546_274_3f32).hypot(3.565_974_7), 3.886_79);
        assert_eq!(
            complex_abs_f64(-2.172_224_644_585_810_4, -7.290_289_546_486_149),
            7.607_028_432_847_557
        );
        assert_eq!(complex_abs_f64(3.0, 4.0), 5.0);
        assert_eq!(complex_abs_f32(0.0, -2.5), 2.5);
        assert_eq!(complex_abs_f64(f64::NAN, f64::INFINITY), f64::INFINITY);
        assert!(complex_abs_f32(f32::NAN, 1.0).is_nan());
        assert_eq!(
            complex_abs_f32(1e30, 1e30),
            1e30 * std::f32::consts::SQRT_2,
            "no square overflows"
        );
    }
}
