//! Element type conversions: `hlo.convert_element_type` (by value, as C++'s `static_cast`),
//! `hlo.bitcast_convert_type` (by bits) and `hlo.reduce_precision` (rounding to a narrower
//! float format and back).
//!
//! Shape rules (operation semantics): a conversion keeps the shape. A bitcast between
//! element types of equal bit width keeps the shape too; to a type `k` times narrower it adds
//! a minor dimension of size `k`; to a type `k` times wider it needs a last dimension of size
//! `k` and removes it. The result types of both conversions are given, not inferred, since
//! the new element type appears nowhere else.

use xla_ir::constraints::{AttrKind, FloatTensor, I64Attr, NumericTensor};
use xla_ir::families::infer_same_as_operands;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Diagnostic, Dim, Op, OpId, OpRef, OpState, TensorType, TypeData};
use xla_macros::op;

use super::dot_general::dim_to_string;
use super::elementwise_support::{element_bit_width, parse_attr_dict_into};

/// Converts each element to the result's element type, by value.
///
/// XLA's `ConvertElementType`, like an elementwise `static_cast` in C++: integers to floats
/// round to nearest even, floats to integers truncate toward zero (out-of-range values give
/// an implementation-defined value), complex numbers to real types keep the real part. The
/// shape does not change.
///
/// Example: `%0 = hlo.convert_element_type %x : (tensor<3xi32>) -> tensor<3xf32>`
#[op(
    name = "hlo.convert_element_type",
    traits = [Pure, Elementwise],
    verify = verify_convert_element_type,
    fold = super::constant_folds::fold_convert_element_type,
    patterns = [CONVERT_IDENTITY],
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct ConvertElementTypeOp {
    #[operand]
    operand: NumericTensor,
    #[result]
    result: NumericTensor,
}

/// Reinterprets the bits of each element as the result's element type.
///
/// XLA's `BitcastConvertType`, like `tf.bitcast`: between element types of equal bit width the
/// shape is kept; to a type `k` times narrower the result gains a minor dimension of size
/// `k`, and to a type `k` times wider the operand's last dimension must be `k` and is removed.
/// Complex and real types do not convert into each other. The value depends on the machine's
/// number representation.
///
/// Example: `%0 = hlo.bitcast_convert_type %x : (tensor<2xf32>) -> tensor<2x2xf16>`
#[op(
    name = "hlo.bitcast_convert_type",
    traits = [Pure],
    verify = verify_bitcast_convert_type,
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct BitcastConvertTypeOp {
    #[operand]
    operand: NumericTensor,
    #[result]
    result: NumericTensor,
}

/// Rounds each float to the nearest value of a narrower format and back to its own type.
///
/// XLA's `ReducePrecision`: the narrower format has `exponent_bits` exponent bits (at least 1,
/// to tell zero from infinity) and `mantissa_bits` mantissa bits (at least 0). Values round to
/// nearest even; values beyond the format's range become infinities of their sign; NaNs stay
/// NaNs. Widths beyond the operand type's leave that part unchanged.
///
/// The custom form writes the format as StableHLO does, `e5m10` for 5 exponent and 10
/// mantissa bits.
///
/// Example: `%0 = hlo.reduce_precision %x, format = e5m10 : tensor<6xf32>`
#[op(
    name = "hlo.reduce_precision",
    traits = [Pure, Elementwise, SameOperandsAndResultType],
    infer = infer_same_as_operands,
    verify = verify_reduce_precision,
    print = print_reduce_precision,
    parse = parse_reduce_precision
)]
pub struct ReducePrecisionOp {
    #[operand]
    operand: FloatTensor,
    /// The exponent bits of the narrower format (at least 1).
    #[attr]
    exponent_bits: I64Attr,
    /// The mantissa bits of the narrower format (at least 0).
    #[attr]
    mantissa_bits: I64Attr,
    #[result]
    result: FloatTensor,
}

/// The operand and result tensors of a one-operand, one-result op.
fn operand_and_result<'b>(op: OpRef<'b, '_>) -> Result<(&'b TensorType, &'b TensorType), Diagnostic> {
    let ctx = op.ctx();
    let tensor = |v: Option<&xla_ir::ValueId>| v.and_then(|v| ctx.as_tensor(op.body.value_type(*v)));
    match (tensor(op.operands().first()), tensor(op.results().first())) {
        (Some(operand), Some(result)) => Ok((operand, result)),
        _ => Err(op.error("operand and result must be tensors")),
    }
}

