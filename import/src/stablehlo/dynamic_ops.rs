//! StableHLO's dynamic-shape ops whose shape operands are constants: `dynamic_iota`,
//! `dynamic_reshape`, `dynamic_broadcast_in_dim`, `dynamic_pad`, `real_dynamic_slice`,
//! `dynamic_gather` and `dynamic_conv`.
//!
//! Each takes as operands what its static op takes as attributes (an output shape, slice
//! sizes, paddings, slice bounds). When those operands are constants and the result type
//! is static, the op is its static op: it is read as that hlo op, the constants becoming
//! its attributes, after checking that they agree with the result type. Otherwise the
//! shape is only known at run time, which the compiler does not support yet: a located
//! error says which operand is not a constant.
//!
//! Pretty forms read here: `dynamic_iota %shape, dim = N : (type) -> type`,
//! `dynamic_reshape %x, %shape : (types) -> type`, `dynamic_broadcast_in_dim %x, %shape,
//! dims = [...]`, `dynamic_pad %x, %v, %low, %high, %interior`, `real_dynamic_slice %x,
//! %start, %limit, %strides`, each ending in `attr-dict : functional-type`;
//! `dynamic_gather` and `dynamic_conv` exist in the generic form only.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, OpId, OpState, ValueId};

use super::attr_text::{int_list_attr, int_matrix_attr};
use super::dot_conv::convert_convolution;
use super::gather_scatter::convert_gather;
use super::legalize::{op_error, rename_op, take_attr};
use super::syntax::{attr_dict, functional_type, keyed_int_list, operands, set, set_ints};

/// `dynamic_iota %shape, dim = N attr-dict : (type) -> type`.
pub(crate) fn parse_dynamic_iota(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let shape = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("dim")?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let dim = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
    let ctx = p.ctx();
    set(p, state, "iota_dimension", ctx.i64_attr(dim));
    finish(p, state, &shape)
}

/// `dynamic_broadcast_in_dim %x, %shape, dims = [...] attr-dict : functional-type`.
pub(crate) fn parse_dynamic_broadcast_in_dim(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    p.expect(TokenKind::Comma)?;
    let dims = keyed_int_list(p, "dims")?;
    set_ints(p, state, "broadcast_dimensions", &dims);
    finish(p, state, &all)
}

/// `dynamic_reshape`, `dynamic_pad`, `real_dynamic_slice`: operands, then `attr-dict :
/// functional-type`.
pub(crate) fn parse_operands_only(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    finish(p, state, &all)
}

/// `attr-dict : functional-type`; the op keeps its StableHLO name until it is converted.
fn finish(p: &mut OpParser, state: &mut OpState, all: &[xla_ir::parser::UnresolvedOperand]) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    functional_type(p, state, all)
}

/// Fails unless `op` has `count` operands.
fn expect_operands(body: &Body, op: OpId, count: usize) -> Result<(), Diagnostic> {
    let found = body.op(op).operands.len();
    if found != count {
        return Err(op_error(body, op, format!("takes {count} operand(s), found {found}")));
    }
    Ok(())
}

/// The integers of operand `i` of `op`, which must be a constant (`what` names it in
/// errors).
fn constant_ints(body: &Body, op: OpId, i: usize, what: &str) -> Result<Vec<i64>, Diagnostic> {
    constant_attr(body, op, i, what).and_then(|a| {
        int_list_attr(body.ctx(), a).ok_or_else(|| op_error(body, op, format!("the {what} (operand {i}) must hold integers")))
    })
}

/// The `value` of the constant defining operand `i` of `op`.
fn constant_attr(body: &Body, op: OpId, i: usize, what: &str) -> Result<xla_ir::Attribute, Diagnostic> {
    let value: ValueId = body.operand(op, i);
    let constant = body.defining_op(value).filter(|&c| {
        let name = body.op_name(c);
        name == HloOpKind::Constant.name() || name == "stablehlo.constant"
    });
    constant.and_then(|c| body.attr(c, "value")).ok_or_else(|| {
        op_error(
            body,
            op,
            format!("the {what} (operand {i}) is computed at run time; dynamic shapes are not supported yet, only constant ones"),
        )
    })
}

/// The static dimensions of result 0 of `op`, or an error naming the dynamic ones.
fn static_result(body: &Body, op: OpId) -> Result<Vec<i64>, Diagnostic> {
    let ctx = body.ctx();
    let ty = body.value_type(body.result(op, 0));
    ctx.as_tensor(ty).and_then(|t| t.static_shape()).ok_or_else(|| {
        op_error(body, op, format!("has the result type {}; dynamic shapes are not supported yet", ctx.type_to_string(ty)))
    })
}

/// Fails unless `shape`, read from operand `what`, is the result's shape.
fn check_shape(body: &Body, op: OpId, shape: &[i64], result: &[i64], what: &str) -> Result<(), Diagnostic> {
    if shape != result {
        return Err(op_error(body, op, format!("the {what} {shape:?} differs from the result's shape {result:?}")));
    }
    Ok(())
}

