//! `hlo.map`, which applies a scalar computation elementwise across N tensors, and
//! `hlo.iota`, which counts along one dimension.
//!
//! Shape rules (operation semantics): `map`'s inputs share one shape, its computation takes
//! one 0-d tensor per input (of that input's element type) and returns one 0-d tensor, and the
//! result has the inputs' shape with the computation's result element type; `dimensions`
//! lists every dimension in order (XLA maps over all of them). `iota`'s result type is given;
//! `iota_dimension` is one of its dimensions.

use xla_ir::constraints::{AttrKind, I64ArrayAttr, I64Attr, NumericTensor, Region, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::shape::{compatible, merge_dim};
use xla_ir::{Diagnostic, Dim, Op, OpId, OpRef, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::elementwise_support::{parse_attr_dict_into, IntFloatOrComplexTensor};

/// Applies a scalar computation to the elements of N tensors at each index.
///
/// XLA's `Map`: the inputs have one shape; the computation takes one 0-d tensor per input, of
/// its element type, and returns one 0-d tensor with `hlo.return`; the result has the inputs'
/// shape and the element type the computation returns. `dimensions` lists every dimension
/// in order, since XLA maps over all of them. The result type is given, as the shape function
/// does not see the computation.
///
/// Example: `%0 = hlo.map(%a, %b) dimensions = [0] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> { ... }`
#[op(
    name = "hlo.map",
    traits = [Pure, Elementwise],
    verify = verify_map,
    format = "`(` $inputs `)` `dimensions` `=` $dimensions attr-dict `:` functional-type(operands, results) $computation"
)]
pub struct MapOp {
    /// The tensors to map over, all of one shape.
    #[operand]
    inputs: Variadic<NumericTensor>,
    /// Every dimension of the inputs, in order.
    #[attr]
    dimensions: I64ArrayAttr,
    /// The scalar computation.
    #[region]
    computation: Region,
    #[result]
    result: NumericTensor,
}

/// A tensor of the given shape counting from 0 along `iota_dimension`.
///
/// XLA's `Iota`: element `i` is its index along `iota_dimension`, for integers, floats (as if
/// converted from an integer iota) and complex numbers (with zero imaginary parts). The
/// result type is given.
///
/// Example: `%0 = hlo.iota dim = 1 : tensor<4x8xi32>`
#[op(
    name = "hlo.iota",
    traits = [Pure],
    verify = verify_iota,
    patterns = [super::iota_patterns::IOTA_TO_BROADCAST],
    print = print_iota,
    parse = parse_iota
)]
pub struct IotaOp {
    /// The dimension along which the values count up.
    #[attr]
    iota_dimension: I64Attr,
    #[result]
    result: IntFloatOrComplexTensor,
}

/// The merged shape of the inputs of `hlo.map`.
fn map_shape(op: OpRef, inputs: &[xla_ir::ValueId]) -> Result<Vec<Dim>, Diagnostic> {
    let ctx = op.ctx();
    let Some((&first, rest)) = inputs.split_first() else {
        return Err(op.error("needs at least one input"));
    };
    let tensor = |v| ctx.as_tensor(op.body.value_type(v)).ok_or_else(|| op.error("inputs must be tensors"));
    let mut dims = tensor(first)?.dims.clone();
    for (i, &input) in rest.iter().enumerate() {
        let other = tensor(input)?;
        let merged = (other.dims.len() == dims.len())
            .then(|| dims.iter().zip(&other.dims).map(|(a, b)| merge_dim(*a, *b)).collect::<Option<Vec<_>>>())
            .flatten();
        dims = merged.ok_or_else(|| {
            op.error(format!(
                "input #{} ({}) has a different shape from input #0 ({})",
                i + 1,
                ctx.type_to_string(op.body.value_type(input)),
                ctx.type_to_string(op.body.value_type(first))
            ))
        })?;
    }
    Ok(dims)
}

/// Checks `hlo.map`: inputs of one shape, `dimensions` listing every dimension in order, a
/// computation from one 0-d tensor per input to one 0-d tensor, and a result of the inputs'
/// shape with the computation's result element type.
pub fn verify_map(op: OpRef) -> Result<(), Diagnostic> {
    let map = MapOp::from_id_unchecked(op.id);
    let (ctx, body) = (op.ctx(), op.body);
    let inputs = map.inputs(body);
    let dims = map_shape(op, inputs)?;
    let dimensions = map.dimensions(body);
    let every: Vec<i64> = (0..dims.len() as i64).collect();
    if dimensions != every.as_slice() {
        return Err(op.error(format!(
            "dimensions must list every dimension of the inputs in order ({every:?}), found {dimensions:?}"
        )));
    }
    let returned = verify_computation(op, map, inputs)?;
    let result_type = body.value_type(map.result(body));
    let result = ctx.as_tensor(result_type).ok_or_else(|| op.error("the result must be a tensor"))?;
    let expected = ctx.ty(TypeData::Tensor(TensorType { dims, element: result.element, layout: None }));
    if !compatible(ctx, result_type, expected) {
        return Err(op.error(format!(
            "the result ({}) must have the shape of the inputs ({})",
            ctx.type_to_string(result_type),
            ctx.type_to_string(body.value_type(inputs[0]))
        )));
    }
    if result.element != returned {
        return Err(op.error(format!(
            "the result element type {} differs from the computation's result element type {}",
            ctx.type_to_string(result.element),
            ctx.type_to_string(returned)
        )));
    }
    Ok(())
}

