//! Imports every JAX program of the shared corpus (`shared/corpus/public/*.stablehlo.mlir`,
//! read at test time) and checks that the result verifies and holds only hlo, func and
//! builtin ops; op counts pin a few programs. Fails without the corpus (see
//! `xla_testing::corpus_dir`).

use std::path::{Path, PathBuf};

use xla_import::stablehlo::{parse_stablehlo, register};
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, WalkOrder};

/// The corpus's StableHLO files, sorted; the test fails without the corpus.
fn stablehlo_files() -> Vec<PathBuf> {
    xla_testing::corpus_files(".stablehlo.mlir")
}

/// Op names of the imported module, by count.
fn op_counts(ctx: &Context, path: &Path) -> std::collections::BTreeMap<String, usize> {
    let text = std::fs::read_to_string(path).expect("readable corpus file");
    let module = parse_stablehlo(ctx, &path.to_string_lossy(), &text)
        .unwrap_or_else(|d| panic!("{} does not import:\n{}", path.display(), d.render(ctx)));
    let mut counts = std::collections::BTreeMap::new();
    for op in module.body.nested_ops(module.op, WalkOrder::PreOrder) {
        *counts.entry(module.body.op_name(op).to_string()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn every_corpus_program_imports_and_verifies() {
    let files = stablehlo_files();
    let mut ctx = Context::new();
    register(&mut ctx);
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable corpus file");
        match parse_stablehlo(&ctx, &path.to_string_lossy(), &text) {
            Ok(module) => {
                for op in module.body.nested_ops(module.op, WalkOrder::PreOrder) {
                    let name = module.body.op_name(op);
                    assert!(
                        name.starts_with("hlo.") || name.starts_with("func.") || name.starts_with("check."),
                        "{}: '{name}' left after import",
                        path.display()
                    );
                }
                // The printed hlo reads back with the compiler's own dialects.
                let printed = print_op(&module.body, module.op, &PrintOptions::default());
                let mut plain = Context::new();
                xla_dialects::register_all(&mut plain);
                if let Err(d) = xla_ir::parser::parse_source(&plain, "printed", &printed, 1) {
                    failures.push(format!("{}: printed hlo does not re-parse: {}", path.display(), d.render(&plain)));
                }
            }
            Err(d) => failures.push(d.render(&ctx)),
        }
    }
    assert!(files.len() >= 25, "expected the 25 corpus programs, found {}", files.len());
    assert!(failures.is_empty(), "{} of {} programs failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

#[test]
fn op_counts_of_a_few_programs() {
    let files = stablehlo_files();
    let find = |name: &str| {
        let found = files.iter().find(|p| p.file_name().is_some_and(|f| f.to_string_lossy() == format!("{name}.stablehlo.mlir")));
        Some(found.unwrap_or_else(|| panic!("the corpus has no {name}.stablehlo.mlir")))
    };
    let mut ctx = Context::new();
    register(&mut ctx);
    if let Some(path) = find("matmul_256") {
        let counts = op_counts(&ctx, path);
        assert_eq!(counts.get("hlo.dot_general"), Some(&1));
        assert_eq!(counts.get("func.func"), Some(&1));
    }
    if let Some(path) = find("layernorm") {
        let counts = op_counts(&ctx, path);
        // chlo.square became one multiply, on top of the program's own two.
        assert_eq!(counts.get("hlo.multiply"), Some(&3));
        assert_eq!(counts.get("hlo.reduce"), Some(&2));
        assert_eq!(counts.get("hlo.add"), Some(&4), "two adds of the program, one per reducer");
    }
    if let Some(path) = find("while_fori") {
        let counts = op_counts(&ctx, path);
        assert_eq!(counts.get("hlo.while"), Some(&1));
        assert_eq!(counts.get("func.call"), Some(&1));
        assert_eq!(counts.get("hlo.return"), Some(&2));
    }
    if let Some(path) = find("gather_embedding") {
        let counts = op_counts(&ctx, path);
        assert_eq!(counts.get("hlo.gather"), Some(&1));
        assert_eq!(counts.get("hlo.reduce"), Some(&1));
        assert_eq!(counts.get("hlo.and"), Some(&2));
    }
}
