//! Calls out of the op set: `custom_call` and `composite`.
//!
//! `stablehlo.custom_call @target(%a, %b) {attrs} : (...) -> ...` becomes
//! `hlo.custom_call`, with StableHLO's attributes in hlo's kinds: `api_version` (an integer
//! or `#stablehlo<custom_call_api_version ...>`) as the enum's name, a dictionary
//! `backend_config` (typed FFI) as its text, `operand_layouts`/`result_layouts` (lists of
//! `dense<[1, 0]> : tensor<2xindex>`) as lists of lists, and
//! `#stablehlo.output_operand_alias<...>` entries as dictionaries. A target named
//! `check.expect_*` (StableHLO's interpreter spelling of its `check` ops) becomes the `check`
//! op of that name, with the same operands and results and the attributes that are not the
//! custom call's own.
//!
//! `stablehlo.composite "name" %a, %b {decomposition = @f, composite_attributes = {...},
//! version = 1 : i32} : (...) -> ...` is read as `func.call @f(%a, %b)`: the decomposition
//! is the composite's meaning, and the name and attributes are hints hlo has no place for.

use xla_dialects::func::FuncDialectOpKind;
use xla_dialects::check::{check_options, spelled_check};
use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{AttrData, Attribute, Body, Context, Diagnostic, Location, NamedAttribute, OpId, OpState};

use super::attr_text::{enum_value, int_list_attr, struct_attr, struct_fields, Fields, TextTokens};
use super::dialect::StablehloOpKind;
use super::legalize::{op_error, rename_op_to_name};
use super::syntax::{attr_dict, functional_type, rename_to_name};

/// The attributes of a custom call that describe the call itself rather than its meaning.
const CALL_ATTRS: &[&str] = &["call_target_name", "has_side_effect", "backend_config", "api_version", "called_computations"];

/// `@target(%a, ...) attr-dict : (...) -> ...`.
pub(crate) fn parse_custom_call(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let target = p.parse_symbol_name()?;
    p.expect(TokenKind::LParen)?;
    let args = p.parse_optional_operand_list()?;
    p.expect(TokenKind::RParen)?;
    attr_dict(p, state)?;
    functional_type(p, state, &args)?;
    let ctx = p.ctx();
    let (name, attrs) = translate_custom_call(ctx, &target, std::mem::take(&mut state.attributes), state.location)?;
    state.attributes = attrs;
    rename_to_name(p, state, &name);
    Ok(())
}

/// The op name and attributes a custom call to `target` with StableHLO attributes `attrs`
/// becomes.
fn translate_custom_call(
    ctx: &Context,
    target: &str,
    attrs: Vec<NamedAttribute>,
    loc: Location,
) -> Result<(String, Vec<NamedAttribute>), Diagnostic> {
    if let Some(check) = target.strip_prefix("check.").filter(|c| c.starts_with("expect_")) {
        // The options of an approximate check (`max_ulp_difference=3`) travel in its
        // `backend_config`; they become the check op's attributes.
        let config = attrs.iter().find(|a| ctx.symbol_str(a.name) == "backend_config").map(|a| match ctx.attr_data(a.value) {
            AttrData::String(text) => text.clone(),
            _ => ctx.attr_to_string(a.value),
        });
        let mut kept: Vec<NamedAttribute> = attrs.into_iter().filter(|a| !CALL_ATTRS.contains(&ctx.symbol_str(a.name))).collect();
        if let (Some(kind), Some(config)) = (spelled_check(target), config) {
            let options = check_options(ctx, kind, &config)
                .map_err(|why| Diagnostic::error(loc, format!("custom call to {target}: {why} (backend_config \"{config}\")")))?;
            kept.extend(options);
        }
        return Ok((format!("check.{check}"), kept));
    }
    let mut out = vec![NamedAttribute { name: ctx.symbol("call_target_name"), value: ctx.string_attr(target) }];
    let error = |message: String| Diagnostic::error(loc, format!("'{}' op {message}", StablehloOpKind::CustomCall.name()));
    for a in attrs {
        let name = ctx.symbol_str(a.name);
        let value = match name {
            "call_target_name" => continue,
            "has_side_effect" => match ctx.attr_data(a.value) {
                AttrData::Bool(_) => a.value,
                _ => return Err(error("attribute 'has_side_effect' must be a bool".into())),
            },
            "backend_config" => match ctx.attr_data(a.value) {
                AttrData::String(_) => a.value,
                _ => ctx.string_attr(&ctx.attr_to_string(a.value)),
            },
            "api_version" => {
                let version = match ctx.attr_data(a.value) {
                    AttrData::Integer { value, .. } => api_version_name(*value),
                    _ => enum_value(ctx, a.value, "custom_call_api_version"),
                };
                match version.as_deref() {
                    Some("API_VERSION_UNSPECIFIED") => continue,
                    Some(v) => ctx.string_attr(v),
                    None => return Err(error(format!("unknown api_version {}", ctx.attr_to_string(a.value)))),
                }
            }
            "operand_layouts" | "result_layouts" => {
                let rows = match ctx.attr_data(a.value) {
                    AttrData::Array(rows) => rows.iter().map(|r| int_list_attr(ctx, *r)).collect::<Option<Vec<_>>>(),
                    _ => None,
                }
                .ok_or_else(|| error(format!("attribute '{name}' must be a list of layouts")))?;
                ctx.array_attr(rows.iter().map(|r| ctx.i64_array_attr(r)).collect())
            }
            "output_operand_aliases" => output_operand_aliases(ctx, a.value, loc)?,
            _ => a.value,
        };
        out.push(NamedAttribute { name: a.name, value });
    }
    Ok((HloOpKind::CustomCall.name().to_string(), out))
}

