//! Side effects ordered by tokens: `hlo.after_all`, `hlo.infeed`, `hlo.outfeed`, `hlo.send`
//! and `hlo.recv`, XLA's `AfterAll`, `Infeed`, `Outfeed`, `Send` and `Recv`.
//!
//! A side-effecting op takes a token and returns a new one, so the order of effects is data
//! flow; `hlo.after_all` joins tokens. XLA's `Send`/`Recv` are synchronous here (the
//! asynchronous `SendDone`/`RecvDone` pairs are a later lowering's business).
//!
//! Custom forms leave out the token types, which are always `!hlo.token`, and list only the
//! types of the data: `%t1 = hlo.outfeed %a, %t0 : tensor<2xf32>`,
//! `%0:2 = hlo.recv %t0, channel_id = 1 : tensor<2xf32>`.

use xla_ir::constraints::{AnyTensor, AttrKind, BoolAttr, I64Attr, StrAttr, Token, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::types::token_type;

/// Joins tokens: the effects ordered after the result happen after those of every operand.
///
/// XLA's `AfterAll`; with no operands it creates a fresh token.
///
/// Example: `%t = hlo.after_all(%t0, %t1)`
#[op(name = "hlo.after_all", traits = [Pure], infer = infer_token, print = print_after_all, parse = parse_after_all)]
pub struct AfterAllOp {
    /// The tokens to join.
    #[operand]
    inputs: Variadic<Token>,
    #[result]
    result: Token,
}

/// Reads one value per data result from the device's infeed queue, after the token's effects.
///
/// XLA's `Infeed`: the result types say how to read the data (tuples are not supported,
/// as in XLA); the last result is the token ordering later effects after this one.
/// `infeed_config` is passed to the backend as is.
///
/// Example: `%0:2 = hlo.infeed %t {infeed_config = ""} : tensor<2xf32>`
#[op(name = "hlo.infeed", verify = verify_token_op, print = print_infeed, parse = parse_infeed)]
pub struct InfeedOp {
    #[operand]
    token: Token,
    /// Backend configuration, passed through.
    #[attr]
    infeed_config: Option<StrAttr>,
    /// The data read.
    #[result]
    results: Variadic<AnyTensor>,
    #[result]
    output_token: Token,
}

/// Writes the operands to the device's outfeed queue, after the token's effects.
///
/// XLA's `Outfeed`; the result is the token ordering later effects after this one.
///
/// Example: `%t1 = hlo.outfeed %a, %b, %t0 {outfeed_config = ""} : tensor<2xf32>, tensor<i32>`
#[op(name = "hlo.outfeed", infer = infer_token, verify = verify_token_op, print = print_outfeed, parse = parse_outfeed)]
pub struct OutfeedOp {
    /// The data written.
    #[operand]
    inputs: Variadic<AnyTensor>,
    #[operand]
    token: Token,
    /// Backend configuration, passed through.
    #[attr]
    outfeed_config: Option<StrAttr>,
    #[result]
    result: Token,
}

/// Sends the operands to the `hlo.recv` of another computation with the same channel.
///
/// XLA's `Send`; with `is_host_transfer` the peer is the host. The result is the token
/// ordering later effects after this one.
///
/// Example: `%t1 = hlo.send %a, %t0, channel_id = 1 : tensor<2xf32>`
#[op(name = "hlo.send", infer = infer_token, verify = verify_token_op, print = print_send, parse = parse_send)]
pub struct SendOp {
    /// The data sent.
    #[operand]
    inputs: Variadic<AnyTensor>,
    #[operand]
    token: Token,
    /// The channel shared with the matching `hlo.recv`, non-negative.
    #[attr]
    channel_id: I64Attr,
    /// Whether the data goes to the host rather than another device (default false).
    #[attr]
    is_host_transfer: Option<BoolAttr>,
    #[result]
    result: Token,
}

/// Receives data of the result types from the `hlo.send` of another computation with the
/// same channel.
///
/// XLA's `Recv`; with `is_host_transfer` the peer is the host. The last result is the token
/// ordering later effects after this one.
///
/// Example: `%0:2 = hlo.recv %t, channel_id = 1 : tensor<2xf32>`
#[op(name = "hlo.recv", verify = verify_token_op, print = print_recv, parse = parse_recv)]
pub struct RecvOp {
    #[operand]
    token: Token,
    /// The channel shared with the matching `hlo.send`, non-negative.
    #[attr]
    channel_id: I64Attr,
    /// Whether the data comes from the host rather than another device (default false).
    #[attr]
    is_host_transfer: Option<BoolAttr>,
    /// The data received.
    #[result]
    results: Variadic<AnyTensor>,
    #[result]
    output_token: Token,
}

/// The shape function of the ops whose only result is a token.
pub fn infer_token(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(vec![token_type(cx.ctx)])
}

/// Checks what the declarations cannot: a `channel_id`, where there is one, is non-negative.
pub fn verify_token_op(op: OpRef) -> Result<(), Diagnostic> {
    match op.attr("channel_id").and_then(|a| I64Attr::get(op.ctx(), a)) {
        Some(id) if id < 0 => Err(op.error(format!("channel_id must be non-negative, found {id}"))),
        _ => Ok(()),
    }
}

fn print_after_all(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    p.print("(");
    p.print_operands(&body.op(op).operands);
    p.print(")");
    p.print_attr_dict(&body.op(op).attributes, &[]);
}

/// Parses `(%a, %b) {attrs}`: parentheses, since the list may be empty and an op ends at no
/// keyword.
fn parse_after_all(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let token = token_type(p.ctx());
    p.expect(TokenKind::LParen)?;
    let operands = p.parse_optional_operand_list()?;
    p.expect(TokenKind::RParen)?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    state.operands = p.resolve_operands(&operands, &vec![token; operands.len()])?;
    state.result_types = vec![token];
    Ok(())
}

/// Which values of a token op carry data, before its token: the operands (outfeed, send) or
/// the results (infeed, recv).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Data {
    Operands,
    Results,
}

