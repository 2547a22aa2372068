//! `hlo.dot`: XLA's `Dot`, the vector and matrix products.
//!
//! Shape rule (operation semantics): both operands have rank 1 or 2; the product contracts
//! the last dimension of `lhs` with the first of `rhs`, so `[n] . [n] -> []`,
//! `[m, k] . [k] -> [m]`, `[k] . [k, n] -> [n]` and `[m, k] . [k, n] -> [m, n]`. It is
//! `hlo.dot_general` with those contracting dimensions and no batching dimensions.

use xla_ir::constraints::NumericTensor;
use xla_ir::op_def::InferContext;
use xla_ir::{TensorType, Type, TypeData};
use xla_macros::op;

use super::dot_general::DotDimensionNumbers;
use super::precision::{check_precision_config, PrecisionConfigAttr};

/// Vector and matrix product: contracts the last dimension of `lhs` with the first of `rhs`.
///
/// Each operand is a vector or a matrix, so this is a dot product (`[n] . [n] -> []`), a
/// matrix-vector product (`[m, k] . [k] -> [m]`), a vector-matrix product
/// (`[k] . [k, n] -> [n]`) or a matrix product (`[m, k] . [k, n] -> [m, n]`). The
/// contracted dimensions must have one size and the operands one element type, which is
/// the result's.
///
/// Example: `%0 = hlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>`
#[op(
    name = "hlo.dot",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_dot,
    format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"
)]
pub struct DotOp {
    #[operand]
    lhs: NumericTensor,
    #[operand]
    rhs: NumericTensor,
    /// XLA's per-operand precision: none, or one for `lhs` and one for `rhs`
    /// (`["DEFAULT", "HIGHEST"]`).
    #[attr]
    precision_config: Option<PrecisionConfigAttr>,
    #[result]
    result: NumericTensor,
}

/// The shape function of `hlo.dot`: operands of rank 1 or 2, then `hlo.dot_general`'s rule
/// with `lhs` contracting its last dimension and `rhs` its first.
pub fn infer_dot(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (cx.tensor(0)?, cx.tensor(1)?);
    for (name, i, operand) in [("lhs", 0, lhs), ("rhs", 1, rhs)] {
        let rank = operand.dims.len();
        if !matches!(rank, 1 | 2) {
            return Err(format!(
                "{name} must be a vector or a matrix (rank 1 or 2), found rank {rank} ({})",
                cx.ctx.type_to_string(cx.operand_types[i])
            ));
        }
    }
    check_precision_config(cx)?;
    let lhs_contracting = [lhs.dims.len() as i64 - 1];
    let numbers = DotDimensionNumbers {
        lhs_batching: &[],
        rhs_batching: &[],
        lhs_contracting: &lhs_contracting,
        rhs_contracting: &[0],
    };
    let dims = numbers.result_dims(cx.ctx, lhs, rhs)?;
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: lhs.element, layout: None }))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use crate::hlo::Precision;
    use xla_ir::{Body, Builder, Dim, OpState};

    #[test]
    fn the_four_products_have_their_shapes() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let vector = ctx.tensor_type(&[3], f32);
        let matrix = ctx.tensor_type(&[2, 3], f32);
        let square = ctx.tensor_type(&[3, 3], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[vector, matrix, square]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut result = |lhs, rhs| {
            let dot = DotOp::build(&mut b, lhs, rhs, None).expect("valid product");
            b.body.value_type(dot.result(b.body))
        };
        assert_eq!(result(args[0], args[0]), ctx.tensor_type(&[], f32));
        assert_eq!(result(args[1], args[0]), ctx.tensor_type(&[2], f32));
        assert_eq!(result(args[0], args[2]), ctx.tensor_type(&[3], f32));
        assert_eq!(result(args[1], args[2]), ctx.tensor_type(&[2, 3], f32));
    }

    #[test]
    fn unknown_contracted_sizes_merge_and_free_ones_stay() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let lhs =
            ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown, Dim::Unknown], element: f32, layout: None }));
        let rhs = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(3), Dim::Bounded(8)],
            element: f32,
            layout: None,
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[lhs, rhs]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let precision = Some(vec![Precision::Highest, Precision::Highest]);
        let dot = DotOp::build(&mut b, args[0], args[1], precision.clone()).expect("compatible");
        let expected = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Unknown, Dim::Bounded(8)],
            element: f32,
            layout: None,
        }));
        assert_eq!(body.value_type(dot.result(&body)), expected);
        assert_eq!(dot.precision_config(&body), precision);
        assert!(verify(&body, dot).is_ok());
    }

    #[test]
    fn bad_operands_are_rejected_by_name() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[], f32),
                ctx.tensor_type(&[2, 3, 4], f32),
                ctx.tensor_type(&[2, 3], f32),
                ctx.tensor_type(&[4], f32),
                ctx.tensor_type(&[3], ctx.int_type(32)),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error =
            |lhs, rhs, precision| DotOp::build(&mut b, lhs, rhs, precision).expect_err("invalid dot").message;
        let prefix = "'hlo.dot' op ";
        assert_eq!(
            error(args[0], args[3], None),
            format!("{prefix}lhs must be a vector or a matrix (rank 1 or 2), found rank 0 (tensor<f32>)")
        );
        assert_eq!(
            error(args[2], args[1], None),
            format!("{prefix}rhs must be a vector or a matrix (rank 1 or 2), found rank 3 (tensor<2x3x4xf32>)")
        );
        assert_eq!(
            error(args[2], args[3], None),
            format!(
                "{prefix}contracting dimension sizes differ: lhs dimension 1 has size 3, rhs dimension 0 has size 4"
            )
        );
        assert_eq!(
            error(args[2], args[4], None),
            format!("{prefix}lhs and rhs must have the same element type, found f32 and i32")
        );
        assert_eq!(
            error(args[3], args[3], Some(vec![Precision::Default; 3])),
            format!("{prefix}precision_config must have no entry or one per operand (2), found 3")
        );
    }

    #[test]
    fn the_verifier_checks_parsed_ops() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (_, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[3], f32)]);
        let mut state = OpState::new(ctx.symbol("hlo.dot"), ctx.unknown_loc());
        state.operands = args;
        state.result_types = vec![ctx.tensor_type(&[3], f32)];
        let wrong_result: DotOp = create_unchecked(&mut body, state.clone());
        assert_eq!(
            verify_error(&body, wrong_result),
            "result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>"
        );
        state.set_attr(ctx.symbol("precision_config"), ctx.string_attr("HIGH"));
        let bad_precision: DotOp = create_unchecked(&mut body, state.clone());
        assert_eq!(
            verify_error(&body, bad_precision),
            "attribute 'precision_config' must be an array of precisions (\"DEFAULT\", \"HIGH\" or \"HIGHEST\"), found \"HIGH\""
        );
        state.result_types = vec![ctx.tensor_type(&[2], f32)];
        state.attributes.clear();
        let valid: DotOp = create_unchecked(&mut body, state);
        assert!(verify(&body, valid).is_ok());
    }
}
