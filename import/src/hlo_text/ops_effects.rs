//! Side effects, collectives and random numbers: `after-all`, `infeed`, `outfeed`, `send`,
//! `recv` (and their `-done`), `all-reduce`, `all-gather`, `all-to-all`,
//! `collective-permute`, `collective-broadcast`, `reduce-scatter` (and their
//! `-start`/`-done`), `replica-id`, `partition-id`, `rng` and `rng-bit-generator`.
//!
//! Decisions:
//! - Data that HLO passes as one tuple (infeed's data, outfeed's operand, send's data) is
//!   passed element by element, as the dialect's ops take lists.
//! - `send`/`recv` are synchronous (the dialect's `hlo.send`/`hlo.recv`); `send-done` gives
//!   the token and `recv-done` the data and token. Their `u32[]` context has no value.
//! - A missing `channel_id` on `send`/`recv` is 0; missing `replica_groups` are `[]` (one
//!   group of every replica). `all-to-all` needs `dimensions` (its tuple form has no hlo
//!   op) and replica groups (they give the split count).

use xla_dialects::hlo::HloOpKind;

use super::attrs::read_replica_groups;
use super::cursor::PResult;
use super::emitter::Emitter;
use super::opcodes::Inst;
use super::ops_control::start_value;
use super::shape::{plain_type, Shape};
use super::values::HloValue;

/// `after-all(tokens...)` → `hlo.after_all`.
pub fn after_all(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::AfterAll, operands, Vec::new(), Vec::new())
}

/// The element shapes of a declared tuple shape, or an error naming what it should be.
fn tuple_shape<'i>(e: &Emitter, inst: &Inst<'i>, what: &str) -> PResult<&'i [Shape]> {
    let shape = e.shape_of(inst)?;
    shape.tuple_elements().ok_or_else(|| e.error(shape.offset, format!("'{}' needs a tuple shape {what}", inst.ast.opcode)))
}

/// The types of `shape` one tuple level down, and whether it is a tuple.
fn flat_types(e: &Emitter, shape: &Shape) -> (Vec<xla_ir::Type>, bool) {
    match shape.tuple_elements() {
        Some(elements) => (elements.iter().map(|s| plain_type(e.ctx, s)).collect(), true),
        None => (vec![plain_type(e.ctx, shape)], false),
    }
}

/// `infeed(token), infeed_config="..."` → `hlo.infeed`; the value is `(data, token)`.
pub fn infeed(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let elements = tuple_shape(e, inst, "(data, token[])")?;
    let [data, _token] = elements else {
        return Err(e.error(inst.ast.offset, "'infeed' needs the shape (data, token[])"));
    };
    let (mut types, data_is_tuple) = flat_types(e, data);
    types.push(xla_dialects::hlo::token_type(e.ctx));
    let mut attrs = Vec::new();
    if let Some(config) = e.string_attr(inst, "infeed_config")? {
        attrs.push(("infeed_config", e.ctx.string_attr(&config)));
    }
    let token = e.operand_value(inst, 0)?;
    let op = e.op(HloOpKind::Infeed.def(), vec![token], types, attrs, Vec::new(), inst.loc);
    let mut results = e.body.op(op).results.clone();
    let token = results.pop().map(HloValue::Value);
    let data = Emitter::group(&results, data_is_tuple);
    Ok(HloValue::Tuple(vec![data, token.unwrap_or(HloValue::Tuple(Vec::new()))]))
}

/// `outfeed(data, token), outfeed_config="..."` → `hlo.outfeed` of the data's elements.
pub fn outfeed(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut operands = e.flatten(&inst.operands[0], inst.loc)?;
    operands.push(e.operand_value(inst, 1)?);
    let mut attrs = Vec::new();
    if let Some(config) = e.string_attr(inst, "outfeed_config")? {
        attrs.push(("outfeed_config", e.ctx.string_attr(&config)));
    }
    e.emit_single(inst, HloOpKind::Outfeed, operands, attrs, Vec::new())
}

/// `channel_id` (default 0) and `is_host_transfer` of `send`/`recv`.
fn channel_attrs(e: &Emitter, inst: &Inst) -> PResult<Vec<(&'static str, xla_ir::Attribute)>> {
    let channel = e.int_attr(inst, "channel_id")?.unwrap_or(0);
    let mut attrs = vec![("channel_id", e.ctx.i64_attr(channel))];
    if let Some(host) = e.bool_attr(inst, "is_host_transfer")? {
        attrs.push(("is_host_transfer", e.ctx.bool_attr(host)));
    }
    Ok(attrs)
}

