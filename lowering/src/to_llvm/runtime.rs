//! `loop.call_runtime @xla_rt_f(operands)`: a call of the runtime function with its
//! operands lowered (buffers as pointers, `index` as `i64`, scalars as their value types)
//! and the run options pointer appended, as the runtime's functions that run work take it
//! last; the `i32` status it returns ends the function when it is not 0 (the runtime has
//! set the message `xla_rt_last_error()` gives).

use xla_dialects::loops::CallRuntimeOp;
use xla_ir::{Diagnostic, Op, OpId};

use super::lowering::FnLowering;

/// Lowers `loop.call_runtime`.
pub fn call_runtime(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    if !l.body.op(op).results.is_empty() {
        return Err(l.error("lower-to-llvm does not handle runtime calls with results yet (results go to buffers)"));
    }
    let callee = CallRuntimeOp::from_id_unchecked(op).callee(l.body);
    let callee = l.ctx().flat_symbol_name(callee).ok_or_else(|| l.error("loop.call_runtime needs a flat callee"))?.to_string();
    let mut args = l.operands(op)?;
    for (i, old) in l.body.op(op).operands.clone().into_iter().enumerate() {
        if l.ctx().as_memref(l.body.value_type(old)).is_none() {
            l.scalar_of(old).map_err(|e| l.error(format!("operand #{i}: {}", e.message)))?;
        }
    }
    args.push(l.options);
    let status_type = l.ctx().int_type(32);
    let status = l.call_value(&callee, &args, status_type);
    l.exit_on_error(status);
    Ok(())
}
