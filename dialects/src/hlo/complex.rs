//! Elementwise ops whose result element type differs from their operands': `hlo.complex`
//! builds complex numbers from their parts, `hlo.real` and `hlo.imag` take them apart,
//! `hlo.abs` of a complex number is its (real) modulus, and `hlo.is_finite` gives predicates.
//!
//! Shape rules (XLA's `InferUnaryOpShape` and `InferBinaryOpShape`): the result has the
//! operand's shape (for `hlo.complex`, the broadcast shape of both operands, by XLA's implicit
//! broadcasting); `complex<fN>` becomes `fN` for `hlo.abs`, `hlo.real` and `hlo.imag`, `f32`
//! and `f64` parts make `complex<f32>` and `complex<f64>`, and `hlo.is_finite` gives `i1`.

use xla_ir::constraints::{ComplexTensor, FloatTensor, I64ArrayAttr, PredTensor};
use xla_ir::families::infer_broadcasting_binary;
use xla_ir::op_def::InferContext;
use xla_ir::{FloatKind, TensorType, Type, TypeData};
use xla_macros::op;

use super::elementwise_support::{
    complex_part, parse_one_type_or_functional, print_one_type_or_functional, FloatOrComplexTensor,
    SignedIntFloatOrComplexTensor,
};

/// Builds complex numbers elementwise from real parts `lhs` and imaginary parts `rhs`.
///
/// XLA's `Complex`: the parts are both `f32` (giving `complex<f32>`) or both `f64` (giving
/// `complex<f64>`); their shapes broadcast as those of the other binary ops.
///
/// Example: `%0 = hlo.complex %re, %im : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>`
#[op(
    name = "hlo.complex",
    traits = [Pure, Elementwise, Broadcasting],
    infer = infer_complex,
    format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"
)]
pub struct ComplexOp {
    /// The real parts.
    #[operand]
    lhs: FloatTensor,
    /// The imaginary parts.
    #[operand]
    rhs: FloatTensor,
    /// Maps each dimension of the lower-rank operand to one of the other's (XLA's implicit
    /// broadcasting).
    #[attr]
    broadcast_dimensions: Option<I64ArrayAttr>,
    #[result]
    result: ComplexTensor,
}

/// Absolute value: `|x|` for integers and floats, the modulus (a float) for complex numbers.
///
/// XLA's `Abs`, on signed integers, floats and complex numbers. `|INT_MIN|` is `INT_MIN`.
/// The result has the operand's type, but `fN` elements for a `complex<fN>` operand.
///
/// Example: `%0 = hlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>`
#[op(
    name = "hlo.abs",
    traits = [Pure, Elementwise],
    fold = super::constant_folds::fold_abs,
    infer = infer_complex_part,
    print = print_one_type_or_functional,
    parse = parse_one_type_or_functional
)]
pub struct AbsOp {
    #[operand]
    operand: SignedIntFloatOrComplexTensor,
    #[result]
    result: SignedIntFloatOrComplexTensor,
}

/// The real part of each element: of a complex number, or a float itself.
///
/// XLA's `Real`: `complex<fN>` elements give `fN`; floats are returned unchanged.
///
/// Example: `%0 = hlo.real %z : (tensor<2xcomplex<f64>>) -> tensor<2xf64>`
#[op(
    name = "hlo.real",
    traits = [Pure, Elementwise],
    infer = infer_complex_part,
    print = print_one_type_or_functional,
    parse = parse_one_type_or_functional
)]
pub struct RealOp {
    #[operand]
    operand: FloatOrComplexTensor,
    #[result]
    result: FloatTensor,
}

/// The imaginary part of each element: of a complex number, or 0 for a float.
///
/// XLA's `Imag`: `complex<fN>` elements give `fN`; floats give zeros of their type.
///
/// Example: `%0 = hlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>`
#[op(
    name = "hlo.imag",
    traits = [Pure, Elementwise],
    infer = infer_complex_part,
    print = print_one_type_or_functional,
    parse = parse_one_type_or_functional
)]
pub struct ImagOp {
    #[operand]
    operand: FloatOrComplexTensor,
    #[result]
    result: FloatTensor,
}

