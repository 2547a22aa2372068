//! Helpers of the HLO writer's tests: parse MLIR text, verify it, write it as HLO text, and
//! check that text against XLA's HLO grammar ([`grammar`]).
//!
//! With `HLO_WRITER_DUMP=DIR` in the environment, every text written is also saved as
//! `DIR/<test>-<n>.hlo`, so it can be fed to XLA's own parser (for instance jaxlib's
//! `xla_client.hlo.hlo_module_from_text`) by hand.

#![allow(dead_code)]

pub mod grammar;

use std::sync::atomic::{AtomicUsize, Ordering};

use xla_import::hlo_writer::write_hlo_text;
use xla_ir::parser::parse_source;
use xla_ir::Context;

/// A Context with every dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

static DUMPED: AtomicUsize = AtomicUsize::new(0);

/// The HLO text of `mlir` (which must parse and verify), checked against XLA's grammar.
pub fn write(mlir: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "test.mlir", mlir, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        let rendered: Vec<String> = errors.iter().map(|d| d.render(&ctx)).collect();
        panic!("the test module does not verify:\n{}", rendered.join(""));
    }
    let text = write_hlo_text(&module.body, module.op).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    if let Some(dir) = std::env::var_os("HLO_WRITER_DUMP") {
        let n = DUMPED.fetch_add(1, Ordering::SeqCst);
        let name = std::thread::current().name().unwrap_or("test").replace("::", "-");
        let path = std::path::Path::new(&dir).join(format!("{name}-{n}.hlo"));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(path, &text);
    }
    if let Err(e) = grammar::check(&text) {
        panic!("the output breaks XLA's grammar: {e}\n{text}");
    }
    text
}

/// The rendered error of writing `mlir` (which must parse and verify, and must not write).
pub fn write_error(mlir: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "test.mlir", mlir, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        let rendered: Vec<String> = errors.iter().map(|d| d.render(&ctx)).collect();
        panic!("the test module does not verify:\n{}", rendered.join(""));
    }
    match write_hlo_text(&module.body, module.op) {
        Ok(text) => panic!("expected an error, but the module was written:\n{text}"),
        Err(d) => d.render(&ctx),
    }
}

/// Asserts that `text` contains every line of `expected` (each trimmed, in order).
pub fn assert_lines(text: &str, expected: &[&str]) {
    let mut rest = text;
    for line in expected {
        match rest.find(line) {
            Some(at) => rest = &rest[at + line.len()..],
            None => panic!("expected, in order, {line:?} in:\n{text}"),
        }
    }
}
