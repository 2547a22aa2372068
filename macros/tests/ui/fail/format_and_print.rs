use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState};
use xla_macros::op;

fn print(_printer: &mut OpPrinter, _op: OpId) {}

fn parse(_parser: &mut OpParser, _state: &mut OpState) -> Result<(), Diagnostic> {
    Ok(())
}

/// An op.
#[op(name = "test.op", format = "attr-dict", print = print, parse = parse)]
pub struct TestOp;

fn main() {}
