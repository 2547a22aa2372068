//! `hlo.while`: XLA's `While`, which runs a body computation on a loop-carried value while
//! a condition computation returns true.
//!
//! XLA's loop-carried value of type `T` is often a tuple; here it is a list of values (the
//! one-operand case is XLA's single-value form). Shape rule: the results have the operands'
//! types, since the value's shape is the same on every iteration.

use xla_ir::constraints::{AnyType, Region, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::{Diagnostic, Op, OpRef, Type};
use xla_macros::op;

use super::computation::{operand_origin, verify_computation, Signature};

/// Runs `body` on the loop-carried values while `cond` holds, starting from the operands.
///
/// `cond` takes the loop-carried values and returns a `tensor<i1>`; `body` takes them and
/// returns their next values, of the same types. The results are the values after the last
/// iteration (the operands when `cond` is false at once). The regions may use values defined
/// above the loop.
///
/// Example: `%0:2 = hlo.while(%i0, %x0) : tensor<i32>, tensor<4xf32> cond { ^bb0(%i: tensor<i32>, %x: tensor<4xf32>): ... hlo.return %p : tensor<i1> } do { ^bb0(%i: tensor<i32>, %x: tensor<4xf32>): ... hlo.return %i1, %x1 : tensor<i32>, tensor<4xf32> }`
#[op(
    name = "hlo.while",
    infer = infer_while,
    verify = verify_while,
    format = "`(` $operands `)` attr-dict `:` type($operands) `cond` $cond `do` $body"
)]
pub struct WhileOp {
    /// The initial loop-carried values.
    #[operand]
    operands: Variadic<AnyType>,
    /// The condition: loop-carried values to a `tensor<i1>`.
    #[region]
    cond: Region,
    /// The body: loop-carried values to their next values.
    #[region]
    body: Region,
    /// The loop-carried values after the last iteration.
    #[result]
    results: Variadic<AnyType>,
}

/// The shape function of `hlo.while`: the results have the operands' types.
pub fn infer_while(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(cx.operand_types.to_vec())
}

/// Checks the regions of `hlo.while`: `cond` takes the operand types and returns one
/// `tensor<i1>`; `body` takes and returns the operand types.
pub fn verify_while(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let while_op = WhileOp::from_id_unchecked(op.id);
    let types = op.operand_types();
    let predicate = [ctx.tensor_type(&[], ctx.int_type(1))];
    let cond = Signature {
        args: &types,
        arg_origin: &operand_origin,
        results: &predicate,
        result_origin: &|_| "the loop condition is a 0-d predicate".to_string(),
    };
    verify_computation(op, while_op.cond(op.body), "the cond region", &cond)?;
    let body = Signature { args: &types, arg_origin: &operand_origin, results: &types, result_origin: &operand_origin };
    verify_computation(op, while_op.body(op.body), "the body region", &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReturnOp};
    use xla_ir::{Body, Builder, RegionId, ValueId};

    /// Appends a block taking `args` to `region` and returns its arguments.
    fn entry(body: &mut Body, region: RegionId, args: &[Type]) -> (xla_ir::BlockId, Vec<ValueId>) {
        let block = body.append_block(region);
        let values = args.iter().map(|t| body.add_block_arg(block, *t)).collect();
        (block, values)
    }

    /// Fills `cond` with a block over `args` returning its argument `returned`, and `body`
    /// with a block returning `x + x` for every argument.
    fn fill(body: &mut Body, op: WhileOp, args: &[Type], returned: usize) {
        let location = body.ctx().unknown_loc();
        let (block, values) = entry(body, op.cond(body), args);
        let mut b = Builder::at_end(body, block, location);
        ReturnOp::build(&mut b, &[values[returned]]).expect("no inference to fail");
        let (block, values) = entry(body, op.body(body), args);
        let mut b = Builder::at_end(body, block, location);
        let next: Vec<ValueId> = values
            .iter()
            .map(|v| {
                let sum = AddOp::build(&mut b, *v, *v, None).expect("same types");
                sum.result(b.body)
            })
            .collect();
        ReturnOp::build(&mut b, &next).expect("no inference to fail");
    }

    #[test]
    fn results_have_the_operand_types_and_regions_are_checked() {
        let ctx = context();
        let pred = ctx.tensor_type(&[], ctx.int_type(1));
        let vector = ctx.tensor_type(&[4], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[pred, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let loop_op = WhileOp::build(&mut b, &args).expect("no inference to fail");
        let results: Vec<Type> = loop_op.results(&body).iter().map(|v| body.value_type(*v)).collect();
        assert_eq!(results, [pred, vector]);
        assert_eq!(loop_op.operands(&body), &args[..]);
        assert_eq!(verify_error(&body, loop_op), "the cond region must have exactly one block, found 0");
        fill(&mut body, loop_op, &[pred, vector], 0);
        assert_eq!(verify(&body, loop_op).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn region_signatures_must_match_the_operands() {
        let ctx = context();
        let pred = ctx.tensor_type(&[], ctx.int_type(1));
        let vector = ctx.tensor_type(&[4], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[pred, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let returns_vector = WhileOp::build(&mut b, &args).expect("built");
        let wrong_args = WhileOp::build(&mut b, &args).expect("built");
        let too_few = WhileOp::build(&mut b, &args).expect("built");
        fill(&mut body, returns_vector, &[pred, vector], 1);
        fill(&mut body, wrong_args, &[pred, ctx.tensor_type(&[4], ctx.int_type(32))], 0);
        fill(&mut body, too_few, &[pred], 0);
        assert_eq!(
            verify_error(&body, returns_vector),
            "the cond region result #0 has type tensor<4xf32>, expected tensor<i1> (the loop condition is a 0-d predicate)"
        );
        assert_eq!(
            verify_error(&body, wrong_args),
            "the cond region argument #1 has type tensor<4xi32>, expected tensor<4xf32> (the type of operand #1)"
        );
        assert_eq!(verify_error(&body, too_few), "the cond region takes 1 arguments, expected 2");
    }
}
