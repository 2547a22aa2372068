//! Liveness of the temporaries of one function: for each `loop.alloc`, the span of the
//! [`Schedule`] from its first use to its last, or why it cannot be placed in the arena.
//!
//! A use is an operand anywhere (a load, a store, a `func.call` or `loop.call_runtime`
//! passing the buffer, which reads or writes it for the length of the call). Each use
//! counts as the op of the alloc's own block that contains it, whole: a buffer of a loop's
//! enclosing block used inside the loop is live for every iteration, and one carried by a
//! `loop.while` is live across the loop. Buffers are never values of block arguments or
//! region results at the loop level (lower-to-llvm refuses them), so an alloc's uses are all
//! its aliases; an alloc used by a terminator or as an operand of an op with regions would
//! escape through one, and stays malloc rather than being reasoned about.
//!
//! Invariant: a buffer's bytes matter only inside its live range, since its elements are
//! undefined until stored: the alloc itself does nothing, so the range starts at its first
//! use. Two placed buffers whose ranges are disjoint may share memory. Ops are known by
//! their typed views ([`LoopOp`], [`FuncDialectOp`]), never by name.

use xla_dialects::func::FuncDialectOp;
use xla_dialects::loops::arena::buffer_bytes;
use xla_dialects::loops::LoopOp;
use xla_ir::{BlockId, Body, OpId};

use crate::schedule::Schedule;

/// The span of the schedule in which a buffer is live (inclusive).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LiveRange {
    /// The number of the first op that uses it.
    pub start: u32,
    /// The last number of the last op that uses it, regions included.
    pub end: u32,
}

impl LiveRange {
    /// Whether some point of the schedule is in both ranges.
    pub fn overlaps(self, other: LiveRange) -> bool {
        self.start <= other.end && other.start <= self.end
    }
}

/// A temporary the arena can hold.
#[derive(Copy, Clone, Debug)]
pub struct Temporary {
    /// The `loop.alloc`.
    pub alloc: OpId,
    /// Its size in bytes, as lower-to-llvm lays it out.
    pub bytes: u64,
    /// When it is live.
    pub range: LiveRange,
}

/// Why an alloc stays `malloc`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unplaced {
    /// It is inside a `loop.parallel` body, whose iterations may run at once.
    InParallel,
    /// Its size is not known (a dynamic shape or an element type without a byte size).
    UnknownSize,
    /// It reaches a terminator or an op with regions, which could carry it elsewhere.
    Escapes,
}

/// Whether `op` ends a region of the loop level (`loop.yield`, `loop.condition`,
/// `func.return`): a buffer it uses would leave the region.
///
/// Deliberately not every op with the `Terminator` trait, which `hlo.return` (allowed by
/// the verifier to end a function's body, with operands of any type) and llvm's branches
/// also have: taking them would change which buffers of such mixed-level IR are placed.
fn ends_region(body: &Body, op: OpId) -> bool {
    matches!(LoopOp::of(body, op), Some(LoopOp::Yield(_) | LoopOp::Condition(_)))
        || matches!(FuncDialectOp::of(body, op), Some(FuncDialectOp::Return(_)))
}

/// The liveness of the `loop.alloc` `alloc` of `func`, or why it cannot be placed.
pub fn analyze(body: &Body, schedule: &Schedule, func: OpId, alloc: OpId) -> Result<Temporary, Unplaced> {
    if inside_parallel(body, func, alloc) {
        return Err(Unplaced::InParallel);
    }
    let buffer = body.result(alloc, 0);
    let bytes = buffer_bytes(body.ctx(), body.value_type(buffer)).ok_or(Unplaced::UnknownSize)?;
    let home = body.op_block(alloc).ok_or(Unplaced::Escapes)?;
    let mut range: Option<LiveRange> = None;
    for use_ in &body.value(buffer).uses {
        let user = use_.op;
        if ends_region(body, user) || !body.op(user).regions.is_empty() {
            return Err(Unplaced::Escapes);
        }
        let at = ancestor_in(body, user, home).ok_or(Unplaced::Escapes)?;
        let (start, end) = schedule.span(at).ok_or(Unplaced::Escapes)?;
        range = Some(match range {
            Some(r) => LiveRange { start: r.start.min(start), end: r.end.max(end) },
            None => LiveRange { start, end },
        });
    }
    let range = match range {
        Some(range) => range,
        None => {
            let (at, _) = schedule.span(alloc).ok_or(Unplaced::Escapes)?;
            LiveRange { start: at, end: at }
        }
    };
    Ok(Temporary { alloc, bytes, range })
}

/// The op of `block` that is `op` or contains it, if any.
pub fn ancestor_in(body: &Body, mut op: OpId, block: BlockId) -> Option<OpId> {
    loop {
        if body.op_block(op) == Some(block) {
            return Some(op);
        }
        op = body.parent_op(op)?;
    }
}

/// Whether `op` is nested in a `loop.parallel` inside `func`.
fn inside_parallel(body: &Body, func: OpId, op: OpId) -> bool {
    let mut at = op;
    while let Some(parent) = body.parent_op(at) {
        if parent == func {
            return false;
        }
        if matches!(LoopOp::of(body, parent), Some(LoopOp::Parallel(_))) {
            return true;
        }
        at = parent;
    }
    false
}
