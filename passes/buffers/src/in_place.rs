//! In-place reuse: an elementwise nest that reads a temporary for the last time may write
//! its result temporary over it, at the same offset.
//!
//! The pair (`read`, `written`) qualifies when, with `P` the op of their common block where
//! `read`'s live range ends and `written`'s starts:
//! - both are allocs of the same block and of the same type, so that one index is the same
//!   bytes in both;
//! - `P` is a `loop.parallel`, whose iterations touch disjoint indices;
//! - inside `P`, `read` is only loaded and `written` only stored, directly in the body's
//!   block (never in a nested region, whose order would need more thought), always at
//!   exactly the body's induction variables, in order;
//! - every load of `read` comes before every store to `written` in the block.
//!
//! Then each iteration reads the elements at its own index before it writes the same bytes,
//! and no other iteration touches them, so the written element never clobbers one still to
//! be read. Invariant: each temporary is in at most one pair as the one read and one as the
//! one written, so pairs chain into groups that [`crate::packing`] places as one buffer.
//! Nests, loads and stores are known by their typed views ([`LoopOp`]), never by name.

use xla_dialects::loops::LoopOp;
use xla_ir::{Body, OpId, ValueId};

use crate::liveness::Temporary;
use crate::schedule::Schedule;

/// The pairs `(read, written)` of indices into `temporaries` that may share their bytes.
pub fn pairs(body: &Body, schedule: &Schedule, temporaries: &[Temporary]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut is_read = vec![false; temporaries.len()];
    let mut is_written = vec![false; temporaries.len()];
    for (r, read) in temporaries.iter().enumerate() {
        for (w, written) in temporaries.iter().enumerate() {
            if r == w || is_read[r] || is_written[w] || read.range.end < written.range.start {
                continue;
            }
            if qualifies(body, schedule, read, written) {
                is_read[r] = true;
                is_written[w] = true;
                pairs.push((r, w));
            }
        }
    }
    pairs
}

/// Whether `written` may take `read`'s bytes (see the module).
fn qualifies(body: &Body, schedule: &Schedule, read: &Temporary, written: &Temporary) -> bool {
    let (read_buffer, written_buffer) = (body.result(read.alloc, 0), body.result(written.alloc, 0));
    let Some(block) = body.op_block(read.alloc) else { return false };
    if body.op_block(written.alloc) != Some(block) || body.value_type(read_buffer) != body.value_type(written_buffer) {
        return false;
    }
    // The op of the common block where one range ends and the other starts.
    let Some(nest) = body.value(written_buffer).uses.first().and_then(|u| crate::liveness::ancestor_in(body, u.op, block)) else {
        return false;
    };
    let Some(LoopOp::Parallel(parallel)) = LoopOp::of(body, nest) else { return false };
    if schedule.span(nest) != Some((written.range.start, read.range.end)) {
        return false;
    }
    let Some(nest_block) = body.entry_block(parallel.body(body)) else { return false };
    let induction = body.block(nest_block).args.clone();
    let ops: Vec<OpId> = body.block_ops(nest_block).collect();
    let position = |op: OpId| ops.iter().position(|o| *o == op);
    let uses_in_nest = |buffer: ValueId| body.value(buffer).uses.iter().filter(|u| body.is_ancestor(nest, u.op)).copied().collect::<Vec<_>>();
    let mut last_load = None;
    for u in uses_in_nest(read_buffer) {
        // The use is the load's buffer operand (its indices are `index` values, never a buffer).
        let ok = match LoopOp::of(body, u.op) {
            Some(LoopOp::Load(load)) => load.buffer(body) == read_buffer && load.indices(body) == &induction[..],
            _ => false,
        };
        match position(u.op).filter(|_| ok) {
            Some(p) => last_load = Some(last_load.map_or(p, |l: usize| l.max(p))),
            None => return false,
        }
    }
    for u in uses_in_nest(written_buffer) {
        // The use is the store's buffer operand (the value stored is a scalar, never a buffer).
        let ok = match LoopOp::of(body, u.op) {
            Some(LoopOp::Store(store)) => store.buffer(body) == written_buffer && store.indices(body) == &induction[..],
            _ => false,
        };
        match position(u.op).filter(|_| ok) {
            Some(p) if last_load.is_none_or(|l| l < p) => {}
            _ => return false,
        }
    }
    true
}
