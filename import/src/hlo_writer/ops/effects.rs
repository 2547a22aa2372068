//! Ops with effects: tokens (`after-all`, `infeed`, `outfeed`, `send`/`send-done`,
//! `recv`/`recv-done`), collectives (`all-gather`, `all-reduce`, `all-to-all`,
//! `collective-permute`, `collective-broadcast`, `reduce-scatter`, `replica-id`,
//! `partition-id`) and random numbers (`rng`, `rng-bit-generator`).
//!
//! Spellings of their own: the dialect's synchronous `hlo.send`/`hlo.recv` are XLA's
//! `send`+`send-done` and `recv`+`recv-done` pairs; several data values of `infeed`,
//! `outfeed`, `send` and `recv` travel as one tuple, as XLA's single data operand does.
//! XLA's array `all-to-all` splits and concatenates one operand along one dimension, so an
//! `hlo.all_to_all` whose `split_dimension` and `concat_dimension` differ, or of several
//! operands (XLA's tuple `all-to-all` sends each operand whole), is an error; so is a
//! `collective_broadcast` with `has_dynamic_root`, which XLA's has not.

use xla_dialects::hlo::{
    AllGatherOp, AllReduceOp, AllToAllOp, CollectiveBroadcastOp, CollectivePermuteOp, HloOpKind, InfeedOp, OutfeedOp, RecvOp, ReduceScatterOp, RngAlgorithm,
    RngBitGeneratorOp, SendOp,
};
use xla_ir::{Diagnostic, Op, OpId, ValueId};

use crate::hlo_writer::attrs::{braced, braced_lists, string_literal};
use crate::hlo_writer::computation::{Computation, Inst};
use crate::hlo_writer::module::{ModuleWriter, Params};
use crate::hlo_writer::shape::tuple_of;
use crate::opcode_spelling::{opcode_of, SpecialOpcode};

impl ModuleWriter<'_, '_> {
    /// `infeed(token)` of shape `(data, token[])`, data being one array or a tuple.
    pub(super) fn infeed(&mut self, comp: &mut Computation, infeed: InfeedOp) -> Result<(), Diagnostic> {
        let op = infeed.id();
        let token = self.only_operand(op)?;
        let operand = self.operand(comp, token, op)?;
        let (data, output_token) = self.data_and_token(op)?;
        let data_shape = self.data_shape(&data, op)?;
        let mut attrs = Vec::new();
        if let Some(config) = infeed.infeed_config(self.body) {
            attrs.push(format!("infeed_config={}", string_literal(config)));
        }
        let shape = tuple_of(&[data_shape, "token[]".to_string()]);
        let operand = comp.name(operand).to_string();
        let inst = self.emit(comp, &opcode_of(HloOpKind::Infeed), shape, vec![operand], attrs);
        self.bind_data_and_token(comp, op, inst, &data, output_token)
    }

    /// `outfeed(data, token)`, data being the one input or a tuple of them.
    pub(super) fn outfeed(&mut self, comp: &mut Computation, outfeed: OutfeedOp) -> Result<(), Diagnostic> {
        let op = outfeed.id();
        let (inputs, token) = self.inputs_and_token(op)?;
        let data = self.single_or_tuple(comp, &inputs, op)?;
        let token = self.operand(comp, token, op)?;
        let mut attrs = Vec::new();
        if let Some(config) = outfeed.outfeed_config(self.body) {
            attrs.push(format!("outfeed_config={}", string_literal(config)));
        }
        let operands = vec![comp.name(data).to_string(), comp.name(token).to_string()];
        self.emit_op(comp, op, &opcode_of(HloOpKind::Outfeed), operands, attrs)
    }

    /// `send(data, token)` of shape `(data, u32[], token[])` and `send-done(send)`, which
    /// gives the result token.
    pub(super) fn send(&mut self, comp: &mut Computation, send: SendOp) -> Result<(), Diagnostic> {
        let op = send.id();
        let (inputs, token) = self.inputs_and_token(op)?;
        let data = self.single_or_tuple(comp, &inputs, op)?;
        let token = self.operand(comp, token, op)?;
        let attrs = channel_attrs(send.channel_id(self.body), send.is_host_transfer(self.body));
        let shape = tuple_of(&[comp.shape(data).to_string(), "u32[]".to_string(), "token[]".to_string()]);
        let operands = vec![comp.name(data).to_string(), comp.name(token).to_string()];
        let start = self.emit(comp, &opcode_of(HloOpKind::Send), shape, operands, attrs.clone());
        let operand = comp.name(start).to_string();
        let done = self.emit(comp, SpecialOpcode::SendDone.opcode(), "token[]".to_string(), vec![operand], attrs);
        self.bind_results(comp, op, done)
    }

