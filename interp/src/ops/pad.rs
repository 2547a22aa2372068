//! `hlo.pad`: XLA's `Pad`, which adds edge and interior padding around and between a
//! tensor's elements.
//!
//! In dimension `d` of size `n`, `interior[d]` padding elements go between any two
//! neighbours first; then `low[d]` elements go before the first and `high[d]` after the
//! last, or, when negative, that many are removed from that edge (padding or data alike).
//! The result size is `low + high + n + max(n - 1, 0) * interior`, never negative. So
//! operand index `i` lands at result index `low + i * (interior + 1)` when that lies in the
//! result, and every other result element is the padding value.

use std::rc::Rc;

use xla_dialects::hlo::{HloOpKind, PadOp};

use crate::error::EvalResult;
use crate::index::{for_each_index, num_elements, row_major_strides};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{check_len, joined};
use crate::ops::support::tensor;
use crate::value::Value;

const OP: &str = HloOpKind::Pad.name();

pub(super) fn pad(cx: &mut OpCx, op: PadOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (operand, padding) = (tensor(operands, 0)?, tensor(operands, 1)?);
    if padding.len() != 1 || padding.element != operand.element {
        return Err(format!("{OP}: the padding value {} must be a scalar of the operand's type", padding.shape_string()).into());
    }
    let body = cx.body();
    let (low, high, interior) = (op.edge_padding_low(body), op.edge_padding_high(body), op.interior_padding(body));
    for (what, list) in [("edge_padding_low", low), ("edge_padding_high", high), ("interior_padding", interior)] {
        check_len(OP, what, list, operand.rank())?;
    }
    let shape = padded_shape(&operand.shape, low, high, interior)?;
    // Each operand index's result index in each dimension, when it is not cut off.
    let landing: Vec<Vec<Option<i64>>> = (0..operand.rank())
        .map(|d| {
            // In i128, since a large interior padding cut off by a negative edge padding
            // may overflow i64 here.
            let land = |i: i64| i128::from(low[d]) + i128::from(i) * (i128::from(interior[d]) + 1);
            (0..operand.shape[d]).map(|i| i64::try_from(land(i)).ok().filter(|r| (0..shape[d]).contains(r))).collect()
        })
        .collect();
    // Position `operand.len()` of the joined storage is the padding value.
    let mut positions = vec![operand.len(); num_elements(&shape)];
    let strides = row_major_strides(&shape);
    let mut source = 0;
    for_each_index(&operand.shape, |index| {
        let target: Option<i64> = index.iter().enumerate().map(|(d, &i)| landing[d][i as usize].map(|r| r * strides[d])).sum();
        if let Some(target) = target {
            positions[target as usize] = source;
        }
        source += 1;
    });
    let elements = joined(&[&operand.elements, &padding.elements])?.select(positions);
    Ok(vec![Literal::new(operand.element, shape, elements).into()])
}

/// The padded size of each dimension, or an error when padding is invalid.
fn padded_shape(shape: &[i64], low: &[i64], high: &[i64], interior: &[i64]) -> Result<Vec<i64>, String> {
    (0..shape.len())
        .map(|d| {
            let n = shape[d];
            if interior[d] < 0 {
                return Err(format!("{OP}: interior_padding[{d}] = {} is negative", interior[d]));
            }
            let size = i128::from(low[d]) + i128::from(high[d]) + i128::from(n) + i128::from((n - 1).max(0)) * i128::from(interior[d]);
            i64::try_from(size).ok().filter(|&s| s >= 0).ok_or_else(|| {
                format!("{OP}: dimension {d} of size {n} padded by low {}, high {}, interior {} has size {size}", low[d], high[d], interior[d])
            })
        })
        .collect()
}
