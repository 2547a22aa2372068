//! Collectives: `hlo.all_gather`, `hlo.all_reduce`, `hlo.all_to_all`,
//! `hlo.collective_broadcast`, `hlo.collective_permute` and `hlo.reduce_scatter`, as XLA's
//! operation semantics and StableHLO's spec define them.
//!
//! Replica groups (`replica_groups = [[0, 2], [1, 3]]`) list the ids of the processes that
//! communicate, ids of the kind the op's channel decides ([`ProcessGroupMode`]): no id
//! appears twice; an empty list means one group of every id, whose size is known only at
//! run time, so a dimension that depends on it is unknown (`?`) in inferred types.
//! `all_reduce` and `collective_broadcast` take groups of different sizes (StableHLO pads
//! them with `-1`, which its reader drops); the ops whose types depend on the group size
//! (gather, scatter, all-to-all) take groups of one size. `channel_id`, where given, is
//! non-negative; `use_global_device_ids` (a unit flag) needs one.
//!
//! Shape rules, per operand: all-gather multiplies `all_gather_dimension` by the group
//! size (for `cross_replica_and_partition` groups, which also take every partition, by a
//! multiple of it); all-reduce and collective-permute keep the operand types; all-to-all
//! divides `split_dimension` and multiplies `concat_dimension` by `split_count`;
//! reduce-scatter divides `scatter_dimension` by the group size (unknown for
//! `cross_replica_and_partition` groups).

use std::collections::HashSet;

use xla_ir::constraints::{AnyTensor, AttrKind, I64ArrayListAttr, I64Attr, Region, UnitAttr, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::shape::merge_dim;
use xla_ir::{Body, Context, Diagnostic, Dim, Op, OpRef, RegionId, TensorType, Type, TypeData};
use xla_macros::op;

use super::computation::{verify_computation, Signature};
use super::dot_general::dim_to_string;
use super::process_grid::ProcessGroupMode;
use super::tokens::verify_token_op;

/// Concatenates the operands of the processes of each group along `all_gather_dimension`,
/// in the order the group lists them; each operand on its own.
///
/// XLA's `AllGather` (StableHLO's `all_gather`, variadic): each result is its operand with
/// `all_gather_dimension` multiplied by the group size. The result types are given, since
/// with no replica groups the group size is the number of replicas, which the program does
/// not say.
///
/// Example: `%0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<2x3xf32>) -> tensor<4x3xf32>`
#[op(
    name = "hlo.all_gather",
    verify = verify_all_gather,
    format = "$operands `,` `all_gather_dimension` `=` $all_gather_dimension `,` `replica_groups` `=` $replica_groups attr-dict `:` functional-type(operands, results)"
)]
pub struct AllGatherOp {
    /// The values to gather, each gathered on its own.
    #[operand]
    operands: Variadic<AnyTensor>,
    /// The dimension to concatenate along.
    #[attr]
    all_gather_dimension: I64Attr,
    /// Groups of ids, all of one size; empty for one group of every replica.
    #[attr]
    replica_groups: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one reaches across
    /// partitions.
    #[attr]
    channel_id: Option<I64Attr>,
    /// The groups hold flattened process ids (needs a `channel_id`).
    #[attr]
    use_global_device_ids: Option<UnitAttr>,
    #[result]
    results: Variadic<AnyTensor>,
}

/// Reduces the operands across the processes of each group with a computation.
///
/// XLA's `AllReduce`: every process of a group gets the elementwise reduction of the
/// group's operands. The computation takes two 0-d tensors of the operands' element type
/// and returns their combination; it is applied to each operand. Results have the
/// operands' types.
///
/// Example: `%0 = hlo.all_reduce(%x) replica_groups = [[0, 1]] : tensor<4xf32> { ^bb0(%a: tensor<f32>, %b: tensor<f32>): ... }`
#[op(
    name = "hlo.all_reduce",
    infer = infer_all_reduce,
    verify = verify_all_reduce,
    format = "`(` $operands `)` `replica_groups` `=` $replica_groups attr-dict `:` type($operands) $computation"
)]
pub struct AllReduceOp {
    /// The values to reduce, all of one element type.
    #[operand]
    operands: Variadic<AnyTensor>,
    /// Groups of ids, of any sizes; empty for one group of every replica.
    #[attr]
    replica_groups: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one reaches across
    /// partitions.
    #[attr]
    channel_id: Option<I64Attr>,
    /// The groups hold flattened process ids (needs a `channel_id`).
    #[attr]
    use_global_device_ids: Option<UnitAttr>,
    /// The reduction: two 0-d tensors to one.
    #[region]
    computation: Region,
    #[result]
    results: Variadic<AnyTensor>,
}

