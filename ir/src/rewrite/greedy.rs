//! The greedy pattern driver: folds, erases dead operations and applies patterns until
//! nothing changes (MLIR's `applyPatternsGreedily`).
//!
//! Each sweep puts every operation nested in the root on a worklist, in pre-order, so
//! producers are seen before their users. For each operation, in this order:
//! 1. it is erased when trivially dead: registered as `Pure`, not a terminator, results
//!    unused (the producers of its operands are revisited, since they may be dead now);
//! 2. it is folded through its [`OpDef::fold`](crate::OpDef) unless it is `ConstantLike`
//!    (folding a constant would rematerialize it forever): operands produced by a
//!    `ConstantLike` operation are passed as their `value` attribute; a folded constant is
//!    materialized before the operation by its dialect's `materialize_constant`, and the
//!    users of the replaced results are revisited;
//! 3. patterns rooted on its name, then generic patterns, are tried in the order given; the
//!    first that applies wins, and what it touched is revisited.
//!
//! A sweep that changes nothing ends the driver. Otherwise it sweeps again, at most
//! `max_iterations` times; still changing after that is reported as non-convergence (the IR
//! is valid, just not at a fixed point). Invariant: unregistered operations are never
//! erased or folded, since nothing is known of their effects.

use std::collections::{HashMap, HashSet};

use super::matchers::{constant_value, is_trivially_dead_with};
use super::{RewritePattern, Rewriter};
use crate::op_def::{FoldResult, OpDef, OpRef};
use crate::{Attribute, Body, Builder, Diagnostic, InsertPoint, OpId, OpTrait, ValueId, WalkOrder};

/// Limits and switches of the greedy driver.
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Sweeps over the IR before giving up (at least one runs); MLIR's default is 10.
    pub max_iterations: u32,
    /// Rewrites (erasures, folds, pattern applications) before giving up, counting all
    /// sweeps; `None` for no limit. Guards against patterns that undo each other within one
    /// sweep.
    pub max_rewrites: Option<u64>,
    /// Whether to fold operations through their folders.
    pub fold: bool,
}

impl Default for GreedyConfig {
    fn default() -> GreedyConfig {
        GreedyConfig { max_iterations: 10, max_rewrites: None, fold: true }
    }
}

/// Applies `patterns`, folding and dead-code removal to the operations nested in `root`
/// until a fixed point. Returns whether anything changed, or a diagnostic at `root` when
/// the limits of `config` were reached first (the IR has then changed).
pub fn apply_patterns_greedily(
    body: &mut Body<'_>,
    root: OpId,
    patterns: &[&dyn RewritePattern],
    config: &GreedyConfig,
) -> Result<bool, Diagnostic> {
    let mut driver =
        Driver { body, patterns: PatternIndex::new(patterns), config, rewrites: 0, worklist: Worklist::default() };
    let mut changed_any = false;
    for _ in 0..config.max_iterations.max(1) {
        let ops = driver.body.nested_ops(root, WalkOrder::PreOrder);
        driver.worklist.fill(ops);
        let changed = driver.sweep();
        changed_any |= changed;
        if !changed {
            return Ok(changed_any);
        }
        if config.max_rewrites.is_some_and(|max| driver.rewrites >= max) {
            break;
        }
    }
    let location = driver.body.op(root).location;
    let message = match config.max_rewrites {
        Some(max) if driver.rewrites >= max => {
            format!("greedy rewriting did not converge: stopped after {max} rewrites")
        }
        _ => {
            let sweeps = config.max_iterations.max(1);
            format!("greedy rewriting did not converge after {sweeps} iteration{}", if sweeps == 1 { "" } else { "s" })
        }
    };
    Err(Diagnostic::error(location, message))
}

/// Patterns by the operation name they match.
struct PatternIndex<'p> {
    by_root: HashMap<&'static str, Vec<&'p dyn RewritePattern>>,
    generic: Vec<&'p dyn RewritePattern>,
}

