use xla_macros::op;

/// An op.
#[op(name = "test.op")]
pub struct TestOp {
    #[operand]
    input: xla_ir::constraints::AnyTensor,
    dims: xla_ir::constraints::I64ArrayAttr,
}

fn main() {}
