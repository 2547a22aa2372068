//! The fusion decisions of one block: groups of ops and, for each op, where it is computed.
//!
//! Every op that may take part in a fusion starts as the only member of its own group (its
//! *home*). Fusing producer `P` into group `g` either *moves* it (its home group dies and
//! `g` becomes its home: the op itself goes into `g`'s region) or *clones* it (`g` computes
//! its own copy; `P` keeps its home when consumers outside still read it, and is erased
//! otherwise). A group with two or more members becomes an `hlo.fusion`.
//!
//! Invariants: for every op `x` and every user `u` of `x` in the block, each group holding
//! `u` also holds `x`, or `x` has a home that provides its result; a cloned op is
//! [`Class::Duplicable`](crate::classify::Class::Duplicable); [`Plan::check_acyclic`] holds
//! before any IR changes (the graph of groups and unfused ops has no cycle).

use std::collections::{BTreeMap, HashMap, HashSet};

use petgraph::algo::{has_path_connecting, is_cyclic_directed};
use petgraph::graph::{DiGraph, NodeIndex};
use xla_dialects::hlo::{FusionKind, HloOp};
use xla_ir::{Body, Diagnostic, OpId, OpTrait};

use crate::classify::{classify, Class};
use crate::graph::BlockGraph;

/// A group of ops computed together.
#[derive(Clone, Debug)]
pub struct Group {
    /// How the fusion is emitted.
    pub kind: FusionKind,
    /// The members by block position.
    pub members: BTreeMap<usize, OpId>,
    /// The members some element of which a consumer in the group reads more than once per
    /// element of the fusion's output (under a broadcast): no expensive producer fuses
    /// into them.
    pub reread: HashSet<OpId>,
    /// The shape every root of the group shares (its output shape; for an input fusion the
    /// reduced operand's shape and the result's), which siblings must share to merge.
    pub key: Option<(Vec<i64>, Vec<i64>)>,
    /// How many roots (ops whose results leave the group) it was formed from.
    pub roots: usize,
    /// Whether the group still exists (merged or dissolved groups do not).
    pub alive: bool,
}

/// The graph of groups and unfused ops (node weights: a group's index, or the number of
/// groups plus an unfused op's position), and each one's node.
pub type Quotient = (DiGraph<usize, ()>, HashMap<usize, NodeIndex>);

/// The decisions for one block.
pub struct Plan {
    /// Every group ever made (dead ones included, so indices stay stable).
    pub groups: Vec<Group>,
    /// Where an op's original is computed: its home group; none when it was cloned into
    /// every consumer (or is no part of any group).
    pub home: HashMap<OpId, usize>,
    /// Every live group holding each op.
    pub placements: HashMap<OpId, Vec<usize>>,
    /// Each op's class.
    pub class: HashMap<OpId, Class>,
}

impl Plan {
    /// The initial plan of `graph`'s block: a group per op that can take part in a fusion.
    pub fn new(body: &Body, graph: &BlockGraph) -> Plan {
        let mut plan = Plan { groups: Vec::new(), home: HashMap::new(), placements: HashMap::new(), class: HashMap::new() };
        for (position, &op) in graph.ops.iter().enumerate() {
            let class = classify(body, op);
            plan.class.insert(op, class);
            if class == Class::Unfusible {
                continue;
            }
            let kind = match class {
                Class::ReductionRoot => FusionKind::Input,
                Class::DotRoot => FusionKind::Output,
                _ => FusionKind::Loop,
            };
            let key = group_key(body, op, class);
            let group = Group { kind, members: BTreeMap::from([(position, op)]), reread: HashSet::new(), key, roots: 1, alive: true };
            plan.home.insert(op, plan.groups.len());
            plan.placements.insert(op, vec![plan.groups.len()]);
            plan.groups.push(group);
        }
        plan
    }

    /// The class of `op` (unfusible for an op of another block).
    pub fn class_of(&self, op: OpId) -> Class {
        self.class.get(&op).copied().unwrap_or(Class::Unfusible)
    }

    /// The live groups holding `op`.
    pub fn groups_of(&self, op: OpId) -> &[usize] {
        self.placements.get(&op).map_or(&[], Vec::as_slice)
    }

