//! Collectives across replicas: `hlo.replica_id`, `hlo.all_reduce`, `hlo.all_gather`,
//! `hlo.reduce_scatter`, `hlo.all_to_all` and `hlo.collective_permute`.
//!
//! Every collective hands its operand in to [`crate::collectives::Replica::exchange`], so
//! every replica receives every replica's contribution, then computes its own result from
//! the contributions of its group. All replicas exchange, whatever their group, so a
//! collective is one rendezvous of every replica (XLA's SPMD contract: all run the same
//! collectives in the same order); an op whose groups are wrong fails on every replica
//! after the exchange rather than leaving others waiting.
//!
//! Semantics kept from XLA:
//! - `replica_groups` partition the replicas; an empty list is one group of every replica
//!   in id order; a replica's position in its group orders the data (gathered blocks,
//!   scattered blocks, all-to-all blocks); a replica in no group, or an id that is not a
//!   replica, is an error;
//! - all-reduce combines the operands of the group's replicas element by element with the
//!   computation, in group order (see [`crate::ops::reducer`]); with several operands each
//!   is reduced on its own;
//! - all-gather concatenates the group's operands along `all_gather_dimension`;
//! - reduce-scatter all-reduces, splits the result into as many blocks as the group has
//!   replicas along `scatter_dimension`, and gives the replica at position `i` block `i`;
//! - all-to-all splits every operand into `split_count` blocks (the group size) along
//!   `split_dimension`, and the replica at position `i` concatenates block `i` of every
//!   group member, in group order, along `concat_dimension`;
//! - collective-permute gives every target the operand of its source; a replica that is no
//!   target gets zeros of the operand's shape;
//! - `channel_id` and `use_global_device_ids` change nothing: the interpreter runs one
//!   partition, where global device ids are replica ids.

use std::rc::Rc;

use xla_dialects::hlo::{AllGatherOp, AllReduceOp, AllToAllOp, CollectiveBroadcastOp, CollectivePermuteOp, ReduceScatterOp};
use xla_ir::Scalar;

use crate::collectives::Replica;
use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::blocks::{concatenate, split};
use crate::ops::reducer::fold_arrays;
use crate::ops::support::tensor;
use crate::value::Value;

/// This replica's group under `groups` (its members' ids in order) and its position in it.
pub fn group_of(groups: &[&[i64]], replica: &Replica) -> Result<(Vec<usize>, usize), String> {
    let count = replica.count as usize;
    if groups.is_empty() {
        return Ok(((0..count).collect(), replica.id as usize));
    }
    for group in groups {
        for &id in group.iter() {
            if !(0..count as i64).contains(&id) {
                return Err(format!("replica_groups name replica {id}, but there are {count} replicas"));
            }
        }
    }
    let me = replica.id as i64;
    let group = groups.iter().find(|g| g.contains(&me)).ok_or_else(|| format!("replica {me} is in none of the replica_groups"))?;
    let position = group.iter().position(|&id| id == me).unwrap_or(0);
    Ok((group.iter().map(|&id| id as usize).collect(), position))
}

/// Hands `value` in and returns every replica's contribution, in replica order.
fn exchange(cx: &OpCx, value: Value) -> EvalResult<Vec<Value>> {
    let contributions = cx.interp.replica.exchange(value)?;
    if contributions.len() != cx.interp.replica.count as usize {
        return Err(format!("{} replicas contributed to a collective of {}", contributions.len(), cx.interp.replica.count).into());
    }
    Ok(contributions)
}

/// The tensors that the members of `group` contributed.
fn group_tensors<'v>(contributions: &'v [Value], group: &[usize]) -> EvalResult<Vec<&'v Literal>> {
    group.iter().map(|&id| Ok(contributions[id].tensor()?)).collect()
}

/// An attribute value that is a dimension index.
fn dimension(value: i64, name: &str) -> Result<usize, String> {
    usize::try_from(value).map_err(|_| format!("{name} = {value} is not a dimension"))
}

pub(super) fn replica_id(cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![Literal::scalar(ElementType::U32, Scalar::Int(cx.interp.replica.id as i128)).into()])
}

