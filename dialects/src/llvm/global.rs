//! `llvm.global_constant`: read-only bytes of the module, LLVM's private constant global,
//! `llvm.global_constant {sym_name = "literal.0", value = dense<"0x0000803F"> : tensor<4xui8>}`.
//!
//! lower-to-llvm puts a large literal's bytes here, laid out as its buffer stores them, and
//! takes their address with `llvm.addressof`. The global is 64-byte aligned (the entry
//! ABI's buffer alignment, so loads from it vectorize as from any buffer) and private to
//! the object.
//!
//! Invariants: it sits directly in the module; the value is a rank-1 literal of `ui8`.

use xla_ir::constraints::{DenseElementsAttr, StrAttr};
use xla_ir::{Diagnostic, OpRef, TypeData};
use xla_macros::op;

/// Read-only bytes of the module, named `sym_name`.
///
/// Example: `llvm.global_constant {sym_name = "literal.0", value = dense<[0, 0, 128, 63]> : tensor<4xui8>}`
#[op(name = "llvm.global_constant", verify = verify_global_constant, format = "attr-dict")]
pub struct GlobalConstantOp {
    /// The global's name, which `llvm.addressof` refers to.
    #[attr]
    sym_name: StrAttr,
    /// The bytes, a rank-1 literal of `ui8`.
    #[attr]
    value: DenseElementsAttr,
}

/// Checks `llvm.global_constant`: its bytes are a rank-1 `ui8` literal.
pub fn verify_global_constant(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let literal = op.attr("value").and_then(|a| ctx.as_dense(a)).ok_or_else(|| op.error("requires attribute 'value' (a dense literal of bytes)"))?;
    let bytes = ctx.as_tensor(literal.ty).filter(|t| t.dims.len() == 1 && matches!(ctx.type_data(t.element), TypeData::Integer { width: 8, .. }));
    if bytes.is_none() {
        return Err(op.error(format!("needs a rank-1 literal of 8-bit integers, found {}", ctx.type_to_string(literal.ty))));
    }
    Ok(())
}
