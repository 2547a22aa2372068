//! The `simplify` pass: each block of a function's body through the e-graph and back.
//!
//! Per block: translate ([`crate::to_egraph`]), saturate with the selected rules
//! ([`crate::runner`]), extract the cheapest program ([`crate::cost`]), and write it back
//! ([`crate::from_egraph`]) only when it is cheaper than the original: the pass never
//! makes code worse, and a block whose extraction is not cheaper is left untouched (not
//! even reordered).
//!
//! Options: the runner's limits (`max-iterations`, `max-nodes`, `time-limit-ms`), the
//! constant folding bound (`max-fold-elements`), `fast-math` (rules not exact in floating
//! point), `disable-rules`, and the reports `stats` (a remark per block: iterations,
//! e-nodes, e-classes, firings per rule, cost before and after) and `explain` (a remark per
//! replaced value with the chain of rules that proves it equal).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::time::Duration;

use egg::{Extractor, Id};
use xla_dialects::func::FuncOp;
use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions, FUNC_OP};
use xla_ir::{BlockId, Body, Diagnostic, Op, OpId, ValueId};

use crate::analysis::{HloAnalysis, HloEGraph};
use crate::cost::HloCost;
use crate::explain;
use crate::from_egraph::write_back;
use crate::language::HloNode;
use crate::rules::{self, Rule};
use crate::runner::{self, Limits};
use crate::to_egraph::{translate, Translation};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "simplify",
    name: "Simplify",
    summary: "Algebraic simplification of hlo by equality saturation (egg) and cost-based extraction",
    anchor: PassAnchor::Op(FUNC_OP),
    options: &[
        OptionSpec { name: "max-iterations", kind: OptionKind::UInt, default: "16", help: "Rounds of rule application" },
        OptionSpec { name: "max-nodes", kind: OptionKind::UInt, default: "20000", help: "E-nodes before saturation stops" },
        OptionSpec { name: "time-limit-ms", kind: OptionKind::UInt, default: "2000", help: "Wall time of saturation per block" },
        OptionSpec {
            name: "max-fold-elements",
            kind: OptionKind::UInt,
            default: "1024",
            help: "Largest result, in elements, that constant folding computes",
        },
        OptionSpec {
            name: "fast-math",
            kind: OptionKind::Bool,
            default: "false",
            help: "Also apply rules that are not exact in floating point",
        },
        OptionSpec {
            name: "disable-rules",
            kind: OptionKind::List(&OptionKind::String),
            default: "",
            help: "Rules to leave out, by name",
        },
        OptionSpec { name: "stats", kind: OptionKind::Bool, default: "false", help: "Report saturation statistics" },
        OptionSpec {
            name: "explain",
            kind: OptionKind::Bool,
            default: "false",
            help: "Report the rules proving each replacement",
        },
    ],
};

/// The pass's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub limits: Limits,
    pub max_fold_elements: usize,
    pub fast_math: bool,
    pub disabled: Vec<String>,
    pub stats: bool,
    pub explain: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits { iterations: 16, nodes: 20_000, time: Duration::from_millis(2000) },
            max_fold_elements: 1024,
            fast_math: false,
            disabled: Vec::new(),
            stats: false,
            explain: false,
        }
    }
}

/// The pass; see the module documentation.
#[derive(Default)]
pub struct Simplify {
    pub config: Config,
    /// What the last run did, block by block.
    pub reports: Vec<BlockReport>,
}

/// What simplify did to one block.
#[derive(Clone, Debug)]
pub struct BlockReport {
    pub run: Option<runner::RunReport>,
    pub nodes: usize,
    pub classes: usize,
    pub constant_folds: usize,
    pub cost_before: f64,
    pub cost_after: f64,
    pub replaced: usize,
}

/// The registry's constructor.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let known: HashSet<&str> = rules::all().iter().map(|r| r.name).collect();
    let disabled: Vec<String> = options.string_list("disable-rules").into_iter().map(str::to_string).collect();
    if let Some(unknown) = disabled.iter().find(|d| !known.contains(d.as_str())) {
        return Err(format!("no simplify rule is named '{unknown}'"));
    }
    let to_usize = |name: &str| usize::try_from(options.uint(name)).map_err(|_| format!("'{name}' is too large"));
    let config = Config {
        limits: Limits {
            iterations: to_usize("max-iterations")?,
            nodes: to_usize("max-nodes")?,
            time: Duration::from_millis(options.uint("time-limit-ms")),
        },
        max_fold_elements: to_usize("max-fold-elements")?,
        fast_math: options.bool("fast-math"),
        disabled,
        stats: options.bool("stats"),
        explain: options.bool("explain"),
    };
    Ok(Box::new(Simplify { config, reports: Vec::new() }))
}

impl Pass for Simplify {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        self.reports.clear();
        let blocks: Vec<BlockId> = body.op(op).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).collect();
        let rules: Vec<&'static Rule> = rules::all()
            .into_iter()
            .filter(|r| (r.exact || self.config.fast_math) && !self.config.disabled.iter().any(|d| d == r.name))
            .collect();
        for block in blocks {
            let report = simplify_block(body, op, block, &rules, &self.config, cx);
            self.reports.push(report);
        }
        Ok(())
    }
}

