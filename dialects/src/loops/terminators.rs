//! `loop.yield` and `loop.condition`: the terminators of the loop dialect's regions.
//!
//! - `loop.yield %a, %b : f32, i32` ends the body of `loop.for` (the next values of the
//!   loop-carried scalars), a branch of `loop.if` (its results), the `do` region of
//!   `loop.while` (the next values of the loop-carried values) and the body of
//!   `loop.parallel` (no values);
//! - `loop.condition %p, %a, %b : i32, f32` ends the `cond` region of `loop.while`: the
//!   loop goes on while `%p` holds, and the other values are forwarded (to the `do` region,
//!   or as the loop's results when it stops).
//!
//! Invariant checked here: a terminator sits in the region of the op it belongs to and
//! gives exactly the types that op expects there.

use xla_ir::constraints::{AnyType, Variadic};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Body, Diagnostic, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_values_with_types, print_values_with_types};
use super::types::Pred;

/// Ends a region of `loop.for`, `loop.parallel`, `loop.if` or the `do` region of
/// `loop.while`, giving the values that op expects.
///
/// Example: `loop.yield %next : f32`
#[op(
    name = "loop.yield",
    traits = [Pure, Terminator, ReturnLike],
    verify = verify_yield,
    print = print_yield,
    parse = parse_yield
)]
pub struct YieldOp {
    /// The values given to the parent op.
    #[operand]
    values: Variadic<AnyType>,
}

/// Ends the `cond` region of `loop.while`: the loop goes on while `condition` holds, and
/// `args` are forwarded to the `do` region, or become the loop's results when it stops.
///
/// Example: `loop.condition %p, %a, %b : i32, f32`
#[op(
    name = "loop.condition",
    traits = [Pure, Terminator, ReturnLike],
    verify = verify_condition,
    print = print_condition,
    parse = parse_condition
)]
pub struct ConditionOp {
    /// Whether the loop goes on.
    #[operand]
    condition: Pred,
    /// The values forwarded.
    #[operand]
    args: Variadic<AnyType>,
}

/// The op whose region `op` terminates, and the index of that region among its regions.
fn parent_region(body: &Body, op: OpId) -> Option<(OpId, usize)> {
    let block = body.op_block(op)?;
    let region = body.block(block).region.expand()?;
    let parent = body.parent_op(op)?;
    let index = body.op(parent).regions.iter().position(|r| *r == region)?;
    Some((parent, index))
}

/// Checks that the types of `values` are `expected`, naming `what` they are for.
fn check_types(op: OpRef, actual: &[Type], expected: &[Type], what: &str) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    if actual.len() != expected.len() {
        return Err(op.error(format!("gives {} values, but {what} takes {}", actual.len(), expected.len())));
    }
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        if a != e {
            return Err(op.error(format!(
                "value #{i} has type {}, but {what} takes {}",
                ctx.type_to_string(*a),
                ctx.type_to_string(*e)
            )));
        }
    }
    Ok(())
}

/// Checks `loop.yield`: its parent and the types that parent expects from it.
pub fn verify_yield(op: OpRef) -> Result<(), Diagnostic> {
    let body = op.body;
    let Some((parent, region)) = parent_region(body, op.id) else {
        return Err(op.error("expects parent op 'loop.for', 'loop.parallel', 'loop.if' or 'loop.while'"));
    };
    let parent_ref = OpRef::new(body, parent);
    let (expected, what) = match (parent_ref.name(), region) {
        ("loop.for", _) => (parent_ref.operand_types().get(3..).unwrap_or_default().to_vec(), "the loop.for's iter_args"),
        ("loop.parallel", _) => (Vec::new(), "loop.parallel"),
        ("loop.if", _) => (parent_ref.result_types(), "the loop.if's results"),
        ("loop.while", 1) => (parent_ref.operand_types(), "the loop.while's loop-carried values"),
        ("loop.while", _) => return Err(op.error("cannot end the cond region of 'loop.while': use loop.condition")),
        _ => return Err(op.error("expects parent op 'loop.for', 'loop.parallel', 'loop.if' or 'loop.while'")),
    };
    check_types(op, &op.operand_types(), &expected, what)
}

/// Checks `loop.condition`: it ends the `cond` region of a `loop.while` and forwards its
/// result types.
pub fn verify_condition(op: OpRef) -> Result<(), Diagnostic> {
    let body = op.body;
    let parent = parent_region(body, op.id).filter(|(p, region)| body.op_name(*p) == "loop.while" && *region == 0);
    let Some((parent, _)) = parent else {
        return Err(op.error("expects to end the cond region of 'loop.while'"));
    };
    let forwarded = &op.operand_types()[1..];
    check_types(op, forwarded, &OpRef::new(body, parent).result_types(), "the loop.while's results")
}

/// Prints ` {attrs} %a, %b : A, B`.
fn print_yield(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print_attr_dict(&data.attributes, &[]);
    print_values_with_types(p, &data.operands.clone());
}

/// Parses what [`print_yield`] prints.
fn parse_yield(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_attr_dict_into(p, state)?;
    state.operands = parse_values_with_types(p)?;
    Ok(())
}

/// Prints ` %p, %a, %b {attrs} : A, B` (the condition's type, `i1`, is implied).
fn print_condition(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    let forwarded: Vec<Type> = data.operands.iter().skip(1).map(|v| body.value_type(*v)).collect();
    if !forwarded.is_empty() {
        p.print(" : ");
        p.print_types(&forwarded);
    }
}

/// Parses what [`print_condition`] prints.
fn parse_condition(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_operand_list()?;
    parse_attr_dict_into(p, state)?;
    let mut types = vec![p.ctx().int_type(1)];
    if p.accept(xla_ir::parser::lexer::TokenKind::Colon) {
        types.extend(super::forms::parse_types_for(p, operands.len() - 1)?);
    } else if operands.len() > 1 {
        return Err(p.error("expected ':' and the types of the forwarded values"));
    }
    state.operands = p.resolve_operands(&operands, &types)?;
    Ok(())
}