/// `send(data, token), channel_id=N` → `hlo.send`; the value is `(data, context, token)`.
pub fn send(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = channel_attrs(e, inst)?;
    let mut operands = e.flatten(&inst.operands[0], inst.loc)?;
    operands.push(e.operand_value(inst, 1)?);
    let token_type = xla_dialects::hlo::token_type(e.ctx);
    let op = e.op(HloOpKind::Send.def(), operands, vec![token_type], attrs, Vec::new(), inst.loc);
    let token = HloValue::Value(e.body.result(op, 0));
    let context = e.ctx.tensor_type(&[], e.ctx.uint_type(32));
    Ok(HloValue::Tuple(vec![inst.operands[0].clone(), HloValue::Unavailable { ty: context, what: "the context of send" }, token]))
}

/// `send-done(send)`: the token.
pub fn send_done(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    match e.tuple_arity(&inst.operands[0]) {
        Some(3) => e.element(&inst.operands[0], 2, inst.loc),
        _ => Ok(inst.operands[0].clone()),
    }
}

/// `recv(token), channel_id=N` → `hlo.recv`; the value is `(data, context, token)`.
pub fn recv(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = channel_attrs(e, inst)?;
    let elements = tuple_shape(e, inst, "(data, u32[], token[])")?;
    let [data, context, _token] = elements else {
        return Err(e.error(inst.ast.offset, "'recv' needs the shape (data, u32[], token[])"));
    };
    let (mut types, data_is_tuple) = flat_types(e, data);
    types.push(xla_dialects::hlo::token_type(e.ctx));
    let token = e.operand_value(inst, 0)?;
    let op = e.op(HloOpKind::Recv.def(), vec![token], types, attrs, Vec::new(), inst.loc);
    let mut results = e.body.op(op).results.clone();
    let token = results.pop().map_or(HloValue::Tuple(Vec::new()), HloValue::Value);
    let data = Emitter::group(&results, data_is_tuple);
    let context = HloValue::Unavailable { ty: plain_type(e.ctx, context), what: "the context of recv" };
    Ok(HloValue::Tuple(vec![data, context, token]))
}

/// `recv-done(recv)`: `(data, token)`.
pub fn recv_done(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let r = &inst.operands[0];
    if e.tuple_arity(r) != Some(3) {
        return Err(e.error(inst.ast.operands_offset, "'recv-done' takes the value of a 'recv'"));
    }
    let data = e.element(r, 0, inst.loc)?;
    let token = e.element(r, 2, inst.loc)?;
    Ok(HloValue::Tuple(vec![data, token]))
}

/// Named attributes of an op being built.
type Attrs = Vec<(&'static str, xla_ir::Attribute)>;

/// `replica_groups`, `channel_id` and `use_global_device_ids` of a collective, and the
/// groups themselves.
fn collective_attrs(e: &Emitter, inst: &Inst) -> PResult<(Attrs, Vec<Vec<i64>>)> {
    let groups = e.read_attr(inst, "replica_groups", read_replica_groups)?.unwrap_or_default();
    let mut attrs = vec![("replica_groups", e.ctx.array_attr(groups.iter().map(|g| e.ctx.i64_array_attr(g)).collect()))];
    if let Some(channel) = e.int_attr(inst, "channel_id")? {
        attrs.push(("channel_id", e.ctx.i64_attr(channel)));
    }
    if e.bool_attr(inst, "use_global_device_ids")? == Some(true) {
        attrs.push(("use_global_device_ids", e.ctx.unit_attr()));
    }
    Ok((attrs, groups))
}

/// `all-reduce(xs...), to_apply=f, replica_groups=...` (and `all-reduce-start`) →
/// `hlo.all_reduce`.
pub fn all_reduce(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let (attrs, _) = collective_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    e.emit_multi(inst, HloOpKind::AllReduce, operands, attrs, vec![region])
}

/// `all-gather(xs...), dimensions={d}` → `hlo.all_gather`; several operands give a tuple.
pub fn all_gather(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let (mut attrs, _) = collective_attrs(e, inst)?;
    attrs.push(("all_gather_dimension", e.ctx.i64_attr(dim)));
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::AllGather, operands, attrs, Vec::new())
}

/// The result type of an asynchronous start whose shape is `(operand, result, ...)` (or
/// just the result).
fn start_result_type(e: &Emitter, inst: &Inst) -> PResult<xla_ir::Type> {
    let shape = e.shape_of(inst)?;
    Ok(match shape.tuple_elements() {
        Some(elements) if elements.len() >= 2 => plain_type(e.ctx, &elements[1]),
        _ => plain_type(e.ctx, shape),
    })
}

/// `all-gather-start(x)` → `hlo.all_gather`, done now; the value is `(x, result)`.
pub fn all_gather_start(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let (mut attrs, _) = collective_attrs(e, inst)?;
    attrs.push(("all_gather_dimension", e.ctx.i64_attr(dim)));
    let ty = start_result_type(e, inst)?;
    let operands = e.operand_values(inst)?;
    let op = e.op(HloOpKind::AllGather.def(), operands, vec![ty], attrs, Vec::new(), inst.loc);
    let result = HloValue::Value(e.body.result(op, 0));
    Ok(start_value(e, inst.ast, inst.operands[0].clone(), result))
}

