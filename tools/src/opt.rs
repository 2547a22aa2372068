//! The `xla-opt` driver: read IR (a file or stdin, optionally split at `// -----`), verify
//! it, run a pass pipeline, print the result, and report diagnostics, or check them against
//! `expected-*` comments with `--verify-diagnostics`, as `mlir-opt` does.
//!
//! Each split chunk is processed on its own, in a fresh Context, so a failure in one does not
//! stop the others; the exit status is non-zero when any chunk failed.
//!
//! `--emit=llvm-ir` and `--emit=asm` translate the module to LLVM after the passes, for the
//! CPU `--target-cpu` names, optimized with `default<O3>` unless `--llvm-opt-level=0`; the
//! module must be at the llvm level by then (a module still holding hlo, loop or func ops is
//! a located error asking to lower it first).

use std::io::Write;

use xla_ir::diagnostics::Diagnostic;
use xla_ir::parser::parse_source;
use xla_ir::pass::{Nesting, PassManager, PassRegistry, MODULE_OP};
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{Context, Severity};

use crate::expected::{self, parse_expectations};
use crate::split::{split_input_file, SPLIT_MARKER};

/// What the command line asked for.
#[derive(Clone, Debug, Default)]
pub struct OptConfig {
    /// The name diagnostics use for the input (`<stdin>` for standard input).
    pub input_name: String,
    pub split_input_file: bool,
    pub verify_diagnostics: bool,
    pub print: PrintOptions,
    /// What to print: the IR (`mlir`), XLA HLO text (`hlo-text`), LLVM IR or assembly.
    pub emit: Emit,
    /// How LLVM IR and assembly are generated.
    pub llvm: LlvmOptions,
    /// A textual pipeline (`--pass-pipeline`).
    pub pipeline: Option<String>,
    /// Passes named by per-pass flags, in order, with their option text.
    pub pass_flags: Vec<String>,
    pub verify_each: bool,
    pub print_ir_after_all: bool,
    pub print_ir_after: Vec<String>,
    pub print_ir_before_all: bool,
    pub print_ir_before: Vec<String>,
    pub timing: bool,
    /// What the tool can do through upstream MLIR (`--emit=mlir-upstream`,
    /// `--upstream-input`), when it was built with it.
    pub mlir: Option<crate::mlir::MlirHooks>,
    /// `--upstream-input`: read the input with MLIR's parser (upstream dialects, generic
    /// form, unregistered dialects allowed) instead of ours.
    pub upstream_input: bool,
}

/// The output form of `--emit`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The IR in MLIR syntax (custom or generic form).
    #[default]
    Mlir,
    /// XLA HLO text, as XLA prints it.
    HloText,
    /// Textual LLVM IR of a module at the llvm level.
    LlvmIr,
    /// Assembly of a module at the llvm level.
    Asm,
    /// A module at the loop level as upstream MLIR dialects (func, scf, memref, arith,
    /// math), verified by MLIR: what `mlir-opt` reads.
    MlirUpstream,
}

impl Emit {
    /// The form named `name` on the command line.
    pub fn parse(name: &str) -> Option<Emit> {
        match name {
            "mlir" => Some(Emit::Mlir),
            "hlo-text" => Some(Emit::HloText),
            "llvm-ir" => Some(Emit::LlvmIr),
            "asm" => Some(Emit::Asm),
            "mlir-upstream" => Some(Emit::MlirUpstream),
            _ => None,
        }
    }
}

/// How `--emit=llvm-ir` and `--emit=asm` generate code.
#[derive(Clone, Debug)]
pub struct LlvmOptions {
    /// `--target-cpu`: `host` (the default), `native`, or one of
    /// [`xla_lowering::NAMED_CPUS`].
    pub target_cpu: String,
    /// `--llvm-opt-level=3` (the default) runs `default<O3>` before emitting; `0` emits the
    /// module as translated.
    pub optimize: bool,
    /// Loops calling libm's functions vectorize into `libmvec` (the default);
    /// `--no-vector-math` keeps libm's scalar functions.
    pub vector_math: bool,
}

impl Default for LlvmOptions {
    fn default() -> Self {
        LlvmOptions { target_cpu: xla_lowering::DEFAULT_CPU.to_string(), optimize: true, vector_math: true }
    }
}

/// Why `cpu` is not a CPU `--target-cpu` accepts, if it is not.
pub fn check_target_cpu(cpu: &str) -> Result<(), String> {
    if cpu == "host" || cpu == "native" || xla_lowering::NAMED_CPUS.contains(&cpu) {
        return Ok(());
    }
    Err(format!(
        "xla-opt: unknown --target-cpu '{cpu}'; expected host, native or one of {}\n",
        xla_lowering::NAMED_CPUS.join(", ")
    ))
}

