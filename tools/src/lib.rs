//! Shared drivers of the command-line tools, so each tool's `main` stays a thin shell:
//! `opt` runs `xla-opt`; `split` and `expected` implement `--split-input-file` and
//! `--verify-diagnostics`.

pub mod expected;
pub mod opt;
pub mod split;
