//! `hlo.reshape` and `hlo.collapse`: XLA's `Reshape` and `Collapse`, which give the elements
//! of a tensor, in row-major order, a new shape.
//!
//! Shape rules (operation semantics): a reshape keeps the number of elements, so its result
//! type is given and checked; a collapse merges a consecutive, increasing run of dimensions
//! into one whose size is their product, in their place.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::{Diagnostic, Dim, Op, OpRef, Type};
use xla_macros::op;

use super::shape_checks::{dim_in_range, list, tensor};

/// Gives a tensor's elements, in row-major order, a new shape with as many elements.
///
/// XLA's `Reshape` without its optional dimension order: the operand's elements are read in
/// row-major order and written in row-major order into the result shape. The result type is
/// given; its element type is the operand's, and when both shapes are static they have the
/// same number of elements.
///
/// Example: `%0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>`
#[op(
    name = "hlo.reshape",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    verify = verify_reshape,
    fold = super::constant_folds::fold_reshape,
    patterns = [super::reshape_patterns::RESHAPE_IDENTITY, super::reshape_patterns::RESHAPE_OF_RESHAPE, super::layout_patterns::TRANSPOSE_INTO_LAYOUT],
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct ReshapeOp {
    #[operand]
    operand: AnyTensor,
    #[result]
    result: AnyTensor,
}

/// Checks `hlo.reshape`: one element type, and equal element counts when both shapes are
/// static.
pub fn verify_reshape(op: OpRef) -> Result<(), Diagnostic> {
    let reshape = ReshapeOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let (operand_type, result_type) = (op.body.value_type(reshape.operand(op.body)), op.body.value_type(reshape.result(op.body)));
    let (Some(operand), Some(result)) = (ctx.as_tensor(operand_type), ctx.as_tensor(result_type)) else {
        return Ok(()); // the declared constraints report these
    };
    if operand.element != result.element {
        return Err(op.error(format!(
            "the result element type {} differs from the operand element type {}",
            ctx.type_to_string(result.element),
            ctx.type_to_string(operand.element)
        )));
    }
    for (tensor, ty, what) in [(operand, operand_type, "operand"), (result, result_type, "result")] {
        if tensor.static_shape().is_some() && tensor.num_elements().is_none() {
            return Err(op.error(format!("the {what} ({}) has more elements than fit in 64 bits", ctx.type_to_string(ty))));
        }
    }
    if let (Some(n), Some(m)) = (operand.num_elements(), result.num_elements()) {
        if n != m {
            return Err(op.error(format!(
                "the result ({}) has {m} elements, but the operand ({}) has {n}",
                ctx.type_to_string(result_type),
                ctx.type_to_string(operand_type)
            )));
        }
    }
    Ok(())
}

