//! Readers of the two foreign input forms into the `hlo` dialect, and a writer of one:
//!
//! - XLA HLO text (`HloModule m, entry_computation_layout={...} ENTRY main {...}`), as XLA
//!   and `jax.jit(f).lower(...).as_text(dialect="hlo")` print it;
//! - StableHLO MLIR text, as `jax.jit(f).lower(...).as_text()` prints it;
//! - HLO text out again (`xla-opt --emit=hlo-text`), for comparison with XLA.
//!
//! A later issue fills this crate. Readers report errors as `xla_ir` diagnostics at
//! `file:line:col` of the input and never panic on any input.
//!
//! Architecture Invariant: importers produce only `hlo` ops (plus `func`/`builtin`
//! structure); every other crate sees one input language. No LLVM, no MLIR.
