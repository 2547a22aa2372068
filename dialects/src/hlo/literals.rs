//! Literals as canonicalization patterns see them: the elements of a value known at compile
//! time, and the ops that produce a literal again.
//!
//! Both readers spell a constant tensor whose elements are all equal the way XLA's HLO does,
//! as a 0-d `hlo.constant` broadcast by `hlo.broadcast_in_dim`, so a pattern that folds
//! constants has to see through that broadcast ([`literal_of`]), and one that creates a
//! constant spells a splat of rank 1 or more the same way ([`materialize_literal`]), so the
//! IR keeps one spelling.
//!
//! Invariants: [`literal_of`] returns a literal of exactly `v`'s type, and only for static
//! shapes; [`materialize_literal`] creates ops whose single result has the literal's type.

use xla_ir::rewrite::{constant_value, Rewriter};
use xla_ir::{Body, DenseElements, Op, OpId, OpState, ValueId};

use super::{BroadcastInDimOp, ConstantOp};

/// The elements of `v` when it is an `hlo.constant`, or an `hlo.broadcast_in_dim` of a
/// constant whose elements are all equal (a splat, or a single element); the literal has
/// `v`'s type.
pub(super) fn literal_of(body: &Body<'_>, v: ValueId) -> Option<DenseElements> {
    let ctx = body.ctx();
    let ty = body.value_type(v);
    if let Some(literal) = constant_value(body, v).and_then(|a| ctx.as_dense(a)) {
        return (literal.ty == ty).then(|| literal.clone());
    }
    let broadcast = body.defining_op(v)?;
    if body.op_name(broadcast) != BroadcastInDimOp::DEF.name {
        return None;
    }
    let source = constant_value(body, body.operand(broadcast, 0)).and_then(|a| ctx.as_dense(a))?;
    let count = ctx.as_tensor(ty)?.num_elements()?;
    if count == 0 || !(source.splat || source.len(ctx) == 1) {
        return None;
    }
    let element = source.get(ctx, 0)?;
    DenseElements::from_scalars(ctx, ty, &[element]).ok()
}

/// Creates, before `anchor`, the ops that produce `literal`: a splat of rank 1 or more as a
/// 0-d `hlo.constant` and an `hlo.broadcast_in_dim`, anything else as one `hlo.constant`.
/// Returns the value of the literal's type.
pub(super) fn materialize_literal(rewriter: &mut Rewriter, anchor: OpId, literal: DenseElements) -> Option<ValueId> {
    let ctx = rewriter.body.ctx();
    let location = rewriter.body.op(anchor).location;
    let tensor = ctx.as_tensor(literal.ty)?;
    let ty = literal.ty;
    let constant = |literal: DenseElements| {
        let mut state = OpState::new(ctx.symbol(ConstantOp::DEF.name), location);
        state.result_types = vec![literal.ty];
        state.set_attr(ctx.symbol("value"), ctx.dense_attr(literal));
        state
    };
    if !(literal.splat && !tensor.dims.is_empty()) {
        let op = rewriter.create_before(anchor, constant(literal));
        return Some(rewriter.body.result(op, 0));
    }
    let element = literal.get(ctx, 0)?;
    let scalar = DenseElements::from_scalars(ctx, ctx.tensor_type(&[], tensor.element), &[element]).ok()?;
    let scalar = rewriter.create_before(anchor, constant(scalar));
    let mut broadcast = OpState::new(ctx.symbol(BroadcastInDimOp::DEF.name), location);
    broadcast.operands = vec![rewriter.body.result(scalar, 0)];
    broadcast.result_types = vec![ty];
    broadcast.set_attr(ctx.symbol("broadcast_dimensions"), ctx.i64_array_attr(&[]));
    let broadcast = rewriter.create_before(anchor, broadcast);
    Some(rewriter.body.result(broadcast, 0))
}
