use xla_macros::op;

/// An op.
#[op(traits = [Pure])]
pub struct TestOp;

fn main() {}
