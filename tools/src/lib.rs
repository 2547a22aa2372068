//! Shared drivers of the command-line tools, so each tool's `main` stays a thin shell:
//! `opt` runs `xla-opt`, `aotc` runs `xla-aotc` and `run` runs `xla-run` (`native`
//! compiles and calls its entries, `native_grid` the programs of `run_parallel`); `input`
//! reads a tool's program; `split` and `expected` implement `--split-input-file` and
//! `--verify-diagnostics`; `mlir` is the table of what the tools do through upstream MLIR
//! when the mains are built with it (feature `mlir`).

pub mod aotc;
pub mod bundle;
pub mod expected;
pub mod input;
pub mod mlir;
pub mod native;
pub mod native_grid;
pub mod opt;
pub mod run;
pub mod split;

/// What every tool's `--version` prints after its name: the workspace's version and the
/// LLVM it generates code with (inkwell's `llvm22-1` feature decides that at build time).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (LLVM 22)");
