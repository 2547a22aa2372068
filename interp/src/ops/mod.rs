//! The evaluators of the ops, one file per family, and [`evaluator`], which finds an op's
//! evaluator with an exhaustive `match` on the op enums of the dialects the interpreter
//! runs (hlo, loop, check, and `func.call`). An evaluator receives its operands' values and returns
//! its results' values (see [`crate::interpreter::EvalFn`]); the interpreter checks those
//! against the declared result types.
//!
//! An evaluator that reads its op's attributes also takes the op's typed view
//! (`pad::pad(cx, op: PadOp, operands)`), and a binary elementwise evaluator takes the op's
//! `broadcast_dimensions`; no evaluator looks its op up again by name. The arm of the `match`
//! that found the op makes its [`EvalFn`] with `with_view!` or `broadcasting!`: a closure
//! without captures, so a plain function pointer (nothing is allocated per op), that makes
//! the view from the op it evaluates with `Op::from_id_unchecked`.
//!
//! Invariant: the [`EvalFn`] that [`evaluator`] returns for an op is called on that op only
//! (the interpreter calls it at once), and the arm that made it has just matched the very
//! variant whose view the closure makes; each macro checks at compile time that the view type
//! it names is the type of the view the arm bound, so the unchecked view is never of another
//! kind of op.

use std::rc::Rc;

use xla_dialects::check::{self, CheckOp};
use xla_dialects::func::{self, FuncDialectOp};
use xla_dialects::hlo::{self, HloOp};
use xla_dialects::interpreter::{self, InterpreterOp};
use xla_dialects::loops::{self, ArithKind, LoopOp, MathKind};
use xla_ir::{Body, Op, OpId};

use crate::error::EvalResult;
use crate::interpreter::{EvalFn, OpCx};
use crate::value::Value;

pub mod batch_norm;
pub mod blocks;
pub mod broadcast;
pub mod checks;
pub mod cholesky;
pub mod collectives;
pub mod compare;
pub mod concatenate;
pub mod control_flow;
pub mod convert;
pub mod convolution;
pub mod custom_call;
pub mod dimension_size;
pub mod dot;
pub mod dynamic_slice;
pub mod elementwise_binary;
pub mod elementwise_unary;
pub mod fft;
pub mod gather;
pub mod index_vectors;
pub mod iota;
pub mod loop_control;
pub mod loop_memory;
pub mod loop_scalars;
pub mod matrices;
pub mod pad;
pub mod permute;
pub mod positions;
pub mod probes;
mod prng;
pub mod products;
pub mod reduce;
pub mod reduce_window;
pub mod reducer;
pub mod relayout;
pub mod reshape;
pub mod rng_bit_generator;
pub mod rng_distributions;
pub mod run_parallel;
pub mod scalar_computation;
pub mod scatter;
pub mod select_and_scatter;
pub mod values;
pub mod select_clamp;
pub mod slice;
pub mod sort;
pub mod support;
pub mod tokens;
pub mod triangular_solve;
pub mod window;

/// The [`EvalFn`] that runs `$evaluate` with the view of type `$View` of the op it
/// evaluates, for the arm that bound that op's view as `$matched` (which does not compile
/// unless `$matched` is a `$View`).
macro_rules! with_view {
    ($matched:ident: $View:ty, $evaluate:path) => {{
        let _: $View = $matched;
        |cx, operands| $evaluate(cx, <$View as Op>::from_id_unchecked(cx.op), operands)
    }};
}

/// The [`EvalFn`] that runs the binary elementwise evaluator `$evaluate` with the
/// `broadcast_dimensions` of the op it evaluates, read through its view of type `$View`,
/// for the arm that bound that op's view as `$matched` (as in `with_view!`).
macro_rules! broadcasting {
    ($matched:ident: $View:ty, $evaluate:path) => {{
        let _: $View = $matched;
        |cx, operands| $evaluate(cx, <$View as Op>::from_id_unchecked(cx.op).broadcast_dimensions(cx.body()), operands)
    }};
}

/// A binary elementwise evaluator: the op's `broadcast_dimensions` and its operands' values
/// in, its result's value out.
pub(crate) type BinaryEvalFn = fn(&mut OpCx, Option<&[i64]>, &[Rc<Value>]) -> EvalResult<Vec<Value>>;

