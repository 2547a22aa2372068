//! Reference interpreter of the `hlo` dialect (and of the `loop` dialect it lowers to) on
//! literal arrays: XLA's operation semantics,
//! written for clarity rather than speed. It is the oracle of the random differential tests
//! (interpreted vs. compiled), folds constants for `simplify`, and runs `xla-run
//! --interpret` and the `check` dialect's assertions.
//!
//! - [`element`]: element types and their arithmetic range;
//! - [`literal`]: dense arrays in row-major order, to and from dense attributes;
//! - [`index`]: multi-indices over row-major shapes;
//! - [`value`]: runtime values (tensors, tuples, tokens, and the loop dialect's buffers);
//! - [`interpreter`]: the engine that runs functions, regions and ops;
//! - [`ops`]: one evaluator per op, by family;
//! - [`collectives`]: replicas and their rendezvous;
//! - [`arrays`]: `.npy`/`.npz` files to and from literals;
//! - [`closeness`]: comparing results with expected arrays (exact, or in ulps);
//! - [`error`]: located evaluation errors.
//!
//! Architecture Invariant: the interpreter depends on `ir` and `dialects` only, never on
//! `passes` or `lowering`: it must not share a bug with the compiler it checks. No LLVM.

pub mod arrays;
pub mod closeness;
pub mod collectives;
pub mod element;
pub mod error;
pub mod index;
pub mod interpreter;
pub mod literal;
pub mod ops;
pub mod value;

pub use element::ElementType;
pub use error::{EvalError, EvalResult};
pub use interpreter::{CheckFailure, Interpreter, Options};
pub use ops::run_parallel::{ProgramGrid, ProgramOutcome, ProgramRunner};
pub use literal::{Elements, Literal};
pub use value::{Buffer, Value};
