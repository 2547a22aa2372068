//! The `check` dialect's assertions. A failed check does not stop the program: it is
//! recorded in [`crate::interpreter::Interpreter::check_failures`] with its location and
//! the first elements that differ, and the run as a whole fails at its end.
//!
//! Comparisons (see the ops' documentation in the dialect): `expect_eq` compares bits
//! (NaNs of one payload are equal, `-0.0` and `0.0` are not); `expect_almost_eq` accepts
//! two NaNs, equal values, or finite values within an absolute tolerance; `expect_close`
//! measures the distance in ulps of the element format.

use std::rc::Rc;

use xla_dialects::check::{CheckOpKind, ExpectAlmostEqConstOp, ExpectAlmostEqOp, ExpectCloseOp, ExpectEqConstOp};
use xla_ir::{float_format, Scalar};

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::index::multi_index;
use crate::interpreter::{CheckFailure, OpCx};
use crate::literal::Literal;
use crate::ops::support::tensor;
use crate::value::Value;

/// How many differing elements a failure lists.
const REPORTED_ELEMENTS: usize = 5;

pub(super) fn expect_eq(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (actual, expected) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let element = actual.element;
    record(cx, CheckOpKind::ExpectEq.name(), actual, expected, |a, b| bits_equal(element, a, b));
    Ok(vec![])
}

pub(super) fn expect_eq_const(cx: &mut OpCx, op: ExpectEqConstOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let actual = tensor(operands, 0)?;
    let expected = Literal::from_dense(cx.ctx(), op.value(cx.body()))?;
    let element = actual.element;
    record(cx, CheckOpKind::ExpectEqConst.name(), actual, &expected, |a, b| bits_equal(element, a, b));
    Ok(vec![])
}

pub(super) fn expect_almost_eq(cx: &mut OpCx, op: ExpectAlmostEqOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (actual, expected) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let tolerance = op.effective_tolerance(cx.body());
    record(cx, CheckOpKind::ExpectAlmostEq.name(), actual, expected, |a, b| almost_equal(a, b, tolerance));
    Ok(vec![])
}

pub(super) fn expect_almost_eq_const(cx: &mut OpCx, op: ExpectAlmostEqConstOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let actual = tensor(operands, 0)?;
    let tolerance = op.effective_tolerance(cx.body());
    let expected = Literal::from_dense(cx.ctx(), op.value(cx.body()))?;
    record(cx, CheckOpKind::ExpectAlmostEqConst.name(), actual, &expected, |a, b| almost_equal(a, b, tolerance));
    Ok(vec![])
}

pub(super) fn expect_close(cx: &mut OpCx, op: ExpectCloseOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (actual, expected) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let (min_ulps, max_ulps) = op.ulp_range(cx.body());
    let element = actual.element;
    record(cx, CheckOpKind::ExpectClose.name(), actual, expected, |a, b| ulps_close(element, min_ulps, max_ulps, a, b));
    Ok(vec![])
}

/// Whether `a` and `b` (elements of `element`) are within `[min_ulps, max_ulps]` ulps of
/// each other, as `check.expect_close` compares them.
pub(crate) fn ulps_close(element: ElementType, min_ulps: i64, max_ulps: i64, a: Scalar, b: Scalar) -> bool {
    let close = |x: f64, y: f64| match ulp_distance(element, x, y) {
        Some(d) => (min_ulps.max(0) as u128..=max_ulps.max(0) as u128).contains(&d),
        None => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
    };
    match (a, b) {
        (Scalar::Float(x), Scalar::Float(y)) => close(x, y),
        (Scalar::Complex(xr, xi), Scalar::Complex(yr, yi)) => close(xr, yr) && close(xi, yi),
        _ => false,
    }
}

