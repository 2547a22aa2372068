//! The dialect's own rewrites of one op, applied to e-nodes: the op's folder
//! ([`OpDef::fold`](xla_ir::OpDef)) and its canonicalization patterns
//! ([`OpDef::patterns`](xla_ir::OpDef)), which `canonicalize` applies to the IR.
//!
//! An algebraic identity lives in one place. An identity that an op's folder or one of its
//! patterns implements (`x + 0 == x`, `x * 1 == x`, `reshape(x) : T == x` for `x : T`,
//! `select(p, a, a) == a`, ...) is not restated as a rule ([`crate::rules`]): simplify
//! applies the dialect's implementation to every node instead, so the two passes share it.
//!
//! For a node, a scratch body holds its op over one value per child class: an
//! `hlo.constant` of the class's literal when the analysis knows one (patterns find
//! constants through their defining op, folders are given them as attributes, as the greedy
//! driver gives them), otherwise a block argument; children of one class share their value,
//! so `select(p, x, x)` sees one operand twice. The folder is called, and every pattern is
//! tried, on that body (rebuilt after a pattern changed it). A result that is one of the
//! op's operands makes the node equal to that child's class: the runner unions them under
//! the pattern's name, or [`FOLDER`] for the folder.
//!
//! Invariants:
//! - Only rewrites to an existing operand are taken. A folded constant is left to the
//!   analysis, whose interpreter is the oracle for constants (taking the folder's literal
//!   too could join two roundings of one value), and a rewrite into new ops is left to
//!   `canonicalize`, which may apply it whether or not it is cheaper.
//! - `ConstantLike` ops are neither folded nor rewritten: they are what folding makes, as
//!   the greedy driver has it.
//! - Results are memoized per node (children canonical) and recomputed when the set of its
//!   children with known constants changes: the scratch body depends on nothing else.

use std::collections::HashMap;

use egg::Id;
use xla_dialects::func::ReturnOp;
use xla_dialects::hlo::{ConstantOp, HloOpKind};
use xla_ir::op_def::{FoldResult, OpDef, OpTrait};
use xla_ir::rewrite::{constant_value, Rewriter};
use xla_ir::{Body, Builder, InsertPoint, Op, OpId, OpRef, ValueId};

use crate::analysis::HloEGraph;
use crate::from_egraph::create_op;
use crate::language::{HloNode, NodeKind};

/// The name unions made by an op's folder go under (patterns' go under their own names).
pub const FOLDER: &str = "folder";

/// An identity the dialect found for a node: its name, and the child the node equals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forward {
    pub name: &'static str,
    pub child: usize,
}

/// The memo of the dialect's rewrites of every node seen: for each node, which children had
/// known constants and what was found then. See the module documentation.
#[derive(Default)]
pub struct DialectRewrites {
    memo: HashMap<HloNode, (Vec<bool>, Vec<Forward>)>,
}

/// A node's op alone in a body, over one value per child class, and a user of its result
/// that shows what a pattern replaced it by.
struct Scratch<'c> {
    body: Body<'c>,
    op: OpId,
    user: OpId,
    operands: Vec<ValueId>,
}

impl DialectRewrites {
    /// The identities the dialect's folder and patterns find for `node` (its children
    /// canonical), each an operand the node equals.
    pub fn forwards(&mut self, egraph: &HloEGraph<'_>, node: &HloNode) -> &[Forward] {
        let NodeKind::Op(kind) = node.kind else { return &[] };
        let def = kind.def();
        if def.has_trait(OpTrait::ConstantLike) || (def.fold.is_none() && def.patterns.is_empty()) {
            return &[];
        }
        let with_constant: Vec<bool> = node.children.iter().map(|c| egraph[*c].data.constant.is_some()).collect();
        let stale = self.memo.get(node).is_none_or(|(seen_with_constant, _)| *seen_with_constant != with_constant);
        if stale {
            let found = find_forwards(egraph, node, def);
            self.memo.insert(node.clone(), (with_constant, found));
        }
        &self.memo[node].1
    }
}

/// What [`DialectRewrites::forwards`] memoizes: the identities `def`'s folder and patterns
/// find for `node`.
fn find_forwards(egraph: &HloEGraph<'_>, node: &HloNode, def: &'static OpDef) -> Vec<Forward> {
    let mut found = Vec::new();
    let Some(mut scratch) = Scratch::new(egraph, node) else { return found };
    if let Some(fold) = def.fold {
        let constants: Vec<_> = scratch.operands.iter().map(|v| constant_value(&scratch.body, *v)).collect();
        if let Some([FoldResult::Value(value)]) = fold(OpRef::new(&scratch.body, scratch.op), &constants).as_deref() {
            found.extend(scratch.child_of(*value).map(|child| Forward { name: FOLDER, child }));
        }
    }
    for pattern in def.patterns {
        if pattern.match_and_rewrite(&mut Rewriter::new(&mut scratch.body), scratch.op).is_err() {
            continue;
        }
        let replacement = scratch.body.op(scratch.user).operands[0];
        found.extend(scratch.child_of(replacement).map(|child| Forward { name: pattern.name(), child }));
        let Some(fresh) = Scratch::new(egraph, node) else { break };
        scratch = fresh;
    }
    found
}

