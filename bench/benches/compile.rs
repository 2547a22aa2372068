//! Compile time per fixture: `compile/NAME` times everything one compilation of
//! `fixtures/NAME.stablehlo.mlir` costs, as `xla-aotc` pays it: a fresh context, parsing
//! and importing the StableHLO text, verifying it, and `xla_lowering::compile_hlo` of
//! `@main` through loops, the llvm dialect and LLVM's `default<O3>` to an object in
//! memory (not written to a file, nor linked).
//!
//! Which fixtures: `support`'s module documentation (`$XLA_BENCH_FIXTURES`; a handful in
//! `cargo test`'s run-once mode). Each fixture is compiled once before it is measured; one
//! that does not compile is noted and skipped.

mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn compile_fixtures(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    // A compilation takes milliseconds to seconds: ten samples bound the time per fixture.
    group.sample_size(10);
    for fixture in support::fixtures() {
        if let Err(message) = support::compile_fresh(&fixture) {
            eprintln!("note: compile/{} skipped: {}", fixture.name, support::first_line(&message));
            continue;
        }
        group.bench_function(&fixture.name, |b| b.iter(|| black_box(support::compile_fresh(black_box(&fixture)))));
    }
    group.finish();
}

criterion_group!(benches, compile_fixtures);
criterion_main!(benches);
