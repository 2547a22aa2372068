//! `llvm.select`: picks one of two values by an `i1` condition, without branching.
//!
//! Custom form: `%r = llvm.select %p, %a, %b : f32`, the type being that of both values and
//! the result (the condition is always `i1`).

use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, Type};
use xla_macros::op;

use super::types::{LlvmBool, LlvmType};

/// Picks `true_value` when `condition` is 1 and `false_value` otherwise (LLVM's `select`).
///
/// Example: `%r = llvm.select %p, %a, %b : f32`
#[op(
    name = "llvm.select",
    traits = [Pure],
    infer = infer_select,
    verify = verify_select,
    print = print_select,
    parse = parse_select
)]
pub struct SelectOp {
    #[operand]
    condition: LlvmBool,
    #[operand]
    true_value: LlvmType,
    #[operand]
    false_value: LlvmType,
    #[result]
    result: LlvmType,
}

/// The result has the values' type.
fn infer_select(cx: &InferContext) -> Result<Vec<Type>, String> {
    let value = cx.operand_types.get(1).ok_or("expects a condition and two values")?;
    Ok(vec![*value])
}

/// Both values have one type.
fn verify_select(op: OpRef) -> Result<(), Diagnostic> {
    let [_, true_type, false_type] = op.operand_types()[..] else { return Ok(()) };
    if true_type != false_type {
        let ctx = op.ctx();
        return Err(op.error(format!(
            "requires both values of one type, found {} and {}",
            ctx.type_to_string(true_type),
            ctx.type_to_string(false_type)
        )));
    }
    Ok(())
}

fn print_select(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    if let Some(&value) = data.operands.get(1) {
        p.print(" : ");
        p.print_type(body.value_type(value));
    }
}

fn parse_select(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let condition = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let true_value = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let false_value = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&[condition, true_value, false_value], &[ctx.int_type(1), ty, ty])?;
    state.result_types = vec![ty];
    Ok(())
}
