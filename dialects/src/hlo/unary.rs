//! Unary elementwise ops whose result has the operand's type: each is one declaration of the
//! `ElementwiseUnary` family, whose element constraint is the set of types XLA's
//! `InferUnaryOpShape` accepts for it. The unary ops whose result element type differs
//! (`hlo.abs` of complex numbers, `hlo.real`, `hlo.imag`, `hlo.is_finite`) are in
//! [`super::complex`].

use xla_ir::constraints::{FloatTensor, IntOrPredTensor, IntTensor};
use xla_macros::op;

use super::elementwise_support::{FloatOrComplexTensor, IntFloatOrComplexTensor, SignedIntFloatOrComplexTensor};

/// Elementwise ceiling: the least integral value not below `x`.
///
/// XLA's `Ceil`, on floats.
///
/// Example: `%0 = hlo.ceil %x : tensor<2xf32>`
#[op(name = "hlo.ceil", family = ElementwiseUnary(FloatTensor))]
pub struct CeilOp;

/// Elementwise floor: the greatest integral value not above `x`.
///
/// XLA's `Floor`, on floats.
///
/// Example: `%0 = hlo.floor %x : tensor<2xf32>`
#[op(name = "hlo.floor", family = ElementwiseUnary(FloatTensor))]
pub struct FloorOp;

/// Elementwise rounding to the nearest integral value, halfway cases away from zero.
///
/// XLA's `Round`, on floats.
///
/// Example: `%0 = hlo.round_nearest_afz %x : tensor<2xf32>`
#[op(name = "hlo.round_nearest_afz", family = ElementwiseUnary(FloatTensor))]
pub struct RoundNearestAfzOp;

/// Elementwise rounding to the nearest integral value, halfway cases to even.
///
/// XLA's `RoundNearestEven`, on floats.
///
/// Example: `%0 = hlo.round_nearest_even %x : tensor<2xf32>`
#[op(name = "hlo.round_nearest_even", family = ElementwiseUnary(FloatTensor))]
pub struct RoundNearestEvenOp;

/// Elementwise cosine.
///
/// XLA's `Cos`, on floats and complex numbers.
///
/// Example: `%0 = hlo.cosine %x : tensor<2xf32>`
#[op(name = "hlo.cosine", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct CosineOp;

/// Elementwise sine.
///
/// XLA's `Sin`, on floats and complex numbers.
///
/// Example: `%0 = hlo.sine %x : tensor<2xf32>`
#[op(name = "hlo.sine", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct SineOp;

/// Elementwise tangent.
///
/// XLA's `Tan`, on floats and complex numbers.
///
/// Example: `%0 = hlo.tan %x : tensor<2xf32>`
#[op(name = "hlo.tan", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct TanOp;

/// Elementwise hyperbolic tangent.
///
/// XLA's `Tanh`, on floats and complex numbers.
///
/// Example: `%0 = hlo.tanh %x : tensor<2xf32>`
#[op(name = "hlo.tanh", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct TanhOp;

/// Elementwise natural exponential `e^x`.
///
/// XLA's `Exp`, on floats and complex numbers.
///
/// Example: `%0 = hlo.exponential %x : tensor<2xf32>`
#[op(name = "hlo.exponential", family = ElementwiseUnary(FloatOrComplexTensor), fold = super::constant_folds::fold_exponential)]
pub struct ExponentialOp;

/// Elementwise `e^x - 1`, accurate near zero.
///
/// XLA's `Expm1`, on floats and complex numbers.
///
/// Example: `%0 = hlo.exponential_minus_one %x : tensor<2xf32>`
#[op(name = "hlo.exponential_minus_one", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct ExponentialMinusOneOp;

/// Elementwise natural logarithm.
///
/// XLA's `Log`, on floats and complex numbers.
///
/// Example: `%0 = hlo.log %x : tensor<2xf32>`
#[op(name = "hlo.log", family = ElementwiseUnary(FloatOrComplexTensor), fold = super::constant_folds::fold_log)]
pub struct LogOp;

