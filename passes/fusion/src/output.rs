//! Output fusion (XLA's kOutput): a dot, the bias added to its result, and an activation
//! applied to the sum, computed as one `hlo.fusion kind = output`.
//!
//! The pattern (heuristic `DOT_BIAS_ACTIVATION`): `hlo.dot` or `hlo.dot_general` whose only
//! user is an `hlo.add` of the same shape whose other operand is not computed from the dot,
//! then optionally the add's only user, an elementwise activation of the sum: `maximum` or
//! `minimum` with a value not computed from the sum (ReLU and its clamps), `tanh`,
//! `logistic`, `exponential`. lower-to-loops emits the group as a gemm that accumulates into
//! the bias when the dot is big enough for the runtime, and as one loop nest otherwise.
//! The bias's producers (a broadcast) join later by producer-consumer fusion; the dot's
//! operands never do (the gemm reads them from buffers).

use xla_dialects::hlo::HloOp;
use xla_ir::{Body, OpId};

use crate::classify::{shape, Class};
use crate::graph::BlockGraph;
use crate::plan::Plan;

/// Forms an output fusion for every dot of the block that matches the pattern.
pub fn fuse_outputs(body: &Body, graph: &BlockGraph, plan: &mut Plan) {
    for &dot in &graph.ops {
        if plan.class_of(dot) != Class::DotRoot {
            continue;
        }
        let Some(add) = only_user(body, graph, dot).filter(|a| matches!(HloOp::of(body, *a), Some(HloOp::Add(_)))) else { continue };
        let dot_result = body.result(dot, 0);
        let add_result = body.result(add, 0);
        let operands = &body.op(add).operands;
        if operands.iter().filter(|v| **v == dot_result).count() != 1 || shape(body, dot_result) != shape(body, add_result) {
            continue;
        }
        if plan.class_of(add) != Class::Duplicable || !plan.is_alone(add) {
            continue;
        }
        let Some(&g) = plan.home.get(&dot) else { continue };
        plan.move_into(add, graph.position(add), g);
        plan.groups[g].key = shape(body, add_result).map(|s| (s.clone(), s));
        if let Some(activation) = only_user(body, graph, add).filter(|a| is_activation(body, *a, add_result)) {
            if plan.is_alone(activation) {
                plan.move_into(activation, graph.position(activation), g);
            }
        }
    }
}

/// The only op using `op`'s results, when there is one and it uses them once.
fn only_user(body: &Body, graph: &BlockGraph, op: OpId) -> Option<OpId> {
    let users = graph.users(op);
    let [user] = users[..] else { return None };
    let uses: usize = body.op(op).results.iter().map(|r| body.value(*r).uses.len()).sum();
    (uses == 1).then_some(user)
}

/// Whether `op` is an activation of `sum`: a unary activation of it, or a binary one of it
/// and a value of its shape or a 0-d bound that is not `sum` itself.
fn is_activation(body: &Body, op: OpId, sum: xla_ir::ValueId) -> bool {
    let operands = &body.op(op).operands;
    let [result] = body.op(op).results[..] else { return false };
    if shape(body, result) != shape(body, sum) {
        return false;
    }
    match HloOp::of(body, op) {
        // The unary activations the gemm path applies in place.
        Some(HloOp::Tanh(_) | HloOp::Logistic(_) | HloOp::Exponential(_)) => operands[..] == [sum],
        // Binary activations with a bound (ReLU is `maximum(x, 0)`).
        Some(HloOp::Maximum(_) | HloOp::Minimum(_)) => operands.len() == 2 && operands.iter().filter(|v| **v == sum).count() == 1,
        _ => false,
    }
}
