//! The `hlo` dialect: XLA's operations on tensors with value semantics, as XLA's
//! "Operation semantics" specifies them (names are `hlo.` + the snake_case XLA name).
//!
//! Each op lives in its own file with its shape function, verifier and folder; the
//! elementwise ops are one-line declarations of the `ElementwiseUnary`/`ElementwiseBinary`
//! families. [`HLO_DIALECT`] lists them all and materializes folded constants as
//! `hlo.constant`.
//!
//! Invariant: shape functions and verifiers never panic on any input; they return messages
//! that name the operand, attribute and dimension at fault.

mod broadcast_in_dim;
mod compare;
mod complex;
mod constant;
mod convert;
mod dot_general;
mod elementwise;
mod elementwise_support;
mod fold;
mod map_iota;
mod reduce;
mod return_op;
mod select_clamp;
#[cfg(test)]
mod test_support;
mod types;
mod unary;
mod call;
mod collectives;
mod process_grid;
mod computation;
mod conditional;
mod custom_call;
mod rng;
mod tokens;
mod while_op;
mod fusion;
mod batch_norm;
mod cholesky;
mod common;
mod convolution;
mod dot;
mod fft;
mod precision;
mod reduce_window;
mod select_and_scatter;
mod triangular_solve;
mod window;
mod broadcast;
mod concatenate;
mod dimension_size;
mod dynamic_slice;
mod gather;
mod optimization_barrier;
mod pad;
mod reshape;
mod compare_patterns;
mod conditional_patterns;
mod constant_folds;
mod literals;
mod select_patterns;
mod slicing_patterns;
mod iota_patterns;
mod layout_patterns;
mod reduce_patterns;
mod reshape_patterns;
mod rev;
mod scatter;
mod shape_checks;
mod slice;
mod sort;
mod transpose;
mod copy;
mod bitcast;
mod tuple;

