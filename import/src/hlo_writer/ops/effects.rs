//! Ops with effects: tokens (`after-all`, `infeed`, `outfeed`, `send`/`send-done`,
//! `recv`/`recv-done`), collectives (`all-gather`, `all-reduce`, `all-to-all`,
//! `collective-permute`, `reduce-scatter`, `replica-id`) and random numbers (`rng`,
//! `rng-bit-generator`).
//!
//! Spellings of their own: the dialect's synchronous `hlo.send`/`hlo.recv` are XLA's
//! `send`+`send-done` and `recv`+`recv-done` pairs; several data values of `infeed`,
//! `outfeed`, `send` and `recv` travel as one tuple, as XLA's single data operand does.
//! XLA's array `all-to-all` splits and concatenates along one dimension, so an
//! `hlo.all_to_all` whose `split_dimension` and `concat_dimension` differ is an error.

use xla_ir::{Diagnostic, OpId, ValueId};

use crate::hlo_writer::attrs::{braced, braced_lists, string_literal};
use crate::hlo_writer::computation::{Computation, Inst};
use crate::hlo_writer::module::{ModuleWriter, Params};
use crate::hlo_writer::shape::tuple_of;

impl ModuleWriter<'_, '_> {
    /// `infeed(token)` of shape `(data, token[])`, data being one array or a tuple.
    pub(super) fn infeed(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let token = self.only_operand(op)?;
        let operand = self.operand(comp, token, op)?;
        let (data, output_token) = self.data_and_token(op)?;
        let data_shape = self.data_shape(&data, op)?;
        let mut attrs = Vec::new();
        if let Some(config) = self.attrs(op).string("infeed_config") {
            attrs.push(format!("infeed_config={}", string_literal(config)));
        }
        let shape = tuple_of(&[data_shape, "token[]".to_string()]);
        let operand = comp.name(operand).to_string();
        let infeed = self.emit(comp, "infeed", shape, vec![operand], attrs);
        self.bind_data_and_token(comp, op, infeed, &data, output_token)
    }

    /// `outfeed(data, token)`, data being the one input or a tuple of them.
    pub(super) fn outfeed(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let (inputs, token) = self.inputs_and_token(op)?;
        let data = self.single_or_tuple(comp, &inputs, op)?;
        let token = self.operand(comp, token, op)?;
        let mut attrs = Vec::new();
        if let Some(config) = self.attrs(op).string("outfeed_config") {
            attrs.push(format!("outfeed_config={}", string_literal(config)));
        }
        let operands = vec![comp.name(data).to_string(), comp.name(token).to_string()];
        self.emit_op(comp, op, "outfeed", operands, attrs)
    }

    /// `send(data, token)` of shape `(data, u32[], token[])` and `send-done(send)`, which
    /// gives the result token.
    pub(super) fn send(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let (inputs, token) = self.inputs_and_token(op)?;
        let data = self.single_or_tuple(comp, &inputs, op)?;
        let token = self.operand(comp, token, op)?;
        let attrs = self.channel_attrs(op)?;
        let shape = tuple_of(&[comp.shape(data).to_string(), "u32[]".to_string(), "token[]".to_string()]);
        let operands = vec![comp.name(data).to_string(), comp.name(token).to_string()];
        let send = self.emit(comp, "send", shape, operands, attrs.clone());
        let operand = comp.name(send).to_string();
        let done = self.emit(comp, "send-done", "token[]".to_string(), vec![operand], attrs);
        self.bind_results(comp, op, done)
    }

    /// `recv(token)` of shape `(data, u32[], token[])` and `recv-done(recv)` of shape
    /// `(data, token[])`, whose elements are the results.
    pub(super) fn recv(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let token = self.only_operand(op)?;
        let operand = self.operand(comp, token, op)?;
        let (data, output_token) = self.data_and_token(op)?;
        let data_shape = self.data_shape(&data, op)?;
        let attrs = self.channel_attrs(op)?;
        let shape = tuple_of(&[data_shape.clone(), "u32[]".to_string(), "token[]".to_string()]);
        let operand = comp.name(operand).to_string();
        let recv = self.emit(comp, "recv", shape, vec![operand], attrs.clone());
        let operand = comp.name(recv).to_string();
        let done = self.emit(comp, "recv-done", tuple_of(&[data_shape, "token[]".to_string()]), vec![operand], attrs);
        self.bind_data_and_token(comp, op, done, &data, output_token)
    }

