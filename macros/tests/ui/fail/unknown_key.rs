use xla_macros::op;

/// An op.
#[op(name = "test.op", colour = "red")]
pub struct TestOp;

fn main() {}
