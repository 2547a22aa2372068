//! The native path of `xla-run`: the entries are compiled with the pipeline of `xla-aotc`
//! (`xla_lowering::compile_hlo`, for the host CPU), linked into a temporary shared library
//! (`cc -shared`), loaded with `dlopen` and called through their AOT entries on the input
//! arrays, converted to dense buffers in the entry's layouts; the result buffers become
//! literals again, and tuples are rebuilt from their leaves, so that results print, save
//! and check exactly as interpreted ones do. `--bench N` calls an entry N more times after
//! that first call and reports the median time per call. `--replicas N` calls the entry
//! from N threads at once, each with its replica id in its run options, where the
//! runtime's collectives meet; a replica that fails aborts the others' collectives.
//! Every run starts from the state a run of the interpreter starts from
//! (`NativeLibrary::prepare_run`): the interpreter's random seed, empty channels and an
//! empty infeed that fails at once, as the interpreter's does (neither reads any).
//!
//! Compiled code that calls the runtime (`xla_rt_*`) is linked with `libxla_runtime.a`:
//! `$XLA_RUNTIME_LIB`, else the one built with this `xla-run` (next to it, or in its
//! `deps/` directory, recognized by the marker the library carries).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use xla_interp::{ElementType, Literal, Value};
use xla_ir::parser::Module;
use xla_ir::{Context, Type, TypeData};
use xla_lowering::native::{byte_size, from_buffer, to_buffer, AlignedBuffer, Entry, NativeLibrary, RunOptions};
use xla_lowering::to_llvm::memory::OUT_OF_MEMORY_HOOK;
use xla_lowering::to_llvm::{BufferLayout, EntrySignature, EntrySpec};
use xla_lowering::{compile_hlo, CompileOptions, PhaseTimes};
use xla_runtime::status::XlaStatus;

/// An entry to run: its name, its hlo signature and its arguments.
pub struct NativeCall {
    /// The function.
    pub name: String,
    /// The hlo result types, to rebuild tuples from the result buffers.
    pub results: Vec<Type>,
    /// The arguments, one literal per argument.
    pub args: Vec<Literal>,
}

/// What running one entry gave: per replica its results or the rendered error, and the
/// median time per call under `--bench`.
pub struct NativeOutcome {
    /// Per replica, the results as the interpreter gives them, or the rendered error.
    pub replicas: Vec<Result<Vec<Value>, String>>,
    /// The median time per call over the benchmark's calls, when it ran.
    pub median: Option<Duration>,
}

/// Compiles every entry of `calls` into one library and runs each on `replicas` replicas
/// (`bench` more times when given, one replica only); per entry, its outcome or the
/// rendered error. A failure to compile or load is the rendered error of the whole.
pub fn run_entries(ctx: &Context, module: &mut Module, calls: &[NativeCall], bench: Option<usize>, replicas: u32) -> Result<Vec<Result<NativeOutcome, String>>, String> {
    run_entries_with(compile_hlo, ctx, module, calls, bench, replicas, &CompileOptions::default(), &mut PhaseTimes::default())
}

/// The pipeline from hlo to an object with entries: `xla_lowering::compile_hlo`, or MLIR's
/// lowering (`xla-run --backend=mlir`, [`crate::mlir::MlirHooks::compile_hlo`]).
pub type CompileHlo = fn(&mut xla_ir::Body, xla_ir::OpId, &[EntrySpec], &CompileOptions) -> Result<xla_lowering::Compiled, Vec<xla_ir::Diagnostic>>;

