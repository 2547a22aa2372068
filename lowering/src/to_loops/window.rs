//! Window geometry shared by `reduce_window` and `convolution`: which base element a window
//! element covers, and skipping the ones that fall on padding or on holes.
//!
//! XLA's semantics (the interpreter's `ops/window.rs`): window element `k` of window
//! position `o` covers the padded, dilated base at `o * stride + k * window_dilation`, which
//! is base element `(o * stride + k * window_dilation - low) / base_dilation` when that is
//! not negative, divides exactly and lands inside the base; otherwise it is padding or a
//! hole and takes no part.

use xla_dialects::hlo::ComparisonDirection;
use xla_ir::{Type, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// One dimension of a window: XLA's `WindowDimension`, with the size of the base
/// dimension it slides over.
#[derive(Copy, Clone, Debug)]
pub struct WindowDim {
    pub size: i64,
    pub stride: i64,
    pub low: i64,
    pub high: i64,
    pub base_dilation: i64,
    pub window_dilation: i64,
    pub base: i64,
}

/// Entry `d` of an optional per-dimension list, or `default`.
pub fn entry_or(list: Option<&[i64]>, d: usize, default: i64) -> i64 {
    list.and_then(|l| l.get(d).copied()).unwrap_or(default)
}

/// The `[low, high]` padding pairs of an optional padding attribute.
pub fn padding_pairs(padding: Option<Vec<&[i64]>>) -> Vec<(i64, i64)> {
    padding
        .map(|pairs| pairs.iter().map(|p| (p.first().copied().unwrap_or(0), p.get(1).copied().unwrap_or(0))).collect())
        .unwrap_or_default()
}

impl Lowering<'_, '_> {
    /// The base index that window element `k` of position `o` covers along `window`,
    /// adding to `conditions` the predicates that it is no padding or hole (only those
    /// that can fail).
    pub fn window_source(&mut self, window: &WindowDim, o: ValueId, k: ValueId, conditions: &mut Vec<ValueId>) -> ValueId {
        let zero = self.index(0);
        let start = self.mul_const(o, window.stride);
        let spread = self.mul_const(k, window.window_dilation);
        let dilated = self.add_index(start, spread);
        let dilated = self.add_const(dilated, -window.low);
        if window.low > 0 {
            conditions.push(self.compare_index(ComparisonDirection::Ge, dilated, zero));
        }
        if window.base_dilation > 1 {
            let hole = self.rem_const(dilated, window.base_dilation);
            conditions.push(self.compare_index(ComparisonDirection::Eq, hole, zero));
        }
        let i = self.div_const(dilated, window.base_dilation);
        // Without high padding or holes the window never passes the base's end.
        if window.high > 0 || window.base_dilation > 1 {
            let base = self.index(window.base);
            conditions.push(self.compare_index(ComparisonDirection::Lt, i, base));
        }
        i
    }

    /// `apply(values)` where every condition holds, `values` unchanged elsewhere (a
    /// `loop.if` of results `types`, or `apply` alone for no conditions).
    pub fn unless_outside(
        &mut self,
        conditions: &[ValueId],
        types: &[Type],
        values: Vec<ValueId>,
        apply: impl FnOnce(&mut Self, Vec<ValueId>) -> Emitted<Vec<ValueId>>,
    ) -> Emitted<Vec<ValueId>> {
        if conditions.is_empty() {
            return apply(self, values);
        }
        let inside = self.all(conditions)?;
        let kept = values.clone();
        self.if_else(inside, types, |this| apply(this, values), |_| Ok(kept))
    }
}
