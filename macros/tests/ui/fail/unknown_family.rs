use xla_macros::op;

/// An op.
#[op(name = "test.op", family = ElementwiseTernary)]
pub struct TestOp;

fn main() {}