/// The evaluator of `op`: an exhaustive `match` on the op enum of its dialect, so a new op
/// must say here how it is evaluated (or that it is not).
pub fn evaluator(body: &Body, op: OpId) -> Option<EvalFn> {
    if let Some(kind) = HloOp::of(body, op) {
        return hlo_evaluator(kind);
    }
    if let Some(kind) = LoopOp::of(body, op) {
        return loop_evaluator(kind);
    }
    if let Some(kind) = CheckOp::of(body, op) {
        return check_evaluator(kind);
    }
    if let Some(kind) = InterpreterOp::of(body, op) {
        return Some(match kind {
            InterpreterOp::RunParallel(op) => with_view!(op: interpreter::RunParallelOp, run_parallel::run_parallel),
            InterpreterOp::Probe(op) => with_view!(op: interpreter::ProbeOp, probes::probe),
            InterpreterOp::Print(_) => probes::print,
        });
    }
    match FuncDialectOp::of(body, op)? {
        FuncDialectOp::Call(op) => Some(with_view!(op: func::CallOp, control_flow::func_call)),
        FuncDialectOp::Func(_) | FuncDialectOp::Return(_) => None,
    }
}

/// The evaluator of an hlo op.
fn hlo_evaluator(kind: HloOp) -> Option<EvalFn> {
    let evaluate: EvalFn = match kind {
        HloOp::Add(op) => broadcasting!(op: hlo::AddOp, elementwise_binary::add),
        HloOp::BroadcastInDim(op) => with_view!(op: hlo::BroadcastInDimOp, broadcast::broadcast_in_dim),
        HloOp::Constant(op) => with_view!(op: hlo::ConstantOp, values::constant),
        HloOp::DotGeneral(op) => with_view!(op: hlo::DotGeneralOp, dot::dot_general_op),
        HloOp::Maximum(op) => broadcasting!(op: hlo::MaximumOp, elementwise_binary::maximum),
        HloOp::Multiply(op) => broadcasting!(op: hlo::MultiplyOp, elementwise_binary::multiply),
        HloOp::Reduce(op) => with_view!(op: hlo::ReduceOp, reduce::reduce),
        HloOp::Subtract(op) => broadcasting!(op: hlo::SubtractOp, elementwise_binary::subtract),
        HloOp::Divide(op) => broadcasting!(op: hlo::DivideOp, elementwise_binary::divide),
        HloOp::Remainder(op) => broadcasting!(op: hlo::RemainderOp, elementwise_binary::remainder),
        HloOp::Minimum(op) => broadcasting!(op: hlo::MinimumOp, elementwise_binary::minimum),
        HloOp::Power(op) => broadcasting!(op: hlo::PowerOp, elementwise_binary::power),
        HloOp::Atan2(op) => broadcasting!(op: hlo::Atan2Op, elementwise_binary::atan2),
        HloOp::And(op) => broadcasting!(op: hlo::AndOp, elementwise_binary::and),
        HloOp::Or(op) => broadcasting!(op: hlo::OrOp, elementwise_binary::or),
        HloOp::Xor(op) => broadcasting!(op: hlo::XorOp, elementwise_binary::xor),
        HloOp::ShiftLeft(op) => broadcasting!(op: hlo::ShiftLeftOp, elementwise_binary::shift_left),
        HloOp::ShiftRightArithmetic(op) => broadcasting!(op: hlo::ShiftRightArithmeticOp, elementwise_binary::shift_right_arithmetic),
        HloOp::ShiftRightLogical(op) => broadcasting!(op: hlo::ShiftRightLogicalOp, elementwise_binary::shift_right_logical),
        HloOp::Complex(op) => broadcasting!(op: hlo::ComplexOp, elementwise_binary::complex),
        HloOp::Abs(_) => elementwise_unary::abs,
        HloOp::Ceil(_) => elementwise_unary::ceil,
        HloOp::Floor(_) => elementwise_unary::floor,
        HloOp::Cosine(_) => elementwise_unary::cosine,
        HloOp::Sine(_) => elementwise_unary::sine,
        HloOp::Tan(_) => elementwise_unary::tan,
        HloOp::Tanh(_) => elementwise_unary::tanh,
        HloOp::Exponential(_) => elementwise_unary::exponential,
        HloOp::ExponentialMinusOne(_) => elementwise_unary::exponential_minus_one,
        HloOp::Log(_) => elementwise_unary::log,
        HloOp::LogPlusOne(_) => elementwise_unary::log_plus_one,
        HloOp::Logistic(_) => elementwise_unary::logistic,
        HloOp::Negate(_) => elementwise_unary::negate,
        HloOp::Not(_) => elementwise_unary::not,
        HloOp::Popcnt(_) => elementwise_unary::popcnt,
        HloOp::CountLeadingZeros(_) => elementwise_unary::count_leading_zeros,
        HloOp::Real(_) => elementwise_unary::real,
        HloOp::Imag(_) => elementwise_unary::imag,
        HloOp::IsFinite(_) => elementwise_unary::is_finite,
        HloOp::RoundNearestAfz(_) => elementwise_unary::round_nearest_afz,
        HloOp::RoundNearestEven(_) => elementwise_unary::round_nearest_even,
        HloOp::Rsqrt(_) => elementwise_unary::rsqrt,
        HloOp::Sqrt(_) => elementwise_unary::sqrt,
        HloOp::Cbrt(_) => elementwise_unary::cbrt,
        HloOp::Sign(_) => elementwise_unary::sign,
        HloOp::Erf(_) => elementwise_unary::erf,
        HloOp::Compare(op) => with_view!(op: hlo::CompareOp, compare::compare),
        HloOp::Select(_) => select_clamp::select,
        HloOp::Clamp(_) => select_clamp::clamp,
        HloOp::ConvertElementType(_) => convert::convert_element_type,
        HloOp::BitcastConvertType(_) => convert::bitcast_convert_type,
        HloOp::ReducePrecision(op) => with_view!(op: hlo::ReducePrecisionOp, convert::reduce_precision),
        HloOp::Map(_) => control_flow::map,
        HloOp::Iota(op) => with_view!(op: hlo::IotaOp, iota::iota),
        HloOp::While(_) => control_flow::while_loop,
        HloOp::Fusion(_) => control_flow::fusion,
        HloOp::Conditional(_) => control_flow::conditional,
        HloOp::Call(op) => with_view!(op: hlo::CallOp, control_flow::hlo_call),
        HloOp::AfterAll(_) => tokens::after_all,
        HloOp::Infeed(_) => tokens::infeed,
        HloOp::Outfeed(_) => tokens::outfeed,
        HloOp::Send(op) => with_view!(op: hlo::SendOp, tokens::send),
        HloOp::Recv(op) => with_view!(op: hlo::RecvOp, tokens::recv),
        HloOp::AllGather(op) => with_view!(op: hlo::AllGatherOp, collectives::all_gather),
        HloOp::AllReduce(op) => with_view!(op: hlo::AllReduceOp, collectives::all_reduce),
        HloOp::AllToAll(op) => with_view!(op: hlo::AllToAllOp, collectives::all_to_all),
        HloOp::CollectivePermute(op) => with_view!(op: hlo::CollectivePermuteOp, collectives::collective_permute),
        HloOp::CollectiveBroadcast(op) => with_view!(op: hlo::CollectiveBroadcastOp, collectives::collective_broadcast),
        HloOp::ReduceScatter(op) => with_view!(op: hlo::ReduceScatterOp, collectives::reduce_scatter),
        HloOp::ReplicaId(_) => collectives::replica_id,
        HloOp::PartitionId(_) => collectives::partition_id,
        HloOp::RngUniform(_) => rng_distributions::rng_uniform,
        HloOp::RngNormal(_) => rng_distributions::rng_normal,
        HloOp::RngBitGenerator(op) => with_view!(op: hlo::RngBitGeneratorOp, rng_bit_generator::rng_bit_generator),
        HloOp::CustomCall(op) => with_view!(op: hlo::CustomCallOp, custom_call::custom_call),
        HloOp::Dot(_) => dot::dot_op,
        HloOp::ReduceWindow(op) => with_view!(op: hlo::ReduceWindowOp, reduce_window::reduce_window),
        HloOp::SelectAndScatter(op) => with_view!(op: hlo::SelectAndScatterOp, select_and_scatter::select_and_scatter),
        HloOp::Convolution(op) => with_view!(op: hlo::ConvolutionOp, convolution::convolution),
        HloOp::Fft(op) => with_view!(op: hlo::FftOp, fft::fft),
        HloOp::Cholesky(op) => with_view!(op: hlo::CholeskyOp, cholesky::cholesky),
        HloOp::TriangularSolve(op) => with_view!(op: hlo::TriangularSolveOp, triangular_solve::triangular_solve),
        HloOp::BatchNormInference(op) => with_view!(op: hlo::BatchNormInferenceOp, batch_norm::batch_norm_inference),
        HloOp::BatchNormTraining(op) => with_view!(op: hlo::BatchNormTrainingOp, batch_norm::batch_norm_training),
        HloOp::BatchNormGrad(op) => with_view!(op: hlo::BatchNormGradOp, batch_norm::batch_norm_grad),
        HloOp::Reshape(_) => reshape::reshape,
        HloOp::Collapse(op) => with_view!(op: hlo::CollapseOp, reshape::collapse),
        HloOp::Transpose(op) => with_view!(op: hlo::TransposeOp, permute::transpose),
        HloOp::Copy(_) => relayout::copy,
        HloOp::Bitcast(_) => relayout::bitcast,
        HloOp::Broadcast(op) => with_view!(op: hlo::BroadcastOp, broadcast::broadcast),
        HloOp::Concatenate(op) => with_view!(op: hlo::ConcatenateOp, concatenate::concatenate),
        HloOp::Slice(op) => with_view!(op: hlo::SliceOp, slice::slice),
        HloOp::DynamicSlice(op) => with_view!(op: hlo::DynamicSliceOp, dynamic_slice::dynamic_slice),
        HloOp::DynamicUpdateSlice(_) => dynamic_slice::dynamic_update_slice,
        HloOp::Pad(op) => with_view!(op: hlo::PadOp, pad::pad),
        HloOp::Rev(op) => with_view!(op: hlo::RevOp, permute::rev),
        HloOp::GetDimensionSize(op) => with_view!(op: hlo::GetDimensionSizeOp, dimension_size::get_dimension_size),
        HloOp::SetDimensionSize(op) => with_view!(op: hlo::SetDimensionSizeOp, dimension_size::set_dimension_size),
        HloOp::Gather(op) => with_view!(op: hlo::GatherOp, gather::gather),
        HloOp::Scatter(op) => with_view!(op: hlo::ScatterOp, scatter::scatter),
        HloOp::Sort(op) => with_view!(op: hlo::SortOp, sort::sort),
        HloOp::Tuple(_) => values::tuple,
        HloOp::GetTupleElement(op) => with_view!(op: hlo::GetTupleElementOp, values::get_tuple_element),
        HloOp::OptimizationBarrier(_) => values::optimization_barrier,
        // Terminators: the constructs owning their regions read them.
        HloOp::Return(_) => return None,
    };
    Some(evaluate)
}