    /// `recv(token)` of shape `(data, u32[], token[])` and `recv-done(recv)` of shape
    /// `(data, token[])`, whose elements are the results.
    pub(super) fn recv(&mut self, comp: &mut Computation, recv: RecvOp) -> Result<(), Diagnostic> {
        let op = recv.id();
        let token = self.only_operand(op)?;
        let operand = self.operand(comp, token, op)?;
        let (data, output_token) = self.data_and_token(op)?;
        let data_shape = self.data_shape(&data, op)?;
        let attrs = channel_attrs(recv.channel_id(self.body), recv.is_host_transfer(self.body));
        let shape = tuple_of(&[data_shape.clone(), "u32[]".to_string(), "token[]".to_string()]);
        let operand = comp.name(operand).to_string();
        let start = self.emit(comp, &opcode_of(HloOpKind::Recv), shape, vec![operand], attrs.clone());
        let operand = comp.name(start).to_string();
        let done = self.emit(comp, SpecialOpcode::RecvDone.opcode(), tuple_of(&[data_shape, "token[]".to_string()]), vec![operand], attrs);
        self.bind_data_and_token(comp, op, done, &data, output_token)
    }

    /// `all-gather(x), [channel_id=n, ]replica_groups={...}, dimensions={d}[, use_global_device_ids=true]`.
    pub(super) fn all_gather(&mut self, comp: &mut Computation, all_gather: AllGatherOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let attrs = CollectiveAttrs {
            channel_id: all_gather.channel_id(body),
            replica_groups: all_gather.replica_groups(body),
            dimension: Some(all_gather.all_gather_dimension(body)),
            use_global_device_ids: all_gather.use_global_device_ids(body).is_some(),
            to_apply: None,
        };
        self.same_operands(comp, all_gather.id(), &opcode_of(HloOpKind::AllGather), attrs.written())
    }

