//! What the fixture benches (`compile.rs`, `run.rs`) share: which fixtures to measure, and
//! compiling one the way `xla-aotc` and `xla-run`'s native path do (parse, import,
//! verify, `xla_lowering::compile_hlo` of `@main` to an object for the host CPU).
//!
//! The fixtures are the repository's JAX exports, `fixtures/NAME.stablehlo.mlir` with
//! `NAME.inputs.npz` (`fixtures/README.md`). Which of them run:
//!
//! - `$XLA_BENCH_FIXTURES`, when set: `all`, or names separated by commas;
//! - else every fixture under `cargo bench` (criterion's measuring mode, `--bench`);
//! - else, in criterion's test mode (`cargo test`, each bench run once), the handful in
//!   [`TEST_MODE_FIXTURES`]: compiling all ~70 fixtures in a debug build takes minutes,
//!   and the test only has to show that the benches still run.
//!
//! A fixture the pipeline cannot compile yet (an op the lowering does not handle) is noted
//! on stderr and skipped, never failed: the benches measure, they do not judge.

#![allow(dead_code)] // Each bench uses its own part of this module.

use std::path::{Path, PathBuf};

use xla_ir::Context;
use xla_lowering::to_llvm::EntrySpec;
use xla_lowering::{compile_hlo, CompileOptions, Compiled};
use xla_tools::opt::{new_context, read_module};

/// The fixtures `cargo test` runs the benches on: small, quick to compile, and covering
/// elementwise code, a reduction, a matmul, softmax and a gather.
pub const TEST_MODE_FIXTURES: &[&str] = &["ew_arith", "reduce_rows_cols", "matmul", "softmax", "gather_embedding"];

/// The symbol the entry `@main` is compiled to.
pub const SYMBOL: &str = "xla_bench_main";

/// One fixture: its name, its StableHLO text and its inputs.
pub struct Fixture {
    /// The fixture's name (`fixtures/manifest.json`'s `name`).
    pub name: String,
    /// The program's path, as diagnostics name it.
    pub path: PathBuf,
    /// The StableHLO text.
    pub text: String,
    /// `NAME.inputs.npz`: `arg0`, `arg1`, ...
    pub inputs: PathBuf,
}

/// Whether criterion measures (`cargo bench` passes `--bench`) rather than runs each
/// bench once as a test.
pub fn measuring() -> bool {
    std::env::args().any(|a| a == "--bench")
}

/// The repository's `fixtures/` directory.
fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures")
}

/// The fixtures to measure (see the module), sorted by name; unreadable ones are noted and
/// left out.
pub fn fixtures() -> Vec<Fixture> {
    let selection = std::env::var("XLA_BENCH_FIXTURES").ok();
    let wanted = |name: &str| match selection.as_deref() {
        Some("all") => true,
        Some(list) => list.split(',').any(|n| n.trim() == name),
        None => measuring() || TEST_MODE_FIXTURES.contains(&name),
    };
    let dir = fixtures_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: no fixtures at {}; nothing to measure", dir.display());
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".stablehlo.mlir").map(str::to_string))
        .filter(|name| wanted(name))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|name| {
            let path = dir.join(format!("{name}.stablehlo.mlir"));
            match std::fs::read_to_string(&path) {
                Ok(text) => Some(Fixture { inputs: dir.join(format!("{name}.inputs.npz")), name, path, text }),
                Err(e) => {
                    eprintln!("note: {}: {e}; skipped", path.display());
                    None
                }
            }
        })
        .collect()
}

/// Compiles the fixture's `@main` in `ctx` as `xla-aotc` does, to an object with the entry
/// [`SYMBOL`]; the rendered diagnostics when it cannot.
pub fn compile(ctx: &Context, fixture: &Fixture) -> Result<Compiled, String> {
    let render = |diagnostics: Vec<xla_ir::Diagnostic>| diagnostics.iter().map(|d| d.render(ctx)).collect::<String>();
    let mut module = read_module(ctx, &fixture.path.display().to_string(), &fixture.text, 1).map_err(|d| d.render(ctx))?;
    xla_ir::verifier::verify(&module.body, module.op).map_err(render)?;
    let spec = EntrySpec { function: "main".into(), symbol: SYMBOL.into() };
    compile_hlo(&mut module.body, module.op, std::slice::from_ref(&spec), &CompileOptions::default()).map_err(render)
}

/// [`compile`] in a fresh context, the whole of what one compilation costs.
pub fn compile_fresh(fixture: &Fixture) -> Result<usize, String> {
    let ctx = new_context();
    compile(&ctx, fixture).map(|compiled| compiled.object.len())
}

/// The first line of a rendered error, for a one-line note.
pub fn first_line(message: &str) -> &str {
    message.lines().find(|l| !l.trim().is_empty()).unwrap_or("(no message)")
}
