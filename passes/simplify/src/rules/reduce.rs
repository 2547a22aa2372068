//! `hlo.reduce` whose reducer is one binary op ([`crate::to_egraph`] models those, naming the
//! op's kind in the node's [`HloNode::reducer`]): reductions of broadcasts and of reshapes.

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_interp::Literal;

use super::{Rhs, Rule, RuleCx};
use crate::language::{HloNode, Reducer};

pub static RULES: &[Rule] = &[
    // reduce(broadcast_in_dim(x, d), init, op) over the broadcast dims => op(x, init)  (op idempotent: max, min, and, or)
    Rule { name: "reduce-of-broadcast", identity: "reduce_op(broadcast(x), init) over the new dims => op(x, init) for max/min/and/or", exact: true, root: HloOpKind::Reduce, apply: reduce_of_broadcast },
    // reduce_add(broadcast_in_dim(x, d), init) over the broadcast dims => x * n + init  (integers)
    Rule { name: "reduce-add-of-broadcast-int", identity: "reduce_add(broadcast(x), init) over n new elements => x * n + init (integers)", exact: true, root: HloOpKind::Reduce, apply: reduce_add_of_broadcast_int },
    // reduce(reshape(x), init) over every dim => reduce(x, init) over every dim  (same row-major order)
    Rule { name: "reduce-of-reshape", identity: "reduce(reshape(x)) over all dims => reduce(x) over all dims", exact: true, root: HloOpKind::Reduce, apply: reduce_of_reshape },
];

/// Whether a reduction by `reducer` of one value repeated gives that value: the idempotent
/// reducers, for which `op(x, x) == x`.
fn is_idempotent(reducer: HloOpKind) -> bool {
    matches!(reducer, HloOpKind::Maximum | HloOpKind::Minimum | HloOpKind::And | HloOpKind::Or)
}

/// The operand, init and broadcast operand of a reduce of a broadcast over exactly the
/// dimensions the broadcast added (kept ones in order), and the number of elements each
/// result element reduces.
fn of_broadcast(cx: &RuleCx, node: &HloNode) -> Option<(Id, Id, i64)> {
    let [input, init] = node.children[..] else { return None };
    let broadcast = cx.node(input, HloOpKind::BroadcastInDim)?;
    let x = *broadcast.children.first()?;
    let kept = broadcast.ints(cx.ctx, "broadcast_dimensions")?;
    let reduced = node.ints(cx.ctx, "dimensions")?;
    let shape = cx.shape(input)?;
    let complement: Vec<i64> = (0..shape.len() as i64).filter(|d| !kept.contains(d)).collect();
    let mut sorted = reduced.clone();
    sorted.sort_unstable();
    let increasing = kept.windows(2).all(|w| w[0] < w[1]);
    (sorted == complement && increasing && cx.ty(x) == node.ty).then_some(())?;
    let count = complement.iter().map(|&d| shape[d as usize]).product();
    Some((x, init, count))
}

fn reduce_of_broadcast(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let Reducer(op) = node.reducer?;
    is_idempotent(op).then_some(())?;
    let (x, init, count) = of_broadcast(cx, node)?;
    (count > 0).then_some(())?;
    Some(Rhs::op(cx.ctx, op, node.ty, vec![Rhs::Class(x), Rhs::Class(init)]))
}

fn reduce_add_of_broadcast_int(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    (node.reducer? == Reducer(HloOpKind::Add)).then_some(())?;
    let (x, init, count) = of_broadcast(cx, node)?;
    cx.is_integer(x).then_some(())?;
    let element = cx.element(x)?;
    let scalar_ty = cx.tensor_like(x, &[]);
    let n = Literal::scalar(element, xla_ir::dense::Scalar::Int(element.wrap(i128::from(count))));
    let n = Rhs::Node(cx.egraph.analysis.constant_node(&n, scalar_ty)?, Vec::new());
    let product = Rhs::op(cx.ctx, HloOpKind::Multiply, node.ty, vec![Rhs::Class(x), n]);
    Some(Rhs::op(cx.ctx, HloOpKind::Add, node.ty, vec![product, Rhs::Class(init)]))
}

fn reduce_of_reshape(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [input, init] = node.children[..] else { return None };
    let reshape = cx.node(input, HloOpKind::Reshape)?;
    let x = *reshape.children.first()?;
    let rank = cx.shape(input)?.len() as i64;
    let mut reduced = node.ints(cx.ctx, "dimensions")?;
    reduced.sort_unstable();
    (reduced == (0..rank).collect::<Vec<_>>()).then_some(())?;
    let all: Vec<i64> = (0..cx.shape(x)?.len() as i64).collect();
    let node = node.with_attr(cx.ctx, "dimensions", cx.ints(&all));
    Some(Rhs::like(&node, vec![Rhs::Class(x), Rhs::Class(init)]))
}
