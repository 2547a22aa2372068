use xla_macros::op;

#[op(name = "test.op", traits = [Pure])]
pub struct TestOp;

fn main() {}
