//! The compiled side of `interpreter.run_parallel` in `xla-run` without `--interpret`:
//! every function a `run_parallel` names is compiled as an entry of one native library
//! ([`compile_grid`]), and the interpreter, which runs the harness around them (`main`'s
//! constants, `run_parallel` itself, the `check` ops), hands each grid of programs to
//! [`NativeGrid`], which calls the entries at once, one thread per process of the grid,
//! each with its replica and partition in its run options, where the runtime's
//! collectives and channels meet. The programs under test are compiled code; only the
//! harness is interpreted.
//!
//! Decisions: a run starts from the interpreter's state (`NativeLibrary::prepare_run`); a
//! process that fails aborts the others' collectives and, like one that finishes, tells
//! waiting recvs it sends no more; a failed check of a program fails the program with the
//! check's located message, since compiled code stops there with no results (interpreted,
//! the program goes on and the check fails the `run_parallel`). The grid's infeed goes to the runtime's infeed of
//! replica 0 before the programs start, which serves a grid of one process; the runtime
//! keeps an infeed per replica, not one per grid, so a grid of several processes with an
//! infeed is an error rather than a guess at which process reads which entry.

use std::collections::HashMap;

use xla_interp::{ElementType, Literal, ProgramGrid, ProgramOutcome, ProgramRunner, Value};
use xla_ir::parser::Module;
use xla_ir::{Context, Op, Type, TypeData};
use xla_lowering::native::{from_buffer, to_buffer, AlignedBuffer, EntryBuffers, NativeLibrary, PartitionOptions, RunOptions};
use xla_lowering::to_llvm::{BufferLayout, EntrySpec};
use xla_lowering::CompileOptions;
use xla_runtime::status::XlaStatus;

use crate::native::{runtime_archives, CompileHlo};

/// The compiled programs of a module's `run_parallel` ops, ready to run as grids.
pub struct NativeGrid {
    library: NativeLibrary,
    programs: HashMap<String, CompiledProgram>,
}

/// One program compiled as an entry: its symbol and its buffers, as plain data that the
/// process threads share.
struct CompiledProgram {
    symbol: String,
    buffers: EntryBuffers,
    /// The element type and layout of each argument buffer.
    args: Vec<(ElementType, BufferLayout)>,
    /// The element type and layout of each result buffer.
    results: Vec<(ElementType, BufferLayout)>,
    /// The program's results as the interpreter gives them, rebuilt from the buffers.
    result_shapes: Vec<ResultShape>,
}

/// How a result is made of result buffers: a tensor takes one, a tuple its elements',
/// a token none.
#[derive(Clone, Debug)]
enum ResultShape {
    Tensor,
    Tuple(Vec<ResultShape>),
    Token,
}

impl ResultShape {
    fn of(ctx: &Context, ty: Type) -> ResultShape {
        match ctx.type_data(ty) {
            TypeData::Tuple(elements) => ResultShape::Tuple(elements.iter().map(|e| ResultShape::of(ctx, *e)).collect()),
            TypeData::Opaque { .. } => ResultShape::Token,
            _ => ResultShape::Tensor,
        }
    }

    /// The value of this shape from the next leaves.
    fn rebuild(&self, leaves: &mut impl Iterator<Item = Literal>) -> Result<Value, String> {
        match self {
            ResultShape::Tensor => leaves.next().map(Value::Tensor).ok_or_else(|| "fewer result buffers than results".to_string()),
            ResultShape::Tuple(elements) => Ok(Value::Tuple(elements.iter().map(|e| e.rebuild(leaves)).collect::<Result<_, _>>()?)),
            ResultShape::Token => Ok(Value::Token),
        }
    }
}

