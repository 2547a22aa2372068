//! Binary elementwise ops: each is one declaration of the `ElementwiseBinary` family, which
//! gives its operands, result, traits, XLA's implicit broadcasting and assembly format; the
//! element constraint in the declaration is the set of types XLA defines the op on. Folders
//! live in [`super::fold`]; the unary ops are in [`super::unary`], and the binary ops whose
//! result element type differs from the operands' (`hlo.complex`, `hlo.compare`) in their own
//! files.

use xla_ir::constraints::{IntOrFloatTensor, IntOrPredTensor, IntTensor};
use xla_macros::op;

use super::elementwise_support::{FloatOrComplexTensor, IntFloatOrComplexTensor};
use super::fold::{fold_add, fold_and, fold_multiply, fold_or, fold_subtract};

/// Elementwise addition of two tensors of the same type.
///
/// XLA's `Add`; on predicates it is logical or. Integer addition wraps around.
///
/// Example: `%0 = hlo.add %a, %b : tensor<2xf32>`
#[op(name = "hlo.add", family = ElementwiseBinary, traits = [Commutative, Associative], fold = fold_add)]
pub struct AddOp;

/// Elementwise multiplication of two tensors of the same type.
///
/// XLA's `Mul`; on predicates it is logical and. Integer multiplication wraps around.
///
/// Example: `%0 = hlo.multiply %a, %b : tensor<2xi32>`
#[op(name = "hlo.multiply", family = ElementwiseBinary, traits = [Commutative, Associative], fold = fold_multiply)]
pub struct MultiplyOp;

/// Elementwise maximum of two tensors of the same type.
///
/// XLA's `Max`; for floats a NaN operand gives NaN. On predicates it is logical or.
///
/// Example: `%0 = hlo.maximum %a, %b : tensor<2xf32>`
#[op(name = "hlo.maximum", family = ElementwiseBinary, traits = [Commutative, Associative])]
pub struct MaximumOp;

/// Elementwise minimum of two tensors of the same type.
///
/// XLA's `Min`; for floats a NaN operand gives NaN. On predicates it is logical and.
///
/// Example: `%0 = hlo.minimum %a, %b : tensor<2xf32>`
#[op(name = "hlo.minimum", family = ElementwiseBinary, traits = [Commutative, Associative])]
pub struct MinimumOp;

/// Elementwise subtraction `lhs - rhs` of two tensors of the same type.
///
/// XLA's `Sub`, on integers (wrapping around), floats and complex numbers.
///
/// Example: `%0 = hlo.subtract %a, %b : tensor<2xf32>`
#[op(
    name = "hlo.subtract",
    family = ElementwiseBinary(IntFloatOrComplexTensor),
    fold = fold_subtract
)]
pub struct SubtractOp;

/// Elementwise division `lhs / rhs` of two tensors of the same type.
///
/// XLA's `Div`. Integer division rounds toward zero; division by zero and signed
/// `INT_MIN / -1` give an implementation-defined value.
///
/// Example: `%0 = hlo.divide %a, %b : tensor<2xi32>`
#[op(name = "hlo.divide", family = ElementwiseBinary(IntFloatOrComplexTensor))]
pub struct DivideOp;

/// Elementwise remainder of `lhs / rhs` for two tensors of the same type.
///
/// XLA's `Rem`: the result takes the sign of the dividend, and its magnitude is less than the
/// divisor's (C's `fmod` for floats). A zero divisor gives an implementation-defined value.
///
/// Example: `%0 = hlo.remainder %a, %b : tensor<2xf32>`
#[op(name = "hlo.remainder", family = ElementwiseBinary(IntOrFloatTensor))]
pub struct RemainderOp;

/// Elementwise power `lhs ^ rhs` of two tensors of the same type.
///
/// XLA's `Pow`, on integers (wrapping around), floats and complex numbers.
///
/// Example: `%0 = hlo.power %a, %b : tensor<2xf32>`
#[op(name = "hlo.power", family = ElementwiseBinary(IntFloatOrComplexTensor))]
pub struct PowerOp;

