//! `hlo.reduce`: XLA's `Reduce`, which folds N inputs along some dimensions with a reducer
//! region, starting from N init values.
//!
//! Shape rule (operation semantics): all inputs have one shape; result `i` has that shape
//! without the reduced `dimensions` (the remaining ones keep their order) and the element
//! type of init value `i`. The reducer takes the N accumulators then the N input elements,
//! all 0-d tensors, and returns the N new accumulators.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr, Region, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::shape::{compatible, merge_dim};
use xla_ir::{Context, Diagnostic, Dim, Op, OpRef, TensorType, Type, TypeData};
use xla_macros::op;

/// Reduces N tensors along `dimensions` with a reducer region, from N init values.
///
/// Each result has the inputs' shape without `dimensions`. The reducer is a block taking
/// 2N 0-d tensors (the accumulators, then one element of each input) and returning the N
/// new accumulators with `hlo.return`; it should be associative, since the order of
/// application is unspecified.
///
/// Example: `%0 = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> { ... }`
#[op(
    name = "hlo.reduce",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_reduce,
    verify = verify_reduce,
    patterns = [super::reduce_patterns::REDUCE_OF_EMPTY],
    format = "`(` $inputs `init` `:` $init_values `)` `dimensions` `=` $dimensions attr-dict `:` functional-type(operands, results) $body"
)]
pub struct ReduceOp {
    /// The tensors to reduce, all of one shape.
    #[operand]
    inputs: Variadic<AnyTensor>,
    /// One 0-d initial accumulator per input.
    #[operand]
    init_values: Variadic<AnyTensor>,
    /// The dimensions to reduce, distinct and in any order.
    #[attr]
    dimensions: I64ArrayAttr,
    /// The reducer.
    #[region]
    body: Region,
    /// One reduced tensor per input.
    #[result]
    results: Variadic<AnyTensor>,
}

/// The shape shared by `inputs` (merged), after checking that they have one shape and that
/// `dimensions` are distinct dimensions of it; then the dimensions that remain.
fn reduced_dims(ctx: &Context, inputs: &[(Type, &TensorType)], dimensions: &[i64]) -> Result<Vec<Dim>, String> {
    let Some(((first_type, first), rest)) = inputs.split_first() else {
        return Err("needs at least one input".into());
    };
    let mut shape = first.dims.clone();
    for (i, (ty, input)) in rest.iter().enumerate() {
        let merged = (input.dims.len() == shape.len())
            .then(|| shape.iter().zip(&input.dims).map(|(a, b)| merge_dim(*a, *b)).collect::<Option<Vec<_>>>())
            .flatten();
        shape = merged.ok_or_else(|| {
            format!(
                "input #{} ({}) has a different shape from input #0 ({})",
                i + 1,
                ctx.type_to_string(*ty),
                ctx.type_to_string(*first_type)
            )
        })?;
    }
    let rank = shape.len();
    let mut reduced = vec![false; rank];
    for (i, &d) in dimensions.iter().enumerate() {
        let index = usize::try_from(d)
            .ok()
            .filter(|&d| d < rank)
            .ok_or_else(|| format!("dimensions[{i}] = {d} is out of range for inputs of rank {rank}"))?;
        if std::mem::replace(&mut reduced[index], true) {
            return Err(format!("dimensions contains {d} twice"));
        }
    }
    Ok(shape.into_iter().zip(reduced).filter(|(_, r)| !r).map(|(d, _)| d).collect())
}

/// The shape function of `hlo.reduce`.
pub fn infer_reduce(cx: &InferContext) -> Result<Vec<Type>, String> {
    let total = cx.operand_types.len();
    if total % 2 == 1 {
        return Err(format!("needs as many init values as inputs, found {total} operands"));
    }
    let count = total / 2;
    let inputs = (0..count).map(|i| Ok((cx.operand_types[i], cx.tensor(i)?))).collect::<Result<Vec<_>, String>>()?;
    let dims = reduced_dims(cx.ctx, &inputs, cx.i64_array("dimensions")?)?;
    (count..total)
        .map(|i| {
            let element = cx.tensor(i)?.element;
            Ok(cx.ctx.ty(TypeData::Tensor(TensorType { dims: dims.clone(), element, layout: None })))
        })
        .collect()
}

