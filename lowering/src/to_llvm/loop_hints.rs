//! How LLVM may transform each generated loop: the `loop_hint` its back edge (`llvm.br`)
//! carries, decided from the loop-level op before it is lowered.
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
//!   keeps LLVM's default too: unrolled, those conditions become constants
//!   (`concat_slice_pad`, interior padding mostly, ran 1.8 times as long without).
//! - Another innermost loop that reads or writes memory **a few elements apart** from one
//!   iteration to the next (2 to [`MAX_INTERLEAVE`]: a strided slice) is neither unrolled
//!   nor vectorized: [`LoopHint::NoUnrollNoVectorize`]. LLVM's vectorizer models such
//!   accesses as interleaved groups of masked wide loads and shuffles; analyzing them took
//!   it 40 ms for one 52x40 slice of stride 3, for no gain at run time. Accesses further
//!   apart (a transpose's) it vectorizes with gathers, which pays (`transpose_ew` ran ten
//!   times as long without).
//! - Another innermost loop that **carries values** (a reduction's accumulators, already
//!   laid out in lanes by `reduce_lanes.rs`) is not unrolled: [`LoopHint::NoUnroll`].
//! - Any other innermost loop may be vectorized and interleaved as LLVM's cost model
//!   chooses, and is not unrolled afterwards: [`LoopHint::VectorizeNoUnroll`].
//!   (`llvm.loop.unroll.disable` on the loop itself would also stop the interleaving, which
//!   made `softmax`'s `exp` loop twice as slow.)
//! - A loop with loops inside that is not small is not unrolled: [`LoopHint::NoUnroll`].
//!
//! Invariant: a hint changes only how LLVM transforms a loop, never what it computes; a
//! loop whose trip count is not a constant is never small.

use std::collections::HashMap;

use xla_dialects::llvm::LoopHint;
use xla_dialects::loops::{ArithKind, LoopOp};
use xla_ir::{Body, OpId, ValueId, WalkOrder};

use super::loop_bounds::{constant_int, loop_trip_counts, trip_count};

/// The most iterations of a loop that LLVM may still unroll as it likes, when the loops
/// inside it are small too.
pub const SMALL_TRIPS: i128 = 16;

/// The largest distance in elements between the accesses of consecutive iterations that
/// LLVM's vectorizer groups as interleaved (its `max-interleave-group-factor`).
pub const MAX_INTERLEAVE: i128 = 8;

/// The hint for the back edge of `loop.for` `op`, if any.
pub fn for_loop_hint(body: &Body, op: OpId) -> Option<LoopHint> {
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
pub fn parallel_dim_hint(body: &Body, op: OpId, dim: usize, chunked: bool) -> Option<LoopHint> {
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
        return Some(LoopHint::NoUnroll);
    }
    let induction = induction_variable(body, op, dim)?;
    innermost_hint(body, &inner, induction, false)
}

/// The hint for a loop that is not small, whose body holds the ops `inner` (at any depth)
/// and has the induction variable `induction`.
fn innermost_hint(body: &Body, inner: &[OpId], induction: ValueId, carries_values: bool) -> Option<LoopHint> {
    if inner.iter().any(|op| is_loop(body, *op)) {
        return Some(LoopHint::NoUnroll);
    }
    let steps = IndexSteps::of(body, inner, induction);
    if steps.controls {
        return None;
    }
    if steps.interleaved_access {
        return Some(LoopHint::NoUnrollNoVectorize);
    }
    Some(if carries_values { LoopHint::NoUnroll } else { LoopHint::VectorizeNoUnroll })
}

/// How the index arithmetic of a loop body moves with its induction variable.
struct IndexSteps {
    /// A `loop.compare`, or a `loop.arith` `divide` or `remainder`, reads a value that moves
    /// with the induction variable by a constant step (index arithmetic, not loaded data).
    controls: bool,
    /// A `loop.load` or `loop.store` moves by 2 to [`MAX_INTERLEAVE`] elements (either way)
    /// per iteration.
    interleaved_access: bool,
}

