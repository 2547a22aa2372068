//! The evaluators of the ops, one file per family, and [`evaluator`], which finds an op's
//! evaluator with an exhaustive `match` on the op enums of the dialects the interpreter
//! runs (hlo, loop, check, and `func.call`). An evaluator receives its operands' values and returns
//! its results' values (see [`crate::interpreter::EvalFn`]); the interpreter checks those
//! against the declared result types.

use xla_dialects::check::CheckOp;
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::HloOp;
use xla_dialects::loops::{ArithKind, LoopOp, MathKind};
use xla_ir::{Body, OpId};

use crate::interpreter::EvalFn;

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
pub mod prng;
pub mod products;
pub mod reduce;
pub mod reduce_window;
pub mod reducer;
pub mod relayout;
pub mod reshape;
pub mod rng_bit_generator;
pub mod rng_distributions;
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
    match FuncDialectOp::of(body, op)? {
        FuncDialectOp::Call(_) => Some(control_flow::func_call),
        FuncDialectOp::Func(_) | FuncDialectOp::Return(_) => None,
    }
}

/// The evaluator of an hlo op.
fn hlo_evaluator(kind: HloOp) -> Option<EvalFn> {
    let evaluate: EvalFn = match kind {
        HloOp::Add(_) => elementwise_binary::add,
        HloOp::BroadcastInDim(_) => broadcast::broadcast_in_dim,
        HloOp::Constant(_) => values::constant,
        HloOp::DotGeneral(_) => dot::dot_general_op,
        HloOp::Maximum(_) => elementwise_binary::maximum,
        HloOp::Multiply(_) => elementwise_binary::multiply,
        HloOp::Reduce(_) => reduce::reduce,
        HloOp::Subtract(_) => elementwise_binary::subtract,
        HloOp::Divide(_) => elementwise_binary::divide,
        HloOp::Remainder(_) => elementwise_binary::remainder,
        HloOp::Minimum(_) => elementwise_binary::minimum,
        HloOp::Power(_) => elementwise_binary::power,
        HloOp::Atan2(_) => elementwise_binary::atan2,
        HloOp::And(_) => elementwise_binary::and,
        HloOp::Or(_) => elementwise_binary::or,
        HloOp::Xor(_) => elementwise_binary::xor,
        HloOp::ShiftLeft(_) => elementwise_binary::shift_left,
        HloOp::ShiftRightArithmetic(_) => elementwise_binary::shift_right_arithmetic,
        HloOp::ShiftRightLogical(_) => elementwise_binary::shift_right_logical,
        HloOp::Complex(_) => elementwise_binary::complex,
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
        HloOp::Compare(_) => compare::compare,
        HloOp::Select(_) => select_clamp::select,
        HloOp::Clamp(_) => select_clamp::clamp,
        HloOp::ConvertElementType(_) => convert::convert_element_type,
        HloOp::BitcastConvertType(_) => convert::bitcast_convert_type,
        HloOp::ReducePrecision(_) => convert::reduce_precision,
        HloOp::Map(_) => control_flow::map,
        HloOp::Iota(_) => iota::iota,
        HloOp::While(_) => control_flow::while_loop,
        HloOp::Fusion(_) => control_flow::fusion,
        HloOp::Conditional(_) => control_flow::conditional,
        HloOp::Call(_) => control_flow::hlo_call,
        HloOp::AfterAll(_) => tokens::after_all,
        HloOp::Infeed(_) => tokens::infeed,
        HloOp::Outfeed(_) => tokens::outfeed,
        HloOp::Send(_) => tokens::send,
        HloOp::Recv(_) => tokens::recv,
        HloOp::AllGather(_) => collectives::all_gather,
        HloOp::AllReduce(_) => collectives::all_reduce,
        HloOp::AllToAll(_) => collectives::all_to_all,
        HloOp::CollectivePermute(_) => collectives::collective_permute,
        HloOp::ReduceScatter(_) => collectives::reduce_scatter,
        HloOp::ReplicaId(_) => collectives::replica_id,
        HloOp::RngUniform(_) => rng_distributions::rng_uniform,
        HloOp::RngNormal(_) => rng_distributions::rng_normal,
        HloOp::RngBitGenerator(_) => rng_bit_generator::rng_bit_generator,
        HloOp::CustomCall(_) => custom_call::custom_call,
        HloOp::Dot(_) => dot::dot_op,
        HloOp::ReduceWindow(_) => reduce_window::reduce_window,
        HloOp::SelectAndScatter(_) => select_and_scatter::select_and_scatter,
        HloOp::Convolution(_) => convolution::convolution,
        HloOp::Fft(_) => fft::fft,
        HloOp::Cholesky(_) => cholesky::cholesky,
        HloOp::TriangularSolve(_) => triangular_solve::triangular_solve,
        HloOp::BatchNormInference(_) => batch_norm::batch_norm_inference,
        HloOp::BatchNormTraining(_) => batch_norm::batch_norm_training,
        HloOp::BatchNormGrad(_) => batch_norm::batch_norm_grad,
        HloOp::Reshape(_) => reshape::reshape,
        HloOp::Collapse(_) => reshape::collapse,
        HloOp::Transpose(_) => permute::transpose,
        HloOp::Copy(_) => relayout::copy,
        HloOp::Bitcast(_) => relayout::bitcast,
        HloOp::Broadcast(_) => broadcast::broadcast,
        HloOp::Concatenate(_) => concatenate::concatenate,
        HloOp::Slice(_) => slice::slice,
        HloOp::DynamicSlice(_) => dynamic_slice::dynamic_slice,
        HloOp::DynamicUpdateSlice(_) => dynamic_slice::dynamic_update_slice,
        HloOp::Pad(_) => pad::pad,
        HloOp::Rev(_) => permute::rev,
        HloOp::GetDimensionSize(_) => dimension_size::get_dimension_size,
        HloOp::SetDimensionSize(_) => dimension_size::set_dimension_size,
        HloOp::Gather(_) => gather::gather,
        HloOp::Scatter(_) => scatter::scatter,
        HloOp::Sort(_) => sort::sort,
        HloOp::Tuple(_) => values::tuple,
        HloOp::GetTupleElement(_) => values::get_tuple_element,
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
        LoopOp::Constant(_) => loop_memory::constant,
        LoopOp::Load(_) => loop_memory::load,
        LoopOp::Store(_) => loop_memory::store,
        LoopOp::For(_) => loop_control::for_loop,
        LoopOp::Parallel(_) => loop_control::parallel,
        LoopOp::While(_) => loop_control::while_loop,
        LoopOp::If(_) => loop_control::if_op,
        LoopOp::Arith(_) => loop_scalars::arith,
        LoopOp::Math(_) => loop_scalars::math,
        LoopOp::Compare(_) => loop_scalars::compare,
        // Scalar ops that are their hlo counterpart on 0-d tensors.
        LoopOp::Select(_) => select_clamp::select,
        LoopOp::Convert(_) => convert::convert_element_type,
        LoopOp::Bitcast(_) => convert::bitcast_convert_type,
        LoopOp::Real(_) => elementwise_unary::real,
        LoopOp::Imag(_) => elementwise_unary::imag,
        LoopOp::Complex(_) => elementwise_binary::complex,
        LoopOp::ComplexAbs(_) => elementwise_unary::abs,
        LoopOp::CallRuntime(_) => loop_control::call_runtime,
        // Terminators: the constructs owning their regions read them.
        LoopOp::Yield(_) | LoopOp::Condition(_) => return None,
    };
    Some(evaluate)
}

/// The evaluator of a check op.
fn check_evaluator(kind: CheckOp) -> Option<EvalFn> {
    let evaluate: EvalFn = match kind {
        CheckOp::ExpectEq(_) => checks::expect_eq,
        CheckOp::ExpectEqConst(_) => checks::expect_eq_const,
        CheckOp::ExpectAlmostEq(_) => checks::expect_almost_eq,
        CheckOp::ExpectAlmostEqConst(_) => checks::expect_almost_eq_const,
        CheckOp::ExpectClose(_) => checks::expect_close,
    };
    Some(evaluate)
}

/// The hlo evaluator `loop.arith` of `kind` runs on its scalar operands.
pub(crate) fn arith_evaluator(kind: ArithKind) -> EvalFn {
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
