//! `interpreter.run_parallel`: StableHLO's harness for collectives, which runs one function
//! per replica at once, each in a thread of its own with a [`Replica`] joined to the others
//! at one [`Rendezvous`], exactly as `xla-run --replicas` runs replicas.
//!
//! A thread cannot share this interpreter's IR (a `Context` is single-threaded), so each
//! parses the module anew from its printed form, which round-trips; the arguments and
//! results, plain values, cross between the threads.
//!
//! Decisions: the operands go to the programs in order, each taking as many as its function
//! has parameters; a check that fails in a program is a check failure of this op, naming
//! the program and its replica; one program failing makes the op fail (after the others
//! were told, so none waits). Partitions (a grid of more than one column) are not run yet:
//! the hlo dialect has no `partition_id` and its collectives no cross-partition groups.

use std::rc::Rc;
use std::sync::Arc;

use xla_dialects::func::FuncOp;
use xla_dialects::interpreter::RunParallelOp;
use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, Op};

use crate::collectives::{Rendezvous, Replica};
use crate::error::{EvalError, EvalResult};
use crate::interpreter::{CheckFailure, Interpreter, OpCx, Options};
use crate::value::Value;

/// What one program's thread brings back: its results, or its error, and the messages of
/// its failed checks.
type ProgramOutcome = (Result<Vec<Value>, String>, Vec<String>);

pub(super) fn run_parallel(cx: &mut OpCx, op: RunParallelOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let grid = op.program_grid(body).map_err(EvalError::new)?;
    if grid.iter().any(|row| row.len() != 1) {
        return Err(EvalError::new(format!(
            "interpreter.run_parallel of {} partitions: the interpreter runs replicas, not partitions, yet",
            grid[0].len()
        )));
    }
    let programs: Vec<&str> = grid.iter().map(|row| row[0]).collect();
    let mut arguments = Vec::with_capacity(programs.len());
    let mut next = 0;
    for name in &programs {
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
    let mut module = cx.op;
    while let Some(parent) = body.parent_op(module) {
        module = parent;
    }
    let text = print_op(body, module, &PrintOptions::default());
    let outcomes = run_programs(&text, &programs, arguments, &cx.interp.options);
    let mut results = Vec::new();
    for (replica, (name, (outcome, failures))) in programs.iter().zip(outcomes).enumerate() {
        for message in failures {
            let location = cx.location();
            cx.interp.check_failures.push(CheckFailure { location, message: format!("in @{name} of replica {replica}: {message}") });
        }
        results.extend(outcome.map_err(|message| EvalError::new(format!("@{name} of replica {replica} failed: {message}")))?);
    }
    Ok(results)
}

/// Runs program `i` on `arguments[i]` as replica `i` of `programs.len()`, all at once.
fn run_programs(text: &str, programs: &[&str], arguments: Vec<Vec<Value>>, options: &Options) -> Vec<ProgramOutcome> {
    let count = u32::try_from(programs.len()).unwrap_or(u32::MAX);
    let rendezvous = Arc::new(Rendezvous::new(count));
    std::thread::scope(|scope| {
        let handles: Vec<_> = programs
            .iter()
            .zip(arguments)
            .enumerate()
            .map(|(id, (name, args))| {
                let rendezvous = rendezvous.clone();
                scope.spawn(move || {
                    let replica = Arc::new(Replica::new(id as u32, rendezvous));
                    let outcome = run_program(text, name, args, options, replica.clone());
                    if outcome.0.is_err() {
                        replica.abort();
                    }
                    replica.finish();
                    outcome
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap_or_else(|_| (Err("the program's thread panicked".to_string()), Vec::new())))
            .collect()
    })
}

/// Runs function `name` of the module printed as `text` on `args` as `replica`.
fn run_program(text: &str, name: &str, args: Vec<Value>, options: &Options, replica: Arc<Replica>) -> ProgramOutcome {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let module = match parse_source(&ctx, "interpreter.run_parallel", text, 1) {
        Ok(module) => module,
        Err(diagnostic) => return (Err(diagnostic.message), Vec::new()),
    };
    let mut interp = Interpreter::new(&module.body, module.op);
    interp.options = options.clone();
    interp.replica = replica;
    let fallback = module.body.op(module.op).location;
    let outcome = interp.call(name, args).map_err(|e| e.to_diagnostic(fallback).message);
    let failures = interp.check_failures.iter().map(|f| f.message.clone()).collect();
    (outcome, failures)
}
