//! The driver of `xla-run`: reads a program in any input form, picks its entry
//! functions, reads their arguments from `.npy`/`.npz` files, runs them (compiled to
//! native code, see [`crate::native`], or on the reference interpreter with
//! `--interpret`), and prints, saves or checks the results the same way either way.
//!
//! Entry functions: `--entry NAME`, else `main`, else every function that takes no
//! arguments, in module order (self-checking test programs). With `--split-input-file`
//! each `// -----` chunk is a program of its own. With `--replicas N` every replica runs
//! in its own thread (interpreted: with its own parse of the program; compiled: calling
//! the one compiled entry with its replica id), and collectives meet between them. A
//! compiled run of entries that call `interpreter.run_parallel` compiles the programs it
//! names and interprets the entries, the harness, around them (see
//! [`crate::native_grid`]).
//!
//! Failures are diagnostics, never panics: a program that does not parse or verify, inputs
//! that do not match the entry's signature, an op that fails at run time, a failed
//! `check.*` op and results that differ from `--check` all print a located error and make
//! the run fail.

use std::path::PathBuf;
use std::sync::Arc;

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::collectives::{Process, Rendezvous};
use xla_interp::{ElementType, Interpreter, Literal, ProgramRunner, Value};
use xla_ir::{Context, Diagnostic, Scalar, Type};

use crate::native::{self, NativeCall};
use crate::opt::{new_context, read_module};
use crate::split::{split_input_file, Chunk};

/// What `xla-run` was asked to do.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The input's name in diagnostics.
    pub input_name: String,
    pub entry: Option<String>,
    /// `.npy` files, one per argument, or one `.npz` with the arguments in order.
    pub inputs: Vec<PathBuf>,
    /// Where to write the results (`.npz`, or `.npy` for a single result).
    pub output: Option<PathBuf>,
    /// A `.npz` of expected results to compare with.
    pub check: Option<PathBuf>,
    pub tolerance: Tolerance,
    pub split_input_file: bool,
    pub replicas: u32,
    /// Run on the reference interpreter instead of compiling.
    pub interpret: bool,
    /// Compiled runs: call each entry this many more times and report the median time.
    pub bench: Option<usize>,
    /// Compiled runs: run `layout-assignment` (the default; off to measure what it saves).
    pub assign_layouts: bool,
    /// Compiled runs: the vector width in bytes to pad minor dimensions to (0: no padding).
    pub vector_bytes: u32,
    /// Compiled runs: run `buffer-assignment`, temporaries in one arena per entry (the
    /// default; off to measure what it saves, every temporary then `malloc`ed).
    pub assign_buffers: bool,
    /// Compiled runs: run `fusion` (the default; off to measure what it saves).
    pub fuse: bool,
    /// Compiled runs: vectorize math calls into `libmvec` (the default; off, libm's scalar
    /// functions, for results independent of the CPU's vector width).
    pub vector_math: bool,
    /// Compiled runs: print the wall time of each phase of compiling, linking and loading
    /// to standard error (`--timing`).
    pub timing: bool,
    /// Which code generator compiles the entries.
    pub backend: Backend,
    /// What the tool can do through upstream MLIR, when it was built with it.
    pub mlir: Option<crate::mlir::MlirHooks>,
}

/// The code generator of a compiled run (`--backend`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// The project's own: loop → llvm dialect → inkwell.
    #[default]
    Native,
    /// Upstream MLIR's: the loop level exported to func/scf/memref/arith/math, lowered by
    /// MLIR's conversion passes and translated to LLVM IR by MLIR.
    Mlir,
}

impl RunConfig {
    pub fn new(input_name: &str) -> RunConfig {
        RunConfig {
            input_name: input_name.to_string(),
            entry: None,
            inputs: Vec::new(),
            output: None,
            check: None,
            tolerance: Tolerance::new(4, 1e-6),
            split_input_file: false,
            replicas: 1,
            interpret: false,
            bench: None,
            assign_layouts: true,
            vector_bytes: 0,
            assign_buffers: true,
            fuse: true,
            vector_math: true,
            timing: false,
            backend: Backend::Native,
            mlir: None,
        }
    }
}

