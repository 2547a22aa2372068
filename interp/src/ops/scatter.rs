//! `hlo.scatter`: XLA's `Scatter`, which combines windows of N update tensors into copies
//! of N inputs, at start indices held in a tensor, through an update computation.
//!
//! The update dimensions not in `update_window_dims` are the scatter dimensions: for each
//! of their indices `G`, the full start index `S` into the inputs comes from the index
//! vector at `G` and the batching dimensions (see [`super::index_vectors`]). The window
//! there has, in the input dimensions neither in `inserted_window_dims` nor in
//! `input_batching_dims` (in order), the sizes of the `update_window_dims`, and size 1 in
//! the others. As XLA does, a window that does not fit in the inputs entirely is skipped,
//! with none of its elements applied. Otherwise each update element `U` (scatter index `G`,
//! window index `W`) is combined with the input element at `S + remap(W)`:
//! `(out0, ..., outN-1)[I] = update_computation(out0[I], ..., outN-1[I], upd0[U], ...,
//! updN-1[U])`, each argument a 0-d tensor.
//!
//! The update computation runs as a [`ScalarComputation`], directly on scalars when it can.
//! XLA leaves the order of updates to one element unspecified; this evaluator applies them
//! in row-major order of the scatter indices, and of the window within each, like XLA's
//! reference evaluator.

use std::rc::Rc;

use num_complex::Complex64;
use xla_dialects::hlo::{HloOpKind, ScatterOp};
use xla_ir::Scalar;

use crate::error::EvalResult;
use crate::index::multi_index;
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::index_vectors::{IndexNumbers, IndexVectors};
use crate::ops::positions::{affine_positions, distinct_dimensions};
use crate::ops::scalar_computation::ScalarComputation;
use crate::ops::support::tensor;
use crate::value::Value;

const OP: &str = HloOpKind::Scatter.name();

pub(super) fn scatter(cx: &mut OpCx, op: ScatterOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let n = operands.len() / 2;
    if n == 0 || operands.len() != 2 * n + 1 {
        return Err(format!("{OP}: {} operands are not N inputs, the indices and N updates", operands.len()).into());
    }
    let literals: Vec<&Literal> = (0..operands.len()).map(|i| tensor(operands, i)).collect::<EvalResult<_>>()?;
    let (inputs, indices, updates) = (&literals[..n], literals[n], &literals[n + 1..]);
    check_operands(inputs, updates)?;
    let windows = Windows::new(cx, op, inputs[0], indices, updates[0])?;
    let region = *cx.regions().first().ok_or("hlo.scatter: the update computation is missing")?;
    let arguments = inputs.iter().chain(updates).map(|literal| literal.element).collect();
    let mut computation = ScalarComputation::new(cx, region, arguments);
    let mut outputs: Vec<Elements> = inputs.iter().map(|input| input.elements.clone()).collect();
    apply_updates(cx, &windows, &mut computation, &mut outputs, updates)?;
    let results = outputs.into_iter().zip(inputs).map(|(elements, input)| Literal::new(input.element, input.shape.clone(), elements).into());
    Ok(results.collect())
}

/// Combines the elements of every update window that fits into `outputs`, in row-major
/// order of the scatter indices and of the window.
fn apply_updates(
    cx: &mut OpCx,
    windows: &Windows,
    computation: &mut ScalarComputation,
    outputs: &mut [Elements],
    updates: &[&Literal],
) -> EvalResult<()> {
    let mut args = Vec::with_capacity(2 * outputs.len());
    let batch_count = windows.vectors.batch_shape.iter().product::<i64>().max(0) as usize;
    for b in 0..batch_count {
        let Some((input_base, update_base)) = windows.place(b) else { continue };
        for (input_offset, update_offset) in windows.input_offsets.iter().zip(&windows.update_offsets) {
            let (at, from) = (input_base + input_offset, update_base + update_offset);
            args.clear();
            args.extend(outputs.iter().map(|output| output.get(at)));
            args.extend(updates.iter().map(|update| update.get(from)));
            let results = computation.call(cx, &args)?;
            store(outputs, at, &results)?;
        }
    }
    Ok(())
}

/// Fails unless the inputs share a shape, the updates share a shape, and each update has
/// its input's element type.
fn check_operands(inputs: &[&Literal], updates: &[&Literal]) -> Result<(), String> {
    for (k, (input, update)) in inputs.iter().zip(updates).enumerate() {
        if input.shape != inputs[0].shape || update.shape != updates[0].shape || input.element != update.element {
            return Err(format!(
                "{OP}: input #{k} ({}) and update #{k} ({}) do not match input #0 ({}) and update #0 ({})",
                input.shape_string(),
                update.shape_string(),
                inputs[0].shape_string(),
                updates[0].shape_string()
            ));
        }
    }
    Ok(())
}

