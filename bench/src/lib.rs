//! Benchmarks of the compiler and of the code it generates.
//!
//! The criterion benches live in `benches/` (`cargo bench -p xla-bench`; `cargo test`
//! runs each once). `compare.py` is the side-by-side comparison with XLA CPU: the corpus's
//! JAX-exported programs run by XLA (their StableHLO text through jaxlib) and by
//! `xla-run --bench`, timed on the same inputs in one run (`bench/README.md`), with the
//! memory bandwidth `stream_triad` (`src/bin/`) measures. This library is empty: what the
//! fixture benches share lives in `benches/support/`, so that the crate's library and
//! `stream_triad` build without LLVM and the compiler.
//!
//! Architecture Invariant: benches only measure; they never decide whether a build passes
//! (`cargo test` checks that they run, not how fast).
