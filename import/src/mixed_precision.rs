//! Mixed-precision dots and convolutions, which both HLO and StableHLO allow (bf16 x bf16 ->
//! f32, i8 x i8 -> i32) and the hlo dialect does not: both readers convert such an op's
//! operands to its result's element type. The conversion is exact (every value of the
//! narrower type is representable in the wider one), and XLA CPU computes these ops in the
//! result type too.
//!
//! Invariant: only `hlo.dot`, `hlo.dot_general` and `hlo.convolution` are touched, and only
//! operands whose element type differs from the result's.

use xla_dialects::hlo::{ConvertElementTypeOp, HloOp};
use xla_ir::{Body, Builder, Diagnostic, InsertPoint, Location, OpId, TensorType, Type, TypeData, ValueId};

/// Converts the operands of a dot or convolution whose result element type differs from
/// theirs to the result's element type.
pub(crate) fn fix_mixed_precision(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    if !matches!(HloOp::of(body, op), Some(HloOp::Dot(_) | HloOp::DotGeneral(_) | HloOp::Convolution(_))) {
        return Ok(());
    }
    let ctx = body.ctx();
    let Some(&result) = body.op(op).results.first() else { return Ok(()) };
    let Some(element) = ctx.as_tensor(body.value_type(result)).map(|t| t.element) else { return Ok(()) };
    let location = body.op(op).location;
    for (i, operand) in body.op(op).operands.clone().into_iter().enumerate() {
        let Some(tensor) = ctx.as_tensor(body.value_type(operand)).cloned() else { continue };
        if tensor.element == element {
            continue;
        }
        let converted_type = ctx.ty(TypeData::Tensor(TensorType { element, layout: None, ..tensor }));
        let converted = insert_convert(body, op, operand, converted_type, location)?;
        body.set_operand(op, i, converted);
    }
    Ok(())
}

/// Inserts `hlo.convert_element_type %value : ... -> ty` before `before`.
fn insert_convert(body: &mut Body, before: OpId, value: ValueId, ty: Type, location: Location) -> Result<ValueId, Diagnostic> {
    let mut builder = Builder::new(body, location);
    builder.set_insert_point(InsertPoint::Before(before));
    let convert = ConvertElementTypeOp::build(&mut builder, value, ty)?;
    Ok(convert.result(builder.body))
}
