//! What the tools do through upstream MLIR when they are built with it (the `mlir`
//! feature): function pointers that the mains fill from `xla-mlir`.
//!
//! The library holds only this table, never a reference to `xla-mlir`, so that the test
//! binaries of this package (which link the library) do not link MLIR, a static ~200 MB;
//! the mains of `xla-opt` and `xla-run` and the one MLIR test (`tests/mlir.rs`) do.

use xla_ir::parser::Module;
use xla_ir::{Body, Context, Diagnostic, OpId};
use xla_lowering::to_llvm::EntrySpec;
use xla_lowering::{CompileOptions, Compiled};

/// `xla-mlir`'s entry points the tools call.
#[derive(Copy, Clone)]
pub struct MlirHooks {
    /// Exports a module at the loop level to upstream dialects, verified by MLIR, and prints
    /// it (generic form when asked): `xla-opt --emit=mlir-upstream`.
    pub export: fn(&Body, OpId, bool) -> Result<String, Vec<Diagnostic>>,
    /// The pipeline of `xla_lowering::compile_hlo` with MLIR's own lowering from the loop
    /// level to LLVM IR: `xla-run --backend=mlir`.
    pub compile_hlo: fn(&mut Body, OpId, &[EntrySpec], &CompileOptions) -> Result<Compiled, Vec<Diagnostic>>,
    /// Reads an upstream MLIR module (any form MLIR's parser reads, unregistered dialects
    /// allowed) into our IR: `xla-opt --upstream-input`.
    pub read: for<'c> fn(&'c Context, &str, &str, u32) -> Result<Module<'c>, Vec<Diagnostic>>,
}

impl std::fmt::Debug for MlirHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MlirHooks")
    }
}

/// What a tool built without the `mlir` feature says when asked for MLIR.
pub const NOT_BUILT: &str = "this tool was built without MLIR: build it with `--features mlir` (as `make test` does)";