/// Checks `hlo.reduce`: inputs of one shape, valid `dimensions`, 0-d init values, and a
/// reducer block taking 2N accumulators and elements of the init values' types and
/// returning N of them.
pub fn verify_reduce(op: OpRef) -> Result<(), Diagnostic> {
    let reduce = ReduceOp::from_id_unchecked(op.id);
    let (ctx, body) = (op.ctx(), op.body);
    let inputs = reduce.inputs(body);
    let init_values = reduce.init_values(body);
    let mut input_tensors = Vec::new();
    for &v in inputs {
        let ty = body.value_type(v);
        let tensor = ctx.as_tensor(ty).ok_or_else(|| op.error("inputs must be tensors"))?;
        input_tensors.push((ty, tensor));
    }
    reduced_dims(ctx, &input_tensors, reduce.dimensions(body)).map_err(|m| op.error(m))?;
    let init_types: Vec<Type> = init_values.iter().map(|v| body.value_type(*v)).collect();
    for (i, ty) in init_types.iter().enumerate() {
        if !ctx.as_tensor(*ty).is_some_and(|t| t.dims.is_empty()) {
            return Err(op.error(format!("init value #{i} must be a 0-d tensor, found {}", ctx.type_to_string(*ty))));
        }
    }
    verify_reducer(op, reduce, &init_types)
}

