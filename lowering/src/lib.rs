//! Code generation: `hlo` → `loop` → `llvm` dialect, then translation of the `llvm` dialect
//! to an LLVM module with inkwell, `default<O3>`, and object and C header emission through
//! a `TargetMachine` (see DESIGN.md, "Code generation and the runtime", and
//! docs/lowering.md, the contract of each level).
//!
//! - [`to_loops`]: the pass `lower-to-loops`, hlo to the loop dialect (destination-passing
//!   functions over buffers, elemental loop nests); it uses no LLVM;
//! - [`translate`]: a module of `llvm.func`s to an LLVM module, a table from op to builder
//!   call;
//! - [`target`]: a target machine for the host or a named x86-64 CPU, `default<O3>`, and
//!   emission of objects, assembly and LLVM IR;
//! - [`compile`]: the two together, as `xla-opt --emit=llvm-ir|asm` and tests use them.
//!
//! The step between, loop to llvm, comes next.
//!
//! Architecture Invariant: this crate and the tools are the only ones that link LLVM.
//! `ir`, `dialects`, `passes` and `interp` build and test without it, so a change there
//! never waits on llvm-sys.

#![deny(missing_docs)]

pub mod target;
pub mod to_loops;
pub mod translate;

use inkwell::context::Context as LlvmContext;
use xla_ir::{Body, Diagnostic, OpId};

pub use target::{host_target_triple, CodegenTarget, OutputKind, DEFAULT_CPU, NAMED_CPUS};

/// Registers the passes of this crate (`lower-to-loops`).
pub fn register_passes(registry: &mut xla_ir::pass::PassRegistry) {
    registry.register(&to_loops::INFO, to_loops::create);
}

/// How [`compile`] generates code.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// The CPU to generate code for: `host` or one of [`NAMED_CPUS`].
    pub cpu: String,
    /// Whether to run `default<O3>` before emitting.
    pub optimize: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions { cpu: DEFAULT_CPU.to_string(), optimize: true }
    }
}

/// Translates `module_op` (a `builtin.module` of `llvm.func`s) to LLVM IR for the target
/// `options` names, optimizes it when asked, and emits it as `output`. Every failure (ops
/// not at the llvm level, an unknown CPU, LLVM's verifier) is a diagnostic located in the
/// module; nothing panics.
pub fn compile(body: &Body, module_op: OpId, options: &CompileOptions, output: OutputKind) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let at_module = |message: String| vec![Diagnostic::error(body.op(module_op).location, message)];
    let target = CodegenTarget::for_cpu(&options.cpu).map_err(at_module)?;
    let llcx = LlvmContext::create();
    let module = llcx.create_module(&module_name(body, module_op));
    target.configure(&module);
    translate::translate_into(&llcx, &module, body, module_op)?;
    if options.optimize {
        target.optimize(&module).map_err(at_module)?;
    }
    target.emit(&module, output).map_err(at_module)
}

/// The name of the LLVM module: the `builtin.module`'s `sym_name`, or `module`.
fn module_name(body: &Body, module_op: OpId) -> String {
    body.attr(module_op, "sym_name").and_then(|a| body.ctx().as_string(a)).unwrap_or("module").to_string()
}
