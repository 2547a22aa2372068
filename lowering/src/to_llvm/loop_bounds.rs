//! The trip counts of loop-level loops whose bounds are constants, which the thread-pool
//! outlining ([`super::parallel`]) and the loop hints ([`super::loop_hints`]) both weigh.
//!
//! Invariant: a count is `None` unless every bound involved is a `loop.constant` integer
//! (and the step is positive); nothing here overflows or panics.

use xla_dialects::loops::LoopOp;
use xla_ir::rewrite::constant_value;
use xla_ir::{AttrData, Body, OpId, ValueId};

/// The value of `v` when a constant integer (a `loop.constant`) defines it.
pub fn constant_int(body: &Body, v: ValueId) -> Option<i128> {
    match body.ctx().attr_data(constant_value(body, v)?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The trip count of a loop from `lower` below `upper` by `step` (1 when `None`).
pub fn trip_count(body: &Body, lower: ValueId, upper: ValueId, step: Option<ValueId>) -> Option<i128> {
    let (lower, upper) = (constant_int(body, lower)?, constant_int(body, upper)?);
    let step = match step {
        Some(s) => constant_int(body, s)?,
        None => 1,
    };
    if step <= 0 {
        return None;
    }
    Some(upper.checked_sub(lower)?.max(0).checked_add(step - 1)? / step)
}

/// The trip count of each loop `op` runs: one for `loop.for`, one per dimension for
/// `loop.parallel`, `[None]` for `loop.while`; empty for an op that is not a loop.
pub fn loop_trip_counts(body: &Body, op: OpId) -> Vec<Option<i128>> {
    let operands = &body.op(op).operands;
    match LoopOp::of(body, op) {
        Some(LoopOp::For(_)) if operands.len() >= 3 => vec![trip_count(body, operands[0], operands[1], Some(operands[2]))],
        Some(LoopOp::Parallel(_)) => {
            let rank = operands.len() / 2;
            (0..rank).map(|d| trip_count(body, operands[d], operands[rank + d], None)).collect()
        }
        Some(LoopOp::For(_) | LoopOp::While(_)) => vec![None],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::parser::parse_source;
    use xla_ir::{Context, WalkOrder};

    /// The trip counts of every loop of `src`, in program order.
    fn trip_counts_of(src: &str) -> Vec<Vec<Option<i128>>> {
        let mut ctx = Context::new();
        xla_dialects::register_all(&mut ctx);
        let module = parse_source(&ctx, "in.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
        let body = &module.body;
        body.nested_ops(module.op, WalkOrder::PreOrder).into_iter().map(|op| loop_trip_counts(body, op)).filter(|t| !t.is_empty()).collect()
    }

    #[test]
    fn steps_round_up_and_empty_ranges_run_zero_times() {
        let counts = trip_counts_of(
            "func.func @f(%n: index) {
               %c0 = loop.constant 0 : index
               %c3 = loop.constant 3 : index
               %c10 = loop.constant 10 : index
               loop.for %i = %c0 to %c10 step %c3 { loop.yield }
               loop.for %i = %c10 to %c0 step %c3 { loop.yield }
               loop.for %i = %c0 to %n step %c3 { loop.yield }
               loop.parallel (%i, %j) = (%c0, %c3) to (%c10, %n) { loop.yield }
               func.return
             }",
        );
        assert_eq!(counts, vec![vec![Some(4)], vec![Some(0)], vec![None], vec![Some(10), None]]);
    }
}