    /// Whether `op`'s home is the group holding it alone.
    pub fn is_alone(&self, op: OpId) -> bool {
        self.home.get(&op).is_some_and(|g| self.groups[*g].members.len() == 1)
    }

    /// Moves `op` (at `position`) out of its home into group `g`, which becomes its home.
    pub fn move_into(&mut self, op: OpId, position: usize, g: usize) {
        if let Some(old) = self.home.remove(&op) {
            self.groups[old].alive = false;
            self.groups[old].members.clear();
        }
        self.groups[g].members.insert(position, op);
        self.home.insert(op, g);
        self.placements.insert(op, vec![g]);
    }

    /// Adds a copy of `op` (at `position`) to group `g`.
    pub fn clone_into(&mut self, op: OpId, position: usize, g: usize) {
        self.groups[g].members.insert(position, op);
        let placements = self.placements.entry(op).or_default();
        if !placements.contains(&g) {
            placements.push(g);
        }
    }

    /// Dissolves `op`'s home group (it held `op` alone): every consumer computes its own
    /// copy and the original will be erased.
    pub fn drop_home(&mut self, op: OpId) {
        if let Some(old) = self.home.remove(&op) {
            self.groups[old].alive = false;
            self.groups[old].members.clear();
            self.placements.entry(op).or_default().retain(|g| *g != old);
        }
    }

    /// Merges group `from` into group `into` (a sibling merge).
    pub fn merge(&mut self, into: usize, from: usize) {
        let from_group = std::mem::take(&mut self.groups[from].members);
        self.groups[from].alive = false;
        let reread: Vec<OpId> = self.groups[from].reread.drain().collect();
        let roots = self.groups[from].roots;
        let into_group = &mut self.groups[into];
        into_group.roots += roots;
        into_group.reread.extend(reread);
        for (position, op) in from_group {
            into_group.members.insert(position, op);
            if self.home.get(&op) == Some(&from) {
                self.home.insert(op, into);
            }
            let placements = self.placements.entry(op).or_default();
            placements.retain(|g| *g != from && *g != into);
            placements.push(into);
        }
    }

    /// Gives an op cloned into exactly one group (and no longer anywhere else) that group
    /// as its home: its one copy is the original, moved.
    pub fn normalize(&mut self) {
        for (op, placements) in &self.placements {
            if !self.home.contains_key(op) && placements.len() == 1 {
                self.home.insert(*op, placements[0]);
            }
        }
    }

    /// The live groups of two or more members other than constants (a reduction with its
    /// init constant is no fusion): the fusions to build, in block order of their first
    /// member.
    pub fn fusions(&self, body: &Body) -> Vec<usize> {
        let computing = |g: usize| self.groups[g].members.values().filter(|m| !matches!(HloOp::of(body, **m), Some(HloOp::Constant(_)))).count();
        let mut fusions: Vec<usize> = (0..self.groups.len()).filter(|g| self.groups[*g].alive && computing(*g) >= 2).collect();
        fusions.sort_by_key(|g| self.groups[*g].members.keys().next().copied());
        fusions
    }

    /// Whether `op` will be erased: it takes part in fusions but has no home (every
    /// consumer computes its own copy).
    pub fn is_erased(&self, op: OpId) -> bool {
        self.class_of(op) != Class::Unfusible && !self.home.contains_key(&op)
    }