/// Whether each element is finite: neither infinite nor NaN.
///
/// XLA's `IsFinite`, on floats; the result is a tensor of predicates (`i1`) of the operand's
/// shape.
///
/// Example: `%0 = hlo.is_finite %x : (tensor<2xf32>) -> tensor<2xi1>`
#[op(
    name = "hlo.is_finite",
    traits = [Pure, Elementwise],
    infer = infer_is_finite,
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct IsFiniteOp {
    #[operand]
    operand: FloatTensor,
    #[result]
    result: PredTensor,
}

/// `tensor` with `element` elements, keeping its shape and layout.
fn with_element(cx: &InferContext, tensor: &TensorType, element: Type) -> Type {
    cx.ctx.ty(TypeData::Tensor(TensorType { element, ..tensor.clone() }))
}

/// The shape function of `hlo.complex`: the broadcast shape of the parts, with elements
/// `complex<f32>` or `complex<f64>`.
pub fn infer_complex(cx: &InferContext) -> Result<Vec<Type>, String> {
    let broadcast = infer_broadcasting_binary(cx)?;
    let tensor = match broadcast.as_slice() {
        [ty] => cx.ctx.as_tensor(*ty).ok_or("the broadcast operands must be tensors")?,
        _ => return Err("expects one broadcast shape".into()),
    };
    let part = tensor.element;
    if !matches!(cx.ctx.type_data(part), TypeData::Float(FloatKind::F32 | FloatKind::F64)) {
        return Err(format!(
            "the parts of a complex number must be f32 or f64 (for complex<f32> and complex<f64>), found {}",
            cx.ctx.type_to_string(part)
        ));
    }
    Ok(vec![with_element(cx, tensor, cx.ctx.ty(TypeData::Complex(part)))])
}

/// The shape function of `hlo.abs`, `hlo.real` and `hlo.imag`: the operand's type, with
/// `fN` elements for `complex<fN>` ones.
pub fn infer_complex_part(cx: &InferContext) -> Result<Vec<Type>, String> {
    if cx.operand_types.len() != 1 {
        return Err(format!("expects 1 operand, found {}", cx.operand_types.len()));
    }
    let tensor = cx.tensor(0)?;
    Ok(vec![match complex_part(cx.ctx, tensor.element) {
        Some(part) => with_element(cx, tensor, part),
        None => cx.operand_types[0],
    }])
}