/// Checks the reducer block against the init value types.
fn verify_reducer(op: OpRef, reduce: ReduceOp, init_types: &[Type]) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let count = init_types.len();
    let blocks = &body.region(reduce.body(body)).blocks;
    let &[block] = blocks.as_slice() else {
        return Err(op.error(format!("the reducer must have exactly one block, found {}", blocks.len())));
    };
    let mismatch = |what: String, actual: Type, i: usize| {
        op.error(format!(
            "{what} has type {}, but init value #{} has type {}",
            ctx.type_to_string(actual),
            i % count,
            ctx.type_to_string(init_types[i % count])
        ))
    };
    let args = &body.block(block).args;
    if args.len() != 2 * count {
        return Err(op.error(format!(
            "the reducer takes {} arguments, expected {} (an accumulator and an element per input)",
            args.len(),
            2 * count
        )));
    }
    for (i, arg) in args.iter().enumerate() {
        let ty = body.value_type(*arg);
        if !compatible(ctx, ty, init_types[i % count]) {
            return Err(mismatch(format!("reducer argument #{i}"), ty, i));
        }
    }
    let Some(terminator) = body.last_op(block) else {
        return Err(op.error("the reducer block is empty; it must end with hlo.return"));
    };
    // The last op's operands are the returned values only when it is the terminator.
    if body.op_name(terminator) != super::ReturnOp::DEF.name {
        return Err(op.error(format!("the reducer must end with hlo.return, found '{}'", body.op_name(terminator))));
    }
    let returned = &body.op(terminator).operands;
    if returned.len() != count {
        return Err(op.error(format!("the reducer returns {} values, expected {count}", returned.len())));
    }
    for (i, v) in returned.iter().enumerate() {
        let ty = body.value_type(*v);
        if !compatible(ctx, ty, init_types[i]) {
            return Err(mismatch(format!("reducer result #{i}"), ty, i));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReturnOp};
    use xla_ir::{Body, Builder, ValueId};

    /// Fills the reducer of `reduce` with one `hlo.add` per accumulator/element pair of the
    /// given 0-d types and returns the first `returned` sums.
    fn add_reducer(body: &mut Body, reduce: ReduceOp, scalars: &[Type], returned: usize) {
        let region = reduce.body(body);
        let block = body.append_block(region);
        let args: Vec<ValueId> = scalars.iter().chain(scalars).map(|t| body.add_block_arg(block, *t)).collect();
        let location = body.ctx().unknown_loc();
        let mut b = Builder::at_end(body, block, location);
        let count = scalars.len();
        let mut sums = Vec::new();
        for i in 0..count {
            let sum = AddOp::build(&mut b, args[i], args[count + i], None).expect("same types");
            sums.push(sum.result(b.body));
        }
        sums.truncate(returned);
        ReturnOp::build(&mut b, &sums).expect("no inference to fail");
    }

    #[test]
    fn variadic_reduce_drops_the_reduced_dimensions() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let (scalar_f32, scalar_i32) = (ctx.tensor_type(&[], f32), ctx.tensor_type(&[], i32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[ctx.tensor_type(&[2, 3, 4], f32), ctx.tensor_type(&[2, 3, 4], i32), scalar_f32, scalar_i32],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let reduce = ReduceOp::build(&mut b, &args[..2], &args[2..], &[2, 0]).expect("valid reduce");
        let results: Vec<Type> = reduce.results(&body).iter().map(|v| body.value_type(*v)).collect();
        assert_eq!(results, [ctx.tensor_type(&[3], f32), ctx.tensor_type(&[3], i32)]);
        assert_eq!(reduce.inputs(&body), &args[..2]);
        assert_eq!(reduce.init_values(&body), &args[2..]);
        assert_eq!(reduce.dimensions(&body), &[2, 0]);
        assert_eq!(verify_error(&body, reduce), "the reducer must have exactly one block, found 0");
        add_reducer(&mut body, reduce, &[scalar_f32, scalar_i32], 2);
        assert_eq!(verify(&body, reduce).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn the_builder_rejects_bad_inputs_and_dimensions() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let scalar = ctx.tensor_type(&[], f32);
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[3, 2], f32), scalar]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |inputs: &[ValueId], inits: &[ValueId], dims: &[i64]| {
            ReduceOp::build(&mut b, inputs, inits, dims).expect_err("invalid reduce").message
        };
        assert_eq!(
            error(&args[..1], &[args[2], args[2]], &[0]),
            "'hlo.reduce' op needs its variadic operand groups to be the same size, found inputs: 1, init_values: 2"
        );
        assert_eq!(error(&args[..1], &args[2..], &[2]), "'hlo.reduce' op dimensions[0] = 2 is out of range for inputs of rank 2");
        assert_eq!(error(&args[..1], &args[2..], &[1, 1]), "'hlo.reduce' op dimensions contains 1 twice");
        assert_eq!(
            error(&args[..2], &[args[2], args[2]], &[0]),
            "'hlo.reduce' op input #1 (tensor<3x2xf32>) has a different shape from input #0 (tensor<2x3xf32>)"
        );
    }

    #[test]
    fn the_verifier_checks_init_values_and_the_reducer() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let scalar = ctx.tensor_type(&[], f32);
        let vector = ctx.tensor_type(&[3], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), scalar, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let non_scalar_init = ReduceOp::build(&mut b, &args[..1], &args[2..], &[0]).expect("inference passes");
        let wrong_arity = ReduceOp::build(&mut b, &args[..1], &args[1..2], &[0]).expect("valid");
        let wrong_type = ReduceOp::build(&mut b, &args[..1], &args[1..2], &[0]).expect("valid");
        let returns_nothing = ReduceOp::build(&mut b, &args[..1], &args[1..2], &[0]).expect("valid");
        add_reducer(&mut body, non_scalar_init, &[vector], 1);
        add_reducer(&mut body, wrong_arity, &[scalar, scalar], 2);
        add_reducer(&mut body, wrong_type, &[ctx.tensor_type(&[], ctx.int_type(32))], 1);
        add_reducer(&mut body, returns_nothing, &[scalar], 0);
        assert_eq!(verify_error(&body, non_scalar_init), "init value #0 must be a 0-d tensor, found tensor<3xf32>");
        assert_eq!(
            verify_error(&body, wrong_arity),
            "the reducer takes 4 arguments, expected 2 (an accumulator and an element per input)"
        );
        assert_eq!(
            verify_error(&body, wrong_type),
            "reducer argument #0 has type tensor<i32>, but init value #0 has type tensor<f32>"
        );
        assert_eq!(verify_error(&body, returns_nothing), "the reducer returns 0 values, expected 1");
    }
}
