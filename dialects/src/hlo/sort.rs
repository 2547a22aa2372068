//! `hlo.sort`: XLA's `Sort`, which sorts N tensors of one shape along a dimension by a
//! comparator over their elements.
//!
//! Shape rule (operation semantics): the results have the operands' types. The comparator
//! takes two elements of each operand, as 0-d tensors, in the order `lhs0, rhs0, lhs1, rhs1,
//! ...`, and returns a 0-d `i1` tensor: whether `lhs` sorts before `rhs`.

use xla_ir::constraints::{AnyTensor, BoolAttr, I64Attr, Region, Variadic};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Diagnostic, Op, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::{
    i64_attr, parse_int_keyword, parse_paren_operands, parse_trailing_types, print_int_keyword, print_trailing_types, scalar_of,
    verify_scalar_computation,
};

/// Sorts N tensors of one shape along a dimension, ordering by a comparator.
///
/// XLA's `Sort`: along `dimension`, the elements of all operands are permuted together so
/// that the comparator (a strict weak order) holds between neighbours. The comparator takes
/// `lhs` and `rhs` elements of each operand in turn (`lhs0, rhs0, lhs1, rhs1, ...`) as 0-d
/// tensors and returns a 0-d `i1` tensor. With `is_stable`, equal elements keep their order.
///
/// Example: `%0:2 = hlo.sort(%keys, %values) dim = 0 : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) { ... }`
#[op(
    name = "hlo.sort",
    traits = [Pure],
    infer = infer_sort,
    verify = verify_sort,
    print = print_sort,
    parse = parse_sort
)]
pub struct SortOp {
    /// The tensors sorted together, all of one shape.
    #[operand]
    inputs: Variadic<AnyTensor>,
    /// The dimension sorted along.
    #[attr]
    dimension: I64Attr,
    /// Whether equal elements keep their order.
    #[attr]
    is_stable: Option<BoolAttr>,
    /// The comparator: `lhs0, rhs0, lhs1, rhs1, ...` -> `tensor<i1>`.
    #[region]
    comparator: Region,
    /// The sorted tensors.
    #[result]
    results: Variadic<AnyTensor>,
}

/// The shape function of `hlo.sort`: the operands' types, after checking that they have
/// one shape and that `dimension` is one of its dimensions.
pub fn infer_sort(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    if cx.operand_types.is_empty() {
        return Err("needs at least one input".into());
    }
    let first = cx.tensor(0)?;
    for i in 1..cx.operand_types.len() {
        let input = cx.tensor(i)?;
        let agree = input.dims.len() == first.dims.len() && input.dims.iter().zip(&first.dims).all(|(a, b)| merge_dim(*a, *b).is_some());
        if !agree {
            return Err(format!(
                "input #{i} ({}) has a different shape from input #0 ({})",
                ctx.type_to_string(cx.operand_types[i]),
                ctx.type_to_string(cx.operand_types[0])
            ));
        }
    }
    let rank = first.dims.len();
    let dimension = i64_attr(cx, "dimension")?;
    if usize::try_from(dimension).ok().filter(|&d| d < rank).is_none() {
        return Err(format!("dimension {dimension} is out of range for inputs of rank {rank}"));
    }
    Ok(cx.operand_types.to_vec())
}

/// Checks the comparator of `hlo.sort`: two 0-d tensors of each operand's element type in,
/// one `tensor<i1>` out.
pub fn verify_sort(op: OpRef) -> Result<(), Diagnostic> {
    let sort = SortOp::from_id_unchecked(op.id);
    let (ctx, body) = (op.ctx(), op.body);
    let mut args = Vec::new();
    for &input in sort.inputs(body) {
        let Some(input) = ctx.as_tensor(body.value_type(input)) else {
            return Ok(()); // the declared constraints report it
        };
        args.extend([scalar_of(ctx, input.element); 2]);
    }
    verify_scalar_computation(op, sort.comparator(body), "comparator", &args, &[scalar_of(ctx, ctx.int_type(1))])
}

