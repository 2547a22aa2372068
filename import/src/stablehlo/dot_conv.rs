//! Dots and convolutions: `dot`, `dot_general` and `convolution`, whose dimension numbers
//! StableHLO groups into one struct attribute and hlo keeps as flat attributes (one per field
//! of XLA's proto).
//!
//! Pretty forms read here:
//! - `stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
//!   precision = [DEFAULT, DEFAULT] : (...) -> ...` (batching dims and precision optional;
//!   `algorithm = <...>` is read and dropped, since hlo has no such attribute);
//! - `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (...) -> ...`;
//! - `stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
//!   window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate =
//!   [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1
//!   : i64, precision_config = [#stablehlo<precision DEFAULT>, ...]} : (...) -> ...`.
//!
//! Generic forms: `#stablehlo.dot<lhs_batching_dimensions = [...], ...>` and
//! `#stablehlo.conv<[b, 0, 1, f]x[...]->[...]>` (or its `raw` field list).
//!
//! Mixed precision: StableHLO lets the result element type differ from the operands'
//! (`bf16 x bf16 -> f32`, `i8 x i8 -> i32`, JAX's `preferred_element_type`); hlo requires
//! them equal. [`crate::mixed_precision::fix_mixed_precision`] converts the operands to the result's element type,
//! which is exact for these widenings and is what XLA's CPU backend computes.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::{Attribute, Body, Context, Diagnostic, OpId, OpState};

use super::attr_text::{
    accept, accept_word, bool_list, bool_list_attr, describe, enum_value, expect, expect_word, int, int_attr, int_list,
    int_list_attr, int_matrix_attr, is, nested_int_list, struct_attr, struct_fields, word, Fields, TextTokens, TokenStream,
};
use super::legalize::{op_error, rename_op, take_attr};
use super::syntax::{attr_dict, functional_type, operands, rename, set};

/// Named attributes to set on an op, built once for the pretty and the generic path.
type Attrs = Vec<(&'static str, Attribute)>;

fn apply_to_state(p: &OpParser, state: &mut OpState, attrs: Attrs) {
    for (name, value) in attrs {
        set(p, state, name, value);
    }
}

fn apply_to_op(body: &mut Body, op: OpId, attrs: Attrs) {
    for (name, value) in attrs {
        body.set_attr(op, name, value);
    }
}

/// hlo's `precision_config`: `["DEFAULT", "HIGHEST"]`.
fn precision_attr(ctx: &Context, values: &[String]) -> Attribute {
    ctx.array_attr(values.iter().map(|v| ctx.string_attr(v)).collect())
}

/// Reads `precision = [DEFAULT, HIGH]` (the keyword already read).
fn precision_list<'s>(t: &mut impl TokenStream<'s>) -> Result<Vec<String>, Diagnostic> {
    expect(t, TokenKind::Equal)?;
    expect(t, TokenKind::LSquare)?;
    let mut values = Vec::new();
    if accept(t, TokenKind::RSquare) {
        return Ok(values);
    }
    loop {
        let v = word(t, "a precision (DEFAULT, HIGH or HIGHEST)")?;
        if !matches!(v, "DEFAULT" | "HIGH" | "HIGHEST") {
            return Err(t.error_here(format!("expected a precision (DEFAULT, HIGH or HIGHEST), found '{v}'")));
        }
        values.push(v.to_string());
        if accept(t, TokenKind::RSquare) {
            return Ok(values);
        }
        expect(t, TokenKind::Comma)?;
    }
}

/// Skips a balanced `<...>` (the dot algorithm, which hlo does not model).
fn skip_angle_group<'s>(t: &mut impl TokenStream<'s>) -> Result<(), Diagnostic> {
    expect(t, TokenKind::Less)?;
    let mut depth = 1;
    while depth > 0 {
        match t.current().kind {
            TokenKind::Less => depth += 1,
            TokenKind::Greater => depth -= 1,
            TokenKind::Eof => return Err(t.error_here("expected '>' to close '<', found end of input".to_string())),
            _ => {}
        }
        t.advance();
    }
    Ok(())
}

/// The four dimension lists of a dot.
#[derive(Default, Debug, PartialEq)]
struct DotDims {
    lhs_batching: Vec<i64>,
    rhs_batching: Vec<i64>,
    lhs_contracting: Vec<i64>,
    rhs_contracting: Vec<i64>,
}

