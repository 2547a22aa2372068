//! What the elementwise ops share beyond the `#[op]` families: element-type constraints the
//! core does not declare, element classification and widths, and the custom form
//! "one type, or the functional type when the types differ" of ops outside the families.
//!
//! The constraints follow XLA's shape inference (`InferUnaryOpShape`, `InferBinaryOpShape`):
//! XLA's `sN` is `iN` (signless) or `siN`, `uN` is `uiN`, and `pred` is `i1`, which is
//! neither a signed nor an unsigned integer but compares as unsigned.
//!
//! Invariant: the constraint checks and the parse hooks never panic; a malformed custom form
//! is a located diagnostic.

use xla_ir::constraints::TypeKind;
use xla_ir::op_def::TypeConstraint;
use xla_ir::parser::{lexer::TokenKind, OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::{Context, Diagnostic, OpId, OpState, Signedness, Type, TypeData};

// ---- Element classification -----------------------------------------------------------

/// Whether `element` is XLA's `pred` (`i1`).
pub fn is_pred(ctx: &Context, element: Type) -> bool {
    matches!(ctx.type_data(element), TypeData::Integer { width: 1, signedness: Signedness::Signless })
}

/// Whether `element` is a signed integer wider than one bit (`iN` or `siN`, XLA's `sN`).
pub fn is_signed_int(ctx: &Context, element: Type) -> bool {
    matches!(ctx.type_data(element), TypeData::Integer { width, signedness } if *width > 1 && *signedness != Signedness::Unsigned)
}

/// Whether `element` is an unsigned integer (`uiN`, XLA's `uN`).
pub fn is_unsigned_int(ctx: &Context, element: Type) -> bool {
    matches!(ctx.type_data(element), TypeData::Integer { width, signedness: Signedness::Unsigned } if *width > 1)
}

/// Whether `element` is an integer wider than one bit, signed or unsigned.
pub fn is_int(ctx: &Context, element: Type) -> bool {
    is_signed_int(ctx, element) || is_unsigned_int(ctx, element)
}

/// The element type of a complex type's parts (`f32` for `complex<f32>`).
pub fn complex_part(ctx: &Context, element: Type) -> Option<Type> {
    match ctx.type_data(element) {
        TypeData::Complex(part) => Some(*part),
        _ => None,
    }
}

/// The width in bits of one element as XLA counts it (`primitive_util::BitWidth`): `pred` is
/// one bit (so 64 predicates bitcast to one `s64`, as StableHLO's spec has it too), a
/// complex number twice its part. `None` for types that are no array elements.
pub fn element_bit_width(ctx: &Context, element: Type) -> Option<u32> {
    match ctx.type_data(element) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(kind) => Some(kind.bit_width()),
        TypeData::Complex(part) => element_bit_width(ctx, *part).map(|w| 2 * w),
        _ => None,
    }
}

/// Whether `ty` is a tensor whose element type satisfies `element`.
fn tensor_of(ctx: &Context, ty: Type, element: fn(&Context, Type) -> bool) -> bool {
    ctx.as_tensor(ty).is_some_and(|t| element(ctx, t.element))
}

// ---- Constraints ------------------------------------------------------------------------

/// Declares an uninhabited constraint type: its description and its check.
macro_rules! element_kind {
    ($(#[$doc:meta])* $name:ident, $description:literal, $check:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl TypeKind for $name {
            const CONSTRAINT: TypeConstraint = TypeConstraint { description: $description, check: $check };
        }
    };
}

