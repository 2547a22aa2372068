//! Named rewrite rules over the e-graph, one file per family.
//!
//! A rule is a name, the identity it applies (a comment in the table, shown by
//! `docs/simplify.md`), whether it is exact, the kind of op it is rooted at, and a function
//! from a matched node (in its e-class) to the right-hand side ([`Rhs`]): an existing
//! e-class or new nodes over existing e-classes. Rules recognize and build nodes by op kind
//! ([`HloOpKind`]), never by name. The runner ([`crate::runner`]) adds the right-hand
//! side and unions it with the matched node under the rule's name, so egg's explanations
//! name the rules that proved a replacement.
//!
//! Invariants:
//! - A rule reads the e-graph and never changes it; only the runner adds and unions.
//! - A rule builds nodes with the right result types; the runner unions only classes of
//!   equal type and drops a right-hand side of another type.
//! - Rules that are not exact in floating point (`exact: false`: reassociation,
//!   distribution, dropping `+0.0`, `log(exp x)`) run only with the `fast-math` option.
//! - No blanket commutativity or associativity: rules that care about operand order try
//!   both orders themselves.
//! - No rule restates an identity of one op that the op's folder or one of its
//!   canonicalization patterns implements: the runner applies those from the dialect
//!   ([`crate::dialect_rewrites`]).

pub mod convert;
pub mod dot;
pub mod fast_math;
pub mod identities;
pub mod reduce;
pub mod shapes;
pub mod slicing;

use std::rc::Rc;

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_interp::{ElementType, Literal};
use xla_ir::dense::Scalar;
use xla_ir::{Attribute, Context, Type};

use crate::analysis::{plain_shape, HloEGraph};
use crate::language::HloNode;

/// The right-hand side of a rule.
#[derive(Clone, Debug)]
pub enum Rhs {
    /// An existing e-class.
    Class(Id),
    /// A node whose children are the given right-hand sides (the node's own children are
    /// replaced by them when it is added).
    Node(HloNode, Vec<Rhs>),
}

impl Rhs {
    /// A new node of op `kind` without attributes.
    pub fn op(ctx: &Context, kind: HloOpKind, ty: Type, children: Vec<Rhs>) -> Rhs {
        Rhs::Node(HloNode::op(ctx, kind, ty, Vec::new(), Vec::new()), children)
    }

    /// `node` with new children.
    pub fn like(node: &HloNode, children: Vec<Rhs>) -> Rhs {
        Rhs::Node(node.with_children(Vec::new()), children)
    }
}

/// What a rule's function gets: the e-graph (read-only) and the `Context`.
pub struct RuleCx<'a, 'c> {
    pub egraph: &'a HloEGraph<'c>,
    pub ctx: &'c Context,
}

/// A rule; see the module documentation.
pub struct Rule {
    pub name: &'static str,
    /// The identity, as `docs/simplify.md` lists it: `x + 0 => x`.
    pub identity: &'static str,
    /// Exact in every element type (otherwise only with `fast-math`).
    pub exact: bool,
    /// The kind of op the matched node has.
    pub root: HloOpKind,
    pub apply: fn(&RuleCx, Id, &HloNode) -> Option<Rhs>,
}

/// Every rule, family by family.
pub fn all() -> Vec<&'static Rule> {
    let mut rules: Vec<&'static Rule> = Vec::new();
    for family in [
        identities::RULES,
        shapes::RULES,
        slicing::RULES,
        convert::RULES,
        dot::RULES,
        reduce::RULES,
        fast_math::RULES,
    ] {
        rules.extend(family.iter());
    }
    rules
}

impl<'a, 'c> RuleCx<'a, 'c> {
    /// The type of class `id`.
    pub fn ty(&self, id: Id) -> Type {
        self.egraph[id].data.ty
    }

    /// The constant value of class `id`, when known.
    pub fn constant(&self, id: Id) -> Option<&Rc<Literal>> {
        self.egraph[id].data.constant.as_ref()
    }

    /// The element type of class `id`.
    pub fn element(&self, id: Id) -> Option<ElementType> {
        ElementType::of(self.ctx, self.ctx.element_type(self.ty(id)))
    }

    /// Whether class `id` holds integers (not predicates).
    pub fn is_integer(&self, id: Id) -> bool {
        self.element(id).is_some_and(|e| matches!(e, ElementType::Int { .. }))
    }

