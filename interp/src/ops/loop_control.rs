//! The loop dialect's control flow: `loop.for`, `loop.parallel`, `loop.while`, `loop.if`,
//! and `loop.call_runtime` (which the interpreter cannot run: the runtime is native code).
//!
//! Regions run through the engine, one frame per iteration; `loop.yield` and
//! `loop.condition` end them and give their operands back. `loop.parallel` runs its
//! iterations in row-major order, which its contract (independent iterations) makes as good
//! as any other.

use std::rc::Rc;

use xla_dialects::loops::CallRuntimeOp;
use xla_ir::attributes::write_symbol_name;
use xla_ir::Scalar;

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::support::tensor;
use crate::value::Value;

/// The integer held by operand `i`, a 0-d tensor (an `index` or `i1`).
fn integer(operands: &[Rc<Value>], i: usize) -> EvalResult<i128> {
    Ok(tensor(operands, i)?.as_index().ok_or_else(|| format!("operand {i} must be an integer"))?)
}

/// An `index` value.
fn index_value(i: i128) -> Value {
    Literal::scalar(ElementType::S64, Scalar::Int(i)).into()
}

/// The op's only region with the given position.
fn region(cx: &OpCx, i: usize) -> EvalResult<xla_ir::RegionId> {
    cx.regions().get(i).copied().ok_or_else(|| EvalError::new(format!("the op has no region #{i}")))
}

fn owned(operands: &[Rc<Value>]) -> Vec<Value> {
    operands.iter().map(|v| (**v).clone()).collect()
}

pub(super) fn for_loop(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (lower, upper, step) = (integer(operands, 0)?, integer(operands, 1)?, integer(operands, 2)?);
    if step <= 0 {
        return Err(EvalError::new(format!("loop.for needs a positive step, found {step}")));
    }
    let body = region(cx, 0)?;
    let mut carried = owned(&operands[3..]);
    let mut i = lower;
    while i < upper {
        let mut args = vec![index_value(i)];
        args.append(&mut carried);
        carried = cx.run_region(body, args)?;
        i += step;
    }
    Ok(carried)
}

pub(super) fn parallel(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let rank = operands.len() / 2;
    let lower = (0..rank).map(|d| integer(operands, d)).collect::<EvalResult<Vec<_>>>()?;
    let upper = (rank..2 * rank).map(|d| integer(operands, d)).collect::<EvalResult<Vec<_>>>()?;
    if lower.iter().zip(&upper).any(|(l, u)| l >= u) {
        return Ok(vec![]);
    }
    let body = region(cx, 0)?;
    let mut index = lower.clone();
    loop {
        cx.run_region(body, index.iter().map(|&i| index_value(i)).collect())?;
        // The next index in row-major order, or the end.
        let mut d = rank;
        loop {
            if d == 0 {
                return Ok(vec![]);
            }
            d -= 1;
            index[d] += 1;
            if index[d] < upper[d] {
                break;
            }
            index[d] = lower[d];
        }
    }
}

pub(super) fn while_loop(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (cond, body) = (region(cx, 0)?, region(cx, 1)?);
    let mut carried = owned(operands);
    loop {
        let mut forwarded = cx.run_region(cond, carried)?;
        if forwarded.is_empty() {
            return Err(EvalError::new("the cond region gave no condition"));
        }
        let condition = forwarded.remove(0);
        if condition.tensor()?.as_index() != Some(1) {
            return Ok(forwarded);
        }
        carried = cx.run_region(body, forwarded)?;
    }
}

pub(super) fn if_op(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let chosen = if integer(operands, 0)? == 1 { 0 } else { 1 };
    let region = region(cx, chosen)?;
    cx.run_region(region, vec![])
}

pub(super) fn call_runtime(cx: &mut OpCx, op: CallRuntimeOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let ctx = cx.ctx();
    let mut callee = String::new();
    for &symbol in op.callee(cx.body()) {
        callee.push_str(if callee.is_empty() { "@" } else { "::@" });
        write_symbol_name(&mut callee, ctx.symbol_str(symbol));
    }
    Err(EvalError::new(format!("the interpreter cannot call the runtime function {callee}")))
}
