//! `hlo.broadcast`: XLA's `Broadcast`, which adds new major dimensions to a tensor.
//!
//! Shape rule (operation semantics): the result's dimensions are `broadcast_sizes` followed
//! by the operand's dimensions.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::{Dim, Type};
use xla_macros::op;

use super::shape_checks::tensor;

/// Adds major dimensions of the given sizes to a tensor, repeating its data along them.
///
/// XLA's `Broadcast`: the result has the dimensions `broadcast_sizes`, then the operand's,
/// and `result[i0, ..., ik, j0, ..., jn] = operand[j0, ..., jn]`. For any other mapping of
/// operand dimensions to result dimensions, see `hlo.broadcast_in_dim`.
///
/// Example: `%0 = hlo.broadcast %x, sizes = [2, 3] : (tensor<4xf32>) -> tensor<2x3x4xf32>`
#[op(
    name = "hlo.broadcast",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_broadcast,
    format = "$operand `,` `sizes` `=` $broadcast_sizes attr-dict `:` functional-type(operands, results)"
)]
pub struct BroadcastOp {
    #[operand]
    operand: AnyTensor,
    /// The sizes of the new major dimensions.
    #[attr]
    broadcast_sizes: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.broadcast`.
pub fn infer_broadcast(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let sizes = cx.i64_array("broadcast_sizes")?;
    let mut dims = Vec::with_capacity(sizes.len() + operand.dims.len());
    for (i, &size) in sizes.iter().enumerate() {
        if size < 0 {
            return Err(format!("broadcast_sizes[{i}] = {size} must be non-negative"));
        }
        dims.push(Dim::Static(size));
    }
    dims.extend_from_slice(&operand.dims);
    Ok(vec![tensor(cx.ctx, dims, operand.element)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder};

    #[test]
    fn prepends_the_new_dimensions() {
        let ctx = context();
        let i32 = ctx.int_type(32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4], i32), ctx.tensor_type(&[], i32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let vector = BroadcastOp::build(&mut b, args[0], &[2, 3]).expect("valid sizes");
        let scalar = BroadcastOp::build(&mut b, args[1], &[0, 5]).expect("valid sizes");
        let nothing = BroadcastOp::build(&mut b, args[0], &[]).expect("valid sizes");
        assert_eq!(body.value_type(vector.result(&body)), ctx.tensor_type(&[2, 3, 4], i32));
        assert_eq!(body.value_type(scalar.result(&body)), ctx.tensor_type(&[0, 5], i32));
        assert_eq!(body.value_type(nothing.result(&body)), ctx.tensor_type(&[4], i32));
        assert_eq!(vector.broadcast_sizes(&body), &[2, 3]);
        assert!(verify(&body, vector).is_ok());
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let error = BroadcastOp::build(&mut b, args[0], &[2, -1]).expect_err("negative size").message;
        assert_eq!(error, "'hlo.broadcast' op broadcast_sizes[1] = -1 must be non-negative");
    }
}
