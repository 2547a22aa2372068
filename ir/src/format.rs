//! The declarative assembly format engine: prints and parses an operation's custom form
//! from the format string its definition declares (MLIR's `assemblyFormat`, interpreted).
//!
//! Directives:
//! - `$name`: an operand group (`%a, %b`), an attribute (in its short form where its kind has
//!   one: `[0, 1]` for integer arrays), or a region (`{ ^bb0(...): ... }`);
//! - `` `lit` ``: punctuation or a keyword;
//! - `attr-dict`: the attributes the format does not name, as `{...}` when there are any;
//! - `type($name)`, `type(operands)`, `type(results)`: types of a group or of all;
//! - `functional-type(operands, results)`: `(a, b) -> c`.
//!
//! Operand types come from the format when it names them, else from the single result type
//! for `SameOperandsAndResultType` ops, else from the operands' definitions. Result types come
//! from the format, else from the op's shape function. The `#[op]` macro checks format strings
//! at compile time; [`parse_directives`] still reports a malformed one as an error.

use crate::op_def::{Arity, OpDef, OpTrait, ShortForm};
use crate::parser::lexer::TokenKind;
use crate::parser::{OpParser, UnresolvedOperand};
use crate::printer::OpPrinter;
use crate::{Diagnostic, OpId, OpState, Type};

/// What a `type(...)` directive refers to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TypeTarget {
    Operand(usize),
    Result(usize),
    AllOperands,
    AllResults,
}

/// One element of a format.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Directive {
    Literal(String),
    Operand(usize),
    Attribute(usize),
    Region(usize),
    AttrDict,
    TypeOf(TypeTarget),
    FunctionalType,
}

/// Splits a format string into directives resolved against `def`'s declarations.
pub fn parse_directives(def: &OpDef, format: &str) -> Result<Vec<Directive>, String> {
    let mut out = Vec::new();
    let mut rest = format.trim_start();
    let resolve = |name: &str| -> Result<Directive, String> {
        if let Some(i) = def.operands.iter().position(|o| o.name == name) {
            Ok(Directive::Operand(i))
        } else if let Some(i) = def.attributes.iter().position(|a| a.name == name) {
            Ok(Directive::Attribute(i))
        } else if let Some(i) = def.regions.iter().position(|r| r.name == name) {
            Ok(Directive::Region(i))
        } else {
            Err(format!("'{name}' names no operand, attribute or region of '{}'", def.name))
        }
    };
    let ident_len = |s: &str| s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(s.len());
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        if let Some(r) = rest.strip_prefix('`') {
            let end = r.find('`').ok_or("unterminated literal")?;
            out.push(Directive::Literal(r[..end].to_string()));
            rest = &r[end + 1..];
        } else if let Some(r) = rest.strip_prefix('$') {
            let n = ident_len(r);
            out.push(resolve(&r[..n])?);
            rest = &r[n..];
        } else {
            let n = ident_len(rest);
            let word = &rest[..n];
            rest = &rest[n..];
            match word {
                "attr-dict" => out.push(Directive::AttrDict),
                "type" | "functional-type" => {
                    let open = rest.strip_prefix('(').ok_or_else(|| format!("expected '(' after '{word}'"))?;
                    let close = open.find(')').ok_or("unterminated directive")?;
                    let args: Vec<&str> = open[..close].split(',').map(str::trim).collect();
                    rest = &open[close + 1..];
                    if word == "functional-type" {
                        if args != ["operands", "results"] {
                            return Err("functional-type takes (operands, results)".into());
                        }
                        out.push(Directive::FunctionalType);
                        continue;
                    }
                    let target = match args[..] {
                        ["operands"] => TypeTarget::AllOperands,
                        ["results"] => TypeTarget::AllResults,
                        [arg] => {
                            let name = arg.strip_prefix('$').ok_or("type() takes $name, operands or results")?;
                            if let Some(i) = def.operands.iter().position(|o| o.name == name) {
                                TypeTarget::Operand(i)
                            } else if let Some(i) = def.results.iter().position(|o| o.name == name) {
                                TypeTarget::Result(i)
                            } else {
                                return Err(format!("'{name}' names no operand or result of '{}'", def.name));
                            }
                        }
                        _ => return Err("type() takes one argument".into()),
                    };
                    out.push(Directive::TypeOf(target));
                }
                _ => return Err(format!("unknown directive '{word}'")),
            }
        }
    }
    Ok(out)
}

