//! Run time per fixture: `run/NAME` times one call of `fixtures/NAME.stablehlo.mlir`'s
//! compiled `@main` on the fixture's inputs, as `xla-run --bench` times it: the program
//! is compiled once (`support::compile`), linked into a shared library with the runtime
//! when it calls it and loaded (`NativeLibrary::load`, xla-run's native path), the inputs
//! are converted once to buffers in the entry's layouts, and each timed iteration is
//! `prepare_run` plus the call, writing into result buffers allocated once.
//!
//! Which fixtures: `support`'s module documentation. A fixture that does not compile,
//! whose inputs do not match the entry's buffers, or whose first call fails is noted and
//! skipped; a later call that fails panics, since it did not fail the first time.

mod support;

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use xla_interp::ElementType;
use xla_ir::{Context, Type};
use xla_lowering::native::{to_buffer, AlignedBuffer, NativeLibrary, RunOptions};
use xla_lowering::to_llvm::{BufferLayout, EntrySignature};
use xla_tools::opt::new_context;

/// A compiled, loaded fixture ready to be called.
struct Loaded {
    library: NativeLibrary,
    signature: EntrySignature,
    args: Vec<AlignedBuffer>,
}

/// Compiles and loads `fixture` in `ctx` and converts its inputs; why not, on failure.
fn load(ctx: &Context, fixture: &support::Fixture) -> Result<Loaded, String> {
    let compiled = support::compile(ctx, fixture)?;
    let (_, signature) = compiled.entries.into_iter().next().ok_or("compile_hlo returned no entry")?;
    let archives = if compiled.object.windows(7).any(|w| w == b"xla_rt_") {
        vec![xla_tools::native::runtime_library().ok_or("the code calls the runtime, but no libxla_runtime.a was found: set XLA_RUNTIME_LIB")?]
    } else {
        Vec::<PathBuf>::new()
    };
    let library = NativeLibrary::load(&compiled.object, &archives)?;
    let layouts = signature.args.iter().map(|&ty| layout_of(ctx, ty)).collect::<Result<Vec<_>, _>>()?;
    let elements: Vec<ElementType> = layouts.iter().map(|(e, _)| *e).collect();
    let inputs = xla_interp::arrays::read_npz(&fixture.inputs, &elements)?;
    if inputs.len() != layouts.len() {
        return Err(format!("the entry takes {} buffers, the inputs have {} arrays", layouts.len(), inputs.len()));
    }
    let args = inputs
        .iter()
        .zip(&layouts)
        .map(|((_, literal), (_, layout))| {
            if literal.shape != layout.shape {
                return Err(format!("an input has shape {:?}, the entry wants {:?}", literal.shape, layout.shape));
            }
            to_buffer(&literal.to_bytes(), layout)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Loaded { library, signature, args })
}

/// The element type and layout of the buffer type `ty`.
fn layout_of(ctx: &Context, ty: Type) -> Result<(ElementType, BufferLayout), String> {
    let memref = ctx.as_memref(ty).ok_or_else(|| format!("{} is not a buffer", ctx.type_to_string(ty)))?;
    let element = ElementType::of(ctx, memref.element).ok_or_else(|| format!("no element type {}", ctx.type_to_string(memref.element)))?;
    Ok((element, BufferLayout::of(ctx, memref)?))
}

fn run_fixtures(c: &mut Criterion) {
    let mut group = c.benchmark_group("run");
    let ctx = new_context();
    for fixture in support::fixtures() {
        let loaded = match load(&ctx, &fixture) {
            Ok(loaded) => loaded,
            Err(message) => {
                eprintln!("note: run/{} skipped: {}", fixture.name, support::first_line(&message));
                continue;
            }
        };
        let entry = match loaded.library.entry(support::SYMBOL, &ctx, &loaded.signature) {
            Ok(entry) => entry,
            Err(message) => {
                eprintln!("note: run/{} skipped: {message}", fixture.name);
                continue;
            }
        };
        let args: Vec<&AlignedBuffer> = loaded.args.iter().collect();
        let mut results: Vec<AlignedBuffer> = entry.result_sizes.iter().map(|&n| AlignedBuffer::zeroed(n)).collect();
        let options = RunOptions::replica(0, 1);
        let call = |results: &mut Vec<AlignedBuffer>| {
            loaded.library.prepare_run(1);
            let mut refs: Vec<&mut AlignedBuffer> = results.iter_mut().collect();
            entry.call_with(&args, &mut refs, Some(&options))
        };
        match call(&mut results) {
            Ok(0) => {}
            Ok(status) => {
                let why = loaded.library.last_error().unwrap_or_default();
                eprintln!("note: run/{} skipped: the first call failed with status {status}: {why}", fixture.name);
                continue;
            }
            Err(message) => {
                eprintln!("note: run/{} skipped: {message}", fixture.name);
                continue;
            }
        }
        group.bench_function(&fixture.name, |b| {
            b.iter(|| {
                let status = call(black_box(&mut results));
                assert_eq!(status, Ok(0), "run/{}: a call failed after the first succeeded", fixture.name);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, run_fixtures);
criterion_main!(benches);
