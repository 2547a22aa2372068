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
//! `interpreter.probe` records a value under a name as the program runs (once per
//! execution, so a probe in a loop records every iteration) and gives it back unchanged;
//! `check.expect_serialized_eq` later compares a value with one recorded. StableHLO's
//! interpreter writes the records to files; this one keeps them for the run.
//! `interpreter.print` prints a value.
//!
//! Invariant checked by the verifier: `programs` is a non-empty array of equally long,
//! non-empty arrays of flat symbol references; `infeed`, when present, a non-empty array
//! of flat symbol references; a probe's result has its operand's type.

use xla_ir::constraints::{AnyTensor, AnyType, ArrayAttr, StrAttr, Variadic};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{AttrData, Body, Diagnostic, Op, OpId, OpState};
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

/// Records its operand under `probe_id` and gives it back unchanged.
///
/// StableHLO's `interpreter.probe`: each execution of the op records one value, so the
/// `n`-th record (from 0) of a probe in a loop is the `n`-th iteration's. The records serve
/// `check.expect_serialized_eq`.
///
/// Example: `%y = interpreter.probe %x, probe_id = "sum" : tensor<4xf32>`
#[op(name = "interpreter.probe", verify = verify_probe, print = print_probe, parse = parse_probe)]
pub struct ProbeOp {
    /// The value recorded.
    #[operand]
    operand: AnyTensor,
    /// The name the value is recorded under.
    #[attr]
    probe_id: StrAttr,
    /// The operand, unchanged.
    #[result]
    result: AnyTensor,
}

/// Prints its operand: its type, then its elements.
///
/// Example: `interpreter.print %x : tensor<2xi32>`
#[op(name = "interpreter.print", format = "$operand attr-dict `:` type($operand)")]
pub struct PrintOp {
    /// The value printed.
    #[operand]
    operand: AnyTensor,
}

fn verify_probe(op: OpRef) -> Result<(), Diagnostic> {
    let (operand, result) = (op.body.value_type(op.body.operand(op.id, 0)), op.body.value_type(op.body.result(op.id, 0)));
    if operand != result {
        let ctx = op.body.ctx();
        return Err(op.error(format!(
            "the result's type {} differs from the operand's {}",
            ctx.type_to_string(result),
            ctx.type_to_string(operand)
        )));
    }
    Ok(())
}

/// Prints `, probe_id = "name"` when `op` has its probe id (`interpreter.probe`,
/// `check.expect_serialized_eq`).
pub(crate) fn print_probe_id(p: &mut OpPrinter, op: OpId) {
    if let Some(id) = p.body().attr(op, "probe_id") {
        p.print(", probe_id = ");
        p.print_attr(id);
    }
}

/// Parses `, probe_id = "name"` into `state`'s `probe_id` attribute.
pub(crate) fn parse_probe_id(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("probe_id")?;
    p.expect(TokenKind::Equal)?;
    let id = p.parse_string()?;
    state.set_attr(ctx.symbol("probe_id"), ctx.string_attr(&id));
    Ok(())
}

fn print_probe(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    print_probe_id(p, op);
    p.print_attr_dict(&data.attributes, &["probe_id"]);
    p.print(" : ");
    p.print_type(body.value_type(body.result(op, 0)));
}

/// Parses `%x, probe_id = "name" {attrs} : type`.
fn parse_probe(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operand = p.parse_operand()?;
    parse_probe_id(p, state)?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&operand, ty)?];
    state.result_types = vec![ty];
    Ok(())
}

xla_ir::dialect! {
    /// Every op of the `interpreter` dialect, with its typed view.
    pub enum InterpreterOp, kinds InterpreterOpKind;
    /// The `interpreter` dialect.
    pub static INTERPRETER_DIALECT = "interpreter", "The harness ops of StableHLO's interpreter tests: programs run in parallel, probes and printing.", materialize_constant: None;
    ops {
        RunParallel(RunParallelOp),
        Probe(ProbeOp),
        Print(PrintOp),
    }
}