pub use broadcast_in_dim::{verify_broadcast_in_dim, BroadcastInDimOp};
pub use compare::{
    comparison_types_for, parse_comparison_head, print_comparison_head, verify_compare, verify_comparison, CompareOp,
    ComparisonDirection, ComparisonType,
};
pub use complex::{infer_complex, infer_complex_part, infer_is_finite, AbsOp, ComplexOp, ImagOp, IsFiniteOp, RealOp};
pub use constant::{fold_constant, infer_constant, ConstantOp};
pub use convert::{
    verify_bitcast_convert_type, verify_convert_element_type, verify_reduce_precision, BitcastConvertTypeOp,
    ConvertElementTypeOp, ReducePrecisionOp,
};
pub use dot_general::{infer_dot_general, verify_dot_general, DotDimensionNumbers, DotGeneralOp};
pub use elementwise::{
    AddOp, AndOp, Atan2Op, DivideOp, MaximumOp, MinimumOp, MultiplyOp, OrOp, PowerOp, RemainderOp, ShiftLeftOp,
    ShiftRightArithmeticOp, ShiftRightLogicalOp, SubtractOp, XorOp,
};
pub use elementwise_support::{
    element_bit_width, FloatOrComplexTensor, IntFloatOrComplexTensor, SignedIntFloatOrComplexTensor, TensorOrTuple,
};
pub use fold::{fold_add, fold_and, fold_multiply, fold_or, fold_subtract, FOLD_ELEMENT_LIMIT};
pub use map_iota::{verify_iota, verify_map, IotaOp, MapOp};
pub use reduce::{infer_reduce, verify_reduce, ReduceOp};
pub use return_op::ReturnOp;
pub use select_clamp::{infer_clamp, infer_select, ClampOp, SelectOp};
pub use types::{is_token, token_type};
pub use unary::{
    CbrtOp, CeilOp, CosineOp, CountLeadingZerosOp, ErfOp, ExponentialMinusOneOp, ExponentialOp, FloorOp, LogOp,
    LogPlusOneOp, LogisticOp, NegateOp, NotOp, PopcntOp, RoundNearestAfzOp, RoundNearestEvenOp, RsqrtOp, SignOp, SineOp,
    SqrtOp, TanOp, TanhOp,
};
pub use call::{verify_call, CallOp};
pub use collectives::{
    check_replica_groups, infer_all_reduce, infer_all_to_all, infer_collective_broadcast, infer_collective_permute, infer_reduce_scatter,
    replica_group_size, verify_all_gather, verify_all_reduce, verify_channel, verify_reduce_scatter, AllGatherOp, AllReduceOp, AllToAllOp,
    CollectiveBroadcastOp, CollectivePermuteOp, ReduceScatterOp,
};
pub use process_grid::{infer_process_id, PartitionIdOp, ProcessGroupMode, ReplicaIdOp};
pub use conditional::{verify_conditional, ConditionalOp};
pub use custom_call::{verify_custom_call, CustomCallApiVersion, CustomCallOp};
pub use rng::{verify_rng_bit_generator, verify_rng_normal, verify_rng_uniform, RngAlgorithm, RngBitGeneratorOp, RngNormalOp, RngUniformOp};
pub use tokens::{infer_token, verify_token_op, AfterAllOp, InfeedOp, OutfeedOp, RecvOp, SendOp};
pub use while_op::{infer_while, verify_while, WhileOp};
pub use fusion::{verify_fusion, FusionKind, FusionOp};
pub use batch_norm::{
    infer_batch_norm_grad, infer_batch_norm_inference, infer_batch_norm_training, BatchNormGradOp, BatchNormInferenceOp,
    BatchNormTrainingOp, F32Attr,
};
pub use cholesky::{infer_cholesky, CholeskyOp};
pub use convolution::{infer_convolution, ConvDimensionNumbers, ConvolutionOp};
pub use dot::{infer_dot, DotOp};
pub use fft::{infer_fft, FftOp, FftType};
pub use precision::{Precision, PrecisionConfigAttr};
pub use reduce_window::{infer_reduce_window, verify_reduce_window, ReduceWindowOp};
pub use select_and_scatter::{infer_select_and_scatter, verify_select_and_scatter, SelectAndScatterOp};
pub use triangular_solve::{infer_triangular_solve, Transpose, TriangularSolveOp};
pub use broadcast::{infer_broadcast, BroadcastOp};
pub use concatenate::{infer_concatenate, ConcatenateOp};
pub use dimension_size::{infer_get_dimension_size, infer_set_dimension_size, GetDimensionSizeOp, SetDimensionSizeOp};
pub use dynamic_slice::{infer_dynamic_slice, infer_dynamic_update_slice, DynamicSliceOp, DynamicUpdateSliceOp};
pub use gather::{infer_gather, GatherOp};
pub use optimization_barrier::{infer_optimization_barrier, OptimizationBarrierOp};
pub use pad::{infer_pad, PadOp};
pub use reshape::{infer_collapse, verify_reshape, CollapseOp, ReshapeOp};
pub use rev::{infer_rev, RevOp};
pub use scatter::{infer_scatter, verify_scatter, ScatterOp};
pub use slice::{infer_slice, SliceOp};
pub use sort::{infer_sort, verify_sort, SortOp};
pub use transpose::{infer_transpose, TransposeOp};
pub use copy::{verify_copy, CopyOp};
pub use bitcast::{bitcast_side, verify_bitcast, BitcastOp};
pub use tuple::{infer_get_tuple_element, infer_tuple, GetTupleElementOp, TupleOp};

use xla_ir::{Attribute, Builder, Location, Type, ValueId};