    /// `all-reduce(operands...), ..., to_apply=c`.
    pub(super) fn all_reduce(&mut self, comp: &mut Computation, all_reduce: AllReduceOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, all_reduce.id());
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "computation", Params::Direct)?;
        let attrs = CollectiveAttrs {
            channel_id: all_reduce.channel_id(body),
            replica_groups: all_reduce.replica_groups(body),
            dimension: None,
            use_global_device_ids: all_reduce.use_global_device_ids(body).is_some(),
            to_apply: Some(computation),
        };
        self.same_operands(comp, op, &opcode_of(HloOpKind::AllReduce), attrs.written())
    }

    /// `reduce-scatter(x), ..., dimensions={d}, to_apply=c`.
    pub(super) fn reduce_scatter(&mut self, comp: &mut Computation, reduce_scatter: ReduceScatterOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, reduce_scatter.id());
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "computation", Params::Direct)?;
        let attrs = CollectiveAttrs {
            channel_id: reduce_scatter.channel_id(body),
            replica_groups: reduce_scatter.replica_groups(body),
            dimension: Some(reduce_scatter.scatter_dimension(body)),
            use_global_device_ids: reduce_scatter.use_global_device_ids(body).is_some(),
            to_apply: Some(computation),
        };
        self.same_operands(comp, op, &opcode_of(HloOpKind::ReduceScatter), attrs.written())
    }

    /// `all-to-all(x), ..., dimensions={d}` when the split and concat dimensions agree.
    pub(super) fn all_to_all(&mut self, comp: &mut Computation, all_to_all: AllToAllOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, all_to_all.id());
        let split = all_to_all.split_dimension(body);
        let concat = all_to_all.concat_dimension(body);
        if self.body.op(op).operands.len() != 1 {
            return Err(self.error(
                op,
                "has no HLO text form: XLA's array all-to-all takes one operand, and its tuple all-to-all sends each operand whole",
            ));
        }
        if split != concat {
            return Err(self.error(
                op,
                format!(
                    "has no HLO text form: XLA's all-to-all splits and concatenates along one dimension, but split_dimension is {split} and concat_dimension is {concat}"
                ),
            ));
        }
        let attrs = CollectiveAttrs {
            channel_id: all_to_all.channel_id(body),
            replica_groups: all_to_all.replica_groups(body),
            dimension: Some(split),
            use_global_device_ids: false,
            to_apply: None,
        };
        self.same_operands(comp, op, &opcode_of(HloOpKind::AllToAll), attrs.written())
    }

    /// `collective-permute(x), [channel_id=n, ]source_target_pairs={{0,1},...}`.
    pub(super) fn collective_permute(&mut self, comp: &mut Computation, permute: CollectivePermuteOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let mut attrs: Vec<String> = permute.channel_id(body).map(|c| format!("channel_id={c}")).into_iter().collect();
        attrs.push(format!("source_target_pairs={}", braced_lists(&permute.source_target_pairs(body))));
        self.same_operands(comp, permute.id(), &opcode_of(HloOpKind::CollectivePermute), attrs)
    }

    /// `collective-broadcast(x), [channel_id=n, ]replica_groups={{0,1},...}`.
    pub(super) fn collective_broadcast(&mut self, comp: &mut Computation, broadcast: CollectiveBroadcastOp) -> Result<(), Diagnostic> {
        let body = self.body;
        if broadcast.has_dynamic_root(body).is_some() {
            return Err(self.error(broadcast.id(), "has no HLO text form: XLA's collective-broadcast has no dynamic root"));
        }
        let attrs = CollectiveAttrs {
            channel_id: broadcast.channel_id(body),
            replica_groups: broadcast.replica_groups(body),
            dimension: None,
            use_global_device_ids: false,
            to_apply: None,
        };
        self.same_operands(comp, broadcast.id(), &opcode_of(HloOpKind::CollectiveBroadcast), attrs.written())
    }

    /// `rng-bit-generator(state), algorithm=rng_default|rng_three_fry|rng_philox`.
    pub(super) fn rng_bit_generator(&mut self, comp: &mut Computation, generator: RngBitGeneratorOp) -> Result<(), Diagnostic> {
        let algorithm = match generator.rng_algorithm(self.body) {
            RngAlgorithm::Default => "rng_default",
            RngAlgorithm::ThreeFry => "rng_three_fry",
            RngAlgorithm::Philox => "rng_philox",
        };
        self.same_operands(comp, generator.id(), &opcode_of(HloOpKind::RngBitGenerator), vec![format!("algorithm={algorithm}")])
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

/// The attributes of a collective, as its typed accessors give them.
struct CollectiveAttrs<'c> {
    channel_id: Option<i64>,
    replica_groups: Vec<&'c [i64]>,
    /// The dimension it gathers, scatters or exchanges along, when it has one.
    dimension: Option<i64>,
    use_global_device_ids: bool,
    /// The computation that combines values, when it has one.
    to_apply: Option<String>,
}

impl CollectiveAttrs<'_> {
    /// `channel_id`, `replica_groups`, `dimensions` (when given), `use_global_device_ids`
    /// and `to_apply` (when given), in XLA's order.
    fn written(self) -> Vec<String> {
        let mut out: Vec<String> = self.channel_id.map(|c| format!("channel_id={c}")).into_iter().collect();
        out.push(format!("replica_groups={}", braced_lists(&self.replica_groups)));
        if let Some(d) = self.dimension {
            out.push(format!("dimensions={}", braced(&[d])));
        }
        if self.use_global_device_ids {
            out.push("use_global_device_ids=true".to_string());
        }
        if let Some(c) = self.to_apply {
            out.push(format!("to_apply={c}"));
        }
        out
    }
}

/// `channel_id=n[, is_host_transfer=true]` of a send or receive.
fn channel_attrs(channel_id: i64, is_host_transfer: Option<bool>) -> Vec<String> {
    let mut attrs = vec![format!("channel_id={channel_id}")];
    if is_host_transfer == Some(true) {
        attrs.push("is_host_transfer=true".to_string());
    }
    attrs
}
