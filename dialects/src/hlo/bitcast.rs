//! `hlo.bitcast`: XLA's `kBitcast`, the operand's bytes read as another shape and layout.
//!
//! Shape rule: the result type is given; it has the operand's element type and number of
//! elements, both shapes are static and neither layout is padded, so the two buffers hold
//! the same elements in the same places. A type without a layout is row-major.
//!
//! Layout assignment makes a transpose whose result layout is its operand's layout permuted
//! a bitcast: the physical order of the elements does not change, so nothing moves. Its
//! lowering reads the operand's buffer in place.
//!
//! Invariant: the element at physical position `k` of the result is the element at
//! physical position `k` of the operand (positions in the order of each type's layout).

use xla_ir::constraints::AnyTensor;
use xla_ir::types::checked_element_count;
use xla_ir::{Diagnostic, Layout, Op, OpRef, TensorType};
use xla_macros::op;

/// Reinterprets a tensor's buffer with another shape and layout, moving nothing.
///
/// XLA's `Bitcast`: the result's elements, in the order of the result's layout, are the
/// operand's elements in the order of the operand's layout. Both shapes are static, have the
/// same element type and number of elements, and their layouts are not padded.
///
/// Example: `%0 = hlo.bitcast %x : (tensor<2x3xf32>) -> tensor<3x2xf32, {0, 1}>` (the
/// transpose of `%x`, without moving an element).
#[op(
    name = "hlo.bitcast",
    traits = [Pure, ReadsAnyLayout],
    verify = verify_bitcast,
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct BitcastOp {
    #[operand]
    operand: AnyTensor,
    #[result]
    result: AnyTensor,
}

/// The static sizes and the (unpadded) layout of a bitcast's operand or result.
pub fn bitcast_side(t: &TensorType) -> Result<(Vec<i64>, Layout), &'static str> {
    let sizes = t.static_shape().ok_or("has a dynamic shape")?;
    let layout = t.layout.clone().unwrap_or_else(|| Layout::row_major(sizes.len()));
    if layout.padded_dims.is_some() {
        return Err("has a padded layout");
    }
    Ok((sizes, layout))
}

/// Checks `hlo.bitcast`: static, unpadded, one element type, one number of elements.
pub fn verify_bitcast(op: OpRef) -> Result<(), Diagnostic> {
    let bitcast = BitcastOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let (operand_type, result_type) = (op.body.value_type(bitcast.operand(op.body)), op.body.value_type(bitcast.result(op.body)));
    let (Some(operand), Some(result)) = (ctx.as_tensor(operand_type), ctx.as_tensor(result_type)) else {
        return Ok(()); // the declared constraints report these
    };
    let (operand_sizes, _) = bitcast_side(operand).map_err(|why| op.error(format!("the operand {why}")))?;
    let (result_sizes, _) = bitcast_side(result).map_err(|why| op.error(format!("the result {why}")))?;
    if operand.element != result.element {
        return Err(op.error(format!(
            "the result element type {} differs from the operand element type {}",
            ctx.type_to_string(result.element),
            ctx.type_to_string(operand.element)
        )));
    }
    let count = |sizes: &[i64], ty, what: &str| {
        checked_element_count(sizes).ok_or_else(|| op.error(format!("the {what} ({}) has more elements than fit in 64 bits", ctx.type_to_string(ty))))
    };
    let (n, m) = (count(&operand_sizes, operand_type, "operand")?, count(&result_sizes, result_type, "result")?);
    if n != m {
        return Err(op.error(format!(
            "the result ({}) has {m} elements, but the operand ({}) has {n}",
            ctx.type_to_string(result_type),
            ctx.type_to_string(operand_type)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Dim, TypeData};

    #[test]
    fn reinterprets_as_many_elements_without_padding() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let layout = |m2m: &[i64], padded: Option<Vec<i64>>| Layout { minor_to_major: m2m.to_vec(), padded_dims: padded, padding_value: None };
        let typed = |dims: &[i64], l: Layout| {
            ctx.ty(TypeData::Tensor(TensorType { dims: dims.iter().map(|d| Dim::Static(*d)).collect(), element: f32, layout: Some(l) }))
        };
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let transposed = BitcastOp::build(&mut b, args[0], typed(&[3, 2], layout(&[0, 1], None))).expect("built");
        let padded = BitcastOp::build(&mut b, args[0], typed(&[2, 3], layout(&[1, 0], Some(vec![2, 4])))).expect("built");
        let more = BitcastOp::build(&mut b, args[0], ctx.tensor_type(&[7], f32)).expect("built");
        assert!(verify(&body, transposed).is_ok());
        assert!(verify(&body, padded).expect_err("padded").message.ends_with("the result has a padded layout"));
        assert!(verify(&body, more).expect_err("7 elements").message.contains("has 7 elements, but the operand"));
    }

    #[test]
    fn shapes_too_large_are_an_error() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let huge = ctx.tensor_type(&[4294967296, 4294967296], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[huge, ctx.tensor_type(&[2, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let from_huge = BitcastOp::build(&mut b, args[0], ctx.tensor_type(&[6], f32)).expect("built");
        let to_huge = BitcastOp::build(&mut b, args[1], huge).expect("built");
        let message = |op| verify(&body, op).expect_err("overflows").message;
        assert!(message(from_huge).ends_with("the operand (tensor<4294967296x4294967296xf32>) has more elements than fit in 64 bits"));
        assert!(message(to_huge).ends_with("the result (tensor<4294967296x4294967296xf32>) has more elements than fit in 64 bits"));
    }
}
