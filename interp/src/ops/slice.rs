//! `hlo.slice`: XLA's `Slice`, a strided sub-tensor at static indices.
//!
//! In dimension `d` the result takes the operand's elements `start[d], start[d] +
//! stride[d], ...` below `limit[d]`: `ceil((limit - start) / stride)` of them, for
//! `0 <= start <= limit <= size` and `stride >= 1`. A slice that keeps the whole of a
//! dynamic dimension (start 0, stride 1, limit its bound) keeps its run-time size.

use std::rc::Rc;

use xla_dialects::hlo::{HloOpKind, SliceOp};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{affine_positions, check_len};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn slice(cx: &mut OpCx, op: SliceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let body = cx.body();
    let (starts, limits, strides) = (op.start_indices(body), op.limit_indices(body), op.strides(body));
    for (what, list) in [("start_indices", starts), ("limit_indices", limits), ("strides", strides)] {
        check_len(HloOpKind::Slice.name(), what, list, operand.rank())?;
    }
    let operand_strides = operand.strides();
    let (mut shape, mut steps, mut base) = (Vec::new(), Vec::new(), 0i64);
    for d in 0..operand.rank() {
        let size = operand.shape[d];
        let (start, stride) = (starts[d], strides[d]);
        let keeps_whole = start == 0 && stride == 1 && limits[d] > size;
        let limit = if keeps_whole { size } else { limits[d] };
        if start < 0 || start > limit || limit > size || stride < 1 {
            return Err(format!(
                "hlo.slice: {start}:{}:{stride} is not a slice of dimension {d} of size {size}",
                limits[d]
            )
            .into());
        }
        shape.push((limit - start + stride - 1) / stride);
        steps.push(stride * operand_strides[d]);
        base += start * operand_strides[d];
    }
    let positions = affine_positions(&shape, base, &steps);
    Ok(vec![Literal::new(operand.element, shape, operand.elements.select(positions)).into()])
}