/// Prints `(%a, %b) dim = 0 : (types) -> types {comparator}`.
fn print_sort(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let operands = body.op(op).operands.clone();
    p.print("(");
    p.print_operands(&operands);
    p.print(")");
    print_int_keyword(p, op, "dimension", "dim");
    print_trailing_types(p, op, &["dimension"]);
    for region in body.op(op).regions.clone() {
        p.print(" ");
        p.print_region(region, true);
    }
}

fn parse_sort(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = parse_paren_operands(p)?;
    parse_int_keyword(p, state, "dimension", "dim")?;
    parse_trailing_types(p, state, &operands)?;
    state.regions.push(p.parse_region(Vec::new(), false)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::ReturnOp;
    use xla_ir::{Body, Builder, ValueId};

    /// Fills the comparator of `sort` with arguments of `types` returning argument `returned`.
    fn comparator(body: &mut Body, sort: SortOp, types: &[Type], returned: usize) {
        let block = body.append_block(sort.comparator(body));
        let args: Vec<ValueId> = types.iter().map(|t| body.add_block_arg(block, *t)).collect();
        let location = body.ctx().unknown_loc();
        let mut b = Builder::at_end(body, block, location);
        ReturnOp::build(&mut b, &args[returned..returned + 1]).expect("no inference");
    }

    #[test]
    fn sorts_keys_and_values_together() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let (keys, values) = (ctx.tensor_type(&[4, 2], f32), ctx.tensor_type(&[4, 2], i32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[keys, values, ctx.tensor_type(&[2, 4], i32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let sort = SortOp::build(&mut b, &args[..2], 1, Some(true)).expect("valid");
        let mut error = |inputs: &[ValueId], dim| SortOp::build(&mut b, inputs, dim, None).expect_err("invalid").message;
        assert_eq!(error(&[], 0), "'hlo.sort' op needs at least one input");
        assert_eq!(error(&args[..1], 2), "'hlo.sort' op dimension 2 is out of range for inputs of rank 2");
        assert_eq!(
            error(&[args[0], args[2]], 0),
            "'hlo.sort' op input #1 (tensor<2x4xi32>) has a different shape from input #0 (tensor<4x2xf32>)"
        );
        let results: Vec<Type> = sort.results(&body).iter().map(|v| body.value_type(*v)).collect();
        assert_eq!(results, [keys, values]);
        assert_eq!((sort.dimension(&body), sort.is_stable(&body)), (1, Some(true)));
        assert_eq!(verify_error(&body, sort), "the comparator must have exactly one block, found 0");
    }

    #[test]
    fn the_comparator_takes_element_pairs_and_returns_a_predicate() {
        let ctx = context();
        let (f32, i1) = (ctx.f32_type(), ctx.int_type(1));
        let (sf, pred) = (ctx.tensor_type(&[], f32), ctx.tensor_type(&[], i1));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4], f32), ctx.tensor_type(&[4], i1)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let ops: Vec<SortOp> =
            [&args[1..], &args[..1], &args[..1], &args[..]].iter().map(|inputs| SortOp::build(&mut b, inputs, 0, None).expect("valid")).collect();
        // Predicates sorted by a comparator returning its lhs: well typed, if not useful.
        comparator(&mut body, ops[0], &[pred, pred], 0);
        comparator(&mut body, ops[1], &[sf, sf], 0);
        comparator(&mut body, ops[2], &[sf, pred], 1);
        comparator(&mut body, ops[3], &[sf, sf, pred], 2);
        assert_eq!(verify(&body, ops[0]).map_err(|d| d.message), Ok(()));
        assert_eq!(verify_error(&body, ops[1]), "comparator result #0 has type tensor<f32>, expected tensor<i1>");
        assert_eq!(verify_error(&body, ops[2]), "comparator argument #1 has type tensor<i1>, expected tensor<f32>");
        assert_eq!(verify_error(&body, ops[3]), "the comparator takes 3 arguments, expected 4");
    }
}
