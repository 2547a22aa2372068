//! One HLO instruction (or a few) per IR op, by family; [`ModuleWriter::write_op`]
//! dispatches on the op's name.
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

use xla_ir::{Dim, OpId, Type, ValueId};
use xla_ir::Diagnostic;

use super::attrs::{braced, Attrs};
use super::computation::{Computation, Inst};
use super::module::ModuleWriter;
use super::shape::tensor_text;

impl<'b, 'c> ModuleWriter<'b, 'c> {
    /// Writes `op` into `comp`.
    pub(crate) fn write_op(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let name = self.body.op_name(op);
        if name == "func.call" {
            return self.call(comp, op, "callee");
        }
        if name.starts_with("check.") {
            return self.check(comp, op);
        }
        let Some(short) = name.strip_prefix("hlo.") else {
            return Err(self.error(op, "has no HLO text form: only hlo, func and check ops do"));
        };
        if elementwise::UNARY.contains(&short) {
            return self.unary(comp, op, &short.replace('_', "-"));
        }
        if elementwise::BINARY.contains(&short) {
            return self.binary(comp, op, &short.replace('_', "-"), &[]);
        }
        match short {
            "constant" => self.constant(comp, op),
            "iota" => self.iota(comp, op),
            "compare" => self.compare(comp, op),
            "select" => self.same_operands(comp, op, "select", Vec::new()),
            "clamp" => self.same_operands(comp, op, "clamp", Vec::new()),
            "convert_element_type" => self.same_operands(comp, op, "convert", Vec::new()),
            "bitcast_convert_type" => self.same_operands(comp, op, "bitcast-convert", Vec::new()),
            "reduce_precision" => self.reduce_precision(comp, op),
            "reshape" | "collapse" => self.same_operands(comp, op, "reshape", Vec::new()),
            "transpose" => self.transpose(comp, op),
            "copy" => self.same_operands(comp, op, "copy", Vec::new()),
            "bitcast" => self.same_operands(comp, op, "bitcast", Vec::new()),
            "broadcast" => self.broadcast(comp, op),
            "broadcast_in_dim" => self.broadcast_in_dim(comp, op),
            "concatenate" => self.concatenate(comp, op),
            "slice" => self.slice(comp, op),
            "dynamic_slice" => self.dynamic_slice(comp, op),
            "dynamic_update_slice" => self.same_operands(comp, op, "dynamic-update-slice", Vec::new()),
            "pad" => self.pad(comp, op),
            "rev" => self.rev(comp, op),
            "get_dimension_size" => self.dimension_size(comp, op, "get-dimension-size"),
            "set_dimension_size" => self.dimension_size(comp, op, "set-dimension-size"),
            "gather" => self.gather(comp, op),
            "scatter" => self.scatter(comp, op),
            "sort" => self.sort(comp, op),
            "tuple" => self.same_operands(comp, op, "tuple", Vec::new()),
            "get_tuple_element" => self.get_tuple_element_op(comp, op),
            "optimization_barrier" => self.optimization_barrier(comp, op),
            "reduce_window" => self.reduce_window(comp, op),
            "select_and_scatter" => self.select_and_scatter(comp, op),
            "convolution" => self.convolution(comp, op),
            "dot" => self.dot(comp, op),
            "dot_general" => self.dot_general(comp, op),
            "fft" => self.fft(comp, op),
            "cholesky" => self.cholesky(comp, op),
            "triangular_solve" => self.triangular_solve(comp, op),
            "batch_norm_inference" => self.batch_norm(comp, op, "batch-norm-inference"),
            "batch_norm_training" => self.batch_norm(comp, op, "batch-norm-training"),
            "batch_norm_grad" => self.batch_norm(comp, op, "batch-norm-grad"),
            "call" => self.call(comp, op, "to_apply"),
            "fusion" => self.fusion(comp, op),
            "while" => self.while_loop(comp, op),
            "conditional" => self.conditional(comp, op),
            "map" => self.map(comp, op),
            "reduce" => self.reduce(comp, op),
            "custom_call" => self.custom_call(comp, op),
            "after_all" => self.same_operands(comp, op, "after-all", Vec::new()),
            "infeed" => self.infeed(comp, op),
            "outfeed" => self.outfeed(comp, op),
            "send" => self.send(comp, op),
            "recv" => self.recv(comp, op),
            "all_gather" => self.all_gather(comp, op),
            "all_reduce" => self.all_reduce(comp, op),
            "all_to_all" => self.all_to_all(comp, op),
            "collective_permute" => self.collective_permute(comp, op),
            "reduce_scatter" => self.reduce_scatter(comp, op),
            "replica_id" => self.same_operands(comp, op, "replica-id", Vec::new()),
            "rng_uniform" => self.same_operands(comp, op, "rng", vec!["distribution=rng_uniform".to_string()]),
            "rng_normal" => self.same_operands(comp, op, "rng", vec!["distribution=rng_normal".to_string()]),
            "rng_bit_generator" => self.rng_bit_generator(comp, op),
            _ => Err(self.error(op, "has no HLO text form")),
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
