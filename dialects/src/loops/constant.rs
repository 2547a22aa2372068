//! `loop.constant`: a scalar constant, `%c = loop.constant 1.0 : f32`,
//! `%i = loop.constant 0 : index`, `%p = loop.constant true : i1`.
//!
//! The `value` attribute is a typed integer (of an integer type or `index`) or float
//! attribute whose type is the result type, or `true`/`false` for `i1` (a bool attribute,
//! which the generic form prints and reads back as itself); the custom form writes the
//! number and the type once. A non-finite float prints as its bit pattern (`0x7FC00000 : f32`), which
//! reads back to the same bits. Complex constants are not supported yet.

use xla_ir::constraints::AnyAttr;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{AttrData, Diagnostic, OpId, OpRef, OpState, TypeData};
use xla_macros::op;

use super::forms::parse_attr_dict_into;
use super::types::ScalarType;

/// A scalar constant of the result's type.
///
/// The value is an integer (for integer types, `i1` and `index`) or a float of the result
/// type.
///
/// Example: `%c = loop.constant 1.0 : f32`
#[op(
    name = "loop.constant",
    traits = [Pure, ConstantLike],
    verify = verify_constant,
    print = print_constant,
    parse = parse_constant
)]
pub struct ConstantOp {
    /// The value, a typed integer or float attribute of the result type.
    #[attr]
    value: AnyAttr,
    /// The constant.
    #[result]
    result: ScalarType,
}

/// Checks `loop.constant`: the value is an integer or float attribute of the result type.
pub fn verify_constant(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let result = op.body.value_type(op.results()[0]);
    let value = op.attr("value").ok_or_else(|| op.error("requires attribute 'value'"))?;
    let value_type = match ctx.attr_data(value) {
        AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } => *ty,
        AttrData::Bool(_) => ctx.int_type(1),
        _ => {
            return Err(op.error(format!(
                "value must be an integer or float attribute, found {}",
                ctx.attr_to_string(value)
            )))
        }
    };
    if value_type != result {
        return Err(op.error(format!(
            "value has type {}, but the result has type {}",
            ctx.type_to_string(value_type),
            ctx.type_to_string(result)
        )));
    }
    let integer_of_float = matches!(ctx.attr_data(value), AttrData::Integer { .. }) && ctx.is_float(result);
    if integer_of_float || matches!(ctx.type_data(result), TypeData::Complex(_)) {
        return Err(op.error(format!("cannot hold a constant of type {}", ctx.type_to_string(result))));
    }
    Ok(())
}

/// Prints ` {attrs} 1.0 : f32` (`true`/`false` for `i1`; the dictionary only when there
/// are other attributes, first as in MLIR's `arith.constant`). A value that is no typed
/// number of the result type (which the verifier rejects) stays in the dictionary, so that
/// the op reads back.
fn print_constant(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    let result = body.value_type(data.results[0]);
    let value = body.attr(op, "value");
    let text = value.and_then(|v| match ctx.attr_data(v) {
        AttrData::Integer { value, ty } if *ty == result => Some(integer_text(ctx, *value, result)),
        AttrData::Bool(b) if result == ctx.int_type(1) => Some(b.to_string()),
        AttrData::Float { bits, ty } if *ty == result => {
            let mut s = String::new();
            xla_ir::dense::write_float(&mut s, f64::from_bits(*bits), result, ctx);
            Some(s)
        }
        _ => None,
    });
    match &text {
        Some(text) => {
            p.print_attr_dict(&data.attributes, &["value"]);
            p.print(" ");
            p.print(text);
        }
        None => p.print_attr_dict(&data.attributes, &[]),
    }
    p.print(" : ");
    p.print_type(result);
}

/// An integer as the custom form writes it: `true`/`false` for `i1`.
fn integer_text(ctx: &xla_ir::Context, value: i128, ty: xla_ir::Type) -> String {
    if matches!(ctx.type_data(ty), TypeData::Integer { width: 1, .. }) {
        (if value != 0 { "true" } else { "false" }).to_string()
    } else {
        value.to_string()
    }
}

/// Parses what [`print_constant`] prints: an optional dictionary, a number (or
/// `true`/`false`), `:` and the type, which types the number.
fn parse_constant(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    parse_attr_dict_into(p, state)?;
    if p.accept(TokenKind::Colon) {
        // A value that is no typed number sat in the dictionary.
        state.result_types = vec![p.parse_type()?];
        return Ok(());
    }
    let at = p.loc();
    let boolean = match p.token().text {
        "true" if p.is(TokenKind::BareIdent) => Some(true),
        "false" if p.is(TokenKind::BareIdent) => Some(false),
        _ => None,
    };
    // The number is read with the type after it: `1.0 : f32` is a typed float attribute.
    let value = match boolean {
        Some(b) => {
            p.parse_identifier()?;
            p.expect(TokenKind::Colon)?;
            let at = p.loc();
            let ty = p.parse_type()?;
            if ty != ctx.int_type(1) {
                return Err(Diagnostic::error(at, format!("'{b}' is a constant of type i1, not {}", ctx.type_to_string(ty))));
            }
            ctx.bool_attr(b)
        }
        None => {
            if !matches!(p.token().kind, TokenKind::Integer | TokenKind::Float | TokenKind::Minus) {
                return Err(p.error(format!("expected a number, found {}", p.describe_current())));
            }
            p.parse_attribute()?
        }
    };
    let ty = match ctx.attr_type(value) {
        Some(ty) => ty,
        None if boolean.is_some() => ctx.int_type(1),
        None => return Err(Diagnostic::error(at, "expected a number and its type: `1.0 : f32`")),
    };
    if state.attr(ctx.symbol("value")).is_some() {
        return Err(Diagnostic::error(at, "attribute 'value' is given twice"));
    }
    state.set_attr(ctx.symbol("value"), value);
    state.result_types = vec![ty];
    Ok(())
}
