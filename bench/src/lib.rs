//! Benchmarks of the compiler and of the code it generates.
//!
//! The criterion benches live in `benches/` (`cargo bench -p xla-bench`; `cargo test`
//! runs each once). `compare.py` is the side-by-side comparison with XLA CPU: the corpus's
//! JAX-exported programs run by XLA (their StableHLO text through jaxlib) and by
//! `xla-run --bench`, timed on the same inputs in one run (`bench/README.md`). This
//! library will hold shared fixtures for Rust benches; it is empty today.
//!
//! Architecture Invariant: benches only measure; they never decide whether a build passes
//! (`cargo test` checks that they run, not how fast).
