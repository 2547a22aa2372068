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

use xla_dialects::hlo::HloOp;
use xla_dialects::loops::ArithKind;
use xla_ir::{Body, OpId, Scalar, TypeData};

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

/// The class of `op`: an exhaustive `match` on the hlo op enum, so that a new op must be
/// classified here before the compiler builds.
pub fn classify(body: &Body, op: OpId) -> Class {
    let Some(kind) = HloOp::of(body, op) else { return Class::Unfusible };
    let results = &body.op(op).results;
    if results.len() != 1 && !matches!(kind, HloOp::Reduce(_)) {
        return Class::Unfusible;
    }
    if !results.iter().all(|r| is_static_tensor(body, *r)) {
        return Class::Unfusible;
    }
    match kind {
        HloOp::Constant(constant) => {
            // A splat constant is one scalar per element, cloned into each fusion using it;
            // any other stays a buffer the fusions read.
            if constant.value(body).splat || num_elements(body, results[0]) == 1 {
                Class::Duplicable
            } else {
                Class::Unfusible
            }
        }
        HloOp::Reduce(_) if reducer_is_closed(body, op) => Class::ReductionRoot,
        HloOp::ReduceWindow(_) if reducer_is_closed(body, op) => Class::LoopRoot,
        HloOp::Reduce(_) | HloOp::ReduceWindow(_) => Class::Unfusible,
        HloOp::Dot(_) | HloOp::DotGeneral(_) => Class::DotRoot,
        // Heuristic DIVISION_BY_POWER_OF_TWO_IS_CHEAP: a float division by a constant power
        // of two is a multiplication by its exact reciprocal (LLVM emits it as one), as
        // cheap as any: attention's `scores / 8.0` is recomputed in the softmax's two
        // readers rather than written out once.
        HloOp::Divide(_) if divides_by_power_of_two(body, op) => Class::Duplicable,
        // Cheap per element: integer and bitwise arithmetic, comparisons, selections,
        // conversions, and data movement that reads one operand element per result element.
        HloOp::Add(_)
        | HloOp::Subtract(_)
        | HloOp::Multiply(_)
        | HloOp::Maximum(_)
        | HloOp::Minimum(_)
        | HloOp::And(_)
        | HloOp::Or(_)
        | HloOp::Xor(_)
        | HloOp::ShiftLeft(_)
        | HloOp::ShiftRightArithmetic(_)
        | HloOp::ShiftRightLogical(_)
        | HloOp::Abs(_)
        | HloOp::Negate(_)
        | HloOp::Sign(_)
        | HloOp::Not(_)
        | HloOp::Popcnt(_)
        | HloOp::CountLeadingZeros(_)
        | HloOp::Floor(_)
        | HloOp::Ceil(_)
        | HloOp::RoundNearestAfz(_)
        | HloOp::RoundNearestEven(_)
        | HloOp::Compare(_)
        | HloOp::Select(_)
        | HloOp::Clamp(_)
        | HloOp::ConvertElementType(_)
        | HloOp::BitcastConvertType(_)
        | HloOp::IsFinite(_)
        | HloOp::ReducePrecision(_)
        | HloOp::Real(_)
        | HloOp::Imag(_)
        | HloOp::Complex(_)
        | HloOp::BroadcastInDim(_)
        | HloOp::Broadcast(_)
        | HloOp::Reshape(_)
        | HloOp::Collapse(_)
        | HloOp::Transpose(_)
        | HloOp::Copy(_)
        | HloOp::Bitcast(_)
        | HloOp::Rev(_)
        | HloOp::Iota(_)
        | HloOp::Slice(_) => Class::Duplicable,
        // Expensive per element (XLA's `IsExpensive`: transcendentals, divisions and
        // powers), and data movement whose elements pick among operands or read through
        // computed indices.
        HloOp::Divide(_)
        | HloOp::Remainder(_)
        | HloOp::Power(_)
        | HloOp::Atan2(_)
        | HloOp::Exponential(_)
        | HloOp::ExponentialMinusOne(_)
        | HloOp::Log(_)
        | HloOp::LogPlusOne(_)
        | HloOp::Logistic(_)
        | HloOp::Tanh(_)
        | HloOp::Sine(_)
        | HloOp::Cosine(_)
        | HloOp::Tan(_)
        | HloOp::Sqrt(_)
        | HloOp::Rsqrt(_)
        | HloOp::Cbrt(_)
        | HloOp::Erf(_)
        | HloOp::Concatenate(_)
        | HloOp::Pad(_)
        | HloOp::DynamicSlice(_)
        | HloOp::DynamicUpdateSlice(_)
        | HloOp::Gather(_) => Class::Fusible,
        // Regions, effects, runtime kernels, tuples and ops without an elemental generator.
        HloOp::Return(_)
        | HloOp::Map(_)
        | HloOp::While(_)
        | HloOp::Fusion(_)
        | HloOp::Conditional(_)
        | HloOp::Call(_)
        | HloOp::AfterAll(_)
        | HloOp::Infeed(_)
        | HloOp::Outfeed(_)
        | HloOp::Send(_)
        | HloOp::Recv(_)
        | HloOp::AllGather(_)
        | HloOp::AllReduce(_)
        | HloOp::AllToAll(_)
        | HloOp::CollectivePermute(_)
        | HloOp::CollectiveBroadcast(_)
        | HloOp::ReduceScatter(_)
        | HloOp::ReplicaId(_)
        | HloOp::PartitionId(_)
        | HloOp::RngUniform(_)
        | HloOp::RngNormal(_)
        | HloOp::RngBitGenerator(_)
        | HloOp::CustomCall(_)
        | HloOp::SelectAndScatter(_)
        | HloOp::Convolution(_)
        | HloOp::Fft(_)
        | HloOp::Cholesky(_)
        | HloOp::TriangularSolve(_)
        | HloOp::BatchNormInference(_)
        | HloOp::BatchNormTraining(_)
        | HloOp::BatchNormGrad(_)
        | HloOp::GetDimensionSize(_)
        | HloOp::SetDimensionSize(_)
        | HloOp::Scatter(_)
        | HloOp::Sort(_)
        | HloOp::Tuple(_)
        | HloOp::GetTupleElement(_)
        | HloOp::OptimizationBarrier(_) => Class::Unfusible,
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
    let Some(kind) = HloOp::of(body, user) else { return false };
    match kind {
        HloOp::BroadcastInDim(_) | HloOp::Broadcast(_) | HloOp::ReduceWindow(_) | HloOp::Dot(_) | HloOp::DotGeneral(_) | HloOp::Gather(_) => true,
        // The start indices of a dynamic slice are read once per element.
        HloOp::DynamicSlice(_) | HloOp::DynamicUpdateSlice(_) => operand_index > 0 && !is_scalar(body, body.operand(user, operand_index)),
        HloOp::Select(_) | HloOp::Clamp(_) | HloOp::Compare(_) => implicitly_broadcast(body, user, operand_index),
        _ if ArithKind::of_hlo(kind.def().name).is_some() => implicitly_broadcast(body, user, operand_index),
        _ => false,
    }
}

/// Whether operand `operand_index` of `user` has fewer elements than its result: a
/// lower-rank or size-1 operand that an elementwise op broadcasts, rereading it.
fn implicitly_broadcast(body: &Body, user: OpId, operand_index: usize) -> bool {
    let operand = body.operand(user, operand_index);
    num_elements(body, operand) < num_elements(body, body.result(user, 0))
}

/// Whether the value is a 0-d tensor.
fn is_scalar(body: &Body, v: xla_ir::ValueId) -> bool {
    body.ctx().as_tensor(body.value_type(v)).is_some_and(|t| t.dims.is_empty())
}

/// The number of elements of a statically shaped tensor value (`u64::MAX` when unknown).
pub fn num_elements(body: &Body, v: xla_ir::ValueId) -> u64 {
    shape(body, v).map_or(u64::MAX, |s| s.iter().map(|d| *d as u64).product())
}

/// Whether `op` (an `hlo.divide`) divides floats by a splat constant (possibly broadcast or
/// reshaped) that is a power of two between 2^-14 and 2^14, whose reciprocal is then
/// exact in every float format.
fn divides_by_power_of_two(body: &Body, op: OpId) -> bool {
    let ctx = body.ctx();
    if !body.ctx().as_tensor(body.value_type(body.result(op, 0))).is_some_and(|t| ctx.is_float(t.element)) {
        return false;
    }
    let mut divisor = body.operand(op, 1);
    loop {
        let Some(producer) = body.defining_op(divisor) else { return false };
        match HloOp::of(body, producer) {
            Some(HloOp::BroadcastInDim(_) | HloOp::Broadcast(_) | HloOp::Reshape(_)) => divisor = body.operand(producer, 0),
            Some(HloOp::Constant(constant)) => {
                let value = constant.value(body);
                let one_value = value.splat || value.len(ctx) == 1;
                let Some(Scalar::Float(c)) = one_value.then(|| value.get(ctx, 0)).flatten() else { return false };
                let magnitude = c.abs();
                return (2f64.powi(-14)..=2f64.powi(14)).contains(&magnitude) && magnitude.to_bits() & ((1u64 << 52) - 1) == 0;
            }
            _ => return false,
        }
    }
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