/// The functions the `interpreter.run_parallel` ops of `module` name, in module order,
/// each once.
pub fn parallel_programs(module: &Module) -> Vec<String> {
    let body = &module.body;
    let mut names: Vec<String> = Vec::new();
    for op in body.nested_ops(module.op, xla_ir::walk::WalkOrder::PreOrder) {
        if let Some(xla_dialects::interpreter::InterpreterOp::RunParallel(run)) = xla_dialects::interpreter::InterpreterOp::of(body, op) {
            let grid = run.program_grid(body).unwrap_or_default();
            for name in grid.into_iter().flatten() {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// Compiles `programs`, functions of `module` (which the lowering rewrites), into one
/// library of entries with `compile` and `options`; the rendered error when compiling or
/// loading fails.
pub fn compile_grid(compile: CompileHlo, ctx: &Context, module: &mut Module, programs: &[String], options: &CompileOptions) -> Result<NativeGrid, String> {
    let mut result_types = Vec::with_capacity(programs.len());
    for name in programs {
        let func = xla_lowering::to_llvm::find_function(&module.body, module.op, name).ok_or_else(|| format!("xla-run: no function named @{name}\n"))?;
        let func = xla_dialects::func::FuncOp::cast(&module.body, func).ok_or_else(|| format!("xla-run: @{name} is no function\n"))?;
        let (_, results) = func.signature(&module.body).unwrap_or_default();
        result_types.push(results.iter().map(|t| ResultShape::of(ctx, *t)).collect::<Vec<_>>());
    }
    let specs: Vec<EntrySpec> = programs.iter().enumerate().map(|(i, name)| EntrySpec { function: name.clone(), symbol: format!("xla_run_program{i}") }).collect();
    let compiled = compile(&mut module.body, module.op, &specs, options).map_err(|errors| errors.iter().map(|d| d.render(ctx)).collect::<String>())?;
    let archives = runtime_archives(&compiled.object).map_err(|m| format!("xla-run: {m}\n"))?;
    let library = NativeLibrary::load(&compiled.object, &archives).map_err(|m| format!("xla-run: {m}\n"))?;
    let mut compiled_programs = HashMap::new();
    for ((spec, signature), result_shapes) in compiled.entries.iter().zip(result_types) {
        let fail = |m: String| format!("xla-run: @{}: {m}\n", spec.function);
        let layouts = |types: &[Type]| types.iter().map(|t| buffer_of(ctx, *t)).collect::<Result<Vec<_>, String>>();
        let program = CompiledProgram {
            symbol: spec.symbol.clone(),
            buffers: EntryBuffers::of(ctx, signature).map_err(fail)?,
            args: layouts(&signature.args).map_err(fail)?,
            results: layouts(&signature.results).map_err(fail)?,
            result_shapes,
        };
        compiled_programs.insert(spec.function.clone(), program);
    }
    Ok(NativeGrid { library, programs: compiled_programs })
}

/// The number of processes of a grid as the runtime counts them (an `int32_t`; a grid too
/// large to count saturates, and the runtime refuses its options).
fn process_count(replicas: u32, partitions: u32) -> i32 {
    i32::try_from(u64::from(replicas) * u64::from(partitions)).unwrap_or(i32::MAX)
}

/// The element type and layout of a buffer type.
fn buffer_of(ctx: &Context, ty: Type) -> Result<(ElementType, BufferLayout), String> {
    let memref = ctx.as_memref(ty).ok_or_else(|| format!("{} is not a buffer", ctx.type_to_string(ty)))?;
    let element = ElementType::of(ctx, memref.element).ok_or_else(|| format!("no element type {}", ctx.type_to_string(memref.element)))?;
    Ok((element, BufferLayout::of(ctx, memref)?))
}

/// The tensors of a value, flattening tuples (tokens have none).
fn tensors_of(value: &Value) -> Vec<&Literal> {
    match value {
        Value::Tensor(literal) => vec![literal],
        Value::Tuple(elements) => elements.iter().flat_map(tensors_of).collect(),
        Value::Token | Value::Buffer(_) => Vec::new(),
    }
}

impl NativeGrid {
    /// Runs `name` as process `(replica, partition)` of a grid of `replicas x partitions`
    /// on `args`: its outcome, the runtime told when it failed or finished.
    fn run_process(&self, name: &str, args: &[Value], replica: u32, partition: u32, replicas: u32, partitions: u32) -> ProgramOutcome {
        let outcome = self.call(name, args, replica, partition, replicas, partitions);
        if outcome.results.is_err() {
            self.library.abort_collectives(process_count(replicas, partitions));
        }
        self.library.finish_process();
        outcome
    }

    /// Calls the entry of `name` (see [`NativeGrid::run_process`]).
    fn call(&self, name: &str, args: &[Value], replica: u32, partition: u32, replicas: u32, partitions: u32) -> ProgramOutcome {
        let failed = |message: String| ProgramOutcome { results: Err(message), check_failures: Vec::new() };
        let Some(program) = self.programs.get(name) else { return failed(format!("@{name} was not compiled")) };
        let tensors: Vec<&Literal> = args.iter().flat_map(tensors_of).collect();
        if tensors.len() != program.args.len() {
            return failed(format!("the compiled entry takes {} argument buffers (tuples flattened), but it was given {} arrays", program.args.len(), tensors.len()));
        }
        let mut arg_buffers = Vec::with_capacity(tensors.len());
        for (i, (literal, (element, layout))) in tensors.iter().zip(&program.args).enumerate() {
            if literal.element != *element || literal.shape != layout.shape {
                let expected = xla_interp::literal::shape_string(*element, &layout.shape);
                return failed(format!("argument {i} must be {expected}, found {}", literal.shape_string()));
            }
            match to_buffer(&literal.to_bytes(), layout) {
                Ok(buffer) => arg_buffers.push(buffer),
                Err(message) => return failed(format!("argument {i}: {message}")),
            }
        }
        let mut results = Vec::with_capacity(program.buffers.result_sizes.len());
        for (i, &size) in program.buffers.result_sizes.iter().enumerate() {
            match AlignedBuffer::try_zeroed(size) {
                Some(buffer) => results.push(buffer),
                None => return failed(format!("cannot allocate the {size} bytes of result {i}")),
            }
        }
        let mut temp = AlignedBuffer::try_zeroed(program.buffers.temp_bytes);
        let entry = match self.library.entry_of(&program.symbol, &program.buffers) {
            Ok(entry) => entry,
            Err(message) => return failed(message),
        };
        let partition_options = PartitionOptions::new(partition as i32, partitions as i32);
        let options = RunOptions::process(replica as i32, replicas as i32, &partition_options);
        let arg_refs: Vec<&AlignedBuffer> = arg_buffers.iter().collect();
        let mut result_refs: Vec<&mut AlignedBuffer> = results.iter_mut().collect();
        let status = match entry.call_with_temp(&arg_refs, &mut result_refs, temp.as_mut(), Some(&options)) {
            Ok(status) => status,
            Err(message) => return failed(message),
        };
        if status != 0 {
            let message = self.library.last_error().unwrap_or_else(|| XlaStatus::from_code(status).map_or("UNKNOWN", |s| s.name()).to_string());
            // Compiled code stops at a failed check, with no results to hand on: the
            // program fails with the check's message ("file:line:col: check.x failed").
            if status == XlaStatus::CheckFailed.code() {
                return failed(message);
            }
            return failed(format!("the compiled code failed with status {status}: {message}"));
        }
        let leaves = results
            .iter()
            .zip(&program.results)
            .map(|(buffer, (element, layout))| Literal::from_bytes(*element, layout.shape.clone(), &from_buffer(buffer.as_bytes(), layout)?))
            .collect::<Result<Vec<_>, String>>();
        let mut leaves = match leaves {
            Ok(leaves) => leaves.into_iter(),
            Err(message) => return failed(message),
        };
        let values = program.result_shapes.iter().map(|shape| shape.rebuild(&mut leaves)).collect();
        ProgramOutcome { results: values, check_failures: Vec::new() }
    }

    /// Queues the grid's infeed for its one process, the values' tensors in order.
    fn feed(&self, infeed: &[Value], processes: usize) -> Result<(), String> {
        if infeed.is_empty() {
            return Ok(());
        }
        if processes != 1 {
            return Err(format!(
                "compiled run_parallel feeds the infeed of a grid of one process, but this grid has {processes}: the runtime keeps an infeed per replica, not one per grid"
            ));
        }
        for literal in infeed.iter().flat_map(tensors_of) {
            self.library.enqueue_infeed(0, &literal.to_bytes())?;
        }
        Ok(())
    }
}

impl ProgramRunner for NativeGrid {
    fn run_grid(&self, grid: ProgramGrid) -> Vec<ProgramOutcome> {
        let (replicas, partitions) = (grid.programs.len() as u32, grid.partitions() as u32);
        let processes = grid.programs.iter().map(Vec::len).sum::<usize>();
        self.library.prepare_run(process_count(replicas, partitions));
        if let Err(message) = self.feed(&grid.infeed, processes) {
            return (0..processes).map(|_| ProgramOutcome { results: Err(message.clone()), check_failures: Vec::new() }).collect();
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = grid
                .processes()
                .zip(&grid.arguments)
                .map(|((replica, partition, name), args)| scope.spawn(move || self.run_process(name, args, replica, partition, replicas, partitions)))
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle.join().unwrap_or_else(|_| ProgramOutcome { results: Err("the process's thread panicked".to_string()), check_failures: Vec::new() })
                })
                .collect()
        })
    }
}