impl IndexSteps {
    /// Follows the values computed from `induction` through the ops `inner`, in program
    /// order: each is the induction variable times a constant step plus something
    /// invariant (`Some(step)`), or not (`None`: divided, selected, loaded).
    fn of(body: &Body, inner: &[OpId], induction: ValueId) -> IndexSteps {
        let mut steps: HashMap<ValueId, Option<i128>> = HashMap::from([(induction, Some(1))]);
        let mut found = IndexSteps { controls: false, interleaved_access: false };
        for &op in inner {
            let operands = &body.op(op).operands;
            let step_of = |v: &ValueId| steps.get(v).copied().unwrap_or(Some(0));
            let loop_op = LoopOp::of(body, op);
            let varying = operands.iter().any(|v| steps.contains_key(v));
            let access = match loop_op {
                Some(LoopOp::Load(_)) => Some((operands.first(), &operands[1.min(operands.len())..])),
                Some(LoopOp::Store(_)) => Some((operands.get(1), &operands[2.min(operands.len())..])),
                _ => None,
            };
            if let Some((Some(&buffer), indices)) = access {
                let element_step = element_step(body, buffer, indices.iter().map(step_of).collect());
                found.interleaved_access |= element_step.is_some_and(|s| (2..=MAX_INTERLEAVE).contains(&s.abs()));
            }
            if !varying {
                continue;
            }
            let kind = match loop_op {
                Some(LoopOp::Arith(arith)) => Some(arith.kind(body)),
                _ => None,
            };
            let reads_index = operands.iter().any(|v| step_of(v).is_some_and(|s| s != 0));
            let result = match (loop_op, kind, &operands[..]) {
                (Some(LoopOp::Compare(_)), ..) | (_, Some(ArithKind::Divide | ArithKind::Remainder), _) => {
                    found.controls |= reads_index;
                    None
                }
                (_, Some(ArithKind::Add), [a, b]) => step_of(a).zip(step_of(b)).and_then(|(a, b)| a.checked_add(b)),
                (_, Some(ArithKind::Subtract), [a, b]) => step_of(a).zip(step_of(b)).and_then(|(a, b)| a.checked_sub(b)),
                (_, Some(ArithKind::Multiply), [a, b]) => match (constant_int(body, *a), constant_int(body, *b)) {
                    (Some(k), _) => step_of(b).and_then(|s| s.checked_mul(k)),
                    (_, Some(k)) => step_of(a).and_then(|s| s.checked_mul(k)),
                    _ => None,
                },
                _ => None,
            };
            for &r in &body.op(op).results {
                steps.insert(r, result);
            }
        }
        found
    }
}

/// How many elements an access of `buffer` at indices moving by `index_steps` per
/// iteration moves in memory, through the buffer's layout; `None` when an index moves
/// irregularly or the buffer's layout is not known.
fn element_step(body: &Body, buffer: ValueId, index_steps: Vec<Option<i128>>) -> Option<i128> {
    let ctx = body.ctx();
    let memref = ctx.as_memref(body.value_type(buffer))?;
    let layout = super::BufferLayout::of(ctx, &memref).ok()?;
    index_steps.iter().zip(&layout.strides).try_fold(0i128, |total, (step, stride)| total.checked_add((*step)?.checked_mul(i128::from(*stride))?))
}

/// The block argument of loop `op` that is its `n`th induction variable.
fn induction_variable(body: &Body, op: OpId, n: usize) -> Option<ValueId> {
    let region = *body.op(op).regions.first()?;
    let block = body.entry_block(region)?;
    body.block(block).args.get(n).copied()
}

/// Whether every loop among `ops` is small: a `loop.for` or `loop.parallel` with constant
/// bounds of at most [`SMALL_TRIPS`] iterations in each dimension (a `loop.while` never is).
fn loops_small(body: &Body, ops: &[OpId]) -> bool {
    ops.iter().all(|&op| loop_trip_counts(body, op).iter().all(|t| t.is_some_and(|t| t <= SMALL_TRIPS)))
}

fn is_loop(body: &Body, op: OpId) -> bool {
    matches!(LoopOp::of(body, op), Some(LoopOp::For(_) | LoopOp::Parallel(_) | LoopOp::While(_)))
}
