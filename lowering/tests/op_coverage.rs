//! The gap between the hlo dialect and native code: every op of the `hlo` and `check`
//! dialects is lowered by `lower-to-loops` (and so, through the loop dialect, by
//! `lower-to-llvm`), or is listed here with the reason it is not. A new op, or an op
//! lowered without updating the list, fails this test.
//!
//! Types are a separate gap, outside this list: `f8` formats, integers wider than 64 bits,
//! dynamic shapes.

use xla_ir::{Body, Context, OpState};
use xla_lowering::to_loops::lowers_op;

/// The ops lower-to-loops does not lower, with why.
const NOT_LOWERED: &[(&str, &str)] = &[
    ("hlo.return", "a terminator, lowered with its region"),
    ("hlo.set_dimension_size", "its result has a dynamic (bounded) dimension, and dynamic shapes are not lowered"),
];

#[test]
fn every_op_is_lowered_or_listed_with_its_reason() {
    let dialects = [&xla_dialects::hlo::HLO_DIALECT, &xla_dialects::check::CHECK_DIALECT];
    let ops: Vec<&str> = dialects.iter().flat_map(|d| d.ops.iter().map(|op| op.name)).collect();
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let mut body = Body::new(&ctx);
    // A bare op of each kind: whether it is lowered depends on its kind only.
    let mut lowers_op = |name: &str| {
        let op = body.create_op(OpState::new(ctx.symbol(name), ctx.unknown_loc()));
        lowers_op(&body, op)
    };
    let missing: Vec<&str> = ops.iter().copied().filter(|name| !lowers_op(name) && !NOT_LOWERED.iter().any(|(n, _)| n == name)).collect();
    assert!(missing.is_empty(), "lower-to-loops neither lowers nor lists: {}", missing.join(", "));
    let stale: Vec<&str> = NOT_LOWERED.iter().map(|(n, _)| *n).filter(|name| lowers_op(name) || !ops.contains(name)).collect();
    assert!(stale.is_empty(), "listed as not lowered, but lowered or not an op: {}", stale.join(", "));
}
