//! `check.expect_serialized_eq`: equality of a tensor with a value `interpreter.probe`
//! recorded earlier in the run.
//!
//! Equality is `check.expect_eq`'s (floats and complex numbers by their bits). The value
//! compared is the `iter`-th record (from 0, by default the first) of the probe named
//! `probe_id`; a probe that recorded fewer values, or values of another type, fails the
//! check.

use xla_ir::constraints::{AnyTensor, I64Attr, StrAttr};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Op, OpId, OpState};
use xla_macros::op;

use crate::interpreter::{parse_probe_id, print_probe_id};

/// Checks that a tensor equals the `iter`-th value recorded by the probe `probe_id`.
///
/// Example: `check.expect_serialized_eq %x, probe_id = "sum", iter = 1 : tensor<i64>`
#[op(name = "check.expect_serialized_eq", print = print_expect_serialized_eq, parse = parse_expect_serialized_eq)]
pub struct ExpectSerializedEqOp {
    /// The value expected to equal the record.
    #[operand]
    operand: AnyTensor,
    /// The probe whose record is compared.
    #[attr]
    probe_id: StrAttr,
    /// Which of the probe's records (from 0); the first when absent.
    #[attr]
    iter: Option<I64Attr>,
}

fn print_expect_serialized_eq(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    print_probe_id(p, op);
    let mut elided = vec!["probe_id"];
    if let Some(iter) = ExpectSerializedEqOp::from_id_unchecked(op).iter(body) {
        p.print(&format!(", iter = {iter}"));
        elided.push("iter");
    }
    p.print_attr_dict(&data.attributes, &elided);
    p.print(" : ");
    p.print_type(body.value_type(body.operand(op, 0)));
}

/// Parses `%x, probe_id = "name"[, iter = N] {attrs} : type`.
fn parse_expect_serialized_eq(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let operand = p.parse_operand()?;
    parse_probe_id(p, state)?;
    if p.accept(TokenKind::Comma) {
        p.expect_keyword("iter")?;
        p.expect(TokenKind::Equal)?;
        let at = p.loc();
        let iter = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "'iter' does not fit in 64 bits"))?;
        state.set_attr(ctx.symbol("iter"), ctx.i64_attr(iter));
    }
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&operand, ty)?];
    Ok(())
}
