//! Canonicalizations of `hlo.pad`, `hlo.slice` and `hlo.concatenate`, the ops that cut and
//! join tensors. Each is exact: it only removes copies of elements that end up in the same
//! place.
//!
//! - `pad-identity`: a pad of zero low, high and interior padding is its operand;
//! - `slice-identity`: a slice that starts at 0 in every dimension and has its operand's
//!   type takes every element in order, so it is its operand;
//! - `slice-of-pad`: a slice that only takes elements of a pad's operand (the padding has no
//!   interior, and the slice stays inside the operand's part of the padded tensor in every
//!   dimension) is a slice of the operand, shifted by the low padding;
//! - `concatenate-drop-empty`: operands with no elements along the concatenated dimension
//!   contribute nothing and are dropped, and a concatenation of one operand is that operand.
//!
//! Invariant: an op is replaced only by a value of its result's type.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState};

use super::{ConcatenateOp, PadOp, SliceOp};

/// See the module documentation.
pub struct PadIdentity;
/// See the module documentation.
pub struct SliceIdentity;
/// See the module documentation.
pub struct SliceOfPad;
/// See the module documentation.
pub struct ConcatenateDropEmpty;

/// The pattern instance canonicalization uses.
pub static PAD_IDENTITY: PadIdentity = PadIdentity;
/// The pattern instance canonicalization uses.
pub static SLICE_IDENTITY: SliceIdentity = SliceIdentity;
/// The pattern instance canonicalization uses.
pub static SLICE_OF_PAD: SliceOfPad = SliceOfPad;
/// The pattern instance canonicalization uses.
pub static CONCATENATE_DROP_EMPTY: ConcatenateDropEmpty = ConcatenateDropEmpty;

/// Replaces `op` by its operand `i` when that has the result's type.
fn forward_operand(rewriter: &mut Rewriter, op: OpId, i: usize) -> Result<(), &'static str> {
    let body = &rewriter.body;
    let operand = body.operand(op, i);
    if body.value_type(operand) != body.value_type(body.result(op, 0)) {
        return Err("the operand's type differs from the result's");
    }
    rewriter.replace_op(op, &[operand]);
    Ok(())
}

impl RewritePattern for PadIdentity {
    fn name(&self) -> &'static str {
        "pad-identity"
    }

    fn identity(&self) -> &'static str {
        "pad(x, v, low = 0, high = 0, interior = 0) == x"
    }

    fn root(&self) -> Option<&'static str> {
        Some(PadOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let pad = PadOp::from_id_unchecked(op);
        let amounts = [pad.edge_padding_low(body), pad.edge_padding_high(body), pad.interior_padding(body)];
        if amounts.iter().any(|a| a.iter().any(|&n| n != 0)) {
            return Err("the pad adds or removes elements");
        }
        forward_operand(rewriter, op, 0)
    }
}

impl RewritePattern for SliceIdentity {
    fn name(&self) -> &'static str {
        "slice-identity"
    }

    fn identity(&self) -> &'static str {
        "slice(x, start = 0) : T == x when x : T"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SliceOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let slice = SliceOp::from_id_unchecked(op);
        // With the operand's shape, a slice from 0 takes every index: two or more indices
        // fit only with stride 1, and one index is index 0 whatever the stride.
        if slice.start_indices(body).iter().any(|&s| s != 0) {
            return Err("the slice does not start at 0");
        }
        forward_operand(rewriter, op, 0)
    }
}

impl RewritePattern for SliceOfPad {
    fn name(&self) -> &'static str {
        "slice-of-pad"
    }

    fn identity(&self) -> &'static str {
        "slice(pad(x, low, interior = 0), start, limit) == slice(x, start - low, limit - low) when the slice takes no padding"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SliceOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let slice = SliceOp::from_id_unchecked(op);
        let pad = body.defining_op(slice.operand(body)).and_then(|p| PadOp::cast(body, p)).ok_or("the operand is not a pad")?;
        let source = pad.operand(body);
        let shape = ctx.as_tensor(body.value_type(source)).and_then(|t| t.static_shape()).ok_or("the pad's operand shape is not static")?;
        if pad.interior_padding(body).iter().any(|&n| n != 0) {
            return Err("the pad has interior padding");
        }
        let low = pad.edge_padding_low(body);
        let (starts, limits) = (slice.start_indices(body), slice.limit_indices(body));
        if low.len() != shape.len() || starts.len() != shape.len() || limits.len() != shape.len() {
            return Err("the attributes do not fit the rank");
        }
        let mut new_starts = Vec::with_capacity(shape.len());
        let mut new_limits = Vec::with_capacity(shape.len());
        for d in 0..shape.len() {
            let (start, limit) = (starts[d] - low[d], limits[d] - low[d]);
            if start < 0 || limit > shape[d] || start > limit {
                return Err("the slice takes padding");
            }
            new_starts.push(start);
            new_limits.push(limit);
        }
        let mut state = OpState::new(body.op(op).name, body.op(op).location);
        state.operands = vec![source];
        state.result_types = vec![body.value_type(slice.result(body))];
        state.attributes = body.op(op).attributes.clone();
        state.set_attr(ctx.symbol("start_indices"), ctx.i64_array_attr(&new_starts));
        state.set_attr(ctx.symbol("limit_indices"), ctx.i64_array_attr(&new_limits));
        let new = rewriter.create_before(op, state);
        let value = rewriter.body.result(new, 0);
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}

impl RewritePattern for ConcatenateDropEmpty {
    fn name(&self) -> &'static str {
        "concatenate-drop-empty"
    }

    fn identity(&self) -> &'static str {
        "concatenate(a, e, b) == concatenate(a, b) when e has no elements along the dimension; concatenate(a) == a"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ConcatenateOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let concatenate = ConcatenateOp::from_id_unchecked(op);
        let dimension = usize::try_from(concatenate.dimension(body)).map_err(|_| "the dimension is negative")?;
        let inputs = body.op(op).operands.clone();
        let is_empty = |v| {
            ctx.as_tensor(body.value_type(v))
                .and_then(|t| t.dims.get(dimension).copied())
                .is_some_and(|d| d == xla_ir::Dim::Static(0))
        };
        let kept: Vec<_> = inputs.iter().copied().filter(|&v| !is_empty(v)).collect();
        if kept.len() == 1 {
            let only = inputs.iter().position(|&v| v == kept[0]).ok_or("the kept operand is an operand")?;
            return forward_operand(rewriter, op, only);
        }
        if kept.is_empty() || kept.len() == inputs.len() {
            return Err("no operand can be dropped");
        }
        rewriter.body.set_operands(op, kept);
        rewriter.changed.extend(inputs.iter().filter_map(|&v| rewriter.body.defining_op(v)));
        Ok(())
    }
}
