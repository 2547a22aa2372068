//! `hlo.broadcast_in_dim`: XLA's `BroadcastInDim`, which maps each operand dimension to a
//! result dimension and repeats the data along the others.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::shape::merge_dim;
use xla_ir::{Diagnostic, Dim, Op, OpRef};
use xla_macros::op;

use super::dot_general::dim_to_string;

/// Broadcasts a tensor to a larger shape, mapping operand dimension `i` to result dimension
/// `broadcast_dimensions[i]`.
///
/// Each operand dimension has size 1 (and is repeated) or the size of the result dimension
/// it maps to; the result dimensions no operand dimension maps to are new. The result type
/// is given, not inferred, since the new dimensions' sizes appear nowhere else.
///
/// Example: `%0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>`
#[op(
    name = "hlo.broadcast_in_dim",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    verify = verify_broadcast_in_dim,
    patterns = [BROADCAST_IN_DIM_TO_RESHAPE, super::reshape_patterns::BROADCAST_IN_DIM_OF_UNIT_RESHAPE],
    format = "$operand `,` `dims` `=` $broadcast_dimensions attr-dict `:` functional-type(operands, results)"
)]
pub struct BroadcastInDimOp {
    #[operand]
    operand: AnyTensor,
    /// The result dimension each operand dimension maps to.
    #[attr]
    broadcast_dimensions: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// Checks `broadcast_dimensions` against the operand and result: one entry per operand
/// dimension, each a distinct result dimension whose size the operand dimension matches or
/// broadcasts from 1; equal element types.
pub fn verify_broadcast_in_dim(op: OpRef) -> Result<(), Diagnostic> {
    let broadcast = BroadcastInDimOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let tensor = |v| ctx.as_tensor(op.body.value_type(v));
    let (Some(operand), Some(result)) = (tensor(broadcast.operand(op.body)), tensor(broadcast.result(op.body))) else {
        return Err(op.error("operand and result must be tensors"));
    };
    if operand.element != result.element {
        return Err(op.error(format!(
            "the result element type {} differs from the operand element type {}",
            ctx.type_to_string(result.element),
            ctx.type_to_string(operand.element)
        )));
    }
    let dims = broadcast.broadcast_dimensions(op.body);
    if dims.len() != operand.dims.len() {
        return Err(op.error(format!(
            "broadcast_dimensions has {} entries, but the operand has rank {}",
            dims.len(),
            operand.dims.len()
        )));
    }
    let result_rank = result.dims.len();
    let mut used = vec![false; result_rank];
    for (i, &d) in dims.iter().enumerate() {
        let index = usize::try_from(d).ok().filter(|&d| d < result_rank).ok_or_else(|| {
            op.error(format!("broadcast_dimensions[{i}] = {d} is out of range for a result of rank {result_rank}"))
        })?;
        if std::mem::replace(&mut used[index], true) {
            return Err(op.error(format!("broadcast_dimensions maps two operand dimensions to result dimension {d}")));
        }
    }
    for (i, (&d, &operand_dim)) in dims.iter().zip(&operand.dims).enumerate() {
        let result_dim = result.dims[d as usize];
        if operand_dim != Dim::Static(1) && merge_dim(operand_dim, result_dim).is_none() {
            return Err(op.error(format!(
                "operand dimension {i} has size {}, which is neither 1 nor the size {} of result dimension {d}",
                dim_to_string(operand_dim),
                dim_to_string(result_dim)
            )));
        }
    }
    Ok(())
}


/// The canonicalization `broadcast-in-dim-to-reshape`: a broadcast that only inserts
/// dimensions of size 1 and keeps the operand's dimensions in order moves no data, so it is
/// a reshape (XLA's algebraic simplifier does the same), and HLO text spells it that way.
///
/// `broadcast_in_dim(x: [n, m], dims = [0, 2]) : [n, 1, m] == reshape(x) : [n, 1, m]`
pub struct BroadcastInDimToReshape;

/// The pattern instance canonicalization uses.
pub static BROADCAST_IN_DIM_TO_RESHAPE: BroadcastInDimToReshape = BroadcastInDimToReshape;

impl xla_ir::rewrite::RewritePattern for BroadcastInDimToReshape {
    fn name(&self) -> &'static str {
        "broadcast-in-dim-to-reshape"
    }

