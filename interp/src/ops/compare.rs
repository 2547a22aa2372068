//! `hlo.compare`: elementwise comparisons giving predicates.
//!
//! Integers compare by their value in their own signedness; predicates as 0 and 1. Floats
//! compare by IEEE 754 (every comparison with NaN is false, except `NE`), or, with
//! `compare_type = TOTALORDER`, by the total order `-NaN < -inf < ... < -0 < +0 < ... <
//! +inf < +NaN`. Complex numbers compare for equality and inequality only.

use std::cmp::Ordering;
use std::rc::Rc;

use xla_dialects::hlo::{CompareOp, ComparisonDirection, ComparisonType};
use xla_ir::Scalar;

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::ops::support::{broadcast_operands, flush_denormal, zip_elements};
use crate::value::Value;

pub(super) fn compare(cx: &mut OpCx, op: CompareOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let direction = op.comparison_direction(body);
    let total = op.compare_type(body) == Some(ComparisonType::TotalOrder);
    let (lhs, rhs, _) = broadcast_operands(cx, op.broadcast_dimensions(body), operands)?;
    let element = lhs.element;
    let literal = zip_elements(&lhs, &rhs, ElementType::Pred, |a, b| {
        // A total order compares bits, so subnormals stay; IEEE comparisons see them as
        // zero where XLA CPU flushes denormals.
        let (a, b) = if total { (a, b) } else { (flush_denormal(cx, element, a), flush_denormal(cx, element, b)) };
        Ok(Scalar::Int(compare_scalars(direction, total, a, b)? as i128))
    })?;
    Ok(vec![literal.into()])
}

/// `a direction b`, by total order on floats when `total` is set.
pub fn compare_scalars(direction: ComparisonDirection, total: bool, a: Scalar, b: Scalar) -> Result<bool, String> {
    let ordering = match (a, b) {
        (Scalar::Int(a), Scalar::Int(b)) => Some(a.cmp(&b)),
        (Scalar::Float(a), Scalar::Float(b)) if total => Some(a.total_cmp(&b)),
        (Scalar::Float(a), Scalar::Float(b)) => a.partial_cmp(&b),
        (Scalar::Complex(ar, ai), Scalar::Complex(br, bi)) => {
            let equal = ar == br && ai == bi;
            return match direction {
                ComparisonDirection::Eq => Ok(equal),
                ComparisonDirection::Ne => Ok(!equal),
                _ => Err("complex numbers compare only with EQ and NE".into()),
            };
        }
        (a, b) => return Err(format!("cannot compare {a:?} with {b:?}")),
    };
    Ok(match ordering {
        None => direction == ComparisonDirection::Ne,
        Some(o) => match direction {
            ComparisonDirection::Eq => o == Ordering::Equal,
            ComparisonDirection::Ne => o != Ordering::Equal,
            ComparisonDirection::Ge => o != Ordering::Less,
            ComparisonDirection::Gt => o == Ordering::Greater,
            ComparisonDirection::Le => o != Ordering::Greater,
            ComparisonDirection::Lt => o == Ordering::Less,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_compares_false_except_ne() {
        let (nan, one) = (Scalar::Float(f64::NAN), Scalar::Float(1.0));
        assert_eq!(compare_scalars(ComparisonDirection::Eq, false, nan, nan), Ok(false));
        assert_eq!(compare_scalars(ComparisonDirection::Ne, false, nan, one), Ok(true));
        assert_eq!(compare_scalars(ComparisonDirection::Lt, false, one, nan), Ok(false));
    }

    #[test]
    fn total_order_orders_zeros_and_nans() {
        let (neg_zero, zero) = (Scalar::Float(-0.0), Scalar::Float(0.0));
        assert_eq!(compare_scalars(ComparisonDirection::Lt, true, neg_zero, zero), Ok(true));
        assert_eq!(compare_scalars(ComparisonDirection::Eq, false, neg_zero, zero), Ok(true));
        let (nan, inf) = (Scalar::Float(f64::NAN), Scalar::Float(f64::INFINITY));
        assert_eq!(compare_scalars(ComparisonDirection::Gt, true, nan, inf), Ok(true));
        assert_eq!(compare_scalars(ComparisonDirection::Lt, true, Scalar::Float(-f64::NAN), Scalar::Float(f64::NEG_INFINITY)), Ok(true));
    }
}
