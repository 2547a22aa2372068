//! The schedule of a function: every op nested in it numbered in program order (a pre-order
//! walk), and for each op the span of numbers its regions cover.
//!
//! An op with regions spans its own number and those of every op inside it, so a buffer
//! live across one op of a block is live across everything nested in that op: a loop body
//! runs many times within its loop's span, and a value used inside it is live for all of
//! them. Invariant: spans of two ops of one block never overlap, and an op's span contains
//! the spans of the ops nested in it.

use std::collections::HashMap;

use xla_ir::{Body, OpId, WalkOrder};

/// The program order of one function's ops.
#[derive(Debug, Default)]
pub struct Schedule {
    /// Each op's number and the last number of its regions' ops (its own when it has none).
    spans: HashMap<OpId, (u32, u32)>,
}

impl Schedule {
    /// Numbers the ops nested in `func`.
    pub fn of(body: &Body, func: OpId) -> Schedule {
        let order = body.nested_ops(func, WalkOrder::PreOrder);
        let mut spans = HashMap::with_capacity(order.len());
        for (position, &op) in order.iter().enumerate() {
            let position = u32::try_from(position).unwrap_or(u32::MAX);
            spans.insert(op, (position, position));
        }
        // Walking backwards, an op's span already ends where its last nested op's does once
        // every op after it has been seen; extend each parent by its children's ends.
        for &op in order.iter().rev() {
            let end = spans[&op].1;
            if let Some(parent) = body.parent_op(op) {
                if let Some(span) = spans.get_mut(&parent) {
                    span.1 = span.1.max(end);
                }
            }
        }
        Schedule { spans }
    }

    /// The numbers `op` and the ops nested in it occupy (inclusive), when `op` is in the
    /// function.
    pub fn span(&self, op: OpId) -> Option<(u32, u32)> {
        self.spans.get(&op).copied()
    }
}
