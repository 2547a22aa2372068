//! The driver of `xla-aotc`: ahead-of-time compilation of one entry of a program (any of
//! the three input forms) to a position-independent object and a C header.
//!
//! The pipeline is `xla_lowering::compile_hlo`'s: `lower-to-loops`, `lower-to-llvm` with a
//! wrapper of the AOT ABI (docs/lowering.md, "The entry ABI") named `--name` (by default
//! `xla_<entry>`), `default<O3>` for `--target-cpu`, then the object; the header
//! (`xla_lowering::header`) declares the entry, its buffers' sizes and layouts and a C++
//! wrapper class; `--static-lib` bundles the object with the runtime ([`crate::bundle`]).
//! Every failure is a diagnostic (located in the program where it has a
//! place: an op the lowering does not handle, an unknown CPU, a missing entry) or a
//! one-line error for files that cannot be written; nothing is written then.

use std::path::PathBuf;

use xla_lowering::header::{c_header, HeaderSpec};
use xla_lowering::to_llvm::{default_symbol, EntrySpec};
use xla_lowering::{compile_hlo, CompileOptions, PhaseTimes, DEFAULT_CPU};

use crate::opt::{new_context, read_module};

/// What `xla-aotc` was asked to do.
#[derive(Clone, Debug)]
pub struct AotcConfig {
    /// The input's name in diagnostics.
    pub input_name: String,
    /// Where the object goes.
    pub output: PathBuf,
    /// Where the header goes, if anywhere.
    pub header: Option<PathBuf>,
    /// The function compiled as the entry.
    pub entry: String,
    /// The CPU to generate code for.
    pub cpu: String,
    /// Whether loops calling libm's functions vectorize into `libmvec` (the default; off
    /// with `--no-vector-math`).
    pub vector_math: bool,
    /// The entry's symbol, `NAME` (by default `xla_<entry>`).
    pub name: Option<String>,
    /// Where a static library bundling the object with the runtime goes, if anywhere.
    pub static_lib: Option<PathBuf>,
    /// `--arg-layout N=LAYOUT` values, as written.
    pub arg_layouts: Vec<String>,
    /// `--result-layout N=LAYOUT` values, as written.
    pub result_layouts: Vec<String>,
    /// Whether to print the wall time of each phase to standard error (`--timing`).
    pub timing: bool,
}

impl AotcConfig {
    /// The defaults for `input_name`, writing the object to `output`.
    pub fn new(input_name: &str, output: PathBuf) -> AotcConfig {
        AotcConfig {
            input_name: input_name.to_string(),
            output,
            header: None,
            entry: "main".into(),
            cpu: DEFAULT_CPU.into(),
            vector_math: true,
            name: None,
            static_lib: None,
            arg_layouts: Vec::new(),
            result_layouts: Vec::new(),
            timing: false,
        }
    }

    /// The entry's symbol.
    pub fn symbol(&self) -> String {
        self.name.clone().unwrap_or_else(|| default_symbol(&self.entry))
    }
}

/// Compiles `text` as `config` says and writes the object and the header; the rendered
/// diagnostics or error on failure.
pub fn compile(config: &AotcConfig, text: &str) -> Result<(), String> {
    let symbol = config.symbol();
    if !is_c_identifier(&symbol) {
        return Err(format!("xla-aotc: --name '{symbol}' is not a C identifier\n"));
    }
    let phases = with_compiled(config, text, |ctx, compiled, mut phases| {
        phases.time("writing the outputs", || write_outputs(config, &symbol, ctx, compiled))?;
        Ok(phases)
    })?;
    if config.timing {
        eprint!("{}", phases.report().render());
    }
    Ok(())
}

/// Times compilations of `text` as `config` says, each from the text with a fresh context
/// and none written anywhere: the first, then `runs` more in the same process. What the
/// first costs beyond the others is the process's cold start (LLVM's code paged in and
/// its statics built), which a compiler kept in memory, as XLA's is in a JAX process, pays
/// once.
pub fn time_compilations(config: &AotcConfig, text: &str, runs: usize) -> Result<CompileTimes, String> {
    let mut times = Vec::with_capacity(runs + 1);
    for _ in 0..=runs {
        let start = std::time::Instant::now();
        with_compiled(config, text, |_, _, _| Ok(()))?;
        times.push(start.elapsed());
    }
    let first = times.remove(0);
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or(first);
    Ok(CompileTimes { first, median, runs })
}

/// What [`time_compilations`] measured.
#[derive(Copy, Clone, Debug)]
pub struct CompileTimes {
    /// The first compilation, in a cold process.
    pub first: std::time::Duration,
    /// The median of the ones after it (the first when there were none).
    pub median: std::time::Duration,
    /// How many were timed after the first.
    pub runs: usize,
}

impl std::fmt::Display for CompileTimes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        write!(f, "compile: median {:.3} ms over {} compilations (the first {:.3} ms)", ms(self.median), self.runs, ms(self.first))
    }
}

