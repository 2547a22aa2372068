//! `loop.compare`: `hlo.compare` on one element, `%p = loop.compare GT, %x, %y, FLOAT :
//! f32`, giving an `i1`.
//!
//! The direction and comparison type are hlo's [`ComparisonDirection`] and
//! [`ComparisonType`], stored under hlo's attribute names; `, FLOAT` may be left out (the
//! default order of the type). `index` values compare as signed integers and take no
//! comparison type. Invariants checked by the verifier: both operands have one type, the
//! comparison type fits it, and complex numbers compare only with `EQ` or `NE`.

use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Op, OpId, OpRef, OpState};
use xla_macros::op;

use super::types::{Pred, ScalarType};
use crate::hlo::{parse_comparison_head, print_comparison_head, verify_comparison};
use crate::hlo::{ComparisonDirection, ComparisonType};

/// Compares two scalars as `hlo.compare` compares elements, giving an `i1`.
///
/// Example: `%p = loop.compare GT, %x, %y, FLOAT : f32`
#[op(name = "loop.compare", traits = [Pure], verify = verify_compare, print = print_compare, parse = parse_compare)]
pub struct CompareOp {
    #[operand]
    lhs: ScalarType,
    #[operand]
    rhs: ScalarType,
    /// The relation tested.
    #[attr]
    comparison_direction: ComparisonDirection,
    /// The order used; the type's default when absent.
    #[attr]
    compare_type: Option<ComparisonType>,
    #[result]
    result: Pred,
}

/// Checks `loop.compare`: one operand type, and the checks of every comparison (a
/// comparison type that fits it, no order on complex numbers).
pub fn verify_compare(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let compare = CompareOp::from_id_unchecked(op.id);
    let (lhs, rhs) = (op.body.value_type(compare.lhs(op.body)), op.body.value_type(compare.rhs(op.body)));
    if lhs != rhs {
        return Err(op.error(format!(
            "compares operands of different types {} and {}",
            ctx.type_to_string(lhs),
            ctx.type_to_string(rhs)
        )));
    }
    verify_comparison(op, lhs, compare.comparison_direction(op.body), compare.compare_type(op.body))
}

/// Prints ` GT, %x, %y, FLOAT {attrs} : f32`.
fn print_compare(p: &mut OpPrinter, op: OpId) {
    print_comparison_head(p, op);
    p.print(" : ");
    let operand = p.body().op(op).operands[0];
    p.print_type(p.body().value_type(operand));
}

/// Parses what [`print_compare`] prints.
fn parse_compare(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let [lhs, rhs] = parse_comparison_head(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    state.result_types = vec![ctx.int_type(1)];
    Ok(())
}
