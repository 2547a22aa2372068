//! `llvm.addressof`: the address of a function of the module, LLVM's function pointer
//! constant. `%f = llvm.addressof @body : !llvm.ptr` is what a runtime call that takes a
//! callback (`xla_rt_parallel_for`) receives.
//!
//! Invariant: the symbol names an `llvm.func` of the enclosing module (checked when the
//! module is translated, where every function is declared before any body is built).

use xla_ir::constraints::SymbolRefAttr;
use xla_macros::op;

use super::types::LlvmPtr;

/// The address of the function `function` (a constant pointer).
///
/// Example: `%f = llvm.addressof @main.parallel.0 : !llvm.ptr`
#[op(name = "llvm.addressof", traits = [Pure], format = "$function attr-dict `:` type($result)")]
pub struct AddressOfOp {
    /// The function whose address this is: an `llvm.func` of the module.
    #[attr]
    function: SymbolRefAttr,
    #[result]
    result: LlvmPtr,
}

impl AddressOfOp {
    /// The name of the function.
    pub fn function_name<'c>(self, body: &xla_ir::Body<'c>) -> Option<&'c str> {
        match self.function(body) {
            [name] => Some(body.ctx().symbol_str(*name)),
            _ => None,
        }
    }
}
