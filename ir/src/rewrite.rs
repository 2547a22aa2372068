//! Rewrite patterns: local, named transformations that canonicalization and lowering apply.
//!
//! A pattern matches a root operation and rewrites through a [`Rewriter`], which keeps the
//! greedy driver's worklist informed of what changed. When it declines, it says why
//! (MLIR's `notifyMatchFailure`); `--debug-patterns` style tracing can print the reason.

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
    /// Operations created or whose operands changed; the driver revisits them.
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

    /// Replaces `op`'s results by `values` and erases it; the users are revisited.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        for r in self.body.op(op).results.clone() {
            self.changed.extend(self.body.value(r).uses.iter().map(|u| u.op));
        }
        self.body.replace_op(op, values);
    }

    /// Sets operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        self.body.set_operand(op, i, v);
        self.changed.push(op);
    }
}
