//! Multi-output (sibling) fusion: groups that read the same value and produce outputs of
//! one shape merge into one group with several results, so the value is read in one pass
//! (heuristic `SIBLINGS_SHARE_AN_OPERAND`), as XLA's `MultiOutputFusion` does: layernorm's
//! mean and mean of squares become one input fusion, two elementwise functions of one
//! operand one loop fusion.
//!
//! Siblings merge when both are loop fusions or both input fusions (output fusions keep
//! their dot alone), their shape keys agree (loop: the output shape; input: the reduced
//! operand's shape and the result's), the merged group stays within `max_fused_ops` and
//! `max_outputs` roots (heuristic `MULTI_OUTPUT_LIMIT`), and no path joins them in the graph
//! of what the block becomes (checked with petgraph's `has_path_connecting` both ways),
//! since a path from one to the other through an op outside both would become a cycle.

use std::collections::BTreeSet;

use xla_dialects::hlo::FusionKind;
use xla_ir::{Body, ValueId};

use crate::graph::BlockGraph;
use crate::plan::Plan;

/// The limits of sibling fusion.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The most ops a group may hold.
    pub max_fused_ops: usize,
    /// The most roots a merged group may have.
    pub max_outputs: usize,
}

/// Merges sibling groups of the block.
pub fn fuse_siblings(body: &Body, graph: &BlockGraph, plan: &mut Plan, limits: Limits) {
    for value in shared_values(body, graph) {
        let readers = readers(body, graph, plan, value);
        for (i, &a) in readers.iter().enumerate() {
            for &b in &readers[i + 1..] {
                if can_merge(body, graph, plan, a, b, limits) {
                    plan.merge(a, b);
                }
            }
        }
    }
}

/// The values of the block that siblings may share: its arguments, then its ops' results.
fn shared_values(body: &Body, graph: &BlockGraph) -> Vec<ValueId> {
    let block = graph.ops.first().and_then(|op| body.op_block(*op));
    let mut values: Vec<ValueId> = block.map(|b| body.block(b).args.clone()).unwrap_or_default();
    values.extend(graph.ops.iter().flat_map(|op| body.op(*op).results.iter().copied()));
    values
}

/// The live groups reading `value` from outside themselves, in order of their first member.
fn readers(body: &Body, graph: &BlockGraph, plan: &Plan, value: ValueId) -> Vec<usize> {
    let mut readers = BTreeSet::new();
    for use_ in &body.value(value).uses {
        let mut user = use_.op;
        // A use nested in an op's region is that op's.
        while !graph.node.contains_key(&user) {
            match body.parent_op(user) {
                Some(parent) => user = parent,
                None => break,
            }
        }
        for &g in plan.groups_of(user) {
            let producer_inside = body.defining_op(value).is_some_and(|p| plan.groups[g].members.values().any(|m| *m == p));
            if !producer_inside {
                readers.insert((plan.groups[g].members.keys().next().copied().unwrap_or(usize::MAX), g));
            }
        }
    }
    readers.into_iter().map(|(_, g)| g).collect()
}

/// Whether groups `a` and `b` may merge.
fn can_merge(body: &Body, graph: &BlockGraph, plan: &Plan, a: usize, b: usize, limits: Limits) -> bool {
    let (ga, gb) = (&plan.groups[a], &plan.groups[b]);
    let same_kind = ga.kind == gb.kind && ga.kind != FusionKind::Output;
    let fits = ga.members.len() + gb.members.len() <= limits.max_fused_ops && ga.roots + gb.roots <= limits.max_outputs;
    a != b && ga.alive && gb.alive && same_kind && ga.key.is_some() && ga.key == gb.key && fits && !plan.connected(body, graph, a, b)
}
