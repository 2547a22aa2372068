//! The native path of `xla-run`: the entries are compiled with the pipeline of `xla-aotc`
//! (`xla_lowering::compile_hlo`, for the host CPU), linked into a temporary shared library
//! (`cc -shared`), loaded with `dlopen` and called through their AOT entries on the input
//! arrays, converted to dense buffers in the entry's layouts; the result buffers become
//! literals again, and tuples are rebuilt from their leaves, so that results print, save
//! and check exactly as interpreted ones do. `--bench N` calls an entry N more times after
//! that first call and reports the median time per call.
//!
//! Compiled code that calls the runtime (`xla_rt_*`) is linked with `libxla_runtime.a`:
//! `$XLA_RUNTIME_LIB`, else the one built with this `xla-run` (next to it, or in its
//! `deps/` directory, recognized by the marker the library carries).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use xla_interp::{ElementType, Literal, Value};
use xla_ir::parser::Module;
use xla_ir::{Context, Type, TypeData};
use xla_lowering::native::{from_buffer, to_buffer, AlignedBuffer, Entry, NativeLibrary};
use xla_lowering::to_llvm::{BufferLayout, EntrySignature, EntrySpec};
use xla_lowering::{compile_hlo, CompileOptions};

/// An entry to run: its name, its hlo signature and its arguments.
pub struct NativeCall {
    /// The function.
    pub name: String,
    /// The hlo result types, to rebuild tuples from the result buffers.
    pub results: Vec<Type>,
    /// The arguments, one literal per argument.
    pub args: Vec<Literal>,
}

/// What running one entry gave: its results, and the median time per call under
/// `--bench`.
pub struct NativeOutcome {
    /// The results, as the interpreter gives them.
    pub values: Vec<Value>,
    /// The median time per call over the benchmark's calls, when it ran.
    pub median: Option<Duration>,
}

/// Compiles every entry of `calls` into one library and runs each (`bench` more times
/// when given); per entry, its outcome or the rendered error. A failure to compile or
/// load is the rendered error of the whole.
pub fn run_entries(ctx: &Context, module: &mut Module, calls: &[NativeCall], bench: Option<usize>) -> Result<Vec<Result<NativeOutcome, String>>, String> {
    let specs: Vec<EntrySpec> = calls.iter().enumerate().map(|(i, call)| EntrySpec { function: call.name.clone(), symbol: format!("xla_run_entry{i}") }).collect();
    let compiled = compile_hlo(&mut module.body, module.op, &specs, &CompileOptions::default())
        .map_err(|errors| errors.iter().map(|d| d.render(ctx)).collect::<String>())?;
    let archives = runtime_archives(&compiled.object).map_err(|m| format!("xla-run: {m}\n"))?;
    let library = NativeLibrary::load(&compiled.object, &archives).map_err(|m| format!("xla-run: {m}\n"))?;
    let outcomes = calls
        .iter()
        .zip(&compiled.entries)
        .map(|(call, (spec, signature))| {
            let entry = library.entry(&spec.symbol, ctx, signature).map_err(|m| format!("xla-run: {m}\n"))?;
            run_entry(ctx, &library, &entry, call, signature, bench)
        })
        .collect();
    Ok(outcomes)
}

/// Runs one entry on its arguments.
fn run_entry(
    ctx: &Context,
    library: &NativeLibrary,
    entry: &Entry,
    call: &NativeCall,
    signature: &EntrySignature,
    bench: Option<usize>,
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
    let mut results: Vec<AlignedBuffer> = entry.result_sizes.iter().map(|&n| AlignedBuffer::zeroed(n)).collect();
    let call_once = |results: &mut Vec<AlignedBuffer>| -> Result<Duration, String> {
        let mut result_refs: Vec<&mut AlignedBuffer> = results.iter_mut().collect();
        let started = Instant::now();
        let status = entry.call(&arg_refs, &mut result_refs).map_err(fail)?;
        let elapsed = started.elapsed();
        if status != 0 {
            let message = library.last_error().unwrap_or_else(|| status_name(status).to_string());
            return Err(fail(format!("the compiled code failed with status {status}: {message}")));
        }
        Ok(elapsed)
    };
    call_once(&mut results)?;
    let median = match bench {
        Some(n) => {
            let mut times = (0..n).map(|_| call_once(&mut results)).collect::<Result<Vec<_>, _>>()?;
            times.sort();
            times.get(times.len() / 2).copied()
        }
        None => None,
    };
    let leaves = results
        .iter()
        .zip(&signature.results)
        .map(|(buffer, ty)| result_literal(ctx, buffer, *ty))
        .collect::<Result<Vec<_>, _>>()
        .map_err(fail)?;
    let mut leaves = leaves.into_iter();
    let values = call.results.iter().map(|ty| rebuild(ctx, *ty, &mut leaves)).collect::<Result<Vec<_>, _>>().map_err(fail)?;
    Ok(NativeOutcome { values, median })
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
    Literal::from_bytes(element, layout.shape.clone(), &from_buffer(buffer.as_bytes(), &layout))
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

/// The name of a runtime status code (`xla_runtime.h`).
fn status_name(status: i32) -> &'static str {
    match status {
        1 => "INVALID_ARGUMENT",
        2 => "OUT_OF_MEMORY",
        3 => "INTERNAL",
        4 => "UNIMPLEMENTED",
        5 => "CUSTOM_CALL_FAILED",
        6 => "NOT_FOUND",
        7 => "DEADLINE_EXCEEDED",
        8 => "FAILED_PRECONDITION",
        _ => "UNKNOWN",
    }
}

/// The archives the object needs: `libxla_runtime.a` when it calls the runtime.
fn runtime_archives(object: &[u8]) -> Result<Vec<PathBuf>, String> {
    if !object.windows(7).any(|w| w == b"xla_rt_") {
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