/// Splits each operand into `split_count` blocks along `split_dimension`, sends block `i`
/// to the `i`-th process of the group, and concatenates the blocks received along
/// `concat_dimension`.
///
/// XLA's `AllToAll` (StableHLO's `all_to_all`, variadic): `split_count` divides the split
/// dimension; each result has the split dimension divided and the concat dimension
/// multiplied by `split_count`. Replica groups, when given, have `split_count` ids each.
///
/// Example: `%0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = 4, replica_groups = [[0, 1, 2, 3]] : (tensor<4x16xf32>) -> tensor<16x4xf32>`
#[op(
    name = "hlo.all_to_all",
    infer = infer_all_to_all,
    verify = verify_channel,
    format = "$operands `,` `split_dimension` `=` $split_dimension `,` `concat_dimension` `=` $concat_dimension `,` `split_count` `=` $split_count `,` `replica_groups` `=` $replica_groups attr-dict `:` functional-type(operands, results)"
)]
pub struct AllToAllOp {
    /// The values to exchange, each on its own.
    #[operand]
    operands: Variadic<AnyTensor>,
    /// The dimension split into blocks.
    #[attr]
    split_dimension: I64Attr,
    /// The dimension the received blocks are concatenated along.
    #[attr]
    concat_dimension: I64Attr,
    /// The number of blocks, the number of processes in each group.
    #[attr]
    split_count: I64Attr,
    /// Groups of ids, all of one size; empty for one group of every replica.
    #[attr]
    replica_groups: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one makes the ids
    /// partition ids.
    #[attr]
    channel_id: Option<I64Attr>,
    #[result]
    results: Variadic<AnyTensor>,
}

/// Sends the operands of one process of each group, its root, to every process of the
/// group.
///
/// XLA's `CollectiveBroadcast` (StableHLO's `collective_broadcast`, variadic): within each
/// group of `replica_groups` (none: one group of every id), every process receives the
/// operands of the group's first process; a process in no group gets zeros of the
/// operands' shapes. With `has_dynamic_root` the last operand is a `tensor<Nxi32>` of
/// positions in the group, one per other operand: operand `j` comes from the process at
/// position `root[j]`. The results have the types of the other operands.
///
/// Example: `%0 = hlo.collective_broadcast %x, replica_groups = [[2, 1]] : tensor<1x2xi64>`
#[op(
    name = "hlo.collective_broadcast",
    infer = infer_collective_broadcast,
    verify = verify_channel,
    format = "$operands `,` `replica_groups` `=` $replica_groups attr-dict `:` type($operands)"
)]
pub struct CollectiveBroadcastOp {
    /// The values to broadcast, then the roots under `has_dynamic_root`.
    #[operand]
    operands: Variadic<AnyTensor>,
    /// Groups of ids, each broadcasting from its root (its first id by default).
    #[attr]
    replica_groups: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one makes the ids
    /// partition ids.
    #[attr]
    channel_id: Option<I64Attr>,
    /// The last operand gives each other operand's root, a position in the group.
    #[attr]
    has_dynamic_root: Option<UnitAttr>,
    #[result]
    results: Variadic<AnyTensor>,
}

/// Sends the operand of each source process to its target process.
///
/// XLA's `CollectivePermute`: `source_target_pairs` lists `[source, target]` pairs of ids
/// (replica ids, or partition ids with a positive `channel_id`); no two pairs share a
/// source or a target. A process that is no target gets zeros of the operand's shape. The
/// result has the operand's type.
///
/// Example: `%0 = hlo.collective_permute %x, source_target_pairs = [[0, 1], [1, 0]] : tensor<4xf32>`
#[op(
    name = "hlo.collective_permute",
    infer = infer_collective_permute,
    verify = verify_channel,
    format = "$operand `,` `source_target_pairs` `=` $source_target_pairs attr-dict `:` type($operand)"
)]
pub struct CollectivePermuteOp {
    #[operand]
    operand: AnyTensor,
    /// `[source, target]` id pairs.
    #[attr]
    source_target_pairs: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one makes the ids
    /// partition ids.
    #[attr]
    channel_id: Option<I64Attr>,
    #[result]
    result: AnyTensor,
}

/// Reduces the operand across the processes of each group, then gives the process at
/// position `i` of the group the `i`-th block of the result along `scatter_dimension`.
///
/// XLA's `ReduceScatter`: the group size divides the scatter dimension, which the result has
/// divided by it. The computation takes two 0-d tensors of the operand's element type and
/// returns their combination.
///
/// Example: `%0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<2xf32> { ^bb0(%a: tensor<f32>, %b: tensor<f32>): ... }`
#[op(
    name = "hlo.reduce_scatter",
    infer = infer_reduce_scatter,
    verify = verify_reduce_scatter,
    format = "$operand `,` `scatter_dimension` `=` $scatter_dimension `,` `replica_groups` `=` $replica_groups attr-dict `:` functional-type(operands, results) $computation"
)]
pub struct ReduceScatterOp {
    #[operand]
    operand: AnyTensor,
    /// The dimension the reduced result is split along.
    #[attr]
    scatter_dimension: I64Attr,
    /// Groups of ids, all of one size; empty for one group of every replica.
    #[attr]
    replica_groups: I64ArrayListAttr,
    /// Only collectives with the same channel communicate; a positive one reaches across
    /// partitions.
    #[attr]
    channel_id: Option<I64Attr>,
    /// The groups hold flattened process ids (needs a `channel_id`).
    #[attr]
    use_global_device_ids: Option<UnitAttr>,
    /// The reduction: two 0-d tensors to one.
    #[region]
    computation: Region,
    #[result]
    result: AnyTensor,
}

