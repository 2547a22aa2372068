//! The ops that fit no larger family: constants, tuples, tokens and I/O, random numbers,
//! `replica_id`, `partition_id`, `fft`, `cholesky`, `triangular_solve`, batch norms and
//! collectives.
//!
//! Pretty forms read here: `stablehlo.constant dense<1.0> : tensor<f32>` (also
//! `chlo.constant`), `stablehlo.tuple %a, %b : tuple<...>`, `stablehlo.get_tuple_element
//! %t[0] : (tuple<...>) -> type`, `stablehlo.after_all %a, %b : !stablehlo.token`,
//! `stablehlo.create_token : !stablehlo.token`, `stablehlo.optimization_barrier %a, %b :
//! t1, t2` (or `()`), `stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (...) -> ...`
//! (hlo's `rng_uniform`/`rng_normal`, which take the shape from the result type),
//! `stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (...) -> (...)`,
//! `stablehlo.replica_id : tensor<ui32>` (and `partition_id`), `stablehlo.fft %x, type =
//! FFT, length = [4] : ...`, `stablehlo.cholesky %a, lower = true : type`.
//!
//! The rest StableHLO prints generically; their converters translate enum attributes
//! (`#stablehlo<transpose NO_TRANSPOSE>`), channel handles
//! (`#stablehlo.channel_handle<handle = 1, type = 2>` gives hlo's `channel_id`) and
//! replica groups (`dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>` gives hlo's list of lists
//! `[[0, 1], [2]]`, the `-1` padding dropped).

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{AttrData, Body, Diagnostic, OpId, OpState, TypeData};

use super::attr_text::{bool_attr, enum_value, int_attr, int_matrix_attr, struct_attr, struct_fields, Fields, TextTokens};
use super::dialect::StablehloOpKind;
use super::legalize::{op_error, rename_op, take_attr};
use super::shape_ops::normalize_attrs;
use super::syntax::{attr_dict, functional_type, operands, rename, resolve, same_type, set, set_ints};

/// `attr-dict dense<...> : type`.
pub(crate) fn parse_constant(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    let at = p.loc();
    let value = p.parse_attribute()?;
    let ctx = p.ctx();
    let AttrData::DenseElements(dense) = ctx.attr_data(value) else {
        return Err(Diagnostic::error(at, format!("expected a dense literal, found {}", ctx.attr_to_string(value))));
    };
    state.result_types = vec![dense.ty];
    set(p, state, "value", value);
    rename(p, state, HloOpKind::Constant);
    Ok(())
}

/// `%a, %b attr-dict : tuple<...>`.
pub(crate) fn parse_tuple(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let elements = p.parse_optional_operand_list()?;
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_type()?;
    let TypeData::Tuple(types) = p.ctx().type_data(ty).clone() else {
        return Err(Diagnostic::error(at, format!("expected a tuple type, found {}", p.ctx().type_to_string(ty))));
    };
    resolve(p, state, &elements, &types, at)?;
    state.result_types = vec![ty];
    rename(p, state, HloOpKind::Tuple);
    Ok(())
}

/// `%t[index] attr-dict : (tuple<...>) -> type`.
pub(crate) fn parse_get_tuple_element(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let tuple = vec![p.parse_operand()?];
    p.expect(TokenKind::LSquare)?;
    let at = p.loc();
    let index = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "index does not fit in 64 bits"))?;
    p.expect(TokenKind::RSquare)?;
    let ctx = p.ctx();
    set(p, state, "index", ctx.i64_attr(index));
    attr_dict(p, state)?;
    functional_type(p, state, &tuple)?;
    rename(p, state, HloOpKind::GetTupleElement);
    Ok(())
}

/// `after_all %a, %b attr-dict : !stablehlo.token`, `create_token attr-dict : type`.
pub(crate) fn parse_after_all(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let inputs = p.parse_optional_operand_list()?;
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_type()?;
    let (inputs_types, result) = match p.ctx().type_data(ty).clone() {
        TypeData::Function { inputs: i, results } if results.len() == 1 => (i, results[0]),
        TypeData::Function { .. } => return Err(Diagnostic::error(at, "expected one result type")),
        _ => (vec![ty; inputs.len()], ty),
    };
    resolve(p, state, &inputs, &inputs_types, at)?;
    state.result_types = vec![result];
    rename(p, state, HloOpKind::AfterAll);
    Ok(())
}