/// Merges a consecutive, increasing run of dimensions into one.
///
/// XLA's `Collapse`: `dimensions` is an in-order, consecutive subset of the operand's
/// dimensions (`[0, 1]` or `[1, 2]`, not `[1, 0]` or `[0, 2]`); they are replaced, in place,
/// by one dimension whose size is their product. The lowest of them is the most major. The
/// merged size is unknown when one of them is, and bounded when one of them is bounded.
///
/// Example: `%0 = hlo.collapse %x, dims = [0, 1] : (tensor<4x2x3xf32>) -> tensor<8x3xf32>`
#[op(
    name = "hlo.collapse",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_collapse,
    format = "$operand `,` `dims` `=` $dimensions attr-dict `:` functional-type(operands, results)"
)]
pub struct CollapseOp {
    #[operand]
    operand: AnyTensor,
    /// The dimensions to merge: consecutive and increasing.
    #[attr]
    dimensions: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.collapse`.
pub fn infer_collapse(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let dimensions = cx.i64_array("dimensions")?;
    let rank = operand.dims.len();
    let Some(&first) = dimensions.first() else {
        return Err("dimensions must name at least one dimension".into());
    };
    for (i, &d) in dimensions.iter().enumerate() {
        dim_in_range("dimensions", i, d, rank, "an operand")?;
    }
    if dimensions.iter().zip(first..).any(|(&d, expected)| d != expected) {
        return Err(format!("dimensions must be consecutive and increasing, found {}", list(dimensions)));
    }
    // In range and consecutive from `first`, so these are valid indices.
    let (start, end) = (first as usize, first as usize + dimensions.len());
    let merged = operand.dims[start..end].iter().try_fold(Dim::Static(1), |acc, &d| product(acc, d));
    let merged = merged.ok_or_else(|| format!("the size of the collapsed dimensions {} overflows i64", list(dimensions)))?;
    let mut dims = operand.dims[..start].to_vec();
    dims.push(merged);
    dims.extend_from_slice(&operand.dims[end..]);
    Ok(vec![tensor(cx.ctx, dims, operand.element)])
}

/// The size of two merged dimensions: unknown if either is, bounded by the product of the
/// bounds if either is bounded; `None` on overflow.
fn product(a: Dim, b: Dim) -> Option<Dim> {
    Some(match (a, b) {
        (Dim::Unknown, _) | (_, Dim::Unknown) => Dim::Unknown,
        (Dim::Static(x), Dim::Static(y)) => Dim::Static(x.checked_mul(y)?),
        (Dim::Static(x) | Dim::Bounded(x), Dim::Static(y) | Dim::Bounded(y)) => Dim::Bounded(x.checked_mul(y)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder, TensorType, TypeData};

    #[test]
    fn reshape_checks_element_type_and_count() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let flat = ReshapeOp::build(&mut b, args[0], ctx.tensor_type(&[6], f32)).expect("no inference");
        let unknown = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown], element: f32, layout: None }));
        let dynamic = ReshapeOp::build(&mut b, args[0], unknown).expect("no inference");
        let too_many = ReshapeOp::build(&mut b, args[0], ctx.tensor_type(&[7], f32)).expect("no inference");
        let retyped = ReshapeOp::build(&mut b, args[0], ctx.tensor_type(&[6], ctx.int_type(32))).expect("no inference");
        assert_eq!(flat.operand(&body), args[0]);
        assert!(verify(&body, flat).is_ok() && verify(&body, dynamic).is_ok());
        assert_eq!(verify_error(&body, too_many), "the result (tensor<7xf32>) has 7 elements, but the operand (tensor<2x3xf32>) has 6");
        assert_eq!(verify_error(&body, retyped), "the result element type i32 differs from the operand element type f32");
    }

    #[test]
    fn reshape_between_shapes_too_large_is_an_error() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let huge = ctx.tensor_type(&[4294967296, 4294967296], f32);
        let (block, args) = block_with_args(&mut body, &[huge, ctx.tensor_type(&[6], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let flat = ReshapeOp::build(&mut b, args[0], ctx.tensor_type(&[4294967296, 4294967296, 1], f32)).expect("no inference");
        let grown = ReshapeOp::build(&mut b, args[1], huge).expect("no inference");
        assert_eq!(verify_error(&body, flat), "the operand (tensor<4294967296x4294967296xf32>) has more elements than fit in 64 bits");
        assert_eq!(verify_error(&body, grown), "the result (tensor<4294967296x4294967296xf32>) has more elements than fit in 64 bits");
    }

    #[test]
    fn collapse_multiplies_the_merged_dimensions() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let mixed = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Bounded(4), Dim::Static(3), Dim::Unknown],
            element: f32,
            layout: None,
        }));
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 2, 3], f32), mixed]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut result = |x, dims: &[i64]| {
            let op = CollapseOp::build(&mut b, x, dims).expect("valid collapse");
            b.body.value_type(op.result(b.body))
        };
        assert_eq!(result(args[0], &[0, 1, 2]), ctx.tensor_type(&[24], f32));
        assert_eq!(result(args[0], &[0, 1]), ctx.tensor_type(&[8, 3], f32));
        assert_eq!(result(args[0], &[1, 2]), ctx.tensor_type(&[4, 6], f32));
        assert_eq!(result(args[0], &[2]), ctx.tensor_type(&[4, 2, 3], f32));
        let bounded = result(args[1], &[0, 1, 2]);
        assert_eq!(ctx.type_to_string(bounded), "tensor<<=24x?xf32>");
        assert_eq!(ctx.type_to_string(result(args[1], &[2, 3])), "tensor<2x<=4x?xf32>");
        let collapse = CollapseOp::build(&mut b, args[0], &[0, 1]).expect("valid collapse");
        assert_eq!(collapse.dimensions(&body), &[0, 1]);
        assert!(verify(&body, collapse).is_ok());
    }

    #[test]
    fn collapse_rejects_bad_dimension_lists() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let huge = ctx.tensor_type(&[1 << 40, 1 << 40], f32);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 2, 3], f32), huge]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |x, dims: &[i64]| CollapseOp::build(&mut b, x, dims).expect_err("invalid").message;
        let prefix = "'hlo.collapse' op ";
        assert_eq!(error(args[0], &[]), format!("{prefix}dimensions must name at least one dimension"));
        assert_eq!(error(args[0], &[1, 3]), format!("{prefix}dimensions[1] = 3 is out of range for an operand of rank 3"));
        assert_eq!(error(args[0], &[-1]), format!("{prefix}dimensions[0] = -1 is out of range for an operand of rank 3"));
        assert_eq!(error(args[0], &[1, 0]), format!("{prefix}dimensions must be consecutive and increasing, found [1, 0]"));
        assert_eq!(error(args[0], &[0, 2]), format!("{prefix}dimensions must be consecutive and increasing, found [0, 2]"));
        assert_eq!(error(args[1], &[0, 1]), format!("{prefix}the size of the collapsed dimensions [0, 1] overflows i64"));
    }
}
