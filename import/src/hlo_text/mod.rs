//! The reader of XLA HLO text (`HloModule m, entry_computation_layout={...} ENTRY main {...}`,
//! as XLA prints modules and `jax.jit(f).lower(...).as_text(dialect="hlo")` prints them, and
//! the optimized HLO XLA dumps after compiling) into a `builtin.module` of `func.func`s
//! holding hlo ops.
//!
//! The pipeline: [`lexer`] (tokens with byte offsets) → [`parser`] (the syntax tree of
//! [`ast`]; [`shape`]s are read on the way, attribute values kept as token ranges) →
//! [`emitter`] (one function per computation, instructions in dependency order, regions for
//! the computations ops apply; the opcode table in [`opcodes`] and the families in
//! `ops_*`; [`literal`]s and structured [`attrs`] read where they are used; tuples kept
//! virtual by [`values`]) → the verifier.
//!
//! What is kept and what is not: the header's `entry_computation_layout` becomes the
//! layouts of the entry function's types; `replica_count` and `num_partitions` become
//! `xla.replica_count`/`xla.num_partitions` module attributes and `input_output_alias` the
//! string `xla.input_output_alias`; a fusion's `kind` becomes `xla.fusion_kind`. Metadata,
//! `backend_config` (except a custom call's), frontend attributes, sharding, control
//! predecessors, statistics, scheduling and the stack frame tables are read and dropped:
//! they describe how XLA compiled the program, not what it computes. The decisions on
//! layouts, tuples, `copy`, `bitcast`, asynchronous pairs, `topk` and elided literals are
//! documented in the modules that make them.
//!
//! Invariant: the reader never panics on any input; every error is a [`Diagnostic`] at the
//! input's `file:line:col` saying what was expected and what was found, and a module it
//! returns passes `xla_ir::verifier::verify`.

pub mod ast;
pub mod attrs;
pub mod cursor;
pub mod emitter;
pub mod lexer;
pub mod literal;
pub mod opcodes;
mod ops_control;
mod ops_effects;
mod ops_linalg;
mod ops_reduce;
mod ops_shape;
pub mod parser;
pub mod shape;
pub mod source;
pub mod values;

use xla_ir::parser::Module;
use xla_ir::{Context, Diagnostic};

/// Reads HLO text `text` (the contents of `file`) into a module of hlo ops. The context
/// must have the builtin, func and hlo dialects registered (`xla_dialects::register_all`).
pub fn parse_hlo_text<'c>(ctx: &'c Context, file: &str, text: &str) -> Result<Module<'c>, Diagnostic> {
    parse_hlo_text_at(ctx, file, text, 1)
}

/// [`parse_hlo_text`] for a text that starts at line `first_line` of `file` (a chunk of a
/// `--split-input-file` input), so diagnostics name the file's own lines.
pub fn parse_hlo_text_at<'c>(ctx: &'c Context, file: &str, text: &str, first_line: u32) -> Result<Module<'c>, Diagnostic> {
    let src = source::Source::new(ctx, file, text, first_line);
    if ctx.dialect("hlo").is_none() || ctx.dialect("func").is_none() {
        return Err(src.error(0, "the hlo and func dialects must be registered before reading HLO text (xla_dialects::register_all)"));
    }
    let ast = parser::parse_module(&src)?;
    let (mut body, op) = emitter::build(&src, &ast)?;
    // HLO, like StableHLO, allows dots and convolutions of mixed precision (bf16 x bf16 ->
    // f32); the hlo dialect wants one element type, so their operands are converted, exactly
    // (every bf16 or i8 value is representable in the wider result type).
    for inner in body.nested_ops(op, xla_ir::WalkOrder::PreOrder) {
        crate::mixed_precision::fix_mixed_precision(&mut body, inner)?;
    }
    if let Err(errors) = xla_ir::verifier::verify(&body, op) {
        let mut errors = errors.into_iter();
        let Some(mut first) = errors.next() else { return Ok(Module { body, op }) };
        for other in errors.take(8) {
            first.notes.push(Diagnostic::new(xla_ir::Severity::Note, other.location, other.message));
        }
        return Err(first);
    }
    Ok(Module { body, op })
}
