use xla_macros::op;

/// An op.
#[op(name = "test.op", family = ElementwiseBinary, traits = [Pure, Comutative])]
pub struct TestOp;

fn main() {}