xla_ir::dialect! {
    /// Every op of the `hlo` dialect, with its typed view: what passes match on.
    pub enum HloOp, kinds HloOpKind;
    /// The `hlo` dialect.
    pub static HLO_DIALECT = "hlo", "XLA's operations on tensors with value semantics, as XLA's operation semantics specify them.", materialize_constant: Some(materialize_constant);
    ops {
        Add(AddOp),
        BroadcastInDim(BroadcastInDimOp),
        Constant(ConstantOp),
        DotGeneral(DotGeneralOp),
        Maximum(MaximumOp),
        Multiply(MultiplyOp),
        Reduce(ReduceOp),
        Return(ReturnOp),
        Subtract(SubtractOp),
        Divide(DivideOp),
        Remainder(RemainderOp),
        Minimum(MinimumOp),
        Power(PowerOp),
        Atan2(Atan2Op),
        And(AndOp),
        Or(OrOp),
        Xor(XorOp),
        ShiftLeft(ShiftLeftOp),
        ShiftRightArithmetic(ShiftRightArithmeticOp),
        ShiftRightLogical(ShiftRightLogicalOp),
        Complex(ComplexOp),
        Abs(AbsOp),
        Ceil(CeilOp),
        Floor(FloorOp),
        Cosine(CosineOp),
        Sine(SineOp),
        Tan(TanOp),
        Tanh(TanhOp),
        Exponential(ExponentialOp),
        ExponentialMinusOne(ExponentialMinusOneOp),
        Log(LogOp),
        LogPlusOne(LogPlusOneOp),
        Logistic(LogisticOp),
        Negate(NegateOp),
        Not(NotOp),
        Popcnt(PopcntOp),
        CountLeadingZeros(CountLeadingZerosOp),
        Real(RealOp),
        Imag(ImagOp),
        IsFinite(IsFiniteOp),
        RoundNearestAfz(RoundNearestAfzOp),
        RoundNearestEven(RoundNearestEvenOp),
        Rsqrt(RsqrtOp),
        Sqrt(SqrtOp),
        Cbrt(CbrtOp),
        Sign(SignOp),
        Erf(ErfOp),
        Compare(CompareOp),
        Select(SelectOp),
        Clamp(ClampOp),
        ConvertElementType(ConvertElementTypeOp),
        BitcastConvertType(BitcastConvertTypeOp),
        ReducePrecision(ReducePrecisionOp),
        Map(MapOp),
        Iota(IotaOp),
        While(WhileOp),
        Fusion(FusionOp),
        Conditional(ConditionalOp),
        Call(CallOp),
        AfterAll(AfterAllOp),
        Infeed(InfeedOp),
        Outfeed(OutfeedOp),
        Send(SendOp),
        Recv(RecvOp),
        AllGather(AllGatherOp),
        AllReduce(AllReduceOp),
        AllToAll(AllToAllOp),
        CollectivePermute(CollectivePermuteOp),
        CollectiveBroadcast(CollectiveBroadcastOp),
        ReduceScatter(ReduceScatterOp),
        ReplicaId(ReplicaIdOp),
        PartitionId(PartitionIdOp),
        RngUniform(RngUniformOp),
        RngNormal(RngNormalOp),
        RngBitGenerator(RngBitGeneratorOp),
        CustomCall(CustomCallOp),
        Dot(DotOp),
        ReduceWindow(ReduceWindowOp),
        SelectAndScatter(SelectAndScatterOp),
        Convolution(ConvolutionOp),
        Fft(FftOp),
        Cholesky(CholeskyOp),
        TriangularSolve(TriangularSolveOp),
        BatchNormInference(BatchNormInferenceOp),
        BatchNormTraining(BatchNormTrainingOp),
        BatchNormGrad(BatchNormGradOp),
        Reshape(ReshapeOp),
        Collapse(CollapseOp),
        Transpose(TransposeOp),
        Copy(CopyOp),
        Bitcast(BitcastOp),
        Broadcast(BroadcastOp),
        Concatenate(ConcatenateOp),
        Slice(SliceOp),
        DynamicSlice(DynamicSliceOp),
        DynamicUpdateSlice(DynamicUpdateSliceOp),
        Pad(PadOp),
        Rev(RevOp),
        GetDimensionSize(GetDimensionSizeOp),
        SetDimensionSize(SetDimensionSizeOp),
        Gather(GatherOp),
        Scatter(ScatterOp),
        Sort(SortOp),
        Tuple(TupleOp),
        GetTupleElement(GetTupleElementOp),
        OptimizationBarrier(OptimizationBarrierOp),
    }
}

/// Creates `hlo.constant` holding `value` when it is a dense literal of type `ty`.
pub fn materialize_constant(builder: &mut Builder, value: Attribute, ty: Type, location: Location) -> Option<ValueId> {
    let dense = builder.ctx().as_dense(value)?;
    if dense.ty != ty {
        return None;
    }
    let saved = std::mem::replace(&mut builder.location, location);
    let constant = ConstantOp::build(builder, dense);
    builder.location = saved;
    Some(constant.ok()?.result(builder.body))
}
