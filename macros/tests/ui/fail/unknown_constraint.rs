use xla_ir::constraints::AnyTensor;
use xla_macros::op;

/// An op.
#[op(name = "test.op")]
pub struct TestOp {
    #[operand]
    input: AnyTensor,
    #[result]
    output: AnyTensr,
}

fn main() {}