/// Where each update window goes: the start index of each scatter index, the window's
/// size in every input dimension, and the positions of the window's elements relative to
/// its first one, in the inputs and in the updates.
struct Windows<'a> {
    vectors: IndexVectors<'a>,
    input_shape: Vec<i64>,
    input_strides: Vec<i64>,
    /// The window's size in each input dimension (1 in the inserted and batching ones).
    window_sizes: Vec<i64>,
    /// The update stride of each scatter dimension, in order.
    scatter_steps: Vec<i64>,
    input_offsets: Vec<usize>,
    update_offsets: Vec<usize>,
}

impl<'a> Windows<'a> {
    fn new(cx: &OpCx, op: ScatterOp, input: &Literal, indices: &'a Literal, update: &Literal) -> Result<Windows<'a>, String> {
        let body = cx.body();
        let rank = input.rank();
        let numbers = IndexNumbers {
            op: OP,
            index_vector_dim: op.index_vector_dim(body),
            index_map: op.scatter_dims_to_operand_dims(body),
            operand_batching: op.input_batching_dims(body),
            indices_batching: op.scatter_indices_batching_dims(body),
        };
        let vectors = IndexVectors::new(indices, rank, &numbers)?;
        let dropped = [
            distinct_dimensions(OP, "inserted_window_dims", op.inserted_window_dims(body), rank)?,
            distinct_dimensions(OP, "input_batching_dims", numbers.operand_batching, rank)?,
        ]
        .concat();
        let window_input_dims: Vec<usize> = (0..rank).filter(|d| !dropped.contains(d)).collect();
        let window_dims = distinct_dimensions(OP, "update_window_dims", op.update_window_dims(body), update.rank())?;
        let scatter_dims: Vec<usize> = (0..update.rank()).filter(|d| !window_dims.contains(d)).collect();
        let scatter_shape: Vec<i64> = scatter_dims.iter().map(|&d| update.shape[d]).collect();
        if window_dims.len() != window_input_dims.len() || scatter_shape != vectors.batch_shape {
            return Err(format!(
                "{OP}: updates of shape {} do not have {} window dimensions and scatter dimensions {:?}",
                update.shape_string(),
                window_input_dims.len(),
                vectors.batch_shape
            ));
        }
        let window_shape: Vec<i64> = window_dims.iter().map(|&d| update.shape[d]).collect();
        let (input_strides, update_strides) = (input.strides(), update.strides());
        let mut window_sizes = vec![1; rank];
        for (&d, &size) in window_input_dims.iter().zip(&window_shape) {
            window_sizes[d] = size;
        }
        let input_steps: Vec<i64> = window_input_dims.iter().map(|&d| input_strides[d]).collect();
        let update_steps: Vec<i64> = window_dims.iter().map(|&d| update_strides[d]).collect();
        Ok(Windows {
            input_offsets: affine_positions(&window_shape, 0, &input_steps),
            update_offsets: affine_positions(&window_shape, 0, &update_steps),
            scatter_steps: scatter_dims.iter().map(|&d| update_strides[d]).collect(),
            vectors,
            input_shape: input.shape.clone(),
            input_strides,
            window_sizes,
        })
    }

    /// The input and update positions of the first element of the window of row-major
    /// scatter index `b`, or `None` when the window does not fit in the inputs.
    fn place(&self, b: usize) -> Option<(usize, usize)> {
        let batch = multi_index(&self.vectors.batch_shape, b);
        let start = self.vectors.start(&batch);
        let fits = (0..start.len()).all(|d| start[d] >= 0 && start[d] + i128::from(self.window_sizes[d]) <= i128::from(self.input_shape[d]));
        if !fits {
            return None;
        }
        let input_base: i128 = start.iter().zip(&self.input_strides).map(|(&s, &stride)| s * i128::from(stride)).sum();
        let update_base: i64 = batch.iter().zip(&self.scatter_steps).map(|(i, s)| i * s).sum();
        Some((input_base as usize, update_base as usize))
    }
}

/// Stores the results of the update computation at position `at` of the outputs.
fn store(outputs: &mut [Elements], at: usize, results: &[Scalar]) -> Result<(), String> {
    if results.len() != outputs.len() {
        return Err(format!("{OP}: the update computation returned {} values for {} inputs", results.len(), outputs.len()));
    }
    for (k, (output, &value)) in outputs.iter_mut().zip(results).enumerate() {
        match (output, value) {
            (Elements::Int(v), Scalar::Int(x)) => v[at] = x,
            (Elements::Float(v), Scalar::Float(x)) => v[at] = x,
            (Elements::Complex(v), Scalar::Complex(re, im)) => v[at] = Complex64::new(re, im),
            (_, value) => return Err(format!("{OP}: the update computation returned {value:?} for input #{k} of another type")),
        }
    }
    Ok(())
}
