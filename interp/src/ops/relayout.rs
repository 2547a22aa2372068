//! `hlo.copy` and `hlo.bitcast`: XLA's `Copy` and `Bitcast`, which change how an array is
//! laid out in memory.
//!
//! A literal is the logical array (layouts do not matter to it), so a copy is the identity.
//! A bitcast is not: it reads the operand's elements in the order of the operand's layout
//! and lays them out in the order of the result's, so result element `i` is the operand
//! element at the multi-index whose physical position (under the operand's layout) is the
//! physical position of `i` (under the result's). The mapping is `xla_ir::layout`'s
//! IndexUtil, the same one the llvm lowering applies to buffers.

use std::rc::Rc;

use xla_dialects::hlo::bitcast_side;
use xla_ir::layout::{linear_index, multi_index};

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn copy(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    Ok(vec![tensor(operands, 0)?.clone().into()])
}

pub(super) fn bitcast(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let operand = tensor(operands, 0)?;
    let ctx = cx.ctx();
    let side = |ty| -> Result<_, String> {
        let t = ctx.as_tensor(ty).ok_or("hlo.bitcast: not a tensor")?;
        bitcast_side(t).map_err(|why| format!("hlo.bitcast: the type {} {why}", ctx.type_to_string(ty)))
    };
    let (from_shape, from_layout) = side(cx.body().value_type(cx.body().operand(cx.op, 0)))?;
    let (to_shape, to_layout) = side(cx.result_type(0))?;
    if from_shape != operand.shape {
        return Err("hlo.bitcast: the operand does not have its declared shape".to_string().into());
    }
    let count: i64 = to_shape.iter().product();
    let row_major = xla_ir::Layout::row_major(from_shape.len());
    let mut positions = Vec::with_capacity(count.max(0) as usize);
    let mut index = vec![0i64; to_shape.len()];
    for _ in 0..count {
        // Where result element `index` lies, which operand element lies there, and where
        // that element is in the operand literal (row-major).
        let position = linear_index(&to_shape, &to_layout, &index).ok_or("hlo.bitcast: an index out of range")?;
        let source = multi_index(&from_shape, &from_layout, position).ok_or("hlo.bitcast: a position out of range")?;
        let flat = linear_index(&from_shape, &row_major, &source).ok_or("hlo.bitcast: an index out of range")?;
        positions.push(flat as usize);
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < to_shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    Ok(vec![Literal::new(operand.element, to_shape, operand.elements.select(positions)).into()])
}
