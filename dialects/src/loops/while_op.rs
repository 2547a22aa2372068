//! `loop.while`: a loop whose `cond` region decides whether to go on and forwards values,
//! in the shape of MLIR's `scf.while`.
//!
//! `%r:2 = loop.while (%a = %x, %b = %y) : (i32, f32) -> (i32, f32) cond { ...
//! loop.condition %p, %a, %b : i32, f32 } do { ^bb0(%a1: i32, %b1: f32): ... loop.yield
//! %a2, %b2 : i32, f32 }`: the `cond` region's arguments are named in the parentheses and
//! start as the operands; `loop.condition` decides and forwards values, to the `do` region
//! when the condition holds, as the results otherwise; `do` yields the next values of the
//! `cond` region's arguments. Loops over buffers carry no values:
//! `loop.while () : () -> () cond { ... loop.condition %p } do { ... loop.yield }`.
//!
//! Invariants checked by the verifier: the `cond` region takes the operand types and ends
//! with `loop.condition` forwarding the result types; the `do` region takes the result
//! types and ends with `loop.yield` of the operand types.

use xla_ir::constraints::{AnyType, Region, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState, Type, TypeData};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_bindings, print_bindings};
use super::regions::check_region;

/// Runs `cond` on the loop-carried values, and `body` on what it forwards while its
/// condition holds; the results are what `cond` forwarded last.
///
/// `cond` ends with `loop.condition`, `body` (printed `do`) with `loop.yield` of the next
/// loop-carried values.
///
/// Example: `%r:2 = loop.while (%a = %x, %b = %y) : (i32, f32) -> (i32, f32) cond { ... loop.condition %p, %a, %b : i32, f32 } do { ^bb0(%a1: i32, %b1: f32): ... loop.yield %a2, %b2 : i32, f32 }`
#[op(
    name = "loop.while",
    traits = [SingleBlock],
    verify = verify_while,
    print = print_while,
    parse = parse_while
)]
pub struct WhileOp {
    /// The initial loop-carried values.
    #[operand]
    inits: Variadic<AnyType>,
    /// Decides whether to go on, and forwards values.
    #[region]
    cond: Region,
    /// Computes the next loop-carried values from what `cond` forwarded.
    #[region]
    body: Region,
    /// What `cond` forwarded when its condition failed.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `loop.while`: the regions' arguments and terminators fit the operand and result
/// types.
pub fn verify_while(op: OpRef) -> Result<(), Diagnostic> {
    let regions = op.regions();
    check_region(op, regions[0], "the cond region", &op.operand_types(), "loop.condition")?;
    check_region(op, regions[1], "the do region", &op.result_types(), "loop.yield")
}

/// Prints ` (%a = %x) : (T) -> (R) cond {...} do {...} {attrs}`.
fn print_while(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    let (cond, looped) = (data.regions[0], data.regions[1]);
    let names = body.entry_block(cond).map(|b| body.block(b).args.clone()).unwrap_or_default();
    p.print(" ");
    print_bindings(p, &names, &data.operands);
    p.print(" : ");
    let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    p.print_type(ctx.function_type(inputs, results));
    p.print(" cond ");
    p.print_region(cond, false);
    p.print(" do ");
    p.print_region(looped, true);
    p.print_attr_dict(&data.attributes, &[]);
}

/// Parses what [`print_while`] prints.
fn parse_while(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let bindings = parse_bindings(p)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_function_type()?;
    let TypeData::Function { inputs, results } = p.ctx().type_data(ty).clone() else {
        return Err(Diagnostic::error(at, "expected a function type"));
    };
    if inputs.len() != bindings.len() {
        return Err(Diagnostic::error(at, format!("{} loop-carried values but {} types", bindings.len(), inputs.len())));
    }
    let inits: Vec<_> = bindings.iter().map(|(_, init)| init.clone()).collect();
    state.operands = p.resolve_operands(&inits, &inputs)?;
    p.expect_keyword("cond")?;
    let entry = bindings.into_iter().map(|(name, _)| name).zip(inputs).collect();
    state.regions.push(p.parse_region(entry, false)?);
    p.expect_keyword("do")?;
    state.regions.push(p.parse_region(Vec::new(), false)?);
    parse_attr_dict_into(p, state)?;
    state.result_types = results;
    Ok(())
}