/// What a run printed and whether it succeeded.
pub struct RunOutput {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
}

/// Runs `text` as `config` says.
pub fn run(config: &RunConfig, text: &str) -> RunOutput {
    let chunks = if config.split_input_file {
        split_input_file(text)
    } else {
        vec![Chunk { text: text.to_string(), first_line: 1 }]
    };
    let mut output = RunOutput { stdout: String::new(), stderr: String::new(), success: true };
    for chunk in &chunks {
        if let Err(message) = run_chunk(config, chunk, &mut output.stdout) {
            output.stderr.push_str(&message);
            output.success = false;
        }
    }
    output
}

/// One entry's results, per replica.
struct EntryResults {
    name: String,
    replicas: Vec<Vec<Value>>,
    /// The median time per call under `--bench`.
    median: Option<std::time::Duration>,
}

/// An entry to run: its name, hlo signature and arguments.
struct EntryCall {
    name: String,
    results: Vec<Type>,
    args: Vec<Value>,
}

/// What running an entry gave, per replica: its results and rendered check failures, or
/// the rendered error; and the median time per call under `--bench`.
type Outcomes = (Vec<Result<(Vec<Value>, String), String>>, Option<std::time::Duration>);

fn run_chunk(config: &RunConfig, chunk: &Chunk, stdout: &mut String) -> Result<(), String> {
    if config.bench.is_some() && config.replicas > 1 {
        return Err("xla-run: --bench times one replica: it does not go with --replicas\n".into());
    }
    let ctx = new_context();
    let mut module = read_module(&ctx, &config.input_name, &chunk.text, chunk.first_line).map_err(|d| d.render(&ctx))?;
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        return Err(errors.iter().map(|d| d.render(&ctx)).collect());
    }
    let calls = entry_calls(config, &ctx, &module)?;
    let parallel = if config.interpret { Vec::new() } else { crate::native_grid::parallel_programs(&module) };
    let outcomes = if config.interpret {
        interpret_all(config, chunk, &ctx, &module, &calls)
    } else if !parallel.is_empty() {
        run_harness(config, chunk, &ctx, &mut module, &calls, &parallel)?
    } else {
        compile_all(config, &ctx, &mut module, &calls)?
    };
    let mut all_results = Vec::new();
    let mut failures = String::new();
    for (call, (replicas, median)) in calls.into_iter().zip(outcomes) {
        let (name, results) = (call.name, call.results);
        let mut per_replica = Vec::new();
        for (replica, outcome) in replicas.into_iter().enumerate() {
            match outcome {
                Ok((values, check_failures)) => {
                    failures.push_str(&check_failures);
                    per_replica.push(values);
                }
                Err(message) if config.replicas > 1 => failures.push_str(&format!("replica {replica}: {message}")),
                Err(message) => failures.push_str(&message),
            }
        }
        if per_replica.len() == config.replicas.max(1) as usize {
            if let Some(expected) = &config.check {
                failures.push_str(&check_results(config, &ctx, &name, &results, &per_replica[0], expected));
            }
            all_results.push(EntryResults { name, replicas: per_replica, median });
        }
    }
    print_results(stdout, &all_results);
    print_bench(stdout, config, &all_results);
    if let Some(path) = &config.output {
        write_results(path, &all_results).map_err(|m| format!("xla-run: {m}\n"))?;
    }
    if failures.is_empty() { Ok(()) } else { Err(failures) }
}

/// The entries to run with their arguments (see the module).
fn entry_calls(config: &RunConfig, ctx: &Context, module: &xla_ir::parser::Module) -> Result<Vec<EntryCall>, String> {
    let interp = Interpreter::new(&module.body, module.op);
    let mut calls = Vec::new();
    for name in entry_names(config, &interp).map_err(|m| format!("xla-run: {m}\n"))? {
        let func = interp.function(&name).ok_or_else(|| format!("xla-run: no function named @{name}\n"))?;
        let (inputs, results) = interp.signature(func).unwrap_or_default();
        let args = read_inputs(config, ctx, &inputs).map_err(|m| format!("xla-run: {m}\n"))?;
        if !config.interpret {
            // The interpreter checks its arguments as it calls; compiled code cannot.
            check_arguments(ctx, &name, &args, &inputs).map_err(|m| Diagnostic::error(module.body.op(func).location, m).render(ctx))?;
        }
        calls.push(EntryCall { name, results, args });
    }
    Ok(calls)
}