/// Checks the computation of `map` and returns the element type it returns.
fn verify_computation(op: OpRef, map: MapOp, inputs: &[xla_ir::ValueId]) -> Result<Type, Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let blocks = &body.region(map.computation(body)).blocks;
    let &[block] = blocks.as_slice() else {
        return Err(op.error(format!("the computation must have exactly one block, found {}", blocks.len())));
    };
    let args = &body.block(block).args;
    if args.len() != inputs.len() {
        return Err(op.error(format!(
            "the computation takes {} arguments, expected {} (one per input)",
            args.len(),
            inputs.len()
        )));
    }
    for (i, (arg, input)) in args.iter().zip(inputs).enumerate() {
        let element = ctx.element_type(body.value_type(*input));
        let expected = ctx.tensor_type(&[], element);
        let actual = body.value_type(*arg);
        if actual != expected {
            return Err(op.error(format!(
                "computation argument #{i} has type {}, expected {} (a 0-d tensor of input #{i}'s element type)",
                ctx.type_to_string(actual),
                ctx.type_to_string(expected)
            )));
        }
    }
    let Some(terminator) = body.last_op(block) else {
        return Err(op.error("the computation block is empty; it must end with hlo.return"));
    };
    if body.op_name(terminator) != super::ReturnOp::DEF.name {
        return Err(op.error(format!("the computation must end with hlo.return, found '{}'", body.op_name(terminator))));
    }
    let returned = &body.op(terminator).operands;
    let &[value] = returned.as_slice() else {
        return Err(op.error(format!("the computation returns {} values, expected 1", returned.len())));
    };
    let ty = body.value_type(value);
    match ctx.as_tensor(ty) {
        Some(t) if t.dims.is_empty() => Ok(t.element),
        _ => Err(op.error(format!("the computation must return a 0-d tensor, found {}", ctx.type_to_string(ty)))),
    }
}

/// Checks `hlo.iota`: `iota_dimension` is a dimension of the result.
pub fn verify_iota(op: OpRef) -> Result<(), Diagnostic> {
    let iota = IotaOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let rank = ctx.as_tensor(op.body.value_type(iota.result(op.body))).map_or(0, |t| t.dims.len());
    let dimension = iota.iota_dimension(op.body);
    if usize::try_from(dimension).map_or(true, |d| d >= rank) {
        return Err(op.error(format!("iota_dimension {dimension} is out of range for a result of rank {rank}")));
    }
    Ok(())
}

/// Prints ` dim = 1 {attrs} : T`.
fn print_iota(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    let mut elided: Vec<&str> = Vec::new();
    if let Some(dimension) = body.attr(op, "iota_dimension").and_then(|a| I64Attr::get(body.ctx(), a)) {
        p.print(&format!(" dim = {dimension}"));
        elided.push("iota_dimension");
    }
    p.print_attr_dict(&data.attributes, &elided);
    p.print(" : ");
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    p.print_types(&results);
}

