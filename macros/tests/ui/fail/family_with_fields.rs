use xla_macros::op;

/// An op.
#[op(name = "test.op", family = ElementwiseUnary)]
pub struct TestOp {
    #[operand]
    extra: xla_ir::constraints::AnyTensor,
}

fn main() {}
