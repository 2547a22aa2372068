//! Slices, pads and concatenations: slices of slices and of concatenations, pads of pads,
//! concatenations of adjacent slices.
//!
//! All of these only move elements, so every rule here is exact in every element type. A
//! slice or pad that keeps every element is the `slice-identity` or `pad-identity` pattern
//! of its op, which simplify applies through [`crate::dialect_rewrites`].

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_ir::{AttrData, Attribute};

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // slice(slice(x, s1, _, t1), s2, _, t2) => slice(x, s1 + s2*t1, _, t1*t2)
    Rule { name: "slice-slice", identity: "slice(slice(x, s1, t1), s2, t2) => slice(x, s1 + s2*t1, t1*t2)", exact: true, root: HloOpKind::Slice, apply: slice_slice },
    // slice(concatenate(a, b, ...)) within one operand => slice(that operand)
    Rule { name: "slice-concatenate", identity: "slice(concat(.., a, ..)) => slice(a) when the slice lies within a", exact: true, root: HloOpKind::Slice, apply: slice_concatenate },
    // pad(pad(x, v, l1, h1, i), v, l2, h2, 0) => pad(x, v, l1+l2, h1+h2, i)  (no negative padding)
    Rule { name: "pad-pad", identity: "pad(pad(x, v, l1, h1, i), v, l2, h2, 0) => pad(x, v, l1+l2, h1+h2, i)", exact: true, root: HloOpKind::Pad, apply: pad_pad },
    // concatenate(.., slice(x, [a, b)), slice(x, [b, c)), ..) => concatenate(.., slice(x, [a, c)), ..)
    Rule { name: "concatenate-adjacent-slices", identity: "concat(slice(x, a..b), slice(x, b..c)) => slice(x, a..c)", exact: true, root: HloOpKind::Concatenate, apply: concatenate_adjacent_slices },
];

struct Slice {
    start: Vec<i64>,
    limit: Vec<i64>,
    strides: Vec<i64>,
}

fn slice_of(cx: &RuleCx, node: &HloNode) -> Option<Slice> {
    Some(Slice {
        start: node.ints(cx.ctx, "start_indices")?,
        limit: node.ints(cx.ctx, "limit_indices")?,
        strides: node.ints(cx.ctx, "strides")?,
    })
}

/// `node` as a slice of `x` with `slice`'s bounds.
fn slice_node(cx: &RuleCx, node: &HloNode, x: Id, slice: &Slice) -> Rhs {
    let node = node
        .with_attr(cx.ctx, "start_indices", cx.ints(&slice.start))
        .with_attr(cx.ctx, "limit_indices", cx.ints(&slice.limit))
        .with_attr(cx.ctx, "strides", cx.ints(&slice.strides));
    Rhs::like(&node, vec![Rhs::Class(x)])
}

/// The limit of a slice that starts at `start` and takes `n` elements `stride` apart.
fn limit_for(start: i64, n: i64, stride: i64) -> i64 {
    if n == 0 {
        start
    } else {
        start + (n - 1) * stride + 1
    }
}

fn slice_slice(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let outer = slice_of(cx, node)?;
    let inner_node = cx.node(*node.children.first()?, HloOpKind::Slice)?;
    let inner = slice_of(cx, inner_node)?;
    let x = *inner_node.children.first()?;
    let shape = crate::analysis::plain_shape(cx.ctx, node.ty)?;
    let rank = shape.len();
    if [&inner.start, &inner.strides, &outer.start, &outer.strides].iter().any(|v| v.len() != rank) {
        return None;
    }
    let start: Vec<i64> = (0..rank).map(|i| inner.start[i] + outer.start[i] * inner.strides[i]).collect();
    let strides: Vec<i64> = (0..rank).map(|i| inner.strides[i] * outer.strides[i]).collect();
    let limit: Vec<i64> = (0..rank).map(|i| limit_for(start[i], shape[i], strides[i])).collect();
    Some(slice_node(cx, node, x, &Slice { start, limit, strides }))
}

