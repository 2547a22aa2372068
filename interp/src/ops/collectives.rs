//! Collectives across the processes of the grid: `hlo.replica_id`, `hlo.partition_id`,
//! `hlo.all_reduce`, `hlo.all_gather`, `hlo.reduce_scatter`, `hlo.all_to_all`,
//! `hlo.collective_permute` and `hlo.collective_broadcast`.
//!
//! Every collective hands its operands in to [`crate::collectives::Process::exchange`], so
//! every process receives every process's contribution, then computes its own result from
//! the contributions of its group. All processes exchange, whatever their group, so a
//! collective is one rendezvous of every process (XLA's SPMD contract: all run the same
//! collectives in the same order); an op whose groups are wrong fails on every process
//! after the exchange rather than leaving others waiting.
//!
//! Semantics kept from StableHLO's spec and XLA:
//! - a collective's ids name processes as its channel says
//!   ([`xla_dialects::hlo::ProcessGroupMode`]): `cross_replica` groups of replica ids are
//!   formed in each partition, `cross_partition` groups of partition ids in each replica,
//!   `cross_replica_and_partition` groups of replica ids take every partition (partition
//!   by partition, replicas in group order), and `flattened_ids` name processes
//!   directly; an empty list is one group of every id; a process's position in its group
//!   orders the data (gathered blocks, scattered blocks, all-to-all blocks); a process in
//!   no group, or an id that names no replica, partition or process, is an error;
//! - all-reduce combines the operands of the group's processes element by element with
//!   the computation, in group order (see [`crate::ops::reducer`]); with several operands
//!   each is reduced on its own;
//! - all-gather concatenates the group's operands along `all_gather_dimension`, each
//!   operand on its own;
//! - reduce-scatter all-reduces, splits the result into as many blocks as the group has
//!   processes along `scatter_dimension`, and gives the process at position `i` block `i`;
//! - all-to-all splits every operand into `split_count` blocks (the group size) along
//!   `split_dimension`, and the process at position `i` concatenates block `i` of every
//!   group member, in group order, along `concat_dimension`, each operand on its own;
//! - collective-permute gives every target the operand of its source; a process that is
//!   no target gets zeros of the operand's shape;
//! - collective-broadcast gives every process of a group the operands of the group's root
//!   (its first process, or under `has_dynamic_root` the position the root operand gives,
//!   per operand); a process in no group gets zeros.

use std::rc::Rc;

use xla_dialects::hlo::{
    AllGatherOp, AllReduceOp, AllToAllOp, CollectiveBroadcastOp, CollectivePermuteOp, ProcessGroupMode, ReduceScatterOp,
};
use xla_ir::Scalar;

use crate::collectives::Process;
use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::blocks::{concatenate, split};
use crate::ops::reducer::fold_arrays;
use crate::ops::support::{int_of, tensor};
use crate::value::Value;

/// The ids that groups under `mode` list, as `process` sees them: what they are called,
/// how many there are, and this process's own.
fn id_space(mode: ProcessGroupMode, process: &Process) -> (&'static str, usize, usize) {
    match mode {
        ProcessGroupMode::CrossReplica | ProcessGroupMode::CrossReplicaAndPartition => ("replica", process.replicas as usize, process.replica as usize),
        ProcessGroupMode::CrossPartition => ("partition", process.partitions as usize, process.partition as usize),
        ProcessGroupMode::FlattenedIds => ("process", process.count(), process.index()),
    }
}

/// The processes (flattened indices), in group order, of the group whose ids are `ids`
/// under `mode`, as formed for `process` (in its partition or replica).
fn processes_of(ids: &[usize], mode: ProcessGroupMode, process: &Process) -> Vec<usize> {
    let partitions = process.partitions as usize;
    match mode {
        ProcessGroupMode::CrossReplica => ids.iter().map(|&r| r * partitions + process.partition as usize).collect(),
        ProcessGroupMode::CrossPartition => ids.iter().map(|&p| process.replica as usize * partitions + p).collect(),
        ProcessGroupMode::CrossReplicaAndPartition => (0..partitions).flat_map(|p| ids.iter().map(move |&r| r * partitions + p)).collect(),
        ProcessGroupMode::FlattenedIds => ids.to_vec(),
    }
}

