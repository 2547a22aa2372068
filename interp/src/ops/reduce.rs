//! `hlo.reduce`: XLA's `Reduce`, which folds N inputs of one shape along some dimensions
//! with a reducer computation, starting from N init values.
//!
//! XLA's semantics kept here: result `i` has the inputs' shape without the reduced
//! dimensions (the others keep their order) and the element type of init value `i`; the
//! reducer takes the N accumulators then one element of each input. XLA leaves the order
//! of application unspecified; this interpreter fixes it: every result element starts as
//! the init values and takes the input elements one at a time, left to right, in
//! row-major order of the reduced dimensions (`f(f(f(init, x0), x1), x2)`), rounding to
//! the element type at each step as the reducer's own ops do.

use std::rc::Rc;

use xla_dialects::hlo::ReduceOp;
use xla_ir::Scalar;

use crate::error::{EvalError, EvalResult};
use crate::index::{num_elements, row_major_strides};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::scalar_computation::ScalarComputation;
use crate::ops::support::{elements_of, tensor, to_usize};
use crate::value::Value;

pub(super) fn reduce(cx: &mut OpCx, op: ReduceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let count = operands.len() / 2;
    let inputs = (0..count).map(|i| tensor(operands, i)).collect::<EvalResult<Vec<_>>>()?;
    let inits = (count..2 * count).map(|i| tensor(operands, i)).collect::<EvalResult<Vec<_>>>()?;
    let shape = same_shape(&inputs)?;
    let reduced = reduced_mask(shape, op.dimensions(body))?;
    let result_shape: Vec<i64> = shape.iter().zip(&reduced).filter(|(_, r)| !**r).map(|(s, _)| *s).collect();
    let init_values = inits.iter().map(|init| init_scalar(init)).collect::<EvalResult<Vec<_>>>()?;
    let mut computation = ScalarComputation::of_region(cx, op.body(body))?;
    let accumulators = fold(cx, &mut computation, &inputs, &init_values, shape, &reduced, &result_shape)?;
    let results = (0..count).map(|i| {
        let values = accumulators.iter().skip(i).step_by(count).copied();
        Ok(Literal::new(inits[i].element, result_shape.clone(), elements_of(inits[i].element, values)?).into())
    });
    results.collect::<Result<Vec<Value>, String>>().map_err(EvalError::from)
}

/// The shape the inputs share, or an error naming the first that differs.
fn same_shape<'a>(inputs: &[&'a Literal]) -> EvalResult<&'a [i64]> {
    let first = inputs.first().ok_or("hlo.reduce needs at least one input")?;
    if let Some((i, other)) = inputs.iter().enumerate().find(|(_, input)| input.shape != first.shape) {
        return Err(EvalError::new(format!(
            "input {i} is {}, but input 0 is {}",
            other.shape_string(),
            first.shape_string()
        )));
    }
    Ok(&first.shape)
}

/// Which dimensions of a shape of rank `shape.len()` are reduced.
fn reduced_mask(shape: &[i64], dimensions: &[i64]) -> EvalResult<Vec<bool>> {
    let mut reduced = vec![false; shape.len()];
    for &d in dimensions {
        let d = to_usize(d, "a reduced dimension")?;
        *reduced.get_mut(d).ok_or_else(|| format!("dimension {d} is out of range for rank {}", shape.len()))? = true;
    }
    Ok(reduced)
}

/// The element of a 0-d init value.
pub fn init_scalar(init: &Literal) -> EvalResult<Scalar> {
    if init.len() != 1 {
        return Err(EvalError::new(format!("an init value must be a 0-d tensor, found {}", init.shape_string())));
    }
    Ok(init.get(0))
}

/// The accumulators of every result element, `count` per element (interleaved), after
/// folding each input element, in row-major order, into its result element.
fn fold(
    cx: &mut OpCx,
    computation: &mut ScalarComputation,
    inputs: &[&Literal],
    init_values: &[Scalar],
    shape: &[i64],
    reduced: &[bool],
    result_shape: &[i64],
) -> EvalResult<Vec<Scalar>> {
    let count = inputs.len();
    let result_len = num_elements(result_shape);
    let mut accumulators: Vec<Scalar> = (0..result_len).flat_map(|_| init_values.iter().copied()).collect();
    // The step in the result of one step along each input dimension (0 when reduced).
    let result_strides = row_major_strides(result_shape);
    let mut kept = result_strides.iter();
    let steps: Vec<usize> =
        reduced.iter().map(|&r| if r { 0 } else { kept.next().map_or(0, |&s| s as usize) }).collect();
    let mut index = vec![0i64; shape.len()];
    let mut target = 0usize;
    let mut elements = vec![Scalar::Int(0); count];
    for position in 0..num_elements(shape) {
        for (element, input) in elements.iter_mut().zip(inputs) {
            *element = input.get(position);
        }
        computation.accumulate(cx, &mut accumulators[target * count..(target + 1) * count], &elements)?;
        // Step the input index, keeping the result position in step.
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            target += steps[d];
            if index[d] < shape[d] {
                break;
            }
            target -= steps[d] * shape[d] as usize;
            index[d] = 0;
        }
    }
    Ok(accumulators)
}