/// Checks `args` against the entry's input types as the interpreter does, in its words.
fn check_arguments(ctx: &Context, name: &str, args: &[Value], inputs: &[Type]) -> Result<(), String> {
    for (i, (arg, &ty)) in args.iter().zip(inputs).enumerate() {
        if !arg.conforms_to(ctx, ty) {
            let expected = xla_interp::interpreter::type_description(ctx, ty);
            return Err(format!("argument {i} of @{name} must be {expected}, found {}", arg.describe()));
        }
    }
    Ok(())
}

/// Runs every entry on the interpreter, on each replica.
fn interpret_all(config: &RunConfig, chunk: &Chunk, ctx: &Context, module: &xla_ir::parser::Module, calls: &[EntryCall]) -> Vec<Outcomes> {
    calls
        .iter()
        .map(|call| {
            let replicas = if config.replicas <= 1 {
                vec![run_one(ctx, module, &call.name, call.args.clone(), None, None)]
            } else {
                run_replicas(config, chunk, &call.name, &call.args)
            };
            (replicas, None)
        })
        .collect()
}

/// Compiles every entry into one library and runs each (see [`crate::native`]); the
/// rendered error when compiling or loading fails.
fn compile_all(config: &RunConfig, ctx: &Context, module: &mut xla_ir::parser::Module, calls: &[EntryCall]) -> Result<Vec<Outcomes>, String> {
    let native_calls: Vec<NativeCall> = calls
        .iter()
        .map(|call| NativeCall { name: call.name.clone(), results: call.results.clone(), args: call.args.iter().flat_map(tensors_of).cloned().collect() })
        .collect();
    let mut phases = xla_lowering::PhaseTimes::default();
    let outcomes = native::run_entries_with(compiler(config)?, ctx, module, &native_calls, config.bench, config.replicas, &compile_options(config), &mut phases)?;
    if config.timing {
        eprint!("{}", phases.report().render());
    }
    Ok(outcomes
        .into_iter()
        .map(|outcome| match outcome {
            Ok(outcome) => (outcome.replicas.into_iter().map(|r| r.map(|values| (values, String::new()))).collect(), outcome.median),
            Err(message) => (vec![Err(message)], None),
        })
        .collect())
}

/// The pipeline `--backend` picks.
fn compiler(config: &RunConfig) -> Result<native::CompileHlo, String> {
    match (config.backend, &config.mlir) {
        (Backend::Native, _) => Ok(xla_lowering::compile_hlo),
        (Backend::Mlir, Some(hooks)) => Ok(hooks.compile_hlo),
        (Backend::Mlir, None) => Err(format!("xla-run: --backend=mlir: {}\n", crate::mlir::NOT_BUILT)),
    }
}

/// The compile options the flags give.
fn compile_options(config: &RunConfig) -> xla_lowering::CompileOptions {
    xla_lowering::CompileOptions {
        assign_layouts: config.assign_layouts,
        vector_bytes: config.vector_bytes,
        fuse: config.fuse,
        assign_buffers: config.assign_buffers,
        vector_math: config.vector_math,
        ..Default::default()
    }
}

