//! The e-class analysis: every class's type and, when it is known, its constant value.
//!
//! - Type: every node carries its result type ([`HloNode::ty`]), so a class's type is the
//!   type of the node that created it; merging classes of different types is a bug in a
//!   rule, caught by a debug assertion (rules check types before they union).
//! - Constant: an `hlo.constant` of at most `max_fold_elements` elements has its literal; a
//!   node whose children all have constants is evaluated by the interpreter ([`crate::fold`])
//!   when its result has at most that many elements. A class that gets a constant gets an
//!   `hlo.constant` node too, unioned under the rule name `constant-fold`, so extraction
//!   may pick it and explanations name it.

use std::rc::Rc;

use egg::{Analysis, DidMerge, EGraph, Id};
use xla_dialects::hlo::HloOpKind;
use xla_interp::Literal;
use xla_ir::{Context, Type};

use crate::fold;
use crate::language::{HloNode, NodeKind};

/// The e-graph of this pass.
pub type HloEGraph<'c> = EGraph<HloNode, HloAnalysis<'c>>;

/// What the analysis knows of one e-class.
#[derive(Clone, Debug)]
pub struct ClassData {
    pub ty: Type,
    pub constant: Option<Rc<Literal>>,
}

/// The analysis; see the module documentation.
pub struct HloAnalysis<'c> {
    pub ctx: &'c Context,
    /// The largest constant, in elements, that is folded or looked into.
    pub max_fold_elements: usize,
    /// How many nodes were evaluated by the interpreter.
    pub folds: usize,
    /// How many classes got a constant node by folding.
    pub constant_unions: usize,
}

impl<'c> HloAnalysis<'c> {
    pub fn new(ctx: &'c Context, max_fold_elements: usize) -> HloAnalysis<'c> {
        HloAnalysis { ctx, max_fold_elements, folds: 0, constant_unions: 0 }
    }

    /// The `hlo.constant` node holding `literal` as a value of type `ty`.
    pub fn constant_node(&self, literal: &Literal, ty: Type) -> Option<HloNode> {
        let attr = fold::dense_attr(self.ctx, literal, ty)?;
        Some(HloNode::op(self.ctx, HloOpKind::Constant, ty, vec![(self.ctx.symbol("value"), attr)], Vec::new()))
    }
}

/// The number of elements of a statically shaped tensor type.
pub fn num_elements(ctx: &Context, ty: Type) -> Option<usize> {
    ctx.as_tensor(ty)?.num_elements().and_then(|n| usize::try_from(n).ok())
}

/// The static shape of a tensor type without a layout, which is what rules that build new
/// types work on.
pub fn plain_shape(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    let tensor = ctx.as_tensor(ty)?;
    if tensor.layout.is_some() {
        return None;
    }
    tensor.static_shape()
}

impl<'c> Analysis<HloNode> for HloAnalysis<'c> {
    type Data = ClassData;

    fn make(egraph: &mut HloEGraph<'c>, enode: &HloNode, _: Id) -> ClassData {
        let analysis = &egraph.analysis;
        let ctx = analysis.ctx;
        let ty = enode.ty;
        let small = num_elements(ctx, ty).is_some_and(|n| n <= analysis.max_fold_elements);
        let constant = match enode.kind {
            NodeKind::Leaf(_) => None,
            _ if !small => None,
            NodeKind::Op(HloOpKind::Constant) => {
                enode.attrs.first().and_then(|(_, value)| fold::literal_of(ctx, *value)).map(Rc::new)
            }
            NodeKind::Op(_) => {
                let operands: Option<Vec<(Type, Rc<Literal>)>> = enode
                    .children
                    .iter()
                    .map(|c| {
                        let data = &egraph[*c].data;
                        data.constant.clone().map(|l| (data.ty, l))
                    })
                    .collect();
                match operands {
                    Some(operands) => {
                        let refs: Vec<(Type, &Literal)> = operands.iter().map(|(t, l)| (*t, l.as_ref())).collect();
                        let folded = fold::evaluate(ctx, enode, &refs);
                        egraph.analysis.folds += 1;
                        folded.map(Rc::new)
                    }
                    None => None,
                }
            }
        };
        ClassData { ty, constant }
    }

    fn merge(&mut self, a: &mut ClassData, b: ClassData) -> DidMerge {
        debug_assert_eq!(a.ty, b.ty, "simplify merged e-classes of different types");
        match (&a.constant, b.constant) {
            (None, Some(c)) => {
                a.constant = Some(c);
                DidMerge(true, false)
            }
            (Some(_), None) => DidMerge(false, true),
            _ => DidMerge(false, false),
        }
    }

    fn modify(egraph: &mut HloEGraph<'c>, id: Id) {
        let Some(literal) = egraph[id].data.constant.clone() else { return };
        if egraph[id].nodes.iter().any(|n| n.is(HloOpKind::Constant)) {
            return;
        }
        let ty = egraph[id].data.ty;
        if let Some(node) = egraph.analysis.constant_node(&literal, ty) {
            let constant = egraph.add(node);
            if egraph.union_trusted(id, constant, "constant-fold") {
                egraph.analysis.constant_unions += 1;
            }
        }
    }
}
