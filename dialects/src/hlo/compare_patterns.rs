//! Canonicalizations of `hlo.compare`.
//!
//! - `compare-of-constants`: a comparison of two literals (constants, or broadcasts of a
//!   constant whose elements are all equal) is the literal of its predicates. Integers
//!   compare as the values they hold (signed for `iN`, unsigned for `uiN` and `i1`, which is
//!   what the only comparison types that fit them, `SIGNED` and `UNSIGNED`, say); floats
//!   compare by IEEE 754 (`FLOAT`), exactly, since widening to `f64` keeps every value.
//!   `TOTALORDER` and complex comparisons are left alone.
//! - `compare-of-predicate-and-constant`: `p != false == p` and `p == true == p` for
//!   predicates, with the constant on either side (both relations are symmetric);
//! - `compare-default-type`: a `compare_type` that is the default of the element type
//!   (`FLOAT` for floats and complex numbers, `SIGNED` for signed integers, `UNSIGNED` for
//!   unsigned integers and predicates) or `NOTYPE` is dropped, so that one comparison has one
//!   spelling and CSE sees equal comparisons as equal (StableHLO writes the type, XLA's HLO
//!   leaves the default out).
//!
//! A splat result of rank 1 or more is spelled as XLA's HLO spells it, a broadcast 0-d
//! constant (see [`super::literals`]). Each rewrite computes exactly what the comparison
//! computes, element by element.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{DenseElements, Op, OpId, Scalar};

use super::elementwise_support::{is_pred, is_signed_int, is_unsigned_int};
use super::literals::{literal_of, materialize_literal};
use super::{CompareOp, ComparisonDirection, ComparisonType, FOLD_ELEMENT_LIMIT};

/// See the module documentation.
pub struct CompareOfConstants;
/// See the module documentation.
pub struct CompareOfPredicateAndConstant;

/// See the module documentation.
pub struct CompareDefaultType;

/// The pattern instance canonicalization uses.
pub static COMPARE_OF_CONSTANTS: CompareOfConstants = CompareOfConstants;
/// The pattern instance canonicalization uses.
pub static COMPARE_OF_PREDICATE_AND_CONSTANT: CompareOfPredicateAndConstant = CompareOfPredicateAndConstant;
/// The pattern instance canonicalization uses.
pub static COMPARE_DEFAULT_TYPE: CompareDefaultType = CompareDefaultType;

/// `a direction b` for two elements of one kind, or `None` when they do not compare here
/// (complex numbers).
fn relation(direction: ComparisonDirection, a: Scalar, b: Scalar) -> Option<bool> {
    use ComparisonDirection::*;
    let ordering = match (a, b) {
        (Scalar::Int(x), Scalar::Int(y)) => Some(x.cmp(&y)),
        // `None` here is unordered: a NaN is involved.
        (Scalar::Float(x), Scalar::Float(y)) => x.partial_cmp(&y),
        _ => return None,
    };
    Some(match (direction, ordering) {
        (Ne, ordering) => ordering != Some(std::cmp::Ordering::Equal),
        (_, None) => false,
        (Eq, Some(o)) => o.is_eq(),
        (Lt, Some(o)) => o.is_lt(),
        (Le, Some(o)) => o.is_le(),
        (Gt, Some(o)) => o.is_gt(),
        (Ge, Some(o)) => o.is_ge(),
    })
}