/// `attr-dict %a, %b : t1, t2` or `attr-dict ()`.
pub(crate) fn parse_optimization_barrier(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    if p.accept(TokenKind::LParen) {
        p.expect(TokenKind::RParen)?;
    } else {
        let values = operands(p)?;
        p.expect(TokenKind::Colon)?;
        let at = p.loc();
        let types = p.parse_type_list()?;
        resolve(p, state, &values, &types, at)?;
        state.result_types = types;
    }
    rename(p, state, HloOpKind::OptimizationBarrier);
    Ok(())
}

/// `%a, %b, %shape, distribution = UNIFORM|NORMAL attr-dict : (...) -> type`.
pub(crate) fn parse_rng(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("distribution")?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let distribution = p.parse_identifier()?;
    let kind = rng_kind(distribution)
        .ok_or_else(|| Diagnostic::error(at, format!("expected distribution UNIFORM or NORMAL, found '{distribution}'")))?;
    attr_dict(p, state)?;
    functional_type(p, state, &all)?;
    if state.operands.len() != 3 {
        return Err(Diagnostic::error(state.location, format!("'{}' takes 3 operands, found {}", StablehloOpKind::Rng.name(), state.operands.len())));
    }
    // hlo's rng ops take the shape from the result type; the shape operand goes.
    state.operands.truncate(2);
    rename(p, state, kind);
    Ok(())
}

/// The hlo op of the random distribution StableHLO names `distribution`.
fn rng_kind(distribution: &str) -> Option<HloOpKind> {
    match distribution {
        "UNIFORM" => Some(HloOpKind::RngUniform),
        "NORMAL" => Some(HloOpKind::RngNormal),
        _ => None,
    }
}

/// `%state, algorithm = THREE_FRY attr-dict : (...) -> (...)`.
pub(crate) fn parse_rng_bit_generator(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let initial = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("algorithm")?;
    p.expect(TokenKind::Equal)?;
    let algorithm = p.parse_identifier()?;
    let ctx = p.ctx();
    set(p, state, "rng_algorithm", ctx.string_attr(algorithm));
    attr_dict(p, state)?;
    functional_type(p, state, &initial)?;
    rename(p, state, HloOpKind::RngBitGenerator);
    Ok(())
}

/// `attr-dict : tensor<ui32>`.
pub(crate) fn parse_replica_id(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_process_id(p, state, HloOpKind::ReplicaId)
}

/// `attr-dict : tensor<ui32>`.
pub(crate) fn parse_partition_id(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_process_id(p, state, HloOpKind::PartitionId)
}

/// `attr-dict : tensor<ui32>`, the form of `replica_id` and `partition_id`, as `kind`.
fn parse_process_id(p: &mut OpParser, state: &mut OpState, kind: HloOpKind) -> Result<(), Diagnostic> {
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    state.result_types = vec![p.parse_type()?];
    rename(p, state, kind);
    Ok(())
}

/// `%x, type = FFT, length = [4] attr-dict : (...) -> type`.
pub(crate) fn parse_fft(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("type")?;
    p.expect(TokenKind::Equal)?;
    let ty = p.parse_identifier()?;
    let ctx = p.ctx();
    set(p, state, "fft_type", ctx.string_attr(ty));
    p.expect(TokenKind::Comma)?;
    let length = super::syntax::keyed_int_list(p, "length")?;
    set_ints(p, state, "fft_length", &length);
    attr_dict(p, state)?;
    functional_type(p, state, &x)?;
    rename(p, state, HloOpKind::Fft);
    Ok(())
}

/// `%a (, lower = true)? attr-dict : type`.
pub(crate) fn parse_cholesky(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let a = vec![p.parse_operand()?];
    let ctx = p.ctx();
    let mut lower = false;
    if p.accept(TokenKind::Comma) {
        p.expect_keyword("lower")?;
        p.expect(TokenKind::Equal)?;
        let at = p.loc();
        lower = match p.parse_identifier()? {
            "true" => true,
            "false" => false,
            other => return Err(Diagnostic::error(at, format!("expected 'true' or 'false', found '{other}'"))),
        };
    }
    set(p, state, "lower", ctx.bool_attr(lower));
    attr_dict(p, state)?;
    same_type(p, state, &a)?;
    rename(p, state, HloOpKind::Cholesky);
    Ok(())
}

/// Generic `"stablehlo.constant"`: the `value` attribute is hlo's.
pub(crate) fn convert_constant(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    if body.attr(op, "value").and_then(|a| ctx.as_dense(a)).is_none() {
        return Err(op_error(body, op, "requires a dense literal attribute 'value'"));
    }
    rename_op(body, op, HloOpKind::Constant);
    Ok(())
}

