//! The batch normalization ops: XLA's `BatchNormInference`, `BatchNormTraining` and
//! `BatchNormGrad`, which normalize an operand per feature over all other dimensions.
//!
//! Shape rule (XLA's `InferBatchNorm*Shape`): `feature_index` is a dimension of the operand;
//! the per-feature operands (scale, offset, mean, variance) are 1-d with the size of that
//! dimension; every operand has one float element type. Operand-shaped results have the
//! operand's shape, per-feature results the feature dimension's.
//!
//! Custom form, shared by the three ops:
//! `hlo.batch_norm_inference %x, %scale, %offset, %mean, %variance, epsilon = 1.000000e-03,
//! feature_index = 3 : (operand types) -> result types`.

use xla_ir::constraints::{AttrKind, FloatTensor, I64Attr};
use xla_ir::op_def::{AttrConstraint, InferContext, OpRef, ShortForm};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{AttrData, Attribute, Context, Diagnostic, Dim, OpId, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::common::{parse_attrs_and_functional_type, print_attrs_and_functional_type};
use super::dot_general::dim_to_string;

/// A 32-bit float attribute (`1.0e-03 : f32`), read as `f32`: XLA's batch normalization
/// epsilon is a C++ `float`.
#[derive(Debug)]
pub enum F32Attr {}

impl AttrKind for F32Attr {
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        description: "a 32-bit float attribute (f32)",
        check: |ctx, attr| <F32Attr as AttrKind>::get(ctx, attr).is_some(),
        short_form: ShortForm::Full,
    };

    type Value<'c> = f32;

    fn get(ctx: &Context, attr: Attribute) -> Option<f32> {
        match ctx.attr_data(attr) {
            AttrData::Float { bits, ty } if *ty == ctx.f32_type() => Some(f64::from_bits(*bits) as f32),
            _ => None,
        }
    }

    fn make(ctx: &Context, value: f32) -> Attribute {
        ctx.float_attr(f64::from(value), ctx.f32_type())
    }
}

/// Normalizes `operand` per feature with given statistics:
/// `(operand - mean) / sqrt(variance + epsilon) * scale + offset`.
///
/// XLA's `BatchNormInference`: `BatchNormTraining` with the mean and variance given rather
/// than computed over the batch. `scale`, `offset`, `mean` and `variance` are 1-d, one entry
/// per index of dimension `feature_index` of `operand`. The result has the operand's type.
///
/// Example: `%0 = hlo.batch_norm_inference %x, %scale, %offset, %mean, %variance, epsilon = 1.000000e-03, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>`
#[op(
    name = "hlo.batch_norm_inference",
    traits = [Pure],
    infer = infer_batch_norm_inference,
    print = print_batch_norm,
    parse = parse_batch_norm
)]
pub struct BatchNormInferenceOp {
    #[operand]
    operand: FloatTensor,
    #[operand]
    scale: FloatTensor,
    #[operand]
    offset: FloatTensor,
    #[operand]
    mean: FloatTensor,
    #[operand]
    variance: FloatTensor,
    /// Added to the variance to avoid dividing by zero.
    #[attr]
    epsilon: F32Attr,
    /// The feature dimension of `operand`.
    #[attr]
    feature_index: I64Attr,
    #[result]
    result: FloatTensor,
}

/// Normalizes `operand` per feature with the mean and variance of the batch, and returns
/// them.
///
/// XLA's `BatchNormTraining`: for each index of dimension `feature_index`, the mean and
/// variance over all other dimensions normalize the operand as `hlo.batch_norm_inference`
/// does with `scale` and `offset` (1-d, one entry per feature). Results: the normalized
/// operand, the batch means and the batch variances.
///
/// Example: `%0:3 = hlo.batch_norm_training %x, %scale, %offset, epsilon = 1.000000e-03, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)`
#[op(
    name = "hlo.batch_norm_training",
    traits = [Pure],
    infer = infer_batch_norm_training,
    print = print_batch_norm,
    parse = parse_batch_norm
)]
pub struct BatchNormTrainingOp {
    #[operand]
    operand: FloatTensor,
    #[operand]
    scale: FloatTensor,
    #[operand]
    offset: FloatTensor,
    /// Added to the variance to avoid dividing by zero.
    #[attr]
    epsilon: F32Attr,
    /// The feature dimension of `operand`.
    #[attr]
    feature_index: I64Attr,
    /// The normalized operand.
    #[result]
    output: FloatTensor,
    /// The mean of each feature over the batch.
    #[result]
    batch_mean: FloatTensor,
    /// The variance of each feature over the batch.
    #[result]
    batch_var: FloatTensor,
}