    /// Whether class `id` holds integers or predicates: exact arithmetic, no NaN.
    pub fn is_integral(&self, id: Id) -> bool {
        self.element(id).is_some_and(|e| matches!(e, ElementType::Int { .. } | ElementType::Pred))
    }

    /// Whether class `id` holds unsigned integers.
    pub fn is_unsigned(&self, id: Id) -> bool {
        self.element(id).is_some_and(|e| matches!(e, ElementType::Int { signed: false, .. }))
    }

    /// Whether class `id` holds floats.
    pub fn is_float(&self, id: Id) -> bool {
        self.element(id).is_some_and(|e| e.is_float())
    }

    /// Whether class `id` is a constant whose every element satisfies `f`.
    pub fn all_elements(&self, id: Id, f: impl Fn(Scalar) -> bool) -> bool {
        self.constant(id).is_some_and(|l| !l.is_empty() && (0..l.len()).all(|i| f(l.get(i))))
    }

    /// Whether class `id` is a constant of zeros (`-0.0` counts when `negative_zero`
    /// does, `+0.0` when `positive_zero` does).
    pub fn is_zero(&self, id: Id, positive_zero: bool, negative_zero: bool) -> bool {
        self.all_elements(id, |s| match s {
            Scalar::Int(v) => v == 0,
            Scalar::Float(f) => f == 0.0 && if f.is_sign_negative() { negative_zero } else { positive_zero },
            Scalar::Complex(..) => false,
        })
    }

    /// Whether class `id` is a constant of elements equal to `value` (ints and floats).
    pub fn is_value(&self, id: Id, value: i64) -> bool {
        self.all_elements(id, |s| match s {
            Scalar::Int(v) => v == value as i128,
            Scalar::Float(f) => f == value as f64,
            Scalar::Complex(..) => false,
        })
    }

    /// The nodes of class `id` that are ops of kind `kind`.
    pub fn nodes(&self, id: Id, kind: HloOpKind) -> impl Iterator<Item = &HloNode> {
        self.egraph[id].nodes.iter().filter(move |n| n.is(kind))
    }

    /// The first node of class `id` that is an op of kind `kind`.
    pub fn node(&self, id: Id, kind: HloOpKind) -> Option<&HloNode> {
        self.egraph[id].nodes.iter().find(|n| n.is(kind))
    }

    /// Whether two classes are one.
    pub fn same(&self, a: Id, b: Id) -> bool {
        self.egraph.find(a) == self.egraph.find(b)
    }

    /// The static shape of class `id` (tensors without layouts).
    pub fn shape(&self, id: Id) -> Option<Vec<i64>> {
        plain_shape(self.ctx, self.ty(id))
    }

    /// `array<i64: ...>`.
    pub fn ints(&self, values: &[i64]) -> Attribute {
        self.ctx.i64_array_attr(values)
    }

    /// A tensor type of `shape` with the element type of class `like`.
    pub fn tensor_like(&self, like: Id, shape: &[i64]) -> Type {
        self.ctx.tensor_type(shape, self.ctx.element_type(self.ty(like)))
    }

    /// The splat constant of type `ty` whose elements are `value`.
    pub fn splat(&self, ty: Type, value: Scalar) -> Option<Rhs> {
        let element = ElementType::of(self.ctx, self.ctx.element_type(ty))?;
        let shape = plain_shape(self.ctx, ty)?;
        let literal = Literal::splat(element, shape, value);
        let node = self.egraph.analysis.constant_node(&literal, ty)?;
        Some(Rhs::Node(node, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rule_names_are_unique_and_kebab_case() {
        let rules = super::all();
        let mut names: Vec<&str> = rules.iter().map(|r| r.name).collect();
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')));
        names.sort();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "two rules share a name");
        assert!(rules.iter().all(|r| r.identity.contains("=>")));
    }
}

#[cfg(test)]
mod docs {
    /// docs/simplify.md lists every rule, so the table cannot fall behind the code.
    #[test]
    fn docs_list_every_rule() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/simplify.md");
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for rule in super::all() {
            assert!(text.contains(&format!("| `{}` |", rule.name)), "docs/simplify.md does not list rule '{}'", rule.name);
        }
    }
}
