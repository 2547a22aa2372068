//! One HLO instruction (or a few) per IR op, by family; [`ModuleWriter::write_op`]
//! dispatches with an exhaustive `match` on the op enums.
//!
//! Shared shape of every translation: read the op's attributes, write its operands' names,
//! append the instruction with the op's result shape (a tuple when it has other than one
//! result, with a `get-tuple-element` per result after it, as XLA's multi-output
//! instructions are used), and bind the results to the instructions defining them.
//!
//! Invariant: an op either becomes instructions that XLA's parser reads back to the same
//! computation, or the writer returns a located error saying why it cannot (see the module
//! documentation of [`super`] for the ops written in a spelling of their own).

mod control;
mod data_movement;
mod effects;
mod elementwise;
mod linalg;
mod windows;

use xla_dialects::check::CheckOp;
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::HloOp;
use xla_ir::{Dim, OpId, Type, ValueId};
use xla_ir::Diagnostic;

use super::attrs::{braced, Attrs};
use super::computation::{Computation, Inst};
use super::module::ModuleWriter;
use super::shape::tensor_text;

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
            | HloOp::Erf(_) => self.unary(comp, op, &opcode_of(kind)),
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
            | HloOp::Complex(_) => self.binary(comp, op, &opcode_of(kind), &[]),
            HloOp::Constant(_) => self.constant(comp, op),
            HloOp::Iota(_) => self.iota(comp, op),
            HloOp::Compare(_) => self.compare(comp, op),
            HloOp::Select(_) => self.same_operands(comp, op, "select", Vec::new()),
            HloOp::Clamp(_) => self.same_operands(comp, op, "clamp", Vec::new()),
            HloOp::ConvertElementType(_) => self.same_operands(comp, op, "convert", Vec::new()),
            HloOp::BitcastConvertType(_) => self.same_operands(comp, op, "bitcast-convert", Vec::new()),
            HloOp::ReducePrecision(_) => self.reduce_precision(comp, op),
            HloOp::Reshape(_) | HloOp::Collapse(_) => self.same_operands(comp, op, "reshape", Vec::new()),
            HloOp::Transpose(_) => self.transpose(comp, op),
            HloOp::Copy(_) => self.same_operands(comp, op, "copy", Vec::new()),
            HloOp::Bitcast(_) => self.same_operands(comp, op, "bitcast", Vec::new()),
            HloOp::Broadcast(_) => self.broadcast(comp, op),
            HloOp::BroadcastInDim(_) => self.broadcast_in_dim(comp, op),
            HloOp::Concatenate(_) => self.concatenate(comp, op),
            HloOp::Slice(_) => self.slice(comp, op),
            HloOp::DynamicSlice(_) => self.dynamic_slice(comp, op),
            HloOp::DynamicUpdateSlice(_) => self.same_operands(comp, op, "dynamic-update-slice", Vec::new()),
            HloOp::Pad(_) => self.pad(comp, op),
            HloOp::Rev(_) => self.rev(comp, op),
            HloOp::GetDimensionSize(_) => self.dimension_size(comp, op, "get-dimension-size"),
            HloOp::SetDimensionSize(_) => self.dimension_size(comp, op, "set-dimension-size"),
            HloOp::Gather(_) => self.gather(comp, op),
            HloOp::Scatter(_) => self.scatter(comp, op),
            HloOp::Sort(_) => self.sort(comp, op),
            HloOp::Tuple(_) => self.same_operands(comp, op, "tuple", Vec::new()),
            HloOp::GetTupleElement(_) => self.get_tuple_element_op(comp, op),
            HloOp::OptimizationBarrier(_) => self.optimization_barrier(comp, op),
            HloOp::ReduceWindow(_) => self.reduce_window(comp, op),
            HloOp::SelectAndScatter(_) => self.select_and_scatter(comp, op),
            HloOp::Convolution(_) => self.convolution(comp, op),
            HloOp::Dot(_) => self.dot(comp, op),
            HloOp::DotGeneral(_) => self.dot_general(comp, op),
            HloOp::Fft(_) => self.fft(comp, op),
            HloOp::Cholesky(_) => self.cholesky(comp, op),
            HloOp::TriangularSolve(_) => self.triangular_solve(comp, op),
            HloOp::BatchNormInference(_) => self.batch_norm(comp, op, "batch-norm-inference"),
            HloOp::BatchNormTraining(_) => self.batch_norm(comp, op, "batch-norm-training"),
            HloOp::BatchNormGrad(_) => self.batch_norm(comp, op, "batch-norm-grad"),
            HloOp::Call(_) => self.call(comp, op, "to_apply"),
            HloOp::Fusion(_) => self.fusion(comp, op),
            HloOp::While(_) => self.while_loop(comp, op),
            HloOp::Conditional(_) => self.conditional(comp, op),
            HloOp::Map(_) => self.map(comp, op),
            HloOp::Reduce(_) => self.reduce(comp, op),
            HloOp::CustomCall(_) => self.custom_call(comp, op),
            HloOp::AfterAll(_) => self.same_operands(comp, op, "after-all", Vec::new()),
            HloOp::Infeed(_) => self.infeed(comp, op),
            HloOp::Outfeed(_) => self.outfeed(comp, op),
            HloOp::Send(_) => self.send(comp, op),
            HloOp::Recv(_) => self.recv(comp, op),
            HloOp::AllGather(_) => self.all_gather(comp, op),
            HloOp::AllReduce(_) => self.all_reduce(comp, op),
            HloOp::AllToAll(_) => self.all_to_all(comp, op),
            HloOp::CollectivePermute(_) => self.collective_permute(comp, op),
            HloOp::ReduceScatter(_) => self.reduce_scatter(comp, op),
            HloOp::ReplicaId(_) => self.same_operands(comp, op, "replica-id", Vec::new()),
            HloOp::RngUniform(_) => self.same_operands(comp, op, "rng", vec!["distribution=rng_uniform".to_string()]),
            HloOp::RngNormal(_) => self.same_operands(comp, op, "rng", vec!["distribution=rng_normal".to_string()]),
            HloOp::RngBitGenerator(_) => self.rng_bit_generator(comp, op),
            // Terminators are written with their computations.
            HloOp::Return(_) => Err(self.error(op, "has no HLO text form")),
        }
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

    /// The attributes of `op`.
    pub(crate) fn attrs(&self, op: OpId) -> Attrs<'b, 'c> {
        Attrs { body: self.body, op }
    }

    /// A required `array<i64: ...>` attribute, or a located error.
    pub(crate) fn required_ints(&self, op: OpId, name: &str) -> Result<&'c [i64], Diagnostic> {
        self.attrs(op).ints(name).ok_or_else(|| self.error(op, format!("requires attribute '{name}' (array<i64: ...>)")))
    }

    /// A required integer attribute, or a located error.
    pub(crate) fn required_int(&self, op: OpId, name: &str) -> Result<i64, Diagnostic> {
        self.attrs(op).int(name).ok_or_else(|| self.error(op, format!("requires integer attribute '{name}'")))
    }

    /// `name={1,2}` from a required integer-list attribute.
    pub(crate) fn braced_attr(&self, op: OpId, ir_name: &str, hlo_name: &str) -> Result<String, Diagnostic> {
        Ok(format!("{hlo_name}={}", braced(self.required_ints(op, ir_name)?)))
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
            source = self.emit(comp, "reshape", reshaped, vec![operand], Vec::new());
        }
        let shape = match shape {
            Some(s) => s,
            None => tensor_text(self.ctx, to, from.element, None).map_err(|m| self.error(op, m))?,
        };
        let operand = comp.name(source).to_string();
        Ok(self.emit(comp, "broadcast", shape, vec![operand], vec![format!("dimensions={}", braced(&kept_mapping))]))
    }
}

/// The HLO opcode of an elementwise op whose opcode is its name after `hlo.` with `-` for
/// `_` (`exponential_minus_one` is `exponential-minus-one`).
fn opcode_of(kind: HloOp) -> String {
    let name = kind.def().name;
    name.strip_prefix("hlo.").unwrap_or(name).replace('_', "-")
}
