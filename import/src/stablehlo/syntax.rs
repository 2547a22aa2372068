//! Pieces shared by the parse hooks of StableHLO's pretty forms: renaming the state to its
//! hlo equivalent, attribute dictionaries, and the trailing type forms StableHLO's assembly
//! formats use:
//! - `custom<SameOperandsAndResultType>`: one type for every operand and the result, or a
//!   function type when they differ (`: tensor<2xf32>` or `: (tensor<2xf32>, ...) -> ...`);
//! - `functional-type(operands, results)`: `: (tensor<...>, ...) -> tensor<...>`.
//!
//! Invariant: a hook that returns `Ok` has resolved every operand it read and set the
//! result types; errors are located at the offending token.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::{Diagnostic, NamedAttribute, OpState, Type, TypeData};

/// Renames the state to the hlo op of `kind`, which it becomes.
pub(crate) fn rename(p: &OpParser, state: &mut OpState, kind: HloOpKind) {
    rename_to_name(p, state, kind.name());
}

/// Renames the state to the op named `name`, for ops that become ops of other dialects
/// (`func.call`, the `check` ops).
pub(crate) fn rename_to_name(p: &OpParser, state: &mut OpState, name: &str) {
    state.name = p.ctx().symbol(name);
}

/// Sets attribute `name` on the state.
pub(crate) fn set(p: &OpParser, state: &mut OpState, name: &str, value: xla_ir::Attribute) {
    let ctx = p.ctx();
    state.set_attr(ctx.symbol(name), value);
}

/// Sets the `array<i64: ...>` attribute `name`.
pub(crate) fn set_ints(p: &OpParser, state: &mut OpState, name: &str, values: &[i64]) {
    let ctx = p.ctx();
    state.set_attr(ctx.symbol(name), ctx.i64_array_attr(values));
}

/// Reads an optional `{...}` into the state, rejecting a name given twice.
pub(crate) fn attr_dict(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let at = p.loc();
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    merge_attrs(p, state, attrs, at)
}

/// Reads an optional `attributes {...}` (the keyword form `stablehlo.while` uses).
pub(crate) fn keyword_attr_dict(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    if p.accept_keyword("attributes") {
        let at = p.loc();
        let mut attrs = Vec::new();
        p.parse_attr_dict(&mut attrs)?;
        merge_attrs(p, state, attrs, at)?;
    }
    Ok(())
}

fn merge_attrs(p: &OpParser, state: &mut OpState, attrs: Vec<NamedAttribute>, at: xla_ir::Location) -> Result<(), Diagnostic> {
    for a in attrs {
        if state.attr(a.name).is_some() {
            return Err(Diagnostic::error(at, format!("attribute '{}' is given twice", p.ctx().symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    Ok(())
}

/// Reads `%a, %b, ...` (at least one operand), leaving a comma that is followed by
/// something else (`%a, %b, dim = 0`) unread.
pub(crate) fn operands(p: &mut OpParser) -> Result<Vec<UnresolvedOperand>, Diagnostic> {
    let mut operands = vec![p.parse_operand()?];
    while p.is(TokenKind::Comma) && p.peek_kind() == TokenKind::PercentIdent {
        p.expect(TokenKind::Comma)?;
        operands.push(p.parse_operand()?);
    }
    Ok(operands)
}

/// Reads `%a, %b, ` as `custom<VariadicOperandWithAttribute>` writes it: operands each
/// followed by a comma, up to the first token that is not an operand.
pub(crate) fn operands_with_trailing_commas(p: &mut OpParser) -> Result<Vec<UnresolvedOperand>, Diagnostic> {
    let mut operands = Vec::new();
    while p.is(TokenKind::PercentIdent) {
        operands.push(p.parse_operand()?);
        p.expect(TokenKind::Comma)?;
    }
    Ok(operands)
}

/// Reads `: (types) -> results` and resolves `operands` against the input types.
pub(crate) fn functional_type(p: &mut OpParser, state: &mut OpState, operands: &[UnresolvedOperand]) -> Result<(), Diagnostic> {
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_function_type()?;
    let (inputs, results) = function_parts(p, ty, at)?;
    resolve(p, state, operands, &inputs, at)?;
    state.result_types = results;
    Ok(())
}

/// Reads `: type` (every operand and the one result have it) or `: (types) -> type`.
pub(crate) fn same_type(p: &mut OpParser, state: &mut OpState, operands: &[UnresolvedOperand]) -> Result<(), Diagnostic> {
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_type()?;
    if matches!(p.ctx().type_data(ty), TypeData::Function { .. }) {
        let (inputs, results) = function_parts(p, ty, at)?;
        resolve(p, state, operands, &inputs, at)?;
        state.result_types = results;
    } else {
        resolve(p, state, operands, &vec![ty; operands.len()], at)?;
        state.result_types = vec![ty];
    }
    Ok(())
}

/// The inputs and results of a function type.
pub(crate) fn function_parts(p: &OpParser, ty: Type, at: xla_ir::Location) -> Result<(Vec<Type>, Vec<Type>), Diagnostic> {
    match p.ctx().type_data(ty) {
        TypeData::Function { inputs, results } => Ok((inputs.clone(), results.clone())),
        _ => Err(Diagnostic::error(at, format!("expected a function type, found {}", p.ctx().type_to_string(ty)))),
    }
}

/// Resolves `operands` against `types`, one each.
pub(crate) fn resolve(
    p: &mut OpParser,
    state: &mut OpState,
    operands: &[UnresolvedOperand],
    types: &[Type],
    at: xla_ir::Location,
) -> Result<(), Diagnostic> {
    if operands.len() != types.len() {
        return Err(Diagnostic::error(at, format!("expected {} operand type(s), found {}", operands.len(), types.len())));
    }
    state.operands = p.resolve_operands(operands, types)?;
    Ok(())
}

/// Reads `key = [1, 2]` after a comma has been read.
pub(crate) fn keyed_int_list(p: &mut OpParser, key: &str) -> Result<Vec<i64>, Diagnostic> {
    p.expect_keyword(key)?;
    p.expect(TokenKind::Equal)?;
    p.parse_int_list()
}