/// Checks that every id of `groups` names one of `mode`'s ids.
fn check_ids<'a>(mut ids: impl Iterator<Item = &'a i64>, attr: &str, mode: ProcessGroupMode, process: &Process) -> Result<(), String> {
    let (kind, count, _) = id_space(mode, process);
    match ids.find(|&&id| !(0..count as i64).contains(&id)) {
        Some(id) => Err(format!("{attr} name {kind} {id}, but there are {count} {}", plural(kind))),
        None => Ok(()),
    }
}

/// The plural of an id's kind.
fn plural(kind: &str) -> String {
    if kind.ends_with('s') { format!("{kind}es") } else { format!("{kind}s") }
}

/// This process's group under `groups` and `mode`: its members (flattened indices) in
/// order and this process's position among them; `None` when it is in no group.
pub fn process_group(groups: &[&[i64]], mode: ProcessGroupMode, process: &Process) -> Result<Option<(Vec<usize>, usize)>, String> {
    let (_, count, me) = id_space(mode, process);
    let ids: Vec<usize> = if groups.is_empty() {
        (0..count).collect()
    } else {
        check_ids(groups.iter().flat_map(|g| g.iter()), "replica_groups", mode, process)?;
        match groups.iter().find(|g| g.contains(&(me as i64))) {
            Some(group) => group.iter().map(|&id| id as usize).collect(),
            None => return Ok(None),
        }
    };
    let members = processes_of(&ids, mode, process);
    let position = members.iter().position(|&m| m == process.index()).unwrap_or(0);
    Ok(Some((members, position)))
}

/// [`process_group`] for a collective every process must take part in.
fn required_group(groups: &[&[i64]], mode: ProcessGroupMode, process: &Process) -> Result<(Vec<usize>, usize), String> {
    process_group(groups, mode, process)?.ok_or_else(|| {
        let (kind, _, me) = id_space(mode, process);
        format!("{kind} {me} is in none of the replica_groups")
    })
}

/// Hands `values` in as one tuple and returns every process's values, by flattened index.
fn exchange(cx: &OpCx, values: Vec<Value>) -> EvalResult<Vec<Vec<Value>>> {
    let process = &cx.interp.process;
    let contributions = process.exchange(Value::Tuple(values))?;
    if contributions.len() != process.count() {
        return Err(format!("{} processes contributed to a collective of {}", contributions.len(), process.count()).into());
    }
    Ok(contributions.into_iter().map(|c| if let Value::Tuple(values) = c { values } else { vec![c] }).collect())
}

/// The `i`-th tensors that the members of `group` contributed.
fn group_tensors<'v>(contributions: &'v [Vec<Value>], group: &[usize], i: usize) -> EvalResult<Vec<&'v Literal>> {
    group
        .iter()
        .map(|&member| {
            let value = contributions[member].get(i).ok_or_else(|| format!("process {member} contributed no operand {i}"))?;
            Ok(value.tensor()?)
        })
        .collect()
}

/// The operands as plain values.
fn values_of(operands: &[Rc<Value>]) -> Vec<Value> {
    operands.iter().map(|v| (**v).clone()).collect()
}

/// An attribute value that is a dimension index.
fn dimension(value: i64, name: &str) -> Result<usize, String> {
    usize::try_from(value).map_err(|_| format!("{name} = {value} is not a dimension"))
}

/// A `tensor<ui32>` holding `id`.
fn id_tensor(id: u32) -> Value {
    Literal::scalar(ElementType::U32, Scalar::Int(id as i128)).into()
}

pub(super) fn replica_id(cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![id_tensor(cx.interp.process.replica)])
}

pub(super) fn partition_id(cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![id_tensor(cx.interp.process.partition)])
}

pub(super) fn all_reduce(cx: &mut OpCx, op: AllReduceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let computation = op.computation(body);
    let contributions = exchange(cx, values_of(operands))?;
    let (group, _) = required_group(&op.replica_groups(body), op.process_group_mode(body), &cx.interp.process)?;
    let mut results = Vec::with_capacity(operands.len());
    for i in 0..operands.len() {
        let arrays = group_tensors(&contributions, &group, i)?;
        results.push(fold_arrays(cx, computation, &arrays)?.into());
    }
    Ok(results)
}

pub(super) fn all_gather(cx: &mut OpCx, op: AllGatherOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let dim = dimension(op.all_gather_dimension(body), "all_gather_dimension")?;
    let contributions = exchange(cx, values_of(operands))?;
    let (group, _) = required_group(&op.replica_groups(body), op.process_group_mode(body), &cx.interp.process)?;
    (0..operands.len()).map(|i| Ok(concatenate(&group_tensors(&contributions, &group, i)?, dim)?.into())).collect()
}

