//! `hlo.copy`: XLA's `kCopy`, the same logical array in another layout.
//!
//! Shape rule: the result has the operand's dimensions and element type; only the layout
//! (minor_to_major, padded dimensions, padding value) may differ. Layout assignment inserts
//! copies where a value's layout and the layout one of its users needs conflict; the HLO
//! reader spells XLA's `copy` as this op and the HLO writer writes it back as `copy`.
//!
//! Invariant: a copy never changes a value an interpreter can observe; it moves bytes.

use xla_ir::constraints::AnyTensor;
use xla_ir::{Diagnostic, Op, OpRef};
use xla_macros::op;

/// Gives a tensor another layout: the logical array is unchanged.
///
/// XLA's `Copy`: `result[i] = operand[i]` for every index `i`; the result's layout says how
/// the elements are laid out in memory, which is the only thing a copy changes. The result
/// type is given.
///
/// Example: `%0 = hlo.copy %x : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>`
#[op(
    name = "hlo.copy",
    traits = [Pure, ReadsAnyLayout],
    verify = verify_copy,
    patterns = [super::layout_patterns::TRANSPOSE_INTO_COPY_LAYOUT],
    format = "$operand attr-dict `:` functional-type(operands, results)"
)]
pub struct CopyOp {
    #[operand]
    operand: AnyTensor,
    #[result]
    result: AnyTensor,
}

/// Checks `hlo.copy`: the result has the operand's dimensions and element type.
pub fn verify_copy(op: OpRef) -> Result<(), Diagnostic> {
    let copy = CopyOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let (operand_type, result_type) = (op.body.value_type(copy.operand(op.body)), op.body.value_type(copy.result(op.body)));
    let (Some(operand), Some(result)) = (ctx.as_tensor(operand_type), ctx.as_tensor(result_type)) else {
        return Ok(()); // the declared constraints report these
    };
    if operand.dims != result.dims || operand.element != result.element {
        return Err(op.error(format!(
            "the result ({}) must have the operand's shape and element type ({}); a copy changes only the layout",
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
    use xla_ir::{Body, Builder, Dim, Layout, TensorType, TypeData};

    #[test]
    fn changes_the_layout_only() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let plain = ctx.tensor_type(&[2, 3], f32);
        let column = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Static(3)],
            element: f32,
            layout: Some(Layout { minor_to_major: vec![0, 1], padded_dims: None, padding_value: None }),
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[plain]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let copy = CopyOp::build(&mut b, args[0], column).expect("a copy");
        assert!(verify(&body, copy).is_ok());
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let wrong = CopyOp::build(&mut b, args[0], ctx.tensor_type(&[3, 2], f32)).expect("built unverified");
        let message = verify(&body, wrong).expect_err("a shape change").message;
        assert!(message.starts_with("'hlo.copy' op the result (tensor<3x2xf32>) must have the operand's shape"), "{message}");
    }
}
