//! `hlo.triangular_solve`: XLA's `TriangularSolve`, which solves (batches of) linear systems
//! with triangular coefficient matrices by substitution.
//!
//! Shape rule (XLA's `InferTriangularSolveShape`): `a` and `b` have one float or complex
//! element type and one rank of 2 or more; `a` holds square `m x m` matrices; `b` holds
//! `m x k` matrices when `left_side`, else `k x m`; their batch dimensions (all but the two
//! minor ones) are equal. The result has `b`'s type.

use xla_ir::constraints::{AttrKind, BoolAttr, NumericTensor};
use xla_ir::op_def::InferContext;
use xla_ir::shape::merge_dim;
use xla_ir::{TensorType, Type, TypeData};
use xla_macros::op;

use super::cholesky::{check_float_or_complex, square_matrices};
use super::dot_general::dim_to_string;

xla_ir::enum_attr! {
    /// How `hlo.triangular_solve` uses `a`: as is, transposed, or conjugate-transposed (XLA's
    /// `TriangularSolveOptions::Transpose`).
    pub enum Transpose: "a transpose option" { NoTranspose = "NO_TRANSPOSE", Transpose = "TRANSPOSE", Adjoint = "ADJOINT" }
}

/// Solves `op(a) * x = b` (`left_side`) or `x * op(a) = b` for `x`, where `a` is triangular.
///
/// `op(a)` is `a`, its transpose or its conjugate transpose (`transpose_a`). Only the lower
/// (`lower`) or upper triangle of `a` is read; with `unit_diagonal` its diagonal is taken
/// as ones and not read. Dimensions before the two minor ones are batch dimensions, equal
/// in `a` and `b`. The result `x` has `b`'s type.
///
/// Example: `%0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>`
#[op(
    name = "hlo.triangular_solve",
    traits = [Pure],
    infer = infer_triangular_solve,
    format = "$a `,` $b `,` `left_side` `=` $left_side `,` `lower` `=` $lower `,` `unit_diagonal` `=` $unit_diagonal `,` `transpose_a` `=` $transpose_a attr-dict `:` functional-type(operands, results)"
)]
pub struct TriangularSolveOp {
    /// The triangular coefficient matrices, `[..., m, m]`.
    #[operand]
    a: NumericTensor,
    /// The right-hand sides, `[..., m, k]` when `left_side`, else `[..., k, m]`.
    #[operand]
    b: NumericTensor,
    /// Whether `a` multiplies `x` from the left.
    #[attr]
    left_side: BoolAttr,
    /// Whether the lower (`true`) or upper triangle of `a` is used.
    #[attr]
    lower: BoolAttr,
    /// Whether the diagonal of `a` is taken as ones.
    #[attr]
    unit_diagonal: BoolAttr,
    /// Whether `a` is used as is, transposed or conjugate-transposed.
    #[attr]
    transpose_a: Transpose,
    #[result]
    result: NumericTensor,
}

