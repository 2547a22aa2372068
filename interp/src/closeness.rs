//! Comparing computed arrays with expected ones (XLA's outputs, `--check` files): exact
//! for integers and predicates, a tolerance in ulps of the element format for floats.
//!
//! Two float elements agree when their bits are equal, when both are NaN, or when both
//! are finite and either at most [`Tolerance::ulps_for`] values of the array's own format
//! apart or within the element's absolute floor. The ulp allowance is counted in the
//! format of the arrays being compared, never another output's: a relative tolerance of
//! `1e-5` is 83 ulps of `f32` but (at least) one of `bf16`.
//!
//! The absolute floor of an element is `atol + normwise_rtol * min(scale, REACH * |e|)`,
//! where `e` is the expected element and `scale` the root mean square of the expected
//! array. The absolute term keeps results that cancel to nearly zero, where one ulp is
//! tiny, from failing on rounding noise. The norm-wise term measures the error of a long
//! sum (a dot product, a normalization) against the scale of the whole array, as BLAS and
//! LAPACK tests do, since a sum computed in `f32` is off by a fraction of its terms'
//! magnitude, not of its own. It is bounded per element by [`NORMWISE_REACH`] times the
//! element's own magnitude, so that an array holding a few huge values (`3e38`, or
//! `exp` of large arguments) does not give its ordinary elements a floor that any finite
//! value passes. Complex numbers compare part by part.
//!
//! Invariant: for a nonzero tolerance whose relative terms are below `1e-3`, multiplying
//! every element of an expected `f32` array whose root mean square is at least `atol` by
//! `1 + 1e-3` makes the comparison fail (the fixture tests check this on every output).

use xla_ir::{float_format, FloatKind, Scalar};

use crate::element::ElementType;
use crate::index::multi_index;
use crate::literal::Literal;
use crate::ops::checks::{describe, ulp_distance};

/// How many times its own magnitude the norm-wise term may allow an element at most.
///
/// A dot product's element that cancels to a small value carries the rounding error of
/// its terms, which the array's root mean square stands for; 64 covers cancellation by
/// six binary orders of magnitude, beyond which only `atol` applies.
pub const NORMWISE_REACH: f64 = 64.0;

/// How far computed floats may be from expected ones.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Tolerance {
    /// Units in the last place allowed in any float format.
    pub max_ulps: u128,
    /// A relative tolerance, allowed as `floor(rtol / epsilon)` units in the last place of
    /// each compared array's own format (whichever of this and `max_ulps` is larger): the
    /// most ulps that stay within `rtol` of every value, since one ulp of `x` is at most
    /// `epsilon * |x|`.
    pub rtol: f64,
    pub atol: f64,
    /// The norm-wise relative tolerance: a multiple of the expected array's root mean
    /// square added to `atol`, bounded per element (see the module).
    pub normwise_rtol: f64,
}

impl Tolerance {
    /// Bit-exact agreement.
    pub const EXACT: Tolerance = Tolerance { max_ulps: 0, rtol: 0.0, atol: 0.0, normwise_rtol: 0.0 };

    /// Agreement within `max_ulps` or `atol`, without relative or norm-wise terms.
    pub fn new(max_ulps: u128, atol: f64) -> Tolerance {
        Tolerance { max_ulps, rtol: 0.0, atol, normwise_rtol: 0.0 }
    }

    /// The tolerance a test manifest states as NumPy's `rtol` and `atol` (the fixtures'
    /// and the corpus's `tol`): exact when both are zero, else `rtol` in ulps of each
    /// output's format (at least one ulp), `atol`, and `rtol` norm-wise.
    pub fn relative(rtol: f64, atol: f64) -> Tolerance {
        if rtol == 0.0 && atol == 0.0 {
            return Tolerance::EXACT;
        }
        Tolerance { max_ulps: 1, rtol, atol, normwise_rtol: rtol }
    }

    /// The units in the last place of `kind` that two elements may be apart.
    pub fn ulps_for(&self, kind: FloatKind) -> u128 {
        let relative = (self.rtol / float_format::epsilon(kind)).floor();
        // The float-to-int cast saturates, so a huge `rtol` cannot wrap.
        self.max_ulps.max(relative as u128)
    }
}

/// What a comparison found: the largest ulp distance among finite floats farther apart
/// than the absolute floor (0 for exact types).
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct Agreement {
    pub max_ulps: u128,
}