/// Prints ` %a, %t[, channel_id = N] {attrs} : data types`.
fn print_token_op(p: &mut OpPrinter, op: OpId, data: Data) {
    let body = p.body();
    let ctx = p.ctx();
    let state = body.op(op);
    p.print(" ");
    p.print_operands(&state.operands);
    // The channel is printed inline only when it is a plain i64, so any other value still
    // prints (in the attribute dictionary) and reads back.
    let channel = body.attr(op, "channel_id").and_then(|a| I64Attr::get(ctx, a).filter(|v| ctx.i64_attr(*v) == a));
    if let Some(channel) = channel {
        p.print(&format!(", channel_id = {channel}"));
    }
    p.print_attr_dict(&state.attributes, if channel.is_some() { &["channel_id"] } else { &[] });
    let values = match data {
        Data::Operands => &state.operands,
        Data::Results => &state.results,
    };
    let types: Vec<Type> = values.iter().take(values.len().saturating_sub(1)).map(|v| body.value_type(*v)).collect();
    if !types.is_empty() {
        p.print(" : ");
        p.print_types(&types);
    }
}

/// Parses what [`print_token_op`] prints.
fn parse_token_op(p: &mut OpParser, state: &mut OpState, data: Data, channel: bool) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let token = token_type(ctx);
    let mut operands = vec![p.parse_operand()?];
    while p.is(TokenKind::Comma) && p.peek_kind() == TokenKind::PercentIdent {
        p.expect(TokenKind::Comma)?;
        operands.push(p.parse_operand()?);
    }
    if channel && p.accept(TokenKind::Comma) {
        p.expect_keyword("channel_id")?;
        p.expect(TokenKind::Equal)?;
        let at = p.loc();
        let value = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "channel_id does not fit in 64 bits"))?;
        state.set_attr(ctx.symbol("channel_id"), ctx.i64_attr(value));
    }
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    for a in attrs {
        if state.attr(a.name).is_some() {
            return Err(p.error(format!("attribute '{}' is given twice", ctx.symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    let at = p.loc();
    let types = if p.accept(TokenKind::Colon) { p.parse_type_list()? } else { Vec::new() };
    let (operand_types, result_types) = match data {
        Data::Operands => {
            let data_count = operands.len() - 1;
            if types.len() != data_count {
                return Err(Diagnostic::error(
                    at,
                    format!("expected {data_count} type(s), one per operand before the token, found {}", types.len()),
                ));
            }
            (types.into_iter().chain([token]).collect(), vec![token])
        }
        Data::Results => (vec![token; operands.len()], types.into_iter().chain([token]).collect()),
    };
    state.operands = p.resolve_operands(&operands, &operand_types)?;
    state.result_types = result_types;
    Ok(())
}

fn print_infeed(p: &mut OpPrinter, op: OpId) {
    print_token_op(p, op, Data::Results);
}

fn parse_infeed(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_token_op(p, state, Data::Results, false)
}

fn print_outfeed(p: &mut OpPrinter, op: OpId) {
    print_token_op(p, op, Data::Operands);
}

fn parse_outfeed(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_token_op(p, state, Data::Operands, false)
}

fn print_send(p: &mut OpPrinter, op: OpId) {
    print_token_op(p, op, Data::Operands);
}

fn parse_send(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_token_op(p, state, Data::Operands, true)
}

fn print_recv(p: &mut OpPrinter, op: OpId) {
    print_token_op(p, op, Data::Results);
}

fn parse_recv(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_token_op(p, state, Data::Results, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder, Op};

    #[test]
    fn token_ops_thread_tokens_through_their_effects() {
        let ctx = context();
        let token = token_type(&ctx);
        let vector = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[token, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let fresh = AfterAllOp::build(&mut b, &[]).expect("infers a token");
        let fresh_token = fresh.result(b.body);
        let joined = AfterAllOp::build(&mut b, &[args[0], fresh_token]).expect("infers a token");
        let joined_token = joined.result(b.body);
        let infeed = InfeedOp::build(&mut b, joined_token, Some("cfg"), &[vector], token).expect("no inference");
        let after_infeed = infeed.output_token(b.body);
        let outfeed = OutfeedOp::build(&mut b, &[args[1]], after_infeed, None).expect("infers a token");
        let after_outfeed = outfeed.result(b.body);
        let send = SendOp::build(&mut b, &[args[1]], after_outfeed, 3, Some(true)).expect("infers a token");
        let after_send = send.result(b.body);
        let recv = RecvOp::build(&mut b, after_send, 3, None, &[vector, vector], token).expect("no inference");
        assert_eq!(body.value_type(joined.result(&body)), token);
        assert_eq!(infeed.infeed_config(&body), Some("cfg"));
        assert_eq!(body.value_type(infeed.results(&body)[0]), vector);
        assert_eq!(outfeed.inputs(&body), &args[1..]);
        assert_eq!((send.channel_id(&body), send.is_host_transfer(&body)), (3, Some(true)));
        assert_eq!(recv.results(&body).len(), 2);
        assert_eq!(body.value_type(recv.output_token(&body)), token);
        for op in [fresh.id(), joined.id(), infeed.id(), outfeed.id(), send.id(), recv.id()] {
            let def = ctx.op_def(body.op(op).name).expect("registered");
            assert!(xla_ir::op_def::verify_declared(OpRef::new(&body, op), def).is_ok(), "{} fails", def.name);
        }
    }

    #[test]
    fn channels_are_non_negative_and_tokens_are_tokens() {
        let ctx = context();
        let token = token_type(&ctx);
        let vector = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[token, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let send = SendOp::build(&mut b, &[args[1]], args[0], -1, None).expect("infers a token");
        let recv = RecvOp::build(&mut b, args[0], 0, None, &[vector], token).expect("no inference");
        let not_a_token = RecvOp::build(&mut b, args[1], 0, None, &[vector], token).expect("no inference");
        assert_eq!(verify_error(&body, send), "channel_id must be non-negative, found -1");
        assert!(verify(&body, recv).is_ok());
        assert_eq!(verify_error(&body, not_a_token), "operand 'token' must be a token (!hlo.token), found tensor<2xf32>");
        let error = AfterAllOp::build(&mut Builder::at_end(&mut body, block, ctx.unknown_loc()), &[args[1]]).map(|op| op.id());
        let after_all = AfterAllOp::from_id_unchecked(error.expect("inference ignores operand types"));
        assert_eq!(verify_error(&body, after_all), "operand 'inputs' #0 must be a token (!hlo.token), found tensor<2xf32>");
    }
}
