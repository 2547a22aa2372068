//! `loop.parallel`: a nest of loops whose iterations are independent, so that the llvm
//! lowering may run its outer dimension on the runtime's thread pool.
//!
//! `loop.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) { ... loop.yield }` runs its body
//! once for every `(%i, %j)` with `%lb0 <= %i < %ub0` and `%lb1 <= %j < %ub1` (step 1), in
//! no particular order. A nest of no dimensions, `loop.parallel () = () to () {...}`, runs
//! its body once.
//!
//! Invariants: as many lower as upper bounds, all `index`; the body is one block with one
//! `index` argument per dimension and ends with `loop.yield` of no values; iterations write
//! disjoint elements (not checked: the lowering that creates the loop guarantees it).

use xla_ir::constraints::{Region, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_operand_tuple, print_operand_tuple};
use super::regions::check_region;
use super::types::Index;

/// Runs `body` for every index in the box from `lower_bounds` (included) to
/// `upper_bounds` (excluded), step 1, with independent iterations.
///
/// The body takes one `index` per dimension and yields nothing; iterations may run in any
/// order or at once, so they write disjoint elements.
///
/// Example: `loop.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) { ... loop.yield }`
#[op(
    name = "loop.parallel",
    traits = [SingleBlock],
    verify = verify_parallel,
    print = print_parallel,
    parse = parse_parallel
)]
pub struct ParallelOp {
    /// The first index of each dimension.
    #[operand]
    lower_bounds: Variadic<Index>,
    /// The bound each dimension's index stays below.
    #[operand]
    upper_bounds: Variadic<Index>,
    /// The body: one `index` per dimension.
    #[region]
    body: Region,
}

/// Checks `loop.parallel`: one `index` body argument per dimension, and `loop.yield` at the
/// end.
pub fn verify_parallel(op: OpRef) -> Result<(), Diagnostic> {
    let operands = op.operands();
    if !operands.len().is_multiple_of(2) {
        return Err(op.error(format!("needs as many lower as upper bounds, found {} bounds in all", operands.len())));
    }
    let rank = operands.len() / 2;
    let args = vec![op.ctx().index_type(); rank];
    check_region(op, op.regions()[0], "the body", &args, "loop.yield")
}

/// Prints ` (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) {...} {attrs}`.
fn print_parallel(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    let region = data.regions[0];
    let args = body.entry_block(region).map(|b| body.block(b).args.clone()).unwrap_or_default();
    let rank = data.operands.len() / 2;
    p.print(" ");
    print_operand_tuple(p, &args);
    p.print(" = ");
    print_operand_tuple(p, &data.operands[..rank]);
    p.print(" to ");
    print_operand_tuple(p, &data.operands[rank..]);
    p.print(" ");
    p.print_region(region, false);
    p.print_attr_dict(&data.attributes, &[]);
}

/// Parses what [`print_parallel`] prints.
fn parse_parallel(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let index = p.ctx().index_type();
    let at = p.loc();
    let ivs = parse_operand_tuple(p)?;
    p.expect(TokenKind::Equal)?;
    let lower = parse_operand_tuple(p)?;
    p.expect_keyword("to")?;
    let upper = parse_operand_tuple(p)?;
    if lower.len() != ivs.len() || upper.len() != ivs.len() {
        return Err(Diagnostic::error(
            at,
            format!("{} induction variables need as many lower and upper bounds, found {} and {}", ivs.len(), lower.len(), upper.len()),
        ));
    }
    state.operands = p.resolve_operands(&lower, &vec![index; lower.len()])?;
    state.operands.extend(p.resolve_operands(&upper, &vec![index; upper.len()])?);
    let entry = ivs.into_iter().map(|iv| (iv, index)).collect();
    state.regions.push(p.parse_region(entry, false)?);
    parse_attr_dict_into(p, state)?;
    Ok(())
}