fn int_attr(cx: &RuleCx, attr: Attribute) -> Option<i64> {
    match cx.ctx.attr_data(attr) {
        AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

fn slice_concatenate(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let s = slice_of(cx, node)?;
    let shape = crate::analysis::plain_shape(cx.ctx, node.ty)?;
    let concat = cx.node(*node.children.first()?, HloOpKind::Concatenate)?;
    let d = usize::try_from(int_attr(cx, concat.attr(cx.ctx, "dimension")?)?).ok()?;
    let n = *shape.get(d)?;
    let first = *s.start.get(d)?;
    let last = first + (n - 1).max(0) * s.strides.get(d)?;
    let mut offset = 0;
    for &part in &concat.children {
        let size = *cx.shape(part)?.get(d)?;
        if first >= offset && last < offset + size && n > 0 {
            let mut start = s.start.clone();
            start[d] -= offset;
            let mut limit = s.limit.clone();
            limit[d] = limit_for(start[d], n, s.strides[d]);
            let sliced = Slice { start, limit, strides: s.strides.clone() };
            return Some(slice_node(cx, node, part, &sliced));
        }
        offset += size;
    }
    None
}

fn pad_pad(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [inner_id, value] = node.children[..] else { return None };
    let inner = cx.node(inner_id, HloOpKind::Pad)?;
    let [x, inner_value] = inner.children[..] else { return None };
    if !cx.same(value, inner_value) {
        return None;
    }
    let ints = |n: &HloNode, name| n.ints(cx.ctx, name);
    let (l1, h1, i1) = (ints(inner, "edge_padding_low")?, ints(inner, "edge_padding_high")?, ints(inner, "interior_padding")?);
    let (l2, h2, i2) = (ints(node, "edge_padding_low")?, ints(node, "edge_padding_high")?, ints(node, "interior_padding")?);
    let non_negative = [&l1, &h1, &l2, &h2].iter().all(|v| v.iter().all(|&p| p >= 0));
    if !non_negative || i2.iter().any(|&p| p != 0) || l1.len() != l2.len() || h1.len() != h2.len() {
        return None;
    }
    let add = |a: &[i64], b: &[i64]| -> Vec<i64> { a.iter().zip(b).map(|(x, y)| x + y).collect() };
    let merged = node
        .with_attr(cx.ctx, "edge_padding_low", cx.ints(&add(&l1, &l2)))
        .with_attr(cx.ctx, "edge_padding_high", cx.ints(&add(&h1, &h2)))
        .with_attr(cx.ctx, "interior_padding", cx.ints(&i1));
    Some(Rhs::like(&merged, vec![Rhs::Class(x), Rhs::Class(value)]))
}

fn concatenate_adjacent_slices(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let d = usize::try_from(int_attr(cx, node.attr(cx.ctx, "dimension")?)?).ok()?;
    for k in 0..node.children.len().saturating_sub(1) {
        let (a, b) = (node.children[k], node.children[k + 1]);
        for left in cx.nodes(a, HloOpKind::Slice) {
            for right in cx.nodes(b, HloOpKind::Slice) {
                let (x, y) = (*left.children.first()?, *right.children.first()?);
                let (l, r) = (slice_of(cx, left)?, slice_of(cx, right)?);
                let unit = l.strides.iter().chain(&r.strides).all(|&s| s == 1);
                let rank = l.start.len();
                let others_agree = (0..rank).all(|i| i == d || (l.start[i] == r.start[i] && l.limit[i] == r.limit[i]));
                if !cx.same(x, y) || !unit || !others_agree || d >= rank || l.limit[d] != r.start[d] {
                    continue;
                }
                let mut limit = l.limit.clone();
                limit[d] = r.limit[d];
                let mut shape = cx.shape(a)?;
                shape[d] += cx.shape(b)?[d];
                let merged_ty = cx.tensor_like(a, &shape);
                let merged = slice_node(cx, &left.with_type(merged_ty), x, &Slice { start: l.start.clone(), limit, strides: l.strides.clone() });
                if node.children.len() == 2 {
                    return (merged_ty == node.ty).then_some(merged);
                }
                let mut children: Vec<Rhs> = node.children.iter().map(|c| Rhs::Class(*c)).collect();
                children.splice(k..k + 2, [merged]);
                return Some(Rhs::like(node, children));
            }
        }
    }
    None
}
