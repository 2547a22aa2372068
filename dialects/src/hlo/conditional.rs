//! `hlo.conditional`: XLA's `Conditional`, which runs one of several branch computations
//! chosen by a selector, each on its own operand.
//!
//! Both of XLA's forms are one op: with a `tensor<i1>` selector (XLA's `pred` form) there
//! are exactly two branches, the first run when the predicate is true; with a `tensor<i32>`
//! selector (XLA's `branch_index` form) there are N ≥ 1 branches, and an index out of
//! `[0, N)` runs the last one. Branch `i` takes `branch_operands[i]` as its only argument;
//! every branch returns the op's result types, which are given, since only the branches
//! know them.

use xla_ir::constraints::{AnyTensor, AnyType, Variadic};
use xla_ir::{Diagnostic, Op, OpRef, Signedness, TypeData};
use xla_macros::op;

use super::computation::{verify_computation, Signature};

/// Runs the branch the selector picks on that branch's operand and returns its results.
///
/// With a `tensor<i1>` selector there are two branches: the first runs when it is true,
/// the second when it is false. With a `tensor<i32>` selector, branch `selector` runs, or
/// the last branch when the selector is out of range. Operand `1 + i` is the argument of
/// branch `i`; every branch returns the result types.
///
/// Example: `%0 = hlo.conditional %p, %x, %y : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32> { ^bb0(%a: tensor<2xf32>): ... }, { ^bb0(%b: tensor<f32>): ... }`
#[op(
    name = "hlo.conditional",
    verify = verify_conditional,
    patterns = [super::conditional_patterns::CONDITIONAL_UNPACK_TUPLE_OPERAND],
    format = "$selector `,` $branch_operands attr-dict `:` functional-type(operands, results) $branches"
)]
pub struct ConditionalOp {
    /// A `tensor<i1>` predicate (two branches) or a `tensor<i32>` branch index.
    #[operand]
    selector: AnyTensor,
    /// One argument per branch.
    #[operand]
    branch_operands: Variadic<AnyType>,
    /// The branches, each a computation from its operand to the results.
    #[region]
    branches: Variadic<Region>,
    /// The results of the branch that ran.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `hlo.conditional`: a 0-d `i1` selector with two branches or a 0-d `i32` selector
/// with at least one; one operand per branch; branch `i` takes operand `i` and returns the
/// result types.
pub fn verify_conditional(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let conditional = ConditionalOp::from_id_unchecked(op.id);
    let body = op.body;
    let branches = conditional.branches(body);
    let selector_type = body.value_type(conditional.selector(body));
    let selector = ctx.as_tensor(selector_type).filter(|t| t.dims.is_empty());
    let is_pred = match selector.map(|t| ctx.type_data(t.element)) {
        Some(TypeData::Integer { width: 1, signedness: Signedness::Signless }) => true,
        Some(TypeData::Integer { width: 32, signedness: Signedness::Signless }) => false,
        _ => {
            return Err(op.error(format!(
                "the selector must be a tensor<i1> predicate or a tensor<i32> branch index, found {}",
                ctx.type_to_string(selector_type)
            )));
        }
    };
    if is_pred && branches.len() != 2 {
        return Err(op.error(format!("a tensor<i1> selector chooses between exactly 2 branches, found {}", branches.len())));
    }
    if branches.is_empty() {
        return Err(op.error("needs at least one branch"));
    }
    let operands = conditional.branch_operands(body);
    if operands.len() != branches.len() {
        return Err(op.error(format!(
            "has {} branches but {} branch operands; each branch takes one operand",
            branches.len(),
            operands.len()
        )));
    }
    let results = op.result_types();
    for (i, (region, operand)) in branches.iter().zip(operands).enumerate() {
        let arg = [body.value_type(*operand)];
        let signature = Signature {
            args: &arg,
            arg_origin: &|_| format!("the type of branch operand #{i}"),
            results: &results,
            result_origin: &|k| format!("the type of result #{k}"),
        };
        verify_computation(op, *region, &format!("branch #{i}"), &signature)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::ReturnOp;
    use xla_ir::{Body, Builder, Type, ValueId};

    /// Gives each branch of `op` a block taking `args[i]` and returning that argument.
    fn identity_branches(body: &mut Body, op: ConditionalOp, args: &[Type]) {
        let location = body.ctx().unknown_loc();
        for (region, ty) in op.branches(body).to_vec().into_iter().zip(args) {
            let block = body.append_block(region);
            let arg = body.add_block_arg(block, *ty);
            let mut b = Builder::at_end(body, block, location);
            ReturnOp::build(&mut b, &[arg]).expect("no inference to fail");
        }
    }

    #[test]
    fn predicate_and_index_forms_verify() {
        let ctx = context();
        let pred = ctx.tensor_type(&[], ctx.int_type(1));
        let index = ctx.tensor_type(&[], ctx.int_type(32));
        let vector = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[pred, index, vector, vector, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let if_else = ConditionalOp::build(&mut b, args[0], &args[2..4], &[vector], 2).expect("no inference");
        let switch = ConditionalOp::build(&mut b, args[1], &args[2..5], &[vector], 3).expect("no inference");
        identity_branches(&mut body, if_else, &[vector, vector]);
        identity_branches(&mut body, switch, &[vector, vector, vector]);
        assert_eq!(verify(&body, if_else).map_err(|d| d.message), Ok(()));
        assert_eq!(verify(&body, switch).map_err(|d| d.message), Ok(()));
        assert_eq!(switch.branch_operands(&body), &args[2..5]);
        assert_eq!(switch.branches(&body).len(), 3);
        assert_eq!(body.value_type(if_else.results(&body)[0]), vector);
    }

    #[test]
    fn selectors_branch_counts_and_branch_types_are_checked() {
        let ctx = context();
        let pred = ctx.tensor_type(&[], ctx.int_type(1));
        let vector = ctx.tensor_type(&[2], ctx.f32_type());
        let scalar = ctx.tensor_type(&[], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[pred, vector, scalar, ctx.tensor_type(&[2], ctx.int_type(1))]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let three: Vec<ValueId> = vec![args[1]; 3];
        let pred_three = ConditionalOp::build(&mut b, args[0], &three, &[vector], 3).expect("built");
        let vector_selector = ConditionalOp::build(&mut b, args[3], &args[1..3], &[vector], 2).expect("built");
        let float_selector = ConditionalOp::build(&mut b, args[2], &args[1..3], &[vector], 2).expect("built");
        let missing_operand = ConditionalOp::build(&mut b, args[0], &args[1..2], &[vector], 2).expect("built");
        let wrong_result = ConditionalOp::build(&mut b, args[0], &args[1..3], &[vector], 2).expect("built");
        identity_branches(&mut body, wrong_result, &[vector, scalar]);
        assert_eq!(verify_error(&body, pred_three), "a tensor<i1> selector chooses between exactly 2 branches, found 3");
        let bad_selector = "the selector must be a tensor<i1> predicate or a tensor<i32> branch index, found";
        assert_eq!(verify_error(&body, vector_selector), format!("{bad_selector} tensor<2xi1>"));
        assert_eq!(verify_error(&body, float_selector), format!("{bad_selector} tensor<f32>"));
        assert_eq!(
            verify_error(&body, missing_operand),
            "has 2 branches but 1 branch operands; each branch takes one operand"
        );
        assert_eq!(
            verify_error(&body, wrong_result),
            "branch #1 result #0 has type tensor<f32>, expected tensor<2xf32> (the type of result #0)"
        );
    }
}