fn is_closing(text: &str) -> bool {
    matches!(text, "," | ")" | "]" | ">")
}

fn is_opening(text: &str) -> bool {
    matches!(text, "(" | "[" | "<")
}

/// Prints the custom form of `op` after its name.
pub fn print_with_format(p: &mut OpPrinter, def: &OpDef, format: &str, op: OpId) {
    let directives = match parse_directives(def, format) {
        Ok(d) => d,
        Err(message) => {
            p.print(&format!(" <<invalid format: {message}>>"));
            return;
        }
    };
    let body = p.body();
    let ctx = p.ctx();
    let data = body.op(op);
    let operand_groups = crate::op_def::value_segments(def.operands, data.operands.len());
    let result_groups = crate::op_def::value_segments(def.results, data.results.len());
    let named_attrs: Vec<&str> = directives
        .iter()
        .filter_map(|d| match d {
            Directive::Attribute(i) => Some(def.attributes[*i].name),
            _ => None,
        })
        .collect();
    // Whether the next piece needs a space before it; `(` as the first piece hugs the name.
    let mut need_space = !matches!(directives.first(), Some(Directive::Literal(l)) if l == "(");
    let piece = |p: &mut OpPrinter, need_space: &mut bool, text: &str, opening: bool| {
        if text.is_empty() {
            return;
        }
        // `(` and `[` hug what precedes them (`@callee(%a)`) unless punctuation does.
        let hugs = opening && !p.out.ends_with([',', ':', '=', '>']);
        if *need_space && !is_closing(text) && !hugs {
            p.print(" ");
        }
        p.print(text);
        *need_space = !opening;
    };
    let group_len = |target: &TypeTarget| match target {
        TypeTarget::Operand(i) => operand_groups.as_ref().map_or(0, |g| g[*i].len()),
        TypeTarget::Result(i) => result_groups.as_ref().map_or(0, |g| g[*i].len()),
        TypeTarget::AllOperands => data.operands.len(),
        TypeTarget::AllResults => data.results.len(),
    };
    for (k, d) in directives.iter().enumerate() {
        match d {
            // A `:` before an empty type list is left out (`hlo.return` with no values).
            Directive::Literal(text)
                if text == ":" && matches!(directives.get(k + 1), Some(Directive::TypeOf(t)) if group_len(t) == 0) => {}
            Directive::Literal(text) => piece(p, &mut need_space, text, is_opening(text)),
            Directive::Operand(i) => {
                let values = operand_groups.as_ref().map_or(&data.operands[..0], |g| &data.operands[g[*i].clone()]);
                let text = values.iter().map(|v| format!("%{}", p.value_name(*v))).collect::<Vec<_>>().join(", ");
                piece(p, &mut need_space, &text, false);
            }
            Directive::Attribute(i) => {
                let attr_def = &def.attributes[*i];
                if let Some(value) = body.attr(op, attr_def.name) {
                    let text = short_form_text(ctx, attr_def.constraint.short_form, value);
                    piece(p, &mut need_space, &text, false);
                }
            }
            Directive::Region(i) => {
                if need_space {
                    p.print(" ");
                }
                let regions = if def.regions[*i].variadic { &data.regions[*i..] } else { &data.regions[*i..*i + 1] };
                for (k, region) in regions.iter().enumerate() {
                    if k > 0 {
                        p.print(", ");
                    }
                    p.print_region(*region, true);
                }
                need_space = true;
            }
            Directive::AttrDict => {
                let before = p.out.len();
                p.print_attr_dict(&data.attributes, &named_attrs);
                if p.out.len() != before {
                    need_space = true;
                }
            }
            // Ops whose operands and result share one type print it once; when implicit
            // broadcasting makes them differ, they print the functional type instead.
            Directive::TypeOf(TypeTarget::Result(_)) if one_type_form(def) && !all_types_equal(body, op) => {
                let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
                let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
                let mut text = String::from("(");
                ctx.write_type_list(&mut text, &inputs);
                text.push_str(") -> ");
                ctx.write_result_types(&mut text, &results);
                piece(p, &mut need_space, &text, false);
            }
            Directive::TypeOf(target) => {
                let values: Vec<_> = match target {
                    TypeTarget::Operand(i) => operand_groups.as_ref().map_or(vec![], |g| data.operands[g[*i].clone()].to_vec()),
                    TypeTarget::Result(i) => result_groups.as_ref().map_or(vec![], |g| data.results[g[*i].clone()].to_vec()),
                    TypeTarget::AllOperands => data.operands.clone(),
                    TypeTarget::AllResults => data.results.clone(),
                };
                let types: Vec<Type> = values.iter().map(|v| body.value_type(*v)).collect();
                let mut text = String::new();
                ctx.write_type_list(&mut text, &types);
                piece(p, &mut need_space, &text, false);
            }
            Directive::FunctionalType => {
                let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
                let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
                let mut text = String::from("(");
                ctx.write_type_list(&mut text, &inputs);
                text.push_str(") -> ");
                ctx.write_result_types(&mut text, &results);
                piece(p, &mut need_space, &text, false);
            }
        }
    }
}

