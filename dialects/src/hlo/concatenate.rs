//! `hlo.concatenate`: XLA's `ConcatInDim`, which joins tensors along one dimension.
//!
//! Shape rule (operation semantics): the inputs have one rank and element type and agree in
//! every dimension but `dimension`, whose sizes add up.

use xla_ir::constraints::{AnyTensor, I64Attr, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Diagnostic, Dim, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::{
    parse_int_keyword, parse_operands_then_comma, parse_trailing_types, print_int_keyword, print_trailing_types, tensor,
};

/// Joins tensors along one dimension.
///
/// XLA's `ConcatInDim`: the inputs, in order, are laid end to end along `dimension`; they
/// have one rank and element type, and equal sizes in every other dimension. The result's
/// `dimension` is the sum of the inputs' (unknown when one of them is).
///
/// Example: `%0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>`
#[op(
    name = "hlo.concatenate",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_concatenate,
    patterns = [super::slicing_patterns::CONCATENATE_DROP_EMPTY],
    print = print_concatenate,
    parse = parse_concatenate
)]
pub struct ConcatenateOp {
    /// The tensors to join, at least one.
    #[operand]
    inputs: Variadic<AnyTensor>,
    /// The dimension along which they are joined.
    #[attr]
    dimension: I64Attr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.concatenate`.
pub fn infer_concatenate(cx: &InferContext) -> Result<Vec<Type>, String> {
    if cx.operand_types.is_empty() {
        return Err("needs at least one input".into());
    }
    let first = cx.tensor(0)?;
    let dimension = super::shape_checks::i64_attr(cx, "dimension")?;
    let rank = first.dims.len();
    let axis = usize::try_from(dimension)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("dimension {dimension} is out of range for inputs of rank {rank}"))?;
    let mut dims = first.dims.clone();
    let ctx = cx.ctx;
    for i in 1..cx.operand_types.len() {
        let input = cx.tensor(i)?;
        let ty = ctx.type_to_string(cx.operand_types[i]);
        if input.element != first.element {
            return Err(format!(
                "input #{i} has element type {}, but input #0 has {}",
                ctx.type_to_string(input.element),
                ctx.type_to_string(first.element)
            ));
        }
        if input.dims.len() != rank {
            return Err(format!("input #{i} ({ty}) has rank {}, but input #0 has rank {rank}", input.dims.len()));
        }
        for (d, (acc, &size)) in dims.iter_mut().zip(&input.dims).enumerate() {
            let joined = if d == axis { sum(*acc, size) } else { merge_dim(*acc, size) };
            *acc = joined.ok_or_else(|| {
                if d == axis {
                    format!("the concatenated size of dimension {d} overflows i64")
                } else {
                    format!(
                        "input #{i} ({ty}) differs from the inputs before it in dimension {d}: {} against {}",
                        super::shape_checks::dim_to_string(size),
                        super::shape_checks::dim_to_string(*acc)
                    )
                }
            })?;
        }
    }
    Ok(vec![tensor(ctx, dims, first.element)])
}

/// The size of two dimensions laid end to end: unknown if either is, bounded by the sum of
/// the bounds if either is bounded; `None` on overflow.
fn sum(a: Dim, b: Dim) -> Option<Dim> {
    Some(match (a, b) {
        (Dim::Unknown, _) | (_, Dim::Unknown) => Dim::Unknown,
        (Dim::Static(x), Dim::Static(y)) => Dim::Static(x.checked_add(y)?),
        (Dim::Static(x) | Dim::Bounded(x), Dim::Static(y) | Dim::Bounded(y)) => Dim::Bounded(x.checked_add(y)?),
    })
}

/// Prints ` %a, %b, dim = 0 : (types) -> type`.
fn print_concatenate(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let operands = body.op(op).operands.clone();
    if !operands.is_empty() {
        p.print(" ");
        p.print_operands(&operands);
        p.print(",");
    }
    print_int_keyword(p, op, "dimension", "dim");
    print_trailing_types(p, op, &["dimension"]);
}

fn parse_concatenate(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let (operands, comma) = parse_operands_then_comma(p)?;
    if !comma && !operands.is_empty() {
        p.expect(TokenKind::Comma)?;
    }
    parse_int_keyword(p, state, "dimension", "dim")?;
    parse_trailing_types(p, state, &operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Op, TensorType, TypeData};

    #[test]
    fn sizes_add_up_along_the_dimension() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let partly = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Bounded(4), Dim::Unknown], element: f32, layout: None }));
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[1, 3], f32), partly]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let two = ConcatenateOp::build(&mut b, &args[..2], 0).expect("valid");
        let three = ConcatenateOp::build(&mut b, &args, 0).expect("valid");
        let one = ConcatenateOp::build(&mut b, &args[..1], 1).expect("valid");
        assert_eq!(body.value_type(two.result(&body)), ctx.tensor_type(&[3, 3], f32));
        assert_eq!(ctx.type_to_string(body.value_type(three.result(&body))), "tensor<<=7x3xf32>");
        assert_eq!(body.value_type(one.result(&body)), args.first().map(|a| body.value_type(*a)).expect("an arg"));
        assert_eq!(two.dimension(&body), 0);
        assert_eq!(two.inputs(&body), &args[..2]);
        assert!(verify(&body, two).is_ok() && verify(&body, three).is_ok());
        assert!(ConcatenateOp::DEF.has_custom_form());
    }

    #[test]
    fn inputs_must_agree() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[2, 3], f32),
                ctx.tensor_type(&[2, 4], f32),
                ctx.tensor_type(&[2, 3], ctx.int_type(32)),
                ctx.tensor_type(&[6], f32),
                ctx.tensor_type(&[i64::MAX, 1], f32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |inputs: &[xla_ir::ValueId], dim| ConcatenateOp::build(&mut b, inputs, dim).expect_err("invalid").message;
        let prefix = "'hlo.concatenate' op ";
        assert_eq!(error(&[], 0), format!("{prefix}needs at least one input"));
        assert_eq!(error(&args[..1], 2), format!("{prefix}dimension 2 is out of range for inputs of rank 2"));
        assert_eq!(error(&args[..1], -1), format!("{prefix}dimension -1 is out of range for inputs of rank 2"));
        assert_eq!(
            error(&args[..2], 0),
            format!("{prefix}input #1 (tensor<2x4xf32>) differs from the inputs before it in dimension 1: 4 against 3")
        );
        assert_eq!(error(&[args[0], args[2]], 0), format!("{prefix}input #1 has element type i32, but input #0 has f32"));
        assert_eq!(error(&[args[0], args[3]], 0), format!("{prefix}input #1 (tensor<6xf32>) has rank 1, but input #0 has rank 2"));
        assert_eq!(error(&[args[4], args[4]], 0), format!("{prefix}the concatenated size of dimension 0 overflows i64"));
    }
}