impl AllGatherOp {
    /// Which processes its groups name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_gathering(self.channel_id(body), self.use_global_device_ids(body).is_some())
    }
}

impl AllReduceOp {
    /// Which processes its groups name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_gathering(self.channel_id(body), self.use_global_device_ids(body).is_some())
    }
}

impl ReduceScatterOp {
    /// Which processes its groups name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_gathering(self.channel_id(body), self.use_global_device_ids(body).is_some())
    }
}

impl AllToAllOp {
    /// Which processes its groups name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_exchange(self.channel_id(body))
    }
}

impl CollectiveBroadcastOp {
    /// Which processes its groups name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_exchange(self.channel_id(body))
    }

    /// The operands broadcast: all of them, or all but the roots under `has_dynamic_root`.
    pub fn data_operands<'b>(self, body: &'b Body) -> &'b [xla_ir::ValueId] {
        let operands = self.operands(body);
        if self.has_dynamic_root(body).is_some() { &operands[..operands.len().saturating_sub(1)] } else { operands }
    }

    /// The operand giving each data operand's root under `has_dynamic_root`.
    pub fn root_operand(self, body: &Body) -> Option<xla_ir::ValueId> {
        self.has_dynamic_root(body).and_then(|()| self.operands(body).last().copied())
    }
}

impl CollectivePermuteOp {
    /// Which processes its pairs name.
    pub fn process_group_mode(self, body: &Body) -> ProcessGroupMode {
        ProcessGroupMode::of_exchange(self.channel_id(body))
    }
}

/// Checks replica groups of any sizes: non-empty, with non-negative ids that appear once.
pub fn check_replica_groups(groups: &[&[i64]]) -> Result<(), String> {
    let mut seen = HashSet::new();
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() {
            return Err(format!("replica_groups[{i}] is empty"));
        }
        for &id in group.iter() {
            if id < 0 {
                return Err(format!("replica_groups[{i}] contains the negative replica id {id}"));
            }
            if !seen.insert(id) {
                return Err(format!("replica id {id} appears more than once in replica_groups"));
            }
        }
    }
    Ok(())
}

/// Checks replica groups as [`check_replica_groups`] does, and that they have one size.
/// Returns the group size, or `None` for an empty list (one group of every replica).
pub fn replica_group_size(groups: &[&[i64]]) -> Result<Option<i64>, String> {
    check_replica_groups(groups)?;
    for (i, group) in groups.iter().enumerate() {
        if group.len() != groups[0].len() {
            return Err(format!(
                "replica_groups[{i}] has {} replicas, but replica_groups[0] has {}; groups must have one size",
                group.len(),
                groups[0].len()
            ));
        }
    }
    Ok(groups.first().map(|g| g.len() as i64))
}

/// Attribute `name` (`value`, if present) read as `A`, or an error naming it as the
/// declaration check would.
fn attr<'c, A: AttrKind>(ctx: &'c Context, value: Option<xla_ir::Attribute>, name: &str) -> Result<A::Value<'c>, String> {
    let value = value.ok_or_else(|| format!("requires attribute '{name}'"))?;
    A::get(ctx, value).ok_or_else(|| {
        format!("attribute '{name}' must be {}, found {}", A::CONSTRAINT.description, ctx.attr_to_string(value))
    })
}

/// The `replica_groups` attribute of an op under inference.
fn inferred_groups<'c>(cx: &InferContext<'c>) -> Result<Vec<&'c [i64]>, String> {
    attr::<I64ArrayListAttr>(cx.ctx, cx.attr("replica_groups"), "replica_groups")
}

/// The group size of the `replica_groups` attribute of an op under inference.
fn inferred_group_size(cx: &InferContext) -> Result<Option<i64>, String> {
    replica_group_size(&inferred_groups(cx)?)
}

/// The mode of an op under inference whose mode is [`ProcessGroupMode::of_gathering`].
fn inferred_gathering_mode(cx: &InferContext) -> Result<ProcessGroupMode, String> {
    let channel = cx.attr("channel_id").map(|_| attr::<I64Attr>(cx.ctx, cx.attr("channel_id"), "channel_id")).transpose()?;
    Ok(ProcessGroupMode::of_gathering(channel, cx.attr("use_global_device_ids").is_some()))
}

/// `dimension` (the value of attribute `name`) as an index into a tensor of `rank`.
fn dimension_index(name: &str, dimension: i64, rank: usize) -> Result<usize, String> {
    usize::try_from(dimension)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("{name} = {dimension} is out of range for an operand of rank {rank}"))
}

