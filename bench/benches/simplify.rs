//! `simplify` over the fixture corpus (every `fixtures/*.hlo`): `parse` reads the modules
//! alone, `parse_and_simplify` reads them and runs `func.func(simplify)` at the default
//! settings, so the difference is the pass's time (translation, saturation, folding,
//! extraction and write-back) over 68 real JAX programs.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::PathBuf;
use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
use xla_ir::Context;

fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let mut texts: Vec<(String, String)> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "hlo"))
        .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(&p).ok()?)))
        .collect();
    texts.sort();
    texts
}

fn run_all(texts: &[(String, String)], simplify: bool) -> usize {
    let mut ctx = Context::new();
    xla_import::stablehlo::register(&mut ctx);
    let mut registry = PassRegistry::new();
    xla_simplify::register(&mut registry);
    let mut ops = 0;
    for (name, text) in texts {
        let Ok(mut module) = xla_import::hlo_text::parse_hlo_text_at(&ctx, name, text, 1) else { continue };
        if simplify {
            let Ok(mut pm) = PassManager::parse(&ctx, &registry, MODULE_OP, "builtin.module(func.func(simplify))") else { continue };
            pm.instrumentation.verify_each = false;
            let _ = pm.run_with_output(&mut module.body, module.op, &mut Vec::new());
        }
        ops += module.body.all_op_ids().filter(|op| !module.body.is_erased(*op)).count();
    }
    ops
}

fn simplify_fixtures(c: &mut Criterion) {
    let texts = fixtures();
    assert!(!texts.is_empty(), "no fixtures found");
    let mut group = c.benchmark_group("simplify/fixtures");
    group.sample_size(10);
    group.bench_function("parse", |b| b.iter(|| run_all(&texts, false)));
    group.bench_function("parse_and_simplify", |b| b.iter(|| run_all(&texts, true)));
    group.finish();
}

criterion_group!(benches, simplify_fixtures);
criterion_main!(benches);