/// The gradients of batch normalization with respect to the operand, the scale and the
/// offset.
///
/// XLA's `BatchNormGrad`: given the operand, the scale, the batch `mean` and `variance`
/// (1-d, one entry per index of dimension `feature_index`) and the gradient of the output
/// (`grad_output`, of the operand's shape), computes the gradient of the operand and of
/// each feature's scale and offset.
///
/// Example: `%0:3 = hlo.batch_norm_grad %x, %scale, %mean, %variance, %dy, epsilon = 1.000000e-03, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)`
#[op(
    name = "hlo.batch_norm_grad",
    traits = [Pure],
    infer = infer_batch_norm_grad,
    print = print_batch_norm,
    parse = parse_batch_norm
)]
pub struct BatchNormGradOp {
    #[operand]
    operand: FloatTensor,
    #[operand]
    scale: FloatTensor,
    #[operand]
    mean: FloatTensor,
    #[operand]
    variance: FloatTensor,
    /// The gradient of the normalized output, of the operand's shape.
    #[operand]
    grad_output: FloatTensor,
    /// Added to the variance to avoid dividing by zero.
    #[attr]
    epsilon: F32Attr,
    /// The feature dimension of `operand`.
    #[attr]
    feature_index: I64Attr,
    #[result]
    grad_operand: FloatTensor,
    #[result]
    grad_scale: FloatTensor,
    #[result]
    grad_offset: FloatTensor,
}

/// Checks the operands of a batch norm op, named in order by `names` (the operand first),
/// of which `per_feature` are 1-d per-feature operands and `like_operand` has the operand's
/// shape. Returns the operand's type and the per-feature type, refined by merging. (The
/// declared `FloatTensor` constraints check that the elements are floats.)
fn infer_batch_norm(
    cx: &InferContext,
    names: &[&str],
    per_feature: &[usize],
    like_operand: Option<usize>,
) -> Result<(Type, Type), String> {
    let ctx = cx.ctx;
    let operand = cx.tensor(0)?;
    let attr = cx.attr("feature_index").ok_or("requires attribute 'feature_index'")?;
    let feature_index = I64Attr::get(ctx, attr).ok_or_else(|| {
        format!("attribute 'feature_index' must be an integer attribute, found {}", ctx.attr_to_string(attr))
    })?;
    let rank = operand.dims.len();
    let feature = usize::try_from(feature_index)
        .ok()
        .filter(|f| *f < rank)
        .ok_or_else(|| format!("feature_index {feature_index} is out of range for operand of rank {rank}"))?;
    for (i, name) in names.iter().enumerate().skip(1) {
        let element = cx.tensor(i)?.element;
        if element != operand.element {
            return Err(format!(
                "{name} has element type {}, but operand has {}",
                ctx.type_to_string(element),
                ctx.type_to_string(operand.element)
            ));
        }
    }
    let mut dims = operand.dims.clone();
    if let Some(i) = like_operand {
        let other = cx.tensor(i)?;
        let merged = (other.dims.len() == rank)
            .then(|| dims.iter().zip(&other.dims).map(|(a, b)| merge_dim(*a, *b)).collect::<Option<Vec<_>>>())
            .flatten();
        dims = merged.ok_or_else(|| {
            format!(
                "{} ({}) must have the shape of operand ({})",
                names[i],
                ctx.type_to_string(cx.operand_types[i]),
                ctx.type_to_string(cx.operand_types[0])
            )
        })?;
    }
    for &i in per_feature {
        let t = cx.tensor(i)?;
        let &[size] = t.dims.as_slice() else {
            return Err(format!(
                "{} must be 1-d (one entry per feature), found {}",
                names[i],
                ctx.type_to_string(cx.operand_types[i])
            ));
        };
        dims[feature] = merge_dim(dims[feature], size).ok_or_else(|| {
            format!(
                "{} has {} entries, but the feature dimension (operand dimension {feature}) has size {}",
                names[i],
                dim_to_string(size),
                dim_to_string(operand.dims[feature])
            )
        })?;
    }
    let features = vec![dims[feature]];
    let tensor = |dims: Vec<Dim>| ctx.ty(TypeData::Tensor(TensorType { dims, element: operand.element, layout: None }));
    Ok((tensor(dims), tensor(features)))
}

