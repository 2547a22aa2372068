//! Element type conversions: chains through a type that loses nothing. A conversion to its
//! operand's type is the `convert-identity` pattern of `hlo.convert_element_type`, which
//! simplify applies through [`crate::dialect_rewrites`].

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_interp::ElementType;
use xla_ir::FloatKind;

use super::{Rhs, Rule, RuleCx};
use crate::language::HloNode;

pub static RULES: &[Rule] = &[
    // convert(convert(x : A) : B) : C => convert(x) : C  when every A is exactly a B
    Rule { name: "convert-convert", identity: "convert(convert(x : A) : B) : C => convert(x : A) : C when A -> B is exact", exact: true, root: HloOpKind::ConvertElementType, apply: convert_convert },
];

/// Significand bits (with the implicit bit) and exponent range of the float formats whose
/// exactness this rule knows; others are never called exact.
fn float_format(kind: FloatKind) -> Option<(u32, i32, i32)> {
    Some(match kind {
        FloatKind::F16 => (11, -14, 15),
        FloatKind::BF16 => (8, -126, 127),
        FloatKind::F32 => (24, -126, 127),
        FloatKind::F64 => (53, -1022, 1023),
        _ => return None,
    })
}

/// Whether converting any value of `from` to `to` is exact (so converting back, or on to a
/// third type, gives what converting directly would).
pub fn exact_conversion(from: ElementType, to: ElementType) -> bool {
    match (from, to) {
        (a, b) if a == b => true,
        (ElementType::Pred, ElementType::Int { .. } | ElementType::Float(_)) => true,
        (ElementType::Int { bits: a, signed: sa }, ElementType::Int { bits: b, signed: sb }) => {
            (sa == sb && b >= a) || (!sa && sb && b > a)
        }
        (ElementType::Int { bits, signed }, ElementType::Float(kind)) => {
            float_format(kind).is_some_and(|(significand, _, _)| bits - u32::from(signed) <= significand)
        }
        (ElementType::Float(a), ElementType::Float(b)) => match (float_format(a), float_format(b)) {
            (Some((pa, mina, maxa)), Some((pb, minb, maxb))) => pb >= pa && minb <= mina && maxb >= maxa,
            _ => false,
        },
        _ => false,
    }
}

fn convert_convert(cx: &RuleCx, _: Id, node: &HloNode) -> Option<Rhs> {
    let middle = *node.children.first()?;
    let inner = cx.node(middle, HloOpKind::ConvertElementType)?;
    let x = *inner.children.first()?;
    if !exact_conversion(cx.element(x)?, cx.element(middle)?) {
        return None;
    }
    if cx.ty(x) == node.ty {
        return Some(Rhs::Class(x));
    }
    Some(Rhs::like(node, vec![Rhs::Class(x)]))
}