impl<'p> PatternIndex<'p> {
    fn new(patterns: &[&'p dyn RewritePattern]) -> PatternIndex<'p> {
        let mut index = PatternIndex { by_root: HashMap::new(), generic: Vec::new() };
        for &pattern in patterns {
            match pattern.root() {
                Some(name) => index.by_root.entry(name).or_default().push(pattern),
                None => index.generic.push(pattern),
            }
        }
        index
    }

    fn for_op(&self, name: &str) -> impl Iterator<Item = &'p dyn RewritePattern> + '_ {
        self.by_root.get(name).into_iter().flatten().chain(&self.generic).copied()
    }
}

/// A stack of operations to visit, each at most once at a time.
#[derive(Default)]
struct Worklist {
    stack: Vec<OpId>,
    queued: HashSet<OpId>,
}

impl Worklist {
    /// Replaces the contents by `ops`, to be visited in the given order.
    fn fill(&mut self, ops: Vec<OpId>) {
        self.queued = ops.iter().copied().collect();
        self.stack = ops;
        self.stack.reverse();
    }

    /// Queues `op` to be visited next, unless it is already queued.
    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.stack.push(op);
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        let op = self.stack.pop()?;
        self.queued.remove(&op);
        Some(op)
    }
}

struct Driver<'b, 'c, 'p> {
    body: &'b mut Body<'c>,
    patterns: PatternIndex<'p>,
    config: &'b GreedyConfig,
    rewrites: u64,
    worklist: Worklist,
}

