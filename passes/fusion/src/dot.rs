//! The fused dataflow graph as graphviz dot (option `dump-graph=FILE.dot`).
//!
//! One `digraph` per module with a cluster per function: a node per op of the function's
//! body (a fusion is one node labelled with its kind and the ops it fuses, in order; the
//! return is a node too), and an edge from each producer to each consumer. Ops of nested
//! regions (a `while` body) are inside their op's node. Names are escaped for dot's quoted
//! strings; the output is deterministic.

use std::fmt::Write;

use xla_dialects::hlo::HloOp;
use xla_ir::{Body, OpId};

use crate::graph::BlockGraph;

/// The dot text of the functions `functions` of the module.
pub fn render(body: &Body, functions: &[OpId]) -> String {
    let mut out = String::from("digraph fused {\n  node [shape=box, fontname=\"monospace\"];\n");
    for (f, &func) in functions.iter().enumerate() {
        let name = body.symbol_name(func).unwrap_or("?");
        let _ = writeln!(out, "  subgraph cluster_{f} {{\n    label=\"@{}\";", escape(name));
        let Some(block) = body.op(func).regions.first().and_then(|r| body.entry_block(*r)) else {
            out.push_str("  }\n");
            continue;
        };
        let graph = BlockGraph::build(body, block);
        for (i, &op) in graph.ops.iter().enumerate() {
            let (label, style) = node_label(body, op);
            let _ = writeln!(out, "    f{f}_n{i} [label=\"{}\"{style}];", escape(&label));
        }
        for edge in graph.graph.raw_edges() {
            let _ = writeln!(out, "    f{f}_n{} -> f{f}_n{};", edge.source().index(), edge.target().index());
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

/// The label of `op`'s node and its extra attributes: a fusion lists its kind and the ops
/// of its region (without the `hlo.` prefix).
fn node_label(body: &Body, op: OpId) -> (String, &'static str) {
    let Some(HloOp::Fusion(fusion)) = HloOp::of(body, op) else {
        return (short(body, op).to_string(), "");
    };
    let kind = fusion.kind(body);
    let fused: Vec<&str> = body
        .nested_ops(op, xla_ir::WalkOrder::PreOrder)
        .into_iter()
        .filter(|n| *n != op && body.parent_op(*n) == Some(op) && !matches!(HloOp::of(body, *n), Some(HloOp::Return(_))))
        .map(|n| short(body, n))
        .collect();
    let outputs = body.op(op).results.len();
    let multi = if outputs > 1 { format!(" ({outputs} outputs)") } else { String::new() };
    (format!("fusion kind={}{multi}\\n{}", kind.name(), fused.join(", ")), ", style=filled, fillcolor=lightblue")
}

/// The name of `op` as a label: an hlo op's without the dialect prefix (`add`).
fn short<'c>(body: &Body<'c>, op: OpId) -> &'c str {
    HloOp::of(body, op).map_or_else(|| body.op_name(op), |op| op.kind().short_name())
}

/// `text` escaped for a dot quoted string (the `\n` line breaks of labels are kept).
fn escape(text: &str) -> String {
    text.replace('"', "\\\"")
}
