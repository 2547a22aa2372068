//! Pieces of the loop ops' custom forms: operand lists with their types, indexed buffer
//! accesses (`%b[%i, %j]`), keywords naming enumerated kinds, and attribute dictionaries
//! that may not repeat what the form already says.
//!
//! Invariant: every printer here prints exactly what the matching parser reads back; a
//! malformed form is a located diagnostic, never a panic.

use xla_ir::parser::{lexer::TokenKind, OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpState, Type, ValueId};

/// Parses an optional `{...}` dictionary into `state`, rejecting attributes the custom form
/// already set.
pub fn parse_attr_dict_into(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut attributes = Vec::new();
    let at = p.loc();
    p.parse_optional_attr_dict(&mut attributes)?;
    for a in attributes {
        if state.attr(a.name).is_some() {
            return Err(Diagnostic::error(at, format!("attribute '{}' is given twice", p.ctx().symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    Ok(())
}

/// Prints ` %a, %b : A, B`, or nothing for no values.
pub fn print_values_with_types(p: &mut OpPrinter, values: &[ValueId]) {
    if values.is_empty() {
        return;
    }
    let body = p.body();
    p.print(" ");
    p.print_operands(values);
    p.print(" : ");
    let types: Vec<Type> = values.iter().map(|v| body.value_type(*v)).collect();
    p.print_types(&types);
}

/// Parses what [`print_values_with_types`] prints: `%a, %b : A, B` or nothing.
pub fn parse_values_with_types(p: &mut OpParser) -> Result<Vec<ValueId>, Diagnostic> {
    let operands = p.parse_optional_operand_list()?;
    if operands.is_empty() {
        return Ok(Vec::new());
    }
    p.expect(TokenKind::Colon)?;
    let types = parse_types_for(p, operands.len())?;
    p.resolve_operands(&operands, &types)
}

/// Parses exactly `count` comma-separated types.
pub fn parse_types_for(p: &mut OpParser, count: usize) -> Result<Vec<Type>, Diagnostic> {
    let at = p.loc();
    let types = p.parse_type_list()?;
    if types.len() != count {
        return Err(Diagnostic::error(at, format!("expected {count} types, found {}", types.len())));
    }
    Ok(types)
}

/// Prints `(A, B)`, the parenthesized form of a type list.
pub fn print_type_tuple(p: &mut OpPrinter, types: &[Type]) {
    p.print("(");
    p.print_types(types);
    p.print(")");
}

/// Parses `(A, B)` or `()`.
pub fn parse_type_tuple(p: &mut OpParser) -> Result<Vec<Type>, Diagnostic> {
    p.expect(TokenKind::LParen)?;
    if p.accept(TokenKind::RParen) {
        return Ok(Vec::new());
    }
    let types = p.parse_type_list()?;
    p.expect(TokenKind::RParen)?;
    Ok(types)
}

/// Prints `%b[%i, %j]`.
pub fn print_indexed(p: &mut OpPrinter, buffer: ValueId, indices: &[ValueId]) {
    p.print_operand(buffer);
    p.print("[");
    p.print_operands(indices);
    p.print("]");
}

/// Parses `%b[%i, %j]` (or `%b[]`) into the buffer and its indices, unresolved.
pub fn parse_indexed(p: &mut OpParser) -> Result<(UnresolvedOperand, Vec<UnresolvedOperand>), Diagnostic> {
    let buffer = p.parse_operand()?;
    p.expect(TokenKind::LSquare)?;
    let indices = if p.is(TokenKind::RSquare) { Vec::new() } else { p.parse_operand_list()? };
    p.expect(TokenKind::RSquare)?;
    Ok((buffer, indices))
}

/// Parses `(%a, %b)` or `()`: a parenthesized operand list, unresolved.
pub fn parse_operand_tuple(p: &mut OpParser) -> Result<Vec<UnresolvedOperand>, Diagnostic> {
    p.expect(TokenKind::LParen)?;
    if p.accept(TokenKind::RParen) {
        return Ok(Vec::new());
    }
    let operands = p.parse_operand_list()?;
    p.expect(TokenKind::RParen)?;
    Ok(operands)
}

/// Prints `(%a, %b)`.
pub fn print_operand_tuple(p: &mut OpPrinter, values: &[ValueId]) {
    p.print("(");
    p.print_operands(values);
    p.print(")");
}

/// Parses a bare keyword naming a value of an enumerated attribute described as `what`.
pub fn parse_keyword<E>(p: &mut OpParser, parse: fn(&str) -> Option<E>, what: &str) -> Result<E, Diagnostic> {
    let at = p.loc();
    let word = p.parse_identifier()?;
    parse(word).ok_or_else(|| Diagnostic::error(at, format!("expected {what}, found '{word}'")))
}

/// Parses `(%x = %init, %y = %init2)`: names bound to a region's entry arguments, each
/// with the operand that initializes it, both unresolved.
pub fn parse_bindings(p: &mut OpParser) -> Result<Vec<(UnresolvedOperand, UnresolvedOperand)>, Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let mut bindings = Vec::new();
    if p.accept(TokenKind::RParen) {
        return Ok(bindings);
    }
    loop {
        let name = p.parse_operand()?;
        p.expect(TokenKind::Equal)?;
        let init = p.parse_operand()?;
        bindings.push((name, init));
        if p.accept(TokenKind::RParen) {
            return Ok(bindings);
        }
        p.expect(TokenKind::Comma)?;
    }
}

/// Prints `(%x = %init, ...)` for entry arguments `names` and their initial values.
pub fn print_bindings(p: &mut OpPrinter, names: &[ValueId], inits: &[ValueId]) {
    p.print("(");
    for (i, (name, init)) in names.iter().zip(inits).enumerate() {
        if i > 0 {
            p.print(", ");
        }
        p.print_operand(*name);
        p.print(" = ");
        p.print_operand(*init);
    }
    p.print(")");
}

/// Prints the form of the scalar ops named by a kind (`loop.arith`, `loop.math`):
/// ` KIND %a, %b {attrs} : T`, where `kind` is the name of the op's `kind` attribute when it
/// is a value of its enumeration (otherwise the attribute stays in the dictionary).
pub fn print_kind_op(p: &mut OpPrinter, op: xla_ir::OpId, kind: Option<&str>) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    if let Some(kind) = kind {
        p.print(kind);
        p.print(" ");
    }
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, if kind.is_some() { &["kind"] } else { &[] });
    p.print(" : ");
    p.print_type(body.value_type(data.results[0]));
}

/// Parses what [`print_kind_op`] prints for an op of `count` operands: the kind keyword
/// (read by `parse_kind`, stored by `make_kind` as `kind`), the operands, the dictionary
/// and the one type of the operands and the result.
pub fn parse_kind_op<K>(
    p: &mut OpParser,
    state: &mut OpState,
    count: usize,
    parse_kind: fn(&str) -> Option<K>,
    make_kind: fn(&xla_ir::Context, K) -> xla_ir::Attribute,
    description: &str,
) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if !p.is(TokenKind::PercentIdent) {
        let kind = parse_keyword(p, parse_kind, description)?;
        state.set_attr(ctx.symbol("kind"), make_kind(ctx, kind));
    }
    let at = p.loc();
    let operands = p.parse_operand_list()?;
    if operands.len() != count {
        return Err(Diagnostic::error(at, format!("expected {count} operands, found {}", operands.len())));
    }
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let ty = p.parse_type()?;
    state.operands = p.resolve_operands(&operands, &vec![ty; count])?;
    state.result_types = vec![ty];
    Ok(())
}
