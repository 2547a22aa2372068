//! `dot_general`: transposes of operands folded into the dimension numbers, products with
//! zeros.

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_ir::dense::Scalar;

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // dot_general(transpose(a, p), b) => dot_general(a, b) with lhs dims mapped through p
    // (when the free dims of a keep their order)
    Rule { name: "dot-transpose-lhs", identity: "dot(transpose(a, p), b) => dot(a, b) with lhs dims d -> p[d]", exact: true, root: HloOpKind::DotGeneral, apply: dot_transpose_lhs },
    // dot_general(a, transpose(b, p)) => dot_general(a, b) with rhs dims mapped through p
    Rule { name: "dot-transpose-rhs", identity: "dot(a, transpose(b, p)) => dot(a, b) with rhs dims d -> p[d]", exact: true, root: HloOpKind::DotGeneral, apply: dot_transpose_rhs },
    // dot_general(x, 0) => 0   (integers; for floats, inf * 0 is NaN: see fast-math)
    Rule { name: "dot-zero-int", identity: "dot(x, 0) => 0, dot(0, x) => 0 (integers)", exact: true, root: HloOpKind::DotGeneral, apply: dot_zero_int },
];

/// The dimension numbers of one side mapped through the permutation of a transpose of that
/// side, or `None` when the free dimensions would change order.
fn mapped(batching: &[i64], contracting: &[i64], p: &[i64]) -> Option<(Vec<i64>, Vec<i64>)> {
    let map = |d: &i64| usize::try_from(*d).ok().and_then(|d| p.get(d).copied());
    let batch: Vec<i64> = batching.iter().map(map).collect::<Option<_>>()?;
    let contract: Vec<i64> = contracting.iter().map(map).collect::<Option<_>>()?;
    let free: Vec<i64> = (0..p.len() as i64).filter(|d| !batching.contains(d) && !contracting.contains(d)).map(|d| p[d as usize]).collect();
    free.windows(2).all(|w| w[0] < w[1]).then_some((batch, contract))
}

fn fold_transpose(cx: &RuleCx, node: &HloNode, side: usize) -> Option<Rhs> {
    let prefix = if side == 0 { "lhs" } else { "rhs" };
    let operand = *node.children.get(side)?;
    let transpose = cx.node(operand, HloOpKind::Transpose)?;
    let p = transpose.ints(cx.ctx, "permutation")?;
    let batching = node.ints(cx.ctx, &format!("{prefix}_batching_dims"))?;
    let contracting = node.ints(cx.ctx, &format!("{prefix}_contracting_dims"))?;
    let (batch, contract) = mapped(&batching, &contracting, &p)?;
    let folded = node
        .with_attr(cx.ctx, &format!("{prefix}_batching_dims"), cx.ints(&batch))
        .with_attr(cx.ctx, &format!("{prefix}_contracting_dims"), cx.ints(&contract));
    let mut children: Vec<Rhs> = node.children.iter().map(|c| Rhs::Class(*c)).collect();
    children[side] = Rhs::Class(*transpose.children.first()?);
    Some(Rhs::like(&folded, children))
}

fn dot_transpose_lhs(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    fold_transpose(cx, node, 0)
}

fn dot_transpose_rhs(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    fold_transpose(cx, node, 1)
}

fn dot_zero_int(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    (cx.is_integral(a) && (cx.is_zero(a, true, true) || cx.is_zero(b, true, true))).then_some(())?;
    cx.splat(node.ty, Scalar::Int(0))
}