/// The shape function of `hlo.is_finite`: the operand's shape, with `i1` elements.
pub fn infer_is_finite(cx: &InferContext) -> Result<Vec<Type>, String> {
    if cx.operand_types.len() != 1 {
        return Err(format!("expects 1 operand, found {}", cx.operand_types.len()));
    }
    let tensor = cx.tensor(0)?;
    Ok(vec![with_element(cx, tensor, cx.ctx.int_type(1))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, Context, Dim, Op, OpState, OpTrait};

    fn complex_of(ctx: &Context, part: Type) -> Type {
        ctx.ty(TypeData::Complex(part))
    }

    #[test]
    fn complex_broadcasts_its_parts() {
        let ctx = context();
        let (f32, f64) = (ctx.f32_type(), ctx.float_type(FloatKind::F64));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[2, 3], f32),
                ctx.tensor_type(&[3], f32),
                ctx.tensor_type(&[], f64),
                ctx.tensor_type(&[4], f64),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let matrix = ComplexOp::build(&mut b, args[0], args[1], Some(&[1])).expect("broadcastable f32 parts");
        let vector = ComplexOp::build(&mut b, args[2], args[3], None).expect("a scalar broadcasts");
        assert_eq!(body.value_type(matrix.result(&body)), ctx.tensor_type(&[2, 3], complex_of(&ctx, f32)));
        assert_eq!(body.value_type(vector.result(&body)), ctx.tensor_type(&[4], complex_of(&ctx, f64)));
        assert_eq!(matrix.broadcast_dimensions(&body), Some(&[1][..]));
        assert!(verify(&body, matrix).is_ok() && verify(&body, vector).is_ok());
        assert!(ComplexOp::DEF.has_trait(OpTrait::Broadcasting));
    }

    #[test]
    fn complex_needs_f32_or_f64_parts_of_one_type() {
        let ctx = context();
        let (f16, f32, f64) = (ctx.float_type(FloatKind::F16), ctx.f32_type(), ctx.float_type(FloatKind::F64));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[ctx.tensor_type(&[2], f16), ctx.tensor_type(&[2], f32), ctx.tensor_type(&[2], f64)],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let error = ComplexOp::build(&mut b, args[0], args[0], None).expect_err("f16 parts").message;
        assert_eq!(
            error,
            "'hlo.complex' op the parts of a complex number must be f32 or f64 (for complex<f32> and complex<f64>), found f16"
        );
        let error = ComplexOp::build(&mut b, args[1], args[2], None).expect_err("mixed parts").message;
        assert_eq!(error, "'hlo.complex' op operand #1 has element type f64, but operand #0 has f32");
    }

    #[test]
    fn parts_and_modulus_have_the_part_type() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let dims = vec![Dim::Unknown, Dim::Static(2)];
        let dynamic = |element| ctx.ty(TypeData::Tensor(TensorType { dims: dims.clone(), element, layout: None }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[dynamic(complex_of(&ctx, f32)), dynamic(f32), dynamic(i32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let abs = AbsOp::build(&mut b, args[0]).expect("complex abs");
        let real = RealOp::build(&mut b, args[0]).expect("complex real");
        let imag = ImagOp::build(&mut b, args[1]).expect("float imag");
        let int_abs = AbsOp::build(&mut b, args[2]).expect("integer abs");
        let finite = IsFiniteOp::build(&mut b, args[1]).expect("float is_finite");
        let types: Vec<Type> =
            [abs.result(&body), real.result(&body), imag.result(&body), int_abs.result(&body), finite.result(&body)]
                .iter()
                .map(|v| body.value_type(*v))
                .collect();
        assert_eq!(types, [dynamic(f32), dynamic(f32), dynamic(f32), dynamic(i32), dynamic(ctx.int_type(1))]);
        assert!(verify(&body, abs).is_ok() && verify(&body, real).is_ok() && verify(&body, finite).is_ok());
    }

    #[test]
    fn wrong_element_types_are_rejected() {
        let ctx = context();
        let f32s = ctx.tensor_type(&[2], ctx.f32_type());
        let u32s = ctx.tensor_type(&[2], ctx.uint_type(32));
        let complexes = ctx.tensor_type(&[2], complex_of(&ctx, ctx.f32_type()));
        let mut body = Body::new(&ctx);
        let (_, args) = block_with_args(&mut body, &[f32s, u32s, complexes]);
        let state = |name: &str, operand, result| {
            let mut state = OpState::new(ctx.symbol(name), ctx.unknown_loc());
            state.operands = vec![operand];
            state.result_types = vec![result];
            state
        };
        let abs: AbsOp = create_unchecked(&mut body, state("hlo.abs", args[1], u32s));
        assert_eq!(
            verify_error(&body, abs),
            "operand 'operand' must be a tensor of signed integers, floats or complex numbers, found tensor<2xui32>"
        );
        let real: RealOp = create_unchecked(&mut body, state("hlo.real", args[2], complexes));
        assert_eq!(
            verify_error(&body, real),
            "result 'result' must be a tensor of floats, found tensor<2xcomplex<f32>>"
        );
        let finite: IsFiniteOp =
            create_unchecked(&mut body, state("hlo.is_finite", args[2], ctx.tensor_type(&[2], ctx.int_type(1))));
        assert_eq!(
            verify_error(&body, finite),
            "operand 'operand' must be a tensor of floats, found tensor<2xcomplex<f32>>"
        );
        let finite: IsFiniteOp =
            create_unchecked(&mut body, state("hlo.is_finite", args[0], ctx.tensor_type(&[3], ctx.int_type(1))));
        assert_eq!(
            verify_error(&body, finite),
            "result #0 has type tensor<3xi1>, but shape inference gives tensor<2xi1>"
        );
        let abs: AbsOp = create_unchecked(&mut body, state("hlo.abs", args[2], complexes));
        assert_eq!(
            verify_error(&body, abs),
            "result #0 has type tensor<2xcomplex<f32>>, but shape inference gives tensor<2xf32>"
        );
    }
}
