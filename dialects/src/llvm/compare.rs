//! Comparisons: `llvm.icmp` on integers and pointers and `llvm.fcmp` on floats, each with
//! LLVM's predicate, giving an `i1`.
//!
//! Custom form: `%p = llvm.icmp slt %a, %b : i32`, `%p = llvm.fcmp olt %x, %y : f32`: the
//! predicate as a bare keyword, then the operands and their one type. Float predicates
//! starting with `o` are false when either operand is a NaN (ordered); those starting with
//! `u` are true then (unordered).

use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState};
use xla_macros::op;

use super::common::{infer_i1, verify_one_type_operands};
use super::types::{LlvmBool, LlvmFloat, LlvmIntOrPtr};

xla_ir::enum_attr! {
    /// How `llvm.icmp` relates its operands: equality, or an order that reads them as
    /// signed (`s..`) or unsigned (`u..`).
    pub enum IcmpPredicate: "an integer comparison predicate" {
        Eq = "eq",
        Ne = "ne",
        Slt = "slt",
        Sle = "sle",
        Sgt = "sgt",
        Sge = "sge",
        Ult = "ult",
        Ule = "ule",
        Ugt = "ugt",
        Uge = "uge",
    }
}

xla_ir::enum_attr! {
    /// How `llvm.fcmp` relates its operands: ordered (`o..`, false on NaN), unordered
    /// (`u..`, true on NaN), `ord`/`uno` (neither or either is NaN), or a constant.
    pub enum FcmpPredicate: "a float comparison predicate" {
        False = "false",
        Oeq = "oeq",
        Ogt = "ogt",
        Oge = "oge",
        Olt = "olt",
        Ole = "ole",
        One = "one",
        Ord = "ord",
        Ueq = "ueq",
        Ugt = "ugt",
        Uge = "uge",
        Ult = "ult",
        Ule = "ule",
        Une = "une",
        Uno = "uno",
        True = "true",
    }
}

/// Compares two integers or two pointers (LLVM's `icmp`).
///
/// Example: `%p = llvm.icmp slt %a, %b : i32`
#[op(
    name = "llvm.icmp",
    traits = [Pure],
    infer = infer_i1,
    verify = verify_one_type_operands,
    print = print_compare,
    parse = parse_compare
)]
pub struct ICmpOp {
    #[attr]
    predicate: IcmpPredicate,
    #[operand]
    lhs: LlvmIntOrPtr,
    #[operand]
    rhs: LlvmIntOrPtr,
    #[result]
    result: LlvmBool,
}

/// Compares two floats (LLVM's `fcmp`).
///
/// Example: `%p = llvm.fcmp olt %x, %y : f32`
#[op(
    name = "llvm.fcmp",
    traits = [Pure],
    infer = infer_i1,
    verify = verify_one_type_operands,
    print = print_compare,
    parse = parse_compare
)]
pub struct FCmpOp {
    #[attr]
    predicate: FcmpPredicate,
    #[operand]
    lhs: LlvmFloat,
    #[operand]
    rhs: LlvmFloat,
    #[result]
    result: LlvmBool,
}

/// Prints ` pred %a, %b : type`.
fn print_compare(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let r = OpRef::new(body, op);
    let predicate = r.attr("predicate").and_then(|a| r.ctx().as_string(a)).unwrap_or("<<missing predicate>>");
    p.print(" ");
    p.print(predicate);
    p.print(" ");
    p.print_operands(r.operands());
    p.print_attr_dict(r.attributes(), &["predicate"]);
    if let Some(&lhs) = r.operands().first() {
        p.print(" : ");
        p.print_type(body.value_type(lhs));
    }
}

/// Parses `pred %a, %b {attrs} : type`; the predicate is checked by the verifier.
fn parse_compare(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    // `true` and `false` are fcmp predicates, which the lexer reads as bare identifiers too.
    let predicate = p.parse_identifier()?;
    state.set_attr(ctx.symbol("predicate"), ctx.string_attr(predicate));
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    state.result_types = vec![ctx.int_type(1)];
    Ok(())
}
