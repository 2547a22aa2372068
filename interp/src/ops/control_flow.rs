//! Ops that run other computations: calls (`func.call`, `hlo.call`), `hlo.while`,
//! `hlo.conditional`, `hlo.map` and `hlo.fusion` (its region run once on its operands).
//!
//! `while` runs `cond` on the loop-carried values and, while it returns true, `body`;
//! the results are the values `cond` last saw false. `conditional` picks a branch by a
//! predicate (true runs the first branch) or an index (out of range runs the last one) and
//! runs it on its operand. `map` runs its computation once per index on 0-d tensors.

use std::rc::Rc;

use xla_dialects::{func, hlo};
use xla_ir::Scalar;

use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::support::tensor;
use crate::value::Value;

fn owned(operands: &[Rc<Value>]) -> Vec<Value> {
    operands.iter().map(|v| (**v).clone()).collect()
}

pub(super) fn func_call(cx: &mut OpCx, op: func::CallOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    cx.call_symbol(op.callee(cx.body()), owned(operands))
}

pub(super) fn hlo_call(cx: &mut OpCx, op: hlo::CallOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    cx.call_symbol(op.to_apply(cx.body()), owned(operands))
}

pub(super) fn fusion(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let region = *cx.regions().first().ok_or_else(|| EvalError::new("an hlo.fusion without a region"))?;
    cx.run_region(region, owned(operands))
}

pub(super) fn while_loop(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (cond, body) = match cx.regions() {
        [cond, body] => (*cond, *body),
        _ => return Err("hlo.while needs a cond and a body region".into()),
    };
    let mut state = owned(operands);
    loop {
        let keep_going = cx.run_region(cond, state.clone())?;
        let predicate = keep_going.first().ok_or("the cond region returned nothing")?.tensor()?;
        if predicate.get(0) != Scalar::Int(1) {
            return Ok(state);
        }
        state = cx.run_region(body, state)?;
    }
}

pub(super) fn conditional(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let selector = tensor(operands, 0)?;
    let branches = cx.regions();
    let last = branches.len().checked_sub(1).ok_or("hlo.conditional has no branches")?;
    let chosen = match (selector.element, selector.get(0)) {
        // A true predicate runs the first branch.
        (crate::element::ElementType::Pred, Scalar::Int(p)) => if p == 1 { 0 } else { 1 },
        (_, Scalar::Int(index)) => usize::try_from(index).ok().filter(|&i| i <= last).unwrap_or(last),
        _ => return Err("the selector must be a predicate or an integer".into()),
    };
    let region = branches[chosen];
    let takes_argument = cx
        .body()
        .entry_block(region)
        .is_some_and(|block| !cx.body().block(block).args.is_empty());
    let args = if takes_argument {
        vec![(**operands.get(1 + chosen).ok_or("the chosen branch has no operand")?).clone()]
    } else {
        vec![]
    };
    cx.run_region(region, args)
}

pub(super) fn map(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let region = *cx.regions().first().ok_or("hlo.map needs a computation")?;
    let inputs: Vec<&Literal> = (0..operands.len()).map(|i| tensor(operands, i)).collect::<EvalResult<_>>()?;
    let first = inputs.first().ok_or("hlo.map needs an input")?;
    let (shape, element) = (first.shape.clone(), cx.result_element(0)?);
    let mut elements = Elements::with_capacity(element, first.len());
    for i in 0..first.len() {
        let args = inputs.iter().map(|input| Literal::scalar(input.element, input.get(i)).into()).collect();
        let results = cx.run_region(region, args)?;
        let value = results.first().ok_or_else(|| EvalError::new("the computation returned nothing"))?.tensor()?;
        elements.push(value.get(0));
    }
    Ok(vec![Literal::new(element, shape, elements).into()])
}
