//! `hlo.constant`: a tensor literal (XLA's `ConstantLiteral`).

use xla_ir::constraints::{AnyTensor, DenseElementsAttr};
use xla_ir::op_def::{FoldResult, InferContext};
use xla_ir::{Attribute, Diagnostic, OpRef, Type};
use xla_macros::op;

/// A constant tensor given by a dense literal.
///
/// The result has the literal's type; the op folds to its `value`, so folding and constant
/// propagation see through it.
///
/// Example: `%0 = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>`
#[op(
    name = "hlo.constant",
    traits = [Pure, ConstantLike],
    infer = infer_constant,
    verify = verify_constant,
    fold = fold_constant,
    format = "attr-dict $value"
)]
pub struct ConstantOp {
    /// The literal the op produces.
    #[attr]
    value: DenseElementsAttr,
    #[result]
    result: AnyTensor,
}

/// The result type of `hlo.constant`: the type of its literal.
pub fn infer_constant(cx: &InferContext) -> Result<Vec<Type>, String> {
    match cx.attr("value").and_then(|a| cx.ctx.as_dense(a)) {
        Some(dense) => Ok(vec![dense.ty]),
        None => Err("requires attribute 'value' (a dense elements literal)".into()),
    }
}

/// Checks that the result has exactly the literal's type: shape inference alone accepts a
/// merely compatible one (`tensor<?xf32>` for a `tensor<2xf32>` literal), which the custom
/// form, printing only the literal, would not read back.
pub fn verify_constant(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (Some(dense), &[result]) = (op.attr("value").and_then(|a| ctx.as_dense(a)), op.results()) else {
        return Ok(()); // the declared constraints report these
    };
    let ty = op.body.value_type(result);
    if ty != dense.ty {
        return Err(op.error(format!(
            "result #0 has type {}, but its literal has type {}",
            ctx.type_to_string(ty),
            ctx.type_to_string(dense.ty)
        )));
    }
    Ok(())
}

/// `hlo.constant` folds to its literal.
pub fn fold_constant(op: OpRef, _constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    op.attr("value").map(|value| vec![FoldResult::Constant(value)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, DenseElements, Dim, Op, Scalar, TensorType, TypeData};

    #[test]
    fn result_type_is_the_literal_type() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, _) = block_with_args(&mut body, &[]);
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let literal = DenseElements::from_scalars(&ctx, ty, &[Scalar::Float(1.0), Scalar::Float(2.0)]);
        let literal = literal.expect("two floats fit tensor<2xf32>");
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let constant = ConstantOp::build(&mut b, &literal).expect("a literal is a valid constant");
        assert_eq!(body.value_type(constant.result(&body)), ty);
        assert_eq!(constant.value(&body), &literal);
        assert!(verify(&body, constant).is_ok());
        let folded = fold_constant(OpRef::new(&body, constant.id()), &[]);
        assert_eq!(folded, Some(vec![FoldResult::Constant(ctx.dense_attr(literal))]));
    }

    #[test]
    fn a_missing_or_mistyped_value_is_rejected() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let mut state = xla_ir::OpState::new(ctx.symbol("hlo.constant"), ctx.unknown_loc());
        state.result_types = vec![ty];
        let missing: ConstantOp = create_unchecked(&mut body, state.clone());
        assert_eq!(verify_error(&body, missing), "requires attribute 'value'");
        state.set_attr(ctx.symbol("value"), ctx.i64_attr(3));
        let mistyped: ConstantOp = create_unchecked(&mut body, state.clone());
        assert_eq!(verify_error(&body, mistyped), "attribute 'value' must be a dense elements literal, found 3");
        let literal = DenseElements::from_scalars(&ctx, ty, &[Scalar::Float(1.0)]).expect("a splat fits tensor<2xf32>");
        state.set_attr(ctx.symbol("value"), ctx.dense_attr(literal));
        state.result_types = vec![ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown], element: ctx.f32_type(), layout: None }))];
        let refined: ConstantOp = create_unchecked(&mut body, state);
        assert_eq!(verify_error(&body, refined), "result #0 has type tensor<?xf32>, but its literal has type tensor<2xf32>");
    }
}
