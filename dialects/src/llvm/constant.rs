//! `llvm.constant`: an integer or float constant.
//!
//! Custom form: `%c = llvm.constant 1.0 : f32`, `%n = llvm.constant -3 : i64`,
//! `%t = llvm.constant true : i1` (other attributes, rare, go before the value). The value is an integer or float attribute of the result's
//! type (the generic form shows it: `{value = 1.0 : f32}`); floats that are not finite print
//! as their bits in hexadecimal (`0x7FC00000 : f32`), as MLIR prints them.

use xla_ir::constraints::AnyAttr;
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::float_format;
use xla_ir::{AttrData, Attribute, Context, Diagnostic, FloatKind, OpId, OpState, Type};
use xla_macros::op;

use super::types::{float_kind, int_width, is_float, is_int, LlvmType};

/// An integer or float constant of the result's type.
///
/// `true` and `false` are the constants of `i1` (stored as bool attributes).
///
/// Example: `%c = llvm.constant 1.0 : f32`
#[op(
    name = "llvm.constant",
    traits = [Pure, ConstantLike],
    verify = verify_constant,
    print = print_constant,
    parse = parse_constant
)]
pub struct ConstantOp {
    /// An integer or float attribute whose type is the result's.
    #[attr]
    value: AnyAttr,
    #[result]
    result: LlvmType,
}

/// The value is an integer (for an integer result) or a float (for a float result) of the
/// result's type, or `true`/`false` for an `i1` (the attribute printer writes `1 : i1` as
/// `true`, which reads back as a bool).
fn verify_constant(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (Some(value), Some(&ty)) = (op.attr("value"), op.result_types().first()) else { return Ok(()) };
    let fits = match ctx.attr_data(value) {
        AttrData::Integer { ty: value_ty, .. } => is_int(ctx, ty) && *value_ty == ty,
        AttrData::Bool(_) => int_width(ctx, ty) == Some(1),
        AttrData::Float { ty: value_ty, .. } => is_float(ctx, ty) && *value_ty == ty,
        _ => false,
    };
    if !fits {
        return Err(op.error(format!(
            "requires an integer or float value of the result type {}, found {}",
            ctx.type_to_string(ty),
            ctx.attr_to_string(value)
        )));
    }
    Ok(())
}

/// Prints ` 1.0 : f32`: the value without its type, then the type once; other attributes
/// come first, as `func.return` prints them.
fn print_constant(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let r = OpRef::new(body, op);
    let (Some(value), Some(&ty)) = (r.attr("value"), r.result_types().first()) else { return };
    p.print_attr_dict(r.attributes(), &["value"]);
    p.print(" ");
    match ctx.attr_data(value) {
        AttrData::Integer { value, .. } if int_width(ctx, ty) == Some(1) => p.print(if *value != 0 { "true" } else { "false" }),
        AttrData::Bool(b) => p.print(if *b { "true" } else { "false" }),
        AttrData::Integer { value, .. } => p.print(&value.to_string()),
        AttrData::Float { bits, ty } => {
            let mut text = String::new();
            xla_ir::dense::write_float(&mut text, f64::from_bits(*bits), *ty, ctx);
            p.print(&text);
        }
        _ => p.print_attr(value),
    }
    p.print(" : ");
    p.print_type(ty);
}

/// Parses `{attrs} VALUE : type`: a number (`1.0`, `-3`, `0x7FC00000`) or `true`/`false`,
/// read as a value of the type that follows.
fn parse_constant(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    p.parse_optional_attr_dict(&mut state.attributes)?;
    let value_loc = p.loc();
    let literal = if p.accept_keyword("true") {
        Literal::Bool(true)
    } else if p.accept_keyword("false") {
        Literal::Bool(false)
    } else {
        let negative = p.accept(TokenKind::Minus);
        let token = if p.is(TokenKind::Float) { p.expect(TokenKind::Float)? } else { p.expect(TokenKind::Integer)? };
        Literal::Number { negative, float: token.kind == TokenKind::Float, text: token.text.to_string() }
    };
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    let value = literal_attr(ctx, &literal, ty).map_err(|m| Diagnostic::error(value_loc, m))?;
    state.set_attr(ctx.symbol("value"), value);
    state.result_types = vec![ty];
    Ok(())
}

/// A constant's value as written.
enum Literal {
    Bool(bool),
    Number { negative: bool, float: bool, text: String },
}

/// The attribute holding `literal` as a value of type `ty`, or why it cannot.
fn literal_attr(ctx: &Context, literal: &Literal, ty: Type) -> Result<Attribute, String> {
    let type_name = || ctx.type_to_string(ty);
    match literal {
        Literal::Bool(b) if int_width(ctx, ty) == Some(1) => Ok(ctx.bool_attr(*b)),
        Literal::Bool(_) => Err(format!("true and false are constants of type i1, not {}", type_name())),
        Literal::Number { negative, float, text } => {
            if let Some(width) = int_width(ctx, ty) {
                if *float {
                    return Err(format!("expected an integer constant of type {}, found '{text}'", type_name()));
                }
                let magnitude = parse_int_text(text).ok_or_else(|| format!("integer '{text}' is too large"))?;
                let value = if *negative { -magnitude } else { magnitude };
                // Signless: the value may be written signed or unsigned (an `i128` constant
                // is held as an `i128`, so only its signed range can be written).
                let (min, max) = if width >= 128 { (i128::MIN, i128::MAX) } else { (-(1i128 << (width - 1)), (1i128 << width) - 1) };
                if value < min || value > max {
                    return Err(format!("integer {value} does not fit in {}", type_name()));
                }
                return Ok(ctx.int_attr(value, ty));
            }
            let kind = float_kind(ctx, ty).ok_or_else(|| format!("llvm.constant has no constants of type {}", type_name()))?;
            let value = if !float && text.starts_with("0x") {
                if *negative {
                    return Err("hexadecimal literals may not be negative".to_string());
                }
                let bits = parse_int_text(text).and_then(|b| u64::try_from(b).ok()).ok_or("the bits do not fit the format")?;
                if kind.bit_width() < 64 && bits >> kind.bit_width() != 0 {
                    return Err(format!("the bits 0x{bits:X} do not fit in {}", type_name()));
                }
                float_format::decode(kind, bits)
            } else {
                let magnitude = match kind {
                    // Parsing an f32 directly rounds once, not twice through f64.
                    FloatKind::F32 => text.parse::<f32>().map(f64::from),
                    _ => text.parse::<f64>(),
                }
                .map_err(|_| format!("invalid float literal '{text}'"))?;
                let rounded = float_format::decode(kind, float_format::encode(kind, magnitude));
                if *negative { -rounded } else { rounded }
            };
            Ok(ctx.float_attr(value, ty))
        }
    }
}

/// The value of a decimal or `0x` hexadecimal integer.
fn parse_int_text(text: &str) -> Option<i128> {
    match text.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok().and_then(|v| i128::try_from(v).ok()),
        None => text.parse().ok(),
    }
}
