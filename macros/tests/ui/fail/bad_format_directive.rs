use xla_macros::op;

/// An op.
#[op(name = "test.op", format = "$input attr-dict `:` typ($input) `->` type($output)")]
pub struct TestOp {
    #[operand]
    input: xla_ir::constraints::AnyTensor,
    #[result]
    output: xla_ir::constraints::AnyTensor,
}

fn main() {}
