//! One HLO instruction (or a few) per IR op, by family; [`ModuleWriter::write_op`]
//! dispatches with an exhaustive `match` on the op enums and hands each family its op's
//! typed view, whose accessors read the attributes. Opcodes are spelled by
//! [`crate::opcode_spelling`], the table the reader reads them with.
//!
//! Shared shape of every translation: read the op's attributes, write its operands' names,
//! append the instruction with the op's result shape (a tuple when it has other than one
//! result, with a `get-tuple-element` per result after it, as XLA's multi-output
//! instructions are used), and bind the results to the instructions defining them.
//!
//! Invariants: an op either becomes instructions that XLA's parser reads back to the same
//! computation, or the writer returns a located error saying why it cannot (see the module
//! documentation of [`super`] for the ops written in a spelling of their own). An hlo op is
//! checked against its declaration ([`ModuleWriter::check_declared`]) before its typed
//! accessors read it, so a module that was not verified gives an error, never a panic.

mod control;
mod data_movement;
mod effects;
mod elementwise;
mod linalg;
mod windows;

use xla_dialects::check::CheckOp;
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::{HloOp, HloOpKind};
use xla_ir::op_def::{verify_declared, OpDef, OpRef};
use xla_ir::{Diagnostic, Dim, OpId, Type, ValueId};

use super::attrs::braced;
use super::computation::{Computation, Inst};
use super::module::ModuleWriter;
use super::shape::tensor_text;
use crate::opcode_spelling::{opcode_of, SpecialOpcode};