/// [`run_entries`] with the entries compiled by `compile` with `options`, the time of each
/// phase of compiling, linking and loading them added to `phases`.
#[allow(clippy::too_many_arguments)]
pub fn run_entries_with(
    compile: CompileHlo,
    ctx: &Context,
    module: &mut Module,
    calls: &[NativeCall],
    bench: Option<usize>,
    replicas: u32,
    options: &CompileOptions,
    phases: &mut PhaseTimes,
) -> Result<Vec<Result<NativeOutcome, String>>, String> {
    let specs: Vec<EntrySpec> = calls.iter().enumerate().map(|(i, call)| EntrySpec { function: call.name.clone(), symbol: format!("xla_run_entry{i}") }).collect();
    let compiled = compile(&mut module.body, module.op, &specs, options)
        .map_err(|errors| errors.iter().map(|d| d.render(ctx)).collect::<String>())?;
    phases.extend(&compiled.phases);
    let library = phases.time("linking and loading", || {
        let archives = runtime_archives(&compiled.object).map_err(|m| format!("xla-run: {m}\n"))?;
        NativeLibrary::load(&compiled.object, &archives).map_err(|m| format!("xla-run: {m}\n"))
    })?;
    let replicas = i32::try_from(replicas.max(1)).map_err(|_| "xla-run: too many replicas\n".to_string())?;
    let outcomes = calls
        .iter()
        .zip(&compiled.entries)
        .map(|(call, (spec, signature))| {
            let entry = library.entry(&spec.symbol, ctx, signature).map_err(|m| format!("xla-run: {m}\n"))?;
            run_entry(ctx, &library, &entry, call, signature, bench, replicas)
        })
        .collect();
    Ok(outcomes)
}

