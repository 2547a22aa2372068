//! `hlo.scatter`: XLA's `Scatter`, which combines slices of updates into copies of N inputs
//! at indices held in a tensor, with an update computation.
//!
//! Shape rule (operation semantics, with XLA's batching dimensions): the results have the
//! inputs' types. The updates have `update_window_dims.len() + rank(scatter_indices) - 1`
//! dimensions (counting an implicit trailing index vector dimension): the
//! `update_window_dims` are no larger than the input dimensions that are neither inserted
//! nor batching, in order, and the others equal, in order, the dimensions of
//! `scatter_indices` other than `index_vector_dim`.

use xla_ir::constraints::{AnyTensor, BoolAttr, I64ArrayAttr, I64Attr, Region, Variadic};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Diagnostic, Op, OpId, OpState, Type};
use xla_macros::op;

use super::gather::IndexingDims;
use super::shape_checks::{
    check_sorted, dim_to_string, distinct_dims, i64_attr, parse_keywords, parse_paren_operands, parse_trailing_types, print_keywords,
    print_trailing_types, scalar_of, upper_bound, verify_scalar_computation, Keyword,
};

/// Combines slices of updates into N inputs at indices read from a tensor.
///
/// XLA's `Scatter`: for every index of the update scatter dimensions (those not in
/// `update_window_dims`), a start index vector is read from `scatter_indices` along
/// `index_vector_dim` and mapped to input dimensions by `scatter_dims_to_operand_dims`
/// (input batching dimensions take the batch index of the paired
/// `scatter_indices_batching_dims`); the update window there is combined, element by
/// element, with the inputs by `update_computation`, which takes N input elements then N
/// update elements as 0-d tensors and returns N new elements. Windows that do not fit are
/// skipped. `inserted_window_dims` and `input_batching_dims` are input dimensions of window
/// size 1 that the updates leave out.
///
/// Example: `%0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> { ... }`
#[op(name = "hlo.scatter", infer = infer_scatter, verify = verify_scatter, print = print_scatter, parse = parse_scatter)]
pub struct ScatterOp {
    /// The tensors scattered into, all of one shape.
    #[operand]
    inputs: Variadic<AnyTensor>,
    /// The start index vectors, integers.
    #[operand]
    scatter_indices: AnyTensor,
    /// One tensor of updates per input, all of one shape.
    #[operand]
    updates: Variadic<AnyTensor>,
    /// The update dimensions that index into a window, in increasing order.
    #[attr]
    update_window_dims: I64ArrayAttr,
    /// The input dimensions of window size 1 left out of the updates, increasing.
    #[attr]
    inserted_window_dims: I64ArrayAttr,
    /// The input dimensions indexed by the batch index of `scatter_indices_batching_dims`,
    /// left out of the updates, increasing.
    #[attr]
    input_batching_dims: I64ArrayAttr,
    /// The `scatter_indices` dimensions paired with `input_batching_dims`.
    #[attr]
    scatter_indices_batching_dims: I64ArrayAttr,
    /// The input dimension each entry of an index vector indexes.
    #[attr]
    scatter_dims_to_operand_dims: I64ArrayAttr,
    /// The dimension of `scatter_indices` holding the index vectors (its rank: an implicit
    /// trailing dimension of size 1).
    #[attr]
    index_vector_dim: I64Attr,
    /// Whether the caller guarantees sorted indices.
    #[attr]
    indices_are_sorted: Option<BoolAttr>,
    /// Whether the caller guarantees that no two updates hit the same element.
    #[attr]
    unique_indices: Option<BoolAttr>,
    /// The update computation: N input elements, N update elements -> N elements.
    #[region]
    update_computation: Region,
    /// The updated inputs.
    #[result]
    results: Variadic<AnyTensor>,
}

/// The number of inputs among `total` operands (`inputs`, `scatter_indices`, `updates`).
fn input_count(total: usize) -> Result<usize, String> {
    if total.is_multiple_of(2) {
        return Err(format!("needs one scatter_indices and as many updates as inputs, found {total} operands"));
    }
    match total / 2 {
        0 => Err("needs at least one input".into()),
        n => Ok(n),
    }
}

