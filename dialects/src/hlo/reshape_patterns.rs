//! Canonicalizations of reshape chains. Each is exact: a reshape moves no data, it only
//! renames the dimensions of a row-major buffer.
//!
//! - `reshape-identity`: `reshape(x) : T == x` when `x` has type `T`;
//! - `reshape-of-reshape`: `reshape(reshape(x)) == reshape(x)`;
//! - `broadcast-in-dim-of-unit-reshape`: `broadcast_in_dim(reshape(x), dims)` where the
//!   reshape only inserts size-1 dimensions `== broadcast_in_dim(x, dims')`, with `dims'` the
//!   entries of `dims` for `x`'s own dimensions (the inserted ones were broadcast anyway).

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
        "broadcast_in_dim(reshape(x), dims) == broadcast_in_dim(x, dims of x's own dimensions) when the reshape only inserts size-1 dimensions"
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
        let (Some(from), Some(to)) = (shape_of(source), shape_of(body.operand(op, 0))) else {
            return Err("a shape is not static");
        };
        // Match the source's dimensions, in order, to the reshaped ones; every unmatched
        // reshaped dimension must be an inserted 1.
        let mut kept = Vec::with_capacity(from.len());
        let mut next = 0;
        for (j, &size) in to.iter().enumerate() {
            if next < from.len() && from[next] == size && (size != 1 || to.len() - j <= from.len() - next) {
                kept.push(j);
                next += 1;
            } else if size != 1 {
                return Err("the reshape does more than insert size-1 dimensions");
            }
        }
        if next != from.len() {
            return Err("the reshape does more than insert size-1 dimensions");
        }
        let dims = body.attr(op, "broadcast_dimensions").and_then(|a| ctx.as_int_array(a)).ok_or("no broadcast_dimensions")?;
        let new_dims: Vec<i64> = kept.iter().map(|&j| dims[j]).collect();
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