/// Whether `a` and `b` describe the same shape.
fn same_shape(a: &[Dim], b: &[Dim]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| merge_dim(*x, *y).is_some())
}

fn shape_text(ctx: &Context, tensor: &TensorType) -> String {
    ctx.type_to_string(ctx.ty(TypeData::Tensor(tensor.clone())))
}

/// Checks `hlo.convert_element_type`: the result has the operand's shape.
pub fn verify_convert_element_type(op: OpRef) -> Result<(), Diagnostic> {
    let (operand, result) = operand_and_result(op)?;
    if !same_shape(&operand.dims, &result.dims) {
        let ctx = op.ctx();
        return Err(op.error(format!(
            "the result ({}) must have the shape of the operand ({})",
            shape_text(ctx, result),
            shape_text(ctx, operand)
        )));
    }
    Ok(())
}

/// Checks `hlo.bitcast_convert_type` by XLA's `InferBitcastConvertShape`: no conversion
/// between complex and real types, bit widths that divide each other, and the result shape
/// the widths give.
pub fn verify_bitcast_convert_type(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (operand, result) = operand_and_result(op)?;
    let (from, to) = (operand.element, result.element);
    let (from_name, to_name) = (ctx.type_to_string(from), ctx.type_to_string(to));
    if ctx.is_complex(from) != ctx.is_complex(to) {
        return Err(
            op.error(format!("cannot bitcast between complex and real element types ({from_name} to {to_name})"))
        );
    }
    let (Some(from_bits), Some(to_bits)) = (element_bit_width(ctx, from), element_bit_width(ctx, to)) else {
        return Err(op.error(format!("cannot bitcast {from_name} to {to_name}: only numbers have a bit width")));
    };
    let (narrow, wide) = (from_bits.min(to_bits), from_bits.max(to_bits));
    if wide % narrow != 0 {
        return Err(op.error(format!(
            "cannot bitcast between bit widths that do not divide each other ({from_name}: {from_bits} bits, {to_name}: {to_bits} bits)"
        )));
    }
    let ratio = i64::from(wide / narrow);
    let mut expected = operand.dims.clone();
    if from_bits > to_bits {
        expected.push(Dim::Static(ratio));
    } else if from_bits < to_bits {
        let last = expected.pop().ok_or_else(|| {
            op.error(format!("a 0-d operand cannot bitcast to a wider element type ({from_name} to {to_name})"))
        })?;
        if merge_dim(last, Dim::Static(ratio)).is_none() {
            return Err(op.error(format!(
                "bitcasting {from_name} to {to_name} needs a last operand dimension of size {ratio} (the ratio of their bit widths), found {}",
                dim_to_string(last)
            )));
        }
    }
    if !same_shape(&expected, &result.dims) {
        let expected = TensorType { dims: expected, element: to, layout: None };
        return Err(op.error(format!(
            "the result ({}) must have the shape of the operand's bits as {to_name} ({})",
            shape_text(ctx, result),
            shape_text(ctx, &expected)
        )));
    }
    Ok(())
}

/// Checks `hlo.reduce_precision`: at least one exponent bit and no negative mantissa.
pub fn verify_reduce_precision(op: OpRef) -> Result<(), Diagnostic> {
    let reduce = ReducePrecisionOp::from_id_unchecked(op.id);
    let exponent_bits = reduce.exponent_bits(op.body);
    if exponent_bits < 1 {
        return Err(op.error(format!("exponent_bits must be at least 1, found {exponent_bits}")));
    }
    let mantissa_bits = reduce.mantissa_bits(op.body);
    if mantissa_bits < 0 {
        return Err(op.error(format!("mantissa_bits must be at least 0, found {mantissa_bits}")));
    }
    Ok(())
}

