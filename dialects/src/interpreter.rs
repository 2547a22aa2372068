//! The `interpreter` dialect: the harness ops of StableHLO's interpreter tests, which run
//! programs rather than compute values, so only an interpreter gives them meaning.
//!
//! `interpreter.run_parallel` runs one function per process of a grid of replicas and
//! partitions (`programs` is `[[@replica0_partition0, ...], [@replica1_partition0, ...], ...]`),
//! all at once so that their collectives meet, with the op's operands handed to the
//! programs in that (row-major) order, each taking as many as its function has parameters,
//! and the programs' results, in the same order, as the op's results. Its optional `infeed`
//! names functions without arguments whose results, in order, form the one infeed queue
//! of the grid, which every process's `infeed` takes from (StableHLO's reference
//! interpreter calls each when an `infeed` pops its name, which gives the same values).
//! StableHLO writes it in MLIR's generic form only, and so does this dialect.
//!
//! Invariant checked by the verifier: `programs` is a non-empty array of equally long,
//! non-empty arrays of flat symbol references; `infeed`, when present, a non-empty array
//! of flat symbol references.

use xla_ir::constraints::{AnyType, ArrayAttr, Variadic};
use xla_ir::op_def::OpRef;
use xla_ir::{AttrData, Body, Diagnostic, Op};
use xla_macros::op;

/// Runs functions in parallel, one per replica and partition, and gives their results.
///
/// StableHLO's `interpreter.run_parallel`: `programs` names the function each process runs,
/// one row per replica and one column per partition; the operands are the programs'
/// arguments and the results their results, both in row-major order of the grid.
///
/// Example: `%r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@f]]} : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)`
#[op(name = "interpreter.run_parallel", verify = verify_run_parallel)]
pub struct RunParallelOp {
    /// The arguments of the programs, in row-major order of the grid.
    #[operand]
    inputs: Variadic<AnyType>,
    /// The function each process runs: one array per replica, one entry per partition.
    #[attr]
    programs: ArrayAttr,
    /// The functions whose results, in order, form the grid's infeed queue.
    #[attr]
    infeed: Option<ArrayAttr>,
    /// The results of the programs, in row-major order of the grid.
    #[result]
    results: Variadic<AnyType>,
}

impl RunParallelOp {
    /// The grid of function names: one row per replica, one column per partition.
    pub fn program_grid<'c>(self, body: &Body<'c>) -> Result<Vec<Vec<&'c str>>, String> {
        program_grid(body, self.programs(body))
    }

    /// The functions whose results form the grid's infeed queue, in order (none without
    /// `infeed`).
    pub fn infeed_functions<'c>(self, body: &Body<'c>) -> Result<Vec<&'c str>, String> {
        let Some(entries) = self.infeed(body) else { return Ok(Vec::new()) };
        if entries.is_empty() {
            return Err("infeed must name at least one function when present".to_string());
        }
        entries.iter().enumerate().map(|(i, entry)| symbol_name(body, *entry).ok_or_else(|| format!("infeed[{i}] must be a flat symbol reference, found {}", body.ctx().attr_to_string(*entry)))).collect()
    }
}

/// The name of a flat symbol reference.
fn symbol_name<'c>(body: &Body<'c>, entry: xla_ir::Attribute) -> Option<&'c str> {
    let ctx = body.ctx();
    match ctx.attr_data(entry) {
        AttrData::SymbolRef(path) => ctx.flat_symbol_name(path),
        _ => None,
    }
}

/// Reads `programs` as a grid of function names, or says why it is none.
fn program_grid<'c>(body: &Body<'c>, programs: &'c [xla_ir::Attribute]) -> Result<Vec<Vec<&'c str>>, String> {
    let ctx = body.ctx();
    let mut grid = Vec::with_capacity(programs.len());
    for (r, row) in programs.iter().enumerate() {
        let AttrData::Array(entries) = ctx.attr_data(*row) else {
            return Err(format!("programs[{r}] must be an array of symbol references, found {}", ctx.attr_to_string(*row)));
        };
        let mut names = Vec::with_capacity(entries.len());
        for (p, entry) in entries.iter().enumerate() {
            names.push(symbol_name(body, *entry).ok_or_else(|| {
                format!("programs[{r}][{p}] must be a flat symbol reference, found {}", ctx.attr_to_string(*entry))
            })?);
        }
        grid.push(names);
    }
    let partitions = grid.first().map_or(0, Vec::len);
    if partitions == 0 {
        return Err("programs must name at least one replica of at least one partition".to_string());
    }
    if let Some(r) = grid.iter().position(|row| row.len() != partitions) {
        return Err(format!("programs[{r}] names {} partitions, but programs[0] names {partitions}", grid[r].len()));
    }
    Ok(grid)
}

fn verify_run_parallel(op: OpRef) -> Result<(), Diagnostic> {
    let view = RunParallelOp::from_id_unchecked(op.id);
    view.program_grid(op.body).map_err(|message| op.error(message))?;
    view.infeed_functions(op.body).map(|_| ()).map_err(|message| op.error(message))
}

xla_ir::dialect! {
    /// Every op of the `interpreter` dialect, with its typed view.
    pub enum InterpreterOp, kinds InterpreterOpKind;
    /// The `interpreter` dialect.
    pub static INTERPRETER_DIALECT = "interpreter", "The harness ops of StableHLO's interpreter tests: programs run in parallel.", materialize_constant: None;
    ops {
        RunParallel(RunParallelOp),
    }
}