    /// The graph of what the block becomes: a node per live group and per unfused op, an
    /// edge where one reads a result of the other, and edges that keep the ops with effects
    /// in their order. An error when a group reads an op that
    /// neither it nor any home computes, which would be a bug of the decisions.
    pub fn quotient(&self, body: &Body, graph: &BlockGraph) -> Result<Quotient, String> {
        // Node keys: group index, or `groups.len() + position` for an unfused op.
        let mut quotient = DiGraph::new();
        let mut nodes = HashMap::new();
        let standalone = |position: usize| self.groups.len() + position;
        for (g, group) in self.groups.iter().enumerate() {
            if group.alive {
                nodes.insert(g, quotient.add_node(g));
            }
        }
        for (position, &op) in graph.ops.iter().enumerate() {
            if self.class_of(op) == Class::Unfusible {
                nodes.insert(standalone(position), quotient.add_node(standalone(position)));
            }
        }
        let provider = |op: OpId| -> Option<usize> {
            match self.home.get(&op) {
                Some(g) => Some(*g),
                None if self.class_of(op) == Class::Unfusible => Some(standalone(graph.position(op))),
                None => None,
            }
        };
        let mut add_edges = |consumer: usize, members: &[OpId]| -> Result<(), String> {
            for &m in members {
                for v in crate::graph::used_values(body, m) {
                    let Some(producer) = crate::graph::producer_in(body, v, body.op_block(m).ok_or("an op outside a block")?) else {
                        continue;
                    };
                    if members.contains(&producer) {
                        continue;
                    }
                    let from = provider(producer)
                        .ok_or_else(|| format!("'{}' reads '{}', which nothing computes", body.op_name(m), body.op_name(producer)))?;
                    if from != consumer {
                        let (a, b) = (nodes[&from], nodes[&consumer]);
                        if quotient.find_edge(a, b).is_none() {
                            quotient.add_edge(a, b, ());
                        }
                    }
                }
            }
            Ok(())
        };
        for (g, group) in self.groups.iter().enumerate() {
            if group.alive {
                let members: Vec<OpId> = group.members.values().copied().collect();
                add_edges(g, &members)?;
            }
        }
        for (position, &op) in graph.ops.iter().enumerate() {
            if self.class_of(op) == Class::Unfusible {
                add_edges(standalone(position), &[op])?;
            }
        }
        // Ops with effects keep their order (outlining chains them so), which is an edge
        // from each to the next: without it, a sibling merge across the chain (one sibling
        // read by an earlier effect, the other reading a later one) would look acyclic.
        // Every op with effects is unfused (grouped ops are pure), so each has its node.
        let mut previous_effect = None;
        for (position, &op) in graph.ops.iter().enumerate() {
            let pure = body.ctx().op_def(body.op(op).name).is_some_and(|d| d.has_trait(OpTrait::Pure));
            if pure || self.class_of(op) != Class::Unfusible {
                continue;
            }
            let node = nodes[&standalone(position)];
            if let Some(previous) = previous_effect {
                if quotient.find_edge(previous, node).is_none() {
                    quotient.add_edge(previous, node, ());
                }
            }
            previous_effect = Some(node);
        }
        Ok((quotient, nodes))
    }

    /// Whether a path joins groups `a` and `b` (either way) in the graph of what the block
    /// becomes: merging them would then make a cycle, or fuse a producer into its consumer
    /// through a sibling merge.
    pub fn connected(&self, body: &Body, graph: &BlockGraph, a: usize, b: usize) -> bool {
        match self.quotient(body, graph) {
            Ok((quotient, nodes)) => {
                let (na, nb) = (nodes[&a], nodes[&b]);
                has_path_connecting(&quotient, na, nb, None) || has_path_connecting(&quotient, nb, na, None)
            }
            // A plan that cannot be checked is not extended.
            Err(_) => true,
        }
    }

    /// Checks that what the block becomes has no cycle (heuristic-independent invariant:
    /// fusion never creates a cycle). The error is an internal error at the block's parent.
    pub fn check_acyclic(&self, body: &Body, graph: &BlockGraph, at: OpId) -> Result<(), Diagnostic> {
        let internal = |message: String| Diagnostic::error(body.op(at).location, format!("internal error in fusion: {message}"));
        let (quotient, _) = self.quotient(body, graph).map_err(internal)?;
        if is_cyclic_directed(&quotient) {
            return Err(internal("the fused graph would have a cycle".to_string()));
        }
        Ok(())
    }
}

/// The shape key of the group `op` starts: its result's shape, twice; for a reduction, its
/// first input's shape and its result's.
fn group_key(body: &Body, op: OpId, class: Class) -> Option<(Vec<i64>, Vec<i64>)> {
    let result = crate::classify::shape(body, body.result(op, 0))?;
    match class {
        Class::ReductionRoot => Some((crate::classify::shape(body, body.operand(op, 0))?, result)),
        _ => Some((result.clone(), result)),
    }
}