impl<'c> Scratch<'c> {
    /// The scratch body of `node`; `None` when the node's op cannot be built.
    fn new(egraph: &HloEGraph<'c>, node: &HloNode) -> Option<Scratch<'c>> {
        let ctx = egraph.analysis.ctx;
        let location = ctx.unknown_loc();
        let mut body = Body::new(ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let mut value_of_class: HashMap<Id, ValueId> = HashMap::new();
        let mut operands = Vec::with_capacity(node.children.len());
        for child in &node.children {
            let class = egraph.find(*child);
            let value = match value_of_class.get(&class) {
                Some(value) => *value,
                None => {
                    let ty = egraph[class].data.ty;
                    let literal = egraph[class]
                        .nodes
                        .iter()
                        .find(|n| n.is(HloOpKind::Constant))
                        .and_then(|n| n.attrs.first())
                        .and_then(|(_, value)| ctx.as_dense(*value))
                        .filter(|dense| dense.ty == ty);
                    let value = match literal {
                        Some(dense) => {
                            let constant = ConstantOp::build(&mut Builder::at_end(&mut body, block, location), dense).ok()?;
                            constant.result(&body)
                        }
                        None => body.add_block_arg(block, ty),
                    };
                    value_of_class.insert(class, value);
                    value
                }
            };
            operands.push(value);
        }
        let op = create_op(&mut body, node, operands.clone(), location)?;
        body.insert_op(op, InsertPoint::BlockEnd(block));
        let result = body.result(op, 0);
        let user = ReturnOp::build(&mut Builder::at_end(&mut body, block, location), &[result]).ok()?.id();
        Some(Scratch { body, op, user, operands })
    }

    /// The first child whose value `value` is, if it is one of the operands.
    fn child_of(&self, value: ValueId) -> Option<usize> {
        self.operands.iter().position(|v| *v == value)
    }
}

#[cfg(test)]
mod tests {
    use xla_dialects::func::FuncOp;
    use xla_ir::{Body, Context, Op};

    use super::{DialectRewrites, Forward, FOLDER};
    use crate::analysis::{HloAnalysis, HloEGraph};
    use crate::language::HloNode;
    use crate::to_egraph::translate;

    const PROGRAM: &str = r#"
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<-0.0> : tensor<4xf32>
  %two = hlo.constant dense<2.0> : tensor<4xf32>
  %0 = hlo.add %x, %z : tensor<4xf32>
  %1 = hlo.add %two, %two : tensor<4xf32>
  %2 = hlo.reshape %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
"#;

    /// The identities found for the modeled ops of `PROGRAM`'s function, in block order.
    fn forwards_of_program() -> Vec<Vec<Forward>> {
        let mut ctx = Context::new();
        xla_dialects::register_all(&mut ctx);
        let module = xla_ir::parser::parse_source(&ctx, "f.mlir", PROGRAM, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
        let body: &Body = &module.body;
        let func = body.all_op_ids().find_map(|op| FuncOp::cast(body, op)).expect("the program has a function");
        let block = body.entry_block(func.body(body)).expect("the function has a body");
        let mut egraph = HloEGraph::new(HloAnalysis::new(&ctx, 1024));
        let translation = translate(&mut egraph, body, block);
        egraph.rebuild();
        let mut rewrites = DialectRewrites::default();
        translation
            .originals
            .iter()
            .map(|(_, node)| {
                let canonical: HloNode = node.with_children(node.children.iter().map(|c| egraph.find(*c)).collect());
                rewrites.forwards(&egraph, &canonical).to_vec()
            })
            .collect()
    }

    #[test]
    fn folders_and_patterns_give_back_operands_and_leave_constants_to_the_analysis() {
        let found = forwards_of_program();
        let [z, two, add_zero, add_constants, reshape] = &found[..] else { panic!("five modeled ops, found {found:?}") };
        assert!(z.is_empty() && two.is_empty(), "constants are neither folded nor rewritten");
        assert_eq!(add_zero, &[Forward { name: FOLDER, child: 0 }]);
        assert!(add_constants.is_empty(), "the folder's literal for 2 + 2 is the analysis's to make");
        assert_eq!(reshape, &[Forward { name: "reshape-identity", child: 0 }]);
    }
}
