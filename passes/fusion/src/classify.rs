//! What each hlo op may become in a fusion: its [`Class`].
//!
//! The classes follow XLA's CPU fusion (`InstructionFusion::IsExpensive`,
//! `CpuInstructionFusion::ShouldFuse`): cheap elementwise and data-movement ops are
//! duplicated into every consumer that wants them; expensive ones (transcendentals,
//! divisions, gathers, concatenations, pads, dynamic slices) fuse into one consumer only;
//! reductions are the roots of input fusions and dots of output fusions; everything else
//! (ops with regions other than a reduction's reducer, effects, runtime kernels, ops
//! without an elemental generator in lower-to-loops) stays unfused.
//!
//! Invariant: an op of class [`Class::Duplicable`] or [`Class::Fusible`] is pure, has one
//! result, no region, and an elemental generator in lower-to-loops, so a consumer may
//! compute any of its elements anywhere its operands are available.

use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{Body, OpId, TypeData};

/// What an op may become.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// Cheap per element (a few scalar ops on one operand element each): fused into its
    /// consumers, recomputed in each when it has several (heuristic
    /// `DUPLICATE_CHEAP_PRODUCERS`).
    Duplicable,
    /// Expensive per element, or reading many operand elements: fused into a consumer only
    /// when that consumer is its only one (heuristic `NEVER_DUPLICATE_EXPENSIVE`).
    Fusible,
    /// A reduction: the root of an input fusion, which its producers fuse into; it never
    /// fuses into a consumer (each of its elements is a loop).
    ReductionRoot,
    /// A dot: the root of an output fusion with its bias add and activation.
    DotRoot,
    /// A root of a loop fusion that never fuses into a consumer (`reduce_window`, whose
    /// elements are loops over windows).
    LoopRoot,
    /// Never part of a fusion.
    Unfusible,
}

/// Elementwise ops that are expensive per element (XLA's `IsExpensive`: transcendentals,
/// divisions and powers).
const EXPENSIVE_ELEMENTWISE: &[&str] = &[
    "hlo.divide",
    "hlo.remainder",
    "hlo.power",
    "hlo.atan2",
    "hlo.exponential",
    "hlo.exponential_minus_one",
    "hlo.log",
    "hlo.log_plus_one",
    "hlo.logistic",
    "hlo.tanh",
    "hlo.sine",
    "hlo.cosine",
    "hlo.tan",
    "hlo.sqrt",
    "hlo.rsqrt",
    "hlo.cbrt",
    "hlo.erf",
];

/// Cheap ops that are not `loop.arith`/`loop.math` kinds: comparisons, selections,
/// conversions and data movement that reads one operand element per result element.
const CHEAP: &[&str] = &[
    "hlo.compare",
    "hlo.select",
    "hlo.clamp",
    "hlo.convert_element_type",
    "hlo.bitcast_convert_type",
    "hlo.is_finite",
    "hlo.broadcast_in_dim",
    "hlo.broadcast",
    "hlo.reshape",
    "hlo.collapse",
    "hlo.transpose",
    "hlo.copy",
    "hlo.bitcast",
    "hlo.rev",
    "hlo.iota",
    "hlo.slice",
    "hlo.reduce_precision",
    "hlo.real",
    "hlo.imag",
    "hlo.complex",
];

/// Data movement that is fusible but not duplicated: each element picks among operands or
/// reads through computed indices.
const EXPENSIVE_DATA_MOVEMENT: &[&str] = &["hlo.concatenate", "hlo.pad", "hlo.dynamic_slice", "hlo.dynamic_update_slice", "hlo.gather"];

