//! The chlo ops JAX emits, read and expanded into hlo ops, as StableHLO's own
//! `chlo-legalize-to-stablehlo` does. Each expansion is a named function whose doc comment
//! states the identity it implements; each has a test (`import/tests/stablehlo_chlo.rs`).
//!
//! Pretty forms read here: unary `chlo.square %x : tensor<4xf32> -> tensor<4xf32>`, binary
//! `chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`, broadcasting
//! `chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>,
//! tensor<2x4xf32>) -> tensor<2x4xf32>`, `chlo.top_k(%x, k = 2) : tensor<8xf32> ->
//! (tensor<2xf32>, tensor<2xi32>)`. The hooks keep the chlo name; [`expand`] replaces the op
//! after parsing, with the hlo ops inserted before it.
//!
//! Families: [`trig`] (hyperbolic and inverse trigonometric functions, square, conj, on real
//! floats), [`complex_trig`] (the same functions and square on complex numbers, as real
//! arithmetic on the parts), [`predicates`] (is_inf and friends), [`special`] (erf, erfc,
//! erf_inv, lgamma, digamma), [`bessel`] (bessel_i1e), [`next_after`], [`broadcast`] (the
//! `broadcast_*` ops), [`top_k`].

pub(crate) mod bessel;
pub(crate) mod broadcast;
pub(crate) mod complex_trig;
pub(crate) mod emit;
pub(crate) mod next_after;
pub(crate) mod predicates;
pub(crate) mod special;
pub(crate) mod top_k;
pub(crate) mod trig;

use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, OpId, OpState, Type, ValueId};

use super::legalize::{op_error, rename_op};
use super::syntax::{attr_dict, functional_type, operands, resolve, set};
use emit::Emitter;

/// `%x attr-dict : type -> type`.
pub(crate) fn parse_unary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let operand = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let result = p.parse_type()?;
    resolve(p, state, &x, &[operand], at)?;
    state.result_types = vec![result];
    Ok(())
}

/// `%x, %y attr-dict : type, type -> type`.
pub(crate) fn parse_binary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let xy = operands(p)?;
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let lhs = p.parse_type()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let result = p.parse_type()?;
    resolve(p, state, &xy, &[lhs, rhs], at)?;
    state.result_types = vec![result];
    Ok(())
}

/// `%a, %b attr-dict : (types) -> type` (also `broadcast_select`'s three operands).
pub(crate) fn parse_broadcast(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    attr_dict(p, state)?;
    functional_type(p, state, &all)
}

/// `(%x, k = N) attr-dict : type -> (values, indices)`.
pub(crate) fn parse_top_k(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("k")?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let k = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "k does not fit in 64 bits"))?;
    p.expect(TokenKind::RParen)?;
    let ctx = p.ctx();
    set(p, state, "k", ctx.i64_attr(k));
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let operand = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let results = p.parse_paren_type_list()?;
    resolve(p, state, &x, &[operand], at)?;
    state.result_types = results;
    Ok(())
}

/// Replaces chlo op `op` by its expansion.
pub(crate) fn expand(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let name = body.op_name(op).trim_start_matches("chlo.").to_string();
    if name == "constant" {
        return super::misc_ops::convert_constant(body, op);
    }
    let operands = body.op(op).operands.clone();
    let expected: Vec<Type> = body.op(op).results.iter().map(|v| body.value_type(*v)).collect();
    let arity = |n: usize| -> Result<(), Diagnostic> {
        if operands.len() == n {
            Ok(())
        } else {
            Err(op_error(body, op, format!("takes {n} operand(s), found {}", operands.len())))
        }
    };
    if name.starts_with("broadcast_") {
        arity(if name == "broadcast_select" { 3 } else { 2 })?;
    } else if matches!(name.as_str(), "next_after" | "polygamma" | "zeta") {
        arity(2)?;
    } else {
        arity(1)?;
    }
    if name == "erf" || name == "tan" {
        // hlo has these ops.
        rename_op(body, op, &format!("hlo.{name}"));
        return Ok(());
    }
    let values: Vec<ValueId> = {
        let mut em = Emitter::new(body, op);
        let x = operands[0];
        if let Some(value) = complex_trig::expand(&mut em, &name, x)? {
            vec![value]
        } else {
            match name.as_str() {
                "square" => vec![trig::square(&mut em, x)?],
                "conj" => vec![trig::conj(&mut em, x)?],
                "sinh" => vec![trig::sinh(&mut em, x)?],
                "cosh" => vec![trig::cosh(&mut em, x)?],
                "asin" => vec![trig::asin(&mut em, x)?],
                "acos" => vec![trig::acos(&mut em, x)?],
                "atan" => vec![trig::atan(&mut em, x)?],
                "asinh" => vec![trig::asinh(&mut em, x)?],
                "acosh" => vec![trig::acosh(&mut em, x)?],
                "atanh" => vec![trig::atanh(&mut em, x)?],
                "is_inf" => vec![predicates::is_inf(&mut em, x)?],
                "is_pos_inf" => vec![predicates::is_pos_inf(&mut em, x)?],
                "is_neg_inf" => vec![predicates::is_neg_inf(&mut em, x)?],
                "erfc" => vec![special::erfc(&mut em, x)?],
                "erf_inv" => vec![special::erf_inv(&mut em, x)?],
                "lgamma" => vec![special::lgamma(&mut em, x)?],
                "digamma" => vec![special::digamma(&mut em, x)?],
                "bessel_i1e" => vec![bessel::bessel_i1e(&mut em, x)?],
                "next_after" => vec![next_after::next_after(&mut em, x, operands[1])?],
                "top_k" => top_k::top_k(&mut em, x, &expected)?,
                short if short.starts_with("broadcast_") => {
                    vec![broadcast::broadcast(&mut em, &short["broadcast_".len()..], &operands, &expected)?]
                }
                _ => return Err(em.error("has no expansion into hlo in the StableHLO reader")),
            }
        }
    };
    let found: Vec<Type> = values.iter().map(|v| body.value_type(*v)).collect();
    if found != expected {
        let ctx = body.ctx();
        let show = |types: &[Type]| types.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", ");
        return Err(op_error(body, op, format!("expands to values of type {} but has results of type {}", show(&found), show(&expected))));
    }
    body.replace_op(op, &values);
    Ok(())
}
