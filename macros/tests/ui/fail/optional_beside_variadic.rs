use xla_macros::op;

/// An op.
#[op(name = "test.op")]
pub struct TestOp {
    #[operand]
    bias: Option<xla_ir::constraints::AnyTensor>,
    #[operand]
    inputs: xla_ir::constraints::Variadic<xla_ir::constraints::AnyTensor>,
}

fn main() {}
