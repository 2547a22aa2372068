//! Canonicalizations of reshape chains. Each is exact: a reshape moves no data, it only
//! renames the dimensions of a row-major buffer.
//!
//! - `reshape-identity`: `reshape(x) : T == x` when `x` has type `T`;
//! - `reshape-of-reshape`: `reshape(reshape(x)) == reshape(x)`;
//! - `broadcast-in-dim-of-unit-reshape`: `broadcast_in_dim(reshape(x), dims)` where the
//!   reshape only inserts or removes size-1 dimensions `== broadcast_in_dim(x, dims')`. Each
//!   dimension of `x` larger than 1 keeps the entry of `dims` of the reshaped dimension it
//!   became (the inserted size-1 dimensions were broadcast anyway). A size-1 dimension of `x`
//!   takes the entry of a size-1 reshaped dimension in the same place when there is one, and
//!   otherwise any result dimension that no other dimension maps to, between the entries of
//!   its neighbours so that the order of `dims` is kept: a size-1 dimension broadcasts to
//!   whatever result dimension it maps to, so every choice reads the same element.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState};

use super::{BroadcastInDimOp, ReshapeOp};

/// See the module documentation.
pub struct ReshapeIdentity;
/// See the module documentation.
pub struct ReshapeOfReshape;
/// See the module documentation.
pub struct BroadcastInDimOfUnitReshape;

pub static RESHAPE_IDENTITY: ReshapeIdentity = ReshapeIdentity;
pub static RESHAPE_OF_RESHAPE: ReshapeOfReshape = ReshapeOfReshape;
pub static BROADCAST_IN_DIM_OF_UNIT_RESHAPE: BroadcastInDimOfUnitReshape = BroadcastInDimOfUnitReshape;

impl RewritePattern for ReshapeIdentity {
    fn name(&self) -> &'static str {
        "reshape-identity"
    }

    fn identity(&self) -> &'static str {
        "reshape(x) : T == x when x : T"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ReshapeOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let operand = body.operand(op, 0);
        if body.value_type(operand) != body.value_type(body.result(op, 0)) {
            return Err("the reshape changes the type");
        }
        rewriter.replace_op(op, &[operand]);
        Ok(())
    }
}

impl RewritePattern for ReshapeOfReshape {
    fn name(&self) -> &'static str {
        "reshape-of-reshape"
    }

    fn identity(&self) -> &'static str {
        "reshape(reshape(x)) == reshape(x)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ReshapeOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let inner = body.defining_op(body.operand(op, 0)).ok_or("the operand is not an op's result")?;
        if body.op_name(inner) != ReshapeOp::DEF.name {
            return Err("the operand is not a reshape");
        }
        let source = body.operand(inner, 0);
        rewriter.set_operand(op, 0, source);
        Ok(())
    }
}

impl RewritePattern for BroadcastInDimOfUnitReshape {
    fn name(&self) -> &'static str {
        "broadcast-in-dim-of-unit-reshape"
    }

    fn identity(&self) -> &'static str {
        "broadcast_in_dim(reshape(x), dims) == broadcast_in_dim(x, dims') when the reshape only inserts or removes size-1 dimensions"
    }

    fn root(&self) -> Option<&'static str> {
        Some(BroadcastInDimOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let reshape = body.defining_op(body.operand(op, 0)).ok_or("the operand is not an op's result")?;
        if body.op_name(reshape) != ReshapeOp::DEF.name {
            return Err("the operand is not a reshape");
        }
        let source = body.operand(reshape, 0);
        let shape_of = |v| ctx.as_tensor(body.value_type(v)).and_then(|t| t.static_shape());
        let (Some(from), Some(to), Some(out)) = (shape_of(source), shape_of(body.operand(op, 0)), shape_of(body.result(op, 0)))
        else {
            return Err("a shape is not static");
        };
        let dims = body.attr(op, "broadcast_dimensions").and_then(|a| ctx.as_int_array(a)).ok_or("no broadcast_dimensions")?;
        if dims.len() != to.len() {
            return Err("broadcast_dimensions does not fit the operand");
        }
        let new_dims = unit_reshape_dims(&from, &to, dims, out.len())?;
        let mut state = OpState::new(body.op(op).name, body.op(op).location);
        state.operands = vec![source];
        state.result_types = vec![body.value_type(body.result(op, 0))];
        state.attributes = body.op(op).attributes.clone();
        state.set_attr(ctx.symbol("broadcast_dimensions"), ctx.i64_array_attr(&new_dims));
        let new = rewriter.create_before(op, state);
        let value = rewriter.body.result(new, 0);
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}

