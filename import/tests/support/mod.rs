//! Helpers shared by the StableHLO reader's tests: import a snippet and print the result, or
//! render the error.

#![allow(dead_code)]

use xla_import::stablehlo::{parse_stablehlo, register};
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::Context;

/// A context with the reader's dialects.
pub fn context() -> Context {
    let mut ctx = Context::new();
    register(&mut ctx);
    ctx
}

/// Imports `text` and prints the hlo module; panics with the rendered diagnostic on error.
pub fn import(text: &str) -> String {
    let ctx = context();
    match parse_stablehlo(&ctx, "input.mlir", text) {
        Ok(module) => print_op(&module.body, module.op, &PrintOptions::default()),
        Err(d) => panic!("import failed:\n{}\ninput:\n{text}", d.render(&ctx)),
    }
}

/// Imports `text`, which must fail, and returns the rendered diagnostic.
pub fn import_error(text: &str) -> String {
    let ctx = context();
    match parse_stablehlo(&ctx, "input.mlir", text) {
        Ok(module) => panic!("import succeeded:\n{}", print_op(&module.body, module.op, &PrintOptions::default())),
        Err(d) => d.render(&ctx),
    }
}

/// Asserts that `haystack` contains every needle, in order.
pub fn assert_contains_in_order(haystack: &str, needles: &[&str]) {
    let mut rest = haystack;
    for needle in needles {
        match rest.find(needle) {
            Some(i) => rest = &rest[i + needle.len()..],
            None => panic!("expected `{needle}` (in order) in:\n{haystack}"),
        }
    }
}

/// Wraps op lines in `func.func @main(args) -> results { ... }` inside a module.
pub fn func(args: &str, results: &str, body: &str) -> String {
    format!("module {{\n  func.func @main({args}) -> ({results}) {{\n{body}\n  }}\n}}\n")
}
