//! Reference interpreter of the `hlo` dialect on literal arrays: XLA's operation semantics,
//! written for clarity rather than speed. It is the oracle of the random differential tests
//! (interpreted vs. compiled), folds constants for `simplify`, and runs `xla-run
//! --interpret` and the `check` dialect's assertions.
//!
//! A later issue fills this crate.
//!
//! Architecture Invariant: the interpreter depends on `ir` and `dialects` only, never on
//! `passes` or `lowering`: it must not share a bug with the compiler it checks. No LLVM.
