//! From a block of hlo dataflow into the e-graph.
//!
//! An op is looked at through its typed view ([`HloOp::of`]): ops of other dialects are
//! leaves. Every hlo op whose definition declares it `Pure`, with one tensor result, tensor
//! operands, no successors and no regions becomes a node over its operands' classes; so does
//! an `hlo.reduce` of one input whose reducer is one of the binary ops
//! [`is_modeled_reducer`] accepts (its node names that op, [`HloNode::reducer`]).
//! Everything else (block arguments, values from enclosing blocks, results of ops with
//! effects, regions or several results) becomes a [`crate::language::NodeKind::Leaf`]
//! carrying its value.
//!
//! The *roots* are the values of modeled ops that something outside the e-graph uses: the
//! terminator, an op that is not modeled, or an op nested in a region. Each root is
//! replaced by what extraction picks for its class, before its first user.
//!
//! Invariant: ops are added in block order, so a node's children exist before it; nested
//! regions are never entered (their uses only make roots).

use std::collections::HashMap;

use egg::Id;
use xla_dialects::hlo::{HloOp, HloOpKind, ReduceOp};
use xla_ir::op_def::OpTrait;
use xla_ir::{Attribute, BlockId, Body, OpId, Symbol, ValueDef, ValueId};

use crate::analysis::HloEGraph;
use crate::language::{HloNode, Reducer};

/// Whether a modeled reduce may apply the binary op `kind`: addition, multiplication,
/// maximum, minimum, and, or, whose reductions the rules rewrite and the interpreter folds.
/// `hlo.xor` is associative and commutative too, but it is not one: its reductions are
/// leaves.
pub fn is_modeled_reducer(kind: HloOpKind) -> bool {
    matches!(
        kind,
        HloOpKind::Add | HloOpKind::Multiply | HloOpKind::Maximum | HloOpKind::Minimum | HloOpKind::And | HloOpKind::Or
    )
}

/// One block in the e-graph.
pub struct Translation {
    pub block: BlockId,
    /// The class of every value the e-graph saw.
    pub class_of: HashMap<ValueId, Id>,
    /// Each modeled op with its node as added (children as added, not canonical).
    pub originals: Vec<(OpId, HloNode)>,
    /// Values used outside the e-graph, with the position of their first user.
    pub roots: Vec<(ValueId, usize)>,
    /// The position of every op of the block.
    pub position: HashMap<OpId, usize>,
}

/// The single binary op `reduce`'s region applies to its two arguments, if that is all it
/// does and [`is_modeled_reducer`] accepts it.
fn modeled_reducer(body: &Body<'_>, reduce: ReduceOp) -> Option<Reducer> {
    let [block] = body.region(reduce.body(body)).blocks[..] else { return None };
    let args = &body.block(block).args;
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let [op, ret] = ops[..] else { return None };
    let kind = HloOp::of(body, op)?.kind();
    let data = body.op(op);
    let operands_ok = args.len() == 2
        && (data.operands == [args[0], args[1]] || data.operands == [args[1], args[0]])
        && data.attributes.is_empty()
        && data.results.len() == 1;
    let ret_ok = matches!(HloOp::of(body, ret), Some(HloOp::Return(_))) && body.op(ret).operands == data.results;
    (is_modeled_reducer(kind) && operands_ok && ret_ok).then_some(Reducer(kind))
}

/// The node of `op` over `children`, if the e-graph models `op`.
pub fn node_of(body: &Body<'_>, op: OpId, children: Vec<Id>) -> Option<HloNode> {
    let ctx = body.ctx();
    let hlo = HloOp::of(body, op)?;
    let data = body.op(op);
    if !hlo.def().has_trait(OpTrait::Pure) || data.results.len() != 1 || !data.successors.is_empty() {
        return None;
    }
    let ty = body.value_type(data.results[0]);
    if ctx.as_tensor(ty).is_none() || data.operands.iter().any(|v| ctx.as_tensor(body.value_type(*v)).is_none()) {
        return None;
    }
    let reducer = match hlo {
        _ if data.regions.is_empty() => None,
        HloOp::Reduce(reduce) if data.operands.len() == 2 => Some(modeled_reducer(body, reduce)?),
        // Regions of other ops (maps, sorts, fusions, ...) are not looked into.
        _ => return None,
    };
    let attrs: Vec<(Symbol, Attribute)> = data.attributes.iter().map(|a| (a.name, a.value)).collect();
    let node = HloNode::op(ctx, hlo.kind(), ty, attrs, children);
    Some(HloNode { reducer, ..node })
}

/// The class of `v`, added as a leaf when the e-graph has not seen it.
fn class_of(egraph: &mut HloEGraph<'_>, body: &Body<'_>, map: &mut HashMap<ValueId, Id>, v: ValueId) -> Id {
    *map.entry(v).or_insert_with(|| egraph.add(HloNode::leaf(v, body.value_type(v))))
}

/// Adds the dataflow of `block` to `egraph`.
pub fn translate(egraph: &mut HloEGraph<'_>, body: &Body<'_>, block: BlockId) -> Translation {
    let mut class_of_value = HashMap::new();
    let mut originals = Vec::new();
    let mut position = HashMap::new();
    let mut modeled: HashMap<OpId, ()> = HashMap::new();
    for (i, op) in body.block_ops(block).enumerate() {
        position.insert(op, i);
        let children: Vec<Id> =
            body.op(op).operands.clone().into_iter().map(|v| class_of(egraph, body, &mut class_of_value, v)).collect();
        match node_of(body, op, children) {
            Some(node) => {
                let id = egraph.add(node.clone());
                class_of_value.insert(body.result(op, 0), id);
                originals.push((op, node));
                modeled.insert(op, ());
            }
            None => {
                for &r in &body.op(op).results {
                    class_of(egraph, body, &mut class_of_value, r);
                }
            }
        }
    }
    // The ancestor of `user` in `block`, if it is nested in one of its ops.
    let in_block = |mut user: OpId| -> Option<OpId> {
        loop {
            if body.op_block(user) == Some(block) {
                return Some(user);
            }
            user = body.parent_op(user)?;
        }
    };
    let mut roots = Vec::new();
    for (op, _) in &originals {
        let v = body.result(*op, 0);
        let mut first: Option<usize> = None;
        let mut outside = false;
        for u in &body.value(v).uses {
            let Some(anchor) = in_block(u.op) else { continue };
            if anchor != u.op || !modeled.contains_key(&u.op) {
                outside = true;
                let p = position[&anchor];
                first = Some(first.map_or(p, |f: usize| f.min(p)));
            }
        }
        if let (true, Some(p)) = (outside, first) {
            roots.push((v, p));
        }
    }
    roots.sort_by_key(|(_, p)| *p);
    Translation { block, class_of: class_of_value, originals, roots, position }
}

/// Where `v` is defined in the block: `None` for block arguments and values from outside.
pub fn def_position(t: &Translation, body: &Body<'_>, v: ValueId) -> Option<usize> {
    match body.value(v).def {
        ValueDef::Result { op, .. } => t.position.get(&op).copied(),
        ValueDef::BlockArg { .. } => None,
    }
}
