use xla_ir::constraints::I64ArrayAttr;
use xla_macros::op;

/// An op.
#[op(name = "test.op")]
pub struct TestOp {
    #[operand]
    input: I64ArrayAttr,
}

fn main() {}