impl<'b, 'c> ModuleWriter<'b, 'c> {
    /// Writes `op` into `comp`: an exhaustive `match` on the op enums, so a new op must say
    /// here how XLA spells it.
    pub(crate) fn write_op(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        if let Some(FuncDialectOp::Call(_)) = FuncDialectOp::of(self.body, op) {
            return self.call(comp, op, "callee");
        }
        if CheckOp::of(self.body, op).is_some() {
            return self.check(comp, op);
        }
        let Some(kind) = HloOp::of(self.body, op) else {
            return Err(self.error(op, "has no HLO text form: only hlo, func and check ops do"));
        };
        self.check_declared(op, kind.def())?;
        match kind {
            // Elementwise ops whose opcode is their name with `-` for `_`.
            HloOp::Abs(_)
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
            | HloOp::Erf(_) => self.unary(comp, op, &opcode_of(kind.kind())),
            // Binary ops with implicit broadcasting, spelled the same way.
            HloOp::Add(_)
            | HloOp::Subtract(_)
            | HloOp::Multiply(_)
            | HloOp::Divide(_)
            | HloOp::Remainder(_)
            | HloOp::Maximum(_)
            | HloOp::Minimum(_)
            | HloOp::Power(_)
            | HloOp::Atan2(_)
            | HloOp::And(_)
            | HloOp::Or(_)
            | HloOp::Xor(_)
            | HloOp::ShiftLeft(_)
            | HloOp::ShiftRightArithmetic(_)
            | HloOp::ShiftRightLogical(_)
            | HloOp::Complex(_) => self.binary(comp, op, &opcode_of(kind.kind()), &[]),
            // Ops of any operands, without attributes, spelled as the reader reads them
            // (`convert`, `bitcast-convert`, ...).
            HloOp::Select(_)
            | HloOp::Clamp(_)
            | HloOp::ConvertElementType(_)
            | HloOp::BitcastConvertType(_)
            | HloOp::Reshape(_)
            | HloOp::Copy(_)
            | HloOp::Bitcast(_)
            | HloOp::DynamicUpdateSlice(_)
            | HloOp::Tuple(_)
            | HloOp::AfterAll(_)
            | HloOp::ReplicaId(_)
            | HloOp::PartitionId(_) => self.same_operands(comp, op, &opcode_of(kind.kind()), Vec::new()),
            // XLA has no collapse: it is a reshape.
            HloOp::Collapse(_) => self.same_operands(comp, op, &opcode_of(HloOpKind::Reshape), Vec::new()),
            HloOp::Constant(constant) => self.constant(comp, constant),
            HloOp::Iota(iota) => self.iota(comp, iota),
            HloOp::Compare(compare) => self.compare(comp, compare),
            HloOp::ReducePrecision(reduce_precision) => self.reduce_precision(comp, reduce_precision),
            HloOp::Transpose(transpose) => self.transpose(comp, transpose),
            HloOp::Broadcast(broadcast) => self.broadcast(comp, broadcast),
            HloOp::BroadcastInDim(broadcast) => self.broadcast_in_dim(comp, broadcast),
            HloOp::Concatenate(concatenate) => self.concatenate(comp, concatenate),
            HloOp::Slice(slice) => self.slice(comp, slice),
            HloOp::DynamicSlice(slice) => self.dynamic_slice(comp, slice),
            HloOp::Pad(pad) => self.pad(comp, pad),
            HloOp::Rev(rev) => self.rev(comp, rev),
            HloOp::GetDimensionSize(size) => {
                let dimension = size.dimension(self.body);
                self.dimension_size(comp, op, HloOpKind::GetDimensionSize, dimension)
            }
            HloOp::SetDimensionSize(size) => {
                let dimension = size.dimension(self.body);
                self.dimension_size(comp, op, HloOpKind::SetDimensionSize, dimension)
            }
            HloOp::Gather(gather) => self.gather(comp, gather),
            HloOp::Scatter(scatter) => self.scatter(comp, scatter),
            HloOp::Sort(sort) => self.sort(comp, sort),
            HloOp::GetTupleElement(get) => self.get_tuple_element_op(comp, get),
            HloOp::OptimizationBarrier(_) => self.optimization_barrier(comp, op),
            HloOp::ReduceWindow(reduce_window) => self.reduce_window(comp, reduce_window),
            HloOp::SelectAndScatter(select_and_scatter) => self.select_and_scatter(comp, select_and_scatter),
            HloOp::Convolution(convolution) => self.convolution(comp, convolution),
            HloOp::Dot(dot) => self.dot(comp, dot),
            HloOp::DotGeneral(dot) => self.dot_general(comp, dot),
            HloOp::Fft(fft) => self.fft(comp, fft),
            HloOp::Cholesky(cholesky) => self.cholesky(comp, cholesky),
            HloOp::TriangularSolve(solve) => self.triangular_solve(comp, solve),
            HloOp::BatchNormInference(norm) => {
                let (epsilon, feature_index) = (norm.epsilon(self.body), norm.feature_index(self.body));
                self.batch_norm(comp, op, HloOpKind::BatchNormInference, epsilon, feature_index)
            }
            HloOp::BatchNormTraining(norm) => {
                let (epsilon, feature_index) = (norm.epsilon(self.body), norm.feature_index(self.body));
                self.batch_norm(comp, op, HloOpKind::BatchNormTraining, epsilon, feature_index)
            }
            HloOp::BatchNormGrad(norm) => {
                let (epsilon, feature_index) = (norm.epsilon(self.body), norm.feature_index(self.body));
                self.batch_norm(comp, op, HloOpKind::BatchNormGrad, epsilon, feature_index)
            }
            HloOp::Call(_) => self.call(comp, op, "to_apply"),
            HloOp::Fusion(fusion) => self.fusion(comp, fusion),
            HloOp::While(_) => self.while_loop(comp, op),
            HloOp::Conditional(_) => self.conditional(comp, op),
            HloOp::Map(map) => self.map(comp, map),
            HloOp::Reduce(reduce) => self.reduce(comp, reduce),
            HloOp::CustomCall(call) => self.custom_call(comp, call),
            HloOp::Infeed(infeed) => self.infeed(comp, infeed),
            HloOp::Outfeed(outfeed) => self.outfeed(comp, outfeed),
            HloOp::Send(send) => self.send(comp, send),
            HloOp::Recv(recv) => self.recv(comp, recv),
            HloOp::AllGather(all_gather) => self.all_gather(comp, all_gather),
            HloOp::AllReduce(all_reduce) => self.all_reduce(comp, all_reduce),
            HloOp::AllToAll(all_to_all) => self.all_to_all(comp, all_to_all),
            HloOp::CollectivePermute(permute) => self.collective_permute(comp, permute),
            HloOp::CollectiveBroadcast(broadcast) => self.collective_broadcast(comp, broadcast),
            HloOp::ReduceScatter(reduce_scatter) => self.reduce_scatter(comp, reduce_scatter),
            HloOp::RngUniform(_) => self.same_operands(comp, op, SpecialOpcode::Rng.opcode(), vec!["distribution=rng_uniform".to_string()]),
            HloOp::RngNormal(_) => self.same_operands(comp, op, SpecialOpcode::Rng.opcode(), vec!["distribution=rng_normal".to_string()]),
            HloOp::RngBitGenerator(generator) => self.rng_bit_generator(comp, generator),
            // Terminators are written with their computations.
            HloOp::Return(_) => Err(self.error(op, "has no HLO text form")),
        }
    }

