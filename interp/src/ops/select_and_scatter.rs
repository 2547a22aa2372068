//! `hlo.select_and_scatter`: XLA's `SelectAndScatter`, which selects one element of each
//! window of the operand and scatters the window's source value onto it (the gradient of
//! max pooling).
//!
//! XLA's semantics kept here: the windows are those of `hlo.reduce_window` (strides and
//! padding, no dilation) and `source` has one element per window. In each window, the
//! elements are visited in row-major order; the first is selected, and each later element
//! replaces the selected one when `select(selected, element)` is false (`select` is called
//! with its first argument earlier in the window, as XLA promises). Padding is never
//! selected, as in XLA's evaluator and backends: a window that lies wholly in the padding
//! selects nothing and its source value is dropped. The result starts as `init_value`
//! everywhere, and each window, in row-major order, combines its source value into its
//! selected element with `scatter(current, source)`.

use std::rc::Rc;

use xla_dialects::hlo::SelectAndScatterOp;
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

pub(super) fn select_and_scatter(cx: &mut OpCx, op: SelectAndScatterOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let (operand, source, init) = (tensor(operands, 0)?, tensor(operands, 1)?, tensor(operands, 2)?);
    let attrs = WindowAttrs { strides: op.window_strides(body), padding: op.padding(body), ..Default::default() };
    let windows = attrs.window(op.window_dimensions(body))?;
    let cover = WindowCover::new(&operand.shape, &windows)?;
    if cover.output_shape != source.shape {
        return Err(EvalError::new(format!(
            "source is {}, but the windows over the operand have shape {:?}",
            source.shape_string(),
            cover.output_shape
        )));
    }
    let mut select = ScalarComputation::of_region(cx, op.select(body))?;
    let mut scatter = ScalarComputation::of_region(cx, op.scatter(body))?;
    let mut result = vec![init_scalar(init)?; operand.len()];
    let mut positions = Vec::with_capacity(cover.window_len());
    let mut window = vec![0i64; cover.output_shape.len()];
    for i in 0..num_elements(&cover.output_shape) {
        cover.cover(&window, &mut positions);
        if let Some(selected) = select_in_window(cx, &mut select, operand, &positions)? {
            let combined = scatter.apply(cx, &[result[selected]], &[source.get(i)])?;
            result[selected] = *combined.first().ok_or("the scatter computation returned nothing")?;
        }
        advance(&cover.output_shape, &mut window);
    }
    Ok(vec![Literal::new(operand.element, operand.shape.clone(), elements_of(operand.element, result)?).into()])
}

/// The position of the element `select` chooses among the operand elements at
/// `positions` (padding left out), or `None` when the window holds none.
fn select_in_window(
    cx: &mut OpCx,
    select: &mut ScalarComputation,
    operand: &Literal,
    positions: &[Option<usize>],
) -> EvalResult<Option<usize>> {
    let mut selected: Option<(usize, Scalar)> = None;
    for &position in positions.iter().flatten() {
        let value = operand.get(position);
        selected = match selected {
            Some((_, current)) if !select.predicate(cx, current, value)? => Some((position, value)),
            Some(kept) => Some(kept),
            None => Some((position, value)),
        };
    }
    Ok(selected.map(|(position, _)| position))
}