/// Runs one entry on its arguments, on every replica.
fn run_entry(
    ctx: &Context,
    library: &NativeLibrary,
    entry: &Entry,
    call: &NativeCall,
    signature: &EntrySignature,
    bench: Option<usize>,
    replicas: i32,
) -> Result<NativeOutcome, String> {
    let fail = |message: String| format!("xla-run: @{}: {message}\n", call.name);
    if call.args.len() != signature.args.len() {
        return Err(fail(format!(
            "the compiled entry takes {} argument buffers (tuples flattened), but --input gave {} arrays",
            signature.args.len(),
            call.args.len()
        )));
    }
    let args = call
        .args
        .iter()
        .zip(&signature.args)
        .enumerate()
        .map(|(i, (literal, ty))| argument_buffer(ctx, literal, *ty).map_err(|m| fail(format!("argument {i}: {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let arg_refs: Vec<&AlignedBuffer> = args.iter().collect();
    // One call of the entry as replica `id`: its result buffers and how long it took. A
    // failed check's message is kept apart, to be rendered with the source (the context
    // cannot go to the replicas' threads).
    // Each replica (and the benchmark's loop) brings its scratch memory, made once, so that
    // no call allocates; when that memory cannot be had, the entry is given NULL and
    // allocates its arena itself, whose failure it reports as OUT_OF_MEMORY.
    let new_temp = || AlignedBuffer::try_zeroed(entry.temp_bytes);
    // The result buffers are allocated fallibly: a result larger than memory is an error
    // naming it, not an abort (AlignedBuffer::try_zeroed says why that holds on a kernel
    // that overcommits, too).
    let new_results = || -> Result<Vec<AlignedBuffer>, Failure> {
        let result = |(i, &n): (usize, &usize)| {
            AlignedBuffer::try_zeroed(n)
                .ok_or_else(|| Failure::Other(format!("xla-run: cannot allocate {} for result {i} of @{}\n", byte_size(n as u64), call.name)))
        };
        entry.result_sizes.iter().enumerate().map(result).collect()
    };
    let call_into = |id: i32, temp: Option<&mut AlignedBuffer>, mut results: Vec<AlignedBuffer>| -> Result<(Vec<AlignedBuffer>, Duration), Failure> {
        let mut result_refs: Vec<&mut AlignedBuffer> = results.iter_mut().collect();
        let options = RunOptions::replica(id, replicas);
        let own_arena = temp.is_none() && entry.temp_bytes > 0;
        let started = Instant::now();
        let status = entry.call_with_temp(&arg_refs, &mut result_refs, temp, Some(&options)).map_err(|m| Failure::Other(fail(m)))?;
        let elapsed = started.elapsed();
        if status != 0 {
            library.abort_collectives(replicas);
            // The compiled code's own allocations (its arena when given none, a buffer
            // allocated per call) fail with no message of the runtime's: say which.
            let message = library.last_error().unwrap_or_else(|| match XlaStatus::from_code(status) {
                Some(XlaStatus::OutOfMemory) if own_arena => {
                    format!("OUT_OF_MEMORY: the entry could not allocate its {} of temporaries", byte_size(entry.temp_bytes as u64))
                }
                Some(XlaStatus::OutOfMemory) => "OUT_OF_MEMORY: the compiled code could not allocate a temporary buffer".to_string(),
                _ => status_name(status).to_string(),
            });
            if status == XlaStatus::CheckFailed.code() {
                return Err(Failure::Check(message));
            }
            return Err(Failure::Other(fail(format!("the compiled code failed with status {status}: {message}"))));
        }
        Ok((results, elapsed))
    };
    let call_once = |id: i32, temp: Option<&mut AlignedBuffer>| call_into(id, temp, new_results()?);
    let render = |failure: Failure| match failure {
        Failure::Check(message) => located_check_failure(ctx, &message),
        Failure::Other(message) => message,
    };
    library.prepare_run(replicas);
    let runs: Vec<Result<Vec<AlignedBuffer>, String>> = if replicas == 1 {
        vec![call_once(0, new_temp().as_mut()).map(|(results, _)| results).map_err(render)]
    } else {
        let runs: Vec<Result<Vec<AlignedBuffer>, Failure>> = std::thread::scope(|scope| {
            let (call_once, new_temp) = (&call_once, &new_temp);
            let handles: Vec<_> = (0..replicas)
                .map(|id| {
                    scope.spawn(move || {
                        let run = call_once(id, new_temp().as_mut()).map(|(results, _)| results);
                        // A recv of another replica waits no longer for a send of this one.
                        library.finish_process();
                        run
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(Failure::Other(fail("a replica's thread panicked".into()))))).collect()
        });
        runs.into_iter().map(|run| run.map_err(render)).collect()
    };
    let median = match bench {
        Some(n) => {
            let mut times = Vec::with_capacity(n);
            let mut temp = new_temp();
            // The result buffers are made once too and reused, as an allocator reuses
            // memory between calls: fresh pages would be faulted in inside the timed call.
            let mut results = new_results().map_err(render)?;
            for _ in 0..n {
                library.prepare_run(replicas);
                let (reused, elapsed) = call_into(0, temp.as_mut(), results).map_err(render)?;
                results = reused;
                times.push(elapsed);
            }
            times.sort();
            times.get(times.len() / 2).copied()
        }
        None => None,
    };
    let replicas = runs.into_iter().map(|run| run.and_then(|results| values_of(ctx, &results, call, signature).map_err(fail))).collect();
    Ok(NativeOutcome { replicas, median })
}

/// The values of the result buffers `results` of an entry: literals, with tuples rebuilt.
fn values_of(ctx: &Context, results: &[AlignedBuffer], call: &NativeCall, signature: &EntrySignature) -> Result<Vec<Value>, String> {
    let leaves = results.iter().zip(&signature.results).map(|(buffer, ty)| result_literal(ctx, buffer, *ty)).collect::<Result<Vec<_>, _>>()?;
    let mut leaves = leaves.into_iter();
    call.results.iter().map(|ty| rebuild(ctx, *ty, &mut leaves)).collect()
}

/// The buffer of an argument of buffer type `ty` holding `literal`, which must have its
/// element type and shape.
fn argument_buffer(ctx: &Context, literal: &Literal, ty: Type) -> Result<AlignedBuffer, String> {
    let (element, layout) = buffer_of(ctx, ty)?;
    if literal.element != element || literal.shape != layout.shape {
        return Err(format!("expected {}, found {}", xla_interp::literal::shape_string(element, &layout.shape), literal.shape_string()));
    }
    to_buffer(&literal.to_bytes(), &layout)
}

/// The literal a result buffer of type `ty` holds.
fn result_literal(ctx: &Context, buffer: &AlignedBuffer, ty: Type) -> Result<Literal, String> {
    let (element, layout) = buffer_of(ctx, ty)?;
    Literal::from_bytes(element, layout.shape.clone(), &from_buffer(buffer.as_bytes(), &layout)?)
}

/// The element type and layout of a buffer type.
fn buffer_of(ctx: &Context, ty: Type) -> Result<(ElementType, BufferLayout), String> {
    let memref = ctx.as_memref(ty).ok_or_else(|| format!("{} is not a buffer", ctx.type_to_string(ty)))?;
    let element = ElementType::of(ctx, memref.element).ok_or_else(|| format!("no element type {}", ctx.type_to_string(memref.element)))?;
    Ok((element, BufferLayout::of(ctx, memref)?))
}

/// The value of hlo type `ty` from the next result leaves: a tensor takes one, a tuple its
/// elements' and a token none.
fn rebuild(ctx: &Context, ty: Type, leaves: &mut impl Iterator<Item = Literal>) -> Result<Value, String> {
    match ctx.type_data(ty) {
        TypeData::Tuple(elements) => {
            let values = elements.iter().map(|e| rebuild(ctx, *e, leaves)).collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Tuple(values))
        }
        TypeData::Opaque { .. } => Ok(Value::Token),
        _ => leaves.next().map(Value::Tensor).ok_or_else(|| "fewer result buffers than results".to_string()),
    }
}

/// Why a call of a compiled entry failed.
enum Failure {
    /// A check op failed: the runtime's message, `"file:line:col: check.x failed: ..."`.
    Check(String),
    /// Anything else, as xla-run reports it.
    Other(String),
}

/// A failed check of compiled code (`"file:line:col: check.x failed: ..."`, as
/// `xla_rt_check_failed` words it) rendered as the located diagnostic the interpreter
/// gives, source line and caret included.
fn located_check_failure(ctx: &Context, message: &str) -> String {
    let mut parts = message.splitn(4, ':');
    let (file, line, col, rest) = (parts.next(), parts.next(), parts.next(), parts.next());
    let position = line.and_then(|l| l.trim().parse::<u32>().ok()).zip(col.and_then(|c| c.trim().parse::<u32>().ok()));
    match (file, position, rest) {
        (Some(file), Some((line, col)), Some(rest)) => {
            xla_ir::Diagnostic::error(ctx.file_loc(file, line, col), rest.trim_start()).render(ctx)
        }
        _ => format!("xla-run: {message}\n"),
    }
}

/// The name of a runtime status code (`xla_runtime.h`).
fn status_name(status: i32) -> &'static str {
    XlaStatus::from_code(status).map_or("UNKNOWN", |s| s.name())
}

/// The archives the object needs: `libxla_runtime.a` when it calls the runtime. The weak
/// out-of-memory hook alone does not count: compiled code calls it only when the runtime
/// is linked anyway (without, xla-run says what failed itself), and linking the runtime
/// costs every run a third of a second.
pub(crate) fn runtime_archives(object: &[u8]) -> Result<Vec<PathBuf>, String> {
    let hook = OUT_OF_MEMORY_HOOK.as_bytes();
    let calls_runtime = object.windows(7).enumerate().any(|(at, w)| w == b"xla_rt_" && !object[at..].starts_with(hook));
    if !calls_runtime {
        return Ok(Vec::new());
    }
    runtime_library().map(|path| vec![path]).ok_or_else(|| {
        "the compiled code calls the runtime, but no libxla_runtime.a built from this checkout was found: set XLA_RUNTIME_LIB".to_string()
    })
}

/// `$XLA_RUNTIME_LIB`, else the `libxla_runtime.a` built with this executable (see the
/// module).
pub fn runtime_library() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("XLA_RUNTIME_LIB") {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    let marker = format!("xla-runtime built from {}\n", runtime_source_dir().display());
    let mut candidates = vec![dir.join("libxla_runtime.a")];
    for deps in [dir.join("deps"), dir.parent().map(|p| p.join("deps")).unwrap_or_default()] {
        if let Ok(entries) = std::fs::read_dir(&deps) {
            candidates.extend(entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| is_runtime_archive(p)));
        }
    }
    candidates.retain(|p| p.is_file());
    candidates.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(p).and_then(|m| m.modified()).ok()));
    candidates.into_iter().find(|p| std::fs::read(p).is_ok_and(|bytes| bytes.windows(marker.len()).any(|w| w == marker.as_bytes())))
}

/// `libxla_runtime-<hash>.a`.
fn is_runtime_archive(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("libxla_runtime-") && n.ends_with(".a"))
}

/// The runtime crate's directory in this checkout, as its library's marker names it.
fn runtime_source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(|p| p.join("runtime")).unwrap_or_default()
}
