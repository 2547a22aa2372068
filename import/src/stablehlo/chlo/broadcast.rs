//! Expansion of chlo's `broadcast_*` ops: each operand is broadcast explicitly to the result's
//! shape with `hlo.broadcast_in_dim` (operand dimension `i` maps to
//! `broadcast_dimensions[i]`, or, without that attribute, numpy's trailing alignment: the
//! last dimensions of the result), then the plain op applies. Degenerate (size 1)
//! dimensions stretch as `broadcast_in_dim` allows.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, TensorType, Type, TypeData, ValueId};

use super::super::attr_text::{enum_value, int_list_attr};
use super::emit::Emitter;
use super::next_after::next_after;

/// The op a `broadcast_*` op applies once its operands are broadcast.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Broadcasting {
    /// An elementwise binary hlo op.
    Binary(HloOpKind),
    /// `hlo.compare`, with the chlo op's direction and type.
    Compare,
    /// `hlo.select` of three operands.
    Select,
    /// chlo's `next_after`.
    NextAfter,
}

/// `broadcast_OP(a, b) = OP(broadcast_in_dim(a), broadcast_in_dim(b))` (three operands for
/// `select`), with `applied` as OP.
pub(crate) fn broadcast(em: &mut Emitter, applied: Broadcasting, operands: &[ValueId], expected: &[Type]) -> Result<ValueId, Diagnostic> {
    let ctx = em.ctx();
    let result = *expected.first().ok_or_else(|| em.error("needs a result"))?;
    let result_dims = ctx.as_tensor(result).map(|t| t.dims.clone()).ok_or_else(|| em.error("needs a tensor result"))?;
    let body = &*em.b.body;
    let explicit = body.attr(em.op, "broadcast_dimensions").map(|a| int_list_attr(ctx, a));
    let explicit = match explicit {
        Some(None) => return Err(em.error("attribute 'broadcast_dimensions' must be a list of integers")),
        Some(Some(dims)) => Some(dims),
        None => None,
    };
    let direction = body.attr(em.op, "comparison_direction").map(|a| enum_value(ctx, a, "comparison_direction"));
    let compare_type = body.attr(em.op, "compare_type").and_then(|a| enum_value(ctx, a, "comparison_type"));
    let mut values = Vec::new();
    for &v in operands {
        let t = em.tensor(v)?;
        let target = ctx.ty(TypeData::Tensor(TensorType { dims: result_dims.clone(), element: t.element, layout: None }));
        if em.ty(v) == target {
            values.push(v);
            continue;
        }
        let rank = t.dims.len();
        let dims: Vec<i64> = match &explicit {
            Some(dims) if rank < result_dims.len() => dims.clone(),
            _ => {
                let offset = result_dims.len().checked_sub(rank).ok_or_else(|| em.error("has an operand of higher rank than its result"))?;
                (offset..result_dims.len()).map(|d| d as i64).collect()
            }
        };
        let attr = ctx.i64_array_attr(&dims);
        values.push(em.one(HloOpKind::BroadcastInDim, &[v], &[("broadcast_dimensions", attr)], Some(target))?);
    }
    match applied {
        Broadcasting::Select => em.select(values[0], values[1], values[2]),
        Broadcasting::Compare => {
            let direction = direction
                .flatten()
                .ok_or_else(|| em.error("requires attribute 'comparison_direction' (#chlo<comparison_direction ...>)"))?;
            em.compare(&direction, values[0], values[1], compare_type.as_deref())
        }
        Broadcasting::NextAfter => next_after(em, values[0], values[1]),
        Broadcasting::Binary(kind) => em.binary(kind, values[0], values[1]),
    }
}
