//! Interop with upstream MLIR through melior (MLIR 22's C API, linked statically).
//!
//! - [`export`]: the loop level as upstream dialects (`func`, `scf`, `memref`, `arith`,
//!   `math`, `complex`, `llvm` for pointers), built through melior and verified by MLIR's
//!   verifier; `xla-opt --emit=mlir-upstream` prints it.
//! - [`lower`]: the second code generator: MLIR's own passes from the exported module to
//!   the llvm dialect, MLIR's translation to LLVM IR, our target machine; `xla-run
//!   --backend=mlir`, and the differential test against our own path;
//! - [`import`]: any upstream MLIR module (generic form, unregistered dialects allowed)
//!   read by MLIR's parser into our IR; `xla-opt --upstream-input`;
//! - [`session`]: one MLIR context with every dialect registered, whose diagnostics are
//!   recorded and turned into the project's own (never printed by MLIR).
//!
//! This crate is the only one that links MLIR: every binary that links it grows by about
//! 200 MB, so only the tools built with the `mlir` feature and this crate's one test binary
//! link it (ARCHITECTURE.md, "mlir/").

pub mod export;
pub mod import;
pub mod lower;
pub mod session;

pub use export::{export_module, export_text, print_module};
pub use import::read_upstream;
pub use lower::compile_hlo;
pub use session::Session;