/// The shape function of `hlo.triangular_solve`.
pub fn infer_triangular_solve(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let (a, b) = (cx.tensor(0)?, cx.tensor(1)?);
    check_float_or_complex(ctx, "a", a)?;
    if b.element != a.element {
        return Err(format!(
            "b has element type {}, but a has {}",
            ctx.type_to_string(b.element),
            ctx.type_to_string(a.element)
        ));
    }
    let a_dims = square_matrices(ctx, "a", cx.operand_types[0], a)?;
    let rank = a_dims.len();
    if b.dims.len() != rank {
        return Err(format!(
            "b has rank {} ({}), but a has rank {rank}",
            b.dims.len(),
            ctx.type_to_string(cx.operand_types[1])
        ));
    }
    let left_side = match cx.attr("left_side") {
        Some(attr) => BoolAttr::get(ctx, attr).ok_or_else(|| {
            format!("attribute 'left_side' must be a bool attribute, found {}", ctx.attr_to_string(attr))
        })?,
        None => return Err("requires attribute 'left_side'".into()),
    };
    let mut dims = b.dims.clone();
    for d in 0..rank - 2 {
        dims[d] = merge_dim(a_dims[d], b.dims[d]).ok_or_else(|| {
            format!(
                "batch dimension {d} of b has size {}, but that of a has size {}",
                dim_to_string(b.dims[d]),
                dim_to_string(a_dims[d])
            )
        })?;
    }
    let shared = if left_side { rank - 2 } else { rank - 1 };
    let m = a_dims[rank - 1];
    dims[shared] = merge_dim(m, b.dims[shared]).ok_or_else(|| {
        format!(
            "b dimension {shared} has size {}, but a's matrices are {m}x{m} (left_side = {left_side})",
            dim_to_string(b.dims[shared]),
            m = dim_to_string(m)
        )
    })?;
    Ok(vec![ctx.ty(TypeData::Tensor(TensorType { dims, element: b.element, layout: b.layout.clone() }))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Context, Dim};

    fn infer(ctx: &Context, a: Type, b: Type, left_side: bool) -> Result<Type, String> {
        let mut body = Body::new(ctx);
        let (block, args) = block_with_args(&mut body, &[a, b]);
        let mut builder = Builder::at_end(&mut body, block, ctx.unknown_loc());
        match TriangularSolveOp::build(&mut builder, args[0], args[1], left_side, true, false, Transpose::Adjoint) {
            Ok(op) => {
                assert!(verify(&body, op).is_ok());
                assert_eq!(op.transpose_a(&body), Transpose::Adjoint);
                Ok(body.value_type(op.result(&body)))
            }
            Err(d) => Err(d.message.strip_prefix("'hlo.triangular_solve' op ").expect("prefixed").to_string()),
        }
    }

    #[test]
    fn the_result_has_the_type_of_b() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let t = |shape: &[i64]| ctx.tensor_type(shape, f32);
        assert_eq!(infer(&ctx, t(&[3, 3]), t(&[3, 4]), true), Ok(t(&[3, 4])));
        assert_eq!(infer(&ctx, t(&[2, 3, 3]), t(&[2, 4, 3]), false), Ok(t(&[2, 4, 3])));
        let unknown_b = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Unknown, Dim::Unknown, Dim::Static(5)],
            element: f32,
            layout: None,
        }));
        assert_eq!(infer(&ctx, t(&[2, 3, 3]), unknown_b, true), Ok(t(&[2, 3, 5])));
    }

    #[test]
    fn bad_operands_are_explained() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let t = |shape: &[i64]| ctx.tensor_type(shape, f32);
        let i32 = ctx.tensor_type(&[3, 3], ctx.int_type(32));
        let f64 = ctx.tensor_type(&[3, 4], ctx.float_type(xla_ir::FloatKind::F64));
        assert_eq!(infer(&ctx, i32, t(&[3, 4]), true), Err("a must have float or complex elements, found i32".into()));
        assert_eq!(infer(&ctx, t(&[3, 3]), f64, true), Err("b has element type f64, but a has f32".into()));
        assert_eq!(
            infer(&ctx, t(&[3]), t(&[3]), true),
            Err("a must have rank 2 or more (matrices), found rank 1 (tensor<3xf32>)".into())
        );
        assert_eq!(
            infer(&ctx, t(&[3, 4]), t(&[3, 4]), true),
            Err("a must hold square matrices, but its two minor dimensions have sizes 3 and 4".into())
        );
        assert_eq!(
            infer(&ctx, t(&[3, 3]), t(&[1, 3, 4]), true),
            Err("b has rank 3 (tensor<1x3x4xf32>), but a has rank 2".into())
        );
        assert_eq!(
            infer(&ctx, t(&[3, 3]), t(&[3, 4]), false),
            Err("b dimension 1 has size 4, but a's matrices are 3x3 (left_side = false)".into())
        );
        assert_eq!(
            infer(&ctx, t(&[2, 3, 3]), t(&[5, 3, 4]), true),
            Err("batch dimension 0 of b has size 5, but that of a has size 2".into())
        );
    }
}