/// The evaluator of a loop op (the loop level runs in the interpreter too).
fn loop_evaluator(kind: LoopOp) -> Option<EvalFn> {
    let evaluate: EvalFn = match kind {
        LoopOp::Alloc(_) => loop_memory::alloc,
        LoopOp::ArenaBuffer(_) => loop_memory::alloc,
        LoopOp::Constant(op) => with_view!(op: loops::ConstantOp, loop_memory::constant),
        LoopOp::Literal(op) => with_view!(op: loops::LiteralOp, loop_memory::literal),
        LoopOp::Load(_) => loop_memory::load,
        LoopOp::Store(_) => loop_memory::store,
        LoopOp::For(_) => loop_control::for_loop,
        LoopOp::Parallel(_) => loop_control::parallel,
        LoopOp::While(_) => loop_control::while_loop,
        LoopOp::If(_) => loop_control::if_op,
        LoopOp::Arith(op) => with_view!(op: loops::ArithOp, loop_scalars::arith),
        LoopOp::Math(op) => with_view!(op: loops::MathOp, loop_scalars::math),
        LoopOp::Compare(op) => with_view!(op: loops::CompareOp, loop_scalars::compare),
        // Scalar ops that are their hlo counterpart on 0-d tensors.
        LoopOp::Select(_) => select_clamp::select,
        LoopOp::Convert(_) => convert::convert_element_type,
        LoopOp::Bitcast(_) => convert::bitcast_convert_type,
        LoopOp::Real(_) => elementwise_unary::real,
        LoopOp::Imag(_) => elementwise_unary::imag,
        // Its parts are scalars, so there is nothing to broadcast.
        LoopOp::Complex(_) => |cx, operands| elementwise_binary::complex(cx, None, operands),
        LoopOp::ComplexAbs(_) => elementwise_unary::abs,
        LoopOp::CallRuntime(op) => with_view!(op: loops::CallRuntimeOp, loop_control::call_runtime),
        // Terminators: the constructs owning their regions read them.
        LoopOp::Yield(_) | LoopOp::Condition(_) => return None,
    };
    Some(evaluate)
}

