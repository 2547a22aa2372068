//! Algebraic identities of elementwise ops: absorbing elements, equal operands,
//! involutions, negations, small integer powers.
//!
//! The neutral elements that give back an operand (`x + 0`, `x - 0`, `x * 1`, `x & ~0`,
//! `x | 0`) are the identities of the ops' folders, and selects with a constant predicate or
//! equal choices are canonicalization patterns of `hlo.select`: simplify applies those
//! through [`crate::dialect_rewrites`], so they are not restated here.
//!
//! Float caveats, which decide `exact`: `x + 0.0` is `+0.0` for `x = -0.0`, so only `-0.0`
//! is neutral for addition (`0 - x` is `-x` likewise only for `-0.0`, and `+0.0` is neutral
//! under fast-math, in [`super::fast_math`]); `x * 0` is `NaN` for infinite or NaN `x`, so
//! it is folded for integers only; `x - x` is `NaN` for infinities, likewise.

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_interp::ElementType;
use xla_ir::dense::Scalar;
use xla_ir::FloatKind;

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // x / 1 => x
    Rule { name: "divide-one", identity: "x / 1 => x", exact: true, root: HloOpKind::Divide, apply: divide_one },
    // x / 2^k => x * 2^-k   (2^-k exact in the type: both round the same real x / 2^k)
    Rule { name: "divide-power-of-two", identity: "x / 2^k => x * 2^-k", exact: true, root: HloOpKind::Divide, apply: divide_power_of_two },
    // x * 0 => 0   (integers only: inf * 0 is NaN)
    Rule { name: "multiply-zero-int", identity: "x * 0 => 0 (integers)", exact: true, root: HloOpKind::Multiply, apply: multiply_zero_int },
    // x - x => 0   (integers only: inf - inf is NaN)
    Rule { name: "subtract-self-int", identity: "x - x => 0 (integers)", exact: true, root: HloOpKind::Subtract, apply: subtract_self_int },
    // x ^ x => 0
    Rule { name: "xor-self", identity: "x ^ x => 0 (integers, predicates)", exact: true, root: HloOpKind::Xor, apply: xor_self },
    // max(x, x) => x
    Rule { name: "maximum-self", identity: "max(x, x) => x", exact: true, root: HloOpKind::Maximum, apply: same_operands },
    // min(x, x) => x
    Rule { name: "minimum-self", identity: "min(x, x) => x", exact: true, root: HloOpKind::Minimum, apply: same_operands },
    // x & x => x
    Rule { name: "and-self", identity: "x & x => x", exact: true, root: HloOpKind::And, apply: same_operands },
    // x | x => x
    Rule { name: "or-self", identity: "x | x => x", exact: true, root: HloOpKind::Or, apply: same_operands },
    // x & false => false  (predicates; x & true => x is the folder's)
    Rule { name: "and-constant", identity: "p & false => false", exact: true, root: HloOpKind::And, apply: and_constant },
    // x | true => true  (predicates; x | false => x is the folder's)
    Rule { name: "or-constant", identity: "p | true => true", exact: true, root: HloOpKind::Or, apply: or_constant },
    // -(-x) => x
    Rule { name: "negate-negate", identity: "-(-x) => x", exact: true, root: HloOpKind::Negate, apply: negate_negate },
    // not(not(x)) => x
    Rule { name: "not-not", identity: "not(not(x)) => x", exact: true, root: HloOpKind::Not, apply: not_not },
    // 0 - x => -x   (integers; floats only for -0.0 - x)
    Rule { name: "zero-minus", identity: "0 - x => -x", exact: true, root: HloOpKind::Subtract, apply: zero_minus },
    // x * -1 => -x
    Rule { name: "multiply-minus-one", identity: "x * -1 => -x, -1 * x => -x", exact: true, root: HloOpKind::Multiply, apply: multiply_minus_one },
    // -x * -y => x * y
    Rule { name: "negate-product", identity: "(-x) * (-y) => x * y", exact: true, root: HloOpKind::Multiply, apply: negate_product },
    // pow(x, 1) => x
    Rule { name: "power-one", identity: "pow(x, 1) => x", exact: true, root: HloOpKind::Power, apply: power_one },
    // pow(x, 2) => x * x   (x*x is the correctly rounded square)
    Rule { name: "power-two", identity: "pow(x, 2) => x * x", exact: true, root: HloOpKind::Power, apply: power_two },
    // pow(x, 0) => 1   (C's pow(NaN, 0) is 1 too)
    Rule { name: "power-zero", identity: "pow(x, 0) => 1", exact: true, root: HloOpKind::Power, apply: power_zero },
    // compare(x, x) => constant  (integers: EQ/GE/LE true, NE/GT/LT false)
    Rule { name: "compare-self-int", identity: "x == x => true, x < x => false, ... (integers)", exact: true, root: HloOpKind::Compare, apply: compare_self_int },
];

fn binary(node: &HloNode) -> Option<(Id, Id)> {
    match node.children[..] {
        [a, b] => Some((a, b)),
        _ => None,
    }
}

fn divide_one(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    cx.is_value(b, 1).then_some(Rhs::Class(a))
}