/// Compares `actual` with `expected`; the error lists the first elements that disagree.
pub fn compare(actual: &Literal, expected: &Literal, tolerance: Tolerance) -> Result<Agreement, String> {
    if actual.element != expected.element || actual.shape != expected.shape {
        return Err(format!("expected {}, found {}", expected.shape_string(), actual.shape_string()));
    }
    let floor = AbsoluteFloor { atol: tolerance.atol, normwise_rtol: tolerance.normwise_rtol, scale: root_mean_square(expected) };
    let max_ulps = match actual.element {
        ElementType::Float(kind) | ElementType::Complex(kind) => tolerance.ulps_for(kind),
        _ => 0,
    };
    let mut agreement = Agreement::default();
    let mut differing = Vec::new();
    let mut count = 0usize;
    for i in 0..actual.len() {
        let (a, b) = (actual.get(i), expected.get(i));
        let (agrees, ulps) = elements_agree(actual.element, a, b, max_ulps, floor);
        agreement.max_ulps = agreement.max_ulps.max(ulps);
        if !agrees {
            count += 1;
            if differing.len() < 5 {
                let element = actual.element;
                differing.push(format!("at {:?}: {} (expected {})", multi_index(&actual.shape, i), describe(element, a), describe(element, b)));
            }
        }
    }
    if count > 0 {
        return Err(format!(
            "{count} of {} elements differ beyond {max_ulps} ulps and {}: {}{}",
            actual.len(),
            floor.describe(),
            differing.join("; "),
            if count > differing.len() { "; ..." } else { "" }
        ));
    }
    Ok(agreement)
}

/// The absolute distance within which two finite elements agree whatever their ulps.
#[derive(Copy, Clone)]
struct AbsoluteFloor {
    atol: f64,
    normwise_rtol: f64,
    /// The root mean square of the expected array.
    scale: f64,
}

impl AbsoluteFloor {
    /// The floor of an element whose expected value is `expected`.
    fn at(self, expected: f64) -> f64 {
        self.atol + self.normwise_rtol * self.scale.min(NORMWISE_REACH * expected.abs())
    }

    fn describe(self) -> String {
        if self.normwise_rtol == 0.0 {
            format!("{:e} absolute", self.atol)
        } else {
            format!("{:e} + {:e} * min({:e}, {NORMWISE_REACH} * |expected|) absolute", self.atol, self.normwise_rtol, self.scale)
        }
    }
}

/// Whether two elements agree, and their ulp distance when they are finite floats.
fn elements_agree(element: ElementType, a: Scalar, b: Scalar, max_ulps: u128, floor: AbsoluteFloor) -> (bool, u128) {
    let floats = |x: f64, y: f64| -> (bool, u128) {
        if x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()) {
            return (true, 0);
        }
        match ulp_distance(element, x, y) {
            // Within the absolute floor the ulp distance does not matter, so it is not reported.
            Some(_) if (x - y).abs() <= floor.at(y) => (true, 0),
            Some(ulps) => (ulps <= max_ulps, ulps),
            None => (false, 0),
        }
    };
    match (a, b) {
        (Scalar::Float(x), Scalar::Float(y)) => floats(x, y),
        (Scalar::Complex(xr, xi), Scalar::Complex(yr, yi)) => {
            let ((re, re_ulps), (im, im_ulps)) = (floats(xr, yr), floats(xi, yi));
            (re && im, re_ulps.max(im_ulps))
        }
        _ => (a == b, 0),
    }
}

