//! The product of two complex numbers as XLA CPU computes it.
//!
//! `(a + ib)(c + id) = (ac - bd) + i(ad + bc)`, in the parts' format, with the multiplies
//! and adds contracted the way XLA's code generator contracts them: the real part is
//! `fma(a, c, -(b d))` and the imaginary part `fma(b, c, a d)`, the product `b d` (`a d`)
//! rounded on its own. StableHLO's testdata fixed the form (`integer_pow`, `mul` and
//! `cumprod` of `complex<f32>`, matched element for element; the plain and the exactly
//! rounded products each differ from XLA in about a quarter of the elements). The
//! left-hand operand is the one whose imaginary part is in the contracted product, so a
//! reduction's accumulator goes on the left, as XLA's reductions pass it.

macro_rules! complex_multiply {
    ($name:ident, $float:ty) => {
        /// `lhs * rhs`, each given as `(re, im)`, computed in the parts' format.
        pub fn $name(lhs: ($float, $float), rhs: ($float, $float)) -> ($float, $float) {
            let ((a, b), (c, d)) = (lhs, rhs);
            (a.mul_add(c, -(b * d)), b.mul_add(c, a * d))
        }
    };
}

complex_multiply!(complex_multiply_f32, f32);
complex_multiply!(complex_multiply_f64, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_multiply_matches_xla() {
        // StableHLO's testdata, mul_complex64_20_20_complex64_20_20 [0, 0]: XLA's product,
        // which the plain product misses in both parts.
        let (lhs, rhs) = ((0.477_026_02f32, -1.379_335_5), (1.954_658f32, 2.200_601_8));
        let xla = complex_multiply_f32(lhs, rhs);
        assert_eq!(xla, (3.967_790_8, -1.646_384_8));
        let plain = (lhs.0 * rhs.0 - lhs.1 * rhs.1, lhs.0 * rhs.1 + lhs.1 * rhs.0);
        assert_ne!(plain.0, xla.0);
        assert_ne!(plain.1, xla.1);
    }

    #[test]
    fn complex_multiply_of_exact_values_is_exact() {
        assert_eq!(complex_multiply_f64((1.0, 2.0), (3.0, -4.0)), (11.0, 2.0));
        assert_eq!(complex_multiply_f32((0.0, 1.0), (0.0, 1.0)), (-1.0, 0.0));
    }
}
