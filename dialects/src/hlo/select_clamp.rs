//! `hlo.select` and `hlo.clamp`: XLA's ternary elementwise ops, whose only broadcasting is a
//! 0-d predicate or bound ("a restricted form of broadcasting" in the operation semantics).
//!
//! Shape rules: `select`'s choices have one type, which is the result's; its predicate is a
//! 0-d tensor or has their shape (and must be 0-d when the choices are tuples, which select as
//! whole values). `clamp`'s bounds have the operand's element type and are 0-d or of its
//! shape; the result has the operand's type. Unknown dimensions merge with known ones.

use xla_ir::constraints::{NumericTensor, PredTensor};
use xla_ir::op_def::InferContext;
use xla_ir::shape::{compatible, merge_dim};
use xla_ir::{Context, Dim, TensorType, Type, TypeData};
use xla_macros::op;

use super::elementwise_support::{
    parse_one_type_or_functional, parse_select, print_one_type_or_functional, print_select, TensorOrTuple,
};

/// Chooses each element from `on_true` or `on_false` by the predicate `pred`.
///
/// XLA's `Select`: `on_true` and `on_false` have one type, the result's; `pred` has their
/// shape, or is 0-d and chooses between them whole. Tuples select as whole values, with a 0-d
/// `pred`.
///
/// Example: `%0 = hlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>`
#[op(
    name = "hlo.select",
    traits = [Pure, Elementwise],
    infer = infer_select,
    patterns = [
        super::select_patterns::SELECT_OF_CONSTANT_PREDICATE,
        super::select_patterns::SELECT_OF_SAME_CHOICES,
        super::select_patterns::SELECT_OF_NAN_PROPAGATING_CHOICE
    ],
    print = print_select,
    parse = parse_select
)]
pub struct SelectOp {
    /// The predicates: one per element, or one for all.
    #[operand]
    pred: PredTensor,
    #[operand]
    on_true: TensorOrTuple,
    #[operand]
    on_false: TensorOrTuple,
    #[result]
    result: TensorOrTuple,
}

/// Clamps each element of `operand` into the range [`min`, `max`].
///
/// XLA's `Clamp`: `clamp(min, x, max) = min(max(x, min), max)`. `min` and `max` have the
/// operand's element type and are 0-d or of its shape; the result has the operand's type.
///
/// Example: `%0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>`
#[op(
    name = "hlo.clamp",
    traits = [Pure, Elementwise],
    infer = infer_clamp,
    print = print_one_type_or_functional,
    parse = parse_one_type_or_functional
)]
pub struct ClampOp {
    #[operand]
    min: NumericTensor,
    #[operand]
    operand: NumericTensor,
    #[operand]
    max: NumericTensor,
    #[result]
    result: NumericTensor,
}

/// Merges the dimensions of `other` into `dims` when it is not 0-d; `None` when they disagree.
fn merge_unless_scalar(dims: &[Dim], other: &TensorType) -> Option<Vec<Dim>> {
    if other.dims.is_empty() {
        return Some(dims.to_vec());
    }
    if other.dims.len() != dims.len() {
        return None;
    }
    dims.iter().zip(&other.dims).map(|(a, b)| merge_dim(*a, *b)).collect()
}

/// The three operand types of a ternary op, or an error.
fn three_operands(cx: &InferContext) -> Result<[Type; 3], String> {
    match cx.operand_types {
        [a, b, c] => Ok([*a, *b, *c]),
        other => Err(format!("expects 3 operands, found {}", other.len())),
    }
}

/// `tensor` with `dims`: the same type when they did not change, else one without a layout.
fn with_dims(ctx: &Context, ty: Type, tensor: &TensorType, dims: Vec<Dim>) -> Type {
    if dims == tensor.dims {
        ty
    } else {
        ctx.ty(TypeData::Tensor(TensorType { dims, element: tensor.element, layout: None }))
    }
}

/// The shape function of `hlo.select`.
pub fn infer_select(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let [_, on_true, on_false] = three_operands(cx)?;
    let pred = cx.tensor(0)?;
    let mismatch = || {
        format!(
            "on_true and on_false must have the same type, found {} and {}",
            ctx.type_to_string(on_true),
            ctx.type_to_string(on_false)
        )
    };
    let (Some(t), Some(f)) = (ctx.as_tensor(on_true), ctx.as_tensor(on_false)) else {
        // Tuples (or a tuple and a tensor): whole values, chosen by one predicate.
        if !compatible(ctx, on_true, on_false) {
            return Err(mismatch());
        }
        if !pred.dims.is_empty() {
            return Err(format!(
                "pred must be a 0-d tensor to select between tuples, found {}",
                ctx.type_to_string(cx.operand_types[0])
            ));
        }
        return Ok(vec![on_true]);
    };
    if t.element != f.element || t.dims.len() != f.dims.len() {
        return Err(mismatch());
    }
    let dims: Vec<Dim> =
        t.dims.iter().zip(&f.dims).map(|(a, b)| merge_dim(*a, *b)).collect::<Option<_>>().ok_or_else(mismatch)?;
    let dims = merge_unless_scalar(&dims, pred).ok_or_else(|| {
        format!(
            "pred ({}) must be a 0-d tensor or have the shape of on_true and on_false ({})",
            ctx.type_to_string(cx.operand_types[0]),
            ctx.type_to_string(on_true)
        )
    })?;
    if on_true == on_false && dims == t.dims {
        return Ok(vec![on_true]);
    }
    Ok(vec![ctx.ty(TypeData::Tensor(TensorType { dims, element: t.element, layout: None }))])
}

