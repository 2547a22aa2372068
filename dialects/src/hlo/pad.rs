//! `hlo.pad`: XLA's `Pad`, which adds edge and interior padding around and between the
//! elements of a tensor.
//!
//! Shape rule (operation semantics): dimension `d` of size `n` becomes
//! `low + high + n + max(n - 1, 0) * interior`, which must not be negative. Edge padding may
//! be negative (it then removes elements); interior padding may not.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::{Dim, Type};
use xla_macros::op;

use super::shape_checks::{check_len, tensor};

/// Pads a tensor at its edges and between its elements with a scalar value.
///
/// XLA's `Pad`: in each dimension, `edge_padding_low` and `edge_padding_high` elements are
/// added before the first and after the last element (removed when negative), and
/// `interior_padding` elements between any two neighbours. `padding_value` is a 0-d tensor
/// of the operand's element type. Each list has one entry per dimension.
///
/// Example: `%0 = hlo.pad %x, %zero, low = [1, 0], high = [0, 2], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>`
#[op(
    name = "hlo.pad",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_pad,
    patterns = [super::slicing_patterns::PAD_IDENTITY],
    format = "$operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding attr-dict `:` functional-type(operands, results)"
)]
pub struct PadOp {
    #[operand]
    operand: AnyTensor,
    /// The 0-d value the padding is filled with.
    #[operand]
    padding_value: AnyTensor,
    /// The padding before the first element of each dimension; negative removes elements.
    #[attr]
    edge_padding_low: I64ArrayAttr,
    /// The padding after the last element of each dimension; negative removes elements.
    #[attr]
    edge_padding_high: I64ArrayAttr,
    /// The padding between neighbouring elements of each dimension, at least 0.
    #[attr]
    interior_padding: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.pad`.
pub fn infer_pad(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let (operand, padding) = (cx.tensor(0)?, cx.tensor(1)?);
    if !padding.dims.is_empty() {
        return Err(format!("padding_value must be a 0-d tensor, found {}", ctx.type_to_string(cx.operand_types[1])));
    }
    if padding.element != operand.element {
        return Err(format!(
            "padding_value has element type {}, but the operand has {}",
            ctx.type_to_string(padding.element),
            ctx.type_to_string(operand.element)
        ));
    }
    let rank = operand.dims.len();
    let low = cx.i64_array("edge_padding_low")?;
    let high = cx.i64_array("edge_padding_high")?;
    let interior = cx.i64_array("interior_padding")?;
    for (name, values) in [("edge_padding_low", low), ("edge_padding_high", high), ("interior_padding", interior)] {
        check_len(name, values, rank, "the operand")?;
    }
    let mut dims = Vec::with_capacity(rank);
    for (d, &dim) in operand.dims.iter().enumerate() {
        if interior[d] < 0 {
            return Err(format!("interior_padding[{d}] = {} must be non-negative", interior[d]));
        }
        // i128 holds every sum of i64 products here without overflow.
        let padded = |n: i64| {
            let n = i128::from(n);
            i128::from(low[d]) + i128::from(high[d]) + n + (n - 1).max(0) * i128::from(interior[d])
        };
        let size = |n: i64| -> Result<i64, String> {
            let size = padded(n);
            if size < 0 {
                return Err(format!(
                    "dimension {d} of size {n} padded with low {}, high {}, interior {} would have negative size {size}",
                    low[d], high[d], interior[d]
                ));
            }
            i64::try_from(size).map_err(|_| format!("the padded size of dimension {d} overflows i64"))
        };
        dims.push(match dim {
            Dim::Static(n) => Dim::Static(size(n)?),
            Dim::Bounded(n) => Dim::Bounded(size(n)?),
            Dim::Unknown => Dim::Unknown,
        });
    }
    Ok(vec![tensor(ctx, dims, operand.element)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, TensorType, TypeData};

    #[test]
    fn edges_and_interior_add_up() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let dynamic = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Bounded(4), Dim::Unknown], element: f32, layout: None }));
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[], f32), dynamic, ctx.tensor_type(&[0], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let pad = PadOp::build(&mut b, args[0], args[1], &[1, 0], &[0, 2], &[0, 1]).expect("valid");
        let shrink = PadOp::build(&mut b, args[0], args[1], &[-1, -1], &[0, -1], &[1, 0]).expect("valid");
        let bounded = PadOp::build(&mut b, args[2], args[1], &[1, 1], &[1, 1], &[1, 1]).expect("valid");
        let empty = PadOp::build(&mut b, args[3], args[1], &[1], &[1], &[5]).expect("valid");
        assert_eq!(body.value_type(pad.result(&body)), ctx.tensor_type(&[3, 7], f32));
        assert_eq!(body.value_type(shrink.result(&body)), ctx.tensor_type(&[2, 1], f32));
        assert_eq!(ctx.type_to_string(body.value_type(bounded.result(&body))), "tensor<<=9x?xf32>");
        assert_eq!(body.value_type(empty.result(&body)), ctx.tensor_type(&[2], f32));
        assert_eq!(pad.padding_value(&body), args[1]);
        assert_eq!(pad.interior_padding(&body), &[0, 1]);
        assert!(verify(&body, pad).is_ok());
    }

    #[test]
    fn padding_is_checked() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[], f32), ctx.tensor_type(&[1], f32), ctx.tensor_type(&[], ctx.int_type(8))],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |value, low: &[i64], high: &[i64], interior: &[i64]| {
            PadOp::build(&mut b, args[0], value, low, high, interior).expect_err("invalid").message
        };
        let prefix = "'hlo.pad' op ";
        assert_eq!(error(args[2], &[0, 0], &[0, 0], &[0, 0]), format!("{prefix}padding_value must be a 0-d tensor, found tensor<1xf32>"));
        assert_eq!(error(args[3], &[0, 0], &[0, 0], &[0, 0]), format!("{prefix}padding_value has element type i8, but the operand has f32"));
        assert_eq!(error(args[1], &[0], &[0, 0], &[0, 0]), format!("{prefix}edge_padding_low has 1 entries, but the operand has rank 2"));
        assert_eq!(error(args[1], &[0, 0], &[0], &[0, 0]), format!("{prefix}edge_padding_high has 1 entries, but the operand has rank 2"));
        assert_eq!(error(args[1], &[0, 0], &[0, 0], &[0]), format!("{prefix}interior_padding has 1 entries, but the operand has rank 2"));
        assert_eq!(error(args[1], &[0, 0], &[0, 0], &[0, -1]), format!("{prefix}interior_padding[1] = -1 must be non-negative"));
        assert_eq!(
            error(args[1], &[-2, 0], &[-1, 0], &[0, 0]),
            format!("{prefix}dimension 0 of size 2 padded with low -2, high -1, interior 0 would have negative size -1")
        );
        assert_eq!(
            error(args[1], &[0, i64::MAX], &[0, 0], &[0, 1]),
            format!("{prefix}the padded size of dimension 1 overflows i64")
        );
    }
}