impl DotDims {
    fn attrs(&self, ctx: &Context) -> Attrs {
        vec![
            ("lhs_batching_dims", ctx.i64_array_attr(&self.lhs_batching)),
            ("rhs_batching_dims", ctx.i64_array_attr(&self.rhs_batching)),
            ("lhs_contracting_dims", ctx.i64_array_attr(&self.lhs_contracting)),
            ("rhs_contracting_dims", ctx.i64_array_attr(&self.rhs_contracting)),
        ]
    }
}

/// `%a, %b (, precision = [...])? attr-dict : (...) -> ...`.
pub(crate) fn parse_dot(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ab = operands(p)?;
    if p.accept(TokenKind::Comma) {
        expect_word(p, "precision")?;
        let precision = precision_list(p)?;
        let ctx = p.ctx();
        set(p, state, "precision_config", precision_attr(ctx, &precision));
    }
    attr_dict(p, state)?;
    functional_type(p, state, &ab)?;
    rename(p, state, HloOpKind::Dot);
    Ok(())
}

/// `%a, %b, (batching_dims = [..] x [..],)? contracting_dims = [..] x [..] (, precision =
/// [...])? (, algorithm = <...>)? attr-dict : (...) -> ...`.
pub(crate) fn parse_dot_general(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut ab: Vec<UnresolvedOperand> = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    ab.push(p.parse_operand()?);
    let mut dims = DotDims::default();
    let mut precision = None;
    while p.accept(TokenKind::Comma) {
        let at = p.loc();
        let key = word(p, "'batching_dims', 'contracting_dims', 'precision' or 'algorithm'")?;
        match key {
            "batching_dims" | "contracting_dims" => {
                expect(p, TokenKind::Equal)?;
                let lhs = int_list(p)?;
                expect_word(p, "x")?;
                let rhs = int_list(p)?;
                if key == "batching_dims" {
                    (dims.lhs_batching, dims.rhs_batching) = (lhs, rhs);
                } else {
                    (dims.lhs_contracting, dims.rhs_contracting) = (lhs, rhs);
                }
            }
            "precision" => precision = Some(precision_list(p)?),
            "algorithm" => {
                expect(p, TokenKind::Equal)?;
                skip_angle_group(p)?;
            }
            other => {
                return Err(Diagnostic::error(
                    at,
                    format!("expected 'batching_dims', 'contracting_dims', 'precision' or 'algorithm', found '{other}'"),
                ))
            }
        }
    }
    let ctx = p.ctx();
    apply_to_state(p, state, dims.attrs(ctx));
    if let Some(precision) = precision {
        set(p, state, "precision_config", precision_attr(ctx, &precision));
    }
    attr_dict(p, state)?;
    functional_type(p, state, &ab)?;
    rename(p, state, HloOpKind::DotGeneral);
    Ok(())
}

/// Replaces `precision_config = [#stablehlo<precision DEFAULT>, ...]` by hlo's strings.
fn convert_precision(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let Some(attr) = take_attr(body, op, "precision_config") else { return Ok(()) };
    let entries = match ctx.attr_data(attr) {
        xla_ir::AttrData::Array(entries) => entries.clone(),
        _ => return Err(op_error(body, op, "attribute 'precision_config' must be a list of #stablehlo<precision ...>")),
    };
    let values = entries
        .iter()
        .map(|e| enum_value(ctx, *e, "precision"))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| op_error(body, op, "attribute 'precision_config' must be a list of #stablehlo<precision ...>"))?;
    body.set_attr(op, "precision_config", precision_attr(ctx, &values));
    Ok(())
}

/// Generic `"stablehlo.dot"`.
pub(crate) fn convert_dot(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    convert_precision(body, op)?;
    rename_op(body, op, HloOpKind::Dot);
    Ok(())
}

/// Generic `"stablehlo.dot_general"`: `dot_dimension_numbers = #stablehlo.dot<...>`.
pub(crate) fn convert_dot_general(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let attr = take_attr(body, op, "dot_dimension_numbers")
        .ok_or_else(|| op_error(body, op, "requires attribute 'dot_dimension_numbers'"))?;
    let fields = struct_fields_of(body, op, attr, "dot")?;
    fields.only(&["lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions", "rhs_contracting_dimensions"])?;
    let dims = DotDims {
        lhs_batching: fields.list("lhs_batching_dimensions")?,
        rhs_batching: fields.list("rhs_batching_dimensions")?,
        lhs_contracting: fields.list("lhs_contracting_dimensions")?,
        rhs_contracting: fields.list("rhs_contracting_dimensions")?,
    };
    apply_to_op(body, op, dims.attrs(ctx));
    convert_precision(body, op)?;
    take_attr(body, op, "algorithm");
    rename_op(body, op, HloOpKind::DotGeneral);
    Ok(())
}

