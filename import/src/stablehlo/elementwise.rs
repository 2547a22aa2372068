//! Elementwise ops: the unary and binary arithmetic ops (one hlo op each, mostly of the same
//! name), `compare`, `select`, `clamp` and `reduce_precision`.
//!
//! Pretty forms read here:
//! - `stablehlo.add %a, %b : tensor<4xf32>` (or a function type when types differ);
//! - `stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>`, `stablehlo.convert %x :
//!   tensor<f32>`;
//! - `stablehlo.complex %re, %im : tensor<2xcomplex<f32>>` (the operands are the real type);
//! - `stablehlo.compare GT, %a, %b, FLOAT : (...) -> tensor<4xi1>` (type optional);
//! - `stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>` or a function type;
//! - `stablehlo.clamp %lo, %x, %hi : tensor<4xf32>` or a function type;
//! - `stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`.
//!
//! The generic forms differ only in where the attributes are (`comparison_direction =
//! #stablehlo<comparison_direction GT>`); [`convert_compare`] and
//! [`convert_reduce_precision`] translate those.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, OpId, OpState, TensorType, TypeData};

use super::attr_text::{enum_value, int_attr};
use super::complex_math::{self, ComplexFunction};
use super::dialect::StablehloOpKind;
use super::legalize::{op_error, rename_op, take_attr};
use super::syntax::{attr_dict, functional_type, operands, rename, resolve, same_type, set};

/// The StableHLO ops whose hlo op has another name; every other has the hlo op of its short
/// name ([`hlo_counterpart`]).
const RENAMED: [(StablehloOpKind, HloOpKind); 4] = [
    (StablehloOpKind::Convert, HloOpKind::ConvertElementType),
    (StablehloOpKind::BitcastConvert, HloOpKind::BitcastConvertType),
    (StablehloOpKind::Reverse, HloOpKind::Rev),
    // An `after_all` of nothing.
    (StablehloOpKind::CreateToken, HloOpKind::AfterAll),
];

/// The hlo op a StableHLO op corresponds to, generated from the two dialects'
/// declarations: the one of the same short name (`stablehlo.add` is `hlo.add`), or its
/// entry in [`RENAMED`]. Whether the op is only renamed or needs its attributes translated
/// is the legalizer's decision.
pub(crate) fn hlo_counterpart(kind: StablehloOpKind) -> Option<HloOpKind> {
    match RENAMED.iter().find(|(renamed, _)| *renamed == kind) {
        Some((_, hlo)) => Some(*hlo),
        None => HloOpKind::from_short_name(kind.short_name()),
    }
}

/// The hlo op of `kind`, or an error at `location` when hlo has none.
fn counterpart_or_error(kind: StablehloOpKind, location: xla_ir::Location) -> Result<HloOpKind, Diagnostic> {
    hlo_counterpart(kind).ok_or_else(|| Diagnostic::error(location, format!("no hlo op for '{}'", kind.name())))
}

/// `%x attr-dict : type` or `: (type) -> type`. Complex math that XLA writes as real
/// arithmetic keeps its StableHLO name for [`super::legalize`] to expand.
pub(crate) fn parse_unary(p: &mut OpParser, state: &mut OpState, kind: StablehloOpKind) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    attr_dict(p, state)?;
    same_type(p, state, &x)?;
    let complex_result = state.result_types.first().is_some_and(|t| p.ctx().as_tensor(*t).is_some_and(|t| p.ctx().is_complex(t.element)));
    if complex_result && ComplexFunction::of_stablehlo(kind).is_some() {
        return Ok(());
    }
    rename(p, state, counterpart_or_error(kind, state.location)?);
    Ok(())
}