/// The DAG cost of the original ops the roots reach.
fn original_cost(egraph: &HloEGraph<'_>, body: &Body<'_>, t: &Translation) -> f64 {
    let nodes: HashMap<ValueId, &HloNode> = t.originals.iter().map(|(op, n)| (body.result(*op, 0), n)).collect();
    let mut seen = HashSet::new();
    let mut stack: Vec<ValueId> = t.roots.iter().map(|(v, _)| *v).collect();
    let mut prices = HloCost::new(egraph);
    let mut cost = 0.0;
    while let Some(v) = stack.pop() {
        let Some(node) = nodes.get(&v) else { continue };
        if !seen.insert(v) {
            continue;
        }
        cost += prices.node_cost(node);
        if let Some(op) = body.defining_op(v) {
            stack.extend(body.op(op).operands.iter().copied());
        }
    }
    cost
}

/// The DAG cost of what `best` picks for the roots.
fn extracted_cost(egraph: &HloEGraph<'_>, roots: &[Id], best: &dyn Fn(Id) -> HloNode) -> f64 {
    let mut seen = HashSet::new();
    let mut stack: Vec<Id> = roots.iter().map(|r| egraph.find(*r)).collect();
    let mut prices = HloCost::new(egraph);
    let mut cost = 0.0;
    while let Some(class) = stack.pop() {
        if !seen.insert(class) {
            continue;
        }
        let node = best(class);
        cost += prices.node_cost(&node);
        stack.extend(node.children.iter().map(|c| egraph.find(*c)));
    }
    cost
}

fn simplify_block(
    body: &mut Body<'_>,
    func: OpId,
    block: BlockId,
    rules: &[&'static Rule],
    config: &Config,
    cx: &mut PassContext,
) -> BlockReport {
    let ctx = body.ctx();
    let mut egraph = HloEGraph::new(HloAnalysis::new(ctx, config.max_fold_elements));
    if config.explain {
        egraph = egraph.with_explanations_enabled();
    }
    let t = translate(&mut egraph, body, block);
    let mut report = BlockReport { run: None, nodes: 0, classes: 0, constant_folds: 0, cost_before: 0.0, cost_after: 0.0, replaced: 0 };
    if t.roots.is_empty() {
        return report;
    }
    let run = runner::run(&mut egraph, rules, &config.limits);
    report.nodes = egraph.total_number_of_nodes();
    report.classes = egraph.number_of_classes();
    report.constant_folds = egraph.analysis.constant_unions;
    report.cost_before = original_cost(&egraph, body, &t);
    let originals: Vec<(ValueId, egg::RecExpr<HloNode>, xla_ir::Location)> = if config.explain {
        t.roots
            .iter()
            .map(|(v, _)| {
                let location = body.defining_op(*v).map_or(ctx.unknown_loc(), |op| body.op(op).location);
                (*v, explain::original_expr(body, &t, *v), location)
            })
            .collect()
    } else {
        Vec::new()
    };
    let root_classes: Vec<Id> = t.roots.iter().map(|(v, _)| t.class_of[v]).collect();
    let extractor = Extractor::new(&egraph, HloCost::new(&egraph));
    let best = |id: Id| extractor.find_best_node(id).clone();
    report.cost_after = extracted_cost(&egraph, &root_classes, &best);
    let improves = report.cost_after < report.cost_before - 1e-9;
    let mut replaced_exprs = Vec::new();
    if improves {
        let written = write_back(body, &t, &egraph, &best);
        report.replaced = written.replaced.len();
        for (old, new) in &written.replaced {
            replaced_exprs.push((*old, *new, extractor.find_best(t.class_of[old]).1));
        }
    } else {
        report.cost_after = report.cost_before;
    }
    drop(extractor);
    report.run = Some(run);
    if config.stats {
        cx.remark(body.op(func).location, stats_line(body, func, &report));
    }
    if config.explain {
        for (old, _, extracted) in &replaced_exprs {
            let Some((_, original, location)) = originals.iter().find(|(v, _, _)| v == old) else { continue };
            let steps = explain::explain(&mut egraph, body, original, extracted);
            let what = body.defining_op(*old).map_or("a value".to_string(), |op| format!("value of '{}'", body.op_name(op)));
            let mut message = format!("simplify replaced {what} by {}", explain::render_expr(body, extracted));
            for step in steps {
                let _ = write!(message, "\n  {step}");
            }
            cx.remark(*location, message);
        }
    }
    report
}

/// The `stats` line of one block.
fn stats_line(body: &Body<'_>, func: OpId, report: &BlockReport) -> String {
    let name = FuncOp::cast(body, func).map_or("?", |f| f.sym_name(body));
    let mut line = String::new();
    if let Some(run) = &report.run {
        let _ = write!(
            line,
            "simplify @{name}: {} iterations ({}), {} e-nodes, {} e-classes, cost {} -> {}, rules:",
            run.iterations,
            run.stop.name(),
            report.nodes,
            report.classes,
            report.cost_before,
            report.cost_after
        );
        let mut fired: Vec<(&str, usize)> = run.firings.iter().map(|(k, v)| (*k, *v)).collect();
        if report.constant_folds > 0 {
            fired.push(("constant-fold", report.constant_folds));
        }
        fired.sort();
        if fired.is_empty() {
            line.push_str(" none");
        }
        for (rule, n) in fired {
            let _ = write!(line, " {rule}={n}");
        }
    }
    line
}
