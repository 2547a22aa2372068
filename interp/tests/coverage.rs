//! The interpreter runs every op of the `hlo`, `check`, `loop` and `func` dialects: a new
//! op without an evaluator fails this test.

use xla_interp::ops::evaluator;

#[test]
fn every_op_has_an_evaluator() {
    let dialects = [&xla_dialects::hlo::HLO_DIALECT, &xla_dialects::check::CHECK_DIALECT, &xla_dialects::loops::LOOP_DIALECT];
    // Terminators are executed by the engine itself; functions are what it calls.
    let by_the_engine = ["hlo.return", "func.return", "func.func", "loop.yield", "loop.condition"];
    let missing: Vec<&str> = dialects
        .iter()
        .flat_map(|d| d.ops.iter().map(|op| op.name))
        .chain(["func.call"])
        .filter(|name| !by_the_engine.contains(name) && evaluator(name).is_none())
        .collect();
    assert!(missing.is_empty(), "no evaluator for: {}", missing.join(", "));
}