/// `dim` multiplied by `factor` (unknown stays unknown, a bound scales).
fn scale_dim(dim: Dim, factor: i64) -> Option<Dim> {
    match dim {
        Dim::Static(n) => n.checked_mul(factor).map(Dim::Static),
        Dim::Bounded(n) => n.checked_mul(factor).map(Dim::Bounded),
        Dim::Unknown => Some(Dim::Unknown),
    }
}

/// `dim` divided by `divisor`, or `None` when a static size is not a multiple of it.
fn split_dim(dim: Dim, divisor: i64) -> Option<Dim> {
    match dim {
        Dim::Static(n) => (n % divisor == 0).then(|| Dim::Static(n / divisor)),
        Dim::Bounded(n) => Some(Dim::Bounded(n / divisor)),
        Dim::Unknown => Some(Dim::Unknown),
    }
}

fn tensor_type(ctx: &Context, dims: Vec<Dim>, element: Type) -> Type {
    ctx.ty(TypeData::Tensor(TensorType { dims, element, layout: None }))
}

/// Checks `channel_id` (non-negative) and that `use_global_device_ids` comes with one.
pub fn verify_channel(op: OpRef) -> Result<(), Diagnostic> {
    verify_token_op(op)?;
    if op.attr("use_global_device_ids").is_some() && op.attr("channel_id").is_none() {
        return Err(op.error("use_global_device_ids needs a channel_id"));
    }
    Ok(())
}

/// Checks `hlo.all_gather`: the channel, the replica groups, the dimension, as many results
/// as operands, and per operand a result of its rank and element type whose gathered
/// dimension is the operand's times the group size (a multiple of that for
/// `cross_replica_and_partition` groups) and whose other dimensions are the operand's.
pub fn verify_all_gather(op: OpRef) -> Result<(), Diagnostic> {
    verify_channel(op)?;
    let (ctx, body) = (op.ctx(), op.body);
    let gather = AllGatherOp::from_id_unchecked(op.id);
    let group_size = replica_group_size(&gather.replica_groups(body)).map_err(|m| op.error(m))?;
    let across_partitions = !gather.process_group_mode(body).group_size_is_static();
    let (operands, results) = (gather.operands(body), gather.results(body));
    if operands.is_empty() || operands.len() != results.len() {
        return Err(op.error(format!("needs as many results as operands, at least one; found {} operands and {} results", operands.len(), results.len())));
    }
    let dimension = gather.all_gather_dimension(body);
    for (k, (&operand, &result)) in operands.iter().zip(results).enumerate() {
        let (operand_type, result_type) = (body.value_type(operand), body.value_type(result));
        let (Some(operand), Some(result)) = (ctx.as_tensor(operand_type), ctx.as_tensor(result_type)) else {
            return Err(op.error("operands and results must be tensors"));
        };
        let gathered = dimension_index("all_gather_dimension", dimension, operand.dims.len()).map_err(|m| op.error(m))?;
        if result.dims.len() != operand.dims.len() || result.element != operand.element {
            return Err(op.error(format!(
                "the result type {} must have the rank and element type of the operand type {}",
                ctx.type_to_string(result_type),
                ctx.type_to_string(operand_type)
            )));
        }
        let which = if operands.len() > 1 { format!("result #{k} ") } else { String::new() };
        for (d, (&from, &to)) in operand.dims.iter().zip(&result.dims).enumerate() {
            let (expected, why) = match group_size {
                // The groups take every partition too: the result is some multiple.
                Some(size) if d == gathered && across_partitions => {
                    let unit = scale_dim(from, size)
                        .ok_or_else(|| op.error(format!("operand dimension {d} times the group size {size} overflows")))?;
                    if let (Dim::Static(unit), Dim::Static(to)) = (unit, to) {
                        if unit == 0 || to % unit != 0 || to == 0 {
                            return Err(op.error(format!(
                                "{which}dimension {d} has size {to}, expected a multiple of {unit} (operand dimension {d} ({}) times the group size {size}, times the number of partitions)",
                                dim_to_string(from)
                            )));
                        }
                    }
                    continue;
                }
                Some(size) if d == gathered => {
                    let scaled = scale_dim(from, size)
                        .ok_or_else(|| op.error(format!("operand dimension {d} times the group size {size} overflows")))?;
                    (scaled, format!("operand dimension {d} ({}) times the group size {size}", dim_to_string(from)))
                }
                // With one group of every replica, the gathered size is not known here.
                None if d == gathered => continue,
                _ => (from, format!("operand dimension {d}")),
            };
            if merge_dim(expected, to).is_none() {
                return Err(op.error(format!(
                    "{which}{}dimension {d} has size {}, expected {} ({why})",
                    if which.is_empty() { "result " } else { "" },
                    dim_to_string(to),
                    dim_to_string(expected)
                )));
            }
        }
    }
    Ok(())
}

/// The shape function of `hlo.all_reduce`: results have the operands' types.
pub fn infer_all_reduce(cx: &InferContext) -> Result<Vec<Type>, String> {
    check_replica_groups(&inferred_groups(cx)?)?;
    Ok(cx.operand_types.to_vec())
}