element_kind!(
    /// A tensor of floats or complex numbers: XLA's transcendental functions and `Atan2`.
    FloatOrComplexTensor,
    "a tensor of floats or complex numbers",
    |ctx, ty| tensor_of(ctx, ty, |c, e| c.is_float(e) || c.is_complex(e))
);
element_kind!(
    /// A tensor of integers, floats or complex numbers, not predicates: arithmetic that has no
    /// meaning on `pred` (`Sub`, `Div`, `Pow`, `Neg`, `Iota`).
    IntFloatOrComplexTensor,
    "a tensor of integers, floats or complex numbers",
    |ctx, ty| tensor_of(ctx, ty, |c, e| is_int(c, e) || c.is_float(e) || c.is_complex(e))
);
element_kind!(
    /// A tensor of signed numbers: signed integers, floats or complex numbers (`Abs`, `Sign`).
    SignedIntFloatOrComplexTensor,
    "a tensor of signed integers, floats or complex numbers",
    |ctx, ty| tensor_of(ctx, ty, |c, e| is_signed_int(c, e) || c.is_float(e) || c.is_complex(e))
);
element_kind!(
    /// A tensor of numbers, or a tuple (which `Select` treats as one scalar value).
    TensorOrTuple,
    "a tensor of numbers or a tuple",
    |ctx, ty| {
        matches!(ctx.type_data(ty), TypeData::Tuple(_))
            || tensor_of(ctx, ty, |c, e| is_int(c, e) || is_pred(c, e) || c.is_float(e) || c.is_complex(e))
    }
);

// ---- Custom forms -----------------------------------------------------------------------

/// Whether every operand and result of `op` has one type.
fn one_type(p: &OpPrinter, op: OpId) -> Option<Type> {
    let body = p.body();
    let data = body.op(op);
    let mut types = data.operands.iter().chain(&data.results).map(|v| body.value_type(*v));
    let first = types.next()?;
    types.all(|t| t == first).then_some(first)
}

/// Prints `(A, B) -> R` for `op`.
fn print_functional_type(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    p.print_type(body.ctx().function_type(inputs, results));
}

/// Prints ` %a, %b {attrs} : T` when every operand and the result have type `T`, and
/// ` %a, %b {attrs} : (A, B) -> R` otherwise (StableHLO's `SameOperandsAndResultType` form, for
/// ops whose types may differ: `hlo.abs` of a complex number, `hlo.clamp` with scalar bounds).
pub fn print_one_type_or_functional(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    match one_type(p, op) {
        Some(ty) => p.print_type(ty),
        None => print_functional_type(p, op),
    }
}

/// Parses what [`print_one_type_or_functional`] prints: one type stands for every operand and
/// the single result.
pub fn parse_one_type_or_functional(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    if p.is(TokenKind::LParen) {
        return parse_functional_type(p, state, &operands);
    }
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&operands, &vec![ty; operands.len()])?;
    state.result_types = vec![ty];
    Ok(())
}

