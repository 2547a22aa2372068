//! The state of lowering one function: where ops go, what each hlo value became, and the
//! dispatch of each hlo op to its family.
//!
//! An hlo value becomes a [`Lowered`]: a buffer, a scalar standing for every element (a
//! splat constant, a 0-d result, a reducer's argument), a tuple of those, or a token. Ops
//! are lowered in order, block by block; [`Lowering::lower_block`] lowers an hlo region's
//! block and gives back what its terminator returns.
//!
//! Invariant: a value is bound before any op that uses it is lowered (hlo blocks are in
//! dominance order), and every emitted op is placed where the values it uses dominate it:
//! constants at the top of the function, everything else at the end of the current block.

use std::collections::HashMap;

use xla_dialects::check::{CheckOp, ExpectSerializedEqOp};
use xla_dialects::interpreter::{InterpreterOp, ProbeOp};
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::{
    AllGatherOp, AllReduceOp, AllToAllOp, BatchNormGradOp, BatchNormInferenceOp, BatchNormTrainingOp, CholeskyOp,
    CollectiveBroadcastOp, CollectivePermuteOp, ConstantOp, ConvolutionOp, CustomCallOp, FftOp, FusionOp, GetDimensionSizeOp, HloOp, RecvOp,
    ReduceScatterOp, RngBitGeneratorOp, ScatterOp, SelectAndScatterOp, SendOp, SortOp, TriangularSolveOp,
};
use xla_ir::{Attribute, BlockId, Body, Context, Diagnostic, Location, Op, OpId, OpRef, Type, ValueDef, ValueId};

/// What an hlo value became.
#[derive(Clone, Debug, PartialEq)]
pub enum Lowered {
    /// A tensor held in a buffer (a `memref` value).
    Buffer(ValueId),
    /// A tensor every element of which is this scalar.
    Scalar(ValueId),
    /// A tuple, element by element.
    Tuple(Vec<Lowered>),
    /// A token: ordering only, no data.
    Token,
}

impl Lowered {
    /// The leaves of the value, in order (a tuple's flattened; tokens have none).
    pub fn leaves(&self) -> Vec<Lowered> {
        match self {
            Lowered::Tuple(elements) => elements.iter().flat_map(Lowered::leaves).collect(),
            Lowered::Token => Vec::new(),
            leaf => vec![leaf.clone()],
        }
    }
}

/// The state of lowering one function.
pub struct Lowering<'a, 'c> {
    /// The module's arena: the old hlo ops are read from it, the new loop ops built in it.
    pub body: &'a mut Body<'c>,
    /// The block new ops are appended to.
    pub block: BlockId,
    /// The location of new ops: the hlo op being lowered.
    pub loc: Location,
    /// The new function's entry block, where constants are hoisted.
    pub(super) entry: BlockId,
    /// The last constant hoisted; the next goes after it.
    pub(super) last_constant: Option<OpId>,
    /// The hoisted constants, by value.
    pub(super) constants: HashMap<Attribute, ValueId>,
    /// The hoisted complex constants, by type and the bits of their parts as `f64`.
    pub(super) complex_constants: HashMap<(Type, [u64; 2]), ValueId>,
    /// The value of each `index` constant, for folding index arithmetic.
    pub(super) known_indices: HashMap<ValueId, i64>,
    /// What each hlo value became.
    pub values: HashMap<ValueId, Lowered>,
    /// Buffers that hlo values must be computed into (a function's or a branch's results),
    /// taken by the first op that computes the value.
    pub destinations: HashMap<ValueId, ValueId>,
    /// Loads already emitted, by buffer and index, so that an element read twice is loaded
    /// once; a store to the buffer, or a call, forgets them.
    pub(super) loads: HashMap<(ValueId, Vec<ValueId>), ValueId>,
    /// The elements of unmaterialized ops already computed, by op and index, so that a
    /// producer that several consumers of one fusion read is computed once per index;
    /// forgotten with the loads (calls, regions) and valid only where they dominate.
    pub(super) elements: HashMap<(OpId, Vec<ValueId>), Vec<ValueId>>,
    /// How to lower.
    pub options: super::Options,
}