/// `%a, %b attr-dict : type` or a function type; `complex` with one type names the result.
pub(crate) fn parse_binary(p: &mut OpParser, state: &mut OpState, kind: StablehloOpKind) -> Result<(), Diagnostic> {
    let operands = operands(p)?;
    attr_dict(p, state)?;
    if kind == StablehloOpKind::Complex {
        p.expect(TokenKind::Colon)?;
        let at = p.loc();
        let ty = p.parse_type()?;
        let ctx = p.ctx();
        match ctx.type_data(ty).clone() {
            TypeData::Function { inputs, results } => {
                resolve(p, state, &operands, &inputs, at)?;
                state.result_types = results;
            }
            _ => {
                let part = ctx
                    .as_tensor(ty)
                    .and_then(|t| match ctx.type_data(t.element) {
                        TypeData::Complex(e) => Some(ctx.ty(TypeData::Tensor(TensorType { element: *e, ..t.clone() }))),
                        _ => None,
                    })
                    .ok_or_else(|| Diagnostic::error(at, format!("expected a tensor of complex numbers, found {}", ctx.type_to_string(ty))))?;
                resolve(p, state, &operands, &[part, part], at)?;
                state.result_types = vec![ty];
            }
        }
    } else {
        same_type(p, state, &operands)?;
    }
    rename(p, state, counterpart_or_error(kind, state.location)?);
    Ok(())
}

/// Generic forms of the ops that are their hlo op under another name (the elementwise ops
/// among them): the op is renamed, and complex `exp`, `log`, `log1p` and `sqrt` are then
/// written as real arithmetic, as XLA does when it reads StableHLO (its conversion runs
/// StableHLO's complex math expander); hlo ops written as such are left alone.
pub(crate) fn convert_renamed(body: &mut Body, op: OpId, kind: StablehloOpKind) -> Result<(), Diagnostic> {
    let hlo = hlo_counterpart(kind).ok_or_else(|| op_error(body, op, "has no hlo op of its name"))?;
    rename_op(body, op, hlo);
    if let Some(function) = ComplexFunction::of_stablehlo(kind) {
        complex_math::expand_complex_math(body, op, function)?;
    }
    Ok(())
}

/// `DIR, %a, %b (, TYPE)? attr-dict : (types) -> type`.
pub(crate) fn parse_compare(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let at = p.loc();
    let direction = p.parse_identifier()?;
    if !matches!(direction, "EQ" | "NE" | "GE" | "GT" | "LE" | "LT") {
        return Err(Diagnostic::error(at, format!("expected a comparison direction (EQ, NE, GE, GT, LE or LT), found '{direction}'")));
    }
    set(p, state, "comparison_direction", ctx.string_attr(direction));
    p.expect(TokenKind::Comma)?;
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_operand()?;
    if p.accept(TokenKind::Comma) {
        let at = p.loc();
        let ty = p.parse_identifier()?;
        if !matches!(ty, "FLOAT" | "TOTALORDER" | "SIGNED" | "UNSIGNED" | "NOTYPE") {
            return Err(Diagnostic::error(
                at,
                format!("expected a comparison type (FLOAT, TOTALORDER, SIGNED, UNSIGNED or NOTYPE), found '{ty}'"),
            ));
        }
        set(p, state, "compare_type", ctx.string_attr(ty));
    }
    attr_dict(p, state)?;
    functional_type(p, state, &[lhs, rhs])?;
    rename(p, state, HloOpKind::Compare);
    Ok(())
}

/// `%p, %a, %b attr-dict : pred_type, type` or a function type.
pub(crate) fn parse_select(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = operands(p)?;
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let types = p.parse_type_list()?;
    let ctx = p.ctx();
    match types.as_slice() {
        [pred, ty] => {
            resolve(p, state, &operands, &[*pred, *ty, *ty], at)?;
            state.result_types = vec![*ty];
        }
        [f] if matches!(ctx.type_data(*f), TypeData::Function { .. }) => {
            let (inputs, results) = super::syntax::function_parts(p, *f, at)?;
            resolve(p, state, &operands, &inputs, at)?;
            state.result_types = results;
        }
        _ => return Err(Diagnostic::error(at, "expected a function type or two types (the predicate's and the result's)")),
    }
    rename(p, state, HloOpKind::Select);
    Ok(())
}