/// Checks the reduction computation of an all-reduce or reduce-scatter over `operands`: they
/// share one element type `E`, and the computation takes two `tensor<E>` and returns one.
fn verify_reduction(op: OpRef, operands: &[xla_ir::ValueId], computation: RegionId) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let mut element = None;
    for (i, v) in operands.iter().enumerate() {
        let Some(tensor) = ctx.as_tensor(body.value_type(*v)) else { return Err(op.error("operands must be tensors")) };
        match element {
            None => element = Some(tensor.element),
            Some(e) if e != tensor.element => {
                return Err(op.error(format!(
                    "operand #{i} has element type {}, but operand #0 has {}; one computation reduces one element type",
                    ctx.type_to_string(tensor.element),
                    ctx.type_to_string(e)
                )));
            }
            Some(_) => {}
        }
    }
    let element = element.ok_or_else(|| op.error("needs at least one operand"))?;
    let scalar = ctx.tensor_type(&[], element);
    let origin = |_| format!("a 0-d tensor of the operands' element type {}", ctx.type_to_string(element));
    let signature = Signature { args: &[scalar, scalar], arg_origin: &origin, results: &[scalar], result_origin: &origin };
    verify_computation(op, computation, "the computation", &signature)
}

/// Checks `hlo.all_reduce`: the channel and the computation (see [`verify_reduction`]).
pub fn verify_all_reduce(op: OpRef) -> Result<(), Diagnostic> {
    verify_channel(op)?;
    let all_reduce = AllReduceOp::from_id_unchecked(op.id);
    verify_reduction(op, all_reduce.operands(op.body), all_reduce.computation(op.body))
}

/// The shape function of `hlo.collective_broadcast`: valid replica groups, at least one
/// operand to broadcast, and the types of the operands broadcast; under
/// `has_dynamic_root`, a last operand of type `tensor<Nxi32>`, N the number of the others.
pub fn infer_collective_broadcast(cx: &InferContext) -> Result<Vec<Type>, String> {
    check_replica_groups(&inferred_groups(cx)?)?;
    for i in 0..cx.operand_types.len() {
        cx.tensor(i)?;
    }
    let mut data = cx.operand_types.to_vec();
    if cx.attr("has_dynamic_root").is_some() {
        let root = data.pop().ok_or("has_dynamic_root needs a last operand of roots")?;
        let expected = cx.ctx.tensor_type(&[data.len() as i64], cx.ctx.int_type(32));
        if root != expected {
            return Err(format!(
                "under has_dynamic_root the last operand holds one root per other operand, of type {}, found {}",
                cx.ctx.type_to_string(expected),
                cx.ctx.type_to_string(root)
            ));
        }
    }
    if data.is_empty() {
        return Err("needs at least one operand to broadcast".into());
    }
    Ok(data)
}

/// The shape function of `hlo.all_to_all`: per operand, its result.
pub fn infer_all_to_all(cx: &InferContext) -> Result<Vec<Type>, String> {
    let split_dimension = attr::<I64Attr>(cx.ctx, cx.attr("split_dimension"), "split_dimension")?;
    let concat_dimension = attr::<I64Attr>(cx.ctx, cx.attr("concat_dimension"), "concat_dimension")?;
    let split_count = attr::<I64Attr>(cx.ctx, cx.attr("split_count"), "split_count")?;
    if split_count <= 0 {
        return Err(format!("split_count must be positive, found {split_count}"));
    }
    if let Some(size) = inferred_group_size(cx)? {
        if size != split_count {
            return Err(format!("split_count is {split_count}, but the replica groups have {size} replicas each"));
        }
    }
    if cx.operand_types.is_empty() {
        return Err("needs at least one operand".into());
    }
    let mut results = Vec::with_capacity(cx.operand_types.len());
    for i in 0..cx.operand_types.len() {
        let operand = cx.tensor(i)?;
        let rank = operand.dims.len();
        let split = dimension_index("split_dimension", split_dimension, rank)?;
        let concat = dimension_index("concat_dimension", concat_dimension, rank)?;
        let mut dims = operand.dims.clone();
        dims[split] = split_dim(dims[split], split_count).ok_or_else(|| {
            format!("split_count {split_count} does not divide the size {} of split dimension {split}", dim_to_string(dims[split]))
        })?;
        dims[concat] = scale_dim(dims[concat], split_count)
            .ok_or_else(|| format!("concat dimension {concat} times split_count {split_count} overflows"))?;
        results.push(tensor_type(cx.ctx, dims, operand.element));
    }
    Ok(results)
}