/// Elementwise two-argument arctangent `atan2(lhs, rhs)`.
///
/// XLA's `Atan2`: the angle of the point (`rhs`, `lhs`), in [-pi, pi], on floats and complex
/// numbers.
///
/// Example: `%0 = hlo.atan2 %y, %x : tensor<2xf32>`
#[op(name = "hlo.atan2", family = ElementwiseBinary(FloatOrComplexTensor))]
pub struct Atan2Op;

/// Elementwise bitwise and of integers, logical and of predicates.
///
/// XLA's `And`.
///
/// Example: `%0 = hlo.and %a, %b : tensor<2xi1>`
#[op(
    name = "hlo.and",
    family = ElementwiseBinary(IntOrPredTensor),
    traits = [Commutative, Associative],
    fold = fold_and
)]
pub struct AndOp;

/// Elementwise bitwise or of integers, logical or of predicates.
///
/// XLA's `Or`.
///
/// Example: `%0 = hlo.or %a, %b : tensor<2xi32>`
#[op(
    name = "hlo.or",
    family = ElementwiseBinary(IntOrPredTensor),
    traits = [Commutative, Associative],
    fold = fold_or
)]
pub struct OrOp;

/// Elementwise bitwise exclusive or of integers, logical exclusive or of predicates.
///
/// XLA's `Xor`.
///
/// Example: `%0 = hlo.xor %a, %b : tensor<2xui8>`
#[op(name = "hlo.xor", family = ElementwiseBinary(IntOrPredTensor), traits = [Commutative, Associative])]
pub struct XorOp;

/// Elementwise left shift of `lhs` by `rhs` bits.
///
/// XLA's `ShiftLeft`. A shift by the bit width or more (or by a negative amount) gives 0.
///
/// Example: `%0 = hlo.shift_left %a, %b : tensor<2xi32>`
#[op(name = "hlo.shift_left", family = ElementwiseBinary(IntTensor))]
pub struct ShiftLeftOp;

/// Elementwise arithmetic right shift of `lhs` by `rhs` bits: the sign bit fills in.
///
/// XLA's `ShiftRightArithmetic`. A shift by the bit width or more gives 0 for non-negative
/// values and -1 for negative ones.
///
/// Example: `%0 = hlo.shift_right_arithmetic %a, %b : tensor<2xi32>`
#[op(name = "hlo.shift_right_arithmetic", family = ElementwiseBinary(IntTensor))]
pub struct ShiftRightArithmeticOp;