/// Division by a constant power of two as multiplication by its reciprocal, when the
/// reciprocal is representable in the element type (so `x * (1 / c)` and `x / c` are both
/// the correctly rounded `x / c`): a multiplication is cheap enough for fusion to clone
/// into every consumer (attention's `scores / sqrt(64)`).
fn divide_power_of_two(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    // The divisor is a constant, or a broadcast of a scalar constant (which the rewrite
    // keeps, broadcasting the reciprocal).
    let broadcast = cx.node(b, HloOpKind::BroadcastInDim).filter(|_| cx.constant(b).is_none());
    let splat = match broadcast {
        Some(bcast) => *bcast.children.first()?,
        None => b,
    };
    let first = match cx.constant(splat)?.get(0) {
        Scalar::Float(f) => f,
        _ => return None,
    };
    // A power of two is a normal f64 with no mantissa bits.
    let bits = first.abs().to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    if !first.is_normal() || bits & ((1 << 52) - 1) != 0 || cx.ty(a) != node.ty || !cx.all_elements(splat, |s| s == Scalar::Float(first)) {
        return None;
    }
    // The exponents of a power of two and of its reciprocal, subnormals included.
    let (lowest, highest) = match cx.element(b)? {
        ElementType::Float(FloatKind::F64) => (-1074, 1023),
        ElementType::Float(FloatKind::F32) => (-149, 127),
        ElementType::Float(FloatKind::BF16) => (-133, 127),
        ElementType::Float(FloatKind::F16) => (-24, 15),
        _ => return None,
    };
    (-exponent >= lowest && -exponent <= highest).then_some(())?;
    let reciprocal = cx.splat(cx.ty(splat), Scalar::Float(1.0 / first))?;
    let reciprocal = match broadcast {
        Some(bcast) => Rhs::like(bcast, vec![reciprocal]),
        None => reciprocal,
    };
    Some(Rhs::op(cx.ctx, HloOpKind::Multiply, node.ty, vec![Rhs::Class(a), reciprocal]))
}

fn zero_of(cx: &RuleCx, node: &HloNode) -> Option<Rhs> {
    cx.splat(node.ty, Scalar::Int(0))
}

fn multiply_zero_int(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_integral(a) && (cx.is_zero(a, true, true) || cx.is_zero(b, true, true))).then_some(())?;
    zero_of(cx, node)
}

fn subtract_self_int(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_integral(a) && cx.same(a, b)).then_some(())?;
    zero_of(cx, node)
}

fn xor_self(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_integral(a) && cx.same(a, b)).then_some(())?;
    zero_of(cx, node)
}

fn same_operands(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    cx.same(a, b).then_some(Rhs::Class(a))
}

fn is_pred(cx: &RuleCx, id: Id) -> bool {
    cx.element(id) == Some(xla_interp::ElementType::Pred)
}

fn and_constant(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (is_pred(cx, a) && (cx.is_value(a, 0) || cx.is_value(b, 0))).then_some(())?;
    cx.splat(node.ty, Scalar::Int(0))
}

fn or_constant(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (is_pred(cx, a) && (cx.is_value(a, 1) || cx.is_value(b, 1))).then_some(())?;
    cx.splat(node.ty, Scalar::Int(1))
}

fn negate_negate(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let inner = cx.node(*node.children.first()?, HloOpKind::Negate)?;
    Some(Rhs::Class(*inner.children.first()?))
}

fn not_not(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let inner = cx.node(*node.children.first()?, HloOpKind::Not)?;
    Some(Rhs::Class(*inner.children.first()?))
}

fn zero_minus(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    let zero = if cx.is_integral(a) { cx.is_zero(a, true, true) } else { cx.is_float(a) && cx.is_zero(a, false, true) };
    (zero && cx.ty(b) == node.ty && !cx.is_unsigned(b)).then_some(())?;
    Some(Rhs::op(cx.ctx, HloOpKind::Negate, node.ty, vec![Rhs::Class(b)]))
}

fn multiply_minus_one(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    for (x, c) in [(a, b), (b, a)] {
        if cx.is_value(c, -1) && cx.ty(x) == node.ty && (cx.is_float(x) || cx.is_integer(x)) {
            return Some(Rhs::op(cx.ctx, HloOpKind::Negate, node.ty, vec![Rhs::Class(x)]));
        }
    }
    None
}

fn negate_product(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    let x = *cx.node(a, HloOpKind::Negate)?.children.first()?;
    let y = *cx.node(b, HloOpKind::Negate)?.children.first()?;
    Some(Rhs::like(node, vec![Rhs::Class(x), Rhs::Class(y)]))
}

fn power_one(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    cx.is_value(b, 1).then_some(Rhs::Class(a))
}

fn power_two(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_value(b, 2) && cx.ty(a) == node.ty).then_some(())?;
    Some(Rhs::op(cx.ctx, HloOpKind::Multiply, node.ty, vec![Rhs::Class(a), Rhs::Class(a)]))
}

fn power_zero(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_value(b, 0) && (cx.is_float(a) || cx.is_integer(a))).then_some(())?;
    if cx.is_float(a) {
        cx.splat(node.ty, Scalar::Float(1.0))
    } else {
        cx.splat(node.ty, Scalar::Int(1))
    }
}

fn compare_self_int(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let (a, b) = binary(node)?;
    (cx.is_integral(a) && cx.same(a, b)).then_some(())?;
    let direction = node.attr(cx.ctx, "comparison_direction").and_then(|d| cx.ctx.as_string(d))?;
    let value = match direction {
        "EQ" | "GE" | "LE" => 1,
        "NE" | "GT" | "LT" => 0,
        _ => return None,
    };
    cx.splat(node.ty, Scalar::Int(value))
}