/// The fields of `#stablehlo.<mnemonic><...>`.
pub(crate) fn struct_fields_of(body: &Body, op: OpId, attr: Attribute, mnemonic: &str) -> Result<Fields, Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(op).location;
    let what = format!("#stablehlo.{mnemonic}<...>");
    let (found, text) = struct_attr(ctx, attr)
        .filter(|(m, _)| *m == mnemonic)
        .ok_or_else(|| op_error(body, op, format!("expected {what}, found {}", ctx.attr_to_string(attr))))?;
    debug_assert_eq!(found, mnemonic);
    let mut tokens = TextTokens::new(text, loc, what.clone());
    let fields = struct_fields(&mut tokens)?;
    if !tokens.at_end() {
        return Err(tokens.error_here(format!("expected ',' or end of attribute, found {}", describe(&tokens))));
    }
    Ok(Fields::new(fields, loc, what))
}

/// The dimension numbers of a convolution, as hlo's flat attributes want them.
#[derive(Default, Debug, PartialEq)]
struct ConvDims {
    input_batch: i64,
    input_feature: i64,
    input_spatial: Vec<i64>,
    kernel_input_feature: i64,
    kernel_output_feature: i64,
    kernel_spatial: Vec<i64>,
    output_batch: i64,
    output_feature: i64,
    output_spatial: Vec<i64>,
}

impl ConvDims {
    fn attrs(&self, ctx: &Context) -> Attrs {
        vec![
            ("input_batch_dimension", ctx.i64_attr(self.input_batch)),
            ("input_feature_dimension", ctx.i64_attr(self.input_feature)),
            ("input_spatial_dimensions", ctx.i64_array_attr(&self.input_spatial)),
            ("kernel_input_feature_dimension", ctx.i64_attr(self.kernel_input_feature)),
            ("kernel_output_feature_dimension", ctx.i64_attr(self.kernel_output_feature)),
            ("kernel_spatial_dimensions", ctx.i64_array_attr(&self.kernel_spatial)),
            ("output_batch_dimension", ctx.i64_attr(self.output_batch)),
            ("output_feature_dimension", ctx.i64_attr(self.output_feature)),
            ("output_spatial_dimensions", ctx.i64_array_attr(&self.output_spatial)),
        ]
    }
}

