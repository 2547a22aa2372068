//! `hlo.transpose`: XLA's `Transpose`, which permutes the dimensions of a tensor.
//!
//! Shape rule (operation semantics): result dimension `i` is operand dimension
//! `permutation[i]`. The result carries no layout; layout assignment picks one (and may make
//! the transpose a bitcast).

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::Type;
use xla_macros::op;

use super::shape_checks::{check_len, distinct_dims, tensor};

/// Permutes the dimensions of a tensor.
///
/// XLA's `Transpose`: result dimension `i` is operand dimension `permutation[i]`, so
/// `result[i0, ..., in] = operand[j0, ..., jn]` where `j[permutation[k]] = i[k]`.
/// `permutation` is a permutation of `[0, rank)`.
///
/// Example: `%0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>`
#[op(
    name = "hlo.transpose",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_transpose,
    format = "$operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)"
)]
pub struct TransposeOp {
    #[operand]
    operand: AnyTensor,
    /// The operand dimension each result dimension takes.
    #[attr]
    permutation: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.transpose`.
pub fn infer_transpose(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let permutation = cx.i64_array("permutation")?;
    let rank = operand.dims.len();
    check_len("permutation", permutation, rank, "the operand")?;
    distinct_dims("permutation", permutation, rank, "an operand")?;
    // Every entry is a distinct dimension of the operand, checked above.
    let dims = permutation.iter().map(|&d| operand.dims[d as usize]).collect();
    Ok(vec![tensor(cx.ctx, dims, operand.element)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Dim, Layout, TensorType, TypeData};

    #[test]
    fn permutes_dimensions_and_drops_the_layout() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let with_layout = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Unknown, Dim::Bounded(4)],
            element: f32,
            layout: Some(Layout::row_major(3)),
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[with_layout]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let transpose = TransposeOp::build(&mut b, args[0], &[2, 0, 1]).expect("a permutation");
        assert_eq!(ctx.type_to_string(body.value_type(transpose.result(&body))), "tensor<<=4x2x?xf32>");
        assert_eq!(transpose.permutation(&body), &[2, 0, 1]);
        assert!(verify(&body, transpose).is_ok());
    }

    #[test]
    fn rejects_what_is_not_a_permutation() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], ctx.f32_type())]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |dims: &[i64]| TransposeOp::build(&mut b, args[0], dims).expect_err("invalid").message;
        let prefix = "'hlo.transpose' op ";
        assert_eq!(error(&[0]), format!("{prefix}permutation has 1 entries, but the operand has rank 2"));
        assert_eq!(error(&[0, 2]), format!("{prefix}permutation[1] = 2 is out of range for an operand of rank 2"));
        assert_eq!(error(&[1, 1]), format!("{prefix}permutation contains 1 twice"));
    }
}