    /// `all-gather(x), [channel_id=n, ]replica_groups={...}, dimensions={d}[, use_global_device_ids=true]`.
    pub(super) fn all_gather(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "all_gather_dimension")?;
        let attrs = self.collective_attrs(op, Some(dimension), None)?;
        self.same_operands(comp, op, "all-gather", attrs)
    }

    /// `all-reduce(operands...), ..., to_apply=c`.
    pub(super) fn all_reduce(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "computation", Params::Direct)?;
        let attrs = self.collective_attrs(op, None, Some(computation))?;
        self.same_operands(comp, op, "all-reduce", attrs)
    }

    /// `reduce-scatter(x), ..., dimensions={d}, to_apply=c`.
    pub(super) fn reduce_scatter(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "scatter_dimension")?;
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "computation", Params::Direct)?;
        let attrs = self.collective_attrs(op, Some(dimension), Some(computation))?;
        self.same_operands(comp, op, "reduce-scatter", attrs)
    }

    /// `all-to-all(x), ..., dimensions={d}` when the split and concat dimensions agree.
    pub(super) fn all_to_all(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let split = self.required_int(op, "split_dimension")?;
        let concat = self.required_int(op, "concat_dimension")?;
        if split != concat {
            return Err(self.error(
                op,
                format!(
                    "has no HLO text form: XLA's all-to-all splits and concatenates along one dimension, but split_dimension is {split} and concat_dimension is {concat}"
                ),
            ));
        }
        let attrs = self.collective_attrs(op, Some(split), None)?;
        self.same_operands(comp, op, "all-to-all", attrs)
    }

    /// `collective-permute(x), [channel_id=n, ]source_target_pairs={{0,1},...}`.
    pub(super) fn collective_permute(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let pairs = self
            .attrs(op)
            .int_lists("source_target_pairs")
            .ok_or_else(|| self.error(op, "requires attribute 'source_target_pairs'"))?;
        let mut attrs: Vec<String> = self.attrs(op).int("channel_id").map(|c| format!("channel_id={c}")).into_iter().collect();
        attrs.push(format!("source_target_pairs={}", braced_lists(&pairs)));
        self.same_operands(comp, op, "collective-permute", attrs)
    }

    /// `rng-bit-generator(state), algorithm=rng_default|rng_three_fry|rng_philox`.
    pub(super) fn rng_bit_generator(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let algorithm = match self.attrs(op).string("rng_algorithm") {
            Some("DEFAULT") => "rng_default",
            Some("THREE_FRY") => "rng_three_fry",
            Some("PHILOX") => "rng_philox",
            _ => return Err(self.error(op, "requires attribute 'rng_algorithm' (DEFAULT, THREE_FRY or PHILOX)")),
        };
        self.same_operands(comp, op, "rng-bit-generator", vec![format!("algorithm={algorithm}")])
    }

    /// The attributes of a collective: `channel_id`, `replica_groups`, `dimensions` (when
    /// given), `use_global_device_ids` and `to_apply` (when given).
    fn collective_attrs(&self, op: OpId, dimension: Option<i64>, to_apply: Option<String>) -> Result<Vec<String>, Diagnostic> {
        let attrs = self.attrs(op);
        let groups = attrs.int_lists("replica_groups").ok_or_else(|| self.error(op, "requires attribute 'replica_groups'"))?;
        let mut out: Vec<String> = attrs.int("channel_id").map(|c| format!("channel_id={c}")).into_iter().collect();
        out.push(format!("replica_groups={}", braced_lists(&groups)));
        if let Some(d) = dimension {
            out.push(format!("dimensions={}", braced(&[d])));
        }
        if attrs.flag("use_global_device_ids") {
            out.push("use_global_device_ids=true".to_string());
        }
        if let Some(c) = to_apply {
            out.push(format!("to_apply={c}"));
        }
        Ok(out)
    }

    /// `channel_id=n[, is_host_transfer=true]` of a send or receive.
    fn channel_attrs(&self, op: OpId) -> Result<Vec<String>, Diagnostic> {
        let mut attrs = vec![format!("channel_id={}", self.required_int(op, "channel_id")?)];
        if self.attrs(op).bool("is_host_transfer") == Some(true) {
            attrs.push("is_host_transfer=true".to_string());
        }
        Ok(attrs)
    }

    fn only_operand(&self, op: OpId) -> Result<ValueId, Diagnostic> {
        match self.body.op(op).operands.as_slice() {
            [one] => Ok(*one),
            _ => Err(self.error(op, "needs exactly one operand, a token")),
        }
    }

    /// The data operands and the token operand (the last one).
    fn inputs_and_token(&self, op: OpId) -> Result<(Vec<ValueId>, ValueId), Diagnostic> {
        match self.body.op(op).operands.split_last() {
            Some((token, inputs)) => Ok((inputs.to_vec(), *token)),
            None => Err(self.error(op, "needs a token operand")),
        }
    }

    /// The data results and the token result (the last one).
    fn data_and_token(&self, op: OpId) -> Result<(Vec<ValueId>, ValueId), Diagnostic> {
        match self.body.op(op).results.split_last() {
            Some((token, data)) => Ok((data.to_vec(), *token)),
            None => Err(self.error(op, "needs a token result")),
        }
    }

    /// The shape of the data values: the one value's, or a tuple of them.
    fn data_shape(&self, data: &[ValueId], op: OpId) -> Result<String, Diagnostic> {
        let types: Vec<xla_ir::Type> = data.iter().map(|v| self.body.value_type(*v)).collect();
        match types.as_slice() {
            [one] => self.shape(*one, op),
            _ => self.tuple_shape(&types, op),
        }
    }

    /// Binds the data results to element 0 of `inst` (or that tuple's elements) and the
    /// token to element 1.
    fn bind_data_and_token(&mut self, comp: &mut Computation, op: OpId, inst: Inst, data: &[ValueId], token: ValueId) -> Result<(), Diagnostic> {
        let data_shape = self.data_shape(data, op)?;
        let data_inst = self.get_tuple_element(comp, inst, data_shape, 0);
        self.bind_values(comp, op, data, data_inst)?;
        let token_inst = self.get_tuple_element(comp, inst, "token[]".to_string(), 1);
        comp.bind(token, token_inst);
        Ok(())
    }
}