/// Compiled runs of entries that are harnesses of `interpreter.run_parallel` (StableHLO's
/// collective tests): the functions the `run_parallel` ops name (`programs`) are compiled
/// into native entries, which run as the grid's processes (see [`crate::native_grid`]),
/// while the interpreter runs each entry, the harness, on a parse of its own of the chunk.
fn run_harness(
    config: &RunConfig,
    chunk: &Chunk,
    ctx: &Context,
    module: &mut xla_ir::parser::Module,
    calls: &[EntryCall],
    programs: &[String],
) -> Result<Vec<Outcomes>, String> {
    if config.bench.is_some() {
        return Err("xla-run: --bench times compiled entries, but an interpreter.run_parallel harness is interpreted\n".into());
    }
    if config.replicas > 1 {
        return Err("xla-run: --replicas does not go with interpreter.run_parallel, whose programs name their own grid\n".into());
    }
    let harness = read_module(ctx, &config.input_name, &chunk.text, chunk.first_line).map_err(|d| d.render(ctx))?;
    let grid = crate::native_grid::compile_grid(compiler(config)?, ctx, module, programs, &compile_options(config))?;
    let runner: Arc<dyn ProgramRunner> = Arc::new(grid);
    Ok(calls.iter().map(|call| (vec![run_one(ctx, &harness, &call.name, call.args.clone(), None, Some(runner.clone()))], None)).collect())
}

/// Under `--bench`, the median time per call of each entry.
fn print_bench(stdout: &mut String, config: &RunConfig, entries: &[EntryResults]) {
    let Some(n) = config.bench else { return };
    for entry in entries {
        if let Some(median) = entry.median {
            stdout.push_str(&format!("@{}: median {} per call over {n} calls\n", entry.name, format_duration(median)));
        }
    }
}

/// A duration in the unit that reads best: `812 ns`, `12.4 us`, `3.21 ms`, `1.50 s`.
fn format_duration(d: std::time::Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.3} us", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.3} ms", ns / 1e6)
    } else {
        format!("{:.3} s", ns / 1e9)
    }
}

/// The functions to run (see the module).
fn entry_names(config: &RunConfig, interp: &Interpreter) -> Result<Vec<String>, String> {
    if let Some(entry) = &config.entry {
        return match interp.function(entry) {
            Some(_) => Ok(vec![entry.clone()]),
            None => Err(format!("--entry names no function: there is no @{entry}")),
        };
    }
    if interp.function("main").is_some() {
        return Ok(vec!["main".into()]);
    }
    let names: Vec<String> = interp
        .function_names()
        .into_iter()
        .filter(|name| {
            let func = interp.function(name);
            let has_body = func.is_some_and(|f| !interp.body().op(f).regions.is_empty() && interp.body().entry_block(interp.body().op(f).regions[0]).is_some());
            has_body && func.and_then(|f| interp.signature(f)).is_some_and(|(inputs, _)| inputs.is_empty())
        })
        .map(str::to_string)
        .collect();
    if names.is_empty() {
        return Err("the program has no @main and no function without arguments to run".into());
    }
    Ok(names)
}

/// The arguments from `--input`: one `.npy` per argument or one `.npz` with all of them.
fn read_inputs(config: &RunConfig, ctx: &Context, inputs: &[Type]) -> Result<Vec<Value>, String> {
    let expected: Vec<ElementType> = inputs.iter().filter_map(|&t| ElementType::of(ctx, ctx.element_type(t))).collect();
    let mut values = Vec::new();
    for path in &config.inputs {
        let is_npz = path.extension().is_some_and(|e| e == "npz");
        if is_npz {
            let arrays = xla_interp::arrays::read_npz(path, &expected[values.len().min(expected.len())..])?;
            values.extend(arrays.into_iter().map(|(_, literal)| Value::Tensor(literal)));
        } else {
            let file = std::fs::File::open(path).map_err(|e| format!("cannot open input {}: {e}", path.display()))?;
            let literal = xla_interp::arrays::read_npy(std::io::BufReader::new(file), expected.get(values.len()).copied())
                .map_err(|e| format!("input {}: {e}", path.display()))?;
            values.push(Value::Tensor(literal));
        }
    }
    if values.len() != inputs.len() {
        return Err(format!(
            "the entry takes {} arguments, but --input gave {} arrays",
            inputs.len(),
            values.len()
        ));
    }
    Ok(values)
}

