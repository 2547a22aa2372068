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
use xla_ir::Scalar;

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::compare::compare_scalars;
use crate::ops::{arith_evaluator, math_evaluator};
use crate::ops::support::{flush_denormal, tensor};
use crate::value::Value;

/// `loop.arith`: the hlo evaluator of its kind on its scalars, which need no broadcasting.
pub(super) fn arith(cx: &mut OpCx, op: ArithOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    arith_evaluator(op.kind(cx.body()))(cx, None, operands)
}

/// `loop.math`: the hlo evaluator of its kind on its scalar.
pub(super) fn math(cx: &mut OpCx, op: MathOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    math_evaluator(op.kind(cx.body()))(cx, operands)
}

pub(super) fn compare(cx: &mut OpCx, op: CompareOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
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
