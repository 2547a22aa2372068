//! Benchmarks of the compiler and of the code it generates.
//!
//! The criterion benches live in `benches/` (`cargo bench -p xla-bench`; `cargo test`
//! runs each once). A later issue adds the side-by-side comparison with XLA CPU: the same
//! JAX-exported programs compiled by `xla-aotc` and by XLA, timed on the same inputs, and
//! the compile-time benches of the passes. This library will hold the shared fixtures
//! (model loading, input generation, result tables) those benches use; it is empty today.
//!
//! Architecture Invariant: benches only measure; they never decide whether a build passes
//! (`cargo test` checks that they run, not how fast).
