//! Shape and data-movement ops: `broadcast_in_dim`, `broadcast`, `reshape`, `transpose`,
//! `reverse` (hlo's `rev`), `slice`, `dynamic_slice`, `dynamic_update_slice`, `pad`,
//! `concatenate`, `iota`, `get_dimension_size`, `set_dimension_size`.
//!
//! Pretty forms read here (all end in `attr-dict : (types) -> type` unless noted):
//! `broadcast_in_dim %x, dims = [0, 1]`, `broadcast %x, sizes = [2]`, `reshape %x`,
//! `transpose %x, dims = [1, 0]`, `reverse %x, dims = [0] : type`, `slice %x [0:2, 1:5:2]`,
//! `dynamic_slice %x, %i, %j, sizes = [2, 2]`, `dynamic_update_slice %x, %u, %i, %j`,
//! `pad %x, %v, low = [..], high = [..], interior = [..]`, `concatenate %a, %b, dim = 0`,
//! `iota dim = 0 : type`, `get_dimension_size %x, dim = 1`, `set_dimension_size %x, %n,
//! dim = 1`.
//!
//! In the generic form these ops already use hlo's attribute names; [`convert_generic`]
//! rewrites their lists (`dense<[1, 0]> : tensor<2xi64>`, `array<i64: 1, 0>`) as
//! `array<i64: ...>` and their integers as `i64`.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, OpId, OpState};

use super::attr_text::{int_attr, int_list_attr};
use super::legalize::{op_error, rename_op, take_attr};
use super::syntax::{
    attr_dict, functional_type, keyed_int_list, operands, operands_with_trailing_commas, rename, same_type, set, set_ints,
    short_name,
};

/// The hook of every op of this family.
pub(crate) fn parse(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    match short_name(p, state).as_str() {
        "broadcast_in_dim" => {
            let x = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            let dims = keyed_int_list(p, "dims")?;
            set_ints(p, state, "broadcast_dimensions", &dims);
            finish(p, state, &x, HloOpKind::BroadcastInDim.name())
        }
        "broadcast" => {
            let x = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            let sizes = keyed_int_list(p, "sizes")?;
            set_ints(p, state, "broadcast_sizes", &sizes);
            finish(p, state, &x, HloOpKind::Broadcast.name())
        }
        "reshape" => {
            let x = vec![p.parse_operand()?];
            finish(p, state, &x, HloOpKind::Reshape.name())
        }
        "transpose" => {
            let x = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            let dims = keyed_int_list(p, "dims")?;
            set_ints(p, state, "permutation", &dims);
            finish(p, state, &x, HloOpKind::Transpose.name())
        }
        "reverse" => {
            let x = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            let dims = keyed_int_list(p, "dims")?;
            set_ints(p, state, "dimensions", &dims);
            attr_dict(p, state)?;
            same_type(p, state, &x)?;
            rename(p, state, HloOpKind::Rev.name());
            Ok(())
        }
        "slice" => {
            let x = vec![p.parse_operand()?];
            let (start, limit, strides) = slice_ranges(p)?;
            set_ints(p, state, "start_indices", &start);
            set_ints(p, state, "limit_indices", &limit);
            set_ints(p, state, "strides", &strides);
            finish(p, state, &x, HloOpKind::Slice.name())
        }
        "dynamic_slice" => {
            let mut all = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            all.extend(operands_with_trailing_commas(p)?);
            let sizes = keyed_int_list(p, "sizes")?;
            set_ints(p, state, "slice_sizes", &sizes);
            finish(p, state, &all, HloOpKind::DynamicSlice.name())
        }
        "dynamic_update_slice" => {
            let all = operands(p)?;
            finish(p, state, &all, HloOpKind::DynamicUpdateSlice.name())
        }
        "pad" => {
            let mut all = vec![p.parse_operand()?];
            p.expect(TokenKind::Comma)?;
            all.push(p.parse_operand()?);
            p.expect(TokenKind::Comma)?;
            let low = keyed_int_list(p, "low")?;
            p.expect(TokenKind::Comma)?;
            let high = keyed_int_list(p, "high")?;
            p.expect(TokenKind::Comma)?;
            let interior = keyed_int_list(p, "interior")?;
            set_ints(p, state, "edge_padding_low", &low);
            set_ints(p, state, "edge_padding_high", &high);
            set_ints(p, state, "interior_padding", &interior);
            finish(p, state, &all, HloOpKind::Pad.name())
        }
        "concatenate" => {
            let all = operands_with_trailing_commas(p)?;
            let dim = keyed_int(p, "dim")?;
            set(p, state, "dimension", ctx.i64_attr(dim));
            finish(p, state, &all, HloOpKind::Concatenate.name())
        }
        "iota" => {
            let dim = keyed_int(p, "dim")?;
            set(p, state, "iota_dimension", ctx.i64_attr(dim));
            attr_dict(p, state)?;
            p.expect(TokenKind::Colon)?;
            state.result_types = vec![p.parse_type()?];
            rename(p, state, HloOpKind::Iota.name());
            Ok(())
        }
        "get_dimension_size" | "set_dimension_size" => {
            let short = short_name(p, state);
            let all = operands(p)?;
            p.expect(TokenKind::Comma)?;
            let dim = keyed_int(p, "dim")?;
            set(p, state, "dimension", ctx.i64_attr(dim));
            let name = if short == "get_dimension_size" { HloOpKind::GetDimensionSize.name() } else { HloOpKind::SetDimensionSize.name() };
            finish(p, state, &all, name)
        }
        other => Err(Diagnostic::error(state.location, format!("no pretty form is known for 'stablehlo.{other}'"))),
    }
}