/// StableHLO's `CustomCallApiVersion` numbers.
fn api_version_name(value: i128) -> Option<String> {
    let name = match value {
        0 => "API_VERSION_UNSPECIFIED",
        1 => "API_VERSION_ORIGINAL",
        2 => "API_VERSION_STATUS_RETURNING",
        3 => "API_VERSION_STATUS_RETURNING_UNIFIED",
        4 => "API_VERSION_TYPED_FFI",
        _ => return None,
    };
    Some(name.to_string())
}

/// `[#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1,
/// operand_tuple_indices = []>, ...]` as hlo's dictionaries.
fn output_operand_aliases(ctx: &Context, attr: Attribute, loc: Location) -> Result<Attribute, Diagnostic> {
    let AttrData::Array(entries) = ctx.attr_data(attr) else {
        return Err(Diagnostic::error(loc, format!("'{}' op attribute 'output_operand_aliases' must be a list", StablehloOpKind::CustomCall.name())));
    };
    let mut out = Vec::new();
    for e in entries {
        if let AttrData::Dictionary(_) = ctx.attr_data(*e) {
            out.push(*e);
            continue;
        }
        let what = "#stablehlo.output_operand_alias<...>";
        let (mnemonic, text) = struct_attr(ctx, *e)
            .filter(|(m, _)| *m == "output_operand_alias")
            .ok_or_else(|| Diagnostic::error(loc, format!("'{}' op expected {what}, found {}", StablehloOpKind::CustomCall.name(), ctx.attr_to_string(*e))))?;
        debug_assert_eq!(mnemonic, "output_operand_alias");
        let mut tokens = TextTokens::new(text, loc, what);
        let fields = Fields::new(struct_fields(&mut tokens)?, loc, what);
        fields.only(&["output_tuple_indices", "operand_index", "operand_tuple_indices"])?;
        let entry = vec![
            NamedAttribute { name: ctx.symbol("output_tuple_indices"), value: ctx.i64_array_attr(&fields.list("output_tuple_indices")?) },
            NamedAttribute { name: ctx.symbol("operand_index"), value: ctx.i64_attr(fields.int_or("operand_index", None)?) },
            NamedAttribute { name: ctx.symbol("operand_tuple_indices"), value: ctx.i64_array_attr(&fields.list("operand_tuple_indices")?) },
        ];
        out.push(ctx.dictionary_attr(entry));
    }
    Ok(ctx.array_attr(out))
}

/// Generic `"stablehlo.custom_call"`.
pub(crate) fn convert_custom_call(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let attrs = body.op(op).attributes.clone();
    let target = body
        .attr(op, "call_target_name")
        .and_then(|a| ctx.as_string(a))
        .ok_or_else(|| op_error(body, op, "requires string attribute 'call_target_name'"))?
        .to_string();
    let (name, translated) = translate_custom_call(ctx, &target, attrs.clone(), body.op(op).location)?;
    replace_attrs(body, op, &attrs, translated);
    rename_op_to_name(body, op, &name);
    Ok(())
}

/// Replaces every attribute of `op` (`old`) by `new`.
fn replace_attrs(body: &mut Body, op: OpId, old: &[NamedAttribute], new: Vec<NamedAttribute>) {
    let ctx = body.ctx();
    for a in old {
        body.remove_attr(op, ctx.symbol_str(a.name));
    }
    for a in new {
        body.set_attr(op, ctx.symbol_str(a.name), a.value);
    }
}

/// `"name" %a, ... attr-dict : (...) -> ...`.
pub(crate) fn parse_composite(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.parse_string()?;
    let args = p.parse_optional_operand_list()?;
    attr_dict(p, state)?;
    functional_type(p, state, &args)?;
    let ctx = p.ctx();
    let decomposition = state
        .attr(ctx.symbol("decomposition"))
        .filter(|a| matches!(ctx.attr_data(*a), AttrData::SymbolRef(_)))
        .ok_or_else(|| Diagnostic::error(state.location, format!("'{}' op requires a symbol attribute 'decomposition'", StablehloOpKind::Composite.name())))?;
    state.attributes = vec![NamedAttribute { name: ctx.symbol("callee"), value: decomposition }];
    rename_to_name(p, state, FuncDialectOpKind::Call.name());
    Ok(())
}

/// Generic `"stablehlo.composite"`.
pub(crate) fn convert_composite(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let attrs = body.op(op).attributes.clone();
    let decomposition = body
        .attr(op, "decomposition")
        .filter(|a| matches!(ctx.attr_data(*a), AttrData::SymbolRef(_)))
        .ok_or_else(|| op_error(body, op, "requires a symbol attribute 'decomposition'"))?;
    replace_attrs(body, op, &attrs, vec![NamedAttribute { name: ctx.symbol("callee"), value: decomposition }]);
    rename_op_to_name(body, op, FuncDialectOpKind::Call.name());
    Ok(())
}
