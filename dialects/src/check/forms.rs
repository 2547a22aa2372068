//! The custom forms of the check ops, as StableHLO prints them:
//!
//! - two operands: `check.expect_eq %a, %b : tensor<2xi32>`, with the numeric options of an
//!   approximate check as a comma-separated tail before the type,
//!   `check.expect_almost_eq %a, %b, tolerance = 0.001 : tensor<2xf32>`;
//! - an operand and a literal: `check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>`,
//!   the options after the literal: `..., dense<1.0> : tensor<2xf32>, tolerance = 0.001`.
//!
//! Each option is printed only when its attribute is set; other attributes follow in a
//! `{...}` dictionary.
//!
//! Invariant: each printer prints exactly what its parser reads back to the same operands and
//! attributes (a float option as an `f64` attribute, an integer option as an `i64` one).

use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{AttrData, Diagnostic, FloatKind, OpId, OpState};

/// What kind of number an option holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    /// An `f64` attribute, written as a plain number.
    Float,
    /// An `i64` attribute, written as a plain integer.
    Integer,
}

/// Prints `, name = value` for each option of `names` that `op` has.
fn print_options(p: &mut OpPrinter, op: OpId, names: &[(&str, OptionKind)]) {
    let body = p.body();
    let ctx = body.ctx();
    for (name, _) in names {
        let Some(attr) = body.attr(op, name) else { continue };
        let text = match ctx.attr_data(attr) {
            AttrData::Integer { value, .. } => value.to_string(),
            AttrData::Float { bits, ty } => {
                let mut s = String::new();
                xla_ir::dense::write_float(&mut s, f64::from_bits(*bits), *ty, ctx);
                s
            }
            // An attribute of another kind (an unverified op) is left to the dictionary.
            _ => continue,
        };
        p.print(&format!(", {name} = {text}"));
    }
}

/// The names of `names` that [`print_options`] prints for `op`, to leave out of its
/// attribute dictionary.
fn printed_options<'n>(p: &OpPrinter, op: OpId, names: &[(&'n str, OptionKind)]) -> Vec<&'n str> {
    let body = p.body();
    names
        .iter()
        .filter(|(name, _)| {
            body.attr(op, name).is_some_and(|a| matches!(body.ctx().attr_data(a), AttrData::Integer { .. } | AttrData::Float { .. }))
        })
        .map(|(name, _)| *name)
        .collect()
}

/// Parses `, name = value` options in any order, each at most once, into `state`.
fn parse_options(p: &mut OpParser, state: &mut OpState, names: &[(&str, OptionKind)]) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    while p.accept(TokenKind::Comma) {
        let at = p.loc();
        let word = p.parse_identifier()?.to_string();
        let Some((name, kind)) = names.iter().find(|(n, _)| *n == word) else {
            let expected: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
            return Err(Diagnostic::error(at, format!("expected one of {}, found '{word}'", expected.join(", "))));
        };
        let symbol = ctx.symbol(name);
        if state.attr(symbol).is_some() {
            return Err(Diagnostic::error(at, format!("option '{name}' is given twice")));
        }
        p.expect(TokenKind::Equal)?;
        let value = match kind {
            OptionKind::Float => ctx.float_attr(p.parse_f64()?, ctx.float_type(FloatKind::F64)),
            OptionKind::Integer => {
                let at = p.loc();
                let v = p.parse_integer()?;
                let v = i64::try_from(v).map_err(|_| Diagnostic::error(at, format!("'{name}' does not fit in 64 bits")))?;
                ctx.i64_attr(v)
            }
        };
        state.set_attr(symbol, value);
    }
    Ok(())
}

/// Prints ` %a, %b, options {attrs} : type`.
pub fn print_pair(p: &mut OpPrinter, op: OpId, options: &[(&str, OptionKind)]) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    print_options(p, op, options);
    let elided = printed_options(p, op, options);
    p.print_attr_dict(&data.attributes, &elided);
    if let Some(first) = data.operands.first() {
        p.print(" : ");
        p.print_type(body.value_type(*first));
    }
}

/// Parses what [`print_pair`] prints: two operands of the one type written, or of the two
/// types written as StableHLO prints them.
pub fn parse_pair(p: &mut OpParser, state: &mut OpState, options: &[(&str, OptionKind)]) -> Result<(), Diagnostic> {
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_operand()?;
    parse_options(p, state, options)?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    // StableHLO's printer writes both operands' types (`: tensor<f16>, tensor<f16>`); the
    // second, when given, is the second operand's.
    let rhs_type = if p.accept(TokenKind::Comma) { p.parse_type()? } else { ty };
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, rhs_type])?;
    Ok(())
}

/// Prints ` %a, dense<...> : type, options {attrs}`: the literal is the `value` attribute.
pub fn print_with_literal(p: &mut OpPrinter, op: OpId, options: &[(&str, OptionKind)]) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    let value = body.attr(op, "value");
    if let Some(value) = value {
        p.print(", ");
        p.print_attr(value);
    }
    print_options(p, op, options);
    let mut elided = printed_options(p, op, options);
    if value.is_some() {
        elided.push("value");
    }
    p.print_attr_dict(&data.attributes, &elided);
}

/// Parses what [`print_with_literal`] prints. The operand takes the literal's type unless it
/// is already defined with another, which it keeps so the verifier can name both types.
pub fn parse_with_literal(p: &mut OpParser, state: &mut OpState, options: &[(&str, OptionKind)]) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let at = p.loc();
    let value = p.parse_attribute()?;
    let Some(literal_type) = ctx.as_dense(value).map(|d| d.ty) else {
        return Err(Diagnostic::error(at, format!("expected a dense literal, found {}", ctx.attr_to_string(value))));
    };
    state.set_attr(ctx.symbol("value"), value);
    parse_options(p, state, options)?;
    parse_attr_dict_into(p, state)?;
    let ty = p.defined_type(&lhs).unwrap_or(literal_type);
    state.operands = vec![p.resolve_operand(&lhs, ty)?];
    Ok(())
}

/// Parses an optional `{...}` into `state`, refusing attributes given twice.
fn parse_attr_dict_into(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let at = p.loc();
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    for a in attrs {
        if state.attr(a.name).is_some() {
            return Err(Diagnostic::error(at, format!("attribute '{}' is given twice", ctx.symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    Ok(())
}
