//! The loop dialect's scalar ops: `loop.arith`, `loop.math`, `loop.compare`,
//! `loop.select`, `loop.convert`, `loop.bitcast`, and the complex ones (`loop.real`,
//! `loop.imag`, `loop.complex`, `loop.complex_abs`).
//!
//! Each is the hlo op of the same meaning on one element, so each runs that op's evaluator
//! on 0-d tensors: `loop.arith add` is `hlo.add`, `loop.math tanh` is `hlo.tanh`,
//! `loop.select` is `hlo.select`, `loop.convert` is `hlo.convert_element_type`,
//! `loop.bitcast` is `hlo.bitcast_convert_type`, `loop.complex_abs` is `hlo.abs`. One
//! meaning, with XLA's edge cases and the flushing of subnormals, serves both levels. `loop.compare` reads its direction and type
//! from its own attributes and compares as `hlo.compare` does.

use std::rc::Rc;

use xla_dialects::loops::{ArithOp, CompareOp, MathOp};
use xla_dialects::hlo::ComparisonType;
use xla_ir::{Op, Scalar};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::{EvalFn, OpCx};
use crate::literal::Literal;
use crate::ops::compare::compare_scalars;
use crate::ops::evaluator;
use crate::ops::support::{flush_denormal, tensor};
use crate::value::Value;

pub const OPS: &[(&str, EvalFn)] = &[
    ("loop.arith", arith),
    ("loop.bitcast", bitcast),
    ("loop.compare", compare),
    ("loop.complex", |cx, operands| as_hlo(cx, operands, "hlo.complex")),
    ("loop.complex_abs", |cx, operands| as_hlo(cx, operands, "hlo.abs")),
    ("loop.convert", convert),
    ("loop.imag", |cx, operands| as_hlo(cx, operands, "hlo.imag")),
    ("loop.math", math),
    ("loop.real", |cx, operands| as_hlo(cx, operands, "hlo.real")),
    ("loop.select", select),
];

/// Runs the evaluator of the hlo op `name` on this op's operands.
fn as_hlo(cx: &mut OpCx, operands: &[Rc<Value>], name: &str) -> EvalResult<Vec<Value>> {
    let evaluate = evaluator(name).ok_or_else(|| EvalError::new(format!("no evaluator for {name}")))?;
    evaluate(cx, operands)
}

fn arith(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let op = ArithOp::cast(cx.body(), cx.op).ok_or("not a loop.arith")?;
    let name = op.kind(cx.body()).hlo_name();
    as_hlo(cx, operands, &name)
}

fn math(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let op = MathOp::cast(cx.body(), cx.op).ok_or("not a loop.math")?;
    let name = op.kind(cx.body()).hlo_name();
    as_hlo(cx, operands, &name)
}

fn select(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    as_hlo(cx, operands, "hlo.select")
}

fn convert(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    as_hlo(cx, operands, "hlo.convert_element_type")
}

fn bitcast(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    as_hlo(cx, operands, "hlo.bitcast_convert_type")
}

fn compare(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let op = CompareOp::cast(body, cx.op).ok_or("not a loop.compare")?;
    let direction = op.comparison_direction(body);
    let total = op.compare_type(body) == Some(ComparisonType::TotalOrder);
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let element = lhs.element;
    // A total order compares bits, so subnormals stay; IEEE comparisons see them as zero
    // where XLA CPU flushes denormals (as `hlo.compare` does).
    let (a, b) = if total { (lhs.get(0), rhs.get(0)) } else { (flush_denormal(cx, element, lhs.get(0)), flush_denormal(cx, element, rhs.get(0))) };
    let holds = compare_scalars(direction, total, a, b)?;
    Ok(vec![Literal::scalar(ElementType::Pred, Scalar::Int(holds as i128)).into()])
}