/// The shape function of `hlo.scatter`: the inputs' types, after checking the updates and
/// the dimension numbers.
pub fn infer_scatter(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let n = input_count(cx.operand_types.len())?;
    let types = cx.operand_types;
    let same_shape = |what: &str, first: usize| -> Result<(), String> {
        let base = cx.tensor(first)?;
        for k in 1..n {
            let other = cx.tensor(first + k)?;
            let agree = other.dims.len() == base.dims.len() && other.dims.iter().zip(&base.dims).all(|(a, b)| merge_dim(*a, *b).is_some());
            if !agree {
                return Err(format!(
                    "{what} #{k} ({}) has a different shape from {what} #0 ({})",
                    ctx.type_to_string(types[first + k]),
                    ctx.type_to_string(types[first])
                ));
            }
        }
        Ok(())
    };
    same_shape("input", 0)?;
    same_shape("update", n + 1)?;
    for k in 0..n {
        let (input, update) = (cx.tensor(k)?, cx.tensor(n + 1 + k)?);
        if input.element != update.element {
            return Err(format!(
                "update #{k} has element type {}, but input #{k} has {}",
                ctx.type_to_string(update.element),
                ctx.type_to_string(input.element)
            ));
        }
    }
    let (input, updates) = (cx.tensor(0)?, cx.tensor(n + 1)?);
    let window_dims = cx.i64_array("update_window_dims")?;
    let numbers = IndexingDims {
        operand_name: "inputs",
        indices_name: "scatter_indices",
        window: ("update_window_dims", window_dims.len()),
        collapsed: ("inserted_window_dims", cx.i64_array("inserted_window_dims")?),
        operand_batching: ("input_batching_dims", cx.i64_array("input_batching_dims")?),
        indices_batching: ("scatter_indices_batching_dims", cx.i64_array("scatter_indices_batching_dims")?),
        index_map: ("scatter_dims_to_operand_dims", cx.i64_array("scatter_dims_to_operand_dims")?),
        index_vector_dim: i64_attr(cx, "index_vector_dim")?,
    };
    let indexing = numbers.check(ctx, input, types[n])?;
    let rank = updates.dims.len();
    let expected_rank = window_dims.len() + indexing.batch_dims.len();
    if rank != expected_rank {
        return Err(format!(
            "updates have rank {rank}, but update_window_dims ({}) and the scatter dimensions of scatter_indices ({}) make {expected_rank}",
            window_dims.len(),
            indexing.batch_dims.len()
        ));
    }
    check_sorted("update_window_dims", window_dims)?;
    let is_window = distinct_dims("update_window_dims", window_dims, rank, "updates")?;
    // The window dimensions pair in order with the input dimensions neither inserted nor
    // batching (as many, by the rank check of `numbers.check`).
    for (&ud, &id) in window_dims.iter().zip(&indexing.window_operand_dims) {
        let (u, i) = (updates.dims[ud as usize], input.dims[id]);
        if let (Some(u_size), Some(i_size)) = (u.static_size(), upper_bound(i)) {
            if u_size > i_size {
                return Err(format!(
                    "updates dimension {ud} has size {u_size}, which exceeds the size {} of input dimension {id}",
                    dim_to_string(i)
                ));
            }
        }
    }
    let scatter_dims = (0..rank).filter(|&d| !is_window[d]);
    for (ud, &(sd, s)) in scatter_dims.zip(&indexing.batch_dims) {
        let u = updates.dims[ud];
        if merge_dim(u, s).is_none() {
            return Err(format!(
                "updates dimension {ud} has size {}, but scatter_indices dimension {sd} has size {}",
                dim_to_string(u),
                dim_to_string(s)
            ));
        }
    }
    Ok(types[..n].to_vec())
}

/// Checks the update computation of `hlo.scatter`: N input elements and N update elements
/// (0-d tensors of the inputs' element types) in, N elements out.
pub fn verify_scatter(op: OpRef) -> Result<(), Diagnostic> {
    let scatter = ScatterOp::from_id_unchecked(op.id);
    let (ctx, body) = (op.ctx(), op.body);
    let mut scalars = Vec::new();
    for &input in scatter.inputs(body) {
        let ty = body.value_type(input);
        let Some(input) = ctx.as_tensor(ty) else {
            return Ok(()); // the declared constraints report it
        };
        scalars.push(scalar_of(ctx, input.element));
    }
    let args: Vec<Type> = scalars.iter().chain(&scalars).copied().collect();
    verify_scalar_computation(op, scatter.update_computation(body), "update_computation", &args, &scalars)
}

/// The dimension numbers in the order the custom form writes them.
const SCATTER_KEYWORDS: [Keyword; 6] = [
    Keyword { name: "update_window_dims", omit_empty: false },
    Keyword { name: "inserted_window_dims", omit_empty: false },
    Keyword { name: "input_batching_dims", omit_empty: true },
    Keyword { name: "scatter_indices_batching_dims", omit_empty: true },
    Keyword { name: "scatter_dims_to_operand_dims", omit_empty: false },
    Keyword { name: "index_vector_dim", omit_empty: false },
];

