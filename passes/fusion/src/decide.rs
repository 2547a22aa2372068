//! The fusion decisions of one block, in XLA's order: output fusion first (a dot keeps its
//! bias and activation), then producer-consumer fusion (loop and input), then sibling
//! (multi-output) fusion; the plan is checked acyclic before anything changes.

use xla_ir::{Body, Diagnostic, OpId};

use crate::graph::BlockGraph;
use crate::plan::Plan;

/// The limits every heuristic works within.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The most ops one fusion holds (heuristic `FUSION_SIZE_LIMIT`).
    pub max_fused_ops: usize,
    /// The most fusions a cheap producer is cloned into (`DUPLICATE_CHEAP_PRODUCERS`).
    pub max_duplicates: usize,
    /// The most roots a multi-output fusion has (`MULTI_OUTPUT_LIMIT`).
    pub max_outputs: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_fused_ops: 64, max_duplicates: 4, max_outputs: 4 }
    }
}

/// Decides the fusions of the block `graph` describes; `at` (the block's parent op)
/// locates an internal error.
pub fn decide(body: &Body, graph: &BlockGraph, limits: Limits, at: OpId) -> Result<Plan, Diagnostic> {
    let mut plan = Plan::new(body, graph);
    crate::output::fuse_outputs(body, graph, &mut plan);
    let producer_limits = crate::producer_consumer::Limits { max_fused_ops: limits.max_fused_ops, max_duplicates: limits.max_duplicates };
    crate::producer_consumer::fuse_producers(body, graph, &mut plan, producer_limits);
    let sibling_limits = crate::multi_output::Limits { max_fused_ops: limits.max_fused_ops, max_outputs: limits.max_outputs };
    crate::multi_output::fuse_siblings(body, graph, &mut plan, sibling_limits);
    plan.normalize();
    plan.check_acyclic(body, graph, at)?;
    Ok(plan)
}
