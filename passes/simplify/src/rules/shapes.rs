//! Chains of shape ops merged or cancelled: reshape, transpose and broadcast_in_dim.
//!
//! All of these only move elements, so every rule here is exact in every element type. A
//! reshape to its operand's type is the `reshape-identity` pattern of `hlo.reshape`, which
//! simplify applies through [`crate::dialect_rewrites`]. `reshape-reshape` is the e-graph's
//! form of that op's `reshape-of-reshape` pattern: a pattern over two ops applies to IR
//! only, and both passes need the identity.

use egg::Id;

use xla_dialects::hlo::HloOpKind;

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // reshape(reshape(x)) => reshape(x)
    Rule { name: "reshape-reshape", identity: "reshape(reshape(x)) => reshape(x)", exact: true, root: HloOpKind::Reshape, apply: reshape_reshape },
    // transpose(x, identity) => x
    Rule { name: "transpose-identity", identity: "transpose(x, [0, 1, ...]) => x", exact: true, root: HloOpKind::Transpose, apply: transpose_identity },
    // transpose(transpose(x, p), q) => transpose(x, p∘q)
    Rule { name: "transpose-transpose", identity: "transpose(transpose(x, p), q) => transpose(x, [p[q[i]]])", exact: true, root: HloOpKind::Transpose, apply: transpose_transpose },
    // broadcast_in_dim(x, [0, 1, ...]) : type(x) => x
    Rule { name: "broadcast-identity", identity: "broadcast_in_dim(x, [0, 1, ...]) => x when the types agree", exact: true, root: HloOpKind::BroadcastInDim, apply: broadcast_identity },
    // broadcast_in_dim(broadcast_in_dim(x, d), e) => broadcast_in_dim(x, [e[d[i]]])
    Rule { name: "broadcast-broadcast", identity: "broadcast_in_dim(broadcast_in_dim(x, d), e) => broadcast_in_dim(x, [e[d[i]]])", exact: true, root: HloOpKind::BroadcastInDim, apply: broadcast_broadcast },
    // reshape(broadcast_in_dim(s, [])) => broadcast_in_dim(s, [])  (s is 0-d)
    Rule { name: "reshape-of-scalar-broadcast", identity: "reshape(broadcast_in_dim(s, [])) => broadcast_in_dim(s, []) for a 0-d s", exact: true, root: HloOpKind::Reshape, apply: reshape_of_scalar_broadcast },
];

fn operand(node: &HloNode) -> Option<Id> {
    node.children.first().copied()
}

fn reshape_reshape(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let inner = cx.node(operand(node)?, HloOpKind::Reshape)?;
    let x = operand(inner)?;
    if cx.ty(x) == node.ty {
        return Some(Rhs::Class(x));
    }
    Some(Rhs::like(node, vec![Rhs::Class(x)]))
}

fn is_identity(p: &[i64]) -> bool {
    p.iter().enumerate().all(|(i, &d)| d == i as i64)
}

fn transpose_identity(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let x = operand(node)?;
    (is_identity(&node.ints(cx.ctx, "permutation")?) && cx.ty(x) == node.ty).then_some(Rhs::Class(x))
}

fn transpose_transpose(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let q = node.ints(cx.ctx, "permutation")?;
    let inner = cx.node(operand(node)?, HloOpKind::Transpose)?;
    let p = inner.ints(cx.ctx, "permutation")?;
    let x = operand(inner)?;
    let composed: Vec<i64> = q.iter().map(|&i| usize::try_from(i).ok().and_then(|i| p.get(i).copied())).collect::<Option<_>>()?;
    if is_identity(&composed) && cx.ty(x) == node.ty {
        return Some(Rhs::Class(x));
    }
    let node = node.with_attr(cx.ctx, "permutation", cx.ints(&composed));
    Some(Rhs::like(&node, vec![Rhs::Class(x)]))
}

fn broadcast_identity(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let x = operand(node)?;
    (is_identity(&node.ints(cx.ctx, "broadcast_dimensions")?) && cx.ty(x) == node.ty).then_some(Rhs::Class(x))
}

fn broadcast_broadcast(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let e = node.ints(cx.ctx, "broadcast_dimensions")?;
    let inner = cx.node(operand(node)?, HloOpKind::BroadcastInDim)?;
    let d = inner.ints(cx.ctx, "broadcast_dimensions")?;
    let x = operand(inner)?;
    let composed: Vec<i64> = d.iter().map(|&i| usize::try_from(i).ok().and_then(|i| e.get(i).copied())).collect::<Option<_>>()?;
    let node = node.with_attr(cx.ctx, "broadcast_dimensions", cx.ints(&composed));
    Some(Rhs::like(&node, vec![Rhs::Class(x)]))
}

fn reshape_of_scalar_broadcast(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let inner = cx.node(operand(node)?, HloOpKind::BroadcastInDim)?;
    let s = operand(inner)?;
    (cx.shape(s)?.is_empty() && crate::analysis::plain_shape(cx.ctx, node.ty).is_some()).then_some(())?;
    let broadcast = inner.with_type(node.ty).with_attr(cx.ctx, "broadcast_dimensions", cx.ints(&[]));
    Some(Rhs::like(&broadcast, vec![Rhs::Class(s)]))
}