/// Prints ` %x, format = e5m10 {attrs} : T`; widths that the `eXmY` form cannot spell
/// (negative ones, which the verifier rejects) stay in the attribute dictionary.
fn print_reduce_precision(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    let bits = |name| body.attr(op, name).and_then(|a| I64Attr::get(ctx, a)).filter(|b| *b >= 0);
    p.print(" ");
    p.print_operands(&data.operands);
    let mut elided: Vec<&str> = Vec::new();
    if let (Some(exponent), Some(mantissa)) = (bits("exponent_bits"), bits("mantissa_bits")) {
        p.print(&format!(", format = e{exponent}m{mantissa}"));
        elided.extend(["exponent_bits", "mantissa_bits"]);
    }
    p.print_attr_dict(&data.attributes, &elided);
    p.print(" : ");
    if let Some(result) = data.results.first() {
        p.print_type(body.value_type(*result));
    }
}

/// Parses what [`print_reduce_precision`] prints: one type for the operand and the result.
fn parse_reduce_precision(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let operand = p.parse_operand()?;
    if p.accept(TokenKind::Comma) {
        p.expect_keyword("format")?;
        p.expect(TokenKind::Equal)?;
        let at = p.loc();
        let word = p.parse_identifier()?;
        let (exponent, mantissa) = parse_float_format(word).ok_or_else(|| {
            Diagnostic::error(
                at,
                format!("expected a float format eXmY (X exponent and Y mantissa bits), found '{word}'"),
            )
        })?;
        state.set_attr(ctx.symbol("exponent_bits"), ctx.i64_attr(exponent));
        state.set_attr(ctx.symbol("mantissa_bits"), ctx.i64_attr(mantissa));
    }
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&operand, ty)?];
    state.result_types = vec![ty];
    Ok(())
}

/// Reads `e5m10` as (5, 10).
fn parse_float_format(word: &str) -> Option<(i64, i64)> {
    let (exponent, mantissa) = word.strip_prefix('e')?.split_once('m')?;
    let number = |digits: &str| digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse().ok()).flatten();
    Some((number(exponent)?, number(mantissa)?))
}


/// The canonicalization `convert-identity`: converting to the type a value already has
/// changes nothing.
///
/// `convert_element_type(x) : T == x when x : T`
pub struct ConvertIdentity;

/// The pattern instance canonicalization uses.
pub static CONVERT_IDENTITY: ConvertIdentity = ConvertIdentity;

