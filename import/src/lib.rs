//! Readers of the two foreign input forms into the `hlo` dialect, and a writer of one:
//!
//! - [`hlo_text`]: XLA HLO text (`HloModule m, entry_computation_layout={...} ENTRY main
//!   {...}`), as XLA and `jax.jit(f).lower(...).as_text(dialect="hlo")` print it;
//! - [`stablehlo`]: StableHLO MLIR text, as `jax.jit(f).lower(...).as_text()` prints it, in
//!   the pretty and the generic form, with the chlo ops JAX emits expanded;
//! - [`hlo_writer`]: HLO text out again (`xla-opt --emit=hlo-text`), which the reader reads
//!   back to the same IR.
//!
//! Readers report errors as `xla_ir` diagnostics at `file:line:col` of the input and never
//! panic on any input.
//!
//! Architecture Invariant: importers produce only `hlo` ops (plus `func`/`builtin`
//! structure and `check` assertions); every other crate sees one input language. No LLVM, no
//! MLIR.

pub mod hlo_text;
pub mod hlo_writer;
mod mixed_precision;
mod opcode_spelling;
pub mod stablehlo;

/// The form of an input text, judged from its first meaningful token.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InputForm {
    /// XLA HLO text: starts with `HloModule`.
    HloText,
    /// MLIR syntax: the compiler's own dialects, or StableHLO (both read by `xla_ir`'s
    /// parser once the `stablehlo` dialect is registered).
    Mlir,
}

/// Tells HLO text from MLIR syntax by the first token that is not a comment.
pub fn detect_form(text: &str) -> InputForm {
    let first = text
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    if first.starts_with("HloModule") {
        InputForm::HloText
    } else {
        InputForm::Mlir
    }
}