/// `%min, %x, %max attr-dict : type` or a function type.
pub(crate) fn parse_clamp(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = operands(p)?;
    attr_dict(p, state)?;
    same_type(p, state, &operands)?;
    rename(p, state, HloOpKind::Clamp);
    Ok(())
}

/// `%x, format = eXmY attr-dict : type`.
pub(crate) fn parse_reduce_precision(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("format")?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let format = p.parse_identifier()?;
    let (exponent, mantissa) = exponent_mantissa(format)
        .ok_or_else(|| Diagnostic::error(at, format!("expected a format eXmY (exponent and mantissa bits), found '{format}'")))?;
    let ctx = p.ctx();
    set(p, state, "exponent_bits", ctx.i64_attr(exponent));
    set(p, state, "mantissa_bits", ctx.i64_attr(mantissa));
    attr_dict(p, state)?;
    same_type(p, state, &x)?;
    rename(p, state, HloOpKind::ReducePrecision);
    Ok(())
}

/// The bit counts of a format `e5m10`.
fn exponent_mantissa(format: &str) -> Option<(i64, i64)> {
    let (e, m) = format.strip_prefix('e')?.split_once('m')?;
    let digits = |s: &str| (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten();
    Some((digits(e)?, digits(m)?))
}

/// Generic `"stablehlo.compare"`: the direction and type are enum attributes.
pub(crate) fn convert_compare(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let direction = take_attr(body, op, "comparison_direction")
        .and_then(|a| enum_value(ctx, a, "comparison_direction"))
        .ok_or_else(|| op_error(body, op, "requires attribute 'comparison_direction' (#stablehlo<comparison_direction ...>)"))?;
    body.set_attr(op, "comparison_direction", ctx.string_attr(&direction));
    if let Some(attr) = take_attr(body, op, "compare_type") {
        let ty = enum_value(ctx, attr, "comparison_type")
            .ok_or_else(|| op_error(body, op, "attribute 'compare_type' must be #stablehlo<comparison_type ...>"))?;
        body.set_attr(op, "compare_type", ctx.string_attr(&ty));
    }
    rename_op(body, op, HloOpKind::Compare);
    Ok(())
}

/// Generic `"stablehlo.reduce_precision"`: `exponent_bits`/`mantissa_bits` are `i32`
/// attributes in StableHLO and `i64` in hlo.
pub(crate) fn convert_reduce_precision(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    for name in ["exponent_bits", "mantissa_bits"] {
        let value = take_attr(body, op, name)
            .and_then(|a| int_attr(ctx, a))
            .ok_or_else(|| op_error(body, op, format!("requires integer attribute '{name}'")))?;
        body.set_attr(op, name, ctx.i64_attr(value));
    }
    rename_op(body, op, HloOpKind::ReducePrecision);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counterparts_come_from_the_declarations_with_few_renamings() {
        assert_eq!(hlo_counterpart(StablehloOpKind::Convert), Some(HloOpKind::ConvertElementType));
        assert_eq!(hlo_counterpart(StablehloOpKind::BitcastConvert), Some(HloOpKind::BitcastConvertType));
        assert_eq!(hlo_counterpart(StablehloOpKind::Add), Some(HloOpKind::Add));
        assert_eq!(hlo_counterpart(StablehloOpKind::Abs), Some(HloOpKind::Abs));
        assert_eq!(hlo_counterpart(StablehloOpKind::ShiftRightLogical), Some(HloOpKind::ShiftRightLogical));
        assert_eq!(hlo_counterpart(StablehloOpKind::Case), None);
        for (renamed, _) in RENAMED {
            assert_eq!(HloOpKind::from_short_name(renamed.short_name()), None, "{} needs no renaming", renamed.name());
        }
    }

    #[test]
    fn formats_read_exponent_and_mantissa() {
        assert_eq!(exponent_mantissa("e5m10"), Some((5, 10)));
        assert_eq!(exponent_mantissa("e8m"), None);
        assert_eq!(exponent_mantissa("x5m2"), None);
    }
}
