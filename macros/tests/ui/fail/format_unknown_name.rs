use xla_macros::op;

/// An op.
#[op(name = "test.op", format = "$inptu attr-dict `:` functional-type(operands, results)")]
pub struct TestOp {
    #[operand]
    input: xla_ir::constraints::AnyTensor,
    #[result]
    output: xla_ir::constraints::AnyTensor,
}

fn main() {}
