//! The e-graph language of hlo dataflow: one node kind for every pure single-result hlo op,
//! and leaves for everything the e-graph does not look into.
//!
//! A node is an op kind ([`HloOpKind`]), a payload (the op's attributes as interned ids,
//! sorted by name, its result type, and for a modeled `hlo.reduce` the kind of its reducer)
//! and its children (egg `Id`s of the operands' e-classes). `define_language!` cannot carry
//! data beside children, so the [`egg::Language`] implementation is written out here.
//!
//! Invariants:
//! - Two nodes are equal exactly when their kinds, attributes, result types, reducers and
//!   children are: attributes and types are interned, so comparing ids compares structure.
//! - Only hlo ops are nodes: ops are identified by their kind, never by name, and the name is
//!   interned only where an op is built back ([`crate::from_egraph::new_op_state`]).
//! - A node's attributes are the ones its op's definition declares, under the declared names
//!   (checked in debug builds whenever a rule reads one), so a rule and the op agree on them.
//! - A [`NodeKind::Leaf`] stands for one IR value the e-graph does not model (a block
//!   argument, or a result of an op with regions, several results, side effects, or of
//!   another dialect); it is written back as that very value, never rebuilt.
//! - Every node carries its result type, so an e-class's type is any of its nodes' types,
//!   and rules union only classes of equal type.
//! - `reducer` is `Some` exactly for nodes of `hlo.reduce` (see [`crate::to_egraph`]).

use std::fmt;
use std::rc::Rc;

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_ir::{Attribute, Context, Symbol, Type, ValueId};

/// What a node computes. Kinds order by their position in the dialect's declaration, ops
/// before leaves (egg needs a total order on nodes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum NodeKind {
    /// An hlo op of that kind, applied to the node's children.
    Op(HloOpKind),
    /// An IR value kept as it is.
    Leaf(ValueId),
}

/// The kind of the binary op a modeled reduce applies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Reducer(pub HloOpKind);

/// One e-node: see the module documentation.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct HloNode {
    pub kind: NodeKind,
    /// The result type.
    pub ty: Type,
    /// The op's attributes, sorted by name (shared, since rules copy nodes often).
    pub attrs: Rc<[(Symbol, Attribute)]>,
    /// The op a modeled `hlo.reduce` applies to its elements; `None` for every other node.
    pub reducer: Option<Reducer>,
    pub children: Vec<Id>,
}

impl HloNode {
    /// A node of op `kind` with attributes `attrs` (sorted here) and result type `ty`.
    pub fn op(ctx: &Context, kind: HloOpKind, ty: Type, mut attrs: Vec<(Symbol, Attribute)>, children: Vec<Id>) -> HloNode {
        attrs.sort_by(|a, b| ctx.symbol_str(a.0).cmp(ctx.symbol_str(b.0)));
        HloNode { kind: NodeKind::Op(kind), ty, attrs: attrs.into(), reducer: None, children }
    }

    /// The leaf standing for IR value `value` of type `ty`.
    pub fn leaf(value: ValueId, ty: Type) -> HloNode {
        HloNode { kind: NodeKind::Leaf(value), ty, attrs: Rc::from(Vec::new()), reducer: None, children: Vec::new() }
    }

    /// The op kind, or `None` for a leaf.
    pub fn op_kind(&self) -> Option<HloOpKind> {
        match self.kind {
            NodeKind::Op(kind) => Some(kind),
            NodeKind::Leaf(_) => None,
        }
    }

    /// Whether this is an op of kind `kind`.
    pub fn is(&self, kind: HloOpKind) -> bool {
        self.kind == NodeKind::Op(kind)
    }

    /// The attribute named `name`, which the node's op must declare.
    pub fn attr(&self, ctx: &Context, name: &str) -> Option<Attribute> {
        debug_assert!(self.declares(name), "{:?} declares no attribute '{name}'", self.op_kind());
        self.attrs.iter().find(|(n, _)| ctx.symbol_str(*n) == name).map(|(_, a)| *a)
    }

    /// The integer array attribute named `name` (`array<i64: ...>`).
    pub fn ints(&self, ctx: &Context, name: &str) -> Option<Vec<i64>> {
        self.attr(ctx, name).and_then(|a| ctx.as_int_array(a)).map(<[i64]>::to_vec)
    }

    /// A copy with attribute `name`, which the node's op must declare, set to `value`.
    pub fn with_attr(&self, ctx: &Context, name: &str, value: Attribute) -> HloNode {
        debug_assert!(self.declares(name), "{:?} declares no attribute '{name}'", self.op_kind());
        let symbol = ctx.symbol(name);
        let mut attrs: Vec<(Symbol, Attribute)> = self.attrs.iter().copied().filter(|(n, _)| *n != symbol).collect();
        attrs.push((symbol, value));
        attrs.sort_by(|a, b| ctx.symbol_str(a.0).cmp(ctx.symbol_str(b.0)));
        HloNode { attrs: attrs.into(), ..self.clone() }
    }

    /// Whether the node's op declares an attribute named `name`.
    fn declares(&self, name: &str) -> bool {
        self.op_kind().is_some_and(|kind| kind.def().attributes.iter().any(|a| a.name == name))
    }

    /// A copy with other children.
    pub fn with_children(&self, children: Vec<Id>) -> HloNode {
        HloNode { children, ..self.clone() }
    }

    /// A copy with another result type.
    pub fn with_type(&self, ty: Type) -> HloNode {
        HloNode { ty, ..self.clone() }
    }

    /// How the node reads in explanations: `add`, `%arg0`, `dense<0.0> : tensor<f32>`.
    pub fn describe(&self, ctx: &Context, leaf_names: &dyn Fn(ValueId) -> String) -> String {
        match self.kind {
            NodeKind::Leaf(v) => leaf_names(v),
            NodeKind::Op(HloOpKind::Constant) => {
                let value = self.attrs.first().map(|(_, a)| ctx.attr_to_string(*a)).unwrap_or_default();
                // Large literals are elided: the explanation is about the rules.
                if value.len() > 40 {
                    return format!("constant<{}>", ctx.type_to_string(self.ty));
                }
                value
            }
            NodeKind::Op(kind) => kind.short_name().to_string(),
        }
    }
}

impl egg::Language for HloNode {
    type Discriminant = (NodeKind, Type, Rc<[(Symbol, Attribute)]>, Option<Reducer>, usize);

    fn discriminant(&self) -> Self::Discriminant {
        (self.kind, self.ty, self.attrs.clone(), self.reducer, self.children.len())
    }

    fn matches(&self, other: &Self) -> bool {
        self.kind == other.kind
            && self.ty == other.ty
            && self.attrs == other.attrs
            && self.reducer == other.reducer
            && self.children.len() == other.children.len()
    }

    fn children(&self) -> &[Id] {
        &self.children
    }

    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

/// egg prints nodes in its own diagnostics; without a `Context`, a leaf is its value's id.
impl fmt::Display for HloNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            NodeKind::Op(kind) => f.write_str(kind.name()),
            NodeKind::Leaf(v) => write!(f, "{v}"),
        }
    }
}