pub(super) fn all_reduce(cx: &mut OpCx, op: AllReduceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let computation = op.computation(body);
    let contributions = exchange(cx, Value::Tuple(operands.iter().map(|v| (**v).clone()).collect()))?;
    let (group, _) = group_of(&op.replica_groups(body), &cx.interp.replica)?;
    let mut results = Vec::with_capacity(operands.len());
    for i in 0..operands.len() {
        let arrays = group
            .iter()
            .map(|&id| {
                let values = contributions[id].tuple()?;
                values.get(i).ok_or_else(|| format!("replica {id} contributed no operand {i}"))?.tensor()
            })
            .collect::<Result<Vec<&Literal>, String>>()?;
        results.push(fold_arrays(cx, computation, &arrays)?.into());
    }
    Ok(results)
}

pub(super) fn all_gather(cx: &mut OpCx, op: AllGatherOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let dim = dimension(op.all_gather_dimension(body), "all_gather_dimension")?;
    let contributions = exchange(cx, tensor(operands, 0)?.clone().into())?;
    let (group, _) = group_of(&op.replica_groups(body), &cx.interp.replica)?;
    Ok(vec![concatenate(&group_tensors(&contributions, &group)?, dim)?.into()])
}

pub(super) fn reduce_scatter(cx: &mut OpCx, op: ReduceScatterOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let dim = dimension(op.scatter_dimension(body), "scatter_dimension")?;
    let contributions = exchange(cx, tensor(operands, 0)?.clone().into())?;
    let (group, position) = group_of(&op.replica_groups(body), &cx.interp.replica)?;
    let reduced = fold_arrays(cx, op.computation(body), &group_tensors(&contributions, &group)?)?;
    let mut blocks = split(&reduced, dim, group.len())?;
    Ok(vec![blocks.swap_remove(position).into()])
}

pub(super) fn all_to_all(cx: &mut OpCx, op: AllToAllOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let split_dim = dimension(op.split_dimension(body), "split_dimension")?;
    let concat_dim = dimension(op.concat_dimension(body), "concat_dimension")?;
    let split_count = op.split_count(body);
    let contributions = exchange(cx, tensor(operands, 0)?.clone().into())?;
    let (group, position) = group_of(&op.replica_groups(body), &cx.interp.replica)?;
    if split_count != group.len() as i64 {
        return Err(format!("split_count is {split_count}, but the group of replica {} has {} replicas", cx.interp.replica.id, group.len()).into());
    }
    let mut received = Vec::with_capacity(group.len());
    for array in group_tensors(&contributions, &group)? {
        received.push(split(array, split_dim, group.len())?.swap_remove(position));
    }
    Ok(vec![concatenate(&received.iter().collect::<Vec<_>>(), concat_dim)?.into()])
}

pub(super) fn collective_permute(cx: &mut OpCx, op: CollectivePermuteOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let pairs = op.source_target_pairs(cx.body());
    let me = cx.interp.replica.id as i64;
    let source = pairs.iter().find(|pair| pair.get(1) == Some(&me)).map(|pair| pair[0]);
    receive(cx, operands, pairs.iter().flat_map(|p| p.iter().copied()), "source_target_pairs", source)
}

pub(super) fn collective_broadcast(cx: &mut OpCx, op: CollectiveBroadcastOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let groups = op.replica_groups(cx.body());
    let me = cx.interp.replica.id as i64;
    // No groups is one group of every replica, whose first is replica 0.
    let source = if groups.is_empty() { Some(0) } else { groups.iter().find(|g| g.contains(&me)).and_then(|g| g.first().copied()) };
    receive(cx, operands, groups.iter().flat_map(|g| g.iter().copied()), "replica_groups", source)
}

/// The result of a collective that hands each replica the operand of replica `source`, or
/// zeros when it has none; `named` are the replica ids the attribute `attr` names, each of
/// which must exist.
fn receive(cx: &mut OpCx, operands: &[Rc<Value>], mut named: impl Iterator<Item = i64>, attr: &str, source: Option<i64>) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let contributions = exchange(cx, operand.clone().into())?;
    let count = cx.interp.replica.count as i64;
    if let Some(id) = named.find(|id| !(0..count).contains(id)) {
        return Err(format!("{attr} name replica {id}, but there are {count} replicas").into());
    }
    let result = match source {
        Some(source) => contributions[source as usize].tensor()?.clone(),
        None => Literal::splat(operand.element, operand.shape.clone(), zero(operand.element)),
    };
    Ok(vec![result.into()])
}

/// The zero of `element`.
fn zero(element: ElementType) -> Scalar {
    match element {
        ElementType::Pred | ElementType::Int { .. } => Scalar::Int(0),
        ElementType::Float(_) => Scalar::Float(0.0),
        ElementType::Complex(_) => Scalar::Complex(0.0, 0.0),
    }
}
