//! Rules that are not exact in floating point, off unless the `fast-math` option turns
//! them on: signed zeros, NaN and infinity cases, rounding of reassociated or distributed
//! arithmetic.

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_ir::dense::Scalar;

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // x + 0.0 => x   (wrong for x = -0.0)
    Rule { name: "add-positive-zero", identity: "x + 0.0 => x (floats; -0.0 + 0.0 is +0.0)", exact: false, root: HloOpKind::Add, apply: add_positive_zero },
    // x * 0.0 => 0.0   (wrong for inf, NaN and negative x)
    Rule { name: "multiply-zero-float", identity: "x * 0.0 => 0.0 (floats; inf * 0 is NaN)", exact: false, root: HloOpKind::Multiply, apply: multiply_zero_float },
    // x - x => 0.0   (wrong for inf and NaN)
    Rule { name: "subtract-self-float", identity: "x - x => 0.0 (floats; inf - inf is NaN)", exact: false, root: HloOpKind::Subtract, apply: subtract_self_float },
    // dot(x, 0.0) => 0.0   (wrong for inf and NaN)
    Rule { name: "dot-zero-float", identity: "dot(x, 0.0) => 0.0 (floats)", exact: false, root: HloOpKind::DotGeneral, apply: dot_zero_float },
    // log(exp(x)) => x   (rounding, overflow)
    Rule { name: "log-of-exp", identity: "log(exp(x)) => x", exact: false, root: HloOpKind::Log, apply: log_of_exp },
    // exp(log(x)) => x   (rounding; NaN for x < 0)
    Rule { name: "exp-of-log", identity: "exp(log(x)) => x", exact: false, root: HloOpKind::Exponential, apply: exp_of_log },
    // 1 / (1 / x) => x   (rounding)
    Rule { name: "reciprocal-of-reciprocal", identity: "1 / (1 / x) => x", exact: false, root: HloOpKind::Divide, apply: reciprocal_of_reciprocal },
    // (x + y) + z => x + (y + z)   (rounding)
    Rule { name: "reassociate-add", identity: "(x + y) + z => x + (y + z)", exact: false, root: HloOpKind::Add, apply: reassociate_add },
    // x * y + x * z => x * (y + z)   (rounding)
    Rule { name: "factor-multiply", identity: "x * y + x * z => x * (y + z)", exact: false, root: HloOpKind::Add, apply: factor_multiply },
];

fn add_positive_zero(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    if cx.is_float(b) && cx.is_zero(b, true, true) {
        return Some(Rhs::Class(a));
    }
    (cx.is_float(a) && cx.is_zero(a, true, true)).then_some(Rhs::Class(b))
}

fn multiply_zero_float(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    (cx.is_float(a) && (cx.is_zero(a, true, true) || cx.is_zero(b, true, true))).then_some(())?;
    cx.splat(node.ty, Scalar::Float(0.0))
}

fn subtract_self_float(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    (cx.is_float(a) && cx.same(a, b)).then_some(())?;
    cx.splat(node.ty, Scalar::Float(0.0))
}

fn dot_zero_float(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    (cx.is_float(a) && (cx.is_zero(a, true, true) || cx.is_zero(b, true, true))).then_some(())?;
    cx.splat(node.ty, Scalar::Float(0.0))
}

fn inverse(cx: &RuleCx, node: &HloNode, inner: HloOpKind) -> Option<Rhs> {
    let x = *cx.node(*node.children.first()?, inner)?.children.first()?;
    (cx.ty(x) == node.ty).then_some(Rhs::Class(x))
}

fn log_of_exp(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    inverse(cx, node, HloOpKind::Exponential)
}

fn exp_of_log(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    inverse(cx, node, HloOpKind::Log)
}

fn reciprocal_of_reciprocal(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [one, d] = node.children[..] else { return None };
    (cx.is_float(one) && cx.is_value(one, 1)).then_some(())?;
    for inner in cx.nodes(d, HloOpKind::Divide) {
        let [one2, x] = inner.children[..] else { continue };
        if cx.is_value(one2, 1) && cx.ty(x) == node.ty {
            return Some(Rhs::Class(x));
        }
    }
    None
}

fn reassociate_add(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [left, z] = node.children[..] else { return None };
    let inner = cx.node(left, HloOpKind::Add)?;
    let [x, y] = inner.children[..] else { return None };
    // Only when every operand has the result's type: no implicit broadcasting moves.
    (cx.ty(x) == node.ty && cx.ty(y) == node.ty && cx.ty(z) == node.ty).then_some(())?;
    let sum = Rhs::like(node, vec![Rhs::Class(y), Rhs::Class(z)]);
    Some(Rhs::like(node, vec![Rhs::Class(x), sum]))
}

fn factor_multiply(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let [a, b] = node.children[..] else { return None };
    for p in cx.nodes(a, HloOpKind::Multiply) {
        for q in cx.nodes(b, HloOpKind::Multiply) {
            let (&[x, y], &[x2, z]) = (&p.children[..], &q.children[..]) else { continue };
            let types_agree = [x, y, z].iter().all(|c| cx.ty(*c) == node.ty);
            if cx.same(x, x2) && types_agree {
                let sum = Rhs::like(node, vec![Rhs::Class(y), Rhs::Class(z)]);
                return Some(Rhs::like(p, vec![Rhs::Class(x), sum]));
            }
        }
    }
    None
}
