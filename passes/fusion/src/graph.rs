//! The dataflow graph of one block: a petgraph `DiGraph` with a node per op of the block
//! (its terminator included) and an edge from each producer to each consumer.
//!
//! A use inside a nested region (a `while` body reading a value from above) counts as a
//! use by the op of the block that holds the region, so an edge always joins two ops of
//! the block. Block arguments are no nodes: every consumer may read them.
//!
//! Invariant: the graph is acyclic (a block's ops are in dominance order) and node `i` is
//! the `i`-th op of the block, so positions and node indices agree.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};
use xla_ir::{BlockId, Body, OpId, ValueId};

/// The dataflow graph of a block.
pub struct BlockGraph {
    /// Node weights are the ops; an edge goes from producer to consumer.
    pub graph: DiGraph<OpId, ()>,
    /// The ops of the block in order (node `i` is `ops[i]`).
    pub ops: Vec<OpId>,
    /// Each op's node.
    pub node: HashMap<OpId, NodeIndex>,
}

impl BlockGraph {
    /// Builds the graph of `block`.
    pub fn build(body: &Body, block: BlockId) -> BlockGraph {
        let ops: Vec<OpId> = body.block_ops(block).collect();
        let mut graph = DiGraph::with_capacity(ops.len(), ops.len() * 2);
        let mut node = HashMap::new();
        for &op in &ops {
            node.insert(op, graph.add_node(op));
        }
        for &op in &ops {
            for v in used_values(body, op) {
                if let Some(producer) = producer_in(body, v, block) {
                    let (from, to) = (node[&producer], node[&op]);
                    if from != to && graph.find_edge(from, to).is_none() {
                        graph.add_edge(from, to, ());
                    }
                }
            }
        }
        BlockGraph { graph, ops, node }
    }

    /// The position of `op` in the block.
    pub fn position(&self, op: OpId) -> usize {
        self.node[&op].index()
    }

    /// The ops using a result of `op`, in block order.
    pub fn users(&self, op: OpId) -> Vec<OpId> {
        let mut users: Vec<OpId> =
            self.graph.neighbors_directed(self.node[&op], petgraph::Direction::Outgoing).map(|n| self.graph[n]).collect();
        users.sort_by_key(|u| self.position(*u));
        users
    }
}

/// The values `op` reads: its operands, then those of the ops nested in its regions.
pub fn used_values(body: &Body, op: OpId) -> Vec<ValueId> {
    let mut values = body.op(op).operands.clone();
    if !body.op(op).regions.is_empty() {
        for nested in body.nested_ops(op, xla_ir::WalkOrder::PreOrder) {
            if nested != op {
                values.extend(body.op(nested).operands.iter().copied());
            }
        }
    }
    values
}

/// The op of `block` defining `v`, when an op of the block does.
pub fn producer_in(body: &Body, v: ValueId, block: BlockId) -> Option<OpId> {
    body.defining_op(v).filter(|p| body.op_block(*p) == Some(block))
}