fn literal_token(text: &str) -> Option<TokenKind> {
    Some(match text {
        "," => TokenKind::Comma,
        ":" => TokenKind::Colon,
        "::" => TokenKind::ColonColon,
        "=" => TokenKind::Equal,
        "->" => TokenKind::Arrow,
        "(" => TokenKind::LParen,
        ")" => TokenKind::RParen,
        "[" => TokenKind::LSquare,
        "]" => TokenKind::RSquare,
        "{" => TokenKind::LBrace,
        "}" => TokenKind::RBrace,
        "<" => TokenKind::Less,
        ">" => TokenKind::Greater,
        "?" => TokenKind::Question,
        "*" => TokenKind::Star,
        "|" => TokenKind::Vertical,
        _ => return None,
    })
}

/// Parses the custom form of `def` after its name into `state`.
pub fn parse_with_format(p: &mut OpParser, def: &'static OpDef, format: &str, state: &mut OpState) -> Result<(), Diagnostic> {
    let start = p.loc();
    let directives = parse_directives(def, format).map_err(|m| Diagnostic::error(start, format!("invalid format of '{}': {m}", def.name)))?;
    let ctx = p.ctx();
    let mut operands: Vec<Vec<UnresolvedOperand>> = vec![Vec::new(); def.operands.len()];
    let mut operand_types: Vec<Option<Vec<Type>>> = vec![None; def.operands.len()];
    let mut result_types: Vec<Option<Vec<Type>>> = vec![None; def.results.len()];
    let mut all_operand_types: Option<Vec<Type>> = None;
    let mut all_result_types: Option<Vec<Type>> = None;
    let isolated = def.has_trait(OpTrait::IsolatedFromAbove);
    let mut regions: Vec<Option<Vec<crate::RegionId>>> = vec![None; def.regions.len()];
    let mut omitted_types = false;
    for (k, d) in directives.iter().enumerate() {
        match d {
            // The printer leaves out a `:` before an empty type list: without it, the list
            // that follows is empty.
            Directive::Literal(text)
                if text == ":" && matches!(directives.get(k + 1), Some(Directive::TypeOf(_))) && !p.is(TokenKind::Colon) =>
            {
                omitted_types = true;
            }
            Directive::TypeOf(_) if std::mem::take(&mut omitted_types) => {
                let empty = match d {
                    Directive::TypeOf(TypeTarget::Operand(i)) => operands[*i].is_empty(),
                    Directive::TypeOf(TypeTarget::AllOperands) => operands.iter().all(Vec::is_empty),
                    _ => true,
                };
                if !empty {
                    return Err(p.error(format!("expected ':' and the operand types, found {}", p.describe_current())));
                }
                match d {
                    Directive::TypeOf(TypeTarget::Operand(i)) => operand_types[*i] = Some(Vec::new()),
                    Directive::TypeOf(TypeTarget::Result(i)) => result_types[*i] = Some(Vec::new()),
                    Directive::TypeOf(TypeTarget::AllOperands) => all_operand_types = Some(Vec::new()),
                    _ => all_result_types = Some(Vec::new()),
                }
            }
            Directive::Literal(text) => match literal_token(text) {
                Some(kind) => {
                    p.expect(kind)?;
                }
                None => p.expect_keyword(text)?,
            },
            Directive::Operand(i) => {
                operands[*i] = match def.operands[*i].arity {
                    Arity::One => vec![p.parse_operand()?],
                    Arity::Optional | Arity::Variadic => p.parse_optional_operand_list()?,
                };
            }
            Directive::Attribute(i) => {
                let attr_def = &def.attributes[*i];
                let value = match attr_def.constraint.short_form {
                    ShortForm::IntList if p.is(TokenKind::LSquare) => ctx.i64_array_attr(&p.parse_int_list()?),
                    ShortForm::NestedIntList if p.is(TokenKind::LSquare) => p.parse_nested_int_list()?,
                    ShortForm::Keyword if p.is(TokenKind::BareIdent) => ctx.string_attr(p.parse_identifier()?),
                    ShortForm::Integer if matches!(p.token().kind, TokenKind::Integer | TokenKind::Minus) => {
                        let at = p.loc();
                        let value = p.parse_integer()?;
                        let value = i64::try_from(value).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
                        ctx.i64_attr(value)
                    }
                    ShortForm::Float if matches!(p.token().kind, TokenKind::Float | TokenKind::Integer | TokenKind::Minus) => {
                        ctx.float_attr(p.parse_f64()?, ctx.float_type(crate::FloatKind::F64))
                    }
                    _ => p.parse_attribute()?,
                };
                state.set_attr(ctx.symbol(attr_def.name), value);
            }
            Directive::Region(i) => {
                let mut group = vec![p.parse_region(Vec::new(), isolated)?];
                if def.regions[*i].variadic {
                    while p.is(TokenKind::Comma) && next_is_region(p) {
                        p.expect(TokenKind::Comma)?;
                        group.push(p.parse_region(Vec::new(), isolated)?);
                    }
                }
                regions[*i] = Some(group);
            }
            Directive::AttrDict => {
                let mut attrs = Vec::new();
                p.parse_optional_attr_dict(&mut attrs)?;
                for a in attrs {
                    if state.attr(a.name).is_some() {
                        return Err(p.error(format!("attribute '{}' is given twice", ctx.symbol_str(a.name))));
                    }
                    state.attributes.push(a);
                }
            }
            Directive::TypeOf(target) => match target {
                TypeTarget::Operand(i) => {
                    let n = operands[*i].len();
                    let mut types = Vec::with_capacity(n);
                    for k in 0..n {
                        if k > 0 {
                            p.expect(TokenKind::Comma)?;
                        }
                        types.push(p.parse_type()?);
                    }
                    operand_types[*i] = Some(types);
                }
                TypeTarget::Result(_) if one_type_form(def) && p.is(TokenKind::LParen) => {
                    // The functional type of a broadcasting elementwise op.
                    let at = p.loc();
                    let ty = p.parse_function_type()?;
                    let crate::TypeData::Function { inputs, results } = ctx.type_data(ty).clone() else {
                        return Err(Diagnostic::error(at, "expected a function type"));
                    };
                    all_operand_types = Some(inputs);
                    all_result_types = Some(results);
                }
                TypeTarget::Result(i) => {
                    result_types[*i] = Some(match def.results[*i].arity {
                        Arity::One => vec![p.parse_type()?],
                        _ => p.parse_type_list()?,
                    });
                }
                TypeTarget::AllOperands => {
                    let n: usize = operands.iter().map(Vec::len).sum();
                    let types = if n == 0 { Vec::new() } else { p.parse_type_list()? };
                    all_operand_types = Some(types);
                }
                TypeTarget::AllResults => all_result_types = Some(p.parse_type_list()?),
            },
            Directive::FunctionalType => {
                let at = p.loc();
                let ty = p.parse_function_type()?;
                let crate::TypeData::Function { inputs, results } = ctx.type_data(ty).clone() else {
                    return Err(Diagnostic::error(at, "expected a function type"));
                };
                all_operand_types = Some(inputs);
                all_result_types = Some(results);
            }
        }
    }
    state.regions.extend(regions.into_iter().flatten().flatten());

    // Result types: from the format, else from shape inference (after operands resolve).
    let explicit_results: Option<Vec<Type>> = all_result_types.or_else(|| {
        result_types.iter().all(Option::is_some).then(|| result_types.iter().flatten().flatten().copied().collect())
    });
    let flat_operands: Vec<UnresolvedOperand> = operands.iter().flatten().cloned().collect();
    let same_type = one_type_form(def);
    let types: Vec<Type> = if let Some(all) = all_operand_types {
        if all.len() != flat_operands.len() {
            return Err(Diagnostic::error(start, format!("expected {} operand type(s), found {}", flat_operands.len(), all.len())));
        }
        all
    } else {
        let mut types = Vec::with_capacity(flat_operands.len());
        for (group, given) in operands.iter().zip(&operand_types) {
            for (k, operand) in group.iter().enumerate() {
                let ty = match given {
                    Some(t) => Some(t[k]),
                    None if same_type => explicit_results.as_ref().and_then(|r| r.first().copied()),
                    None => None,
                };
                let ty = ty.or_else(|| p.defined_type(operand)).ok_or_else(|| {
                    Diagnostic::error(operand.loc, format!("cannot infer the type of '%{}' here: it must be defined before use", operand.name))
                })?;
                types.push(ty);
            }
        }
        types
    };
    state.operands = p.resolve_operands(&flat_operands, &types)?;
    state.result_types = match explicit_results {
        Some(r) => r,
        None => {
            let infer = def.infer.ok_or_else(|| Diagnostic::error(start, format!("'{}' cannot infer its result types", def.name)))?;
            let cx = crate::op_def::InferContext { ctx, operand_types: &types, attributes: &state.attributes };
            infer(&cx).map_err(|m| Diagnostic::error(start, format!("'{}' op {m}", def.name)))?
        }
    };
    Ok(())
}

