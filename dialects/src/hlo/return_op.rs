//! `hlo.return`: the terminator of the regions of hlo ops (reducers, comparators, bodies).

use xla_ir::constraints::{AnyType, Variadic};
use xla_macros::op;

/// Returns values from a region of an hlo op to that op.
///
/// The enclosing op says how many values of which types its regions return (a reducer of
/// `hlo.reduce` returns one 0-d tensor per input).
///
/// Example: `hlo.return %sum : tensor<f32>`
#[op(name = "hlo.return", traits = [Terminator, ReturnLike], format = "$results attr-dict `:` type($results)")]
pub struct ReturnOp {
    /// The values returned.
    #[operand]
    results: Variadic<AnyType>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Op, OpTrait};

    #[test]
    fn returns_any_number_of_values() {
        let ctx = context();
        let ty = ctx.tensor_type(&[], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ty, ty]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let two = ReturnOp::build(&mut b, &args).expect("no inference to fail");
        let none = ReturnOp::build(&mut b, &[]).expect("no inference to fail");
        assert_eq!(two.results(&body), &args[..]);
        assert_eq!(none.results(&body), &[]);
        assert!(verify(&body, two).is_ok() && verify(&body, none).is_ok());
        assert!(ReturnOp::DEF.has_trait(OpTrait::Terminator) && ReturnOp::DEF.has_trait(OpTrait::ReturnLike));
        assert_eq!(body.last_op(block), Some(none.id()));
    }
}