/// Runs `name` once, as `process` of a grid when given, handing the programs of
/// `run_parallel` to `runner` when given; the results and the rendered check failures, or
/// the rendered error.
fn run_one(
    ctx: &Context,
    module: &xla_ir::parser::Module,
    name: &str,
    args: Vec<Value>,
    process: Option<Arc<Process>>,
    runner: Option<Arc<dyn ProgramRunner>>,
) -> Result<(Vec<Value>, String), String> {
    let mut interp = Interpreter::new(&module.body, module.op);
    if let Some(process) = process {
        interp.process = process;
    }
    interp.program_runner = runner;
    let fallback = interp.function(name).map_or(ctx.unknown_loc(), |f| module.body.op(f).location);
    let outcome = interp.call(name, args);
    if outcome.is_err() {
        interp.process.abort();
    }
    // Other replicas waiting to receive learn that this one sends nothing more.
    interp.process.finish();
    let results = outcome.map_err(|e| e.to_diagnostic(fallback).render(ctx))?;
    let failures = interp
        .check_failures
        .iter()
        .map(|f| Diagnostic::error(f.location, f.message.clone()).render(ctx))
        .collect();
    Ok((results, failures))
}

/// Runs `name` on every replica, each in its own thread with its own parse of the chunk.
fn run_replicas(config: &RunConfig, chunk: &Chunk, name: &str, args: &[Value]) -> Vec<Result<(Vec<Value>, String), String>> {
    let rendezvous = Arc::new(Rendezvous::new(config.replicas, 1));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.replicas)
            .map(|id| {
                let rendezvous = rendezvous.clone();
                let args = args.to_vec();
                scope.spawn(move || {
                    let ctx = new_context();
                    let module = read_module(&ctx, &config.input_name, &chunk.text, chunk.first_line).map_err(|d| d.render(&ctx))?;
                    let process = Arc::new(Process::replica(id, rendezvous));
                    run_one(&ctx, &module, name, args, Some(process), None)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("the replica's thread panicked\n".into())))
            .collect()
    })
}

/// Compares results with the arrays of `expected` (in order); the rendered failures.
fn check_results(config: &RunConfig, ctx: &Context, name: &str, types: &[Type], results: &[Value], expected: &std::path::Path) -> String {
    let elements: Vec<ElementType> = types.iter().filter_map(|&t| ElementType::of(ctx, ctx.element_type(t))).collect();
    let arrays = match xla_interp::arrays::read_npz(expected, &elements) {
        Ok(arrays) => arrays,
        Err(message) => return format!("xla-run: --check: {message}\n"),
    };
    let tensors: Vec<&Literal> = results.iter().flat_map(tensors_of).collect();
    if arrays.len() != tensors.len() {
        return format!("xla-run: @{name} returned {} arrays, but {} has {}\n", tensors.len(), expected.display(), arrays.len());
    }
    let mut failures = String::new();
    for (i, (actual, (array_name, wanted))) in tensors.iter().zip(&arrays).enumerate() {
        if let Err(message) = compare(actual, wanted, config.tolerance) {
            failures.push_str(&format!("xla-run: @{name} result {i} differs from '{array_name}': {message}\n"));
        }
    }
    failures
}

/// The tensors of a value, flattening tuples.
fn tensors_of(value: &Value) -> Vec<&Literal> {
    match value {
        Value::Tensor(literal) => vec![literal],
        Value::Tuple(elements) => elements.iter().flat_map(tensors_of).collect(),
        Value::Token | Value::Buffer(_) => vec![],
    }
}

fn print_results(stdout: &mut String, entries: &[EntryResults]) {
    for entry in entries {
        for (replica, values) in entry.replicas.iter().enumerate() {
            let prefix = if entry.replicas.len() > 1 { format!("replica {replica}: ") } else { String::new() };
            for (i, value) in values.iter().enumerate() {
                stdout.push_str(&format!("{prefix}@{} result {i}: {}\n", entry.name, format_value(value)));
            }
        }
    }
}