/// The evaluator of a check op.
fn check_evaluator(kind: CheckOp) -> Option<EvalFn> {
    let evaluate: EvalFn = match kind {
        CheckOp::ExpectEq(_) => checks::expect_eq,
        CheckOp::ExpectEqConst(op) => with_view!(op: check::ExpectEqConstOp, checks::expect_eq_const),
        CheckOp::ExpectAlmostEq(op) => with_view!(op: check::ExpectAlmostEqOp, checks::expect_almost_eq),
        CheckOp::ExpectAlmostEqConst(op) => with_view!(op: check::ExpectAlmostEqConstOp, checks::expect_almost_eq_const),
        CheckOp::ExpectClose(op) => with_view!(op: check::ExpectCloseOp, checks::expect_close),
        CheckOp::ExpectSerializedEq(op) => with_view!(op: check::ExpectSerializedEqOp, probes::expect_serialized_eq),
    };
    Some(evaluate)
}

/// The hlo evaluator `loop.arith` of `kind` runs on its scalar operands.
pub(crate) fn arith_evaluator(kind: ArithKind) -> BinaryEvalFn {
    match kind {
        ArithKind::Add => elementwise_binary::add,
        ArithKind::Subtract => elementwise_binary::subtract,
        ArithKind::Multiply => elementwise_binary::multiply,
        ArithKind::Divide => elementwise_binary::divide,
        ArithKind::Remainder => elementwise_binary::remainder,
        ArithKind::Maximum => elementwise_binary::maximum,
        ArithKind::Minimum => elementwise_binary::minimum,
        ArithKind::Power => elementwise_binary::power,
        ArithKind::Atan2 => elementwise_binary::atan2,
        ArithKind::And => elementwise_binary::and,
        ArithKind::Or => elementwise_binary::or,
        ArithKind::Xor => elementwise_binary::xor,
        ArithKind::ShiftLeft => elementwise_binary::shift_left,
        ArithKind::ShiftRightArithmetic => elementwise_binary::shift_right_arithmetic,
        ArithKind::ShiftRightLogical => elementwise_binary::shift_right_logical,
    }
}

