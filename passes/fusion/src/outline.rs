//! Turns the groups of a [`Plan`] into `hlo.fusion` ops, then erases the producers every
//! consumer now computes itself and puts the block back in a topological order.
//!
//! For a group, in block order of its members: its *operands* are the values members read
//! that no member computes (deduplicated, in order of first use), its *results* the
//! results of moved members that ops outside the group still read. Moved members go into
//! the region (their results keep their ids; their outside uses are redirected to the
//! fusion's results); cloned members are copied (they have no regions). The region's block
//! arguments replace the operands; `hlo.return` gives the results.
//!
//! Invariant: the region is closed (it reads only its block arguments and its own ops), so
//! `hlo.fusion`'s `IsolatedFromAbove` holds; the block's order afterwards is the stable
//! topological order of its dataflow graph (the original order wherever it was one), and
//! ops with effects keep their relative order.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use xla_dialects::hlo::{FusionOp, HloOp, ReturnOp};
use xla_ir::{BlockId, Body, Diagnostic, InsertPoint, Op, OpId, OpState, OpTrait, ValueId};

use crate::graph::{used_values, BlockGraph};
use crate::plan::Plan;

/// Every op's operands, by op.
type Operands = HashMap<OpId, Vec<ValueId>>;

/// Every result's consumers in the block, by result.
type Users = HashMap<ValueId, Vec<OpId>>;

/// Builds every fusion of `plan` in `block` and reorders the block. Returns the fusions.
pub fn outline(body: &mut Body, block: BlockId, graph: &BlockGraph, plan: &Plan) -> Result<Vec<OpId>, Diagnostic> {
    let mut fusions = Vec::new();
    let mut first_position = HashMap::new();
    // Every op's operands as the block had them: a member moved into one fusion's region
    // reads its block arguments, while its copies elsewhere read what it read.
    let original: Operands = graph.ops.iter().map(|op| (*op, body.op(*op).operands.clone())).collect();
    let users: Users = graph
        .ops
        .iter()
        .flat_map(|op| body.op(*op).results.iter().copied())
        .map(|r| (r, body.value(r).uses.iter().map(|u| outermost_in_block(body, u.op, Some(block))).collect()))
        .collect();
    // The results of moved members that fusions already give, by the fusion's result.
    let mut replaced: HashMap<ValueId, ValueId> = HashMap::new();
    for g in plan.fusions(body) {
        let members: Vec<OpId> = plan.groups[g].members.values().copied().collect();
        let moved: Vec<bool> = members.iter().map(|m| plan.home.get(m) == Some(&g)).collect();
        let Some(fusion) = outline_group(body, plan, g, (&members, &moved), (&original, &users, &mut replaced)) else { continue };
        first_position.insert(fusion, plan.groups[g].members.keys().next().copied().unwrap_or(0));
        fusions.push(fusion);
    }
    // The producers computed by every consumer, and constants every fusion cloned:
    // erased, users first.
    for &op in graph.ops.iter().rev() {
        let erased = plan.is_erased(op) || (matches!(HloOp::of(body, op), Some(HloOp::Constant(_))) && plan.class_of(op) != crate::classify::Class::Unfusible);
        if erased && body.op(op).results.iter().all(|r| body.is_unused(*r)) {
            body.erase_op(op);
        }
    }
    let positions: HashMap<OpId, usize> = graph.ops.iter().enumerate().map(|(i, op)| (*op, i)).chain(first_position).collect();
    reorder(body, block, &positions)?;
    Ok(fusions)
}

