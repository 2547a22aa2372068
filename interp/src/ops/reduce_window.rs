//! `hlo.reduce_window`: XLA's `ReduceWindow`, which reduces every window of N inputs with a
//! reducer computation, starting from N init values (pooling).
//!
//! XLA's semantics kept here: the window (see [`crate::ops::window`]) slides over the
//! inputs after base dilation and padding; result `i` has one element per window position
//! and the element type of init value `i`. Padding and the holes of base dilation take no
//! part in the reduction, as in XLA's evaluator and CPU backend (the operation semantics
//! describe them as holding the init value, which is the same whenever the init value is
//! the reducer's identity, as XLA requires; with another init value XLA's own results are
//! the ones kept). Each window folds its operand elements into the init values left to
//! right, in row-major order of the window, as `hlo.reduce` does.

use std::rc::Rc;

use xla_dialects::hlo::ReduceWindowOp;
use xla_ir::Scalar;

use crate::error::{EvalError, EvalResult};
use crate::index::{advance, num_elements};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::reduce::init_scalar;
use crate::ops::scalar_computation::ScalarComputation;
use crate::ops::support::{elements_of, tensor};
use crate::ops::window::{WindowAttrs, WindowCover};
use crate::value::Value;

pub(super) fn reduce_window(cx: &mut OpCx, op: ReduceWindowOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let count = operands.len() / 2;
    let inputs = (0..count).map(|i| tensor(operands, i)).collect::<EvalResult<Vec<_>>>()?;
    let inits = (count..2 * count).map(|i| tensor(operands, i)).collect::<EvalResult<Vec<_>>>()?;
    let first = inputs.first().ok_or("hlo.reduce_window needs at least one input")?;
    if let Some((i, other)) = inputs.iter().enumerate().find(|(_, input)| input.shape != first.shape) {
        return Err(EvalError::new(format!(
            "input {i} is {}, but input 0 is {}",
            other.shape_string(),
            first.shape_string()
        )));
    }
    let attrs = WindowAttrs {
        strides: op.window_strides(body),
        padding: op.padding(body),
        base_dilations: op.base_dilations(body),
        window_dilations: op.window_dilations(body),
    };
    let windows = attrs.window(op.window_dimensions(body))?;
    let cover = WindowCover::new(&first.shape, &windows)?;
    let init_values = inits.iter().map(|init| init_scalar(init)).collect::<EvalResult<Vec<_>>>()?;
    let mut computation = ScalarComputation::of_region(cx, op.body(body))?;
    let accumulators = reduce_windows(cx, &mut computation, &inputs, &init_values, &cover)?;
    let results = (0..count).map(|i| {
        let values = accumulators.iter().skip(i).step_by(count).copied();
        Ok(Literal::new(inits[i].element, cover.output_shape.clone(), elements_of(inits[i].element, values)?).into())
    });
    results.collect::<Result<Vec<Value>, String>>().map_err(EvalError::from)
}

/// The accumulators of every window position (row-major), `count` per position.
fn reduce_windows(
    cx: &mut OpCx,
    computation: &mut ScalarComputation,
    inputs: &[&Literal],
    init_values: &[Scalar],
    cover: &WindowCover,
) -> EvalResult<Vec<Scalar>> {
    let count = inputs.len();
    let windows = num_elements(&cover.output_shape);
    let mut accumulators = Vec::with_capacity(windows * count);
    let mut positions = Vec::with_capacity(cover.window_len());
    let mut elements = vec![Scalar::Int(0); count];
    let mut window = vec![0i64; cover.output_shape.len()];
    for _ in 0..windows {
        cover.cover(&window, &mut positions);
        let mut acc = init_values.to_vec();
        for &position in positions.iter().flatten() {
            for (i, element) in elements.iter_mut().enumerate() {
                *element = inputs[i].get(position);
            }
            computation.accumulate(cx, &mut acc, &elements)?;
        }
        accumulators.extend(acc);
        advance(&cover.output_shape, &mut window);
    }
    Ok(accumulators)
}