/// The shape function of `hlo.batch_norm_inference`.
pub fn infer_batch_norm_inference(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (operand, _) = infer_batch_norm(cx, &["operand", "scale", "offset", "mean", "variance"], &[1, 2, 3, 4], None)?;
    Ok(vec![operand])
}

/// The shape function of `hlo.batch_norm_training`.
pub fn infer_batch_norm_training(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (operand, features) = infer_batch_norm(cx, &["operand", "scale", "offset"], &[1, 2], None)?;
    Ok(vec![operand, features, features])
}

/// The shape function of `hlo.batch_norm_grad`.
pub fn infer_batch_norm_grad(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (operand, features) =
        infer_batch_norm(cx, &["operand", "scale", "mean", "variance", "grad_output"], &[1, 2, 3], Some(4))?;
    Ok(vec![operand, features, features])
}

// ---- Custom form --------------------------------------------------------------------------

fn print_batch_norm(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let r = OpRef::new(body, op);
    p.print(" ");
    p.print_operands(r.operands());
    let mut elided = Vec::new();
    if let Some((attr, epsilon)) = r.attr("epsilon").and_then(|a| F32Attr::get(ctx, a).map(|e| (a, e))) {
        // `0.001 : f32` prints as `0.001`; a NaN or an infinity as its f32 bits, `0x7FC00000`.
        let text = if epsilon.is_finite() {
            let text = ctx.attr_to_string(attr);
            text.strip_suffix(" : f32").unwrap_or(&text).to_string()
        } else {
            format!("0x{:08X}", epsilon.to_bits())
        };
        p.print(&format!(", epsilon = {text}"));
        elided.push("epsilon");
    }
    if let Some(index) = r.attr("feature_index").and_then(|a| I64Attr::get(ctx, a)) {
        p.print(&format!(", feature_index = {index}"));
        elided.push("feature_index");
    }
    print_attrs_and_functional_type(p, op, &elided);
}

fn parse_batch_norm(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let mut operands = vec![p.parse_operand()?];
    while p.accept(TokenKind::Comma) {
        if p.is(TokenKind::PercentIdent) {
            operands.push(p.parse_operand()?);
            continue;
        }
        let at = p.loc();
        match p.parse_identifier()? {
            "epsilon" if state.attr(ctx.symbol("epsilon")).is_none() => {
                p.expect(TokenKind::Equal)?;
                let value = parse_epsilon(p)?;
                state.set_attr(ctx.symbol("epsilon"), F32Attr::make(ctx, value));
            }
            "feature_index" if state.attr(ctx.symbol("feature_index")).is_none() => {
                p.expect(TokenKind::Equal)?;
                let at = p.loc();
                let value = i64::try_from(p.parse_integer()?)
                    .map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
                state.set_attr(ctx.symbol("feature_index"), ctx.i64_attr(value));
            }
            word @ ("epsilon" | "feature_index") => {
                return Err(Diagnostic::error(at, format!("'{word}' is given twice")))
            }
            word => {
                return Err(Diagnostic::error(
                    at,
                    format!("expected an operand, epsilon or feature_index, found '{word}'"),
                ))
            }
        }
    }
    parse_attrs_and_functional_type(p, state, &operands)
}