/// Outlines group `g` (none when nothing reads its results): `members` in block order, `moved[i]` when member `i` moves into the
/// region (else it is cloned); `original` holds every op's operands as the block had them,
/// `users` every result's consumers in the block (the ops of the block holding its uses),
/// `replaced` the fusion results standing for moved members' results so far (this group's
/// are added).
fn outline_group(
    body: &mut Body,
    plan: &Plan,
    g: usize,
    (members, moved): (&[OpId], &[bool]),
    (original, users, replaced): (&Operands, &Users, &mut HashMap<ValueId, ValueId>),
) -> Option<OpId> {
    let kind = plan.groups[g].kind;
    let ctx = body.ctx();
    let moved_set: HashSet<OpId> = members.iter().zip(moved).filter(|(_, m)| **m).map(|(op, _)| *op).collect();
    let computed: HashSet<ValueId> = members.iter().flat_map(|m| body.op(*m).results.iter().copied()).collect();
    // The members' operands inside the region: values members compute as they are (a
    // moved member's result keeps its id; a cloned one's is mapped below), the others
    // through the fusions that give them.
    let operands_of: HashMap<OpId, Vec<ValueId>> = members
        .iter()
        .map(|m| (*m, original[m].iter().map(|v| if computed.contains(v) { *v } else { *replaced.get(v).unwrap_or(v) }).collect()))
        .collect();
    // Operands: values read by members that no member computes.
    let mut inputs: Vec<ValueId> = Vec::new();
    for m in members {
        for v in &operands_of[m] {
            if !computed.contains(v) && !inputs.contains(v) {
                inputs.push(*v);
            }
        }
    }
    // Results: results of moved members that some consumer reads from outside the group:
    // an unfused consumer, or a copy of a consumer in another group that does not compute
    // the member itself (decided by the plan, since that copy may not exist yet).
    let mut outputs: Vec<ValueId> = Vec::new();
    for &m in members.iter().filter(|m| moved_set.contains(m)) {
        for &r in &body.op(m).results {
            let outside = users[&r].iter().any(|user| {
                let groups = plan.groups_of(*user);
                groups.is_empty() || groups.iter().any(|other| *other != g && !plan.groups[*other].members.values().any(|x| *x == m))
            });
            if outside {
                outputs.push(r);
            }
        }
    }
    // A group nothing reads is dead code: left as it is, for dce.
    if outputs.is_empty() {
        return None;
    }
    let location = members.iter().rev().find(|m| moved_set.contains(m)).map_or(body.op(members[0]).location, |m| body.op(*m).location);
    let region = body.create_region();
    let inner = body.append_block(region);
    let mut map: HashMap<ValueId, ValueId> = HashMap::new();
    for &v in &inputs {
        let arg = body.add_block_arg(inner, body.value_type(v));
        map.insert(v, arg);
    }
    let mut state = OpState::new(ctx.symbol(FusionOp::DEF.name), location);
    state.operands = inputs.clone();
    state.result_types = outputs.iter().map(|r| body.value_type(*r)).collect();
    state.set_attr(ctx.symbol("kind"), ctx.string_attr(kind.name()));
    state.regions.push(region);
    let fusion = body.create_op(state);
    let anchor = members.iter().find(|m| moved_set.contains(m)).copied().unwrap_or(members[0]);
    body.insert_op(fusion, InsertPoint::Before(anchor));
    // Outside uses read the fusion's results.
    for (i, &r) in outputs.iter().enumerate() {
        let new = body.result(fusion, i);
        replaced.insert(r, new);
        let block = body.defining_op(r).and_then(|d| body.op_block(d));
        let uses: Vec<_> = body.value(r).uses.clone();
        for u in uses {
            if !moved_set.contains(&outermost_in_block(body, u.op, block)) {
                body.set_operand(u.op, u.index as usize, new);
            }
        }
    }
    for &m in members {
        if moved_set.contains(&m) {
            body.move_op(m, InsertPoint::BlockEnd(inner));
            let operands: Vec<ValueId> = operands_of[&m].iter().map(|v| *map.get(v).unwrap_or(v)).collect();
            body.set_operands(m, operands);
        } else {
            let copy = clone_op(body, m, &operands_of[&m], &map);
            body.insert_op(copy, InsertPoint::BlockEnd(inner));
            for (old, new) in body.op(m).results.clone().into_iter().zip(body.op(copy).results.clone()) {
                map.insert(old, new);
            }
        }
    }
    let mut ret = OpState::new(ctx.symbol(ReturnOp::DEF.name), location);
    ret.operands = outputs;
    let ret = body.create_op(ret);
    body.insert_op(ret, InsertPoint::BlockEnd(inner));
    Some(fusion)
}

/// A copy of the region-free `op` reading its `operands` through `map`, detached.
fn clone_op(body: &mut Body, op: OpId, operands: &[ValueId], map: &HashMap<ValueId, ValueId>) -> OpId {
    let data = body.op(op);
    let mut state = OpState::new(data.name, data.location);
    state.operands = operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
    state.result_types = data.results.iter().map(|r| body.value_type(*r)).collect();
    state.attributes = data.attributes.clone();
    body.create_op(state)
}

/// The op of `block` that is or holds `op` (`op` itself when it is in no block of interest).
fn outermost_in_block(body: &Body, op: OpId, block: Option<BlockId>) -> OpId {
    let mut current = op;
    while body.op_block(current) != block {
        match body.parent_op(current) {
            Some(parent) => current = parent,
            None => return op,
        }
    }
    current
}

/// Puts the ops of `block` (its terminator excepted) in the stable topological order of
/// their dataflow: an op comes after the producers of the values it reads and, when it has
/// effects, after the ops with effects before it; among ready ops the one with the
/// smallest `positions` entry comes first.
fn reorder(body: &mut Body, block: BlockId, positions: &HashMap<OpId, usize>) -> Result<(), Diagnostic> {
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let Some((&terminator, rest)) = ops.split_last() else { return Ok(()) };
    let index: HashMap<OpId, usize> = rest.iter().enumerate().map(|(i, op)| (*op, i)).collect();
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); rest.len()];
    let mut pending = vec![0usize; rest.len()];
    let mut last_effect: Option<usize> = None;
    for (i, &op) in rest.iter().enumerate() {
        let mut preds: HashSet<usize> = HashSet::new();
        for v in used_values(body, op) {
            if let Some(p) = body.defining_op(v).map(|d| outermost_in_block(body, d, Some(block))).and_then(|d| index.get(&d)) {
                if *p != i {
                    preds.insert(*p);
                }
            }
        }
        let pure = body.ctx().op_def(body.op(op).name).is_some_and(|d| d.has_trait(OpTrait::Pure));
        if !pure {
            if let Some(e) = last_effect {
                preds.insert(e);
            }
            last_effect = Some(i);
        }
        pending[i] = preds.len();
        for p in preds {
            successors[p].push(i);
        }
    }
    let key = |i: usize| positions.get(&rest[i]).copied().unwrap_or(usize::MAX);
    let mut ready: BinaryHeap<Reverse<(usize, usize)>> = (0..rest.len()).filter(|i| pending[*i] == 0).map(|i| Reverse((key(i), i))).collect();
    let mut order = Vec::with_capacity(rest.len());
    while let Some(Reverse((_, i))) = ready.pop() {
        order.push(rest[i]);
        for &s in &successors[i] {
            pending[s] -= 1;
            if pending[s] == 0 {
                ready.push(Reverse((key(s), s)));
            }
        }
    }
    if order.len() != rest.len() {
        return Err(Diagnostic::error(body.op(terminator).location, "internal error in fusion: the fused block has a cycle"));
    }
    for op in order {
        body.move_op(op, InsertPoint::Before(terminator));
    }
    Ok(())
}
