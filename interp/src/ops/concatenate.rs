//! `hlo.concatenate`: XLA's `ConcatInDim`, which lays tensors end to end along one
//! dimension.
//!
//! The inputs have one rank and element type and equal sizes in every dimension but
//! `dimension`, along which the result's size is the sum of theirs. In row-major order the
//! result is, for each index of the dimensions before `dimension`, the matching contiguous
//! block of each input in turn.

use std::rc::Rc;

use xla_dialects::hlo::{ConcatenateOp, HloOpKind};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::{Literal, Elements};
use crate::ops::positions::{dimension, joined};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn concatenate(cx: &mut OpCx, op: ConcatenateOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    const OP: &str = HloOpKind::Concatenate.name();
    let inputs: Vec<&Literal> = (0..operands.len()).map(|i| tensor(operands, i)).collect::<EvalResult<_>>()?;
    let first = *inputs.first().ok_or("hlo.concatenate: there are no inputs")?;
    let axis = dimension(OP, "dimension", op.dimension(cx.body()), first.rank())?;
    let mut shape = first.shape.clone();
    shape[axis] = 0;
    for (i, input) in inputs.iter().enumerate() {
        let agrees = input.element == first.element
            && input.rank() == first.rank()
            && (0..first.rank()).all(|d| d == axis || input.shape[d] == first.shape[d]);
        if !agrees {
            return Err(format!("{OP}: input #{i} ({}) does not fit input #0 ({})", input.shape_string(), first.shape_string()).into());
        }
        shape[axis] += input.shape[axis];
    }
    let outer: i64 = first.shape[..axis].iter().product();
    let inner: i64 = first.shape[axis + 1..].iter().product();
    let all = joined(&inputs.iter().map(|input| &input.elements).collect::<Vec<&Elements>>())?;
    // Where each input's elements start in `all`.
    let offsets: Vec<i64> = inputs.iter().scan(0i64, |at, input| Some(std::mem::replace(at, *at + input.len() as i64))).collect();
    let mut positions = Vec::with_capacity(all.len());
    for o in 0..outer {
        for (input, &offset) in inputs.iter().zip(&offsets) {
            let block = input.shape[axis] * inner;
            let start = offset + o * block;
            positions.extend((start..start + block).map(|p| p as usize));
        }
    }
    Ok(vec![Literal::new(first.element, shape, all.select(positions)).into()])
}
