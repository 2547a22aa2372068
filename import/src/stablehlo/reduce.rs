//! Ops with a computation region: `reduce` (whose pretty form is read here), and the
//! generic-only `reduce_window`, `select_and_scatter`, `map` and `sort`.
//!
//! Pretty `reduce`, in its two forms:
//! - compact: `stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1]
//!   : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>`; the reducer region is built here:
//!   one block taking two 0-d tensors of the input's element type, applying the named
//!   binary op and returning its result;
//! - with a region: `stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [1] :
//!   (...) -> (...) reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d:
//!   tensor<i32>) { ... }`, where the pairs name the block arguments `i` and `n + i`.
//!
//! Generic forms keep hlo's attribute names; their lists become `array<i64: ...>`.

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::{Body, Diagnostic, InsertPoint, OpId, OpState, TensorType, Type, TypeData};

use super::attr_text::{bool_attr, int_attr, int_matrix_attr};
use super::dialect::StablehloOpKind;
use super::elementwise::hlo_counterpart;
use super::legalize::{op_error, rename_op, take_attr};
use super::shape_ops::normalize_attrs;
use super::syntax::{attr_dict, function_parts, rename, resolve, set_ints};

/// `(%x init: %c), ... (applies OP)? across dimensions = [...] attr-dict : type (reducer ...
/// region)?`.
pub(crate) fn parse_reduce(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    loop {
        p.expect(TokenKind::LParen)?;
        inputs.push(p.parse_operand()?);
        p.expect_keyword("init")?;
        p.expect(TokenKind::Colon)?;
        inits.push(p.parse_operand()?);
        p.expect(TokenKind::RParen)?;
        if !p.accept(TokenKind::Comma) {
            break;
        }
    }
    let applies = if p.accept_keyword("applies") {
        let at = p.loc();
        let name = if p.is(TokenKind::String) { p.parse_string()? } else { p.parse_identifier()?.to_string() };
        Some((name, at))
    } else {
        None
    };
    p.expect_keyword("across")?;
    p.expect_keyword("dimensions")?;
    p.expect(TokenKind::Equal)?;
    let dimensions = p.parse_int_list()?;
    set_ints(p, state, "dimensions", &dimensions);
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_function_type()?;
    let (input_types, results) = function_parts(p, ty, at)?;
    let count = inputs.len();
    let all: Vec<UnresolvedOperand> = inputs.into_iter().chain(inits).collect();
    resolve(p, state, &all, &input_types, at)?;
    state.result_types = results;
    let region = match applies {
        Some((name, name_at)) => {
            if count != 1 {
                return Err(Diagnostic::error(name_at, "the 'applies' form of reduce takes exactly one input"));
            }
            let element = p
                .ctx()
                .as_tensor(input_types[0])
                .map(|t| t.element)
                .ok_or_else(|| Diagnostic::error(at, "the reduced input must be a tensor"))?;
            compact_reducer(p, &name, element, name_at)?
        }
        None => {
            p.expect_keyword("reducer")?;
            let mut firsts = Vec::new();
            let mut seconds = Vec::new();
            while p.accept(TokenKind::LParen) {
                firsts.push(reducer_argument(p)?);
                p.expect(TokenKind::Comma)?;
                seconds.push(reducer_argument(p)?);
                p.expect(TokenKind::RParen)?;
            }
            firsts.extend(seconds);
            p.parse_region(firsts, false)?
        }
    };
    state.regions.push(region);
    rename(p, state, HloOpKind::Reduce);
    Ok(())
}

/// The binary ops the compact form of `reduce` may apply.
const COMPACT_REDUCERS: [StablehloOpKind; 12] = [
    StablehloOpKind::Add,
    StablehloOpKind::Multiply,
    StablehloOpKind::Maximum,
    StablehloOpKind::Minimum,
    StablehloOpKind::And,
    StablehloOpKind::Or,
    StablehloOpKind::Xor,
    StablehloOpKind::Subtract,
    StablehloOpKind::Divide,
    StablehloOpKind::Power,
    StablehloOpKind::Remainder,
    StablehloOpKind::Atan2,
];

/// `%a: type loc(...)?`.
fn reducer_argument(p: &mut OpParser) -> Result<(UnresolvedOperand, Type), Diagnostic> {
    let argument = p.parse_argument()?;
    if p.is(TokenKind::BareIdent) && p.token().text == "loc" {
        p.parse_location()?;
    }
    Ok(argument)
}