/// Parses an optional `{...}` attribute dictionary into `state`, rejecting attributes the
/// custom form already gave.
pub fn parse_attr_dict_into(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut attributes = Vec::new();
    p.parse_optional_attr_dict(&mut attributes)?;
    for a in attributes {
        if state.attr(a.name).is_some() {
            return Err(p.error(format!("attribute '{}' is given twice", p.ctx().symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    Ok(())
}

/// Parses `(A, B) -> R` and resolves `operands` against its inputs.
pub fn parse_functional_type(
    p: &mut OpParser,
    state: &mut OpState,
    operands: &[UnresolvedOperand],
) -> Result<(), Diagnostic> {
    let at = p.loc();
    let ty = p.parse_function_type()?;
    let TypeData::Function { inputs, results } = p.ctx().type_data(ty).clone() else {
        return Err(Diagnostic::error(at, "expected a function type"));
    };
    if inputs.len() != operands.len() {
        return Err(Diagnostic::error(
            at,
            format!("expected {} operand type(s), found {}", operands.len(), inputs.len()),
        ));
    }
    state.operands = p.resolve_operands(operands, &inputs)?;
    state.result_types = results;
    Ok(())
}

/// Prints ` %pred, %a, %b {attrs} : P, T` when both choices and the result have type `T`, and
/// the functional type otherwise (StableHLO's `select` form).
pub fn print_select(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    let types: Vec<Type> = data.operands.iter().chain(&data.results).map(|v| body.value_type(*v)).collect();
    match types[..] {
        [pred, on_true, on_false, result] if on_true == on_false && on_false == result => {
            p.print_types(&[pred, on_true]);
        }
        _ => print_functional_type(p, op),
    }
}

/// Parses what [`print_select`] prints.
pub fn parse_select(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    if p.is(TokenKind::LParen) {
        return parse_functional_type(p, state, &operands);
    }
    let at = p.loc();
    let pred = p.parse_type()?;
    p.expect(TokenKind::Comma)?;
    let value = p.parse_type()?;
    if operands.len() != 3 {
        return Err(Diagnostic::error(
            at,
            format!("expected 3 operands (pred, on_true, on_false), found {}", operands.len()),
        ));
    }
    state.operands = p.resolve_operands(&operands, &[pred, value, value])?;
    state.result_types = vec![value];
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::FloatKind;

    fn accepts<K: TypeKind>(ctx: &Context, element: Type) -> bool {
        (K::CONSTRAINT.check)(ctx, ctx.tensor_type(&[2], element))
    }

    #[test]
    fn elements_are_classified_as_xla_does() {
        let ctx = Context::new();
        let (pred, s8, si8, u8) = (
            ctx.int_type(1),
            ctx.int_type(8),
            ctx.ty(TypeData::Integer { width: 8, signedness: Signedness::Signed }),
            ctx.uint_type(8),
        );
        let (f16, complex) = (ctx.float_type(FloatKind::F16), ctx.ty(TypeData::Complex(ctx.f32_type())));
        assert!(is_pred(&ctx, pred) && !is_pred(&ctx, s8) && !is_pred(&ctx, ctx.uint_type(1)));
        assert!(
            is_signed_int(&ctx, s8)
                && is_signed_int(&ctx, si8)
                && !is_signed_int(&ctx, u8)
                && !is_signed_int(&ctx, pred)
        );
        assert!(is_unsigned_int(&ctx, u8) && !is_unsigned_int(&ctx, s8));
        assert!(is_int(&ctx, u8) && !is_int(&ctx, f16));
        assert_eq!(complex_part(&ctx, complex), Some(ctx.f32_type()));
        assert_eq!(complex_part(&ctx, f16), None);
        let widths: Vec<Option<u32>> =
            [pred, s8, f16, complex, ctx.index_type()].iter().map(|t| element_bit_width(&ctx, *t)).collect();
        assert_eq!(widths, [Some(1), Some(8), Some(16), Some(64), None]);
    }

    #[test]
    fn constraints_accept_their_element_types() {
        let ctx = Context::new();
        let (pred, s32, u32, f32) = (ctx.int_type(1), ctx.int_type(32), ctx.uint_type(32), ctx.f32_type());
        let complex = ctx.ty(TypeData::Complex(f32));
        let accepted = |check: fn(&Context, Type) -> bool| [pred, s32, u32, f32, complex].map(|e| check(&ctx, e));
        assert_eq!(accepted(accepts::<FloatOrComplexTensor>), [false, false, false, true, true]);
        assert_eq!(accepted(accepts::<IntFloatOrComplexTensor>), [false, true, true, true, true]);
        assert_eq!(accepted(accepts::<SignedIntFloatOrComplexTensor>), [false, true, false, true, true]);
        assert_eq!(accepted(accepts::<TensorOrTuple>), [true; 5]);
        assert!((TensorOrTuple::CONSTRAINT.check)(&ctx, ctx.ty(TypeData::Tuple(vec![]))));
        assert!(!(FloatOrComplexTensor::CONSTRAINT.check)(&ctx, f32));
        let token = super::super::token_type(&ctx);
        assert!(!(TensorOrTuple::CONSTRAINT.check)(&ctx, ctx.tensor_type(&[2], token)));
    }
}