    fn identity(&self) -> &'static str {
        "broadcast_in_dim(x, increasing dims) == reshape(x) when only size-1 dimensions are added"
    }

    fn root(&self) -> Option<&'static str> {
        Some("hlo.broadcast_in_dim")
    }

    fn match_and_rewrite(&self, rewriter: &mut xla_ir::rewrite::Rewriter, op: xla_ir::OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let operand = body.operand(op, 0);
        let result_type = body.value_type(body.result(op, 0));
        let (Some(from), Some(to)) = (ctx.as_tensor(body.value_type(operand)), ctx.as_tensor(result_type)) else {
            return Err("operand or result is not a ranked tensor");
        };
        let (Some(from), Some(to)) = (from.static_shape(), to.static_shape()) else {
            return Err("a shape is not static");
        };
        let dims = body.attr(op, "broadcast_dimensions").and_then(|a| ctx.as_int_array(a)).ok_or("no broadcast_dimensions")?;
        if dims.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the dimensions are reordered: that is a transpose");
        }
        let mapped: Vec<bool> = (0..to.len() as i64).map(|d| dims.contains(&d)).collect();
        let same_sizes = dims.iter().zip(&from).all(|(&d, &n)| usize::try_from(d).ok().and_then(|d| to.get(d)) == Some(&n));
        let only_unit_added = to.iter().zip(&mapped).all(|(&n, &m)| m || n == 1);
        if !same_sizes || !only_unit_added {
            return Err("the broadcast replicates data");
        }
        let mut state = xla_ir::OpState::new(ctx.symbol(super::ReshapeOp::DEF.name), body.op(op).location);
        state.operands = vec![operand];
        state.result_types = vec![result_type];
        let reshape = rewriter.create_before(op, state);
        let value = rewriter.body.result(reshape, 0);
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder};

    #[test]
    fn maps_operand_dims_into_the_given_result_type() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[1, 3], f32)]);
        let result_type = ctx.tensor_type(&[2, 4, 3], f32);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let broadcast = BroadcastInDimOp::build(&mut b, args[0], &[1, 2], result_type).expect("no inference to fail");
        assert_eq!(body.value_type(broadcast.result(&body)), result_type);
        assert_eq!(broadcast.broadcast_dimensions(&body), &[1, 2]);
        assert_eq!(broadcast.operand(&body), args[0]);
        assert!(verify(&body, broadcast).is_ok());
    }

    #[test]
    fn bad_mappings_are_rejected_by_name() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let result = ctx.tensor_type(&[2, 3, 4], f32);
        let cases: [(&[i64], _, &str); 5] = [
            (&[0], result, "broadcast_dimensions has 1 entries, but the operand has rank 2"),
            (&[0, 3], result, "broadcast_dimensions[1] = 3 is out of range for a result of rank 3"),
            (&[1, 1], result, "broadcast_dimensions maps two operand dimensions to result dimension 1"),
            (&[0, 2], result, "operand dimension 1 has size 3, which is neither 1 nor the size 4 of result dimension 2"),
            (
                &[0, 1],
                ctx.tensor_type(&[2, 3], ctx.int_type(32)),
                "the result element type i32 differs from the operand element type f32",
            ),
        ];
        let ops: Vec<_> = cases
            .iter()
            .map(|(dims, ty, _)| BroadcastInDimOp::build(&mut b, args[0], dims, *ty).expect("built unchecked"))
            .collect();
        for (op, (_, _, message)) in ops.into_iter().zip(cases) {
            assert_eq!(verify_error(&body, op), message);
        }
    }
}