/// The region of `applies OP`: `^bb0(%a: tensor<E>, %b: tensor<E>): %r = OP %a, %b;
/// hlo.return %r`.
fn compact_reducer(p: &mut OpParser, name: &str, element: Type, at: xla_ir::Location) -> Result<xla_ir::RegionId, Diagnostic> {
    let hlo = StablehloOpKind::from_name(name)
        .filter(|kind| COMPACT_REDUCERS.contains(kind))
        .and_then(hlo_counterpart)
        .ok_or_else(|| Diagnostic::error(at, format!("expected a binary stablehlo op after 'applies', found '{name}'")))?;
    let ctx = p.ctx();
    let scalar = ctx.ty(TypeData::Tensor(TensorType { dims: Vec::new(), element, layout: None }));
    let body = &mut *p.body;
    let region = body.create_region();
    let block = body.append_block(region);
    let lhs = body.add_block_arg(block, scalar);
    let rhs = body.add_block_arg(block, scalar);
    let mut inner = OpState::new(ctx.symbol(hlo.name()), at);
    inner.operands = vec![lhs, rhs];
    inner.result_types = vec![scalar];
    let inner = body.create_op(inner);
    body.insert_op(inner, InsertPoint::BlockEnd(block));
    let mut ret = OpState::new(ctx.symbol(HloOpKind::Return.name()), at);
    ret.operands = vec![body.result(inner, 0)];
    let ret = body.create_op(ret);
    body.insert_op(ret, InsertPoint::BlockEnd(block));
    Ok(region)
}

/// Generic `"stablehlo.reduce"`.
pub(crate) fn convert_reduce(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, &["dimensions"], &[])?;
    rename_op(body, op, HloOpKind::Reduce);
    Ok(())
}

/// Generic `"stablehlo.map"`.
pub(crate) fn convert_map(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, &["dimensions"], &[])?;
    rename_op(body, op, HloOpKind::Map);
    Ok(())
}

/// Rewrites the optional integer-list attributes `names` as `array<i64: ...>`.
fn optional_lists(body: &mut Body, op: OpId, names: &[&str]) -> Result<(), Diagnostic> {
    for name in names {
        if body.attr(op, name).is_some() {
            normalize_attrs(body, op, &[name], &[])?;
        }
    }
    Ok(())
}

/// Rewrites the optional `padding` (an Nx2 list) as a list of `array<i64: lo, hi>`.
fn padding(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    if let Some(a) = take_attr(body, op, "padding") {
        let rows = int_matrix_attr(ctx, a).ok_or_else(|| op_error(body, op, "attribute 'padding' must be an Nx2 integer list"))?;
        body.set_attr(op, "padding", ctx.array_attr(rows.iter().map(|r| ctx.i64_array_attr(r)).collect()));
    }
    Ok(())
}

/// Generic `"stablehlo.reduce_window"`.
pub(crate) fn convert_reduce_window(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, &["window_dimensions"], &[])?;
    optional_lists(body, op, &["window_strides", "base_dilations", "window_dilations"])?;
    padding(body, op)?;
    rename_op(body, op, HloOpKind::ReduceWindow);
    Ok(())
}

/// Generic `"stablehlo.select_and_scatter"`.
pub(crate) fn convert_select_and_scatter(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, &["window_dimensions"], &[])?;
    optional_lists(body, op, &["window_strides"])?;
    padding(body, op)?;
    rename_op(body, op, HloOpKind::SelectAndScatter);
    Ok(())
}

/// Generic `"stablehlo.sort"`: `dimension` defaults to -1 (the last), which hlo spells as
/// the dimension's number.
pub(crate) fn convert_sort(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let dimension = match take_attr(body, op, "dimension") {
        Some(a) => int_attr(ctx, a).ok_or_else(|| op_error(body, op, "attribute 'dimension' must be an integer"))?,
        None => -1,
    };
    let rank = body
        .op(op)
        .operands
        .first()
        .and_then(|v| ctx.as_tensor(body.value_type(*v)))
        .map_or(0, |t| t.dims.len() as i64);
    let dimension = if dimension < 0 { dimension + rank } else { dimension };
    body.set_attr(op, "dimension", ctx.i64_attr(dimension));
    if let Some(a) = take_attr(body, op, "is_stable") {
        let stable = bool_attr(ctx, a).ok_or_else(|| op_error(body, op, "attribute 'is_stable' must be a bool"))?;
        body.set_attr(op, "is_stable", ctx.bool_attr(stable));
    }
    rename_op(body, op, HloOpKind::Sort);
    Ok(())
}
