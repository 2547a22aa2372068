//! Ops that make or regroup values without computing: `hlo.constant`, `hlo.tuple`,
//! `hlo.get_tuple_element` and `hlo.optimization_barrier`.

use std::rc::Rc;

use xla_dialects::hlo::{ConstantOp, GetTupleElementOp};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::value::Value;

pub(super) fn constant(cx: &mut OpCx, op: ConstantOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![Literal::from_dense(cx.ctx(), op.value(cx.body()))?.into()])
}

pub(super) fn tuple(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![Value::Tuple(operands.iter().map(|v| (**v).clone()).collect())])
}

pub(super) fn get_tuple_element(cx: &mut OpCx, op: GetTupleElementOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let index = op.index(cx.body());
    let elements = operands.first().ok_or("the tuple operand is missing")?.tuple()?;
    let element = usize::try_from(index).ok().and_then(|i| elements.get(i)).ok_or_else(|| {
        format!("index {index} is out of range for a tuple of {} elements", elements.len())
    })?;
    Ok(vec![element.clone()])
}

pub(super) fn optimization_barrier(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(operands.iter().map(|v| (**v).clone()).collect())
}