/// Reads, verifies and compiles `text` as `config` says with a fresh context, and hands the
/// context, the compiled entry and the time each phase took to `then`; the rendered
/// diagnostics on failure.
fn with_compiled<R>(
    config: &AotcConfig,
    text: &str,
    then: impl FnOnce(&xla_ir::Context, &xla_lowering::Compiled, PhaseTimes) -> Result<R, String>,
) -> Result<R, String> {
    let ctx = new_context();
    let render = |diagnostics: Vec<xla_ir::Diagnostic>| diagnostics.iter().map(|d| d.render(&ctx)).collect::<String>();
    let mut phases = PhaseTimes::default();
    let mut module = phases.time("reading", || read_module(&ctx, &config.input_name, text, 1)).map_err(|d| d.render(&ctx))?;
    phases.time("Verifier", || xla_ir::verifier::verify(&module.body, module.op)).map_err(render)?;
    apply_layout_flags(&ctx, &mut module.body, module.op, config).map_err(|d| d.render(&ctx))?;
    let spec = EntrySpec { function: config.entry.clone(), symbol: config.symbol() };
    let options = CompileOptions { cpu: config.cpu.clone(), vector_math: config.vector_math, ..CompileOptions::default() };
    let compiled = compile_hlo(&mut module.body, module.op, std::slice::from_ref(&spec), &options).map_err(render)?;
    phases.extend(&compiled.phases);
    then(&ctx, &compiled, phases)
}

/// Writes the object, the header and the static library `config` asks for.
fn write_outputs(config: &AotcConfig, symbol: &str, ctx: &xla_ir::Context, compiled: &xla_lowering::Compiled) -> Result<(), String> {
    let header = match &config.header {
        Some(_) => {
            let (_, signature) = compiled.entries.first().ok_or("xla-aotc: the compiled module has no entry\n")?;
            let source = format!("{} (@{})", config.input_name, config.entry);
            let spec = HeaderSpec { symbol, signature, source: &source, cpu: &config.cpu };
            Some(c_header(ctx, &spec).map_err(|m| format!("xla-aotc: {m}\n"))?)
        }
        None => None,
    };
    write(&config.output, &compiled.object)?;
    if let (Some(path), Some(text)) = (&config.header, header) {
        write(path, text.as_bytes())?;
    }
    if let Some(path) = &config.static_lib {
        crate::bundle::write_static_lib(&compiled.object, &format!("{symbol}.o"), path)?;
    }
    Ok(())
}

/// Gives the entry the layouts of `--arg-layout` and `--result-layout`. Each flag's text is
/// a source of its own (`<arg-layout>`, `<result-layout>`), so a bad one is reported at its
/// column with a caret.
fn apply_layout_flags(ctx: &xla_ir::Context, body: &mut xla_ir::Body, module: xla_ir::OpId, config: &AotcConfig) -> Result<(), xla_ir::Diagnostic> {
    use xla_layout::entry::{set_layouts, Side};
    let flags = config.arg_layouts.iter().map(|t| (Side::Argument, "arg-layout", t)).chain(config.result_layouts.iter().map(|t| (Side::Result, "result-layout", t)));
    for (side, flag, text) in flags {
        let source = format!("<{flag}>");
        ctx.add_source(&source, text, 1);
        let at = |offset: usize| ctx.file_loc(&source, 1, text[..offset.min(text.len())].chars().count() as u32 + 1);
        let (index, layout) = xla_layout::spec::parse_numbered(text)
            .map_err(|e| xla_ir::Diagnostic::error(at(e.offset), format!("--{flag}: {}", e.message)))?;
        let func = xla_lowering::to_llvm::find_function(body, module, &config.entry).ok_or_else(|| {
            xla_ir::Diagnostic::error(at(0), format!("--{flag}: there is no function @{} to compile as the entry", config.entry))
        })?;
        set_layouts(body, func, side, index, &layout).map_err(|m| xla_ir::Diagnostic::error(at(0), format!("--{flag}: {m}")))?;
    }
    Ok(())
}

/// Writes `bytes` to `path`, or the one-line error.
fn write(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("xla-aotc: cannot write {}: {e}\n", path.display()))
}

/// Whether `name` is a C identifier (letters, digits and `_`, not starting with a digit).
fn is_c_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_must_be_c_identifiers() {
        assert!(is_c_identifier("xla_main"));
        assert!(is_c_identifier("_f1"));
        assert!(!is_c_identifier("1f"));
        assert!(!is_c_identifier("a-b"));
        assert!(!is_c_identifier(""));
    }

    #[test]
    fn unknown_cpus_and_missing_entries_are_located_errors() {
        let dir = std::env::temp_dir().join(format!("xla_aotc_unit_{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let text = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n";
        let mut config = AotcConfig::new("in.mlir", dir.join("out.o"));
        config.cpu = "pentium".into();
        let error = compile(&config, text).expect_err("an unknown CPU");
        assert!(error.starts_with("in.mlir:"), "{error}");
        assert!(error.contains("pentium"), "{error}");
        let mut config = AotcConfig::new("in.mlir", dir.join("out.o"));
        config.entry = "absent".into();
        let error = compile(&config, text).expect_err("a missing entry");
        assert!(error.contains("there is no function @absent"), "{error}");
        assert!(!dir.join("out.o").exists(), "nothing is written on failure");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
