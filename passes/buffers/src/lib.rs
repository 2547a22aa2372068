//! `buffer-assignment`: the loop level's temporary buffers (`loop.alloc`) packed into one
//! temp arena per function (docs/buffer-assignment.md describes the algorithm).
//!
//! [`schedule`] numbers a function's ops in program order; [`liveness`] gives each
//! temporary the span of that order in which it is live, or says why it cannot be placed;
//! [`in_place`] finds the elementwise nests that may write their result over a temporary
//! they read for the last time; [`packing`] lays the buffers out in one arena, reusing the
//! memory of dead buffers (greedy by size, best fit); [`calls`] orders functions callees
//! first and gives each call of a function with an arena its slice of the caller's;
//! [`pass`] rewrites every placed `loop.alloc` into a `loop.arena_buffer` of the
//! function's new trailing arena argument.
//!
//! Architecture Invariants: it runs on the loop level (after lower-to-loops, before
//! lower-to-llvm) and depends on `ir` and `dialects` only. Two buffers share bytes only
//! when no point of the schedule has both live, or when they are one in-place pair at
//! exactly the same offset; a buffer inside a `loop.parallel` body (whose iterations may run
//! at once on the thread pool) and one whose size is not static stay `loop.alloc`, which
//! lower-to-llvm still turns into `malloc`. A function without placed buffers comes out
//! unchanged.

pub mod calls;
pub mod in_place;
pub mod liveness;
pub mod packing;
pub mod pass;
pub mod schedule;

use xla_ir::pass::PassRegistry;

/// Registers `buffer-assignment`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&pass::INFO, pass::create);
}
