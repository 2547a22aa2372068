//! `hlo.gather`: XLA's `Gather`, which reads many slices of an operand at start indices
//! held in a tensor.
//!
//! For every batch index `G` (the result dimensions not in `offset_dims`, in order, are
//! the index tensor's batch dimensions), the full start index `S` comes from the index
//! vector at `G` and the batching dimensions (see [`super::index_vectors`]); XLA then
//! clamps it, dimension by dimension, into `[0, operand_size - slice_size]`, so a slice
//! never leaves the operand. A slice of `slice_sizes` is read there; its dimensions in
//! `collapsed_slice_dims` and `operand_batching_dims` (of size at most 1) are dropped, and
//! the others, in order, are the result's `offset_dims`. So result element
//! `[..G.., ..O..]` is operand element `clamp(S) + remap(O)`.
//!
//! The positions are computed as the sum of two affine maps of the result index: the
//! batch position (into the per-batch start positions) and the offset within the slice.

use std::rc::Rc;

use xla_dialects::hlo::{GatherOp, HloOpKind};

use crate::error::EvalResult;
use crate::index::{for_each_index, row_major_strides};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::index_vectors::{IndexNumbers, IndexVectors};
use crate::ops::positions::{affine_positions, check_len, clamp_start, distinct_dimensions};
use crate::ops::support::tensor;
use crate::value::Value;

const OP: &str = HloOpKind::Gather.name();

pub(super) fn gather(cx: &mut OpCx, op: GatherOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (operand, indices) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let body = cx.body();
    let rank = operand.rank();
    let slice_sizes = op.slice_sizes(body);
    check_len(OP, "slice_sizes", slice_sizes, rank)?;
    if let Some(d) = (0..rank).find(|&d| !(0..=operand.shape[d]).contains(&slice_sizes[d])) {
        return Err(format!("{OP}: slice_sizes[{d}] = {} does not fit operand dimension {d} of size {}", slice_sizes[d], operand.shape[d]).into());
    }
    let numbers = IndexNumbers {
        op: OP,
        index_vector_dim: op.index_vector_dim(body),
        index_map: op.start_index_map(body),
        operand_batching: op.operand_batching_dims(body),
        indices_batching: op.start_indices_batching_dims(body),
    };
    let vectors = IndexVectors::new(indices, rank, &numbers)?;
    let dropped = [
        distinct_dimensions(OP, "collapsed_slice_dims", op.collapsed_slice_dims(body), rank)?,
        distinct_dimensions(OP, "operand_batching_dims", numbers.operand_batching, rank)?,
    ]
    .concat();
    let window: Vec<usize> = (0..rank).filter(|d| !dropped.contains(d)).collect();
    let result_rank = window.len() + vectors.batch_shape.len();
    let offset_dims = distinct_dimensions(OP, "offset_dims", op.offset_dims(body), result_rank)?;
    if offset_dims.len() != window.len() {
        return Err(format!("{OP}: offset_dims has {} entries for {} slice dimensions", offset_dims.len(), window.len()).into());
    }
    let layout = ResultLayout::new(&offset_dims, &window, slice_sizes, &operand.strides(), &vectors.batch_shape);
    let starts = start_positions(&vectors, &operand.shape, slice_sizes, &operand.strides());
    let batch_of = affine_positions(&layout.shape, 0, &layout.batch_steps);
    let offset_of = affine_positions(&layout.shape, 0, &layout.offset_steps);
    let positions = batch_of.iter().zip(&offset_of).map(|(&b, &o)| starts[b] + o);
    Ok(vec![Literal::new(operand.element, layout.shape, operand.elements.select(positions)).into()])
}

/// The result's shape, and the two affine maps whose sum is the operand position of a
/// result element: the batch number, and the position within the slice.
struct ResultLayout {
    shape: Vec<i64>,
    /// Steps of the row-major batch number: non-zero along batch dimensions.
    batch_steps: Vec<i64>,
    /// Steps of the operand position within a slice: non-zero along offset dimensions.
    offset_steps: Vec<i64>,
}

impl ResultLayout {
    fn new(offset_dims: &[usize], window: &[usize], slice_sizes: &[i64], operand_strides: &[i64], batch_shape: &[i64]) -> ResultLayout {
        let rank = offset_dims.len() + batch_shape.len();
        let batch_strides = row_major_strides(batch_shape);
        let mut layout = ResultLayout { shape: vec![0; rank], batch_steps: vec![0; rank], offset_steps: vec![0; rank] };
        let mut batch = 0;
        for d in 0..rank {
            if let Some(k) = offset_dims.iter().position(|&o| o == d) {
                layout.shape[d] = slice_sizes[window[k]];
                layout.offset_steps[d] = operand_strides[window[k]];
            } else {
                layout.shape[d] = batch_shape[batch];
                layout.batch_steps[d] = batch_strides[batch];
                batch += 1;
            }
        }
        layout
    }
}

/// The operand position of the first element of each batch's slice, in row-major order of
/// the batch dimensions, after clamping the start into the operand.
fn start_positions(vectors: &IndexVectors, shape: &[i64], slice_sizes: &[i64], strides: &[i64]) -> Vec<usize> {
    let mut starts = Vec::new();
    for_each_index(&vectors.batch_shape, |batch| {
        let start = vectors.start(batch);
        let position: i64 = (0..shape.len()).map(|d| clamp_start(start[d], shape[d], slice_sizes[d]) * strides[d]).sum();
        starts.push(position as usize);
    });
    starts
}
