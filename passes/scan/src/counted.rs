//! Counted loops: an `hlo.while` with a loop-carried counter that starts at the constant 0,
//! steps by the constant 1 in the body, and runs while it is below a constant `n`, the
//! form JAX gives `lax.scan` and `fori_loop` over static bounds. Such a loop runs its body
//! exactly `n` times (none when `n <= 0`).
//!
//! Invariant: only that form is recognized; a loop whose condition reads anything else
//! has no known trip count.

use xla_dialects::hlo::{AddOp, CompareOp, ComparisonDirection, HloOp, WhileOp};
use xla_ir::rewrite::constant_value;
use xla_ir::{Body, Op, Scalar, ValueId};

/// The number of times `w` runs its body, when it is a counted loop.
pub fn trip_count(body: &Body, w: WhileOp) -> Option<i64> {
    let (cond_block, body_block) = (body.entry_block(w.cond(body))?, body.entry_block(w.body(body))?);
    let cond_return = body.block_ops(cond_block).last()?;
    let [predicate] = body.op(cond_return).operands[..] else { return None };
    let compare = CompareOp::cast(body, body.defining_op(predicate)?)?;
    if compare.comparison_direction(body) != ComparisonDirection::Lt {
        return None;
    }
    let (counter, bound) = (body.operand(compare.id(), 0), body.operand(compare.id(), 1));
    let position = body.block(cond_block).args.iter().position(|a| *a == counter)?;
    let n = integer_constant(body, bound)?;
    let start = integer_constant(body, *body.op(w.id()).operands.get(position)?)?;
    // The body's next counter is its own counter plus 1.
    let body_return = body.block_ops(body_block).last()?;
    let next = *body.op(body_return).operands.get(position)?;
    let this = *body.block(body_block).args.get(position)?;
    let add = AddOp::cast(body, body.defining_op(next)?)?;
    let (x, y) = (body.operand(add.id(), 0), body.operand(add.id(), 1));
    let steps_by_one = (x == this && integer_constant(body, y) == Some(1)) || (y == this && integer_constant(body, x) == Some(1));
    (start == 0 && steps_by_one && matches!(HloOp::of(body, body_return), Some(HloOp::Return(_)))).then_some(n.max(0))
}

/// The value of `v` when it is a 0-d integer constant.
fn integer_constant(body: &Body, v: ValueId) -> Option<i64> {
    let ctx = body.ctx();
    let dense = ctx.as_dense(constant_value(body, v)?)?;
    if !ctx.as_tensor(dense.ty).is_some_and(|t| t.dims.is_empty()) {
        return None;
    }
    match dense.get(ctx, 0)? {
        Scalar::Int(i) => i64::try_from(i).ok(),
        _ => None,
    }
}