/// `dynamic_iota(%shape)` is `iota` of the result type.
pub(crate) fn convert_dynamic_iota(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 1)?;
    let result = static_result(body, op)?;
    let shape = constant_ints(body, op, 0, "output shape")?;
    check_shape(body, op, &shape, &result, "output shape")?;
    let ctx = body.ctx();
    let dim = take_attr(body, op, "iota_dimension")
        .and_then(|a| super::attr_text::int_attr(ctx, a))
        .ok_or_else(|| op_error(body, op, "requires integer attribute 'iota_dimension'"))?;
    body.set_attr(op, "iota_dimension", ctx.i64_attr(dim));
    body.set_operands(op, vec![]);
    rename_op(body, op, HloOpKind::Iota);
    Ok(())
}

/// `dynamic_reshape(%x, %shape)` is `reshape(%x)`.
pub(crate) fn convert_dynamic_reshape(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 2)?;
    let result = static_result(body, op)?;
    let shape = constant_ints(body, op, 1, "output shape")?;
    check_shape(body, op, &shape, &result, "output shape")?;
    let x = body.operand(op, 0);
    body.set_operands(op, vec![x]);
    rename_op(body, op, HloOpKind::Reshape);
    Ok(())
}

/// `dynamic_broadcast_in_dim(%x, %shape)` is `broadcast_in_dim(%x)`; the hints about
/// which dimensions expand are dropped (a static broadcast knows).
pub(crate) fn convert_dynamic_broadcast_in_dim(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 2)?;
    let result = static_result(body, op)?;
    let shape = constant_ints(body, op, 1, "output dimensions")?;
    check_shape(body, op, &shape, &result, "output dimensions")?;
    let ctx = body.ctx();
    let dims = take_attr(body, op, "broadcast_dimensions")
        .and_then(|a| int_list_attr(ctx, a))
        .ok_or_else(|| op_error(body, op, "requires integer-list attribute 'broadcast_dimensions'"))?;
    body.set_attr(op, "broadcast_dimensions", ctx.i64_array_attr(&dims));
    for hint in ["known_expanding_dimensions", "known_nonexpanding_dimensions"] {
        take_attr(body, op, hint);
    }
    let x = body.operand(op, 0);
    body.set_operands(op, vec![x]);
    rename_op(body, op, HloOpKind::BroadcastInDim);
    Ok(())
}

/// `dynamic_pad(%x, %v, %low, %high, %interior)` is `pad(%x, %v)`.
pub(crate) fn convert_dynamic_pad(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 5)?;
    static_result(body, op)?;
    let low = constant_ints(body, op, 2, "low padding")?;
    let high = constant_ints(body, op, 3, "high padding")?;
    let interior = constant_ints(body, op, 4, "interior padding")?;
    let ctx = body.ctx();
    body.set_attr(op, "edge_padding_low", ctx.i64_array_attr(&low));
    body.set_attr(op, "edge_padding_high", ctx.i64_array_attr(&high));
    body.set_attr(op, "interior_padding", ctx.i64_array_attr(&interior));
    let (x, v) = (body.operand(op, 0), body.operand(op, 1));
    body.set_operands(op, vec![x, v]);
    rename_op(body, op, HloOpKind::Pad);
    Ok(())
}

/// `real_dynamic_slice(%x, %start, %limit, %strides)` is `slice(%x)`.
pub(crate) fn convert_real_dynamic_slice(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 4)?;
    static_result(body, op)?;
    let start = constant_ints(body, op, 1, "start indices")?;
    let limit = constant_ints(body, op, 2, "limit indices")?;
    let strides = constant_ints(body, op, 3, "strides")?;
    let ctx = body.ctx();
    body.set_attr(op, "start_indices", ctx.i64_array_attr(&start));
    body.set_attr(op, "limit_indices", ctx.i64_array_attr(&limit));
    body.set_attr(op, "strides", ctx.i64_array_attr(&strides));
    let x = body.operand(op, 0);
    body.set_operands(op, vec![x]);
    rename_op(body, op, HloOpKind::Slice);
    Ok(())
}

/// `dynamic_gather(%operand, %indices, %slice_sizes)` is `gather(%operand, %indices)`.
pub(crate) fn convert_dynamic_gather(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 3)?;
    static_result(body, op)?;
    let sizes = constant_ints(body, op, 2, "slice sizes")?;
    let ctx = body.ctx();
    body.set_attr(op, "slice_sizes", ctx.i64_array_attr(&sizes));
    let (operand, indices) = (body.operand(op, 0), body.operand(op, 1));
    body.set_operands(op, vec![operand, indices]);
    convert_gather(body, op)
}

/// `dynamic_conv(%lhs, %rhs, %padding)` is `convolution(%lhs, %rhs)`.
pub(crate) fn convert_dynamic_conv(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(body, op, 3)?;
    static_result(body, op)?;
    let padding = constant_attr(body, op, 2, "padding")?;
    let ctx = body.ctx();
    int_matrix_attr(ctx, padding).ok_or_else(|| op_error(body, op, "the padding (operand 2) must be an Nx2 integer constant"))?;
    body.set_attr(op, "padding", padding);
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    body.set_operands(op, vec![lhs, rhs]);
    convert_convolution(body, op)
}
