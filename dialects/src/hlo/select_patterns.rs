//! Canonicalizations of `hlo.select`.
//!
//! - `select-of-constant-predicate`: `select(true, a, b) == a` and `select(false, a, b) == b`
//!   when every predicate is the same constant (a 0-d one, a splat, or a broadcast of one);
//! - `select-of-same-choices`: `select(p, a, a) == a`;
//! - `select-of-nan-propagating-choice`: `select(x != x, x op c, y) == select(x != x, x, y)`
//!   (and `select(x == x, y, x op c) == select(x == x, y, x)`) for floats, with `op` one of
//!   `add`, `subtract`, `multiply`, `divide`, `x` on either side and `c` a literal without
//!   NaNs: the choice is taken only where `x` is NaN, and there `x op c` is NaN too, with
//!   `x`'s payload (IEEE 754 arithmetic propagates the payload of its one NaN operand).
//!
//! Each is exact: the select returns one of its operands unchanged. Invariant: the op is
//! replaced only by an operand of the result's type, and an operand is replaced only by a
//! value of its type.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Body, Op, OpId, Scalar, ValueId};

use super::literals::literal_of;
use super::{AddOp, CompareOp, ComparisonDirection, ComparisonType, DivideOp, MultiplyOp, SelectOp, SubtractOp};

/// See the module documentation.
pub struct SelectOfConstantPredicate;
/// See the module documentation.
pub struct SelectOfSameChoices;

/// See the module documentation.
pub struct SelectOfNanPropagatingChoice;

/// The pattern instance canonicalization uses.
pub static SELECT_OF_CONSTANT_PREDICATE: SelectOfConstantPredicate = SelectOfConstantPredicate;
/// The pattern instance canonicalization uses.
pub static SELECT_OF_SAME_CHOICES: SelectOfSameChoices = SelectOfSameChoices;
/// The pattern instance canonicalization uses.
pub static SELECT_OF_NAN_PROPAGATING_CHOICE: SelectOfNanPropagatingChoice = SelectOfNanPropagatingChoice;

impl RewritePattern for SelectOfConstantPredicate {
    fn name(&self) -> &'static str {
        "select-of-constant-predicate"
    }

    fn identity(&self) -> &'static str {
        "select(true, a, b) == a, select(false, a, b) == b"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SelectOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let select = SelectOp::from_id_unchecked(op);
        let pred = literal_of(body, select.pred(body)).ok_or("the predicate is not a constant")?;
        if pred.is_empty(ctx) {
            return Err("a select without elements is left to zero-element-result-to-constant");
        }
        let chosen = if pred.all_equal(ctx, Scalar::Int(1)) {
            select.on_true(body)
        } else if pred.all_equal(ctx, Scalar::Int(0)) {
            select.on_false(body)
        } else {
            return Err("the predicates differ from element to element");
        };
        if body.value_type(chosen) != body.value_type(select.result(body)) {
            return Err("the chosen operand's type differs from the result's");
        }
        rewriter.replace_op(op, &[chosen]);
        Ok(())
    }
}

impl RewritePattern for SelectOfSameChoices {
    fn name(&self) -> &'static str {
        "select-of-same-choices"
    }

    fn identity(&self) -> &'static str {
        "select(p, a, a) == a"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SelectOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let select = SelectOp::from_id_unchecked(op);
        let (on_true, on_false) = (select.on_true(body), select.on_false(body));
        if on_true != on_false {
            return Err("the choices differ");
        }
        if body.value_type(on_true) != body.value_type(select.result(body)) {
            return Err("the choices' type differs from the result's");
        }
        rewriter.replace_op(op, &[on_true]);
        Ok(())
    }
}

/// The float `x` that `pred` tests for NaN (`x != x`, or `x == x` when `negated`).
fn nan_test(body: &Body<'_>, pred: ValueId) -> Option<(ValueId, bool)> {
    let compare = body.defining_op(pred).and_then(|c| CompareOp::cast(body, c))?;
    let (lhs, rhs) = (compare.lhs(body), compare.rhs(body));
    let ctx = body.ctx();
    if lhs != rhs || !ctx.is_float(ctx.element_type(body.value_type(lhs))) {
        return None;
    }
    if matches!(compare.compare_type(body), Some(ComparisonType::TotalOrder)) {
        return None;
    }
    match compare.comparison_direction(body) {
        ComparisonDirection::Ne => Some((lhs, false)),
        ComparisonDirection::Eq => Some((lhs, true)),
        _ => None,
    }
}

/// Whether `v` is `x op c` or `c op x` for a NaN-propagating arithmetic `op` and a literal
/// `c` without NaNs.
fn propagates_nan_of(body: &Body<'_>, v: ValueId, x: ValueId) -> bool {
    let Some(op) = body.defining_op(v) else { return false };
    let arithmetic = [AddOp::DEF.name, SubtractOp::DEF.name, MultiplyOp::DEF.name, DivideOp::DEF.name];
    if !arithmetic.contains(&body.op_name(op)) {
        return false;
    }
    let &[lhs, rhs] = body.op(op).operands.as_slice() else { return false };
    let other = match (lhs == x, rhs == x) {
        (true, false) => rhs,
        (false, true) => lhs,
        _ => return false,
    };
    let ctx = body.ctx();
    literal_of(body, other).is_some_and(|c| {
        (0..if c.splat { 1 } else { c.len(ctx) }).all(|i| matches!(c.get(ctx, i), Some(Scalar::Float(f)) if !f.is_nan()))
    })
}

impl RewritePattern for SelectOfNanPropagatingChoice {
    fn name(&self) -> &'static str {
        "select-of-nan-propagating-choice"
    }

    fn identity(&self) -> &'static str {
        "select(x != x, x op c, y) == select(x != x, x, y) for op in add, subtract, multiply, divide and c without NaNs"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SelectOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let select = SelectOp::from_id_unchecked(op);
        let (x, negated) = nan_test(body, select.pred(body)).ok_or("the predicate is no NaN test")?;
        // The operand chosen where x is NaN.
        let index = if negated { 2 } else { 1 };
        let chosen = body.operand(op, index);
        if body.value_type(x) != body.value_type(chosen) {
            return Err("the NaN-tested value's type differs from the choice's");
        }
        if !propagates_nan_of(body, chosen, x) {
            return Err("the choice for NaN is not NaN-propagating arithmetic of the tested value");
        }
        rewriter.set_operand(op, index, x);
        Ok(())
    }
}
