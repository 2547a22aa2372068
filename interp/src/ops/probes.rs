//! `interpreter.probe`, `interpreter.print` and `check.expect_serialized_eq`: the debugging
//! ops of StableHLO's interpreter.
//!
//! A probe appends its operand to the records of its `probe_id`
//! ([`crate::interpreter::Interpreter::probes`]), so that the `n`-th record of a probe in a
//! loop is the `n`-th iteration's, and gives the operand back. `expect_serialized_eq`
//! compares a value with the `iter`-th record of a probe, as `check.expect_eq` compares
//! (bits for floats); a missing record fails the check like a difference does. `print`
//! writes its operand to standard output as a literal, `dense<...> : tensor<...>`, one line
//! per print, whole (so that the lines of parallel replicas do not interleave).

use std::io::Write;
use std::rc::Rc;

use xla_dialects::check::{CheckOpKind, ExpectSerializedEqOp};
use xla_dialects::interpreter::ProbeOp;

use crate::error::EvalResult;
use crate::interpreter::{CheckFailure, OpCx};
use crate::ops::checks::{bits_equal, record};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn probe(cx: &mut OpCx, op: ProbeOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let value = operands.first().ok_or("interpreter.probe takes one operand")?.as_ref().clone();
    let id = op.probe_id(cx.body()).to_string();
    cx.interp.probes.entry(id).or_default().push(value.clone());
    Ok(vec![value])
}

pub(super) fn print(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let literal = tensor(operands, 0)?;
    let ctx = cx.ctx();
    let ty = literal.tensor_type(ctx);
    let dense = literal.to_dense(ctx, ty)?;
    let line = format!("{}\n", ctx.attr_to_string(ctx.dense_attr(dense)));
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(line.as_bytes()).and_then(|()| stdout.flush()).map_err(|e| format!("interpreter.print: {e}"))?;
    Ok(vec![])
}

pub(super) fn expect_serialized_eq(cx: &mut OpCx, op: ExpectSerializedEqOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let actual = tensor(operands, 0)?;
    let body = cx.body();
    let (id, iter) = (op.probe_id(body).to_string(), op.iter(body).unwrap_or(0));
    let recorded = cx.interp.probes.get(&id).map_or(0, Vec::len);
    let check = CheckOpKind::ExpectSerializedEq.name();
    let found = usize::try_from(iter).ok().and_then(|i| cx.interp.probes.get(&id).and_then(|records| records.get(i))).cloned();
    match found {
        Some(Value::Tensor(expected)) => {
            let element = actual.element;
            record(cx, check, actual, &expected, |a, b| bits_equal(element, a, b));
        }
        Some(other) => {
            let message = format!("{check} failed: probe \"{id}\" recorded {} at iteration {iter}, not a tensor", other.describe());
            cx.interp.check_failures.push(CheckFailure { location: cx.location(), message });
        }
        None => {
            let message = format!("{check} failed: probe \"{id}\" recorded {recorded} value(s), none at iteration {iter}");
            cx.interp.check_failures.push(CheckFailure { location: cx.location(), message });
        }
    }
    Ok(vec![])
}