impl RewritePattern for CompareOfConstants {
    fn name(&self) -> &'static str {
        "compare-of-constants"
    }

    fn identity(&self) -> &'static str {
        "compare(c1, c2) == the literal of c1[i] direction c2[i]"
    }

    fn root(&self) -> Option<&'static str> {
        Some(CompareOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let compare = CompareOp::from_id_unchecked(op);
        if matches!(compare.compare_type(body), Some(ComparisonType::TotalOrder)) {
            return Err("total-order comparisons are left alone");
        }
        let result_type = body.value_type(compare.result(body));
        let result_shape = ctx.as_tensor(result_type).and_then(|t| t.static_shape()).ok_or("the result shape is not static")?;
        let lhs = literal_of(body, compare.lhs(body)).ok_or("the left operand is not a literal")?;
        let rhs = literal_of(body, compare.rhs(body)).ok_or("the right operand is not a literal")?;
        for literal in [&lhs, &rhs] {
            if ctx.as_tensor(literal.ty).and_then(|t| t.static_shape()).as_deref() != Some(result_shape.as_slice()) {
                return Err("an operand is broadcast implicitly");
            }
        }
        let count = if lhs.splat && rhs.splat { 1 } else { lhs.len(ctx) };
        if count > FOLD_ELEMENT_LIMIT {
            return Err("the literals are too large to fold");
        }
        let direction = compare.comparison_direction(body);
        let values = (0..count)
            .map(|i| relation(direction, lhs.get(ctx, i)?, rhs.get(ctx, i)?).map(|p| Scalar::Int(i128::from(p))))
            .collect::<Option<Vec<Scalar>>>()
            .ok_or("the elements do not compare here")?;
        let folded = DenseElements::from_scalars(ctx, result_type, &values).map_err(|_| "the result is no literal")?;
        let value = materialize_literal(rewriter, op, folded).ok_or("the result is no literal")?;
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}

impl RewritePattern for CompareOfPredicateAndConstant {
    fn name(&self) -> &'static str {
        "compare-of-predicate-and-constant"
    }

    fn identity(&self) -> &'static str {
        "p != false == p, p == true == p (predicates, the constant on either side)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(CompareOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let compare = CompareOp::from_id_unchecked(op);
        let (lhs, rhs) = (compare.lhs(body), compare.rhs(body));
        if !is_pred(ctx, ctx.element_type(body.value_type(lhs))) {
            return Err("the operands are not predicates");
        }
        let identity = match compare.comparison_direction(body) {
            ComparisonDirection::Ne => 0,
            ComparisonDirection::Eq => 1,
            _ => return Err("only EQ and NE have a predicate identity"),
        };
        let result_type = body.value_type(compare.result(body));
        for (constant, other) in [(rhs, lhs), (lhs, rhs)] {
            // A literal without elements is left to `zero-element-result-to-constant`.
            let is_identity = literal_of(body, constant)
                .is_some_and(|l| !l.is_empty(ctx) && l.all_equal(ctx, Scalar::Int(identity)));
            if is_identity && body.value_type(other) == result_type {
                rewriter.replace_op(op, &[other]);
                return Ok(());
            }
        }
        Err("no operand is the identity of the comparison")
    }
}

impl RewritePattern for CompareDefaultType {
    fn name(&self) -> &'static str {
        "compare-default-type"
    }

    fn identity(&self) -> &'static str {
        "compare(a, b, T) == compare(a, b) when T is the element type's default comparison"
    }

    fn root(&self) -> Option<&'static str> {
        Some(CompareOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let compare = CompareOp::from_id_unchecked(op);
        let Some(given) = compare.compare_type(body) else { return Err("no comparison type is given") };
        let element = ctx.element_type(body.value_type(compare.lhs(body)));
        let default = if ctx.is_float(element) || ctx.is_complex(element) {
            ComparisonType::Float
        } else if is_signed_int(ctx, element) {
            ComparisonType::Signed
        } else if is_unsigned_int(ctx, element) || is_pred(ctx, element) {
            ComparisonType::Unsigned
        } else {
            return Err("the element type has no default comparison");
        };
        if given != default && given != ComparisonType::NoType {
            return Err("the comparison type is not the default");
        }
        rewriter.body.remove_attr(op, "compare_type");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ComparisonDirection::*;

    #[test]
    fn relations_follow_ieee_754_and_integer_order() {
        let (one, two, nan) = (Scalar::Float(1.0), Scalar::Float(2.0), Scalar::Float(f64::NAN));
        assert_eq!(relation(Lt, one, two), Some(true));
        assert_eq!(relation(Ge, one, two), Some(false));
        assert_eq!(relation(Eq, Scalar::Float(0.0), Scalar::Float(-0.0)), Some(true));
        for direction in [Eq, Lt, Le, Gt, Ge] {
            assert_eq!(relation(direction, nan, one), Some(false), "{direction:?}");
        }
        assert_eq!(relation(Ne, nan, nan), Some(true));
        assert_eq!(relation(Gt, Scalar::Int(-1), Scalar::Int(0)), Some(false));
        assert_eq!(relation(Eq, Scalar::Complex(1.0, 0.0), Scalar::Complex(1.0, 0.0)), None);
    }
}