/// Everything a run produced: the printed IR and what goes to stderr.
pub struct OptOutput {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
}

/// A Context with every dialect of the compiler registered, and the parse-only StableHLO
/// and chlo dialects that read JAX's exports into hlo.
pub fn new_context() -> Context {
    let mut ctx = Context::new();
    xla_import::stablehlo::register(&mut ctx);
    ctx
}

/// Every pass `xla-opt` knows.
pub fn pass_registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    xla_passes::register_all(&mut registry);
    xla_simplify::register(&mut registry);
    xla_layout::register(&mut registry);
    xla_buffers::register(&mut registry);
    xla_fusion::register(&mut registry);
    xla_scan::register(&mut registry);
    xla_lowering::register_passes(&mut registry);
    registry
}

/// Runs `xla-opt` over `text`.
pub fn run(config: &OptConfig, text: &str) -> OptOutput {
    let registry = pass_registry();
    let chunks = if config.split_input_file {
        split_input_file(text)
    } else {
        vec![crate::split::Chunk { text: text.to_string(), first_line: 1 }]
    };
    let mut output = OptOutput { stdout: String::new(), stderr: String::new(), success: true };
    // A bad pipeline is reported once, before any input is processed, as mlir-opt does.
    let ctx = new_context();
    if let Err(errors) = build_pass_manager(config, &registry, &ctx) {
        output.stderr = errors.iter().map(|d| d.render(&ctx)).collect();
        output.success = false;
        return output;
    }
    if let Err(message) = check_target_cpu(&config.llvm.target_cpu) {
        output.stderr = message;
        output.success = false;
        return output;
    }
    // `--print-ir-after=NAME` and `--print-ir-before=NAME` must name a pass.
    for name in config.print_ir_after.iter().chain(&config.print_ir_before) {
        if !registry.passes().any(|p| p.info.argument == name) {
            output.stderr = format!("xla-opt: '{name}' in --print-ir-after/--print-ir-before names no pass (see --help)\n");
            output.success = false;
            return output;
        }
    }
    let mut printed = Vec::new();
    for chunk in &chunks {
        let ctx = new_context();
        let (ir, diagnostics) = process_chunk(config, &registry, &ctx, &chunk.text, chunk.first_line);
        if config.verify_diagnostics {
            let failures = check_expectations(&ctx, config, &chunk.text, chunk.first_line, &diagnostics);
            if !failures.is_empty() {
                output.success = false;
                output.stderr.push_str(&failures);
            }
        } else {
            for d in &diagnostics {
                output.stderr.push_str(&d.render(&ctx));
            }
            if diagnostics.iter().any(|d| d.severity == Severity::Error) {
                output.success = false;
            }
        }
        if let Some(ir) = ir {
            printed.push(ir);
        }
    }
    output.stdout = printed.join(&format!("{SPLIT_MARKER}\n"));
    output
}

/// Parses, verifies, transforms and prints one chunk. Returns the printed IR when every step
/// succeeded, and the diagnostics emitted on the way (warnings too).
fn process_chunk(
    config: &OptConfig,
    registry: &PassRegistry,
    ctx: &Context,
    text: &str,
    first_line: u32,
) -> (Option<String>, Vec<Diagnostic>) {
    let read = if config.upstream_input {
        match &config.mlir {
            Some(hooks) => (hooks.read)(ctx, &config.input_name, text, first_line),
            None => Err(vec![Diagnostic::error(ctx.unknown_loc(), format!("--upstream-input: {}", crate::mlir::NOT_BUILT))]),
        }
    } else {
        read_module(ctx, &config.input_name, text, first_line).map_err(|e| vec![e])
    };
    let mut module = match read {
        Ok(m) => m,
        Err(errors) => return (None, errors),
    };
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        return (None, errors);
    }
    let mut pm = match build_pass_manager(config, registry, ctx) {
        Ok(pm) => pm,
        Err(errors) => return (None, errors),
    };
    let instrumentation = &mut pm.instrumentation;
    instrumentation.verify_each = config.verify_each;
    instrumentation.print_ir_after_all = config.print_ir_after_all;
    instrumentation.print_ir_after = config.print_ir_after.clone();
    instrumentation.print_ir_before_all = config.print_ir_before_all;
    instrumentation.print_ir_before = config.print_ir_before.clone();
    instrumentation.print_options = config.print.clone();
    instrumentation.timing = config.timing;
    let mut dumps = Vec::new();
    let result = pm.run_with_output(&mut module.body, module.op, &mut dumps);
    let _ = std::io::stderr().write_all(&dumps);
    match result {
        Ok(warnings) => match config.emit {
            Emit::Mlir => (Some(print_op(&module.body, module.op, &config.print)), warnings),
            Emit::HloText => match xla_import::hlo_writer::write_hlo_text(&module.body, module.op) {
                Ok(text) => (Some(text), warnings),
                Err(e) => (None, warnings.into_iter().chain([e]).collect()),
            },
            Emit::LlvmIr | Emit::Asm => match emit_llvm(config, &module.body, module.op) {
                Ok(text) => (Some(text), warnings),
                Err(errors) => (None, warnings.into_iter().chain(errors).collect()),
            },
            Emit::MlirUpstream => {
                let exported = match &config.mlir {
                    Some(hooks) => (hooks.export)(&module.body, module.op, config.print.generic),
                    None => Err(vec![Diagnostic::error(module.body.op(module.op).location, format!("--emit=mlir-upstream: {}", crate::mlir::NOT_BUILT))]),
                };
                match exported {
                    Ok(text) => (Some(text), warnings),
                    Err(errors) => (None, warnings.into_iter().chain(errors).collect()),
                }
            }
        },
        Err(diagnostics) => (None, diagnostics),
    }
}

