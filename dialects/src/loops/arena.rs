//! `loop.arena_buffer`: a buffer at a fixed byte offset in a function's temp arena,
//! `%b = loop.arena_buffer %arena[128] : memref<1024xi8> -> memref<4x8xf32>`.
//!
//! Buffer assignment (`passes/buffers`, docs/buffer-assignment.md) turns each `loop.alloc`
//! it can place into one of these: the function gets a trailing argument, its arena (a
//! `memref<Nxi8>`), and records `N` in its [`ARENA_BYTES_ATTR`] attribute. The op is an
//! address computation: it allocates nothing and cannot fail, and two arena buffers whose
//! bytes overlap share memory, which buffer assignment allows only between buffers whose
//! live ranges do not overlap (or, in place, when the op that ends one and starts the other
//! reads each element before writing it).
//!
//! Invariants checked by the verifier: the arena is a one-dimensional `i8` buffer of static
//! size; the result has a static shape; the offset is a multiple of [`ARENA_ALIGNMENT`]
//! (so every buffer is as aligned as the arena itself) and the buffer's bytes
//! ([`buffer_bytes`]) lie inside the arena.

use xla_ir::constraints::I64Attr;
use xla_ir::{AttrData, Body, Context, Diagnostic, OpId, OpRef, Type, TypeData};
use xla_macros::op;

use super::types::AnyMemRef;

/// The alignment of the arena and of every buffer in it, in bytes: a cache line, and the
/// widest vector (AVX-512) a loop may load.
pub const ARENA_ALIGNMENT: u64 = 64;

/// The attribute of a loop-level `func.func` whose last argument is its temp arena: the
/// arena's size in bytes (an `i64`).
pub const ARENA_BYTES_ATTR: &str = "loop.arena_bytes";

/// A buffer at byte `offset` in `arena`.
///
/// The buffer's elements are undefined until stored, as a `loop.alloc`'s. It allocates
/// nothing and cannot fail: the memory is the arena's, which the caller provides.
///
/// Example: `%b = loop.arena_buffer %arena[128] : memref<1024xi8> -> memref<4x8xf32>`
#[op(
    name = "loop.arena_buffer",
    verify = verify_arena_buffer,
    format = "$arena `[` $offset `]` attr-dict `:` type($arena) `->` type($result)"
)]
pub struct ArenaBufferOp {
    /// The arena: a function's trailing `memref<Nxi8>` argument, or a buffer of its own
    /// arena (a callee's slice).
    #[operand]
    arena: AnyMemRef,
    /// Where the buffer starts, in bytes from the arena's start.
    #[attr]
    offset: I64Attr,
    /// The buffer.
    #[result]
    result: AnyMemRef,
}

/// The bytes one element of `element` takes in a buffer, as lower-to-llvm stores it: a
/// predicate or an integer narrower than a byte takes a byte, `index` eight, a complex
/// number both of its parts; `None` for a type that is not a scalar.
pub fn element_bytes(ctx: &Context, element: Type) -> Option<u64> {
    match ctx.type_data(element) {
        TypeData::Integer { width, .. } => Some(u64::from(width.div_ceil(8)).max(1)),
        TypeData::Index => Some(8),
        TypeData::Float(kind) => Some(u64::from(kind.bit_width().div_ceil(8))),
        TypeData::Complex(part) => element_bytes(ctx, *part).map(|b| 2 * b),
        _ => None,
    }
}

/// The bytes of a buffer of type `ty`: its elements, padding included, times
/// [`element_bytes`]; `None` for a type that is not a memref of static shape, or one whose
/// size overflows.
pub fn buffer_bytes(ctx: &Context, ty: Type) -> Option<u64> {
    let memref = ctx.as_memref(ty)?;
    let shape = memref.static_shape()?;
    let physical = memref.layout.as_ref().and_then(|l| l.padded_dims.clone()).unwrap_or(shape);
    let elements = physical.iter().try_fold(1u64, |acc, d| acc.checked_mul(u64::try_from(*d).ok()?))?;
    elements.checked_mul(element_bytes(ctx, memref.element)?)
}

/// The size of the arena of `func` (a loop-level `func.func`), when it has one: the value of
/// its [`ARENA_BYTES_ATTR`] attribute. Its last argument is then the arena.
pub fn arena_bytes(body: &Body, func: OpId) -> Option<u64> {
    match body.attr(func, ARENA_BYTES_ATTR).map(|a| body.ctx().attr_data(a)) {
        Some(AttrData::Integer { value, .. }) => u64::try_from(*value).ok(),
        _ => None,
    }
}

/// The type of an arena of `bytes` bytes: `memref<bytes x i8>`.
pub fn arena_type(ctx: &Context, bytes: u64) -> Type {
    ctx.memref_type(&[i64::try_from(bytes).unwrap_or(i64::MAX)], ctx.int_type(8))
}

/// Checks `loop.arena_buffer`: see the module's invariants.
pub fn verify_arena_buffer(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let arena_ty = op.body.value_type(op.operands()[0]);
    let result_ty = op.body.value_type(op.results()[0]);
    let arena = ctx.as_memref(arena_ty);
    let is_byte = |t: Type| matches!(ctx.type_data(t), TypeData::Integer { width: 8, .. });
    let arena_size = arena
        .filter(|m| m.dims.len() == 1 && is_byte(m.element) && m.layout.as_ref().is_none_or(|l| l.padded_dims.is_none()))
        .and_then(|_| buffer_bytes(ctx, arena_ty));
    let Some(arena_size) = arena_size else {
        return Err(op.error(format!("needs an arena of static size memref<Nxi8>, found {}", ctx.type_to_string(arena_ty))));
    };
    let Some(size) = buffer_bytes(ctx, result_ty) else {
        return Err(op.error(format!("needs a buffer of static shape, found {}", ctx.type_to_string(result_ty))));
    };
    let offset = match op.body.attr(op.id, "offset").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Integer { value, .. }) => *value,
        _ => return Err(op.error("needs an integer offset")),
    };
    let offset = u64::try_from(offset).map_err(|_| op.error(format!("offset {offset} is negative")))?;
    if offset % ARENA_ALIGNMENT != 0 {
        return Err(op.error(format!("offset {offset} is not a multiple of {ARENA_ALIGNMENT}")));
    }
    if offset.checked_add(size).is_none_or(|end| end > arena_size) {
        return Err(op.error(format!("a buffer of {size} bytes at offset {offset} does not fit in an arena of {arena_size} bytes")));
    }
    Ok(())
}
