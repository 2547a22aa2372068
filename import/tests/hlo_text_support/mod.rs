//! Helpers shared by the HLO text reader's tests: a context with the dialects, and
//! `import`, which reads HLO text and returns the printed module or the rendered error.

#![allow(dead_code)]

use xla_import::hlo_text::parse_hlo_text;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, WalkOrder};

/// A context with builtin, func and hlo registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// Reads `text` as `test.hlo`: the printed module, or the rendered diagnostic.
pub fn import(text: &str) -> Result<String, String> {
    let ctx = context();
    match parse_hlo_text(&ctx, "test.hlo", text) {
        Ok(module) => {
            let printed = print_op(&module.body, module.op, &PrintOptions::default());
            // Whatever the reader returns must print, parse back and verify.
            let ctx2 = context();
            let reparsed = xla_ir::parser::parse_source(&ctx2, "printed", &printed, 1)
                .unwrap_or_else(|d| panic!("the printed module does not parse: {}\n{printed}", d.render(&ctx2)));
            if let Err(errors) = xla_ir::verifier::verify(&reparsed.body, reparsed.op) {
                panic!("the printed module does not verify: {}\n{printed}", errors[0].render(&ctx2));
            }
            Ok(printed)
        }
        Err(d) => Err(d.render(&ctx)),
    }
}

/// Reads `text`, which must succeed.
#[track_caller]
pub fn ok(text: &str) -> String {
    import(text).unwrap_or_else(|e| panic!("import failed:\n{e}"))
}

/// Reads `text`, which must fail; returns the rendered diagnostic.
#[track_caller]
pub fn err(text: &str) -> String {
    match import(text) {
        Ok(printed) => panic!("import succeeded unexpectedly:\n{printed}"),
        Err(e) => e,
    }
}

/// Asserts that `haystack` contains every needle.
#[track_caller]
pub fn contains_all(haystack: &str, needles: &[&str]) {
    for needle in needles {
        assert!(haystack.contains(needle), "expected to find\n  {needle}\nin\n{haystack}");
    }
}

/// How many ops of each name the module read from `text` has, sorted by name.
pub fn op_counts(text: &str) -> Vec<(String, usize)> {
    let ctx = context();
    let module = parse_hlo_text(&ctx, "test.hlo", text).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let mut counts = std::collections::BTreeMap::new();
    for op in module.body.nested_ops(module.op, WalkOrder::PreOrder) {
        *counts.entry(module.body.op_name(op).to_string()).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

/// Wraps instructions in an ENTRY computation of a module.
pub fn entry(body: &str) -> String {
    format!("HloModule m\n\nENTRY main {{\n{body}\n}}\n")
}