/// Generic `"stablehlo.get_tuple_element"`: `index` is an `i32` in StableHLO.
pub(crate) fn convert_get_tuple_element(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    normalize_attrs(body, op, &[], &["index"])?;
    rename_op(body, op, HloOpKind::GetTupleElement);
    Ok(())
}

/// Generic `"stablehlo.rng"`: the distribution picks the hlo op; the shape operand goes.
pub(crate) fn convert_rng(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let distribution = take_attr(body, op, "rng_distribution")
        .and_then(|a| enum_value(ctx, a, "rng_distribution"))
        .ok_or_else(|| op_error(body, op, "requires attribute 'rng_distribution' (#stablehlo<rng_distribution ...>)"))?;
    let kind = rng_kind(&distribution).ok_or_else(|| op_error(body, op, format!("unknown distribution '{distribution}'")))?;
    let operands = body.op(op).operands.clone();
    if operands.len() != 3 {
        return Err(op_error(body, op, format!("takes 3 operands, found {}", operands.len())));
    }
    body.set_operands(op, operands[..2].to_vec());
    rename_op(body, op, kind);
    Ok(())
}

/// Generic `"stablehlo.rng_bit_generator"`: the algorithm is an enum attribute.
pub(crate) fn convert_rng_bit_generator(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    convert_enum(body, op, "rng_algorithm", "rng_algorithm")?;
    rename_op(body, op, HloOpKind::RngBitGenerator);
    Ok(())
}

/// Generic `"stablehlo.fft"`.
pub(crate) fn convert_fft(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    convert_enum(body, op, "fft_type", "fft_type")?;
    normalize_attrs(body, op, &["fft_length"], &[])?;
    rename_op(body, op, HloOpKind::Fft);
    Ok(())
}

/// Generic `"stablehlo.cholesky"`: `lower` defaults to false.
pub(crate) fn convert_cholesky(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let lower = take_attr(body, op, "lower").and_then(|a| bool_attr(ctx, a)).unwrap_or(false);
    body.set_attr(op, "lower", ctx.bool_attr(lower));
    rename_op(body, op, HloOpKind::Cholesky);
    Ok(())
}

/// Generic `"stablehlo.triangular_solve"`: `transpose_a` is an enum attribute.
pub(crate) fn convert_triangular_solve(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    convert_enum(body, op, "transpose_a", "transpose")?;
    rename_op(body, op, HloOpKind::TriangularSolve);
    Ok(())
}

/// Generic batch norms, which become the hlo op of `kind`: `epsilon` is an `f32`,
/// `feature_index` an integer.
pub(crate) fn convert_batch_norm(body: &mut Body, op: OpId, kind: HloOpKind) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let epsilon = match take_attr(body, op, "epsilon").map(|a| ctx.attr_data(a).clone()) {
        Some(AttrData::Float { bits, .. }) => f64::from_bits(bits) as f32,
        _ => return Err(op_error(body, op, "requires float attribute 'epsilon'")),
    };
    body.set_attr(op, "epsilon", ctx.float_attr(f64::from(epsilon), ctx.f32_type()));
    normalize_attrs(body, op, &[], &["feature_index"])?;
    rename_op(body, op, kind);
    Ok(())
}

/// Generic infeed and outfeed, which become the hlo op of `kind`: infeed's `layout` (a
/// hint) is dropped.
pub(crate) fn convert_feed(body: &mut Body, op: OpId, kind: HloOpKind) -> Result<(), Diagnostic> {
    take_attr(body, op, "layout");
    rename_op(body, op, kind);
    Ok(())
}

/// Generic send and recv, which become the hlo op of `kind`: the required channel handle
/// becomes `channel_id`.
pub(crate) fn convert_send_recv(body: &mut Body, op: OpId, kind: HloOpKind) -> Result<(), Diagnostic> {
    take_attr(body, op, "layout");
    channel_id(body, op)?.ok_or_else(|| op_error(body, op, "requires attribute 'channel_handle'"))?;
    rename_op(body, op, kind);
    Ok(())
}

/// Generic `all_gather`: `all_gather_dim` is hlo's `all_gather_dimension`.
pub(crate) fn convert_all_gather(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    collective_groups(body, op, "replica_groups")?;
    let dim = take_attr(body, op, "all_gather_dim").and_then(|a| int_attr(ctx, a));
    let dim = dim.ok_or_else(|| op_error(body, op, "requires integer attribute 'all_gather_dim'"))?;
    body.set_attr(op, "all_gather_dimension", ctx.i64_attr(dim));
    rename_op(body, op, HloOpKind::AllGather);
    Ok(())
}