pub(super) fn reduce_scatter(cx: &mut OpCx, op: ReduceScatterOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let dim = dimension(op.scatter_dimension(body), "scatter_dimension")?;
    let contributions = exchange(cx, vec![tensor(operands, 0)?.clone().into()])?;
    let (group, position) = required_group(&op.replica_groups(body), op.process_group_mode(body), &cx.interp.process)?;
    let reduced = fold_arrays(cx, op.computation(body), &group_tensors(&contributions, &group, 0)?)?;
    let mut blocks = split(&reduced, dim, group.len())?;
    Ok(vec![blocks.swap_remove(position).into()])
}

pub(super) fn all_to_all(cx: &mut OpCx, op: AllToAllOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let split_dim = dimension(op.split_dimension(body), "split_dimension")?;
    let concat_dim = dimension(op.concat_dimension(body), "concat_dimension")?;
    let split_count = op.split_count(body);
    let contributions = exchange(cx, values_of(operands))?;
    let (group, position) = required_group(&op.replica_groups(body), op.process_group_mode(body), &cx.interp.process)?;
    if split_count != group.len() as i64 {
        return Err(format!("split_count is {split_count}, but the group of process {} has {} processes", cx.interp.process.index(), group.len()).into());
    }
    let mut results = Vec::with_capacity(operands.len());
    for i in 0..operands.len() {
        let mut received = Vec::with_capacity(group.len());
        for array in group_tensors(&contributions, &group, i)? {
            received.push(split(array, split_dim, group.len())?.swap_remove(position));
        }
        results.push(concatenate(&received.iter().collect::<Vec<_>>(), concat_dim)?.into());
    }
    Ok(results)
}

pub(super) fn collective_permute(cx: &mut OpCx, op: CollectivePermuteOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let (pairs, mode) = (op.source_target_pairs(body), op.process_group_mode(body));
    let operand = tensor(operands, 0)?;
    let contributions = exchange(cx, vec![operand.clone().into()])?;
    let process = &cx.interp.process;
    check_ids(pairs.iter().flat_map(|p| p.iter()), "source_target_pairs", mode, process)?;
    let (_, _, me) = id_space(mode, process);
    let source = pairs.iter().find(|pair| pair.get(1) == Some(&(me as i64))).map(|pair| pair[0] as usize);
    let result = match source {
        Some(source) => group_tensors(&contributions, &processes_of(&[source], mode, process), 0)?[0].clone(),
        None => zeros_like(operand),
    };
    Ok(vec![result.into()])
}

pub(super) fn collective_broadcast(cx: &mut OpCx, op: CollectiveBroadcastOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let data_count = op.data_operands(body).len();
    let (data, roots) = operands.split_at(data_count.min(operands.len()));
    let contributions = exchange(cx, values_of(data))?;
    let group = process_group(&op.replica_groups(body), op.process_group_mode(body), &cx.interp.process)?;
    let roots: Vec<i128> = match roots.first() {
        Some(roots) => {
            let roots = roots.tensor()?;
            (0..data_count).map(|j| int_of(roots.get(j))).collect::<Result<_, _>>()?
        }
        None => vec![0; data_count],
    };
    let mut results = Vec::with_capacity(data_count);
    for (j, &root) in roots.iter().enumerate() {
        let result = match &group {
            Some((members, _)) => {
                let member = usize::try_from(root).ok().and_then(|r| members.get(r)).ok_or_else(|| {
                    format!("the root of operand {j} is position {root}, but the group has {} processes", members.len())
                })?;
                group_tensors(&contributions, &[*member], j)?[0].clone()
            }
            None => zeros_like(tensor(data, j)?),
        };
        results.push(result.into());
    }
    Ok(results)
}

/// Zeros of `literal`'s element type and shape.
fn zeros_like(literal: &Literal) -> Literal {
    Literal::splat(literal.element, literal.shape.clone(), zero(literal.element))
}

/// The zero of `element`.
fn zero(element: ElementType) -> Scalar {
    match element {
        ElementType::Pred | ElementType::Int { .. } => Scalar::Int(0),
        ElementType::Float(_) => Scalar::Float(0.0),
        ElementType::Complex(_) => Scalar::Complex(0.0, 0.0),
    }
}