/// The shape function of `hlo.collective_permute`, which checks the pairs: two non-negative
/// ids each, no source or target twice.
pub fn infer_collective_permute(cx: &InferContext) -> Result<Vec<Type>, String> {
    let pairs = attr::<I64ArrayListAttr>(cx.ctx, cx.attr("source_target_pairs"), "source_target_pairs")?;
    let (mut sources, mut targets) = (HashSet::new(), HashSet::new());
    for (i, pair) in pairs.iter().enumerate() {
        let &[source, target] = *pair else {
            return Err(format!("source_target_pairs[{i}] has {} entries, expected a [source, target] pair", pair.len()));
        };
        if source < 0 || target < 0 {
            return Err(format!("source_target_pairs[{i}] = [{source}, {target}] has a negative replica id"));
        }
        if !sources.insert(source) {
            return Err(format!("replica {source} is the source of more than one pair in source_target_pairs"));
        }
        if !targets.insert(target) {
            return Err(format!("replica {target} is the target of more than one pair in source_target_pairs"));
        }
    }
    cx.tensor(0)?;
    Ok(cx.operand_types.to_vec())
}

/// The shape function of `hlo.reduce_scatter`.
pub fn infer_reduce_scatter(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let scatter_dimension = attr::<I64Attr>(cx.ctx, cx.attr("scatter_dimension"), "scatter_dimension")?;
    let scatter = dimension_index("scatter_dimension", scatter_dimension, operand.dims.len())?;
    let mut dims = operand.dims.clone();
    let group_size = inferred_group_size(cx)?;
    dims[scatter] = match group_size {
        // Groups that take every partition too: the block size is not known here.
        Some(_) if !inferred_gathering_mode(cx)?.group_size_is_static() => Dim::Unknown,
        Some(size) => split_dim(dims[scatter], size).ok_or_else(|| {
            format!("the group size {size} does not divide the size {} of scatter dimension {scatter}", dim_to_string(dims[scatter]))
        })?,
        // One group of every replica: the block size is not known here.
        None => Dim::Unknown,
    };
    Ok(vec![tensor_type(cx.ctx, dims, operand.element)])
}

