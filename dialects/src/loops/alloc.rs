//! `loop.alloc`: a temporary buffer, `%b = loop.alloc : memref<4x8xf32>`.
//!
//! Buffer assignment (`passes/buffers`) turns every alloc it can place into a
//! `loop.arena_buffer`, an offset in the function's one temp arena; an alloc stands for
//! fresh memory of its type, whose elements are undefined until stored, and lower-to-llvm
//! calls `malloc` for the allocs left.
//! Invariant: the buffer has a static shape (its size is known when the arena is laid
//! out). An alloc is not `Pure`: two allocs of one type are two buffers, never merged.

use xla_ir::{Diagnostic, OpRef};
use xla_macros::op;

use super::types::AnyMemRef;

/// Allocates a temporary buffer of the result's type.
///
/// The elements are undefined until stored. Buffer assignment turns each alloc it can
/// place into a `loop.arena_buffer`, an offset in the function's temp arena.
///
/// Example: `%b = loop.alloc : memref<4x8xf32>`
#[op(name = "loop.alloc", verify = verify_alloc, format = "attr-dict `:` type($result)")]
pub struct AllocOp {
    /// The buffer.
    #[result]
    result: AnyMemRef,
}

/// Checks `loop.alloc`: the buffer's shape is static.
pub fn verify_alloc(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let ty = op.body.value_type(op.results()[0]);
    let static_shape = ctx.as_memref(ty).and_then(|m| m.static_shape());
    if static_shape.is_none() {
        return Err(op.error(format!("needs a buffer of static shape, found {}", ctx.type_to_string(ty))));
    }
    Ok(())
}