/// `all-to-all(x), dimensions={d}, replica_groups={...}` → `hlo.all_to_all` splitting and
/// concatenating dimension `d` among the group.
pub fn all_to_all(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    if e.attr(inst, "dimensions").is_none() {
        return Err(e.error(inst.ast.opcode_offset, "'all-to-all' without 'dimensions' (the tuple form) has no counterpart in the hlo dialect"));
    }
    let dim = e.single_dimension(inst, "dimensions")?;
    let (mut attrs, groups) = collective_attrs(e, inst)?;
    let Some(count) = groups.first().map(Vec::len).filter(|n| *n > 0) else {
        return Err(e.error(inst.ast.opcode_offset, "'all-to-all' needs 'replica_groups' to know how many pieces to split into"));
    };
    attrs.retain(|(name, _)| *name != "use_global_device_ids");
    attrs.push(("split_dimension", e.ctx.i64_attr(dim)));
    attrs.push(("concat_dimension", e.ctx.i64_attr(dim)));
    attrs.push(("split_count", e.ctx.i64_attr(count as i64)));
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::AllToAll, operands, attrs, Vec::new())
}

/// `source_target_pairs` and `channel_id` of a collective permute.
fn permute_attrs(e: &Emitter, inst: &Inst) -> PResult<Vec<(&'static str, xla_ir::Attribute)>> {
    e.required(inst, "source_target_pairs")?;
    let pairs = e.read_attr(inst, "source_target_pairs", |c| c.parse_braced_int_lists())?.unwrap_or_default();
    let mut attrs = vec![("source_target_pairs", e.ctx.array_attr(pairs.iter().map(|p| e.ctx.i64_array_attr(p)).collect()))];
    if let Some(channel) = e.int_attr(inst, "channel_id")? {
        attrs.push(("channel_id", e.ctx.i64_attr(channel)));
    }
    Ok(attrs)
}

/// `collective-permute(x), source_target_pairs={{0,1},...}` → `hlo.collective_permute`.
pub fn collective_permute(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = permute_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::CollectivePermute, operands, attrs, Vec::new())
}

/// `collective-broadcast(xs...), replica_groups={{0,1},...}` → `hlo.collective_broadcast`;
/// several operands give a tuple.
pub fn collective_broadcast(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let (attrs, _) = collective_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::CollectiveBroadcast, operands, attrs, Vec::new())
}

/// `collective-permute-start(x)` → `hlo.collective_permute`, done now.
pub fn collective_permute_start(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = permute_attrs(e, inst)?;
    let ty = start_result_type(e, inst)?;
    let operands = e.operand_values(inst)?;
    let op = e.op(HloOpKind::CollectivePermute.def(), operands, vec![ty], attrs, Vec::new(), inst.loc);
    let result = HloValue::Value(e.body.result(op, 0));
    Ok(start_value(e, inst.ast, inst.operands[0].clone(), result))
}

/// `reduce-scatter(x), dimensions={d}, to_apply=f` → `hlo.reduce_scatter`.
pub fn reduce_scatter(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let (mut attrs, _) = collective_attrs(e, inst)?;
    attrs.push(("scatter_dimension", e.ctx.i64_attr(dim)));
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    e.emit_single(inst, HloOpKind::ReduceScatter, operands, attrs, vec![region])
}

/// `replica-id()` → `hlo.replica_id`.
pub fn replica_id(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.emit_single(inst, HloOpKind::ReplicaId, Vec::new(), Vec::new(), Vec::new())
}

/// `partition-id()` → `hlo.partition_id`.
pub fn partition_id(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.emit_single(inst, HloOpKind::PartitionId, Vec::new(), Vec::new(), Vec::new())
}

/// `rng(a, b), distribution=rng_uniform|rng_normal` → `hlo.rng_uniform`/`hlo.rng_normal`.
pub fn rng(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let distribution = e.required_word(inst, "distribution")?;
    let kind = match distribution.as_str() {
        "rng_uniform" => HloOpKind::RngUniform,
        "rng_normal" => HloOpKind::RngNormal,
        other => return Err(e.attr_error(inst, "distribution", format!("unknown distribution '{other}' (rng_uniform or rng_normal)"))),
    };
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, kind, operands, Vec::new(), Vec::new())
}

/// `rng-bit-generator(state), algorithm=rng_three_fry` → `hlo.rng_bit_generator`.
pub fn rng_bit_generator(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let algorithm = e.required_word(inst, "algorithm")?;
    let algorithm = match algorithm.as_str() {
        "rng_default" => "DEFAULT",
        "rng_three_fry" => "THREE_FRY",
        "rng_philox" => "PHILOX",
        other => return Err(e.attr_error(inst, "algorithm", format!("unknown RNG algorithm '{other}' (rng_default, rng_three_fry or rng_philox)"))),
    };
    let attrs = vec![("rng_algorithm", e.ctx.string_attr(algorithm))];
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::RngBitGenerator, operands, attrs, Vec::new())
}