/// The class of `op`.
pub fn classify(body: &Body, op: OpId) -> Class {
    let name = body.op_name(op);
    let results = &body.op(op).results;
    if results.len() != 1 && name != "hlo.reduce" {
        return Class::Unfusible;
    }
    if !results.iter().all(|r| is_static_tensor(body, *r)) {
        return Class::Unfusible;
    }
    match name {
        "hlo.constant" => {
            // A splat constant is one scalar per element, cloned into each fusion using it;
            // any other stays a buffer the fusions read.
            let splat = body.attr(op, "value").is_some_and(|v| body.ctx().as_dense(v).is_some_and(|d| d.splat))
                || num_elements(body, results[0]) == 1;
            if splat {
                Class::Duplicable
            } else {
                Class::Unfusible
            }
        }
        "hlo.reduce" => {
            if reducer_is_closed(body, op) {
                Class::ReductionRoot
            } else {
                Class::Unfusible
            }
        }
        "hlo.reduce_window" => {
            if reducer_is_closed(body, op) {
                Class::LoopRoot
            } else {
                Class::Unfusible
            }
        }
        "hlo.dot" | "hlo.dot_general" => Class::DotRoot,
        _ if !body.op(op).regions.is_empty() => Class::Unfusible,
        _ if EXPENSIVE_ELEMENTWISE.contains(&name) || EXPENSIVE_DATA_MOVEMENT.contains(&name) => Class::Fusible,
        _ if CHEAP.contains(&name) => Class::Duplicable,
        _ if ArithKind::of_hlo(name).is_some() || MathKind::of_hlo(name).is_some() => Class::Duplicable,
        _ => Class::Unfusible,
    }
}

/// Whether `class` fuses into a consumer (loop or input fusion).
pub fn fuses_into_consumer(class: Class) -> bool {
    matches!(class, Class::Duplicable | Class::Fusible)
}

/// Whether `user` reads some element of its operand `operand_index` more than once when it
/// computes its whole result (a broadcast's expansion, a window, a product): an expensive
/// producer fused under such a user would be recomputed per read (heuristic
/// `NO_RECOMPUTATION_UNDER_BROADCAST`).
pub fn rereads_operand(body: &Body, user: OpId, operand_index: usize) -> bool {
    match body.op_name(user) {
        "hlo.broadcast_in_dim" | "hlo.broadcast" | "hlo.reduce_window" | "hlo.dot" | "hlo.dot_general" | "hlo.gather" => true,
        // The start indices of a dynamic slice are read once per element.
        "hlo.dynamic_slice" | "hlo.dynamic_update_slice" => operand_index > 0 && !is_scalar(body, body.operand(user, operand_index)),
        name if ArithKind::of_hlo(name).is_some() || matches!(name, "hlo.select" | "hlo.clamp" | "hlo.compare") => {
            // Implicit broadcasting of a lower-rank or size-1 operand rereads it.
            let operand = body.operand(user, operand_index);
            num_elements(body, operand) < num_elements(body, body.result(user, 0))
        }
        _ => false,
    }
}

/// Whether the value is a 0-d tensor.
fn is_scalar(body: &Body, v: xla_ir::ValueId) -> bool {
    body.ctx().as_tensor(body.value_type(v)).is_some_and(|t| t.dims.is_empty())
}

/// The number of elements of a statically shaped tensor value (`u64::MAX` when unknown).
pub fn num_elements(body: &Body, v: xla_ir::ValueId) -> u64 {
    shape(body, v).map_or(u64::MAX, |s| s.iter().map(|d| *d as u64).product())
}

/// The static shape of tensor value `v`.
pub fn shape(body: &Body, v: xla_ir::ValueId) -> Option<Vec<i64>> {
    body.ctx().as_tensor(body.value_type(v)).and_then(|t| t.static_shape())
}

/// Whether `v` is a tensor of static shape (no tuple, token or dynamic dimension).
fn is_static_tensor(body: &Body, v: xla_ir::ValueId) -> bool {
    matches!(body.ctx().type_data(body.value_type(v)), TypeData::Tensor(_)) && shape(body, v).is_some()
}

/// Whether the regions of `op` use no value defined outside them (a reducer that captures
/// nothing), so that `op` can move into an isolated region.
pub fn reducer_is_closed(body: &Body, op: OpId) -> bool {
    body.nested_ops(op, xla_ir::WalkOrder::PreOrder).into_iter().filter(|n| *n != op).all(|nested| {
        body.op(nested).operands.iter().all(|v| match body.value_block(*v) {
            Some(block) => body.block_parent_op(block).is_some_and(|p| p == op || body.is_ancestor(op, p)),
            None => false,
        })
    })
}