/// Whether every operand and result of `op` has the same type.
fn all_types_equal(body: &crate::Body, op: OpId) -> bool {
    let data = body.op(op);
    let mut types = data.operands.iter().chain(&data.results).map(|v| body.value_type(*v));
    let first = types.next();
    types.all(|t| Some(t) == first)
}

/// The text of `value` in a declarative format, in its short form where it has one.
fn short_form_text(ctx: &crate::Context, form: ShortForm, value: crate::Attribute) -> String {
    let list = |values: &[i64]| format!("[{}]", values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "));
    match form {
        ShortForm::IntList => ctx.as_int_array(value).map(list),
        ShortForm::NestedIntList => match ctx.attr_data(value) {
            crate::AttrData::Array(entries) => entries
                .iter()
                .map(|e| ctx.as_int_array(*e).map(list))
                .collect::<Option<Vec<_>>>()
                .map(|lists| format!("[{}]", lists.join(", "))),
            _ => None,
        },
        ShortForm::Keyword => ctx.as_string(value).filter(|s| crate::attributes::is_bare_identifier(s)).map(str::to_string),
        ShortForm::Integer => match ctx.attr_data(value) {
            crate::AttrData::Integer { value, ty } if *ty == ctx.int_type(64) => Some(value.to_string()),
            _ => None,
        },
        ShortForm::Float => match ctx.attr_data(value) {
            crate::AttrData::Float { bits, ty } if *ty == ctx.float_type(crate::FloatKind::F64) => {
                let mut text = String::new();
                crate::dense::write_float(&mut text, f64::from_bits(*bits), *ty, ctx);
                Some(text)
            }
            _ => None,
        },
        ShortForm::Full => None,
    }
    .unwrap_or_else(|| ctx.attr_to_string(value))
}


/// Whether the token after the current `,` opens a region.
fn next_is_region(p: &OpParser) -> bool {
    p.peek_kind() == TokenKind::LBrace
}

/// Whether the format's single result type stands for the operands' types too.
fn one_type_form(def: &OpDef) -> bool {
    def.has_trait(OpTrait::SameOperandsAndResultType) || def.has_trait(OpTrait::Broadcasting)
}