/// One bracketed list of `[b, 0, 1, f]`: the positions of the two non-spatial labels and of
/// the spatial dimensions, by number.
fn conv_dim_list<'s>(t: &mut impl TokenStream<'s>, labels: [&str; 2]) -> Result<(i64, i64, Vec<i64>), Diagnostic> {
    expect(t, TokenKind::LSquare)?;
    let mut first = None;
    let mut second = None;
    let mut spatial: Vec<(i64, i64)> = Vec::new();
    let mut position = 0i64;
    if !is(t, TokenKind::RSquare) {
        loop {
            if is(t, TokenKind::Integer) {
                let k = int(t)?;
                if k < 0 || spatial.iter().any(|(s, _)| *s == k) {
                    return Err(t.error_here(format!("spatial dimension {k} is negative or given twice")));
                }
                spatial.push((k, position));
            } else {
                let tok = t.current();
                let slot = match tok.text {
                    l if tok.kind == TokenKind::BareIdent && l == labels[0] => &mut first,
                    l if tok.kind == TokenKind::BareIdent && l == labels[1] => &mut second,
                    _ => {
                        return Err(t.error_here(format!(
                            "expected '{}', '{}' or a spatial dimension number, found {}",
                            labels[0],
                            labels[1],
                            describe(t)
                        )))
                    }
                };
                if slot.replace(position).is_some() {
                    return Err(t.error_here(format!("'{}' is given twice", tok.text)));
                }
                t.advance();
            }
            position += 1;
            if !accept(t, TokenKind::Comma) {
                break;
            }
        }
    }
    expect(t, TokenKind::RSquare)?;
    let (Some(first), Some(second)) = (first, second) else {
        return Err(t.error_here(format!("a dimension list needs '{}' and '{}'", labels[0], labels[1])));
    };
    spatial.sort();
    if spatial.iter().enumerate().any(|(i, (k, _))| *k != i as i64) {
        return Err(t.error_here("spatial dimensions must be numbered 0, 1, ... without gaps".to_string()));
    }
    Ok((first, second, spatial.into_iter().map(|(_, pos)| pos).collect()))
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` or `raw input_batch_dimension = 0, ...`.
fn conv_dims<'s>(t: &mut impl TokenStream<'s>) -> Result<ConvDims, Diagnostic> {
    if accept_word(t, "raw") {
        let fields = struct_fields(t)?;
        let fields = Fields::new(fields, t.error_here(String::new()).location, "#stablehlo.conv<raw ...>");
        return Ok(ConvDims {
            input_batch: fields.int_or("input_batch_dimension", None)?,
            input_feature: fields.int_or("input_feature_dimension", None)?,
            input_spatial: fields.list("input_spatial_dimensions")?,
            kernel_input_feature: fields.int_or("kernel_input_feature_dimension", None)?,
            kernel_output_feature: fields.int_or("kernel_output_feature_dimension", None)?,
            kernel_spatial: fields.list("kernel_spatial_dimensions")?,
            output_batch: fields.int_or("output_batch_dimension", None)?,
            output_feature: fields.int_or("output_feature_dimension", None)?,
            output_spatial: fields.list("output_spatial_dimensions")?,
        });
    }
    let (input_batch, input_feature, input_spatial) = conv_dim_list(t, ["b", "f"])?;
    expect_word(t, "x")?;
    let (kernel_input_feature, kernel_output_feature, kernel_spatial) = conv_dim_list(t, ["i", "o"])?;
    expect(t, TokenKind::Arrow)?;
    let (output_batch, output_feature, output_spatial) = conv_dim_list(t, ["b", "f"])?;
    Ok(ConvDims {
        input_batch,
        input_feature,
        input_spatial,
        kernel_input_feature,
        kernel_output_feature,
        kernel_spatial,
        output_batch,
        output_feature,
        output_spatial,
    })
}

/// `{stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}`,
/// each entry optional.
fn window_attrs<'s>(t: &mut impl TokenStream<'s>, ctx: &Context) -> Result<Attrs, Diagnostic> {
    expect(t, TokenKind::LBrace)?;
    let mut attrs = Vec::new();
    if accept(t, TokenKind::RBrace) {
        return Ok(attrs);
    }
    loop {
        let key = word(t, "a window field (stride, pad, lhs_dilate, rhs_dilate or reverse)")?;
        expect(t, TokenKind::Equal)?;
        match key {
            "stride" => attrs.push(("window_strides", ctx.i64_array_attr(&int_list(t)?))),
            "lhs_dilate" => attrs.push(("lhs_dilation", ctx.i64_array_attr(&int_list(t)?))),
            "rhs_dilate" => attrs.push(("rhs_dilation", ctx.i64_array_attr(&int_list(t)?))),
            "pad" => {
                let rows = nested_int_list(t)?;
                attrs.push(("padding", ctx.array_attr(rows.iter().map(|r| ctx.i64_array_attr(r)).collect())));
            }
            "reverse" => {
                let flags: Vec<i64> = bool_list(t)?.into_iter().map(i64::from).collect();
                attrs.push(("window_reversal", ctx.i64_array_attr(&flags)));
            }
            other => {
                return Err(t.error_here(format!(
                    "expected a window field (stride, pad, lhs_dilate, rhs_dilate or reverse), found '{other}'"
                )))
            }
        }
        if accept(t, TokenKind::RBrace) {
            return Ok(attrs);
        }
        expect(t, TokenKind::Comma)?;
    }
}

/// `(%x, %w) dim_numbers = ..., window = {...} attr-dict : (...) -> ...`.
pub(crate) fn parse_convolution(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let xw = operands(p)?;
    p.expect(TokenKind::RParen)?;
    expect_word(p, "dim_numbers")?;
    expect(p, TokenKind::Equal)?;
    let dims = conv_dims(p)?;
    let ctx = p.ctx();
    apply_to_state(p, state, dims.attrs(ctx));
    p.expect(TokenKind::Comma)?;
    expect_word(p, "window")?;
    expect(p, TokenKind::Equal)?;
    let window = window_attrs(p, ctx)?;
    apply_to_state(p, state, window);
    attr_dict(p, state)?;
    functional_type(p, state, &xw)?;
    rename(p, state, HloOpKind::Convolution);
    finish_convolution_state(p, state)
}

/// The group counts (`i64`, default 1) and precision of a convolution read in pretty form.
fn finish_convolution_state(p: &OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    for name in ["feature_group_count", "batch_group_count"] {
        let symbol = ctx.symbol(name);
        let value = match state.attr(symbol) {
            Some(a) => int_attr(ctx, a).ok_or_else(|| Diagnostic::error(state.location, format!("attribute '{name}' must be an integer")))?,
            None => 1,
        };
        state.set_attr(symbol, ctx.i64_attr(value));
    }
    let precision = ctx.symbol("precision_config");
    if let Some(attr) = state.attr(precision) {
        let values = match ctx.attr_data(attr) {
            xla_ir::AttrData::Array(entries) => entries.iter().map(|e| enum_value(ctx, *e, "precision")).collect::<Option<Vec<_>>>(),
            _ => None,
        }
        .ok_or_else(|| Diagnostic::error(state.location, "attribute 'precision_config' must be a list of #stablehlo<precision ...>"))?;
        state.set_attr(precision, precision_attr(ctx, &values));
    }
    Ok(())
}

/// Generic `"stablehlo.convolution"`.
pub(crate) fn convert_convolution(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(op).location;
    let attr =
        take_attr(body, op, "dimension_numbers").ok_or_else(|| op_error(body, op, "requires attribute 'dimension_numbers'"))?;
    let (mnemonic, text) = struct_attr(ctx, attr)
        .filter(|(m, _)| *m == "conv")
        .ok_or_else(|| op_error(body, op, format!("expected #stablehlo.conv<...>, found {}", ctx.attr_to_string(attr))))?;
    debug_assert_eq!(mnemonic, "conv");
    let mut tokens = TextTokens::new(text, loc, "#stablehlo.conv<...>");
    let dims = conv_dims(&mut tokens)?;
    if !tokens.at_end() {
        return Err(tokens.error_here(format!("unexpected {}", describe(&tokens))));
    }
    apply_to_op(body, op, dims.attrs(ctx));
    for name in ["window_strides", "lhs_dilation", "rhs_dilation"] {
        if let Some(a) = take_attr(body, op, name) {
            let values = int_list_attr(ctx, a).ok_or_else(|| op_error(body, op, format!("attribute '{name}' must be a list of integers")))?;
            body.set_attr(op, name, ctx.i64_array_attr(&values));
        }
    }
    if let Some(a) = take_attr(body, op, "padding") {
        let rows = int_matrix_attr(ctx, a).ok_or_else(|| op_error(body, op, "attribute 'padding' must be an Nx2 integer list"))?;
        body.set_attr(op, "padding", ctx.array_attr(rows.iter().map(|r| ctx.i64_array_attr(r)).collect()));
    }
    if let Some(a) = take_attr(body, op, "window_reversal") {
        let flags = bool_list_attr(ctx, a).ok_or_else(|| op_error(body, op, "attribute 'window_reversal' must be a list of flags"))?;
        let flags: Vec<i64> = flags.into_iter().map(i64::from).collect();
        body.set_attr(op, "window_reversal", ctx.i64_array_attr(&flags));
    }
    for name in ["feature_group_count", "batch_group_count"] {
        let value = match take_attr(body, op, name) {
            Some(a) => int_attr(ctx, a).ok_or_else(|| op_error(body, op, format!("attribute '{name}' must be an integer")))?,
            None => 1,
        };
        body.set_attr(op, name, ctx.i64_attr(value));
    }
    convert_precision(body, op)?;
    rename_op(body, op, HloOpKind::Convolution);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(text: &str) -> Result<ConvDims, Diagnostic> {
        let ctx = Context::new();
        let mut t = TextTokens::new(text, ctx.unknown_loc(), "test");
        conv_dims(&mut t)
    }

    #[test]
    fn convolution_dimension_labels_give_positions() {
        let d = dims("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]").expect("valid");
        assert_eq!((d.input_batch, d.input_feature, d.input_spatial.clone()), (0, 3, vec![1, 2]));
        assert_eq!((d.kernel_input_feature, d.kernel_output_feature, d.kernel_spatial.clone()), (2, 3, vec![0, 1]));
        let d = dims("[b, f, 1, 0]x[o, i, 0, 1]->[f, b, 0, 1]").expect("valid");
        assert_eq!((d.input_batch, d.input_feature, d.input_spatial), (0, 1, vec![3, 2]));
        assert_eq!((d.output_batch, d.output_feature, d.output_spatial), (1, 0, vec![2, 3]));
        assert!(dims("[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]").is_err());
        assert!(dims("[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]").is_err());
    }

    #[test]
    fn raw_convolution_dimensions_read_fields() {
        let d = dims(
            "raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], \
             kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], \
             output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]",
        )
        .expect("valid");
        assert_eq!(d.input_spatial, vec![1, 2]);
        assert_eq!(d.kernel_output_feature, 3);
    }
}
