//! `hlo.get_dimension_size` and `hlo.set_dimension_size`: XLA's `GetDimensionSize` and
//! `SetDimensionSize`, which read and set the run-time size of a dynamic dimension.
//!
//! Shape rules (operation semantics): the size is a 0-d `i32` tensor; setting it makes the
//! dimension dynamic, bounded by its static size (`tensor<2x8xf32>` becomes
//! `tensor<2x<=8xf32>`).

use xla_ir::constraints::{AnyTensor, I64Attr};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Dim, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::{
    i64_attr, parse_attr_dict_into, parse_int_keyword, parse_operands_then_comma, parse_trailing_types, print_int_keyword, print_trailing_types,
    scalar_of, tensor,
};

/// The index of `dimension` in a tensor of rank `rank`, or an error naming it.
fn dimension_index(dimension: i64, rank: usize) -> Result<usize, String> {
    usize::try_from(dimension)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("dimension {dimension} is out of range for an operand of rank {rank}"))
}

/// Returns the run-time size of one dimension of a tensor as a 0-d `i32` tensor.
///
/// XLA's `GetDimensionSize`: for a static dimension it is a constant; for a dynamic one, its
/// size at run time.
///
/// Example: `%0 = hlo.get_dimension_size %x, dim = 1 : tensor<2x<=8xf32>`
#[op(
    name = "hlo.get_dimension_size",
    traits = [Pure],
    infer = infer_get_dimension_size,
    print = print_get_dimension_size,
    parse = parse_get_dimension_size
)]
pub struct GetDimensionSizeOp {
    #[operand]
    operand: AnyTensor,
    /// The dimension whose size is read.
    #[attr]
    dimension: I64Attr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.get_dimension_size`: `tensor<i32>`.
pub fn infer_get_dimension_size(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    dimension_index(i64_attr(cx, "dimension")?, operand.dims.len())?;
    Ok(vec![scalar_of(cx.ctx, cx.ctx.int_type(32))])
}

/// Sets the run-time size of one dimension of a tensor, making it dynamic.
///
/// XLA's `SetDimensionSize`: `size` is a 0-d `i32` tensor, at most the dimension's bound;
/// the result dimension is bounded by the operand's static size (or keeps its bound), and
/// the elements past the new size are unspecified.
///
/// Example: `%0 = hlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x8xf32>, tensor<i32>) -> tensor<2x<=8xf32>`
#[op(
    name = "hlo.set_dimension_size",
    traits = [Pure],
    infer = infer_set_dimension_size,
    print = print_set_dimension_size,
    parse = parse_set_dimension_size
)]
pub struct SetDimensionSizeOp {
    #[operand]
    operand: AnyTensor,
    /// The new size, a 0-d `i32` tensor.
    #[operand]
    size: AnyTensor,
    /// The dimension whose size is set.
    #[attr]
    dimension: I64Attr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.set_dimension_size`.
pub fn infer_set_dimension_size(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let operand = cx.tensor(0)?;
    let i32_scalar = scalar_of(ctx, ctx.int_type(32));
    if cx.operand_types.get(1) != Some(&i32_scalar) {
        let found = cx.operand_types.get(1).map_or("nothing".to_string(), |t| ctx.type_to_string(*t));
        return Err(format!("size must be a 0-d i32 tensor, found {found}"));
    }
    let d = dimension_index(i64_attr(cx, "dimension")?, operand.dims.len())?;
    let mut dims = operand.dims.clone();
    if let Dim::Static(n) = dims[d] {
        dims[d] = Dim::Bounded(n);
    }
    Ok(vec![tensor(ctx, dims, operand.element)])
}

/// Prints ` %x, dim = 1 : type`; the result type, `tensor<i32>`, is implied.
fn print_get_dimension_size(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let operands = body.op(op).operands.clone();
    p.print(" ");
    p.print_operands(&operands);
    p.print(",");
    print_int_keyword(p, op, "dimension", "dim");
    p.print_attr_dict(&body.op(op).attributes, &["dimension"]);
    p.print(" : ");
    let types: Vec<Type> = operands.iter().map(|v| body.value_type(*v)).collect();
    p.print_types(&types);
}

fn parse_get_dimension_size(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let operand = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    parse_int_keyword(p, state, "dimension", "dim")?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(std::slice::from_ref(&operand), &[ty])?;
    // The result is always `tensor<i32>`; a bad `dimension` is left for the verifier.
    state.result_types = vec![scalar_of(ctx, ctx.int_type(32))];
    Ok(())
}

/// Prints ` %x, %n, dim = 1 : (types) -> type`.
fn print_set_dimension_size(p: &mut OpPrinter, op: OpId) {
    let operands = p.body().op(op).operands.clone();
    p.print(" ");
    p.print_operands(&operands);
    p.print(",");
    print_int_keyword(p, op, "dimension", "dim");
    print_trailing_types(p, op, &["dimension"]);
}

fn parse_set_dimension_size(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let (operands, comma) = parse_operands_then_comma(p)?;
    if !comma {
        p.expect(TokenKind::Comma)?;
    }
    parse_int_keyword(p, state, "dimension", "dim")?;
    parse_trailing_types(p, state, &operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, TensorType, TypeData};

    #[test]
    fn get_gives_an_i32_scalar() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], ctx.f32_type())]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let get = GetDimensionSizeOp::build(&mut b, args[0], 1).expect("valid");
        let error = GetDimensionSizeOp::build(&mut b, args[0], 2).expect_err("out of range").message;
        assert_eq!(error, "'hlo.get_dimension_size' op dimension 2 is out of range for an operand of rank 2");
        assert_eq!(body.value_type(get.result(&body)), ctx.tensor_type(&[], ctx.int_type(32)));
        assert_eq!(get.dimension(&body), 1);
        assert!(verify(&body, get).is_ok());
    }

    #[test]
    fn set_bounds_the_dimension() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let dynamic = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Bounded(4), Dim::Unknown], element: f32, layout: None }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[ctx.tensor_type(&[2, 8], f32), dynamic, ctx.tensor_type(&[], ctx.int_type(32)), ctx.tensor_type(&[], ctx.int_type(64))],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let set = SetDimensionSizeOp::build(&mut b, args[0], args[2], 1).expect("valid");
        let bounded = SetDimensionSizeOp::build(&mut b, args[1], args[2], 0).expect("valid");
        let unknown = SetDimensionSizeOp::build(&mut b, args[1], args[2], 1).expect("valid");
        assert_eq!(ctx.type_to_string(body.value_type(set.result(&body))), "tensor<2x<=8xf32>");
        assert_eq!(body.value_type(bounded.result(&body)), dynamic);
        assert_eq!(body.value_type(unknown.result(&body)), dynamic);
        assert_eq!(set.size(&body), args[2]);
        assert!(verify(&body, set).is_ok());
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |size, dim| SetDimensionSizeOp::build(&mut b, args[0], size, dim).expect_err("invalid").message;
        assert_eq!(error(args[3], 0), "'hlo.set_dimension_size' op size must be a 0-d i32 tensor, found tensor<i64>");
        assert_eq!(error(args[2], -1), "'hlo.set_dimension_size' op dimension -1 is out of range for an operand of rank 2");
    }
}