    /// Checks what `def`, the declaration of hlo op `op`, states (operand, result and attribute
    /// kinds, its own verifier and shape function), so that its typed accessors, which
    /// assume a verified op, never panic on a module that was not verified. Types too large
    /// to exist are refused first, as the verifier does, since shape functions may assume
    /// that every size fits in `i64`.
    pub(crate) fn check_declared(&self, op: OpId, def: &'static OpDef) -> Result<(), Diagnostic> {
        let op_ref = OpRef::new(self.body, op);
        for ty in op_ref.operand_types().into_iter().chain(op_ref.result_types()) {
            self.ctx.check_type_size(ty).map_err(|message| self.error(op, message))?;
        }
        verify_declared(op_ref, def)
    }

    /// Appends `opcode(all operands), attrs` for `op` and binds its results.
    pub(crate) fn same_operands(&mut self, comp: &mut Computation, op: OpId, opcode: &str, attrs: Vec<String>) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let names = self.operand_names(comp, &operands, op)?;
        self.emit_op(comp, op, opcode, names, attrs)
    }

    /// Appends `opcode(operands), attrs` with `op`'s result shape and binds its results.
    pub(crate) fn emit_op(
        &mut self,
        comp: &mut Computation,
        op: OpId,
        opcode: &str,
        operands: Vec<String>,
        attrs: Vec<String>,
    ) -> Result<(), Diagnostic> {
        let shape = self.result_shape(op)?;
        let inst = self.emit(comp, opcode, shape, operands, attrs);
        self.bind_results(comp, op, inst)
    }

    /// Appends `opcode(operands), attrs` of `shape`, named after the opcode.
    pub(crate) fn emit(&mut self, comp: &mut Computation, opcode: &str, shape: String, operands: Vec<String>, attrs: Vec<String>) -> Inst {
        let name = self.names.numbered(opcode);
        comp.push(name, shape, opcode, &operands, &attrs)
    }

    /// The shape of `op`'s results: the one result's, or a tuple of them.
    pub(crate) fn result_shape(&self, op: OpId) -> Result<String, Diagnostic> {
        let types = self.result_types(op);
        match types.as_slice() {
            [one] => self.shape(*one, op),
            _ => self.tuple_shape(&types, op),
        }
    }

    pub(crate) fn result_types(&self, op: OpId) -> Vec<Type> {
        self.body.op(op).results.iter().map(|r| self.body.value_type(*r)).collect()
    }

    /// Binds `op`'s results to `inst`: the one result to it, or each to a
    /// `get-tuple-element` of it.
    pub(crate) fn bind_results(&mut self, comp: &mut Computation, op: OpId, inst: Inst) -> Result<(), Diagnostic> {
        let results = self.body.op(op).results.clone();
        self.bind_values(comp, op, &results, inst)
    }

    /// Binds `values` to `inst` (one value) or to `get-tuple-element`s of it.
    pub(crate) fn bind_values(&mut self, comp: &mut Computation, op: OpId, values: &[ValueId], inst: Inst) -> Result<(), Diagnostic> {
        if let [one] = values {
            comp.bind(*one, inst);
            return Ok(());
        }
        for (i, v) in values.iter().enumerate() {
            let shape = self.shape(self.body.value_type(*v), op)?;
            let gte = self.get_tuple_element(comp, inst, shape, i);
            comp.bind(*v, gte);
        }
        Ok(())
    }

    /// The name of one instruction holding `values`: the value itself when there is one, else
    /// a `tuple` of them (XLA's single-operand forms of `while`, `send`, `outfeed`, ...).
    pub(crate) fn single_or_tuple(&mut self, comp: &mut Computation, values: &[ValueId], op: OpId) -> Result<Inst, Diagnostic> {
        match values {
            [one] => self.operand(comp, *one, op),
            _ => self.tuple(comp, values, op),
        }
    }

    /// The tensor type of `value`, or a located error at `op`.
    pub(crate) fn tensor_of(&self, value: ValueId, op: OpId) -> Result<&'c xla_ir::TensorType, Diagnostic> {
        let ty = self.body.value_type(value);
        self.ctx.as_tensor(ty).ok_or_else(|| self.error(op, format!("needs a ranked tensor, found {}", self.ctx.type_to_string(ty))))
    }

    /// `value` as an array with dimensions `to` (its element type kept), written as XLA's
    /// `broadcast`: operand dimension `i` goes to result dimension `mapping[i]`. XLA's
    /// `broadcast` keeps the sizes of the dimensions it maps, so size-1 dimensions that expand
    /// are first removed by a `reshape`. `shape` is the result's shape text when the caller
    /// has it (with a layout), else the default layout is used.
    pub(crate) fn broadcast_to(
        &mut self,
        comp: &mut Computation,
        op: OpId,
        value: ValueId,
        to: &[Dim],
        mapping: &[i64],
        shape: Option<String>,
    ) -> Result<Inst, Diagnostic> {
        let from = self.tensor_of(value, op)?;
        if mapping.len() != from.dims.len() {
            return Err(self.error(op, format!("maps {} operand dimensions, but the operand has rank {}", mapping.len(), from.dims.len())));
        }
        let target = |m: i64| usize::try_from(m).ok().and_then(|m| to.get(m).copied());
        let mut kept_dims = Vec::new();
        let mut kept_mapping = Vec::new();
        for (d, &m) in from.dims.iter().zip(mapping) {
            let Some(result_dim) = target(m) else {
                return Err(self.error(op, format!("maps an operand dimension to {m}, outside the result's rank {}", to.len())));
            };
            let expands = *d == Dim::Static(1) && result_dim != Dim::Static(1);
            if !expands {
                kept_dims.push(*d);
                kept_mapping.push(m);
            }
        }
        let mut source = self.operand(comp, value, op)?;
        if kept_dims.len() != from.dims.len() {
            let reshaped = tensor_text(self.ctx, &kept_dims, from.element, None).map_err(|m| self.error(op, m))?;
            let operand = comp.name(source).to_string();
            source = self.emit(comp, &opcode_of(HloOpKind::Reshape), reshaped, vec![operand], Vec::new());
        }
        let shape = match shape {
            Some(s) => s,
            None => tensor_text(self.ctx, to, from.element, None).map_err(|m| self.error(op, m))?,
        };
        let operand = comp.name(source).to_string();
        Ok(self.emit(comp, &opcode_of(HloOpKind::Broadcast), shape, vec![operand], vec![format!("dimensions={}", braced(&kept_mapping))]))
    }
}