/// Parses what [`print_iota`] prints.
fn parse_iota(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if p.accept_keyword("dim") {
        p.expect(TokenKind::Equal)?;
        let at = p.loc();
        let dimension =
            i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
        state.set_attr(ctx.symbol("iota_dimension"), ctx.i64_attr(dimension));
    }
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    state.result_types = vec![p.parse_type()?];
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReturnOp};
    use xla_ir::{Body, Builder, Context, ValueId};

    /// Fills the computation of `map` with arguments of `arg_types`; it returns the sum of
    /// the first two arguments, or the first one alone.
    fn fill(body: &mut Body, map: MapOp, arg_types: &[Type]) {
        let block = body.append_block(map.computation(body));
        let args: Vec<ValueId> = arg_types.iter().map(|t| body.add_block_arg(block, *t)).collect();
        let location = body.ctx().unknown_loc();
        let mut b = Builder::at_end(body, block, location);
        let value = match args[..] {
            [x, y, ..] => AddOp::build(&mut b, x, y, None).expect("same types").result(b.body),
            [x] => x,
            [] => return,
        };
        ReturnOp::build(&mut b, &[value]).expect("no inference");
    }

    fn map_case(
        ctx: &Context,
        input_types: &[Type],
        dimensions: &[i64],
        result: Type,
        arg_types: &[Type],
    ) -> Result<(), String> {
        let mut body = Body::new(ctx);
        let (block, args) = block_with_args(&mut body, input_types);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let map = MapOp::build(&mut b, &args, dimensions, result).expect("no inference");
        fill(&mut body, map, arg_types);
        match verify(&body, map) {
            Ok(()) => Ok(()),
            Err(_) => Err(verify_error(&body, map)),
        }
    }

    #[test]
    fn map_applies_a_scalar_computation() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let (v, s) = (ctx.tensor_type(&[4, 2], f32), ctx.tensor_type(&[], f32));
        assert_eq!(map_case(&ctx, &[v, v], &[0, 1], v, &[s, s]), Ok(()));
        assert_eq!(
            map_case(&ctx, &[ctx.tensor_type(&[], i32)], &[], ctx.tensor_type(&[], i32), &[ctx.tensor_type(&[], i32)]),
            Ok(())
        );
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[v]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let map = MapOp::build(&mut b, &args, &[0, 1], v).expect("no inference");
        assert_eq!((map.inputs(&body), map.dimensions(&body)), (&args[..], &[0, 1][..]));
        assert_eq!(verify_error(&body, map), "the computation must have exactly one block, found 0");
        // The structural verifier rejects an empty block first; the map's own check still
        // holds when it runs alone.
        let block = body.append_block(map.computation(&body));
        body.add_block_arg(block, ctx.tensor_type(&[], f32));
        assert_eq!(verify_error(&body, map), "the computation block is empty; it must end with hlo.return");
    }

    type MapCase<'a> = (&'a [Type], &'a [i64], Type, &'a [Type], &'a str);

    #[test]
    fn map_rejects_bad_inputs_computations_and_results() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let (v, s) = (ctx.tensor_type(&[4], f32), ctx.tensor_type(&[], f32));
        // (input types, dimensions, result type, computation argument types, message)
        let cases: [MapCase; 8] = [
            (&[], &[], v, &[], "needs at least one input"),
            (&[v, ctx.tensor_type(&[5], f32)], &[0], v, &[s, s], "input #1 (tensor<5xf32>) has a different shape from input #0 (tensor<4xf32>)"),
            (&[v], &[1], v, &[s], "dimensions must list every dimension of the inputs in order ([0]), found [1]"),
            (&[v, v], &[0], v, &[s], "the computation takes 1 arguments, expected 2 (one per input)"),
            (&[v], &[0], v, &[ctx.tensor_type(&[], i32)], "computation argument #0 has type tensor<i32>, expected tensor<f32> (a 0-d tensor of input #0's element type)"),
            (&[v], &[0], v, &[v], "computation argument #0 has type tensor<4xf32>, expected tensor<f32> (a 0-d tensor of input #0's element type)"),
            (&[v], &[0], ctx.tensor_type(&[5], f32), &[s], "the result (tensor<5xf32>) must have the shape of the inputs (tensor<4xf32>)"),
            (&[v], &[0], ctx.tensor_type(&[4], i32), &[s], "the result element type i32 differs from the computation's result element type f32"),
        ];
        for (inputs, dimensions, result, arg_types, message) in cases {
            assert_eq!(map_case(&ctx, inputs, dimensions, result, arg_types), Err(message.to_string()));
        }
    }

    #[test]
    fn iota_counts_along_a_dimension_of_its_result() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, _) = block_with_args(&mut body, &[]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let ty = ctx.tensor_type(&[4, 8], ctx.int_type(32));
        let ok = IotaOp::build(&mut b, 1, ty).expect("no inference");
        let too_big = IotaOp::build(&mut b, 2, ty).expect("no inference");
        let negative = IotaOp::build(&mut b, -1, ty).expect("no inference");
        let scalar = IotaOp::build(&mut b, 0, ctx.tensor_type(&[], ctx.f32_type())).expect("no inference");
        assert_eq!((body.value_type(ok.result(&body)), ok.iota_dimension(&body)), (ty, 1));
        assert!(verify(&body, ok).is_ok());
        assert_eq!(verify_error(&body, too_big), "iota_dimension 2 is out of range for a result of rank 2");
        assert_eq!(verify_error(&body, negative), "iota_dimension -1 is out of range for a result of rank 2");
        assert_eq!(verify_error(&body, scalar), "iota_dimension 0 is out of range for a result of rank 0");
    }
}
