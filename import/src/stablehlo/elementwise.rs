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
use super::complex_math;
use super::legalize::{op_error, rename_op, take_attr};
use super::syntax::{attr_dict, functional_type, operands, rename, resolve, same_type, set, short_name};

/// The hlo op a StableHLO elementwise (or otherwise attribute-free) op becomes, by short
/// name: most keep their name; `convert` and `bitcast_convert` take XLA's names, and
/// `create_token` is an `after_all` of nothing.
pub(crate) fn hlo_name(short: &str) -> Option<&'static str> {
    macro_rules! same {
        ($($n:literal),*) => { match short { $($n => Some(concat!("hlo.", $n)),)* _ => None } };
    }
    match short {
        "convert" => Some(HloOpKind::ConvertElementType.name()),
        "bitcast_convert" => Some(HloOpKind::BitcastConvertType.name()),
        "create_token" => Some(HloOpKind::AfterAll.name()),
        _ => same!(
            "abs", "cbrt", "ceil", "count_leading_zeros", "cosine", "exponential", "exponential_minus_one", "floor",
            "imag", "is_finite", "log", "log_plus_one", "logistic", "not", "negate", "popcnt", "real",
            "round_nearest_afz", "round_nearest_even", "rsqrt", "sign", "sine", "sqrt", "tan", "tanh", "add", "atan2",
            "complex", "divide", "maximum", "minimum", "multiply", "power", "remainder", "shift_left",
            "shift_right_arithmetic", "shift_right_logical", "subtract", "and", "or", "xor", "select", "clamp",
            "reshape", "dynamic_update_slice", "optimization_barrier", "tuple", "after_all", "replica_id", "erf"
        ),
    }
}

/// Renames the state to the hlo op of its StableHLO name.
fn rename_elementwise(p: &OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let short = short_name(p, state);
    let name = hlo_name(&short).ok_or_else(|| Diagnostic::error(state.location, format!("no hlo op for 'stablehlo.{short}'")))?;
    rename(p, state, name);
    Ok(())
}

/// `%x attr-dict : type` or `: (type) -> type`. Complex math that XLA writes as real
/// arithmetic keeps its StableHLO name for [`super::legalize`] to expand.
pub(crate) fn parse_unary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    attr_dict(p, state)?;
    same_type(p, state, &x)?;
    let complex_result = state.result_types.first().is_some_and(|t| p.ctx().as_tensor(*t).is_some_and(|t| p.ctx().is_complex(t.element)));
    if complex_result && complex_math::EXPANDED.contains(&short_name(p, state).as_str()) {
        return Ok(());
    }
    rename_elementwise(p, state)
}

/// `%a, %b attr-dict : type` or a function type; `complex` with one type names the result.
pub(crate) fn parse_binary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = operands(p)?;
    attr_dict(p, state)?;
    if short_name(p, state) == "complex" {
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
    rename_elementwise(p, state)
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
    rename(p, state, HloOpKind::Compare.name());
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
    rename(p, state, HloOpKind::Select.name());
    Ok(())
}

/// `%min, %x, %max attr-dict : type` or a function type.
pub(crate) fn parse_clamp(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = operands(p)?;
    attr_dict(p, state)?;
    same_type(p, state, &operands)?;
    rename(p, state, HloOpKind::Clamp.name());
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
    rename(p, state, HloOpKind::ReducePrecision.name());
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
    rename_op(body, op, HloOpKind::Compare.name());
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
    rename_op(body, op, HloOpKind::ReducePrecision.name());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_xla_names() {
        assert_eq!(hlo_name("convert"), Some("hlo.convert_element_type"));
        assert_eq!(hlo_name("bitcast_convert"), Some("hlo.bitcast_convert_type"));
        assert_eq!(hlo_name("add"), Some("hlo.add"));
        assert_eq!(hlo_name("abs"), Some("hlo.abs"));
        assert_eq!(hlo_name("shift_right_logical"), Some("hlo.shift_right_logical"));
        assert_eq!(hlo_name("gather"), None);
    }

    #[test]
    fn formats_read_exponent_and_mantissa() {
        assert_eq!(exponent_mantissa("e5m10"), Some((5, 10)));
        assert_eq!(exponent_mantissa("e8m"), None);
        assert_eq!(exponent_mantissa("x5m2"), None);
    }
}