/// The hlo evaluator `loop.math` of `kind` runs on its scalar operand.
pub(crate) fn math_evaluator(kind: MathKind) -> EvalFn {
    match kind {
        MathKind::Abs => elementwise_unary::abs,
        MathKind::Negate => elementwise_unary::negate,
        MathKind::Sign => elementwise_unary::sign,
        MathKind::Not => elementwise_unary::not,
        MathKind::Popcnt => elementwise_unary::popcnt,
        MathKind::CountLeadingZeros => elementwise_unary::count_leading_zeros,
        MathKind::Floor => elementwise_unary::floor,
        MathKind::Ceil => elementwise_unary::ceil,
        MathKind::RoundNearestAfz => elementwise_unary::round_nearest_afz,
        MathKind::RoundNearestEven => elementwise_unary::round_nearest_even,
        MathKind::Exponential => elementwise_unary::exponential,
        MathKind::ExponentialMinusOne => elementwise_unary::exponential_minus_one,
        MathKind::Log => elementwise_unary::log,
        MathKind::LogPlusOne => elementwise_unary::log_plus_one,
        MathKind::Logistic => elementwise_unary::logistic,
        MathKind::Sqrt => elementwise_unary::sqrt,
        MathKind::Rsqrt => elementwise_unary::rsqrt,
        MathKind::Cbrt => elementwise_unary::cbrt,
        MathKind::Sine => elementwise_unary::sine,
        MathKind::Cosine => elementwise_unary::cosine,
        MathKind::Tan => elementwise_unary::tan,
        MathKind::Tanh => elementwise_unary::tanh,
        MathKind::Erf => elementwise_unary::erf,
    }
}
