use xla_ir::constraints::AnyTensor;
use xla_macros::op;

fn infer_wrong(_operands: &[xla_ir::Type]) -> Vec<xla_ir::Type> {
    Vec::new()
}

/// An op.
#[op(name = "test.op", infer = infer_wrong)]
pub struct TestOp {
    #[operand]
    input: AnyTensor,
    #[result]
    output: AnyTensor,
}

fn main() {}
