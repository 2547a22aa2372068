//! `interpreter.run_parallel`: StableHLO's harness for collectives, which runs one function
//! per process of a grid of replicas and partitions at once, each in a thread of its own
//! with a [`Process`] joined to the others at one [`Rendezvous`], as `xla-run --replicas`
//! runs replicas.
//!
//! A thread cannot share this interpreter's IR (a `Context` is single-threaded), so each
//! parses the module anew from its printed form, which round-trips; the arguments and
//! results, plain values, cross between the threads. An interpreter given a
//! [`ProgramRunner`] hands the programs to it instead (`xla-run` without `--interpret`
//! runs them as compiled code); the harness around them stays interpreted.
//!
//! Decisions: the operands go to the programs in row-major order of the grid, each taking
//! as many as its function has parameters; the functions `infeed` names are called here,
//! before the programs run, and their results queued as the grid's infeed in order; a
//! check that fails in a program is a check failure of this op, naming the program and
//! its process; one program failing makes the op fail (after the others were told, so
//! none waits).

use std::rc::Rc;
use std::sync::Arc;

use xla_dialects::func::FuncOp;
use xla_dialects::interpreter::RunParallelOp;
use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, Op};

use crate::collectives::{Process, Rendezvous};
use crate::error::{EvalError, EvalResult};
use crate::interpreter::{CheckFailure, Interpreter, OpCx, Options};
use crate::value::Value;

/// What one program brings back: its results, or its error, and the messages of its failed
/// checks.
#[derive(Clone, Debug)]
pub struct ProgramOutcome {
    pub results: Result<Vec<Value>, String>,
    pub check_failures: Vec<String>,
}

/// The programs of one `interpreter.run_parallel` and what they start from.
#[derive(Clone, Debug)]
pub struct ProgramGrid<'a> {
    /// The function of each process: one row per replica, one column per partition.
    pub programs: Vec<Vec<&'a str>>,
    /// The arguments of each process, in row-major order of the grid.
    pub arguments: Vec<Vec<Value>>,
    /// The grid's infeed queue, front first.
    pub infeed: Vec<Value>,
}

impl ProgramGrid<'_> {
    /// How many partitions (columns) the grid has.
    pub fn partitions(&self) -> usize {
        self.programs.first().map_or(1, Vec::len)
    }

    /// Every process as `(replica, partition, function)`, in row-major order.
    pub fn processes(&self) -> impl Iterator<Item = (u32, u32, &str)> + '_ {
        self.programs.iter().enumerate().flat_map(|(r, row)| row.iter().enumerate().map(move |(p, name)| (r as u32, p as u32, *name)))
    }
}

/// Runs the programs of an `interpreter.run_parallel` somewhere other than in the
/// interpreter's own threads (compiled code, say).
pub trait ProgramRunner: Send + Sync {
    /// Runs every process of `grid` at once, so that their collectives meet; one outcome
    /// per process, in row-major order of the grid.
    fn run_grid(&self, grid: ProgramGrid) -> Vec<ProgramOutcome>;
}

pub(super) fn run_parallel(cx: &mut OpCx, op: RunParallelOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let programs = op.program_grid(body).map_err(EvalError::new)?;
    let mut arguments = Vec::new();
    let mut next = 0;
    for name in programs.iter().flatten() {
        let func = cx.interp.function(name).and_then(|f| FuncOp::cast(body, f));
        let func = func.ok_or_else(|| EvalError::new(format!("interpreter.run_parallel names @{name}, which is no function of the module")))?;
        let count = func.signature(body).map_or(0, |(inputs, _)| inputs.len());
        let taken = operands.get(next..next + count).ok_or_else(|| {
            EvalError::new(format!("interpreter.run_parallel has {} operands, too few for the parameters of its programs", operands.len()))
        })?;
        arguments.push(taken.iter().map(|v| (**v).clone()).collect::<Vec<Value>>());
        next += count;
    }
    if next != operands.len() {
        return Err(EvalError::new(format!(
            "interpreter.run_parallel has {} operands, but its programs take {next}",
            operands.len()
        )));
    }
    let mut infeed = Vec::new();
    for name in op.infeed_functions(body).map_err(EvalError::new)? {
        let values = cx.interp.call(name, Vec::new()).map_err(|e| EvalError::new(format!("the infeed function @{name} failed: {}", e.message)))?;
        infeed.extend(values);
    }
    let grid = ProgramGrid { programs, arguments, infeed };
    let names: Vec<(u32, u32, String)> = grid.processes().map(|(r, p, name)| (r, p, name.to_string())).collect();
    let single_partition = grid.partitions() == 1;
    let outcomes = match cx.interp.program_runner.clone() {
        Some(runner) => runner.run_grid(grid),
        None => {
            let mut module = cx.op;
            while let Some(parent) = body.parent_op(module) {
                module = parent;
            }
            let text = print_op(body, module, &PrintOptions::default());
            run_programs(&text, grid, &cx.interp.options)
        }
    };
    let mut results = Vec::new();
    for ((replica, partition, name), outcome) in names.into_iter().zip(outcomes) {
        let process = if single_partition { format!("replica {replica}") } else { format!("process ({replica}, {partition})") };
        for message in outcome.check_failures {
            let location = cx.location();
            cx.interp.check_failures.push(CheckFailure { location, message: format!("in @{name} of {process}: {message}") });
        }
        results.extend(outcome.results.map_err(|message| EvalError::new(format!("@{name} of {process} failed: {message}")))?);
    }
    Ok(results)
}

/// Runs every process of `grid` in a thread of its own, the module printed as `text`.
fn run_programs(text: &str, grid: ProgramGrid, options: &Options) -> Vec<ProgramOutcome> {
    let rendezvous = Arc::new(Rendezvous::new(grid.programs.len() as u32, grid.partitions() as u32));
    rendezvous.feed(grid.infeed.iter().cloned());
    std::thread::scope(|scope| {
        let handles: Vec<_> = grid
            .processes()
            .zip(grid.arguments.iter().cloned())
            .map(|((replica, partition, name), args)| {
                let rendezvous = rendezvous.clone();
                scope.spawn(move || {
                    let process = Arc::new(Process::new(replica, partition, rendezvous));
                    let outcome = run_program(text, name, args, options, process.clone());
                    if outcome.results.is_err() {
                        process.abort();
                    }
                    process.finish();
                    outcome
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle.join().unwrap_or_else(|_| ProgramOutcome { results: Err("the program's thread panicked".to_string()), check_failures: Vec::new() })
            })
            .collect()
    })
}

/// Runs function `name` of the module printed as `text` on `args` as `process`.
fn run_program(text: &str, name: &str, args: Vec<Value>, options: &Options, process: Arc<Process>) -> ProgramOutcome {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let module = match parse_source(&ctx, "interpreter.run_parallel", text, 1) {
        Ok(module) => module,
        Err(diagnostic) => return ProgramOutcome { results: Err(diagnostic.message), check_failures: Vec::new() },
    };
    let mut interp = Interpreter::new(&module.body, module.op);
    interp.options = options.clone();
    interp.process = process;
    let fallback = module.body.op(module.op).location;
    let results = interp.call(name, args).map_err(|e| e.to_diagnostic(fallback).message);
    let check_failures = interp.check_failures.iter().map(|f| f.message.clone()).collect();
    ProgramOutcome { results, check_failures }
}
