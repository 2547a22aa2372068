//! The e-graph language of hlo dataflow: one node kind for every pure single-result op, and
//! leaves for everything the e-graph does not look into.
//!
//! A node is an op name (interned in the `Context`), a payload (the op's attributes as
//! interned ids, sorted by name, and its result type) and its children (egg `Id`s of the
//! operands' e-classes). `define_language!` cannot carry data beside children, so the
//! [`egg::Language`] implementation is written out here.
//!
//! Invariants:
//! - Two nodes are equal exactly when their ops, attributes, result types and children are:
//!   attributes and types are interned, so comparing ids compares structure.
//! - A [`NodeKind::Leaf`] stands for one IR value the e-graph does not model (a block
//!   argument, or a result of an op with regions, several results or side effects); it is
//!   written back as that very value, never rebuilt.
//! - Every node carries its result type, so an e-class's type is any of its nodes' types,
//!   and rules union only classes of equal type.

use std::fmt;
use std::rc::Rc;

use egg::Id;
use xla_ir::{Attribute, Context, Symbol, Type, ValueId};

/// What a node computes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum NodeKind {
    /// An op of that name (`hlo.add`), applied to the node's children.
    Op(Symbol),
    /// An IR value kept as it is.
    Leaf(ValueId),
}

/// One e-node: see the module documentation.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct HloNode {
    pub kind: NodeKind,
    /// The result type.
    pub ty: Type,
    /// The op's attributes, sorted by name (shared, since rules copy nodes often).
    pub attrs: Rc<[(Symbol, Attribute)]>,
    pub children: Vec<Id>,
}

impl HloNode {
    /// A node of op `name` with attributes `attrs` (sorted here) and result type `ty`.
    pub fn op(ctx: &Context, name: &str, ty: Type, mut attrs: Vec<(Symbol, Attribute)>, children: Vec<Id>) -> HloNode {
        attrs.sort_by(|a, b| ctx.symbol_str(a.0).cmp(ctx.symbol_str(b.0)));
        HloNode { kind: NodeKind::Op(ctx.symbol(name)), ty, attrs: attrs.into(), children }
    }

    /// The leaf standing for IR value `value` of type `ty`.
    pub fn leaf(value: ValueId, ty: Type) -> HloNode {
        HloNode { kind: NodeKind::Leaf(value), ty, attrs: Rc::from(Vec::new()), children: Vec::new() }
    }

    /// The op name, or `None` for a leaf.
    pub fn op_name<'c>(&self, ctx: &'c Context) -> Option<&'c str> {
        match self.kind {
            NodeKind::Op(name) => Some(ctx.symbol_str(name)),
            NodeKind::Leaf(_) => None,
        }
    }

    /// Whether this is an op named `name`.
    pub fn is(&self, ctx: &Context, name: &str) -> bool {
        self.op_name(ctx) == Some(name)
    }

    /// The attribute named `name`.
    pub fn attr(&self, ctx: &Context, name: &str) -> Option<Attribute> {
        self.attrs.iter().find(|(n, _)| ctx.symbol_str(*n) == name).map(|(_, a)| *a)
    }

    /// The integer array attribute named `name` (`array<i64: ...>`).
    pub fn ints(&self, ctx: &Context, name: &str) -> Option<Vec<i64>> {
        self.attr(ctx, name).and_then(|a| ctx.as_int_array(a)).map(<[i64]>::to_vec)
    }

    /// A copy with attribute `name` set to `value`.
    pub fn with_attr(&self, ctx: &Context, name: &str, value: Attribute) -> HloNode {
        let symbol = ctx.symbol(name);
        let mut attrs: Vec<(Symbol, Attribute)> = self.attrs.iter().copied().filter(|(n, _)| *n != symbol).collect();
        attrs.push((symbol, value));
        attrs.sort_by(|a, b| ctx.symbol_str(a.0).cmp(ctx.symbol_str(b.0)));
        HloNode { attrs: attrs.into(), ..self.clone() }
    }

    /// A copy with other children.
    pub fn with_children(&self, children: Vec<Id>) -> HloNode {
        HloNode { children, ..self.clone() }
    }

    /// A copy with another result type.
    pub fn with_type(&self, ty: Type) -> HloNode {
        HloNode { ty, ..self.clone() }
    }

    /// How the node reads in explanations: `hlo.add`, `%arg0`, `hlo.constant dense<0.0>`.
    pub fn describe(&self, ctx: &Context, leaf_names: &dyn Fn(ValueId) -> String) -> String {
        match self.kind {
            NodeKind::Leaf(v) => leaf_names(v),
            NodeKind::Op(name) => {
                let name = ctx.symbol_str(name);
                let short = name.strip_prefix("hlo.").unwrap_or(name);
                if short == "constant" {
                    let value = self.attrs.first().map(|(_, a)| ctx.attr_to_string(*a)).unwrap_or_default();
                    // Large literals are elided: the explanation is about the rules.
                    if value.len() > 40 {
                        return format!("constant<{}>", ctx.type_to_string(self.ty));
                    }
                    return value;
                }
                short.to_string()
            }
        }
    }
}

impl egg::Language for HloNode {
    type Discriminant = (NodeKind, Type, Rc<[(Symbol, Attribute)]>, usize);

    fn discriminant(&self) -> Self::Discriminant {
        (self.kind, self.ty, self.attrs.clone(), self.children.len())
    }

    fn matches(&self, other: &Self) -> bool {
        self.kind == other.kind && self.ty == other.ty && self.attrs == other.attrs && self.children.len() == other.children.len()
    }

    fn children(&self) -> &[Id] {
        &self.children
    }

    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

/// egg prints nodes in its own diagnostics; without a `Context` only the ids are known.
impl fmt::Display for HloNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            NodeKind::Op(name) => write!(f, "{name:?}"),
            NodeKind::Leaf(v) => write!(f, "{v}"),
        }
    }
}
