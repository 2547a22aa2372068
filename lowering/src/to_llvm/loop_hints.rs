//! Which of the generated loops LLVM may unroll: the `loop_unroll` hint each loop's back
//! edge (`llvm.br`) carries, decided from the loop-level op before it is lowered.
//!
//! LLVM's `default<O3>` fully unrolls every loop whose unrolled body fits its budget, and
//! partially unrolls the rest. For the loops of tensor programs that mostly buys compile
//! time: a 1024-element elementwise loop, once vectorized 16 wide and interleaved 4 times,
//! was unrolled into 64 vector operations of straight-line code, and once its inner loops
//! stopped being unrolled, LLVM spent the budget unrolling the loops around them. Code
//! generation of that code was half of `softmax`'s compilation. So:
//!
//! - A **small** loop, with a known trip count of at most [`SMALL_TRIPS`] and only small
//!   loops inside, keeps LLVM's default: unrolling a 3x3 window is what makes it fast.
//! - An **innermost** loop whose body compares or divides values computed from its own
//!   induction variable (padding, concatenation along the minor dimension, iota masks)
//!   keeps LLVM's default too: unrolled, those conditions become constants (`pad` with
//!   interior padding ran twice as fast unrolled).
//! - Another innermost loop that **carries values** (a reduction's accumulators, already
//!   laid out in lanes by `reduce_lanes.rs`) is not unrolled: [`LoopUnroll::Disable`].
//! - Any other innermost loop may be vectorized and interleaved as LLVM's cost model
//!   chooses, and is not unrolled afterwards: [`LoopUnroll::DisableAfterVectorize`].
//!   (`llvm.loop.unroll.disable` on the loop itself would also stop the interleaving, which
//!   made `softmax`'s `exp` loop twice as slow.)
//! - A loop with loops inside that is not small is not unrolled: [`LoopUnroll::Disable`].
//!
//! Invariant: a hint changes only how LLVM unrolls, never what the code computes; a loop
//! whose trip count is not a constant is never small.

use xla_dialects::llvm::LoopUnroll;
use xla_ir::{AttrData, Body, OpId, ValueId, WalkOrder};

/// The most iterations of a loop that LLVM may still unroll as it likes, when the loops
/// inside it are small too.
pub const SMALL_TRIPS: i128 = 16;

/// The hint for the back edge of `loop.for` `op`, if any.
pub fn for_loop_unroll(body: &Body, op: OpId) -> Option<LoopUnroll> {
    let [lower, upper, step, ref inits @ ..] = body.op(op).operands[..] else { return None };
    let trips = trip_count(body, lower, upper, Some(step));
    let inner = body.nested_ops(op, WalkOrder::PreOrder);
    if trips.is_some_and(|t| t <= SMALL_TRIPS) && loops_small(body, &inner) {
        return None;
    }
    let induction = induction_variable(body, op, 0)?;
    innermost_hint(body, &inner, induction, !inits.is_empty())
}

/// The hint for the back edge of the loop over dimension `dim` of `loop.parallel` `op`,
/// whose dimensions become loops nested outermost first; `chunked` when that loop runs
/// over a chunk of the dimension that the thread pool hands out, of unknown length.
pub fn parallel_dim_unroll(body: &Body, op: OpId, dim: usize, chunked: bool) -> Option<LoopUnroll> {
    let operands = &body.op(op).operands;
    let rank = operands.len() / 2;
    let trips = |d: usize| trip_count(body, operands[d], operands[rank + d], None);
    let small = |t: Option<i128>| t.is_some_and(|t| t <= SMALL_TRIPS);
    let own_trips = if chunked { None } else { trips(dim) };
    let inner = body.nested_ops(op, WalkOrder::PreOrder);
    if small(own_trips) && (dim + 1..rank).all(|d| small(trips(d))) && loops_small(body, &inner) {
        return None;
    }
    if dim + 1 < rank {
        return Some(LoopUnroll::Disable);
    }
    let induction = induction_variable(body, op, dim)?;
    innermost_hint(body, &inner, induction, false)
}

/// The hint for a loop that is not small, whose body holds the ops `inner` (at any depth)
/// and has the induction variable `induction`.
fn innermost_hint(body: &Body, inner: &[OpId], induction: ValueId, carries_values: bool) -> Option<LoopUnroll> {
    if inner.iter().any(|op| is_loop(body, *op)) {
        return Some(LoopUnroll::Disable);
    }
    if controls_on_index(body, inner, induction) {
        return None;
    }
    Some(if carries_values { LoopUnroll::Disable } else { LoopUnroll::DisableAfterVectorize })
}

/// The block argument of loop `op` that is its `n`th induction variable.
fn induction_variable(body: &Body, op: OpId, n: usize) -> Option<ValueId> {
    let region = *body.op(op).regions.first()?;
    let block = body.entry_block(region)?;
    body.block(block).args.get(n).copied()
}

/// The trip count of a loop from `lower` below `upper` by `step` (1 when `None`), when all
/// three are `loop.constant`s.
fn trip_count(body: &Body, lower: ValueId, upper: ValueId, step: Option<ValueId>) -> Option<i128> {
    let (lower, upper) = (constant_int(body, lower)?, constant_int(body, upper)?);
    let step = match step {
        Some(s) => constant_int(body, s)?,
        None => 1,
    };
    (step > 0).then(|| ((upper - lower).max(0) + step - 1) / step)
}

/// The value of `v` when a `loop.constant` of an integer defines it.
fn constant_int(body: &Body, v: ValueId) -> Option<i128> {
    let op = body.defining_op(v)?;
    if body.op_name(op) != "loop.constant" {
        return None;
    }
    match body.ctx().attr_data(body.attr(op, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// Whether every loop among `ops` is small: a `loop.for` or `loop.parallel` with constant
/// bounds of at most [`SMALL_TRIPS`] iterations in each dimension (a `loop.while` never is).
fn loops_small(body: &Body, ops: &[OpId]) -> bool {
    ops.iter().all(|&op| {
        let operands = &body.op(op).operands;
        let small = |t: Option<i128>| t.is_some_and(|t| t <= SMALL_TRIPS);
        match body.op_name(op) {
            "loop.for" => operands.len() >= 3 && small(trip_count(body, operands[0], operands[1], Some(operands[2]))),
            "loop.parallel" => {
                let rank = operands.len() / 2;
                (0..rank).all(|d| small(trip_count(body, operands[d], operands[rank + d], None)))
            }
            "loop.while" => false,
            _ => true,
        }
    })
}

/// Whether one of `ops` (in program order) is a `loop.compare`, or a `loop.arith`
/// `divide` or `remainder`, that reads a value computed from `induction` by `loop.arith`.
fn controls_on_index(body: &Body, ops: &[OpId], induction: ValueId) -> bool {
    let ctx = body.ctx();
    let mut derived = std::collections::HashSet::from([induction]);
    for &op in ops {
        if !body.op(op).operands.iter().any(|v| derived.contains(v)) {
            continue;
        }
        match body.op_name(op) {
            "loop.compare" => return true,
            "loop.arith" => {
                if matches!(body.attr(op, "kind").and_then(|a| ctx.as_string(a)), Some("divide" | "remainder")) {
                    return true;
                }
                derived.extend(body.op(op).results.iter().copied());
            }
            _ => {}
        }
    }
    false
}

fn is_loop(body: &Body, op: OpId) -> bool {
    matches!(body.op_name(op), "loop.for" | "loop.parallel" | "loop.while")
}
