//! Equality saturation: rules applied to every node of the e-graph, round after round,
//! until nothing changes or a limit is reached.
//!
//! One iteration searches every (class, node) with every rule rooted at the node's op kind
//! (rules are indexed by kind, so finding them is one array access) and with the dialect's
//! own folder and patterns of that op ([`crate::dialect_rewrites`]), against a read-only
//! e-graph, then applies the matches: it adds each right-hand side and unions it with the
//! matched node under the rule's (or the pattern's) name (`union_trusted`, so explanations
//! name it), then rebuilds. Limits (iterations, e-nodes, wall time) are the pass's
//! options.
//!
//! Invariant: a union only joins classes of equal type; a right-hand side of another type
//! is added but left alone (it is unreachable and never extracted).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use egg::Id;
use xla_dialects::hlo::HloOpKind;

use crate::analysis::HloEGraph;
use crate::dialect_rewrites::DialectRewrites;
use crate::language::{HloNode, NodeKind};
use crate::rules::{Rhs, Rule, RuleCx};

/// The runner's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    pub iterations: usize,
    pub nodes: usize,
    pub time: Duration,
}

/// Why saturation stopped.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StopReason {
    Saturated,
    IterationLimit,
    NodeLimit,
    TimeLimit,
}

impl StopReason {
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Saturated => "saturated",
            StopReason::IterationLimit => "iteration limit",
            StopReason::NodeLimit => "node limit",
            StopReason::TimeLimit => "time limit",
        }
    }
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct RunReport {
    pub iterations: usize,
    pub stop: StopReason,
    /// Unions each rule, dialect pattern or folder made (that joined two classes), by name.
    pub firings: BTreeMap<&'static str, usize>,
    pub time: Duration,
}

/// Runs `rules` on `egraph` within `limits`.
pub fn run(egraph: &mut HloEGraph<'_>, rules: &[&'static Rule], limits: &Limits) -> RunReport {
    let start = Instant::now();
    let mut by_root: Vec<Vec<&'static Rule>> = vec![Vec::new(); HloOpKind::ALL.len()];
    for rule in rules {
        by_root[rule.root as usize].push(rule);
    }
    let mut report = RunReport { iterations: 0, stop: StopReason::Saturated, firings: BTreeMap::new(), time: Duration::ZERO };
    let mut dialect_rewrites = DialectRewrites::default();
    egraph.rebuild();
    loop {
        if report.iterations >= limits.iterations {
            report.stop = StopReason::IterationLimit;
            break;
        }
        if start.elapsed() >= limits.time {
            report.stop = StopReason::TimeLimit;
            break;
        }
        if egraph.total_number_of_nodes() >= limits.nodes {
            report.stop = StopReason::NodeLimit;
            break;
        }
        report.iterations += 1;
        let matches = search(egraph, &by_root, &mut dialect_rewrites);
        let before = (egraph.total_number_of_nodes(), egraph.number_of_classes());
        let mut changed = false;
        for (name, class, node, rhs) in matches {
            let Some(to) = add_rhs(egraph, &rhs) else { continue };
            if egraph[to].data.ty != egraph[class].data.ty || egraph.find(to) == egraph.find(class) {
                continue;
            }
            let from = if egraph.are_explanations_enabled() { egraph.add_uncanonical(node) } else { class };
            if egraph.union_trusted(from, to, name) {
                *report.firings.entry(name).or_default() += 1;
                changed = true;
            }
        }
        egraph.rebuild();
        let after = (egraph.total_number_of_nodes(), egraph.number_of_classes());
        if !changed && before == after {
            report.stop = StopReason::Saturated;
            break;
        }
    }
    report.time = start.elapsed();
    report
}

/// A match: the name of the rule or dialect rewrite, the class and node it matched, and the
/// right-hand side.
type Match = (&'static str, Id, HloNode, Rhs);

/// The matches on every node of every rule in `by_root` (the rules rooted at each kind,
/// indexed by the kind's discriminant) and of the dialect's rewrites.
fn search(egraph: &HloEGraph<'_>, by_root: &[Vec<&'static Rule>], dialect_rewrites: &mut DialectRewrites) -> Vec<Match> {
    let cx = RuleCx { egraph, ctx: egraph.analysis.ctx };
    let mut matches = Vec::new();
    for class in egraph.classes() {
        for node in &class.nodes {
            let NodeKind::Op(kind) = node.kind else { continue };
            for rule in &by_root[kind as usize] {
                if let Some(rhs) = (rule.apply)(&cx, class.id, node) {
                    matches.push((rule.name, class.id, node.clone(), rhs));
                }
            }
            for forward in dialect_rewrites.forwards(egraph, node) {
                matches.push((forward.name, class.id, node.clone(), Rhs::Class(node.children[forward.child])));
            }
        }
    }
    matches
}

/// Adds a right-hand side; its class.
fn add_rhs(egraph: &mut HloEGraph<'_>, rhs: &Rhs) -> Option<Id> {
    match rhs {
        Rhs::Class(id) => Some(*id),
        Rhs::Node(node, children) => {
            let ids: Option<Vec<Id>> = children.iter().map(|c| add_rhs(egraph, c)).collect();
            let node = node.with_children(ids?);
            Some(if egraph.are_explanations_enabled() { egraph.add_uncanonical(node) } else { egraph.add(node) })
        }
    }
}
