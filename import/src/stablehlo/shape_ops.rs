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
use super::syntax::{attr_dict, functional_type, keyed_int_list, operands, operands_with_trailing_commas, rename, same_type, set, set_ints};

/// `broadcast_in_dim %x, dims = [...]`.
pub(crate) fn parse_broadcast_in_dim(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    let dims = keyed_int_list(p, "dims")?;
    set_ints(p, state, "broadcast_dimensions", &dims);
    finish(p, state, &x, HloOpKind::BroadcastInDim)
}

/// `broadcast %x, sizes = [...]`.
pub(crate) fn parse_broadcast(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    let sizes = keyed_int_list(p, "sizes")?;
    set_ints(p, state, "broadcast_sizes", &sizes);
    finish(p, state, &x, HloOpKind::Broadcast)
}

/// `reshape %x`.
pub(crate) fn parse_reshape(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    finish(p, state, &x, HloOpKind::Reshape)
}

/// `transpose %x, dims = [...]`.
pub(crate) fn parse_transpose(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    let dims = keyed_int_list(p, "dims")?;
    set_ints(p, state, "permutation", &dims);
    finish(p, state, &x, HloOpKind::Transpose)
}

/// `reverse %x, dims = [...] attr-dict : type`.
pub(crate) fn parse_reverse(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    let dims = keyed_int_list(p, "dims")?;
    set_ints(p, state, "dimensions", &dims);
    attr_dict(p, state)?;
    same_type(p, state, &x)?;
    rename(p, state, HloOpKind::Rev);
    Ok(())
}

/// `slice %x [start:limit(:stride)?, ...]`.
pub(crate) fn parse_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    let (start, limit, strides) = slice_ranges(p)?;
    set_ints(p, state, "start_indices", &start);
    set_ints(p, state, "limit_indices", &limit);
    set_ints(p, state, "strides", &strides);
    finish(p, state, &x, HloOpKind::Slice)
}

/// `dynamic_slice %x, %i, %j, sizes = [...]`.
pub(crate) fn parse_dynamic_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut all = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    all.extend(operands_with_trailing_commas(p)?);
    let sizes = keyed_int_list(p, "sizes")?;
    set_ints(p, state, "slice_sizes", &sizes);
    finish(p, state, &all, HloOpKind::DynamicSlice)
}

/// `dynamic_update_slice %x, %u, %i, %j`.
pub(crate) fn parse_dynamic_update_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    finish(p, state, &all, HloOpKind::DynamicUpdateSlice)
}

/// `pad %x, %v, low = [...], high = [...], interior = [...]`.
pub(crate) fn parse_pad(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
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
    finish(p, state, &all, HloOpKind::Pad)
}

/// `concatenate %a, %b, dim = N`.
pub(crate) fn parse_concatenate(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands_with_trailing_commas(p)?;
    let dim = keyed_int(p, "dim")?;
    let ctx = p.ctx();
    set(p, state, "dimension", ctx.i64_attr(dim));
    finish(p, state, &all, HloOpKind::Concatenate)
}

/// `iota dim = N attr-dict : type`.
pub(crate) fn parse_iota(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let dim = keyed_int(p, "dim")?;
    let ctx = p.ctx();
    set(p, state, "iota_dimension", ctx.i64_attr(dim));
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    state.result_types = vec![p.parse_type()?];
    rename(p, state, HloOpKind::Iota);
    Ok(())
}

/// `get_dimension_size %x, dim = N`.
pub(crate) fn parse_get_dimension_size(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    dimension_size(p, state, HloOpKind::GetDimensionSize)
}

/// `set_dimension_size %x, %n, dim = N`.
pub(crate) fn parse_set_dimension_size(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    dimension_size(p, state, HloOpKind::SetDimensionSize)
}

/// The operands and `dim = N` of `get_dimension_size` and `set_dimension_size`.
fn dimension_size(p: &mut OpParser, state: &mut OpState, kind: HloOpKind) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    p.expect(TokenKind::Comma)?;
    let dim = keyed_int(p, "dim")?;
    let ctx = p.ctx();
    set(p, state, "dimension", ctx.i64_attr(dim));
    finish(p, state, &all, kind)
}

/// `attr-dict : functional-type`, then the hlo op of `kind`.
fn finish(p: &mut OpParser, state: &mut OpState, operands: &[xla_ir::parser::UnresolvedOperand], kind: HloOpKind) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    functional_type(p, state, operands)?;
    rename(p, state, kind);
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

/// Generic forms: hlo's attribute names already; the integer-list attributes `lists`
/// become `array<i64: ...>` and the integer attributes `ints` `i64`, and the op becomes
/// the hlo op of `kind`.
pub(crate) fn convert_generic(body: &mut Body, op: OpId, kind: HloOpKind, lists: &[&str], ints: &[&str]) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, lists, ints)?;
    rename_op(body, op, kind);
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