/// Compares `actual` with `expected` element by element and records a failure listing
/// the first elements for which `equal` is false.
pub(crate) fn record(cx: &mut OpCx, check: &str, actual: &Literal, expected: &Literal, equal: impl Fn(Scalar, Scalar) -> bool) {
    let mut differing = Vec::new();
    let mut count = 0usize;
    for i in 0..actual.len().min(expected.len()) {
        let (a, b) = (actual.get(i), expected.get(i));
        if !equal(a, b) {
            count += 1;
            if differing.len() < REPORTED_ELEMENTS {
                differing.push(format!(
                    "at {:?}: {} != {}",
                    multi_index(&actual.shape, i),
                    describe(actual.element, a),
                    describe(expected.element, b)
                ));
            }
        }
    }
    if count == 0 && actual.shape == expected.shape {
        return;
    }
    let message = if actual.shape != expected.shape {
        format!("{check} failed: shapes differ, {} vs {}", actual.shape_string(), expected.shape_string())
    } else {
        format!(
            "{check} failed: {count} of {} elements differ (actual != expected); {}{}",
            actual.len(),
            differing.join("; "),
            if count > differing.len() { "; ..." } else { "" }
        )
    };
    cx.interp.check_failures.push(CheckFailure { location: cx.location(), message });
}

/// An element as a test failure shows it.
pub fn describe(element: ElementType, value: Scalar) -> String {
    match value {
        Scalar::Int(v) if element == ElementType::Pred => (v != 0).to_string(),
        Scalar::Int(v) => v.to_string(),
        Scalar::Float(x) => format!("{x:?}"),
        Scalar::Complex(re, im) => format!("({re:?}, {im:?})"),
    }
}

pub(crate) fn bits_equal(element: ElementType, a: Scalar, b: Scalar) -> bool {
    match (element, a, b) {
        (ElementType::Float(kind), Scalar::Float(x), Scalar::Float(y)) => {
            float_format::encode(kind, x) == float_format::encode(kind, y)
        }
        (ElementType::Complex(kind), Scalar::Complex(xr, xi), Scalar::Complex(yr, yi)) => {
            float_format::encode(kind, xr) == float_format::encode(kind, yr)
                && float_format::encode(kind, xi) == float_format::encode(kind, yi)
        }
        _ => a == b,
    }
}

pub(crate) fn almost_equal(a: Scalar, b: Scalar, tolerance: f64) -> bool {
    let close = |x: f64, y: f64| (x.is_nan() && y.is_nan()) || x == y || (x.is_finite() && y.is_finite() && (x - y).abs() <= tolerance);
    match (a, b) {
        (Scalar::Float(x), Scalar::Float(y)) => close(x, y),
        (Scalar::Complex(xr, xi), Scalar::Complex(yr, yi)) => close(xr, yr) && close(xi, yi),
        _ => a == b,
    }
}

/// The number of values of the element's format in `[min(x, y), max(x, y))`, for finite
/// `x` and `y`.
pub fn ulp_distance(element: ElementType, x: f64, y: f64) -> Option<u128> {
    if !x.is_finite() || !y.is_finite() {
        return None;
    }
    let kind = match element {
        ElementType::Float(kind) | ElementType::Complex(kind) => kind,
        _ => return None,
    };
    let width = kind.bit_width();
    // Map each value's bits to a position on a line where consecutive values are
    // consecutive integers: negative values below the zeros, `-0.0` and `0.0` together.
    let position = |v: f64| -> i128 {
        let bits = float_format::encode(kind, v) as i128;
        let sign = 1i128 << (width - 1);
        if bits & sign != 0 { -(bits & (sign - 1)) } else { bits }
    };
    Some(position(x).abs_diff(position(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulp_distance_counts_values_between() {
        let f32 = ElementType::F32;
        let next = f32::from_bits(1.0f32.to_bits() + 1) as f64;
        assert_eq!(ulp_distance(f32, 1.0, next), Some(1));
        assert_eq!(ulp_distance(f32, -0.0, 0.0), Some(0));
        let tiny = f32::from_bits(1) as f64;
        assert_eq!(ulp_distance(f32, -tiny, tiny), Some(2));
        assert_eq!(ulp_distance(f32, f64::INFINITY, 1.0), None);
    }
}
