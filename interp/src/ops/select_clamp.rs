//! `hlo.select` and `hlo.clamp`, the elementwise ops of three operands.
//!
//! `select(pred, on_true, on_false)` takes a scalar predicate or one per element.
//! `clamp(min, x, max) == min(max(x, min), max)` with `maximum`'s and `minimum`'s NaN
//! propagation; `min` and `max` may be scalars. Like those two ops, clamp flushes subnormal
//! `f32`/`f64` operands to zero under `Options::flush_denormals`, as XLA CPU (and compiled
//! code, which runs with DAZ set) does.

use std::rc::Rc;

use xla_dialects::hlo::HloOpKind;
use xla_ir::Scalar;

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::elementwise_binary::binary_of;
use crate::ops::support::{flush_denormal, tensor};
use crate::value::Value;

/// The element at `i` of `literal`, or its only element when it is a scalar.
fn element_or_scalar(literal: &Literal, i: usize) -> Scalar {
    if literal.len() == 1 { literal.get(0) } else { literal.get(i) }
}

pub(super) fn select(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (pred, on_true, on_false) = (tensor(operands, 0)?, tensor(operands, 1)?, tensor(operands, 2)?);
    let literal = Literal::from_fn(on_true.element, on_true.shape.clone(), |i| {
        if element_or_scalar(pred, i) == Scalar::Int(1) { on_true.get(i) } else { on_false.get(i) }
    });
    Ok(vec![literal.into()])
}

pub(super) fn clamp(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (min, operand, max) = (tensor(operands, 0)?, tensor(operands, 1)?, tensor(operands, 2)?);
    let maximum = binary_of(HloOpKind::Maximum).expect("maximum is a known binary op");
    let minimum = binary_of(HloOpKind::Minimum).expect("minimum is a known binary op");
    let element = operand.element;
    let mut values = Vec::with_capacity(operand.len());
    for i in 0..operand.len() {
        let flushed = |v: Scalar| flush_denormal(cx, element, v);
        let raised = maximum.compute(element, flushed(operand.get(i)), flushed(element_or_scalar(min, i)))?;
        values.push(minimum.compute(element, raised, flushed(element_or_scalar(max, i)))?);
    }
    let mut elements = crate::literal::Elements::with_capacity(element, values.len());
    for v in values {
        elements.push(v);
    }
    Ok(vec![Literal::new(element, operand.shape.clone(), elements).into()])
}
