//! `loop.call_runtime`: a call into `libxla_runtime`,
//! `loop.call_runtime @xla_rt_matmul_f32(%a, %b, %c, %m, %n, %k) : (memref<..>, memref<..>,
//! memref<..>, index, index, index) -> ()`.
//!
//! The callee is a C function of the runtime (an `xla_rt_` symbol, not a function of the
//! module); it returns a status, and a non-zero status ends the entry with that status.
//! Invariant checked by the verifier: the callee's name starts with `xla_rt_`.

use xla_ir::constraints::{AnyType, SymbolRefAttr, Variadic};
use xla_ir::{Diagnostic, Op, OpRef};
use xla_macros::op;

/// Calls the runtime function `callee` on buffers and scalars; a non-zero status it returns
/// ends the entry with that status.
///
/// Example: `loop.call_runtime @xla_rt_matmul_f32(%a, %b, %c, %m, %n, %k) : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>, index, index, index) -> ()`
#[op(
    name = "loop.call_runtime",
    verify = verify_call_runtime,
    format = "$callee `(` $operands `)` attr-dict `:` functional-type(operands, results)"
)]
pub struct CallRuntimeOp {
    /// The runtime function, `@xla_rt_...`.
    #[attr]
    callee: SymbolRefAttr,
    /// Buffers and scalars.
    #[operand]
    operands: Variadic<AnyType>,
    /// What the function returns besides its status.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `loop.call_runtime`: the callee is a runtime symbol.
pub fn verify_call_runtime(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let call = CallRuntimeOp::from_id_unchecked(op.id);
    let path = call.callee(op.body);
    let name = match path {
        [single] => ctx.symbol_str(*single),
        _ => return Err(op.error("callee must be a flat symbol reference to a runtime function")),
    };
    if !name.starts_with("xla_rt_") {
        return Err(op.error(format!("callee @{name} is not a runtime function (an xla_rt_ symbol)")));
    }
    Ok(())
}
