//! Memory access: `llvm.load` reads a value of a given type at a pointer, `llvm.store`
//! writes one.
//!
//! Custom forms: `%x = llvm.load %p : !llvm.ptr -> f32`, `llvm.store %x, %p : f32, !llvm.ptr`.
//! An optional `alignment` (bytes, a power of two) says how aligned the pointer is; without
//! it the type's ABI alignment is assumed, as LLVM assumes it.

use xla_ir::constraints::I64Attr;
use xla_ir::op_def::OpRef;
use xla_ir::Diagnostic;
use xla_macros::op;

use super::types::{LlvmPtr, LlvmType};

/// Reads a value of the result's type at `addr` (LLVM's `load`).
///
/// Example: `%x = llvm.load %p : !llvm.ptr -> f32`
#[op(name = "llvm.load", verify = verify_alignment, format = "$addr attr-dict `:` type($addr) `->` type($result)")]
pub struct LoadOp {
    #[operand]
    addr: LlvmPtr,
    /// The alignment of `addr` in bytes, a power of two; the type's ABI alignment when absent.
    #[attr]
    alignment: Option<I64Attr>,
    #[result]
    result: LlvmType,
}

/// Writes `value` at `addr` (LLVM's `store`).
///
/// Example: `llvm.store %x, %p : f32, !llvm.ptr`
#[op(name = "llvm.store", verify = verify_alignment, format = "$value `,` $addr attr-dict `:` type($value) `,` type($addr)")]
pub struct StoreOp {
    #[operand]
    value: LlvmType,
    #[operand]
    addr: LlvmPtr,
    /// The alignment of `addr` in bytes, a power of two; the type's ABI alignment when absent.
    #[attr]
    alignment: Option<I64Attr>,
}

/// The largest alignment the dialect accepts, 2^31 bytes (LLVM's limit is 2^32, which its C
/// API cannot set).
pub const MAX_ALIGNMENT: i64 = 1 << 31;

/// An `alignment` is a positive power of two no larger than [`MAX_ALIGNMENT`].
fn verify_alignment(op: OpRef) -> Result<(), Diagnostic> {
    let Some(attr) = op.attr("alignment") else { return Ok(()) };
    let alignment = <I64Attr as xla_ir::constraints::AttrKind>::get(op.ctx(), attr);
    match alignment {
        Some(a) if a > 0 && (a as u64).is_power_of_two() && a <= MAX_ALIGNMENT => Ok(()),
        _ => Err(op.error(format!("alignment must be a power of two no larger than 2^31, found {}", op.ctx().attr_to_string(attr)))),
    }
}