/// Checks `hlo.reduce_scatter`: the channel and the computation (see [`verify_reduction`]).
pub fn verify_reduce_scatter(op: OpRef) -> Result<(), Diagnostic> {
    verify_channel(op)?;
    let reduce_scatter = ReduceScatterOp::from_id_unchecked(op.id);
    verify_reduction(op, &[reduce_scatter.operand(op.body)], reduce_scatter.computation(op.body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReplicaIdOp, ReturnOp};
    use xla_ir::{Body, Builder};

    /// Gives `region` a block adding two `scalar`s.
    fn add_computation(body: &mut Body, region: RegionId, scalar: Type) {
        let block = body.append_block(region);
        let (a, b) = (body.add_block_arg(block, scalar), body.add_block_arg(block, scalar));
        let location = body.ctx().unknown_loc();
        let mut builder = Builder::at_end(body, block, location);
        let sum = AddOp::build(&mut builder, a, b, None).expect("same types");
        let sum = sum.result(builder.body);
        ReturnOp::build(&mut builder, &[sum]).expect("no inference");
    }

    #[test]
    fn ragged_replica_groups_are_checked_but_for_their_sizes() {
        assert_eq!(check_replica_groups(&[&[0, 1], &[2]]), Ok(()));
        assert_eq!(check_replica_groups(&[&[0], &[]]), Err("replica_groups[1] is empty".into()));
        assert_eq!(check_replica_groups(&[&[2, -1]]), Err("replica_groups[0] contains the negative replica id -1".into()));
        assert_eq!(check_replica_groups(&[&[0, 1], &[1]]), Err("replica id 1 appears more than once in replica_groups".into()));
    }

    #[test]
    fn replica_groups_have_one_size_and_unique_ids() {
        assert_eq!(replica_group_size(&[]), Ok(None));
        assert_eq!(replica_group_size(&[&[0, 2], &[1, 3]]), Ok(Some(2)));
        assert_eq!(replica_group_size(&[&[0], &[]]), Err("replica_groups[1] is empty".into()));
        assert_eq!(
            replica_group_size(&[&[0, 1], &[2]]),
            Err("replica_groups[1] has 1 replicas, but replica_groups[0] has 2; groups must have one size".into())
        );
        assert_eq!(replica_group_size(&[&[0, -1]]), Err("replica_groups[0] contains the negative replica id -1".into()));
        assert_eq!(replica_group_size(&[&[0, 1], &[1, 2]]), Err("replica id 1 appears more than once in replica_groups".into()));
    }

    #[test]
    fn shape_functions_scale_and_split_dimensions() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 16], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let all_to_all = AllToAllOp::build(&mut b, &args[..1], 1, 0, 4, vec![&[0, 1, 2, 3]], None).expect("valid");
        let reduce_scatter = ReduceScatterOp::build(&mut b, args[0], 0, vec![&[0, 1], &[2, 3]], Some(0), None).expect("valid");
        let everyone = ReduceScatterOp::build(&mut b, args[0], 1, vec![], None, None).expect("valid");
        let permute = CollectivePermuteOp::build(&mut b, args[0], vec![&[0, 1], &[1, 0]], None).expect("valid");
        let replica = ReplicaIdOp::build(&mut b).expect("valid");
        let gather_type = ctx.tensor_type(&[8, 16], f32);
        let gather = AllGatherOp::build(&mut b, &args[..1], 0, vec![&[0, 1]], None, None, &[gather_type]).expect("no inference");
        let result_type = |v| body.value_type(v);
        assert_eq!(result_type(all_to_all.results(&body)[0]), ctx.tensor_type(&[16, 4], f32));
        assert_eq!(result_type(reduce_scatter.result(&body)), ctx.tensor_type(&[2, 16], f32));
        let unknown = tensor_type(&ctx, vec![Dim::Static(4), Dim::Unknown], f32);
        assert_eq!(result_type(everyone.result(&body)), unknown);
        assert_eq!(result_type(permute.result(&body)), ctx.tensor_type(&[4, 16], f32));
        assert_eq!(result_type(replica.result(&body)), ctx.tensor_type(&[], ctx.uint_type(32)));
        assert_eq!(all_to_all.split_count(&body), 4);
        assert_eq!(reduce_scatter.replica_groups(&body), vec![&[0, 1][..], &[2, 3][..]]);
        assert_eq!(verify(&body, gather).map_err(|d| d.message), Ok(()));
        assert_eq!(verify(&body, permute).map_err(|d| d.message), Ok(()));
        assert_eq!(verify_error(&body, reduce_scatter), "the computation must have exactly one block, found 0");
        let region = reduce_scatter.computation(&body);
        add_computation(&mut body, region, ctx.tensor_type(&[], f32));
        assert_eq!(verify(&body, reduce_scatter).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn shape_functions_name_the_attribute_at_fault() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 6], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let prefix = "'hlo.all_to_all' op ";
        let mut all_to_all = |split: i64, concat: i64, count: i64, groups: Vec<&[i64]>| {
            AllToAllOp::build(&mut b, &args[..1], split, concat, count, groups, None).expect_err("invalid").message
        };
        assert_eq!(all_to_all(2, 0, 2, vec![]), format!("{prefix}split_dimension = 2 is out of range for an operand of rank 2"));
        assert_eq!(all_to_all(0, -1, 2, vec![]), format!("{prefix}concat_dimension = -1 is out of range for an operand of rank 2"));
        assert_eq!(all_to_all(0, 1, 0, vec![]), format!("{prefix}split_count must be positive, found 0"));
        assert_eq!(all_to_all(1, 0, 4, vec![]), format!("{prefix}split_count 4 does not divide the size 6 of split dimension 1"));
        assert_eq!(
            all_to_all(1, 0, 2, vec![&[0, 1, 2]]),
            format!("{prefix}split_count is 2, but the replica groups have 3 replicas each")
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let error = ReduceScatterOp::build(&mut b, args[0], 0, vec![&[0, 1, 2]], None, None).expect_err("invalid").message;
        assert_eq!(error, "'hlo.reduce_scatter' op the group size 3 does not divide the size 4 of scatter dimension 0");
        let mut permute = |pairs: Vec<&[i64]>| CollectivePermuteOp::build(&mut b, args[0], pairs, None).expect_err("invalid").message;
        let prefix = "'hlo.collective_permute' op ";
        assert_eq!(permute(vec![&[0, 1, 2]]), format!("{prefix}source_target_pairs[0] has 3 entries, expected a [source, target] pair"));
        assert_eq!(permute(vec![&[0, -1]]), format!("{prefix}source_target_pairs[0] = [0, -1] has a negative replica id"));
        assert_eq!(
            permute(vec![&[0, 1], &[0, 2]]),
            format!("{prefix}replica 0 is the source of more than one pair in source_target_pairs")
        );
        assert_eq!(
            permute(vec![&[0, 1], &[2, 1]]),
            format!("{prefix}replica 1 is the target of more than one pair in source_target_pairs")
        );
    }

    #[test]
    fn verifiers_check_results_channels_and_computations() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let operand = ctx.tensor_type(&[2, 3], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[operand, ctx.tensor_type(&[3], ctx.int_type(32))]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let groups: Vec<&[i64]> = vec![&[0, 1]];
        let mut gather = |dim, result: &[i64], channel, global| {
            AllGatherOp::build(&mut b, &args[..1], dim, groups.clone(), channel, global, &[ctx.tensor_type(result, f32)]).expect("built")
        };
        let wrong_size = gather(1, &[2, 3], None, None);
        let out_of_range = gather(2, &[2, 3], None, None);
        let wrong_rank = gather(0, &[4], None, None);
        let global_without_channel = gather(0, &[4, 3], None, Some(()));
        let negative_channel = gather(0, &[4, 3], Some(-2), None);
        let mixed = AllReduceOp::build(&mut b, &args, vec![], None, None).expect("infers");
        let returns_vector = AllReduceOp::build(&mut b, &args[..1], vec![], None, None).expect("infers");
        let region = returns_vector.computation(&body);
        add_computation(&mut body, region, ctx.tensor_type(&[3], f32));
        assert_eq!(
            verify_error(&body, wrong_size),
            "result dimension 1 has size 3, expected 6 (operand dimension 1 (3) times the group size 2)"
        );
        assert_eq!(verify_error(&body, out_of_range), "all_gather_dimension = 2 is out of range for an operand of rank 2");
        assert_eq!(
            verify_error(&body, wrong_rank),
            "the result type tensor<4xf32> must have the rank and element type of the operand type tensor<2x3xf32>"
        );
        assert_eq!(verify_error(&body, global_without_channel), "use_global_device_ids needs a channel_id");
        assert_eq!(verify_error(&body, negative_channel), "channel_id must be non-negative, found -2");
        assert_eq!(
            verify_error(&body, mixed),
            "operand #1 has element type i32, but operand #0 has f32; one computation reduces one element type"
        );
        assert_eq!(
            verify_error(&body, returns_vector),
            "the computation argument #0 has type tensor<3xf32>, expected tensor<f32> (a 0-d tensor of the operands' element type f32)"
        );
    }

    #[test]
    fn variadic_collectives_type_each_operand() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 4], f32), ctx.tensor_type(&[3, 4], i32), ctx.tensor_type(&[2], i32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let all_to_all = AllToAllOp::build(&mut b, &args[..2], 1, 0, 2, vec![&[0, 1]], None).expect("valid");
        let types = [ctx.tensor_type(&[2, 8], f32), ctx.tensor_type(&[3, 8], i32)];
        let gather = AllGatherOp::build(&mut b, &args[..2], 1, vec![&[0, 1]], None, None, &types).expect("built");
        let broadcast = CollectiveBroadcastOp::build(&mut b, &args[..2], vec![&[1, 0]], None, None).expect("valid");
        let rooted = CollectiveBroadcastOp::build(&mut b, &args, vec![&[0, 1]], None, Some(())).expect("valid");
        let bad_roots = CollectiveBroadcastOp::build(&mut b, &args[..2], vec![&[0, 1]], None, Some(())).expect_err("invalid").message;
        let ragged = AllReduceOp::build(&mut b, &args[..1], vec![&[0, 1], &[2]], None, None).expect("ragged groups");
        let types = |values: &[xla_ir::ValueId]| values.iter().map(|&v| ctx.type_to_string(body.value_type(v))).collect::<Vec<_>>();
        assert_eq!(types(all_to_all.results(&body)), ["tensor<4x2xf32>", "tensor<6x2xi32>"]);
        assert_eq!(types(broadcast.results(&body)), ["tensor<2x4xf32>", "tensor<3x4xi32>"]);
        assert_eq!(types(rooted.results(&body)), ["tensor<2x4xf32>", "tensor<3x4xi32>"]);
        assert_eq!(rooted.data_operands(&body), &args[..2]);
        assert_eq!((rooted.root_operand(&body), broadcast.root_operand(&body)), (Some(args[2]), None));
        assert_eq!(
            bad_roots,
            "'hlo.collective_broadcast' op under has_dynamic_root the last operand holds one root per other operand, of type tensor<1xi32>, found tensor<3x4xi32>"
        );
        assert_eq!(verify(&body, gather).map_err(|d| d.message), Ok(()));
        assert_eq!(ragged.replica_groups(&body), vec![&[0, 1][..], &[2][..]]);
    }

    #[test]
    fn groups_across_partitions_leave_the_group_size_open() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 4], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut gather = |size: i64, channel| {
            AllGatherOp::build(&mut b, &args, 1, vec![&[0, 1]], channel, None, &[ctx.tensor_type(&[2, size], f32)]).expect("built")
        };
        let (two_partitions, not_a_multiple, one_partition) = (gather(16, Some(1)), gather(12, Some(1)), gather(16, None));
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let scatter = ReduceScatterOp::build(&mut b, args[0], 1, vec![&[0, 1]], Some(1), None).expect("valid");
        let flattened = ReduceScatterOp::build(&mut b, args[0], 1, vec![&[0, 1]], Some(1), Some(())).expect("valid");
        assert_eq!(two_partitions.process_group_mode(&body), ProcessGroupMode::CrossReplicaAndPartition);
        assert_eq!(verify(&body, two_partitions).map_err(|d| d.message), Ok(()));
        assert_eq!(
            verify_error(&body, not_a_multiple),
            "dimension 1 has size 12, expected a multiple of 8 (operand dimension 1 (4) times the group size 2, times the number of partitions)"
        );
        assert_eq!(verify_error(&body, one_partition), "result dimension 1 has size 16, expected 8 (operand dimension 1 (4) times the group size 2)");
        let unknown = tensor_type(&ctx, vec![Dim::Static(2), Dim::Unknown], f32);
        assert_eq!(body.value_type(scatter.result(&body)), unknown);
        assert_eq!(body.value_type(flattened.result(&body)), ctx.tensor_type(&[2, 2], f32));
    }
}
