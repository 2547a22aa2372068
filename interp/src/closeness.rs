//! Comparing computed arrays with expected ones (XLA's outputs, `--check` files): exact
//! for integers and predicates, a tolerance in ulps of the element format for floats.
//!
//! Two float elements agree when their bits are equal, when both are NaN, or when both
//! are finite and either at most [`Tolerance::max_ulps`] values of the element format
//! apart or at most `atol + normwise_rtol * rms(expected)` apart. The absolute term keeps
//! results that cancel to nearly zero, where one ulp is tiny, from failing on rounding
//! noise; the norm-wise term measures the error of a long sum (a dot product, a
//! normalization) against the scale of the whole array, as BLAS and LAPACK tests do, since
//! a sum computed in `f32` is off by a fraction of its terms' magnitude, not of its own.
//! Complex numbers compare part by part.

use xla_ir::Scalar;

use crate::element::ElementType;
use crate::index::multi_index;
use crate::literal::Literal;
use crate::ops::checks::{describe, ulp_distance};

/// How far computed floats may be from expected ones.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Tolerance {
    pub max_ulps: u128,
    pub atol: f64,
    /// The norm-wise relative tolerance: a multiple of the expected array's root mean
    /// square added to `atol`.
    pub normwise_rtol: f64,
}

impl Tolerance {
    /// Bit-exact agreement.
    pub const EXACT: Tolerance = Tolerance { max_ulps: 0, atol: 0.0, normwise_rtol: 0.0 };

    /// Agreement within `max_ulps` or `atol`, without a norm-wise term.
    pub fn new(max_ulps: u128, atol: f64) -> Tolerance {
        Tolerance { max_ulps, atol, normwise_rtol: 0.0 }
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
    let absolute = tolerance.atol + tolerance.normwise_rtol * root_mean_square(expected);
    let mut agreement = Agreement::default();
    let mut differing = Vec::new();
    let mut count = 0usize;
    for i in 0..actual.len() {
        let (a, b) = (actual.get(i), expected.get(i));
        let (agrees, ulps) = elements_agree(actual.element, a, b, tolerance.max_ulps, absolute);
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
            "{count} of {} elements differ beyond {} ulps and {:e} absolute: {}{}",
            actual.len(),
            tolerance.max_ulps,
            absolute,
            differing.join("; "),
            if count > differing.len() { "; ..." } else { "" }
        ));
    }
    Ok(agreement)
}

/// Whether two elements agree, and their ulp distance when they are finite floats.
fn elements_agree(element: ElementType, a: Scalar, b: Scalar, max_ulps: u128, absolute: f64) -> (bool, u128) {
    let floats = |x: f64, y: f64| -> (bool, u128) {
        if x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()) {
            return (true, 0);
        }
        match ulp_distance(element, x, y) {
            // Within the absolute floor the ulp distance does not matter, so it is not reported.
            Some(_) if (x - y).abs() <= absolute => (true, 0),
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
/// other element types.
fn root_mean_square(literal: &Literal) -> f64 {
    let (mut sum, mut count) = (0.0f64, 0usize);
    for i in 0..literal.len() {
        let parts = match literal.get(i) {
            Scalar::Float(x) => [x, 0.0],
            Scalar::Complex(re, im) => [re, im],
            Scalar::Int(_) => return 0.0,
        };
        if parts.iter().all(|p| p.is_finite()) {
            sum += parts[0] * parts[0] + parts[1] * parts[1];
            count += 1;
        }
    }
    if count == 0 { 0.0 } else { (sum / count as f64).sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literal::Elements;

    fn f32s(values: &[f64]) -> Literal {
        Literal::new(ElementType::F32, vec![values.len() as i64], Elements::Float(values.to_vec()))
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
        // 1e-3 off on an element of 0.01 is far beyond any ulp count, but small against an
        // array whose root mean square is about 70.
        let tolerance = Tolerance { max_ulps: 4, atol: 0.0, normwise_rtol: 1e-4 };
        assert!(compare(&f32s(&[0.011, 100.0]), &f32s(&[0.01, 100.0]), tolerance).is_ok());
        assert!(compare(&f32s(&[0.011, 1.0]), &f32s(&[0.01, 1.0]), tolerance).is_err());
    }

    #[test]
    fn shapes_must_match() {
        assert!(compare(&f32s(&[1.0]), &f32s(&[1.0, 2.0]), Tolerance::EXACT).is_err());
    }
}
