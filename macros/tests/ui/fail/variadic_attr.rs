use xla_macros::op;

/// An op.
#[op(name = "test.op")]
pub struct TestOp {
    #[attr]
    sizes: xla_ir::constraints::Variadic<xla_ir::constraints::I64Attr>,
}

fn main() {}
