//! `loop.for`: a sequential loop over `index` values with loop-carried scalars, so that a
//! reduction's accumulator stays in a register.
//!
//! `%r = loop.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) { ...
//! loop.yield %next : f32 }` runs its body for `%i = %lb, %lb + %s, ...` while `%i < %ub`;
//! `%acc` is `%init` in the first iteration and the yielded value afterwards; the results
//! are the last yielded values (the inits when the body never runs). Without loop-carried
//! values the form is `loop.for %i = %lb to %ub step %s { ... loop.yield }`.
//!
//! Invariants checked by the verifier: the bounds and step are `index`; the body is one
//! block whose arguments are the induction variable (`index`) and one value per init, of
//! the init's type; it ends with `loop.yield` of those types; the results have them too.
//! A step that is not positive is undefined behavior (the interpreter reports it).

use xla_ir::constraints::{AnyType, Region, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_bindings, parse_type_tuple, print_bindings, print_type_tuple};
use super::regions::check_region;
use super::types::Index;

/// Runs `body` for each `index` from `lower_bound` (included) to `upper_bound` (excluded)
/// by `step`, carrying values from one iteration to the next.
///
/// The body's arguments are the induction variable and the loop-carried values (`inits`
/// in the first iteration, what the body yielded afterwards); the results are the values
/// after the last iteration.
///
/// Example: `%r = loop.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) { ... loop.yield %next : f32 }`
#[op(
    name = "loop.for",
    traits = [SingleBlock],
    verify = verify_for,
    print = print_for,
    parse = parse_for
)]
pub struct ForOp {
    /// The first value of the induction variable.
    #[operand]
    lower_bound: Index,
    /// The bound the induction variable stays below.
    #[operand]
    upper_bound: Index,
    /// The increment of the induction variable, positive.
    #[operand]
    step: Index,
    /// The initial loop-carried values.
    #[operand]
    inits: Variadic<AnyType>,
    /// The body: the induction variable and the loop-carried values to their next values.
    #[region]
    body: Region,
    /// The loop-carried values after the last iteration.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `loop.for`: the body's arguments and terminator fit the loop-carried values.
pub fn verify_for(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let inits = op.operand_types()[3..].to_vec();
    let results = op.result_types();
    if inits != results {
        return Err(op.error(format!(
            "has iter_args of types ({}) but results of types ({})",
            type_list(ctx, &inits),
            type_list(ctx, &results)
        )));
    }
    let mut args = vec![ctx.index_type()];
    args.extend(inits);
    check_region(op, op.regions()[0], "the body", &args, "loop.yield")
}

/// `a, b` for messages.
pub(crate) fn type_list(ctx: &xla_ir::Context, types: &[Type]) -> String {
    let mut s = String::new();
    ctx.write_type_list(&mut s, types);
    s
}

/// Prints ` %i = %lb to %ub step %s iter_args(%acc = %init) -> (f32) {...} {attrs}`.
fn print_for(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    let region = data.regions[0];
    let args = body.entry_block(region).map(|b| body.block(b).args.clone()).unwrap_or_default();
    p.print(" ");
    match args.first() {
        Some(iv) => p.print_operand(*iv),
        None => p.print("%<<no induction variable>>"),
    }
    p.print(" = ");
    p.print_operand(data.operands[0]);
    p.print(" to ");
    p.print_operand(data.operands[1]);
    p.print(" step ");
    p.print_operand(data.operands[2]);
    let inits = &data.operands[3..];
    if !inits.is_empty() {
        p.print(" iter_args");
        print_bindings(p, args.get(1..).unwrap_or_default(), inits);
        p.print(" -> ");
        let types: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
        print_type_tuple(p, &types);
    }
    p.print(" ");
    p.print_region(region, false);
    p.print_attr_dict(&data.attributes, &[]);
}

/// Parses what [`print_for`] prints.
fn parse_for(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let iv = p.parse_operand()?;
    p.expect(TokenKind::Equal)?;
    let lower = p.parse_operand()?;
    p.expect_keyword("to")?;
    let upper = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let (bindings, types) = if p.accept_keyword("iter_args") {
        let at = p.loc();
        let bindings = parse_bindings(p)?;
        p.expect(TokenKind::Arrow)?;
        let types = parse_type_tuple(p)?;
        if types.len() != bindings.len() {
            return Err(Diagnostic::error(at, format!("{} iter_args but {} types", bindings.len(), types.len())));
        }
        (bindings, types)
    } else {
        (Vec::new(), Vec::new())
    };
    state.operands = p.resolve_operands(&[lower, upper, step], &[index; 3])?;
    let inits: Vec<_> = bindings.iter().map(|(_, init)| init.clone()).collect();
    state.operands.extend(p.resolve_operands(&inits, &types)?);
    let mut entry = vec![(iv, index)];
    entry.extend(bindings.into_iter().map(|(name, _)| name).zip(types.iter().copied()));
    state.regions.push(p.parse_region(entry, false)?);
    parse_attr_dict_into(p, state)?;
    state.result_types = types;
    Ok(())
}
