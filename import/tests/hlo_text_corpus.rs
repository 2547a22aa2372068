//! Imports every HLO file of the benchmark corpus (`NAME.hlo` and XLA's optimized
//! `NAME.opt.hlo`), verifies the result and round-trips it through the IR's printer and
//! parser; checks a few op counts by hand.
//!
//! The corpus is not part of the repository: it is read from where
//! `xla_testing::corpus_dir` says, and the tests fail without it.

use std::path::PathBuf;

use xla_import::hlo_text::parse_hlo_text;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::Context;

mod hlo_text_support;

/// The corpus's HLO files (`NAME.hlo`, `NAME.opt.hlo`), sorted.
fn hlo_files() -> Vec<PathBuf> {
    xla_testing::corpus_files(".hlo")
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

#[test]
fn every_corpus_file_imports_and_verifies() {
    let files = hlo_files();
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

/// The op counts of corpus file `name`.
fn corpus_op_counts(name: &str) -> Option<Vec<(String, usize)>> {
    let path = xla_testing::corpus_dir().join(name);
    let text = std::fs::read_to_string(path).expect("the corpus file exists");
    Some(hlo_text_support::op_counts(&text))
}

fn counts(pairs: &[(&str, usize)]) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = pairs.iter().map(|(n, c)| (n.to_string(), *c)).collect();
    v.sort();
    v
}

/// Counted by hand from the HLO text: `relu.1` (constant, broadcast, maximum) and `main`
/// (2 dots, 4 reshapes, 4 broadcasts, 2 adds, 1 call).
#[test]
fn mlp2_relu_op_counts() {
    let Some(actual) = corpus_op_counts("mlp2_relu.hlo") else { return };
    let expected = counts(&[
        ("func.func", 2),
        ("func.return", 2),
        ("hlo.constant", 1),
        ("hlo.broadcast_in_dim", 5),
        ("hlo.maximum", 1),
        ("hlo.dot_general", 2),
        ("hlo.reshape", 4),
        ("hlo.add", 2),
        ("hlo.call", 1),
    ]);
    assert_eq!(actual, expected);
}

/// Counted by hand: layernorm's `main` has 3 constants, 2 reduces (each with its region's
/// add), 9 reshapes, 12 broadcasts, 2 divides, 2 subtracts, 3 multiplies, 2 adds, 1 rsqrt;
/// the two reducer computations are functions too, one add each.
#[test]
fn layernorm_op_counts() {
    let Some(actual) = corpus_op_counts("layernorm.hlo") else { return };
    let expected = counts(&[
        ("func.func", 3),
        ("func.return", 3),
        ("hlo.constant", 3),
        ("hlo.reduce", 2),
        ("hlo.return", 2),
        ("hlo.reshape", 9),
        ("hlo.broadcast_in_dim", 12),
        ("hlo.divide", 2),
        ("hlo.subtract", 2),
        ("hlo.multiply", 3),
        ("hlo.add", 6),
        ("hlo.rsqrt", 1),
    ]);
    assert_eq!(actual, expected);
}

/// Counted by hand from XLA's optimized HLO of a fori loop: 6 computations; the loop's
/// tuple is carried as 3 values (no `hlo.tuple`); `get-tuple-element` of the tuple
/// parameters of the two region computations read as functions gives 4 ops; 4 copies
/// (2 in main, 1 in the body function, 1 in the body region); 6 fusions.
#[test]
fn while_fori_optimized_op_counts() {
    let Some(actual) = corpus_op_counts("while_fori.opt.hlo") else { return };
    let expected = counts(&[
        ("func.func", 6),
        ("func.return", 6),
        ("hlo.constant", 6),
        ("hlo.broadcast_in_dim", 2),
        ("hlo.multiply", 2),
        ("hlo.convert_element_type", 1),
        ("hlo.sine", 1),
        ("hlo.add", 2),
        ("hlo.get_tuple_element", 4),
        ("hlo.copy", 4),
        ("hlo.call", 6),
        ("hlo.compare", 1),
        ("hlo.while", 1),
        ("hlo.return", 2),
    ]);
    assert_eq!(actual, expected);
}