impl<'a, 'c> Lowering<'a, 'c> {
    /// A lowering emitting into `entry`, the new function's entry block.
    pub fn new(body: &'a mut Body<'c>, entry: BlockId, loc: Location) -> Self {
        Lowering {
            body,
            block: entry,
            loc,
            entry,
            last_constant: None,
            constants: HashMap::new(),
            complex_constants: HashMap::new(),
            known_indices: HashMap::new(),
            values: HashMap::new(),
            destinations: HashMap::new(),
            loads: HashMap::new(),
            elements: HashMap::new(),
            options: super::Options::default(),
        }
    }

    /// The context the body interns in.
    pub fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    /// An error at the op being lowered.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc, message)
    }

    /// The error for an op this pass does not lower.
    pub fn unsupported(&self, op: OpId) -> Diagnostic {
        Diagnostic::error(self.body.op(op).location, format!("lower-to-loops does not handle '{}' yet", self.body.op_name(op)))
    }

    /// What hlo value `v` became.
    pub fn lowered(&self, v: ValueId) -> Result<Lowered, Diagnostic> {
        self.values.get(&v).cloned().ok_or_else(|| self.error("internal error: a value was used before it was lowered"))
    }

    /// Binds hlo value `v` to what it became.
    pub fn bind(&mut self, v: ValueId, lowered: Lowered) {
        self.values.insert(v, lowered);
    }

    /// The static shape and element type of the tensor type `ty`, or an error naming it.
    pub fn tensor_shape(&self, ty: Type) -> Result<(Vec<i64>, Type), Diagnostic> {
        let ctx = self.ctx();
        let tensor = ctx
            .as_tensor(ty)
            .ok_or_else(|| self.error(format!("lower-to-loops expected a tensor, found {}", ctx.type_to_string(ty))))?;
        let shape = tensor.static_shape().ok_or_else(|| {
            self.error(format!("lower-to-loops needs static shapes, found {}", ctx.type_to_string(ty)))
        })?;
        Ok((shape, tensor.element))
    }

    /// The static shape of hlo value `v`.
    pub fn shape_of(&self, v: ValueId) -> Result<Vec<i64>, Diagnostic> {
        self.tensor_shape(self.body.value_type(v)).map(|(shape, _)| shape)
    }

    /// The element type of hlo value `v`.
    pub fn element_type_of(&self, v: ValueId) -> Result<Type, Diagnostic> {
        self.tensor_shape(self.body.value_type(v)).map(|(_, element)| element)
    }

    /// The buffer type holding tensors of type `ty` (same shape, element type and layout).
    pub fn memref_type(&self, ty: Type) -> Result<Type, Diagnostic> {
        let ctx = self.ctx();
        self.tensor_shape(ty)?;
        let tensor = ctx.as_tensor(ty).cloned().ok_or_else(|| self.error("expected a tensor"))?;
        Ok(ctx.ty(xla_ir::TypeData::MemRef(tensor)))
    }

    /// Lowers the ops of `block` (of an hlo region or function) in order, up to its
    /// terminator, whose operands it returns.
    pub fn lower_block(&mut self, block: BlockId) -> Result<Vec<ValueId>, Diagnostic> {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        for op in ops {
            if matches!(HloOp::of(self.body, op), Some(HloOp::Return(_))) || matches!(FuncDialectOp::of(self.body, op), Some(FuncDialectOp::Return(_))) {
                return Ok(self.body.op(op).operands.clone());
            }
            self.loc = self.body.op(op).location;
            self.forward_destination(op);
            self.lower_op(op)?;
        }
        Err(self.error("internal error: a block without a terminator"))
    }

    /// Lowers one hlo op, binding its results.
    fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        if matches!(HloOp::of(self.body, op), Some(HloOp::Bitcast(_) | HloOp::Reshape(_))) && self.bitcast_read_in_place(op)? {
            return Ok(());
        }
        if matches!(HloOp::of(self.body, op), Some(HloOp::ConvertElementType(_))) && self.widening_read_as_narrow(op)? {
            return Ok(());
        }
        match lowering_of(self.body, op) {
            Some(lower) => lower(self, op),
            None if self.has_elemental(op) => self.materialize_op(op),
            None => Err(self.unsupported(op)),
        }
    }

    /// Whether `hlo.bitcast` `op` (or a reshape that moves no byte, see
    /// `Lowering::bitcast_of_buffer`) needs no buffer of its own: its operand is in a
    /// buffer and it only feeds dots of its block that go through the runtime's gemm, which
    /// read the operand's bytes through the result's type (`Lowering::matrix_operand`)
    /// instead of a copy. Its result is then left unbound: a dot whose operand does not
    /// flatten into a strided matrix computes its elements from the operand's buffer.
    fn bitcast_read_in_place(&self, op: OpId) -> super::emit::Emitted<bool> {
        if !self.options.runtime_kernels || self.bitcast_of_buffer(self.body.result(op, 0))?.is_none() {
            return Ok(false);
        }
        if self.body.value(self.body.result(op, 0)).uses.is_empty() {
            return Ok(false);
        }
        self.only_gemm_dots_read(op, |this, dot| this.gemm_product_exists(dot))
    }

    /// Whether `hlo.convert_element_type` `op` (a widening of `bf16` or `f16` to `f32`)
    /// needs no buffer: it has readers, and they are all dots of its block whose gemm reads
    /// the narrow operand instead (`xla_rt_matmul_{bf16,f16}_f32`). Its result is then
    /// left unbound.
    fn widening_read_as_narrow(&self, op: OpId) -> super::emit::Emitted<bool> {
        if !self.options.runtime_kernels || self.body.value(self.body.result(op, 0)).uses.is_empty() {
            return Ok(false);
        }
        self.only_gemm_dots_read(op, |this, dot| this.gemm_reads_narrow(dot))
    }

    /// Whether every reader of `op`'s result is a dot in `op`'s block for which `accepts`
    /// holds.
    fn only_gemm_dots_read(&self, op: OpId, accepts: impl Fn(&Self, OpId) -> super::emit::Emitted<bool>) -> super::emit::Emitted<bool> {
        let block = self.body.op_block(op);
        for u in &self.body.value(self.body.result(op, 0)).uses {
            let is_dot = matches!(HloOp::of(self.body, u.op), Some(HloOp::Dot(_) | HloOp::DotGeneral(_)));
            if !is_dot || self.body.op_block(u.op) != block || !accepts(self, u.op)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `v` is defined by an op directly in `block`.
    pub fn defined_in(&self, v: ValueId, block: BlockId) -> bool {
        match self.body.value(v).def {
            ValueDef::Result { op, .. } => self.body.op_block(op) == Some(block),
            ValueDef::BlockArg { .. } => false,
        }
    }

    /// A read-only view of `op`.
    pub fn op_ref(&self, op: OpId) -> OpRef<'_, 'c> {
        OpRef::new(self.body, op)
    }
}

/// How an op without an elemental generator is lowered.
type LowerFn<'a, 'c> = fn(&mut Lowering<'a, 'c>, OpId) -> Result<(), Diagnostic>;

/// The [`LowerFn`] that runs `$lower` with the view of type `$View` of the op it lowers,
/// for the arm of [`lowering_of`] that bound that op's view as `$matched` (which does not
/// compile unless `$matched` is a `$View`): the view is the op's own, with no second
/// dispatch.
macro_rules! with_view {
    ($matched:ident: $View:ty, $lower:path) => {{
        let _: $View = $matched;
        |lowering, op| $lower(lowering, <$View as Op>::from_id_unchecked(op))
    }};
}

/// The lowering of the ops lowered as a whole rather than element by element (the
/// others are the elemental ops, [`Lowering::has_elemental`]): the one table of them, an
/// exhaustive `match` on the op enums, so a new op must say here how it is lowered.
fn lowering_of<'a, 'c>(body: &Body, op: OpId) -> Option<LowerFn<'a, 'c>> {
    if let Some(check) = CheckOp::of(body, op) {
        return Some(match check {
            CheckOp::ExpectEq(_) | CheckOp::ExpectEqConst(_) | CheckOp::ExpectAlmostEq(_) | CheckOp::ExpectAlmostEqConst(_) | CheckOp::ExpectClose(_) => {
                Lowering::lower_check
            }
            CheckOp::ExpectSerializedEq(matched) => with_view!(matched: ExpectSerializedEqOp, Lowering::lower_expect_serialized_eq),
        });
    }
    if let Some(harness) = InterpreterOp::of(body, op) {
        return match harness {
            InterpreterOp::Probe(matched) => Some(with_view!(matched: ProbeOp, Lowering::lower_probe)),
            // Printing and running programs in parallel are the interpreter's alone.
            InterpreterOp::Print(_) | InterpreterOp::RunParallel(_) => None,
        };
    }
    if let Some(func) = FuncDialectOp::of(body, op) {
        return match func {
            FuncDialectOp::Call(_) => Some(Lowering::lower_call),
            FuncDialectOp::Func(_) | FuncDialectOp::Return(_) => None,
        };
    }
    let lower: LowerFn<'a, 'c> = match HloOp::of(body, op)? {
        HloOp::Constant(matched) => with_view!(matched: ConstantOp, Lowering::lower_constant),
        HloOp::Tuple(_) => Lowering::lower_tuple,
        HloOp::GetTupleElement(_) => Lowering::lower_get_tuple_element,
        HloOp::OptimizationBarrier(_) => Lowering::lower_forwarding,
        HloOp::While(_) => Lowering::lower_while,
        HloOp::Conditional(_) => Lowering::lower_conditional,
        HloOp::Call(_) => Lowering::lower_call,
        HloOp::Fusion(matched) => with_view!(matched: FusionOp, Lowering::lower_fusion),
        HloOp::Scatter(matched) => with_view!(matched: ScatterOp, Lowering::lower_scatter),
        HloOp::SelectAndScatter(matched) => with_view!(matched: SelectAndScatterOp, Lowering::lower_select_and_scatter),
        HloOp::BatchNormInference(matched) => with_view!(matched: BatchNormInferenceOp, Lowering::lower_batch_norm_inference),
        HloOp::BatchNormTraining(matched) => with_view!(matched: BatchNormTrainingOp, Lowering::lower_batch_norm_training),
        HloOp::BatchNormGrad(matched) => with_view!(matched: BatchNormGradOp, Lowering::lower_batch_norm_grad),
        HloOp::RngBitGenerator(matched) => with_view!(matched: RngBitGeneratorOp, Lowering::lower_rng_bit_generator),
        HloOp::Sort(matched) => with_view!(matched: SortOp, Lowering::lower_sort),
        HloOp::Cholesky(matched) => with_view!(matched: CholeskyOp, Lowering::lower_cholesky),
        HloOp::TriangularSolve(matched) => with_view!(matched: TriangularSolveOp, Lowering::lower_triangular_solve),
        HloOp::Fft(matched) => with_view!(matched: FftOp, Lowering::lower_fft),
        HloOp::DotGeneral(_) | HloOp::Dot(_) => Lowering::lower_dot,
        HloOp::Convolution(matched) => with_view!(matched: ConvolutionOp, Lowering::lower_convolution),
        HloOp::AfterAll(_) => Lowering::lower_after_all,
        HloOp::Infeed(_) => Lowering::lower_infeed,
        HloOp::Outfeed(_) => Lowering::lower_outfeed,
        HloOp::Send(matched) => with_view!(matched: SendOp, Lowering::lower_send),
        HloOp::Recv(matched) => with_view!(matched: RecvOp, Lowering::lower_recv),
        HloOp::RngUniform(_) => Lowering::lower_rng_uniform,
        HloOp::RngNormal(_) => Lowering::lower_rng_normal,
        HloOp::ReplicaId(_) => Lowering::lower_replica_id,
        HloOp::PartitionId(_) => Lowering::lower_partition_id,
        HloOp::AllReduce(matched) => with_view!(matched: AllReduceOp, Lowering::lower_all_reduce),
        HloOp::AllGather(matched) => with_view!(matched: AllGatherOp, Lowering::lower_all_gather),
        HloOp::ReduceScatter(matched) => with_view!(matched: ReduceScatterOp, Lowering::lower_reduce_scatter),
        HloOp::AllToAll(matched) => with_view!(matched: AllToAllOp, Lowering::lower_all_to_all),
        HloOp::CollectivePermute(matched) => with_view!(matched: CollectivePermuteOp, Lowering::lower_collective_permute),
        HloOp::CollectiveBroadcast(matched) => with_view!(matched: CollectiveBroadcastOp, Lowering::lower_collective_broadcast),
        HloOp::CustomCall(matched) => with_view!(matched: CustomCallOp, Lowering::lower_custom_call),
        HloOp::GetDimensionSize(matched) => with_view!(matched: GetDimensionSizeOp, Lowering::lower_get_dimension_size),
        // Terminators go with their regions; dynamic shapes are not lowered.
        HloOp::Return(_) | HloOp::SetDimensionSize(_) => return None,
        // Element by element (`elemental::generator`).
        HloOp::Add(_)
        | HloOp::BroadcastInDim(_)
        | HloOp::Maximum(_)
        | HloOp::Multiply(_)
        | HloOp::Reduce(_)
        | HloOp::Subtract(_)
        | HloOp::Divide(_)
        | HloOp::Remainder(_)
        | HloOp::Minimum(_)
        | HloOp::Power(_)
        | HloOp::And(_)
        | HloOp::Or(_)
        | HloOp::Xor(_)
        | HloOp::ShiftLeft(_)
        | HloOp::ShiftRightArithmetic(_)
        | HloOp::ShiftRightLogical(_)
        | HloOp::Complex(_)
        | HloOp::Abs(_)
        | HloOp::Ceil(_)
        | HloOp::Floor(_)
        | HloOp::Cosine(_)
        | HloOp::Sine(_)
        | HloOp::Tan(_)
        | HloOp::Tanh(_)
        | HloOp::Exponential(_)
        | HloOp::ExponentialMinusOne(_)
        | HloOp::Log(_)
        | HloOp::LogPlusOne(_)
        | HloOp::Logistic(_)
        | HloOp::Negate(_)
        | HloOp::Not(_)
        | HloOp::Popcnt(_)
        | HloOp::CountLeadingZeros(_)
        | HloOp::Real(_)
        | HloOp::Imag(_)
        | HloOp::IsFinite(_)
        | HloOp::RoundNearestAfz(_)
        | HloOp::RoundNearestEven(_)
        | HloOp::Rsqrt(_)
        | HloOp::Sqrt(_)
        | HloOp::Cbrt(_)
        | HloOp::Sign(_)
        | HloOp::Erf(_)
        | HloOp::Compare(_)
        | HloOp::Select(_)
        | HloOp::Clamp(_)
        | HloOp::ConvertElementType(_)
        | HloOp::BitcastConvertType(_)
        | HloOp::ReducePrecision(_)
        | HloOp::Map(_)
        | HloOp::Iota(_)
        | HloOp::ReduceWindow(_)
        | HloOp::Reshape(_)
        | HloOp::Collapse(_)
        | HloOp::Transpose(_)
        | HloOp::Copy(_)
        | HloOp::Bitcast(_)
        | HloOp::Broadcast(_)
        | HloOp::Concatenate(_)
        | HloOp::Slice(_)
        | HloOp::DynamicSlice(_)
        | HloOp::DynamicUpdateSlice(_)
        | HloOp::Pad(_)
        | HloOp::Rev(_)
        | HloOp::Gather(_)
        | HloOp::Atan2(_) => return None,
    };
    Some(lower)
}

/// Whether lower-to-loops lowers ops of `op`'s kind (some of them may still be errors for
/// their types, such as `rng_uniform` of 4-bit integers).
pub fn lowers_op(body: &Body, op: OpId) -> bool {
    lowering_of(body, op).is_some() || super::elemental::has_elemental_op(body, op)
}