/// Parses epsilon: a float literal (`0.001`, `-1.5`), or the bits of an f32 in hex
/// (`0x7FC00000`, for NaN and infinities).
fn parse_epsilon(p: &mut OpParser) -> Result<f32, Diagnostic> {
    let at = p.loc();
    let negative = p.accept(TokenKind::Minus);
    let token = p.token();
    let value = match (token.kind, token.text.strip_prefix("0x")) {
        (TokenKind::Integer, Some(hex)) => u32::from_str_radix(hex, 16).ok().map(f32::from_bits),
        (TokenKind::Integer | TokenKind::Float, None) => token.text.parse::<f32>().ok(),
        _ => None,
    }
    .ok_or_else(|| Diagnostic::error(at, "expected a float for epsilon"))?;
    p.expect(token.kind)?;
    Ok(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, FloatKind};

    #[test]
    fn results_have_the_operand_and_feature_shapes() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let (x, v) = (ctx.tensor_type(&[8, 4, 2], f32), ctx.tensor_type(&[4], f32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[x, v, v, v, v, x]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let inference =
            BatchNormInferenceOp::build(&mut b, args[0], args[1], args[2], args[3], args[4], 1e-3, 1).expect("valid");
        let training = BatchNormTrainingOp::build(&mut b, args[0], args[1], args[2], 1e-3, 1).expect("valid");
        let grad = BatchNormGradOp::build(&mut b, args[0], args[1], args[3], args[4], args[5], 1e-3, 1).expect("valid");
        assert_eq!(body.value_type(inference.result(&body)), x);
        let types = |results: &[xla_ir::ValueId]| results.iter().map(|r| body.value_type(*r)).collect::<Vec<_>>();
        assert_eq!(types(&body.op(training.0).results), [x, v, v]);
        assert_eq!(types(&body.op(grad.0).results), [x, v, v]);
        assert_eq!(inference.epsilon(&body), 1e-3);
        assert_eq!(grad.feature_index(&body), 1);
        assert!(verify(&body, inference).is_ok() && verify(&body, training).is_ok() && verify(&body, grad).is_ok());
    }

    #[test]
    fn unknown_feature_sizes_merge() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let x = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(8), Dim::Unknown],
            element: f32,
            layout: None,
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[x, ctx.tensor_type(&[4], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let training = BatchNormTrainingOp::build(&mut b, args[0], args[1], args[1], 1e-5, 1).expect("valid");
        assert_eq!(body.value_type(training.output(&body)), ctx.tensor_type(&[8, 4], f32));
        assert_eq!(body.value_type(training.batch_var(&body)), ctx.tensor_type(&[4], f32));
    }

    #[test]
    fn bad_operands_are_explained() {
        let ctx = context();
        let (f32, f16) = (ctx.f32_type(), ctx.float_type(FloatKind::F16));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[8, 4], f32),
                ctx.tensor_type(&[4], f32),
                ctx.tensor_type(&[3], f32),
                ctx.tensor_type(&[4], f16),
                ctx.tensor_type(&[2, 2], f32),
                ctx.tensor_type(&[4, 8], f32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut training = |scale, offset, index| {
            BatchNormTrainingOp::build(&mut b, args[0], scale, offset, 1e-3, index).expect_err("invalid").message
        };
        let prefix = "'hlo.batch_norm_training' op ";
        assert_eq!(
            training(args[1], args[1], 2),
            format!("{prefix}feature_index 2 is out of range for operand of rank 2")
        );
        assert_eq!(
            training(args[1], args[1], -1),
            format!("{prefix}feature_index -1 is out of range for operand of rank 2")
        );
        assert_eq!(training(args[1], args[3], 1), format!("{prefix}offset has element type f16, but operand has f32"));
        assert_eq!(
            training(args[2], args[1], 1),
            format!("{prefix}scale has 3 entries, but the feature dimension (operand dimension 1) has size 4")
        );
        assert_eq!(
            training(args[1], args[4], 1),
            format!("{prefix}offset must be 1-d (one entry per feature), found tensor<2x2xf32>")
        );
        let grad =
            BatchNormGradOp::build(&mut b, args[0], args[1], args[1], args[1], args[5], 1e-3, 1).expect_err("invalid");
        assert_eq!(
            grad.message,
            "'hlo.batch_norm_grad' op grad_output (tensor<4x8xf32>) must have the shape of operand (tensor<8x4xf32>)"
        );
        let mut state = OpState::new(ctx.symbol("hlo.batch_norm_inference"), ctx.unknown_loc());
        state.operands = vec![args[0], args[1], args[1], args[1], args[1]];
        state.result_types = vec![ctx.tensor_type(&[8, 4], f32)];
        state.set_attr(ctx.symbol("feature_index"), ctx.i64_attr(1));
        state.set_attr(ctx.symbol("epsilon"), ctx.float_attr(1e-3, ctx.float_type(FloatKind::F64)));
        let f64_epsilon: BatchNormInferenceOp = create_unchecked(&mut body, state);
        assert_eq!(
            verify_error(&body, f64_epsilon),
            "attribute 'epsilon' must be a 32-bit float attribute (f32), found 0.001"
        );
    }
}
