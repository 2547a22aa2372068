//! Effects ordered by tokens: `hlo.after_all`, `hlo.infeed`, `hlo.outfeed`, `hlo.send` and
//! `hlo.recv`.
//!
//! The interpreter runs ops in program order, which every token chain respects, so a token
//! carries no data: every token op returns [`Value::Token`].
//!
//! Semantics:
//! - `after_all` joins tokens into one;
//! - the infeed and outfeed queues hold one entry per op, as XLA's host transfers do: the
//!   data itself when the op has one data value, else a tuple of its data values (XLA's
//!   infeed and outfeed take one array or one tuple). `infeed` takes the front entry of
//!   [`crate::Interpreter::infeed`], else of the process grid's infeed
//!   (`interpreter.run_parallel`'s), which must match its data results' types; an empty
//!   queue is an error. `outfeed` appends its operands' entry to
//!   [`crate::Interpreter::outfeed`];
//! - `send` and `recv` meet through the channels of the interpreter's
//!   [`Process`](crate::collectives::Process): `send` appends its operands to the queue of
//!   its channel, and `recv` of that channel takes the oldest values sent on it, which must
//!   match its data results' types. A process alone fails a `recv` with nothing sent
//!   (nothing else could send later, since the program runs in order); among processes a
//!   `recv` waits for another process's `send`, and fails once no other process is left to
//!   send.
//!   `is_host_transfer` changes nothing here.

use std::rc::Rc;

use xla_dialects::hlo::{RecvOp, SendOp};
use xla_ir::Type;

use crate::error::EvalResult;
use crate::interpreter::{type_description, OpCx};
use crate::value::Value;

pub(super) fn after_all(_cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![Value::Token])
}

/// The types of the op's data results: every result but the last, which is the token.
fn data_result_types(cx: &OpCx) -> Vec<Type> {
    let results = &cx.body().op(cx.op).results;
    results[..results.len().saturating_sub(1)].iter().map(|&v| cx.body().value_type(v)).collect()
}

/// The data operands of the op: every operand but the last, which is the token.
fn data_operands(operands: &[Rc<Value>]) -> Vec<Value> {
    operands[..operands.len().saturating_sub(1)].iter().map(|v| (**v).clone()).collect()
}

/// A queue entry of `values`: the value itself when there is one, else their tuple.
fn entry_of(mut values: Vec<Value>) -> Value {
    if values.len() == 1 {
        values.remove(0)
    } else {
        Value::Tuple(values)
    }
}

/// The data values of infeed entry `entry` for results of `types`: the entry itself for
/// one result (or a tuple of that one value), else a tuple of one value per result.
fn unpack_entry(entry: Value, types: &[Type]) -> Vec<Value> {
    match entry {
        Value::Tuple(values) if types.len() != 1 || values.len() == 1 => values,
        value => vec![value],
    }
}

/// `values`, checked against the data result types `types`; `what` names where they came
/// from in the error.
fn checked(cx: &OpCx, values: Vec<Value>, types: &[Type], what: &str) -> Result<Vec<Value>, String> {
    let fits = values.len() == types.len() && values.iter().zip(types).all(|(v, &t)| v.conforms_to(cx.ctx(), t));
    if !fits {
        let expected: Vec<String> = types.iter().map(|&t| type_description(cx.ctx(), t)).collect();
        let found: Vec<String> = values.iter().map(Value::describe).collect();
        return Err(format!("{what} holds ({}), but the op reads ({})", found.join(", "), expected.join(", ")));
    }
    Ok(values)
}

pub(super) fn infeed(cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let types = data_result_types(cx);
    let entry = cx.interp.infeed.pop_front().or_else(|| cx.interp.process.take_infeed()).ok_or("the infeed queue is empty")?;
    let mut values = checked(cx, unpack_entry(entry, &types), &types, "the front of the infeed queue")?;
    values.push(Value::Token);
    Ok(values)
}

pub(super) fn outfeed(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    cx.interp.outfeed.push(entry_of(data_operands(operands)));
    Ok(vec![Value::Token])
}

pub(super) fn send(cx: &mut OpCx, op: SendOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let channel = op.channel_id(cx.body());
    cx.interp.process.send(channel, data_operands(operands))?;
    Ok(vec![Value::Token])
}

pub(super) fn recv(cx: &mut OpCx, op: RecvOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let channel = op.channel_id(cx.body());
    let types = data_result_types(cx);
    let sent = cx.interp.process.recv(channel)?;
    let mut values = checked(cx, sent, &types, &format!("channel {channel}"))?;
    values.push(Value::Token);
    Ok(values)
}
