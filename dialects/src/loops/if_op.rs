//! `loop.if`: a two-way conditional with results.
//!
//! `%r = loop.if %p -> (f32) { loop.yield %a : f32 } else { loop.yield %b : f32 }` runs the
//! first region when `%p` holds and the second otherwise; the results are what the region
//! run yields. Without results the form is `loop.if %p { ... loop.yield } else { ...
//! loop.yield }`, and `else { loop.yield }` may be left out.
//!
//! Invariants checked by the verifier: both regions are one block without arguments that
//! ends with `loop.yield` of the result types.

use xla_ir::constraints::{AnyType, Region, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, InsertPoint, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_type_tuple, print_type_tuple};
use super::regions::check_region;
use super::types::Pred;

/// Runs `then_region` when `condition` holds and `else_region` otherwise; the results are
/// what the region run yields.
///
/// Example: `%r = loop.if %p -> (f32) { loop.yield %a : f32 } else { loop.yield %b : f32 }`
#[op(
    name = "loop.if",
    traits = [SingleBlock],
    verify = verify_if,
    print = print_if,
    parse = parse_if
)]
pub struct IfOp {
    /// Which region runs.
    #[operand]
    condition: Pred,
    /// Runs when the condition holds.
    #[region]
    then_region: Region,
    /// Runs when it does not.
    #[region]
    else_region: Region,
    /// What the region run yields.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `loop.if`: both regions take nothing and end with `loop.yield`.
pub fn verify_if(op: OpRef) -> Result<(), Diagnostic> {
    let regions = op.regions();
    check_region(op, regions[0], "the then region", &[], "loop.yield")?;
    check_region(op, regions[1], "the else region", &[], "loop.yield")
}

/// Prints ` %p -> (T) {...} else {...} {attrs}`.
fn print_if(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operand(data.operands[0]);
    if !data.results.is_empty() {
        p.print(" -> ");
        let types: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
        print_type_tuple(p, &types);
    }
    p.print(" ");
    p.print_region(data.regions[0], false);
    p.print(" else ");
    p.print_region(data.regions[1], false);
    p.print_attr_dict(&data.attributes, &[]);
}

/// Parses what [`print_if`] prints; a missing `else` region of an `if` without results is
/// an empty one, `{ loop.yield }`.
fn parse_if(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let condition = p.parse_operand()?;
    let results = if p.accept(TokenKind::Arrow) { parse_type_tuple(p)? } else { Vec::new() };
    state.operands = vec![p.resolve_operand(&condition, p.ctx().int_type(1))?];
    state.regions.push(p.parse_region(Vec::new(), false)?);
    if p.accept_keyword("else") {
        state.regions.push(p.parse_region(Vec::new(), false)?);
    } else if results.is_empty() {
        state.regions.push(empty_yield_region(p, state.location));
    } else {
        return Err(p.error("expected 'else': a loop.if with results needs both regions"));
    }
    parse_attr_dict_into(p, state)?;
    state.result_types = results;
    Ok(())
}

/// A region of one block holding `loop.yield`.
fn empty_yield_region(p: &mut OpParser, location: xla_ir::Location) -> xla_ir::RegionId {
    let region = p.body.create_region();
    let block = p.body.append_block(region);
    let yield_op = p.body.create_op(OpState::new(p.ctx().symbol("loop.yield"), location));
    p.body.insert_op(yield_op, InsertPoint::BlockEnd(block));
    region
}