/// The `broadcast_dimensions` of `x: from` for a broadcast of `reshape(x): to` with `dims`
/// to a result of rank `rank`, when the reshape only inserts or removes size-1 dimensions
/// (see the module documentation).
fn unit_reshape_dims(from: &[i64], to: &[i64], dims: &[i64], rank: usize) -> Result<Vec<i64>, &'static str> {
    let large = |shape: &[i64]| shape.iter().enumerate().filter(|(_, &n)| n != 1).map(|(i, _)| i).collect::<Vec<usize>>();
    let (from_large, to_large) = (large(from), large(to));
    let sizes = |shape: &[i64], indices: &[usize]| indices.iter().map(|&i| shape[i]).collect::<Vec<i64>>();
    if sizes(from, &from_large) != sizes(to, &to_large) {
        return Err("the reshape does more than insert or remove size-1 dimensions");
    }
    let mut new_dims: Vec<Option<i64>> = vec![None; from.len()];
    // The reshaped dimension each dimension of `x` larger than 1 became.
    let mut became: Vec<Option<usize>> = vec![None; from.len()];
    for (&i, &j) in from_large.iter().zip(&to_large) {
        became[i] = Some(j);
        new_dims[i] = Some(dims[j]);
    }
    // Size-1 dimensions of `x`, in order, to the size-1 reshaped dimensions left in their gap.
    let mut cursor = 0;
    for i in 0..from.len() {
        if let Some(j) = became[i] {
            cursor = j + 1;
            continue;
        }
        let end = became[i..].iter().flatten().next().copied().unwrap_or(to.len());
        if let Some(j) = (cursor..end).find(|&j| to[j] == 1) {
            new_dims[i] = Some(dims[j]);
            cursor = j + 1;
        }
    }
    // The rest to a free result dimension between their neighbours' entries.
    let mut chosen = Vec::with_capacity(from.len());
    for i in 0..from.len() {
        if let Some(d) = new_dims[i] {
            chosen.push(d);
            continue;
        }
        let low = chosen.last().copied().unwrap_or(-1);
        let high = new_dims[i..].iter().flatten().next().copied().unwrap_or(rank as i64);
        let taken = |d: i64| new_dims.iter().flatten().any(|&t| t == d) || chosen.contains(&d);
        let free = (low + 1..high).find(|&d| !taken(d)).ok_or("no free result dimension keeps the order of the dimensions")?;
        chosen.push(free);
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::unit_reshape_dims;

    #[test]
    fn inserted_unit_dimensions_drop_their_entries() {
        assert_eq!(unit_reshape_dims(&[8], &[1, 1, 1, 8], &[0, 1, 2, 3], 4), Ok(vec![3]));
        assert_eq!(unit_reshape_dims(&[4, 1], &[4, 1, 1], &[0, 1, 2], 3), Ok(vec![0, 1]));
    }

    #[test]
    fn removed_unit_dimensions_take_a_free_result_dimension() {
        assert_eq!(unit_reshape_dims(&[8, 1], &[8], &[0], 2), Ok(vec![0, 1]));
        assert_eq!(unit_reshape_dims(&[1, 8], &[8], &[1], 2), Ok(vec![0, 1]));
        assert_eq!(unit_reshape_dims(&[1, 8, 1], &[1, 8], &[0, 2], 4), Ok(vec![0, 2, 3]));
        assert!(unit_reshape_dims(&[1, 8], &[8], &[0], 2).is_err(), "no free dimension before 0");
    }

    #[test]
    fn regrouping_is_not_a_unit_reshape() {
        assert!(unit_reshape_dims(&[6], &[2, 3], &[0, 1], 2).is_err());
        assert!(unit_reshape_dims(&[2, 3], &[3, 2], &[0, 1], 2).is_err());
    }
}
