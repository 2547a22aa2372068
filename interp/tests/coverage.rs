//! The interpreter runs every op of the `hlo`, `check`, `loop` and `func` dialects but the
//! terminators, which the engine reads itself. `ops::evaluator` is an exhaustive `match`
//! on the op enums, so a new op cannot be forgotten; this test checks that only the
//! terminators (and the functions the engine calls) have no evaluator.

use xla_interp::ops::evaluator;
use xla_ir::{Body, Context, OpState};

#[test]
fn every_op_but_the_terminators_has_an_evaluator() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let mut body = Body::new(&ctx);
    let dialects = [&xla_dialects::hlo::HLO_DIALECT, &xla_dialects::check::CHECK_DIALECT, &xla_dialects::loops::LOOP_DIALECT, &xla_dialects::func::FUNC_DIALECT];
    let by_the_engine = ["hlo.return", "func.return", "func.func", "loop.yield", "loop.condition"];
    let mut wrong = Vec::new();
    for name in dialects.iter().flat_map(|d| d.ops.iter().map(|op| op.name)) {
        // A bare op of the kind: which evaluator an op has depends on its kind only.
        let op = body.create_op(OpState::new(ctx.symbol(name), ctx.unknown_loc()));
        if evaluator(&body, op).is_some() == by_the_engine.contains(&name) {
            wrong.push(name);
        }
    }
    assert!(wrong.is_empty(), "with an evaluator though the engine runs them, or without one: {}", wrong.join(", "));
}