/// Elementwise logical right shift of `lhs` by `rhs` bits: zeros fill in.
///
/// XLA's `ShiftRightLogical`. A shift by the bit width or more gives 0.
///
/// Example: `%0 = hlo.shift_right_logical %a, %b : tensor<2xui32>`
#[op(name = "hlo.shift_right_logical", family = ElementwiseBinary(IntTensor))]
pub struct ShiftRightLogicalOp;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, Dim, Op, OpState, OpTrait, TensorType, TypeData};

    #[test]
    fn the_family_gives_operands_result_traits_and_format() {
        let def = AddOp::DEF;
        assert_eq!(def.operands.iter().map(|d| d.name).collect::<Vec<_>>(), ["lhs", "rhs"]);
        assert_eq!(def.results.iter().map(|d| d.name).collect::<Vec<_>>(), ["result"]);
        for t in [OpTrait::Pure, OpTrait::Elementwise, OpTrait::Broadcasting, OpTrait::Commutative] {
            assert!(def.has_trait(t), "hlo.add lacks {t:?}");
        }
        assert_eq!(def.format, Some("$lhs `,` $rhs attr-dict `:` type($result)"));
        assert_eq!(def.summary, "Elementwise addition of two tensors of the same type.");
        assert!(def.description.starts_with("XLA's `Add`"));
        assert!(def.infer.is_some() && def.fold.is_some());
    }

    #[test]
    fn each_binary_op_takes_the_element_types_xla_defines_it_on() {
        let numbers = "a tensor of numbers (integers, predicates, floats or complex)";
        let arithmetic = "a tensor of integers, floats or complex numbers";
        let cases: [(&xla_ir::OpDef, &str, bool); 15] = [
            (AddOp::DEF, numbers, true),
            (MultiplyOp::DEF, numbers, true),
            (MaximumOp::DEF, numbers, true),
            (MinimumOp::DEF, numbers, true),
            (SubtractOp::DEF, arithmetic, false),
            (DivideOp::DEF, arithmetic, false),
            (PowerOp::DEF, arithmetic, false),
            (RemainderOp::DEF, "a tensor of integers or floats", false),
            (Atan2Op::DEF, "a tensor of floats or complex numbers", false),
            (AndOp::DEF, "a tensor of integers or predicates", true),
            (OrOp::DEF, "a tensor of integers or predicates", true),
            (XorOp::DEF, "a tensor of integers or predicates", true),
            (ShiftLeftOp::DEF, "a tensor of integers", false),
            (ShiftRightArithmeticOp::DEF, "a tensor of integers", false),
            (ShiftRightLogicalOp::DEF, "a tensor of integers", false),
        ];
        for (def, constraint, commutative) in cases {
            let values = def.operands.iter().chain(def.results);
            assert!(values.map(|v| v.constraint.description).all(|d| d == constraint), "{}", def.name);
            assert_eq!(def.has_trait(OpTrait::Commutative), commutative, "{}", def.name);
            assert!(def.has_trait(OpTrait::Broadcasting) && def.infer.is_some(), "{}", def.name);
        }
    }

    #[test]
    fn build_infers_the_merged_type() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let partly_known = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown, Dim::Static(3)], element: f32, layout: None }));
        let known = ctx.tensor_type(&[2, 3], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[partly_known, known]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let add = AddOp::build(&mut b, args[0], args[1], None).expect("compatible operands");
        let sum = add.result(b.body);
        let product = MultiplyOp::build(&mut b, sum, args[1], None).expect("compatible operands");
        assert_eq!(body.value_type(add.result(&body)), known);
        assert_eq!((add.lhs(&body), add.rhs(&body)), (args[0], args[1]));
        assert_eq!(product.lhs(&body), add.result(&body));
        assert!(verify(&body, add).is_ok());
        assert!(verify(&body, product).is_ok());
    }

    #[test]
    fn build_reports_disagreeing_operands() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let a = ctx.tensor_type(&[2], ctx.f32_type());
        let c = ctx.tensor_type(&[3], ctx.f32_type());
        let (block, args) = block_with_args(&mut body, &[a, c]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let error = AddOp::build(&mut b, args[0], args[1], None).expect_err("shapes differ");
        assert_eq!(
            error.message,
            "'hlo.add' op lhs dimension 0 (2) and rhs dimension 0 (3) cannot broadcast"
        );
    }

    #[test]
    fn verify_declared_rejects_wrong_counts_and_types() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let tensor = ctx.tensor_type(&[2], ctx.f32_type());
        let token = ctx.ty(TypeData::Opaque { dialect: "hlo".into(), body: "token".into() });
        let (_, args) = block_with_args(&mut body, &[tensor, token]);

        let mut one_operand = OpState::new(ctx.symbol("hlo.add"), ctx.unknown_loc());
        one_operand.operands = vec![args[0]];
        one_operand.result_types = vec![tensor];
        let add: AddOp = create_unchecked(&mut body, one_operand);
        assert_eq!(verify_error(&body, add), "expected 2 operands, found 1");

        let mut with_token = OpState::new(ctx.symbol("hlo.add"), ctx.unknown_loc());
        with_token.operands = vec![args[0], args[1]];
        with_token.result_types = vec![tensor];
        let add: AddOp = create_unchecked(&mut body, with_token);
        assert_eq!(
            verify_error(&body, add),
            "operand 'rhs' must be a tensor of numbers (integers, predicates, floats or complex), found !hlo.token"
        );

        let mut wrong_result = OpState::new(ctx.symbol("hlo.multiply"), ctx.unknown_loc());
        wrong_result.operands = vec![args[0], args[0]];
        wrong_result.result_types = vec![ctx.tensor_type(&[3], ctx.f32_type())];
        let multiply: MultiplyOp = create_unchecked(&mut body, wrong_result);
        assert_eq!(
            verify_error(&body, multiply),
            "result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>"
        );
    }
}
