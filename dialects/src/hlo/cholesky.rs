//! `hlo.cholesky`: XLA's `Cholesky`, the decomposition of (batches of) symmetric or hermitian
//! positive definite matrices into triangular factors.
//!
//! Shape rule (XLA's `InferCholeskyShape`): `a` has rank 2 or more, float or complex
//! elements, and square matrices in its two minor dimensions (the others are batch
//! dimensions); the result has its type.

use xla_ir::constraints::{BoolAttr, NumericTensor};
use xla_ir::op_def::InferContext;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Dim, TensorType, Type, TypeData};
use xla_macros::op;

use super::dot_general::dim_to_string;

/// Cholesky decomposition of a batch of symmetric (hermitian) positive definite matrices.
///
/// With `lower`, computes lower triangular `l` with `a = l . l^T`, else upper triangular `u`
/// with `a = u^T . u`. Only that triangle of `a` is read and written; the other holds
/// implementation-defined values. Dimensions before the two minor ones are batch
/// dimensions. The result is implementation-defined when `a` is not positive definite.
///
/// Example: `%0 = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>`
#[op(
    name = "hlo.cholesky",
    traits = [Pure],
    infer = infer_cholesky,
    format = "$a `,` `lower` `=` $lower attr-dict `:` type($a)"
)]
pub struct CholeskyOp {
    /// The matrices, float or complex.
    #[operand]
    a: NumericTensor,
    /// Whether the lower (`true`) or upper triangle is used.
    #[attr]
    lower: BoolAttr,
    #[result]
    result: NumericTensor,
}

/// Checks that `operand` (named `name`) has float or complex elements.
pub(crate) fn check_float_or_complex(ctx: &Context, name: &str, operand: &TensorType) -> Result<(), String> {
    if ctx.is_float(operand.element) || ctx.is_complex(operand.element) {
        Ok(())
    } else {
        Err(format!("{name} must have float or complex elements, found {}", ctx.type_to_string(operand.element)))
    }
}

/// Checks that `operand` (named `name`, of type `ty`) is a batch of square matrices and
/// returns its dimensions with the two minor ones merged.
pub(crate) fn square_matrices(ctx: &Context, name: &str, ty: Type, operand: &TensorType) -> Result<Vec<Dim>, String> {
    let rank = operand.dims.len();
    if rank < 2 {
        return Err(format!(
            "{name} must have rank 2 or more (matrices), found rank {rank} ({})",
            ctx.type_to_string(ty)
        ));
    }
    let (rows, columns) = (operand.dims[rank - 2], operand.dims[rank - 1]);
    let merged = merge_dim(rows, columns).ok_or_else(|| {
        format!(
            "{name} must hold square matrices, but its two minor dimensions have sizes {} and {}",
            dim_to_string(rows),
            dim_to_string(columns)
        )
    })?;
    let mut dims = operand.dims.clone();
    dims[rank - 2] = merged;
    dims[rank - 1] = merged;
    Ok(dims)
}

/// The shape function of `hlo.cholesky`.
pub fn infer_cholesky(cx: &InferContext) -> Result<Vec<Type>, String> {
    let a = cx.tensor(0)?;
    check_float_or_complex(cx.ctx, "a", a)?;
    let dims = square_matrices(cx.ctx, "a", cx.operand_types[0], a)?;
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: a.element, layout: a.layout.clone() }))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, OpState};

    #[test]
    fn the_result_has_the_operand_shape_with_square_minor_dims() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let partly = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Unknown, Dim::Static(3)],
            element: f32,
            layout: None,
        }));
        let complex = ctx.tensor_type(&[3, 3], ctx.ty(TypeData::Complex(f32)));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[partly, complex]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let batched = CholeskyOp::build(&mut b, args[0], true).expect("valid");
        let hermitian = CholeskyOp::build(&mut b, args[1], false).expect("valid");
        assert_eq!(body.value_type(batched.result(&body)), ctx.tensor_type(&[2, 3, 3], f32));
        assert_eq!(body.value_type(hermitian.result(&body)), complex);
        assert!(batched.lower(&body));
        assert!(verify(&body, batched).is_ok());
    }

    #[test]
    fn bad_operands_are_explained() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[ctx.tensor_type(&[3], f32), ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[3, 3], ctx.int_type(32))],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |a| CholeskyOp::build(&mut b, a, true).expect_err("invalid").message;
        assert_eq!(
            error(args[0]),
            "'hlo.cholesky' op a must have rank 2 or more (matrices), found rank 1 (tensor<3xf32>)"
        );
        assert_eq!(
            error(args[1]),
            "'hlo.cholesky' op a must hold square matrices, but its two minor dimensions have sizes 2 and 3"
        );
        assert_eq!(error(args[2]), "'hlo.cholesky' op a must have float or complex elements, found i32");
        let mut state = OpState::new(ctx.symbol("hlo.cholesky"), ctx.unknown_loc());
        state.operands = vec![args[1]];
        state.result_types = vec![ctx.tensor_type(&[2, 3], f32)];
        let missing: CholeskyOp = create_unchecked(&mut body, state);
        assert_eq!(verify_error(&body, missing), "requires attribute 'lower'");
    }
}
