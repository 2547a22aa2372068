//! `loop.compare`: `hlo.compare` on one element, `%p = loop.compare GT, %x, %y, FLOAT :
//! f32`, giving an `i1`.
//!
//! The direction and comparison type are hlo's [`ComparisonDirection`] and
//! [`ComparisonType`], stored under hlo's attribute names; `, FLOAT` may be left out (the
//! default order of the type). `index` values compare as signed integers and take no
//! comparison type. Invariants checked by the verifier: both operands have one type, the
//! comparison type fits it, and complex numbers compare only with `EQ` or `NE`.

use xla_ir::constraints::AttrKind;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Op, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_keyword};
use super::types::{Pred, ScalarType};
use crate::hlo::{comparison_types_for, ComparisonDirection, ComparisonType};

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

/// Checks `loop.compare`: one operand type, a comparison type that fits it, and no order
/// on complex numbers.
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
    if let Some(ty) = compare.compare_type(op.body) {
        let fitting = comparison_types_for(ctx, lhs);
        if !fitting.contains(&ty) {
            let names: Vec<&str> = fitting.iter().filter(|t| **t != ComparisonType::NoType).map(|t| t.name()).collect();
            let expected = if names.is_empty() { "none".to_string() } else { names.join(" or ") };
            return Err(op.error(format!(
                "compare_type {} does not fit operands of type {}; expected {expected}",
                ty.name(),
                ctx.type_to_string(lhs)
            )));
        }
    }
    let direction = compare.comparison_direction(op.body);
    if ctx.is_complex(lhs) && !matches!(direction, ComparisonDirection::Eq | ComparisonDirection::Ne) {
        return Err(op.error(format!(
            "complex numbers have no order: comparison_direction must be EQ or NE, found {}",
            direction.name()
        )));
    }
    Ok(())
}

/// Prints ` GT, %x, %y, FLOAT {attrs} : f32`; values that are no keyword of their
/// enumeration stay in the dictionary.
fn print_compare(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    let direction = body.attr(op, "comparison_direction").and_then(|a| ComparisonDirection::get(ctx, a));
    let compare_type = body.attr(op, "compare_type").and_then(|a| ComparisonType::get(ctx, a));
    let mut elided = Vec::new();
    p.print(" ");
    if let Some(direction) = direction {
        p.print(direction.name());
        p.print(", ");
        elided.push("comparison_direction");
    }
    p.print_operands(&data.operands);
    if let Some(compare_type) = compare_type {
        p.print(", ");
        p.print(compare_type.name());
        elided.push("compare_type");
    }
    p.print_attr_dict(&data.attributes, &elided);
    p.print(" : ");
    p.print_type(body.value_type(data.operands[0]));
}

/// Parses what [`print_compare`] prints.
fn parse_compare(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if !p.is(TokenKind::PercentIdent) {
        let direction = parse_keyword(p, ComparisonDirection::parse, ComparisonDirection::CONSTRAINT.description)?;
        state.set_attr(ctx.symbol("comparison_direction"), ComparisonDirection::make(ctx, direction));
        p.expect(TokenKind::Comma)?;
    }
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_operand()?;
    if p.accept(TokenKind::Comma) {
        let compare_type = parse_keyword(p, ComparisonType::parse, ComparisonType::CONSTRAINT.description)?;
        state.set_attr(ctx.symbol("compare_type"), ComparisonType::make(ctx, compare_type));
    }
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    state.result_types = vec![ctx.int_type(1)];
    Ok(())
}