/// Writes every result: `out0`, `out1`, ... (prefixed with the entry when several ran and
/// with `replicaK.` under several replicas), or one `.npy` for a single result.
fn write_results(path: &std::path::Path, entries: &[EntryResults]) -> Result<(), String> {
    let mut arrays = Vec::new();
    for entry in entries {
        for (replica, values) in entry.replicas.iter().enumerate() {
            let tensors: Vec<&Literal> = values.iter().flat_map(tensors_of).collect();
            for (i, literal) in tensors.into_iter().enumerate() {
                let mut name = format!("out{i}");
                if entries.len() > 1 {
                    name = format!("{}.{name}", entry.name);
                }
                if entry.replicas.len() > 1 {
                    name = format!("replica{replica}.{name}");
                }
                arrays.push((name, literal.clone()));
            }
        }
    }
    if path.extension().is_some_and(|e| e == "npy") {
        let [(_, literal)] = &arrays[..] else {
            return Err(format!("{} is a .npy file, which holds one array, but there are {} results", path.display(), arrays.len()));
        };
        let file = std::fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        return xla_interp::arrays::write_npy(literal, std::io::BufWriter::new(file));
    }
    xla_interp::arrays::write_npz(path, &arrays)
}

/// A value as `xla-run` prints it: `f32[2,2] [[1, 2], [3, 4]]`, long arrays elided.
pub fn format_value(value: &Value) -> String {
    match value {
        Value::Tensor(literal) => format!("{} {}", literal.shape_string(), format_elements(literal)),
        Value::Tuple(elements) => format!("({})", elements.iter().map(format_value).collect::<Vec<_>>().join(", ")),
        Value::Token => "token".into(),
        Value::Buffer(buffer) => match buffer.snapshot() {
            Ok(literal) => format!("buffer {} {}", literal.shape_string(), format_elements(&literal)),
            Err(message) => message,
        },
    }
}

/// How many elements per dimension print before the rest are elided.
const EDGE_ITEMS: i64 = 3;

fn format_elements(literal: &Literal) -> String {
    let mut out = String::new();
    format_dim(literal, 0, 0, &mut out);
    out
}

fn format_dim(literal: &Literal, dim: usize, offset: usize, out: &mut String) {
    if dim == literal.rank() {
        out.push_str(&format_scalar(literal.element, literal.get(offset)));
        return;
    }
    let size = literal.shape[dim];
    let stride: i64 = literal.shape[dim + 1..].iter().product();
    out.push('[');
    let elide = size > 2 * EDGE_ITEMS + 1;
    let mut first = true;
    for i in 0..size {
        if elide && i >= EDGE_ITEMS && i < size - EDGE_ITEMS {
            if i == EDGE_ITEMS {
                out.push_str(", ...");
            }
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        format_dim(literal, dim + 1, offset + (i * stride) as usize, out);
    }
    out.push(']');
}

fn format_scalar(element: ElementType, value: Scalar) -> String {
    // Elements of formats no wider than f32 print as the shortest f32 that reads back to
    // them (0.1, not the f64 0.10000000149011612 the literal holds).
    let narrow = matches!(element, ElementType::Float(kind) | ElementType::Complex(kind) if kind.bit_width() <= 32);
    let float = |x: f64| if narrow { format_float(x, |x| format!("{}", x as f32), |x| format!("{:e}", x as f32)) } else { format_float(x, |x| format!("{x}"), |x| format!("{x:e}")) };
    match value {
        Scalar::Int(v) if element == ElementType::Pred => (v != 0).to_string(),
        Scalar::Int(v) => v.to_string(),
        Scalar::Float(x) => float(x),
        Scalar::Complex(re, im) => format!("({}, {})", float(re), float(im)),
    }
}

/// `x` as numpy prints it: `nan`, `inf`, positional between 1e-4 and 1e16, else with an
/// exponent (`1e300`, `1.5e-8`), each the shortest digits that read back to the value.
fn format_float(x: f64, positional: impl Fn(f64) -> String, scientific: impl Fn(f64) -> String) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf".into() } else { "-inf".into() }
    } else if x != 0.0 && !(1e-4..1e16).contains(&x.abs()) {
        scientific(x)
    } else {
        positional(x)
    }
}
