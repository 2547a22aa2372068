//! `hlo.rev`: XLA's `Rev`, which reverses the order of elements along some dimensions.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::Type;
use xla_macros::op;

use super::shape_checks::distinct_dims;

/// Reverses the order of elements along the given dimensions.
///
/// XLA's `Rev`: along each dimension `d` in `dimensions` (distinct, in any order), element
/// `i` of the result is element `size - 1 - i` of the operand. The result has the operand's
/// type.
///
/// Example: `%0 = hlo.rev %x, dims = [0] : tensor<2x3xf32>`
#[op(
    name = "hlo.rev",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_rev,
    format = "$operand `,` `dims` `=` $dimensions attr-dict `:` type($operand)"
)]
pub struct RevOp {
    #[operand]
    operand: AnyTensor,
    /// The dimensions to reverse.
    #[attr]
    dimensions: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.rev`: the operand's type, after checking `dimensions`.
pub fn infer_rev(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    distinct_dims("dimensions", cx.i64_array("dimensions")?, operand.dims.len(), "an operand")?;
    Ok(vec![cx.operand_types[0]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder};

    #[test]
    fn keeps_the_type_and_checks_dimensions() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2, 3], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ty]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let rev = RevOp::build(&mut b, args[0], &[1, 0]).expect("valid");
        let none = RevOp::build(&mut b, args[0], &[]).expect("valid");
        let mut error = |dims: &[i64]| RevOp::build(&mut b, args[0], dims).expect_err("invalid").message;
        assert_eq!(error(&[2]), "'hlo.rev' op dimensions[0] = 2 is out of range for an operand of rank 2");
        assert_eq!(error(&[0, 0]), "'hlo.rev' op dimensions contains 0 twice");
        assert_eq!(body.value_type(rev.result(&body)), ty);
        assert_eq!(rev.dimensions(&body), &[1, 0]);
        assert!(verify(&body, rev).is_ok() && verify(&body, none).is_ok());
    }
}