/// Elementwise `ln(1 + x)`, accurate near zero.
///
/// XLA's `Log1p`, on floats and complex numbers.
///
/// Example: `%0 = hlo.log_plus_one %x : tensor<2xf32>`
#[op(name = "hlo.log_plus_one", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct LogPlusOneOp;

/// Elementwise logistic function `1 / (1 + e^-x)`.
///
/// XLA's `Logistic`, on floats and complex numbers.
///
/// Example: `%0 = hlo.logistic %x : tensor<2xf32>`
#[op(name = "hlo.logistic", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct LogisticOp;

/// Elementwise square root.
///
/// XLA's `Sqrt`, on floats and complex numbers.
///
/// Example: `%0 = hlo.sqrt %x : tensor<2xf32>`
#[op(name = "hlo.sqrt", family = ElementwiseUnary(FloatOrComplexTensor), fold = super::constant_folds::fold_sqrt)]
pub struct SqrtOp;

/// Elementwise reciprocal square root `1 / sqrt(x)`.
///
/// XLA's `Rsqrt`, on floats and complex numbers.
///
/// Example: `%0 = hlo.rsqrt %x : tensor<2xf32>`
#[op(name = "hlo.rsqrt", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct RsqrtOp;

/// Elementwise cube root.
///
/// XLA's `Cbrt`, on floats and complex numbers.
///
/// Example: `%0 = hlo.cbrt %x : tensor<2xf32>`
#[op(name = "hlo.cbrt", family = ElementwiseUnary(FloatOrComplexTensor))]
pub struct CbrtOp;

/// Elementwise error function `erf(x) = 2/sqrt(pi) * integral from 0 to x of e^(-t^2) dt`.
///
/// XLA's `Erf`, on floats.
///
/// Example: `%0 = hlo.erf %x : tensor<2xf32>`
#[op(name = "hlo.erf", family = ElementwiseUnary(FloatTensor))]
pub struct ErfOp;

/// Elementwise negation `-x`.
///
/// XLA's `Neg`, on integers (wrapping around: `-INT_MIN` is `INT_MIN`), floats and complex
/// numbers.
///
/// Example: `%0 = hlo.negate %x : tensor<2xi32>`
#[op(name = "hlo.negate", family = ElementwiseUnary(IntFloatOrComplexTensor), fold = super::constant_folds::fold_negate)]
pub struct NegateOp;

/// Elementwise sign: -1, 0 or 1 by the sign of `x`.
///
/// XLA's `Sign`, on signed integers, floats and complex numbers: for floats `-0.0` and
/// `+0.0` keep their sign and NaN gives NaN; for a complex `x` it is `x / |x|` (0 for 0).
///
/// Example: `%0 = hlo.sign %x : tensor<2xf32>`
#[op(name = "hlo.sign", family = ElementwiseUnary(SignedIntFloatOrComplexTensor))]
pub struct SignOp;

/// Elementwise bitwise not of integers, logical not of predicates.
///
/// XLA's `Not`.
///
/// Example: `%0 = hlo.not %x : tensor<2xi1>`
#[op(name = "hlo.not", family = ElementwiseUnary(IntOrPredTensor))]
pub struct NotOp;

/// Elementwise count of the bits set in each integer.
///
/// XLA's `PopulationCount`, on integers.
///
/// Example: `%0 = hlo.popcnt %x : tensor<2xi32>`
#[op(name = "hlo.popcnt", family = ElementwiseUnary(IntTensor))]
pub struct PopcntOp;

