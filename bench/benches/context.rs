//! Interning in the IR's `Context`: the cost every builder, parser and shape function pays
//! to name a type. `hit` re-interns a type that exists (a hash lookup through `&self`);
//! `fresh_1000` interns 1000 distinct tensor types into a new context.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use xla_ir::Context;

fn tensor_type_interning(c: &mut Criterion) {
    let mut group = c.benchmark_group("context/tensor_type");

    let ctx = Context::new();
    let f32_ty = ctx.f32_type();
    let shape = [8, 128, 768];
    let first = ctx.tensor_type(&shape, f32_ty);
    group.bench_function("hit", |b| {
        b.iter(|| {
            let ty = ctx.tensor_type(black_box(&shape), f32_ty);
            debug_assert_eq!(ty, first);
            ty
        })
    });

    group.bench_function("fresh_1000", |b| {
        b.iter(|| {
            let ctx = Context::new();
            let f32_ty = ctx.f32_type();
            for n in 0..1000i64 {
                black_box(ctx.tensor_type(&[n, 4], f32_ty));
            }
            ctx
        })
    });

    group.finish();
}

criterion_group!(benches, tensor_type_interning);
criterion_main!(benches);