impl Driver<'_, '_, '_> {
    /// Visits the worklist until it is empty; whether anything changed.
    fn sweep(&mut self) -> bool {
        let mut changed = false;
        while let Some(op) = self.worklist.pop() {
            if self.config.max_rewrites.is_some_and(|max| self.rewrites >= max) {
                return true;
            }
            if self.body.is_erased(op) || self.body.op_block(op).is_none() {
                continue;
            }
            if self.visit(op) {
                self.rewrites += 1;
                changed = true;
            }
        }
        changed
    }

    /// Erases, folds or rewrites `op`; whether it did.
    fn visit(&mut self, op: OpId) -> bool {
        let def = self.body.ctx().op_def(self.body.op(op).name);
        if let Some(def) = def {
            if is_trivially_dead_with(self.body, op, def) {
                self.push_operand_producers(op);
                self.body.erase_op(op);
                return true;
            }
            if self.config.fold && !def.has_trait(OpTrait::ConstantLike) && self.try_fold(op, def) {
                return true;
            }
        }
        let name = self.body.op_name(op);
        for pattern in self.patterns.for_op(name) {
            let mut rewriter = Rewriter::new(self.body);
            if pattern.match_and_rewrite(&mut rewriter, op).is_ok() {
                let touched = rewriter.changed;
                for t in touched.into_iter().chain([op]) {
                    if !self.body.is_erased(t) {
                        self.worklist.push(t);
                    }
                }
                return true;
            }
        }
        false
    }

    /// Folds `op` and replaces it by the folded values; whether it did.
    fn try_fold(&mut self, op: OpId, def: &'static OpDef) -> bool {
        let Some(fold) = def.fold else { return false };
        let constants: Vec<Option<Attribute>> =
            self.body.op(op).operands.iter().map(|v| constant_value(self.body, *v)).collect();
        let Some(folded) = fold(OpRef::new(self.body, op), &constants) else { return false };
        let results = self.body.op(op).results.clone();
        if folded.len() != results.len() {
            return false;
        }
        let in_place = folded.iter().zip(&results).all(|(f, r)| *f == FoldResult::Value(*r));
        if in_place {
            return false;
        }
        let location = self.body.op(op).location;
        let materialize = self.body.ctx().dialect(def.dialect()).and_then(|dialect| dialect.materialize_constant);
        let mut values: Vec<ValueId> = Vec::with_capacity(results.len());
        let mut created: Vec<OpId> = Vec::new();
        for (f, &result) in folded.iter().zip(&results) {
            let ty = self.body.value_type(result);
            let value = match *f {
                FoldResult::Value(v) if results.contains(&v) || self.body.value_type(v) != ty => None,
                FoldResult::Value(v) => Some(v),
                FoldResult::Constant(attr) => materialize.and_then(|materialize| {
                    let mut builder = Builder::new(self.body, location);
                    builder.set_insert_point(InsertPoint::Before(op));
                    let value = materialize(&mut builder, attr, ty, location)?;
                    created.extend(self.body.defining_op(value));
                    Some(value)
                }),
            };
            match value {
                Some(v) => values.push(v),
                None => {
                    // The fold cannot be expressed here: undo the constants made for it.
                    for c in created.into_iter().rev() {
                        if self.body.op(c).results.iter().all(|r| self.body.is_unused(*r)) {
                            self.body.erase_op(c);
                        }
                    }
                    return false;
                }
            }
        }
        for &r in &results {
            let users: Vec<OpId> = self.body.value(r).uses.iter().map(|u| u.op).collect();
            users.into_iter().for_each(|u| self.worklist.push(u));
        }
        self.push_operand_producers(op);
        self.body.replace_op(op, &values);
        created.into_iter().for_each(|c| self.worklist.push(c));
        true
    }

    fn push_operand_producers(&mut self, op: OpId) {
        let producers: Vec<OpId> = self.body.op(op).operands.iter().filter_map(|v| self.body.defining_op(*v)).collect();
        producers.into_iter().for_each(|p| self.worklist.push(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::RewritePattern;
    use crate::testing::{self, TestIr};

    /// Runs the driver with the default configuration, expecting it to converge.
    fn run(body: &mut Body<'_>, root: OpId, patterns: &[&dyn RewritePattern]) -> bool {
        match apply_patterns_greedily(body, root, patterns, &GreedyConfig::default()) {
            Ok(changed) => changed,
            Err(error) => panic!("did not converge: {}", error.message),
        }
    }

    #[test]
    fn folds_constants_and_materializes_the_result() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        let two = ir.constant(block, 2);
        let three = ir.constant(block, 3);
        let sum = ir.add(block, two, three);
        let out = ir.add(block, sum, two);
        ir.ret(block, &[out]);
        assert!(run(&mut body, func, &[]));
        // The adds fold to 7; the constants 2 and 3 and the intermediate 5 die.
        assert_eq!(testing::op_names(&body, block), vec!["test.const", "test.return"]);
        let ret = body.last_op(block).expect("a terminator");
        assert_eq!(testing::constant_of(&body, body.operand(ret, 0)), Some(7));
    }

    #[test]
    fn folds_to_an_existing_value() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        let x = ir.arg(block);
        let zero = ir.constant(block, 0);
        let sum = ir.add(block, x, zero);
        ir.ret(block, &[sum]);
        assert!(run(&mut body, func, &[]));
        assert_eq!(testing::op_names(&body, block), vec!["test.return"]);
        let ret = body.last_op(block).expect("a terminator");
        assert_eq!(body.operand(ret, 0), x);
    }

    #[test]
    fn keeps_effects_and_unregistered_ops() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        let one = ir.constant(block, 1);
        ir.effect(block, &[one]);
        ir.unregistered(block, "other.thing");
        ir.ret(block, &[]);
        assert!(!run(&mut body, func, &[]));
        assert_eq!(testing::op_names(&body, block), vec!["test.const", "test.effect", "other.thing", "test.return"]);
    }

    #[test]
    fn applies_op_patterns_and_reports_a_fixed_point() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        let x = ir.arg(block);
        let neg = ir.neg(block, x);
        let neg_neg = ir.neg(block, neg);
        ir.ret(block, &[neg_neg]);
        let patterns = testing::all_patterns(&ctx);
        assert!(run(&mut body, func, &patterns));
        assert_eq!(testing::op_names(&body, block), vec!["test.return"]);
        assert!(!run(&mut body, func, &patterns));
    }

    /// Swaps the operands of every `test.add`, so it never reaches a fixed point.
    struct SwapForever;

    impl RewritePattern for SwapForever {
        fn name(&self) -> &'static str {
            "swap-forever"
        }

        fn identity(&self) -> &'static str {
            "a + b == b + a"
        }

        fn root(&self) -> Option<&'static str> {
            Some("test.add")
        }

        fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
            let (a, b) = (rewriter.body.operand(op, 0), rewriter.body.operand(op, 1));
            rewriter.set_operand(op, 0, b);
            rewriter.set_operand(op, 1, a);
            Ok(())
        }
    }

    #[test]
    fn reports_non_convergence() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        let x = ir.arg(block);
        let y = ir.arg(block);
        let sum = ir.add(block, x, y);
        ir.ret(block, &[sum]);
        let config = GreedyConfig { max_iterations: 3, max_rewrites: Some(50), fold: true };
        let error = apply_patterns_greedily(&mut body, func, &[&SwapForever], &config).expect_err("never converges");
        assert_eq!(error.message, "greedy rewriting did not converge: stopped after 50 rewrites");
        let config = GreedyConfig { max_iterations: 1, max_rewrites: None, fold: true };
        // One sweep that changes nothing is a fixed point.
        assert!(matches!(apply_patterns_greedily(&mut body, func, &[], &config), Ok(false)));
    }

    #[test]
    fn declines_folds_it_cannot_materialize() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, block) = ir.func("f");
        // `test.opaque_const` is ConstantLike in a dialect without a materializer, and its
        // `test.opaque_add` users fold to constants that cannot be materialized.
        let a = ir.opaque_constant(block, 1);
        let b = ir.opaque_constant(block, 2);
        let sum = ir.opaque_add(block, a, b);
        ir.ret(block, &[sum]);
        assert!(!run(&mut body, func, &[]));
        assert_eq!(
            testing::op_names(&body, block),
            vec!["test2.opaque_const", "test2.opaque_const", "test2.opaque_add", "test.return"]
        );
    }
}