/// Prints `(%x, %y)[%i] updates(%u, %v), update_window_dims = [..], ... : (types) -> types {..}`;
/// empty batching dimension lists are left out.
fn print_scatter(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let operands = body.op(op).operands.clone();
    let n = operands.len().saturating_sub(1) / 2;
    p.print("(");
    p.print_operands(&operands[..n]);
    p.print(")[");
    p.print_operands(operands.get(n..(n + 1).min(operands.len())).unwrap_or(&[]));
    p.print("] updates(");
    p.print_operands(operands.get(n + 1..).unwrap_or(&[]));
    p.print(")");
    print_keywords(p, op, &SCATTER_KEYWORDS);
    print_trailing_types(p, op, &SCATTER_KEYWORDS.map(|k| k.name));
    for region in body.op(op).regions.clone() {
        p.print(" ");
        p.print_region(region, true);
    }
}

fn parse_scatter(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut operands = parse_paren_operands(p)?;
    p.expect(TokenKind::LSquare)?;
    operands.extend(p.parse_optional_operand_list()?);
    p.expect(TokenKind::RSquare)?;
    p.expect_keyword("updates")?;
    operands.extend(parse_paren_operands(p)?);
    parse_keywords(p, state, &SCATTER_KEYWORDS)?;
    parse_trailing_types(p, state, &operands)?;
    state.regions.push(p.parse_region(Vec::new(), false)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReturnOp};
    use xla_ir::{Body, Builder, ValueId};

    /// The dimension numbers of one scatter, in builder order.
    struct Numbers<'a> {
        window: &'a [i64],
        inserted: &'a [i64],
        input_batching: &'a [i64],
        indices_batching: &'a [i64],
        map: &'a [i64],
        ivd: i64,
    }

    /// Row scatter: `tensor<2x3>` updates into rows of `tensor<5x3>` at `tensor<2x1>` indices.
    const ROWS: Numbers = Numbers { window: &[1], inserted: &[0], input_batching: &[], indices_batching: &[], map: &[0], ivd: 1 };

    fn build(b: &mut Builder, inputs: &[ValueId], indices: ValueId, updates: &[ValueId], n: &Numbers) -> Result<ScatterOp, Diagnostic> {
        ScatterOp::build(b, inputs, indices, updates, n.window, n.inserted, n.input_batching, n.indices_batching, n.map, n.ivd, None, None)
    }

    /// Fills the update computation with one `hlo.add` per input/update pair of the given
    /// 0-d types, returning the first `returned` sums.
    fn add_computation(body: &mut Body, scatter: ScatterOp, scalars: &[Type], returned: usize) {
        let block = body.append_block(scatter.update_computation(body));
        let args: Vec<ValueId> = scalars.iter().chain(scalars).map(|t| body.add_block_arg(block, *t)).collect();
        let location = body.ctx().unknown_loc();
        let mut b = Builder::at_end(body, block, location);
        let n = scalars.len();
        let mut sums: Vec<ValueId> =
            (0..n).map(|i| AddOp::build(&mut b, args[i], args[n + i], None).expect("same types").result(b.body)).collect();
        sums.truncate(returned);
        ReturnOp::build(&mut b, &sums).expect("no inference");
    }

    #[test]
    fn results_have_the_input_types() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[5, 3], f32),
                ctx.tensor_type(&[5, 3], i32),
                ctx.tensor_type(&[2, 1], i32),
                ctx.tensor_type(&[2, 3], f32),
                ctx.tensor_type(&[2, 3], i32),
                ctx.tensor_type(&[3, 5, 7], f32),
                ctx.tensor_type(&[4, 3, 1], i32),
                ctx.tensor_type(&[4, 3, 7], f32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let rows = build(&mut b, &args[..1], args[2], &args[3..4], &ROWS).expect("valid");
        let pair = build(&mut b, &args[..2], args[2], &args[3..5], &ROWS).expect("valid");
        let batched = Numbers { window: &[2], inserted: &[1], input_batching: &[0], indices_batching: &[1], map: &[1], ivd: 2 };
        let batched = build(&mut b, &args[5..6], args[6], &args[7..8], &batched).expect("valid");
        let types = |op: ScatterOp| op.results(&body).iter().map(|v| body.value_type(*v)).collect::<Vec<_>>();
        assert_eq!(types(rows), [body.value_type(args[0])]);
        assert_eq!(types(pair), [body.value_type(args[0]), body.value_type(args[1])]);
        assert_eq!(types(batched), [body.value_type(args[5])]);
        assert_eq!((pair.inputs(&body), pair.scatter_indices(&body), pair.updates(&body)), (&args[..2], args[2], &args[3..5]));
        assert_eq!(verify_error(&body, rows), "the update_computation must have exactly one block, found 0");
        let (sf, si) = (ctx.tensor_type(&[], f32), ctx.tensor_type(&[], i32));
        add_computation(&mut body, rows, &[sf], 1);
        add_computation(&mut body, pair, &[sf, si], 2);
        add_computation(&mut body, batched, &[sf], 1);
        for op in [rows, pair, batched] {
            assert_eq!(verify(&body, op).map_err(|d| d.message), Ok(()));
        }
    }

    #[test]
    fn the_update_computation_is_checked() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[5, 3], f32), ctx.tensor_type(&[2, 1], i32), ctx.tensor_type(&[2, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let ops: Vec<ScatterOp> = (0..3).map(|_| build(&mut b, &args[..1], args[1], &args[2..], &ROWS).expect("valid")).collect();
        let (sf, si) = (ctx.tensor_type(&[], f32), ctx.tensor_type(&[], i32));
        add_computation(&mut body, ops[0], &[sf, sf], 2);
        add_computation(&mut body, ops[1], &[si], 1);
        add_computation(&mut body, ops[2], &[sf], 0);
        assert_eq!(verify_error(&body, ops[0]), "the update_computation takes 4 arguments, expected 2");
        assert_eq!(verify_error(&body, ops[1]), "update_computation argument #0 has type tensor<i32>, expected tensor<f32>");
        assert_eq!(verify_error(&body, ops[2]), "the update_computation returns 0 values, expected 1");
    }

    #[test]
    fn shapes_and_dimension_numbers_are_checked() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[5, 3], f32),  // 0: input
                ctx.tensor_type(&[2, 1], i32),  // 1: indices
                ctx.tensor_type(&[2, 3], f32),  // 2: updates
                ctx.tensor_type(&[5, 4], f32),  // 3: another input shape
                ctx.tensor_type(&[2, 3], i32),  // 4: updates of another type
                ctx.tensor_type(&[2, 4], f32),  // 5: too wide updates
                ctx.tensor_type(&[3, 3], f32),  // 6: updates with a wrong scatter size
                ctx.tensor_type(&[2], f32),     // 7: updates of low rank
                ctx.tensor_type(&[2, 1], f32),  // 8: float indices
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |inputs: &[ValueId], indices: usize, updates: &[ValueId], n: &Numbers| {
            build(&mut b, inputs, args[indices], updates, n).expect_err("invalid").message
        };
        let (x, u) = (&args[..1], &args[2..3]);
        let prefix = "'hlo.scatter' op ";
        assert_eq!(error(&[], 1, &[], &ROWS), format!("{prefix}needs at least one input"));
        assert_eq!(error(&[args[0], args[3]], 1, &[args[2], args[2]], &ROWS), format!("{prefix}input #1 (tensor<5x4xf32>) has a different shape from input #0 (tensor<5x3xf32>)"));
        assert_eq!(error(&[args[0], args[0]], 1, &[args[2], args[5]], &ROWS), format!("{prefix}update #1 (tensor<2x4xf32>) has a different shape from update #0 (tensor<2x3xf32>)"));
        assert_eq!(error(x, 1, &args[4..5], &ROWS), format!("{prefix}update #0 has element type i32, but input #0 has f32"));
        assert_eq!(error(x, 8, u, &ROWS), format!("{prefix}scatter_indices must be a tensor of integers, found tensor<2x1xf32>"));
        assert_eq!(error(x, 1, u, &Numbers { inserted: &[2], ..ROWS }), format!("{prefix}inserted_window_dims[0] = 2 is out of range for the inputs of rank 2"));
        assert_eq!(
            error(x, 1, u, &Numbers { window: &[], ..ROWS }),
            format!("{prefix}update_window_dims (0), inserted_window_dims (1) and input_batching_dims (0) must add up to the rank of the inputs (2)")
        );
        assert_eq!(
            error(x, 1, &args[7..8], &ROWS),
            format!("{prefix}updates have rank 1, but update_window_dims (1) and the scatter dimensions of scatter_indices (1) make 2")
        );
        assert_eq!(error(x, 1, u, &Numbers { window: &[2], ..ROWS }), format!("{prefix}update_window_dims[0] = 2 is out of range for updates of rank 2"));
        assert_eq!(
            error(x, 1, u, &Numbers { window: &[1, 0], inserted: &[], ..ROWS }),
            format!("{prefix}updates have rank 2, but update_window_dims (2) and the scatter dimensions of scatter_indices (1) make 3")
        );
        assert_eq!(
            error(x, 1, &args[5..6], &ROWS),
            format!("{prefix}updates dimension 1 has size 4, which exceeds the size 3 of input dimension 1")
        );
        assert_eq!(
            error(x, 1, &args[6..7], &ROWS),
            format!("{prefix}updates dimension 0 has size 3, but scatter_indices dimension 0 has size 2")
        );
    }
}
