use xla_macros::op;

/// An op.
#[op(name = "test.op", traits = [Pure], traits = [Commutative])]
pub struct TestOp;

fn main() {}