/// Elementwise count of the leading zero bits of each integer (the bit width for 0).
///
/// XLA's `Clz`, on integers.
///
/// Example: `%0 = hlo.count_leading_zeros %x : tensor<2xui32>`
#[op(name = "hlo.count_leading_zeros", family = ElementwiseUnary(IntTensor))]
pub struct CountLeadingZerosOp;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, Dim, Op, OpState, OpTrait, TensorType, TypeData};

    #[test]
    fn the_family_gives_the_declared_element_constraint() {
        let def = SineOp::DEF;
        assert_eq!(def.operands[0].constraint.description, "a tensor of floats or complex numbers");
        assert_eq!(def.results[0].constraint.description, "a tensor of floats or complex numbers");
        assert!(def.has_trait(OpTrait::SameOperandsAndResultType) && def.has_trait(OpTrait::Elementwise));
        assert_eq!(def.format, Some("$operand attr-dict `:` type($result)"));
        assert_eq!(NotOp::DEF.operands[0].constraint.description, "a tensor of integers or predicates");
        assert_eq!(PopcntOp::DEF.operands[0].constraint.description, "a tensor of integers");
        assert_eq!(
            SignOp::DEF.operands[0].constraint.description,
            "a tensor of signed integers, floats or complex numbers"
        );
    }

    #[test]
    fn build_gives_the_operand_type() {
        let ctx = context();
        let ty = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Bounded(4), Dim::Static(3)],
            element: ctx.f32_type(),
            layout: None,
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ty, ctx.tensor_type(&[2], ctx.int_type(8))]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let exp = ExponentialOp::build(&mut b, args[0]).expect("a float tensor");
        let exp_result = exp.result(b.body);
        let floor = FloorOp::build(&mut b, exp_result).expect("a float tensor");
        let clz = CountLeadingZerosOp::build(&mut b, args[1]).expect("an integer tensor");
        assert_eq!(body.value_type(floor.result(&body)), ty);
        assert_eq!(body.value_type(clz.result(&body)), ctx.tensor_type(&[2], ctx.int_type(8)));
        assert_eq!(floor.operand(&body), exp.result(&body));
        assert!(verify(&body, exp).is_ok() && verify(&body, floor).is_ok() && verify(&body, clz).is_ok());
    }

    #[test]
    fn element_types_outside_the_constraint_are_rejected() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (i32s, f32s, preds) = (
            ctx.tensor_type(&[2], ctx.int_type(32)),
            ctx.tensor_type(&[2], ctx.f32_type()),
            ctx.tensor_type(&[2], ctx.int_type(1)),
        );
        let (_, args) = block_with_args(&mut body, &[i32s, f32s, preds]);
        let unary = |body: &mut Body, name: &str, v| {
            let mut state = OpState::new(body.ctx().symbol(name), body.ctx().unknown_loc());
            state.operands = vec![v];
            state.result_types = vec![body.value_type(v)];
            body.create_op(state)
        };
        let sqrt: SqrtOp = SqrtOp::from_id_unchecked(unary(&mut body, "hlo.sqrt", args[0]));
        assert_eq!(
            verify_error(&body, sqrt),
            "operand 'operand' must be a tensor of floats or complex numbers, found tensor<2xi32>"
        );
        let popcnt = PopcntOp::from_id_unchecked(unary(&mut body, "hlo.popcnt", args[1]));
        assert_eq!(verify_error(&body, popcnt), "operand 'operand' must be a tensor of integers, found tensor<2xf32>");
        let negate = NegateOp::from_id_unchecked(unary(&mut body, "hlo.negate", args[2]));
        assert_eq!(
            verify_error(&body, negate),
            "operand 'operand' must be a tensor of integers, floats or complex numbers, found tensor<2xi1>"
        );
        let mut wrong_result = OpState::new(ctx.symbol("hlo.tanh"), ctx.unknown_loc());
        wrong_result.operands = vec![args[1]];
        wrong_result.result_types = vec![ctx.tensor_type(&[3], ctx.f32_type())];
        let tanh: TanhOp = create_unchecked(&mut body, wrong_result);
        assert_eq!(
            verify_error(&body, tanh),
            "result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>"
        );
    }
}