/// Translates a module at the llvm level to LLVM IR or assembly text, as `config` asks.
fn emit_llvm(config: &OptConfig, body: &xla_ir::Body, module: xla_ir::OpId) -> Result<String, Vec<Diagnostic>> {
    let kind = if config.emit == Emit::Asm { xla_lowering::OutputKind::Assembly } else { xla_lowering::OutputKind::LlvmIr };
    let options = xla_lowering::CompileOptions { cpu: config.llvm.target_cpu.clone(), optimize: config.llvm.optimize, vector_math: config.llvm.vector_math, assign_layouts: false, fuse: false, ..Default::default() };
    let bytes = xla_lowering::compile(body, module, &options, kind)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads any of the three input forms into a module of hlo ops: XLA HLO text, or MLIR
/// syntax (the compiler's dialects, or StableHLO, whose generic form and chlo ops the
/// reader's legalize step converts).
pub fn read_module<'c>(ctx: &'c Context, file: &str, text: &str, first_line: u32) -> Result<xla_ir::parser::Module<'c>, Diagnostic> {
    match xla_import::detect_form(text) {
        xla_import::InputForm::HloText => xla_import::hlo_text::parse_hlo_text_at(ctx, file, text, first_line),
        xla_import::InputForm::Mlir => {
            let mut module = parse_source(ctx, file, text, first_line)?;
            xla_import::stablehlo::legalize_module(&mut module.body, module.op, text)?;
            Ok(module)
        }
    }
}

/// The pass manager of `--pass-pipeline` followed by the per-pass flags.
fn build_pass_manager(config: &OptConfig, registry: &PassRegistry, ctx: &Context) -> Result<PassManager, Vec<Diagnostic>> {
    let mut pm = PassManager::new(MODULE_OP);
    if let Some(pipeline) = &config.pipeline {
        pm.add_pipeline(ctx, registry, pipeline, Nesting::Explicit)?;
    }
    if !config.pass_flags.is_empty() {
        pm.add_pipeline(ctx, registry, &config.pass_flags.join(","), Nesting::Implicit)?;
    }
    Ok(pm)
}

/// Matches emitted diagnostics against the chunk's `expected-*` comments and renders every
/// mismatch as an error located in the input.
fn check_expectations(ctx: &Context, config: &OptConfig, text: &str, first_line: u32, diagnostics: &[Diagnostic]) -> String {
    let expectations = parse_expectations(text, first_line);
    let line_of = |d: &Diagnostic| match ctx.file_line_col(d.location) {
        Some((file, line, _)) if file == config.input_name => Some(line),
        _ => None,
    };
    let mut emitted = Vec::new();
    for d in diagnostics {
        emitted.push((d.severity, line_of(d), d.message.clone()));
        for note in &d.notes {
            emitted.push((note.severity, line_of(note), note.message.clone()));
        }
    }
    let failures = expected::verify(&expectations, emitted.iter().map(|(s, l, m)| (*s, *l, m.as_str())));
    let mut out = String::new();
    for failure in failures {
        let location = match failure.comment_location() {
            Some((line, col)) => ctx.file_loc(&config.input_name, line, col),
            None => match &failure {
                expected::Failure::Unexpected { index, .. } => {
                    let flat: Vec<&Diagnostic> = diagnostics.iter().flat_map(|d| std::iter::once(d).chain(d.notes.iter())).collect();
                    flat.get(*index).map_or(ctx.unknown_loc(), |d| d.location)
                }
                _ => ctx.unknown_loc(),
            },
        };
        out.push_str(&Diagnostic::error(location, failure.message()).render(ctx));
    }
    out
}