/// `attr-dict : functional-type`, then the hlo name.
fn finish(p: &mut OpParser, state: &mut OpState, operands: &[xla_ir::parser::UnresolvedOperand], name: &str) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    functional_type(p, state, operands)?;
    rename(p, state, name);
    Ok(())
}

/// `key = N`.
fn keyed_int(p: &mut OpParser, key: &str) -> Result<i64, Diagnostic> {
    p.expect_keyword(key)?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let v = p.parse_integer()?;
    i64::try_from(v).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))
}

/// The start indices, limit indices and strides of a slice.
type SliceRanges = (Vec<i64>, Vec<i64>, Vec<i64>);

/// `[start:limit(:stride)?, ...]`.
fn slice_ranges(p: &mut OpParser) -> Result<SliceRanges, Diagnostic> {
    let (mut start, mut limit, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    p.expect(TokenKind::LSquare)?;
    if p.accept(TokenKind::RSquare) {
        return Ok((start, limit, strides));
    }
    let int = |p: &mut OpParser| -> Result<i64, Diagnostic> {
        let at = p.loc();
        i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))
    };
    loop {
        start.push(int(p)?);
        p.expect(TokenKind::Colon)?;
        limit.push(int(p)?);
        strides.push(if p.accept(TokenKind::Colon) { int(p)? } else { 1 });
        if p.accept(TokenKind::RSquare) {
            return Ok((start, limit, strides));
        }
        p.expect(TokenKind::Comma)?;
    }
}

/// Generic forms: hlo's attribute names already; lists become `array<i64: ...>` and
/// integers `i64`.
pub(crate) fn convert_generic(body: &mut Body, op: OpId, short: &str) -> Result<(), Diagnostic> {
    let (name, lists, ints): (&str, &[&str], &[&str]) = match short {
        "broadcast_in_dim" => (HloOpKind::BroadcastInDim.name(), &["broadcast_dimensions"], &[]),
        "broadcast" => (HloOpKind::Broadcast.name(), &["broadcast_sizes"], &[]),
        "transpose" => (HloOpKind::Transpose.name(), &["permutation"], &[]),
        "reverse" => (HloOpKind::Rev.name(), &["dimensions"], &[]),
        "slice" => (HloOpKind::Slice.name(), &["start_indices", "limit_indices", "strides"], &[]),
        "dynamic_slice" => (HloOpKind::DynamicSlice.name(), &["slice_sizes"], &[]),
        "pad" => (HloOpKind::Pad.name(), &["edge_padding_low", "edge_padding_high", "interior_padding"], &[]),
        "concatenate" => (HloOpKind::Concatenate.name(), &[], &["dimension"]),
        "iota" => (HloOpKind::Iota.name(), &[], &["iota_dimension"]),
        "get_dimension_size" => (HloOpKind::GetDimensionSize.name(), &[], &["dimension"]),
        "set_dimension_size" => (HloOpKind::SetDimensionSize.name(), &[], &["dimension"]),
        _ => return Err(op_error(body, op, "is not a shape op")),
    };
    normalize_attrs(body, op, lists, ints)?;
    rename_op(body, op, name);
    Ok(())
}

/// Rewrites the integer-list attributes `lists` as `array<i64: ...>` and the integer
/// attributes `ints` as `i64`, failing with the attribute's name when one is missing or of
/// another kind.
pub(crate) fn normalize_attrs(body: &mut Body, op: OpId, lists: &[&str], ints: &[&str]) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    for name in lists {
        let values = take_attr(body, op, name)
            .and_then(|a| int_list_attr(ctx, a))
            .ok_or_else(|| op_error(body, op, format!("requires integer-list attribute '{name}'")))?;
        body.set_attr(op, name, ctx.i64_array_attr(&values));
    }
    for name in ints {
        let value = take_attr(body, op, name)
            .and_then(|a| int_attr(ctx, a))
            .ok_or_else(|| op_error(body, op, format!("requires integer attribute '{name}'")))?;
        body.set_attr(op, name, ctx.i64_attr(value));
    }
    Ok(())
}
