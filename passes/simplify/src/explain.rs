//! `explain=true`: why a value was replaced, as the chain of named rules that proves the
//! replacement equal to the original (egg's flat explanations).
//!
//! For each replaced root, the original expression (read from the IR) and the extracted one
//! are explained; each step of the flat explanation is one rule applied at one subterm,
//! printed as `rule: before => after`. Leaves print as `%argN` (block arguments) or as the
//! op that defines them (`'hlo.while'#0`).
//!
//! Invariant: explanations only read the e-graph; they need it built with explanations
//! enabled, which the pass does only when this option is on (they cost memory).

use std::collections::HashMap;

use egg::{FlatTerm, Id, RecExpr};
use xla_ir::{Body, ValueDef, ValueId};

use crate::analysis::HloEGraph;
use crate::language::HloNode;
use crate::to_egraph::Translation;

/// The original expression of `root`, from the IR.
pub fn original_expr(body: &Body<'_>, t: &Translation, root: ValueId) -> RecExpr<HloNode> {
    let nodes: HashMap<ValueId, &HloNode> = t.originals.iter().map(|(op, n)| (body.result(*op, 0), n)).collect();
    let mut expr = RecExpr::default();
    let mut memo = HashMap::new();
    add_value(body, &nodes, &mut expr, &mut memo, root);
    expr
}

fn add_value(
    body: &Body<'_>,
    nodes: &HashMap<ValueId, &HloNode>,
    expr: &mut RecExpr<HloNode>,
    memo: &mut HashMap<ValueId, Id>,
    v: ValueId,
) -> Id {
    if let Some(id) = memo.get(&v) {
        return *id;
    }
    let id = match nodes.get(&v) {
        Some(node) => {
            let operands = body.defining_op(v).map(|op| body.op(op).operands.clone()).unwrap_or_default();
            let children = operands.into_iter().map(|o| add_value(body, nodes, expr, memo, o)).collect();
            expr.add(node.with_children(children))
        }
        None => expr.add(HloNode::leaf(v, body.value_type(v))),
    };
    memo.insert(v, id);
    id
}

/// How a leaf reads: `%arg0` or `'hlo.while'#1`.
pub fn leaf_name(body: &Body<'_>, v: ValueId) -> String {
    match body.value(v).def {
        ValueDef::BlockArg { index, .. } => format!("%arg{index}"),
        ValueDef::Result { op, index } => format!("'{}'#{index}", body.op_name(op)),
    }
}

/// A term as an s-expression: `(add %arg0 -0.0)`.
fn render(body: &Body<'_>, term: &FlatTerm<HloNode>) -> String {
    let head = term.node.describe(body.ctx(), &|v| leaf_name(body, v));
    if term.children.is_empty() {
        return head;
    }
    let children: Vec<String> = term.children.iter().map(|c| render(body, c)).collect();
    format!("({head} {})", children.join(" "))
}

/// A RecExpr as an s-expression.
pub fn render_expr(body: &Body<'_>, expr: &RecExpr<HloNode>) -> String {
    fn go(body: &Body<'_>, expr: &RecExpr<HloNode>, id: Id) -> String {
        let node = &expr[id];
        let head = node.describe(body.ctx(), &|v| leaf_name(body, v));
        if node.children.is_empty() {
            return head;
        }
        let children: Vec<String> = node.children.iter().map(|c| go(body, expr, *c)).collect();
        format!("({head} {})", children.join(" "))
    }
    if expr.as_ref().is_empty() {
        return String::new();
    }
    go(body, expr, Id::from(expr.as_ref().len() - 1))
}

/// The path to the subterm carrying a rewrite, its rule and direction.
fn rewrite_at(term: &FlatTerm<HloNode>, path: &mut Vec<usize>) -> Option<(String, bool)> {
    if let Some(rule) = &term.forward_rule {
        return Some((rule.to_string(), true));
    }
    if let Some(rule) = &term.backward_rule {
        return Some((rule.to_string(), false));
    }
    for (i, child) in term.children.iter().enumerate() {
        path.push(i);
        if let Some(found) = rewrite_at(child, path) {
            return Some(found);
        }
        path.pop();
    }
    None
}

fn subterm<'a>(term: &'a FlatTerm<HloNode>, path: &[usize]) -> Option<&'a FlatTerm<HloNode>> {
    path.iter().try_fold(term, |t, i| t.children.get(*i))
}

/// The steps proving `original` equal to `extracted`: `rule: before => after`, one a line.
pub fn explain(egraph: &mut HloEGraph<'_>, body: &Body<'_>, original: &RecExpr<HloNode>, extracted: &RecExpr<HloNode>) -> Vec<String> {
    let mut explanation = egraph.explain_equivalence(original, extracted);
    let flat = explanation.make_flat_explanation();
    let mut steps = Vec::new();
    for pair in flat.windows(2) {
        let mut path = Vec::new();
        let Some((rule, forward)) = rewrite_at(&pair[1], &mut path) else { continue };
        let (Some(before), Some(after)) = (subterm(&pair[0], &path), subterm(&pair[1], &path)) else { continue };
        let direction = if forward { "" } else { " (backwards)" };
        steps.push(format!("{rule}{direction}: {} => {}", render(body, before), render(body, after)));
    }
    steps
}
