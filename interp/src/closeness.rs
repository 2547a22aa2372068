//! Comparing computed arrays with expected ones (XLA's outputs, `--check` files): exact
//! for integers and predicates, a tolerance in ulps of the element format for floats.
//!
//! Two float elements agree when their bits are equal, when both are NaN, or when both
//! are finite and either at most [`Tolerance::max_ulps`] values of the element format
//! apart or at most [`Tolerance::atol`] apart (the absolute floor keeps results that
//! cancel to nearly zero, where one ulp is tiny, from failing on rounding noise). Complex
//! numbers compare part by part.

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
}

impl Tolerance {
    /// Bit-exact agreement.
    pub const EXACT: Tolerance = Tolerance { max_ulps: 0, atol: 0.0 };
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
    let mut agreement = Agreement::default();
    let mut differing = Vec::new();
    let mut count = 0usize;
    for i in 0..actual.len() {
        let (a, b) = (actual.get(i), expected.get(i));
        let (agrees, ulps) = elements_agree(actual.element, a, b, tolerance);
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
            tolerance.atol,
            differing.join("; "),
            if count > differing.len() { "; ..." } else { "" }
        ));
    }
    Ok(agreement)
}

/// Whether two elements agree, and their ulp distance when they are finite floats.
fn elements_agree(element: ElementType, a: Scalar, b: Scalar, tolerance: Tolerance) -> (bool, u128) {
    let floats = |x: f64, y: f64| -> (bool, u128) {
        if x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()) {
            return (true, 0);
        }
        match ulp_distance(element, x, y) {
            // Within the absolute floor the ulp distance does not matter, so it is not reported.
            Some(_) if (x - y).abs() <= tolerance.atol => (true, 0),
            Some(ulps) => (ulps <= tolerance.max_ulps, ulps),
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
        let tolerance = Tolerance { max_ulps: 2, atol: 1e-8 };
        assert_eq!(compare(&f32s(&[1.0, f64::NAN, 1e-9]), &f32s(&[next, f64::NAN, -1e-9]), tolerance), Ok(Agreement { max_ulps: 2 }));
        let error = compare(&f32s(&[1.0]), &f32s(&[1.5]), tolerance).expect_err("far apart");
        assert!(error.contains("at [0]: 1.0 (expected 1.5)"), "{error}");
        assert!(compare(&f32s(&[f64::INFINITY]), &f32s(&[f64::MAX]), tolerance).is_err());
    }

    #[test]
    fn shapes_must_match() {
        assert!(compare(&f32s(&[1.0]), &f32s(&[1.0, 2.0]), Tolerance::EXACT).is_err());
    }
}
