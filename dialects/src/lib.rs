//! Dialects: builtin, func, hlo, check, interpreter, loop and llvm, each declared with
//! `#[op]` from `xla-macros` against the core IR of `xla-ir`.
//!
//! Architecture Invariant: a dialect is data ([`xla_ir::op_def::DialectDef`]) plus the plain
//! functions its ops name (shape inference, verifiers, folders); registering it in a
//! [`Context`] is all a tool does to use it.

pub mod builtin;
pub mod check;
pub mod func;
pub mod hlo;
pub mod interpreter;
pub mod llvm;
pub mod loops;

use xla_ir::Context;

/// Registers every dialect of this crate in `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.register_dialect(&builtin::BUILTIN_DIALECT);
    ctx.register_dialect(&func::FUNC_DIALECT);
    ctx.register_dialect(&hlo::HLO_DIALECT);
    ctx.register_dialect(&check::CHECK_DIALECT);
    ctx.register_dialect(&interpreter::INTERPRETER_DIALECT);
    ctx.register_dialect(&llvm::LLVM_DIALECT);
    ctx.register_dialect(&loops::LOOP_DIALECT);
}
