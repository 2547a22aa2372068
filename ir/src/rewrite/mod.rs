//! Rewrite patterns: local, named transformations that canonicalization and lowering apply.
//!
//! A pattern matches a root operation and rewrites through a [`Rewriter`], which keeps the
//! greedy driver's worklist informed of what changed. When it declines, it says why
//! (MLIR's `notifyMatchFailure`). The greedy driver ([`apply_patterns_greedily`]) applies
//! patterns and folders until nothing changes.
//!
//! Invariants of a pattern: it returns `Ok` only when it changed the IR (otherwise the
//! driver would revisit the operation forever); every edit it makes keeps the IR valid; and
//! it edits through the [`Rewriter`] (or, for in-place edits of the root operation only,
//! through `rewriter.body`, since the driver revisits the root after a success).

mod greedy;
mod matchers;

pub use greedy::{apply_patterns_greedily, GreedyConfig};
pub use matchers::{constant_value, is_trivially_dead};

use crate::{Body, InsertPoint, OpId, OpState, ValueId};

/// A named rewrite with the identity it implements.
pub trait RewritePattern {
    /// A short name, unique within the dialect: `add-zero`.
    fn name(&self) -> &'static str;

    /// The identity the rewrite implements, for documentation: `x + 0 == x`.
    fn identity(&self) -> &'static str;

    /// The operation name the pattern matches, or `None` for any operation.
    fn root(&self) -> Option<&'static str>;

    /// Rewrites `op`, or returns why it does not apply.
    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str>;
}

/// Edits the body on a pattern's behalf and records what changed.
pub struct Rewriter<'a, 'c> {
    pub body: &'a mut Body<'c>,
    /// Operations created, whose operands changed, whose operands were replaced, or which
    /// lost a user; the driver revisits those that still exist.
    pub changed: Vec<OpId>,
}

impl<'a, 'c> Rewriter<'a, 'c> {
    pub fn new(body: &'a mut Body<'c>) -> Self {
        Rewriter { body, changed: Vec::new() }
    }

    /// Creates an operation right before `anchor`.
    pub fn create_before(&mut self, anchor: OpId, state: OpState) -> OpId {
        let op = self.body.create_op(state);
        self.body.insert_op(op, InsertPoint::Before(anchor));
        self.changed.push(op);
        op
    }

    /// Replaces `op`'s results by `values` and erases it; the users are revisited, and so are
    /// the producers of its operands, which may have become dead.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        for r in self.body.op(op).results.clone() {
            self.changed.extend(self.body.value(r).uses.iter().map(|u| u.op));
        }
        self.note_operand_producers(op);
        self.body.replace_op(op, values);
    }

    /// Sets operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        let old = self.body.operand(op, i);
        self.changed.extend(self.body.defining_op(old));
        self.body.set_operand(op, i, v);
        self.changed.push(op);
    }

    /// Erases `op`, whose results must be unused.
    pub fn erase(&mut self, op: OpId) {
        self.note_operand_producers(op);
        self.body.erase_op(op);
    }

    fn note_operand_producers(&mut self, op: OpId) {
        let producers: Vec<OpId> = self.body.op(op).operands.iter().filter_map(|v| self.body.defining_op(*v)).collect();
        self.changed.extend(producers);
    }
}