/// The root mean square of the finite float (or complex part) elements of `literal`; 0 for
/// other element types. Computed relative to the largest magnitude, so that values near
/// `f64::MAX` do not overflow the sum of squares.
fn root_mean_square(literal: &Literal) -> f64 {
    let parts = |i: usize| match literal.get(i) {
        Scalar::Float(x) => Some([x, 0.0]),
        Scalar::Complex(re, im) => Some([re, im]),
        Scalar::Int(_) => None,
    };
    let finite = |i: &usize| parts(*i).is_some_and(|p| p.iter().all(|x| x.is_finite()));
    let largest = (0..literal.len()).filter(finite).filter_map(parts).fold(0.0f64, |m, [re, im]| m.max(re.abs()).max(im.abs()));
    if largest == 0.0 {
        return 0.0;
    }
    let (mut sum, mut count) = (0.0f64, 0usize);
    for [re, im] in (0..literal.len()).filter(finite).filter_map(parts) {
        sum += (re / largest).powi(2) + (im / largest).powi(2);
        count += 1;
    }
    largest * (sum / count as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literal::Elements;

    fn floats(element: ElementType, values: &[f64]) -> Literal {
        Literal::new(element, vec![values.len() as i64], Elements::Float(values.to_vec()))
    }

    fn f32s(values: &[f64]) -> Literal {
        floats(ElementType::F32, values)
    }

    #[test]
    fn floats_agree_within_ulps_or_the_absolute_floor() {
        let next = f32::from_bits(1.0f32.to_bits() + 2) as f64;
        let tolerance = Tolerance::new(2, 1e-8);
        assert_eq!(compare(&f32s(&[1.0, f64::NAN, 1e-9]), &f32s(&[next, f64::NAN, -1e-9]), tolerance), Ok(Agreement { max_ulps: 2 }));
        let error = compare(&f32s(&[1.0]), &f32s(&[1.5]), tolerance).expect_err("far apart");
        assert!(error.contains("at [0]: 1.0 (expected 1.5)"), "{error}");
        assert!(compare(&f32s(&[f64::INFINITY]), &f32s(&[f64::MAX]), tolerance).is_err());
    }

    #[test]
    fn the_normwise_term_scales_with_the_array() {
        // 2e-3 off on an element of 0.5 is far beyond any ulp count, but small against an
        // array whose root mean square is about 70.
        let tolerance = Tolerance { max_ulps: 4, rtol: 0.0, atol: 0.0, normwise_rtol: 1e-4 };
        assert!(compare(&f32s(&[0.502, 100.0]), &f32s(&[0.5, 100.0]), tolerance).is_ok());
        assert!(compare(&f32s(&[0.502, 1.0]), &f32s(&[0.5, 1.0]), tolerance).is_err());
        // It reaches 64 times an element's magnitude, no farther: 0.01 may be off by
        // 6.4e-5, not by the 7e-3 the array's scale would allow.
        assert!(compare(&f32s(&[0.01006, 100.0]), &f32s(&[0.01, 100.0]), tolerance).is_ok());
        assert!(compare(&f32s(&[0.0101, 100.0]), &f32s(&[0.01, 100.0]), tolerance).is_err());
    }

    #[test]
    fn huge_values_do_not_widen_the_floor_of_ordinary_ones() {
        // The root mean square is about 2e38: unbounded, the floor would pass 1.0 for 2.0.
        let tolerance = Tolerance::relative(1e-5, 1e-6);
        let expected = f32s(&[3e38, 1.0, -3e38]);
        assert!(compare(&f32s(&[3e38, 1.0, -3e38]), &expected, tolerance).is_ok());
        assert!(compare(&f32s(&[3e38, 2.0, -3e38]), &expected, tolerance).is_err());
        assert!(compare(&f32s(&[3e38, 1.001, -3e38]), &expected, tolerance).is_err());
        // An `f64` array near its largest value has a finite scale.
        let expected = floats(ElementType::F64, &[f64::MAX, -f64::MAX, 1.0]);
        assert!(compare(&floats(ElementType::F64, &[f64::MAX, -f64::MAX, 1.5]), &expected, tolerance).is_err());
    }

    #[test]
    fn ulps_count_in_each_arrays_own_format() {
        let tolerance = Tolerance::relative(1e-5, 0.0);
        assert_eq!(tolerance.ulps_for(FloatKind::F32), 83);
        assert_eq!(tolerance.ulps_for(FloatKind::BF16), 1);
        assert_eq!(tolerance.ulps_for(FloatKind::F64), 45_035_996_273);
        // 1e-2 is 1.28 ulps of bf16: one, since two would exceed 1e-2 near 1.
        assert_eq!(Tolerance::relative(1e-2, 0.0).ulps_for(FloatKind::BF16), 1);
        // Complex numbers count ulps of their parts' format: 1e-3 apart is beyond 83 ulps
        // of `f32`, whatever other outputs a program has.
        let c64 = ElementType::Complex(FloatKind::F32);
        let complex = |re: f64, im: f64| Literal::new(c64, vec![1], Elements::Complex(vec![num_complex::Complex64::new(re, im)]));
        assert!(compare(&complex(1.0, 2.0), &complex(1.0, 2.0), tolerance).is_ok());
        assert!(compare(&complex(1.001, 2.0), &complex(1.0, 2.0), tolerance).is_err());
        // bf16's one ulp near 1 is 2^-7: the next value passes, the one after does not.
        let bf16 = ElementType::Float(FloatKind::BF16);
        assert!(compare(&floats(bf16, &[1.0078125]), &floats(bf16, &[1.0]), tolerance).is_ok());
        assert!(compare(&floats(bf16, &[1.015625]), &floats(bf16, &[1.0]), tolerance).is_err());
    }

    #[test]
    fn a_relative_tolerance_of_zero_is_exact() {
        assert_eq!(Tolerance::relative(0.0, 0.0), Tolerance::EXACT);
        let next = f32::from_bits(1.0f32.to_bits() + 1) as f64;
        assert!(compare(&f32s(&[next]), &f32s(&[1.0]), Tolerance::EXACT).is_err());
    }

    #[test]
    fn shapes_must_match() {
        assert!(compare(&f32s(&[1.0]), &f32s(&[1.0, 2.0]), Tolerance::EXACT).is_err());
    }
}
