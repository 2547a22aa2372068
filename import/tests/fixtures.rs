//! Every JAX fixture of `fixtures/` comes in through both readers: its StableHLO text and
//! its HLO text each import and verify. After the same normalizing pipeline (symbol-dce,
//! canonicalize, cse, dce), both imports have the same op counts: the StableHLO reader
//! writes what XLA writes when it converts StableHLO to HLO (chlo expansions, complex math
//! as real arithmetic), so every fixture is the same program either way. The HLO writer's output reads back to the same IR: written and
//! read again, a module is a fixed point. A property test feeds both readers truncated and
//! mutated fixtures: no panic, every error located.

use std::collections::BTreeMap;
use std::path::PathBuf;

use proptest::prelude::*;
use xla_ir::parser::Module;
use xla_ir::pass::{Nesting, PassManager, PassRegistry, MODULE_OP};
use xla_ir::{Context, WalkOrder};

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The fixture names, from their `.stablehlo.mlir` files.
fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures/ is part of the repository")
        .filter_map(|e| e.ok()?.file_name().into_string().ok()?.strip_suffix(".stablehlo.mlir").map(str::to_string))
        .collect();
    names.sort();
    names
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_import::stablehlo::register(&mut ctx);
    ctx
}

/// Op counts by name after the normalizing pipeline, without function structure
/// (`func.func`, `func.return`, `hlo.return`) and with `func.call` and `hlo.call` as one.
fn normalized_counts(module: &mut Module) -> BTreeMap<String, usize> {
    let mut registry = PassRegistry::new();
    xla_passes::register_all(&mut registry);
    let mut pm = PassManager::new(MODULE_OP);
    pm.add_pipeline(module.body.ctx(), &registry, "symbol-dce,canonicalize,cse,dce", Nesting::Implicit)
        .expect("the pipeline parses");
    pm.instrumentation.verify_each = true;
    if let Err(errors) = pm.run_with_output(&mut module.body, module.op, &mut std::io::sink()) {
        panic!("normalizing failed: {}", errors.iter().map(|e| e.render(module.body.ctx())).collect::<String>());
    }
    let mut counts = BTreeMap::new();
    for op in module.body.nested_ops(module.op, WalkOrder::PreOrder) {
        let name = match module.body.op_name(op) {
            "func.func" | "func.return" | "hlo.return" => continue,
            "func.call" | "hlo.call" => "call",
            other => other,
        };
        *counts.entry(name.to_string()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn every_fixture_imports_through_both_readers() {
    let names = fixture_names();
    assert!(names.len() >= 40, "expected at least 40 fixtures, found {}", names.len());
    for name in &names {
        let ctx = context();
        let stablehlo_path = fixtures_dir().join(format!("{name}.stablehlo.mlir"));
        let hlo_path = fixtures_dir().join(format!("{name}.hlo"));
        let stablehlo_text = std::fs::read_to_string(&stablehlo_path).expect("readable");
        let hlo_text = std::fs::read_to_string(&hlo_path).expect("every fixture has HLO text");
        let mut from_stablehlo = xla_import::stablehlo::parse_stablehlo(&ctx, &format!("{name}.stablehlo.mlir"), &stablehlo_text)
            .unwrap_or_else(|e| panic!("{name}: {}", e.render(&ctx)));
        let mut from_hlo = xla_import::hlo_text::parse_hlo_text(&ctx, &format!("{name}.hlo"), &hlo_text)
            .unwrap_or_else(|e| panic!("{name}: {}", e.render(&ctx)));
        for module in [&from_stablehlo, &from_hlo] {
            if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
                panic!("{name}: {}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
            }
        }
        let (a, b) = (normalized_counts(&mut from_stablehlo), normalized_counts(&mut from_hlo));
        assert_eq!(a, b, "{name}: op counts of the StableHLO import (left) and the HLO import (right) differ");
    }
}

/// The module printed after symbol-dce (the reader keeps region computations as functions).
fn printed(module: &mut Module) -> String {
    let mut registry = PassRegistry::new();
    xla_passes::register_all(&mut registry);
    let mut pm = PassManager::new(MODULE_OP);
    pm.add_pipeline(module.body.ctx(), &registry, "symbol-dce", Nesting::Implicit).expect("the pipeline parses");
    if let Err(errors) = pm.run_with_output(&mut module.body, module.op, &mut std::io::sink()) {
        panic!("symbol-dce failed: {}", errors.iter().map(|e| e.render(module.body.ctx())).collect::<String>());
    }
    xla_ir::printer::print_op(&module.body, module.op, &xla_ir::printer::PrintOptions::default())
}

/// Writes `module` as HLO text and reads it back.
fn write_and_read<'c>(ctx: &'c Context, name: &str, module: &Module) -> Module<'c> {
    let text = xla_import::hlo_writer::write_hlo_text(&module.body, module.op).unwrap_or_else(|e| panic!("{name}: {}", e.render(ctx)));
    xla_import::hlo_text::parse_hlo_text(ctx, &format!("{name}.written.hlo"), &text)
        .unwrap_or_else(|e| panic!("{name}: the writer's output does not read back: {}\n{text}", e.render(ctx)))
}

#[test]
fn written_hlo_text_reads_back_to_the_same_ir() {
    for name in fixture_names() {
        let ctx = context();
        let text = std::fs::read_to_string(fixtures_dir().join(format!("{name}.stablehlo.mlir"))).expect("readable");
        let imported = xla_import::stablehlo::parse_stablehlo(&ctx, &name, &text).unwrap_or_else(|e| panic!("{name}: {}", e.render(&ctx)));
        // Writing spells some ops as XLA does (explicit broadcasts, reshape + broadcast), so
        // the first round trip normalizes; from then on the IR is a fixed point.
        let mut once = write_and_read(&ctx, &name, &imported);
        let mut twice = write_and_read(&ctx, &name, &once);
        assert_eq!(printed(&mut once), printed(&mut twice), "{name}: writing and reading again changed the IR");
    }
}

/// Cuts `s` at a character boundary at or before `at`.
fn truncate(s: &str, at: usize) -> &str {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    &s[..at]
}

/// Reads `text` with the reader for `file`'s form; an error must be located in `file`.
fn check_located(file: &str, text: &str) -> Result<(), TestCaseError> {
    let ctx = context();
    let result = if file.ends_with(".hlo") {
        xla_import::hlo_text::parse_hlo_text(&ctx, file, text).map(|_| ())
    } else {
        xla_import::stablehlo::parse_stablehlo(&ctx, file, text).map(|_| ())
    };
    if let Err(e) = result {
        let rendered = e.render(&ctx);
        prop_assert!(rendered.starts_with(&format!("{file}:")) || rendered.contains(": error: "), "unlocated: {rendered}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(200),
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_fixtures_never_panic(
        index in any::<prop::sample::Index>(),
        hlo in any::<bool>(),
        cut in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let names = fixture_names();
        let name = &names[index.index(names.len())];
        let file = if hlo { format!("{name}.hlo") } else { format!("{name}.stablehlo.mlir") };
        let text = std::fs::read_to_string(fixtures_dir().join(&file)).expect("readable");
        let mut bytes = truncate(&text, cut.index(text.len() + 1)).as_bytes().to_vec();
        for (at, byte) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            const ALPHABET: &[u8] = b"%=(){}[]<>:,.x0123456789-fsu \n";
            bytes[i] = ALPHABET[byte as usize % ALPHABET.len()];
        }
        check_located(&file, &String::from_utf8_lossy(&bytes))?;
    }
}