impl xla_ir::rewrite::RewritePattern for ConvertIdentity {
    fn name(&self) -> &'static str {
        "convert-identity"
    }

    fn identity(&self) -> &'static str {
        "convert_element_type(x) : T == x when x : T"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ConvertElementTypeOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut xla_ir::rewrite::Rewriter, op: xla_ir::OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let operand = body.operand(op, 0);
        if body.value_type(operand) != body.value_type(body.result(op, 0)) {
            return Err("the conversion changes the type");
        }
        rewriter.replace_op(op, &[operand]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder, FloatKind, Type};

    fn dynamic(ctx: &Context, dims: Vec<Dim>, element: Type) -> Type {
        ctx.ty(TypeData::Tensor(TensorType { dims, element, layout: None }))
    }

    #[test]
    fn convert_keeps_the_shape() {
        let ctx = context();
        let (i32, f32) = (ctx.int_type(32), ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[dynamic(&ctx, vec![Dim::Unknown, Dim::Static(3)], i32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let ok = ConvertElementTypeOp::build(&mut b, args[0], ctx.tensor_type(&[2, 3], f32)).expect("no inference");
        let to_pred = ConvertElementTypeOp::build(
            &mut b,
            args[0],
            dynamic(&ctx, vec![Dim::Unknown, Dim::Static(3)], ctx.int_type(1)),
        )
        .expect("no inference");
        let wrong = ConvertElementTypeOp::build(&mut b, args[0], ctx.tensor_type(&[2, 4], f32)).expect("no inference");
        let rank = ConvertElementTypeOp::build(&mut b, args[0], ctx.tensor_type(&[6], f32)).expect("no inference");
        assert!(verify(&body, ok).is_ok() && verify(&body, to_pred).is_ok());
        assert_eq!(
            verify_error(&body, wrong),
            "the result (tensor<2x4xf32>) must have the shape of the operand (tensor<?x3xi32>)"
        );
        assert_eq!(
            verify_error(&body, rank),
            "the result (tensor<6xf32>) must have the shape of the operand (tensor<?x3xi32>)"
        );
    }

    #[test]
    fn bitcast_follows_the_ratio_of_bit_widths() {
        let ctx = context();
        let (f32, f16, i8, pred) = (ctx.f32_type(), ctx.float_type(FloatKind::F16), ctx.int_type(8), ctx.int_type(1));
        let c64 = ctx.ty(TypeData::Complex(f32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[10], f32),
                ctx.tensor_type(&[10, 2], f16),
                ctx.tensor_type(&[], f32),
                dynamic(&ctx, vec![Dim::Static(3), Dim::Unknown], i8),
                ctx.tensor_type(&[2], c64),
                ctx.tensor_type(&[4, 8], pred),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let cases: Vec<(usize, Type, Option<&str>)> = vec![
            (0, ctx.tensor_type(&[10], ctx.int_type(32)), None),
            (0, ctx.tensor_type(&[10, 2], f16), None),
            (1, ctx.tensor_type(&[10], f32), None),
            (2, ctx.tensor_type(&[2], f16), None),
            (3, ctx.tensor_type(&[3], f32), None),
            (4, ctx.tensor_type(&[], ctx.ty(TypeData::Complex(ctx.float_type(FloatKind::F64)))), None),
            // A predicate is one bit (XLA's `primitive_util::BitWidth`): eight make a byte.
            (5, ctx.tensor_type(&[4], i8), None),
            (5, ctx.tensor_type(&[4, 8], i8), Some("the result (tensor<4x8xi8>) must have the shape of the operand's bits as i8 (tensor<4xi8>)")),
            (4, ctx.tensor_type(&[2], ctx.int_type(64)), Some("cannot bitcast between complex and real element types (complex<f32> to i64)")),
            (0, ctx.tensor_type(&[10], ctx.float_type(FloatKind::F6E2M3FN)), Some("cannot bitcast between bit widths that do not divide each other (f32: 32 bits, f6E2M3FN: 6 bits)")),
            (2, ctx.tensor_type(&[], ctx.float_type(FloatKind::F64)), Some("a 0-d operand cannot bitcast to a wider element type (f32 to f64)")),
            (0, ctx.tensor_type(&[], ctx.float_type(FloatKind::F64)), Some("bitcasting f32 to f64 needs a last operand dimension of size 2 (the ratio of their bit widths), found 10")),
            (0, ctx.tensor_type(&[10, 4], f16), Some("the result (tensor<10x4xf16>) must have the shape of the operand's bits as f16 (tensor<10x2xf16>)")),
        ];
        let ops: Vec<BitcastConvertTypeOp> = cases
            .iter()
            .map(|(operand, ty, _)| BitcastConvertTypeOp::build(&mut b, args[*operand], *ty).expect("no inference"))
            .collect();
        for (op, (_, _, expected)) in ops.into_iter().zip(&cases) {
            match expected {
                None => assert_eq!(verify(&body, op).map_err(|d| d.message), Ok(())),
                Some(message) => assert_eq!(&verify_error(&body, op), message),
            }
        }
    }

    #[test]
    fn float_formats_read_as_exponent_and_mantissa_bits() {
        assert_eq!(parse_float_format("e5m10"), Some((5, 10)));
        assert_eq!(parse_float_format("e8m0"), Some((8, 0)));
        for bad in ["e5", "m10", "e5m", "ex5m1", "e+5m1", "e5m10x", "e99999999999999999999m1"] {
            assert_eq!(parse_float_format(bad), None, "{bad}");
        }
    }

    #[test]
    fn reduce_precision_needs_an_exponent_bit() {
        let ctx = context();
        let ty = ctx.tensor_type(&[6], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ty]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let half = ReducePrecisionOp::build(&mut b, args[0], 5, 10).expect("same type");
        let no_exponent = ReducePrecisionOp::build(&mut b, args[0], 0, 10).expect("same type");
        let negative_mantissa = ReducePrecisionOp::build(&mut b, args[0], 8, -1).expect("same type");
        assert_eq!(body.value_type(half.result(&body)), ty);
        assert_eq!((half.exponent_bits(&body), half.mantissa_bits(&body)), (5, 10));
        assert!(verify(&body, half).is_ok());
        assert_eq!(verify_error(&body, no_exponent), "exponent_bits must be at least 1, found 0");
        assert_eq!(verify_error(&body, negative_mantissa), "mantissa_bits must be at least 0, found -1");
    }
}
