//! Equality saturation: rules applied to every node of the e-graph, round after round,
//! until nothing changes or a limit is reached.
//!
//! One iteration searches every (class, node) with every rule rooted at the node's op,
//! against a read-only e-graph, then applies the matches: it adds each right-hand side and
//! unions it with the matched node under the rule's name (`union_trusted`, so explanations
//! name the rule), then rebuilds. Limits (iterations, e-nodes, wall time) are the pass's
//! options.
//!
//! Invariant: a union only joins classes of equal type; a right-hand side of another type
//! is added but left alone (it is unreachable and never extracted).

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use egg::Id;
use xla_ir::Symbol;

use crate::analysis::HloEGraph;
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
    /// Unions each rule made (that joined two classes), by rule name.
    pub firings: BTreeMap<&'static str, usize>,
    pub time: Duration,
}

/// Runs `rules` on `egraph` within `limits`.
pub fn run(egraph: &mut HloEGraph<'_>, rules: &[&'static Rule], limits: &Limits) -> RunReport {
    let start = Instant::now();
    let ctx = egraph.analysis.ctx;
    let mut by_root: HashMap<Symbol, Vec<&'static Rule>> = HashMap::new();
    for rule in rules {
        by_root.entry(ctx.symbol(rule.root)).or_default().push(rule);
    }
    let mut report = RunReport { iterations: 0, stop: StopReason::Saturated, firings: BTreeMap::new(), time: Duration::ZERO };
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
        let matches = search(egraph, &by_root);
        let before = (egraph.total_number_of_nodes(), egraph.number_of_classes());
        let mut changed = false;
        for (rule, class, node, rhs) in matches {
            let Some(to) = add_rhs(egraph, &rhs) else { continue };
            if egraph[to].data.ty != egraph[class].data.ty || egraph.find(to) == egraph.find(class) {
                continue;
            }
            let from = if egraph.are_explanations_enabled() { egraph.add_uncanonical(node) } else { class };
            if egraph.union_trusted(from, to, rule.name) {
                *report.firings.entry(rule.name).or_default() += 1;
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

type Match = (&'static Rule, Id, HloNode, Rhs);

fn search(egraph: &HloEGraph<'_>, by_root: &HashMap<Symbol, Vec<&'static Rule>>) -> Vec<Match> {
    let cx = RuleCx { egraph, ctx: egraph.analysis.ctx };
    let mut matches = Vec::new();
    for class in egraph.classes() {
        for node in &class.nodes {
            let NodeKind::Op(name) = node.kind else { continue };
            for rule in by_root.get(&name).into_iter().flatten() {
                if let Some(rhs) = (rule.apply)(&cx, class.id, node) {
                    matches.push((*rule, class.id, node.clone(), rhs));
                }
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