/// Generic `all_reduce`.
pub(crate) fn convert_all_reduce(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    collective_groups(body, op, "replica_groups")?;
    rename_op(body, op, HloOpKind::AllReduce);
    Ok(())
}

/// Generic `all_to_all`: its dimensions and count are `i64`.
pub(crate) fn convert_all_to_all(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    collective_groups(body, op, "replica_groups")?;
    normalize_attrs(body, op, &[], &["split_dimension", "concat_dimension", "split_count"])?;
    rename_op(body, op, HloOpKind::AllToAll);
    Ok(())
}

/// Generic `collective_permute`: its pairs are a list of lists, as replica groups are.
pub(crate) fn convert_collective_permute(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    collective_groups(body, op, "source_target_pairs")?;
    rename_op(body, op, HloOpKind::CollectivePermute);
    Ok(())
}

/// Generic `collective_broadcast`.
pub(crate) fn convert_collective_broadcast(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    collective_groups(body, op, "replica_groups")?;
    rename_op(body, op, HloOpKind::CollectiveBroadcast);
    Ok(())
}

/// Generic `reduce_scatter`: `scatter_dimension` is an `i64`.
pub(crate) fn convert_reduce_scatter(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    collective_groups(body, op, "replica_groups")?;
    normalize_attrs(body, op, &[], &["scatter_dimension"])?;
    rename_op(body, op, HloOpKind::ReduceScatter);
    Ok(())
}

/// What every generic collective shares: `channel_handle` becomes `channel_id`, and the
/// 2-d attribute `matrix_attr` (replica groups, or permutation pairs) a list of lists.
/// Replica groups of different sizes come padded with `-1` (a 2-d tensor has rows of one
/// length); the padding is dropped, since the dialect's groups are lists of any length.
fn collective_groups(body: &mut Body, op: OpId, matrix_attr: &str) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    channel_id(body, op)?;
    let mut rows = take_attr(body, op, matrix_attr)
        .and_then(|a| int_matrix_attr(ctx, a))
        .ok_or_else(|| op_error(body, op, format!("requires a 2-d integer attribute '{matrix_attr}'")))?;
    if matrix_attr == "replica_groups" {
        for row in &mut rows {
            row.retain(|&id| id != REPLICA_GROUP_PADDING);
        }
    }
    let rows: Vec<_> = rows.iter().map(|r| ctx.i64_array_attr(r)).collect();
    body.set_attr(op, matrix_attr, ctx.array_attr(rows));
    Ok(())
}

/// The id that pads StableHLO's replica groups of different sizes to one length.
const REPLICA_GROUP_PADDING: i64 = -1;

/// Replaces `channel_handle = #stablehlo.channel_handle<handle = N, type = T>` by
/// `channel_id = N`; returns the id when there was a handle.
fn channel_id(body: &mut Body, op: OpId) -> Result<Option<i64>, Diagnostic> {
    let ctx = body.ctx();
    let Some(attr) = take_attr(body, op, "channel_handle") else { return Ok(None) };
    let loc = body.op(op).location;
    let (mnemonic, text) =
        struct_attr(ctx, attr).ok_or_else(|| op_error(body, op, "attribute 'channel_handle' must be #stablehlo.channel_handle<...>"))?;
    if mnemonic != "channel_handle" {
        return Err(op_error(body, op, format!("attribute 'channel_handle' must be #stablehlo.channel_handle<...>, found #stablehlo.{mnemonic}")));
    }
    let mut tokens = TextTokens::new(text, loc, "#stablehlo.channel_handle");
    let fields = Fields::new(struct_fields(&mut tokens)?, loc, "#stablehlo.channel_handle");
    let handle = fields.int_or("handle", None)?;
    body.set_attr(op, "channel_id", ctx.i64_attr(handle));
    Ok(Some(handle))
}

/// Replaces enum attribute `name` (`#stablehlo<kind VALUE>`) by the string `"VALUE"`.
fn convert_enum(body: &mut Body, op: OpId, name: &str, kind: &str) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let value = take_attr(body, op, name)
        .and_then(|a| enum_value(ctx, a, kind))
        .ok_or_else(|| op_error(body, op, format!("requires attribute '{name}' (#stablehlo<{kind} ...>)")))?;
    body.set_attr(op, name, ctx.string_attr(&value));
    Ok(())
}
