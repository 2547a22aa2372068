//! From extracted e-classes back to IR ops.
//!
//! Each root is materialized before its first user, roots in block order: a class's chosen
//! node becomes an op over its children's values (memoized per class, so shared
//! subexpressions are built once, at the first place one is needed, which dominates every
//! later one). A chosen node equal to an original op over the same operand values reuses
//! that op; a leaf is its own value. New ops take the location of the original op equal to
//! them, else of an original op of their class, else of the root. Ops are built from their
//! kind ([`new_op_state`]); a modeled reduce gets its reducer region back from its node's
//! reducer kind.
//!
//! Invariants: a value is only used where it dominates its user (a root whose expression
//! needs a value defined at or after its first user is left as it was); after the roots are
//! replaced, ops that became dead are erased, so the block holds no dead pure op the pass
//! left behind.

use std::collections::HashMap;

use egg::Id;
use xla_dialects::hlo::HloOpKind;
use xla_ir::rewrite::is_trivially_dead;
use xla_ir::{Body, Context, InsertPoint, Location, OpId, OpState, RegionId, ValueId};

use crate::analysis::HloEGraph;
use crate::language::{HloNode, NodeKind, Reducer};
use crate::to_egraph::{def_position, Translation};

/// The state of a new op of kind `kind` at `location`: the one place the e-graph's ops get
/// their names back.
pub fn new_op_state(ctx: &Context, kind: HloOpKind, location: Location) -> OpState {
    OpState::new(ctx.symbol(kind.name()), location)
}

/// Creates (detached) the op `node` stands for over `operands`, at `location`; a modeled
/// reduce gets a fresh region applying its reducer.
pub fn create_op(body: &mut Body<'_>, node: &HloNode, operands: Vec<ValueId>, location: Location) -> Option<OpId> {
    let NodeKind::Op(kind) = node.kind else { return None };
    let mut state = new_op_state(body.ctx(), kind, location);
    state.operands = operands;
    state.result_types = vec![node.ty];
    for (name, value) in node.attrs.iter() {
        state.set_attr(*name, *value);
    }
    if let Some(reducer) = node.reducer {
        state.regions.push(reducer_region(body, reducer, node, location));
    }
    Some(body.create_op(state))
}

/// The region `{ ^bb0(%a, %b): %r = reducer %a, %b; hlo.return %r }` of a reduce of
/// `node`'s element type.
fn reducer_region(body: &mut Body<'_>, Reducer(reducer): Reducer, node: &HloNode, location: Location) -> RegionId {
    let ctx = body.ctx();
    let scalar = ctx.tensor_type(&[], ctx.element_type(node.ty));
    let region = body.create_region();
    let block = body.append_block(region);
    let a = body.add_block_arg(block, scalar);
    let b = body.add_block_arg(block, scalar);
    let mut op = new_op_state(ctx, reducer, location);
    op.operands = vec![a, b];
    op.result_types = vec![scalar];
    let op = body.create_op(op);
    body.insert_op(op, InsertPoint::BlockEnd(block));
    let mut ret = new_op_state(ctx, HloOpKind::Return, location);
    ret.operands = vec![body.result(op, 0)];
    let ret = body.create_op(ret);
    body.insert_op(ret, InsertPoint::BlockEnd(block));
    region
}

/// What writing back did: each replaced root with its new value.
pub struct WriteBack {
    pub replaced: Vec<(ValueId, ValueId)>,
    pub created: usize,
}

struct Writer<'t, 'g, 'c> {
    t: &'t Translation,
    egraph: &'g HloEGraph<'c>,
    best: &'g dyn Fn(Id) -> HloNode,
    original_of: HashMap<HloNode, OpId>,
    class_location: HashMap<Id, Location>,
    memo: HashMap<Id, ValueId>,
    created: usize,
}

impl Writer<'_, '_, '_> {
    fn canonical(&self, node: &HloNode) -> HloNode {
        node.with_children(node.children.iter().map(|c| self.egraph.find(*c)).collect())
    }

    fn materialize(&mut self, body: &mut Body<'_>, class: Id, at: (usize, OpId), fallback: Location) -> Option<ValueId> {
        let class = self.egraph.find(class);
        if let Some(v) = self.memo.get(&class) {
            return Some(*v);
        }
        let node = (self.best)(class);
        let value = match node.kind {
            NodeKind::Leaf(v) => {
                let ok = def_position(self.t, body, v).is_none_or(|p| p < at.0);
                ok.then_some(v)?
            }
            NodeKind::Op(_) => {
                let mut operands = Vec::with_capacity(node.children.len());
                for c in &node.children {
                    operands.push(self.materialize(body, *c, at, fallback)?);
                }
                let original = self.original_of.get(&node).copied();
                match original {
                    Some(op) if self.t.position[&op] < at.0 && body.op(op).operands == operands => body.result(op, 0),
                    _ => {
                        let location = original
                            .map(|op| body.op(op).location)
                            .or_else(|| self.class_location.get(&class).copied())
                            .unwrap_or(fallback);
                        let op = create_op(body, &node, operands, location)?;
                        body.insert_op(op, InsertPoint::Before(at.1));
                        self.created += 1;
                        body.result(op, 0)
                    }
                }
            }
        };
        self.memo.insert(class, value);
        Some(value)
    }
}

/// Replaces every root of `t` by the value of the node `best` picks for its class, and
/// erases what became dead.
pub fn write_back(body: &mut Body<'_>, t: &Translation, egraph: &HloEGraph<'_>, best: &dyn Fn(Id) -> HloNode) -> WriteBack {
    let mut writer = Writer {
        t,
        egraph,
        best,
        original_of: HashMap::new(),
        class_location: HashMap::new(),
        memo: HashMap::new(),
        created: 0,
    };
    for (op, node) in &t.originals {
        let canonical = writer.canonical(node);
        writer.original_of.entry(canonical).or_insert(*op);
        let class = egraph.find(t.class_of[&body.result(*op, 0)]);
        writer.class_location.entry(class).or_insert(body.op(*op).location);
    }
    let ops_in_order: Vec<OpId> = body.block_ops(t.block).collect();
    let mut replaced = Vec::new();
    for &(root, first_user) in &t.roots {
        let Some(&anchor) = ops_in_order.get(first_user) else { continue };
        let location = body.defining_op(root).map_or(body.ctx().unknown_loc(), |op| body.op(op).location);
        let Some(new) = writer.materialize(body, t.class_of[&root], (first_user, anchor), location) else { continue };
        if new != root {
            replaced.push((root, new));
        }
    }
    for &(old, new) in &replaced {
        body.replace_all_uses(old, new);
    }
    let ops: Vec<OpId> = body.block_ops(t.block).collect();
    for op in ops.into_iter().rev() {
        if !body.is_erased(op) && is_trivially_dead(body, op) {
            body.erase_op(op);
        }
    }
    WriteBack { replaced, created: writer.created }
}
