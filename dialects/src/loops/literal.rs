//! `loop.literal`: a read-only buffer holding a literal,
//! `%b = loop.literal dense<[1.0, 2.0, 3.0]> : tensor<3xf32> -> memref<3xf32>`.
//!
//! What a large constant lowers to: lower-to-llvm places the literal's bytes in the
//! object's read-only data once (an `llvm.global_constant`) and the op is its address, so
//! that a constant of any size costs no code, where a store per element grows the function
//! (and LLVM's time) with the constant. lower-to-loops only reads it, copying it into the
//! constant's buffer with a loop nest (which LLVM turns into `memcpy` where the layouts
//! agree), so no op ever writes into the literal's memory.
//!
//! Invariants: the buffer has the literal's static shape and element type and the default
//! (row-major, unpadded) layout; nothing stores into it.

use xla_ir::constraints::DenseElementsAttr;
use xla_ir::{Diagnostic, OpRef};
use xla_macros::op;

use super::types::AnyMemRef;

/// A read-only buffer holding the literal `value`.
///
/// The buffer's shape and element type are the literal's and its layout the default one;
/// nothing may store into it.
///
/// Example: `%b = loop.literal dense<[1.0, 2.0, 3.0]> : tensor<3xf32> -> memref<3xf32>`
#[op(name = "loop.literal", traits = [Pure], verify = verify_literal, format = "$value attr-dict `->` type($result)")]
pub struct LiteralOp {
    /// The elements, as a dense literal of the buffer's shape and element type.
    #[attr]
    value: DenseElementsAttr,
    /// The buffer.
    #[result]
    result: AnyMemRef,
}

/// Checks `loop.literal`: the buffer has the literal's static shape and element type and
/// no layout of its own.
pub fn verify_literal(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let ty = op.body.value_type(op.results()[0]);
    let memref = ctx.as_memref(ty).ok_or_else(|| op.error("needs a buffer result"))?;
    let literal = op.attr("value").and_then(|a| ctx.as_dense(a)).ok_or_else(|| op.error("requires attribute 'value' (a dense elements literal)"))?;
    let literal_type = ctx.as_tensor(literal.ty).ok_or_else(|| op.error("needs a tensor literal"))?;
    if memref.static_shape().is_none() || memref.static_shape() != literal_type.static_shape() || memref.element != literal_type.element {
        return Err(op.error(format!(
            "the buffer {} does not have the literal's shape and element type ({})",
            ctx.type_to_string(ty),
            ctx.type_to_string(literal.ty)
        )));
    }
    let rank = memref.dims.len();
    if memref.layout.as_ref().is_some_and(|layout| *layout != xla_ir::Layout::row_major(rank)) {
        return Err(op.error(format!("needs a buffer of the default layout, found {}", ctx.type_to_string(ty))));
    }
    Ok(())
}
