//! `loop.select`: `hlo.select` on one element, `%z = loop.select %p, %x, %y : f32`.
//!
//! The result is `%x` when the `i1` `%p` holds and `%y` otherwise. Invariant checked by the
//! verifier: both choices and the result have one type.

use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::parse_attr_dict_into;
use super::types::{Pred, ScalarType};

/// Chooses `on_true` when `pred` holds and `on_false` otherwise.
///
/// Example: `%z = loop.select %p, %x, %y : f32`
#[op(name = "loop.select", traits = [Pure], verify = verify_select, print = print_select, parse = parse_select)]
pub struct SelectOp {
    #[operand]
    pred: Pred,
    #[operand]
    on_true: ScalarType,
    #[operand]
    on_false: ScalarType,
    #[result]
    result: ScalarType,
}

/// Checks `loop.select`: both choices have the result type.
pub fn verify_select(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let types = op.operand_types();
    let result = op.body.value_type(op.results()[0]);
    if types[1] != result || types[2] != result {
        return Err(op.error(format!(
            "choices of types {} and {} must both have the result type {}",
            ctx.type_to_string(types[1]),
            ctx.type_to_string(types[2]),
            ctx.type_to_string(result)
        )));
    }
    Ok(())
}

/// Prints ` %p, %x, %y {attrs} : T`.
fn print_select(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    p.print_type(body.value_type(data.results[0]));
}

/// Parses what [`print_select`] prints.
fn parse_select(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let at = p.loc();
    let operands = p.parse_operand_list()?;
    if operands.len() != 3 {
        return Err(Diagnostic::error(at, format!("expected 3 operands (pred, on_true, on_false), found {}", operands.len())));
    }
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    let pred = p.ctx().int_type(1);
    state.operands = p.resolve_operands(&operands, &[pred, ty, ty])?;
    state.result_types = vec![ty];
    Ok(())
}