/// The shape function of `hlo.clamp`.
pub fn infer_clamp(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let [_, operand_type, _] = three_operands(cx)?;
    let (min, operand, max) = (cx.tensor(0)?, cx.tensor(1)?, cx.tensor(2)?);
    let mut dims = operand.dims.clone();
    for (name, index, bound) in [("min", 0, min), ("max", 2, max)] {
        if bound.element != operand.element {
            return Err(format!(
                "{name} has element type {}, but operand has {}",
                ctx.type_to_string(bound.element),
                ctx.type_to_string(operand.element)
            ));
        }
        dims = merge_unless_scalar(&dims, bound).ok_or_else(|| {
            format!(
                "{name} ({}) must be a 0-d tensor or have the shape of operand ({})",
                ctx.type_to_string(cx.operand_types[index]),
                ctx.type_to_string(operand_type)
            )
        })?;
    }
    Ok(vec![with_dims(ctx, operand_type, operand, dims)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder};

    fn tensor(ctx: &Context, dims: Vec<Dim>, element: Type) -> Type {
        ctx.ty(TypeData::Tensor(TensorType { dims, element, layout: None }))
    }

    #[test]
    fn select_takes_the_type_of_its_choices() {
        let ctx = context();
        let (f32, pred) = (ctx.f32_type(), ctx.int_type(1));
        let mut body = Body::new(&ctx);
        let pair = ctx.ty(TypeData::Tuple(vec![ctx.tensor_type(&[2], f32), ctx.tensor_type(&[], pred)]));
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[], pred),
                ctx.tensor_type(&[2, 3], pred),
                ctx.tensor_type(&[2, 3], f32),
                tensor(&ctx, vec![Dim::Unknown, Dim::Static(3)], f32),
                pair,
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let scalar_pred = SelectOp::build(&mut b, args[0], args[2], args[2]).expect("a 0-d predicate");
        let merged = SelectOp::build(&mut b, args[1], args[3], args[3]).expect("pred of the choices' shape");
        let tuples = SelectOp::build(&mut b, args[0], args[4], args[4]).expect("tuples with a 0-d predicate");
        let mixed = SelectOp::build(&mut b, args[0], args[3], args[2]).expect("compatible choices");
        let types: Vec<Type> =
            [scalar_pred, merged, tuples, mixed].iter().map(|s| body.value_type(s.result(&body))).collect();
        assert_eq!(
            types,
            [ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[2, 3], f32), pair, ctx.tensor_type(&[2, 3], f32)]
        );
        assert_eq!((merged.pred(&body), merged.on_true(&body), merged.on_false(&body)), (args[1], args[3], args[3]));
        assert!(verify(&body, scalar_pred).is_ok() && verify(&body, tuples).is_ok() && verify(&body, mixed).is_ok());
    }

    #[test]
    fn select_rejects_disagreeing_operands() {
        let ctx = context();
        let (f32, i32, pred) = (ctx.f32_type(), ctx.int_type(32), ctx.int_type(1));
        let mut body = Body::new(&ctx);
        let pair = ctx.ty(TypeData::Tuple(vec![ctx.tensor_type(&[2], f32)]));
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[3], pred),
                ctx.tensor_type(&[2], f32),
                ctx.tensor_type(&[2], i32),
                pair,
                ctx.tensor_type(&[3], f32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error =
            |p, t, f| SelectOp::build(&mut b, args[p], args[t], args[f]).expect_err("invalid select").message;
        assert_eq!(
            error(0, 1, 2),
            "'hlo.select' op on_true and on_false must have the same type, found tensor<2xf32> and tensor<2xi32>"
        );
        assert_eq!(error(0, 1, 3), "'hlo.select' op on_true and on_false must have the same type, found tensor<2xf32> and tuple<tensor<2xf32>>");
        assert_eq!(
            error(0, 1, 1),
            "'hlo.select' op pred (tensor<3xi1>) must be a 0-d tensor or have the shape of on_true and on_false (tensor<2xf32>)"
        );
        assert_eq!(
            error(0, 3, 3),
            "'hlo.select' op pred must be a 0-d tensor to select between tuples, found tensor<3xi1>"
        );
        assert_eq!(
            error(0, 4, 1),
            "'hlo.select' op on_true and on_false must have the same type, found tensor<3xf32> and tensor<2xf32>"
        );
    }

    #[test]
    fn clamp_bounds_are_scalars_or_of_the_operand_shape() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[], f32),
                tensor(&ctx, vec![Dim::Static(4), Dim::Unknown], f32),
                ctx.tensor_type(&[4, 5], f32),
                ctx.tensor_type(&[5], f32),
                ctx.tensor_type(&[], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let scalars = ClampOp::build(&mut b, args[0], args[1], args[0]).expect("0-d bounds");
        let shaped = ClampOp::build(&mut b, args[2], args[1], args[0]).expect("a bound of the operand's shape");
        assert_eq!(body.value_type(scalars.result(&body)), body.value_type(args[1]));
        assert_eq!(body.value_type(shaped.result(&body)), ctx.tensor_type(&[4, 5], f32));
        assert_eq!((shaped.min(&body), shaped.operand(&body), shaped.max(&body)), (args[2], args[1], args[0]));
        assert!(verify(&body, scalars).is_ok() && verify(&body, shaped).is_ok());
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let error = ClampOp::build(&mut b, args[3], args[1], args[0]).expect_err("a bound of another shape").message;
        assert_eq!(
            error,
            "'hlo.clamp' op min (tensor<5xf32>) must be a 0-d tensor or have the shape of operand (tensor<4x?xf32>)"
        );
        let error = ClampOp::build(&mut b, args[0], args[1], args[4]).expect_err("a bound of another type").message;
        assert_eq!(error, "'hlo.clamp' op max has element type i32, but operand has f32");
    }
}
