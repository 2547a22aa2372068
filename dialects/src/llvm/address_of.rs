//! `llvm.addressof`: the address of a function or a global of the module, LLVM's pointer
//! constant. `%f = llvm.addressof @body : !llvm.ptr` is what a runtime call that takes a
//! callback (`xla_rt_parallel_for`) receives; `llvm.addressof @literal.0` is where a large
//! literal's bytes are (`llvm.global_constant`).
//!
//! Invariant: the symbol names an `llvm.func` or an `llvm.global_constant` of the enclosing
//! module (checked when the module is translated, where every function and global is
//! declared before any body is built).

use xla_ir::constraints::SymbolRefAttr;
use xla_macros::op;

use super::types::LlvmPtr;

/// The address of the function or global `function` (a constant pointer).
///
/// Example: `%f = llvm.addressof @main.parallel.0 : !llvm.ptr`
#[op(name = "llvm.addressof", traits = [Pure], format = "$function attr-dict `:` type($result)")]
pub struct AddressOfOp {
    /// The function or global whose address this is: an `llvm.func` or an
    /// `llvm.global_constant` of the module.
    #[attr]
    function: SymbolRefAttr,
    #[result]
    result: LlvmPtr,
}

impl AddressOfOp {
    /// The name of the function or global.
    pub fn function_name<'c>(self, body: &xla_ir::Body<'c>) -> Option<&'c str> {
        match self.function(body) {
            [name] => Some(body.ctx().symbol_str(*name)),
            _ => None,
        }
    }
}
