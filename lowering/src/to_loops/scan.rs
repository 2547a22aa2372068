//! `hlo.reduce_window` whose window covers a whole prefix of one dimension, computed as a
//! scan.
//!
//! JAX's cumulative ops (`cumsum`, `cumprod`, `cummax`, `cummin`, `cumlogsumexp`) lower to a
//! `reduce_window` along one dimension of `n` elements with a window of `w >= n` elements,
//! `w - 1` elements of low padding, no high padding, stride 1 and no dilation: result
//! element `i` reduces input elements `0..=i`. The elemental folds each window on its own,
//! `n (n + 1) / 2` applications of the reducer along the dimension; here the results are
//! materialized as a scan with `n`: result `i` is the reducer applied to result `i - 1`
//! and input `i`, result 0 the reducer applied to the init values and input 0.
//!
//! Two forms, by where the scanned dimension lies in the first input's layout:
//! - *registers*, when no dimension of more than one element is more minor than it: a
//!   `loop.parallel` over the other dimensions and, in it, a `loop.for` along the scanned
//!   one carrying the accumulators;
//! - *rows*, otherwise: a `loop.parallel` over the dimensions more major than the scanned
//!   one, a `loop.for` along it, and inside a nest over the more minor dimensions that
//!   reads the previous result row from the result buffers; that innermost nest walks
//!   contiguous memory and vectorizes.
//!
//! Invariant: every result element folds the input elements of its window from the init
//! values left to right, `f(f(f(init, x0), x1), .., xi)`, which is the elemental's order
//! (window elements on padding take no part), so the results are the elemental's and the
//! interpreter's bit for bit, whatever the reducer; XLA's CPU backend instead splits long
//! windows into blocks of 16 (its `ReduceWindowRewriter`), so its sums differ by the
//! rounding of that reassociation.

use xla_dialects::hlo::{HloOp, ReduceWindowOp};
use xla_ir::{Op, OpId, ValueId};

use super::elemental::ctx_layout_order;
use super::emit::Emitted;
use super::lowering::Lowering;
use super::window::{entry_or, padding_pairs};

/// The geometry of a prefix scan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixScan {
    /// The inputs' (and results') shape.
    pub shape: Vec<i64>,
    /// The scanned dimension.
    pub dim: usize,
}

/// The scan a `reduce_window` with these attributes computes over inputs of `shape`, if
/// its window covers a prefix of one dimension of at least two elements and is one element
/// wide in every other, with stride 1 and no dilation.
pub fn prefix_scan_of(shape: &[i64], sizes: &[i64], strides: Option<&[i64]>, base_dilations: Option<&[i64]>, window_dilations: Option<&[i64]>, padding: &[(i64, i64)]) -> Option<PrefixScan> {
    if sizes.len() != shape.len() {
        return None;
    }
    let mut dim = None;
    for (d, (&n, &w)) in shape.iter().zip(sizes).enumerate() {
        let (low, high) = padding.get(d).copied().unwrap_or((0, 0));
        let plain = entry_or(strides, d, 1) == 1 && entry_or(base_dilations, d, 1) == 1 && entry_or(window_dilations, d, 1) == 1;
        if !plain {
            return None;
        }
        if w == 1 && low == 0 && high == 0 {
            continue;
        }
        let covers_prefix = n >= 2 && w >= n && low == w - 1 && high == 0;
        if !covers_prefix || dim.replace(d).is_some() {
            return None;
        }
    }
    dim.map(|dim| PrefixScan { shape: shape.to_vec(), dim })
}

impl Lowering<'_, '_> {
    /// The scan `op` computes, if it is an `hlo.reduce_window` over a prefix
    /// ([`prefix_scan_of`]) whose results all have its inputs' shape.
    pub fn prefix_scan(&self, op: OpId) -> Option<PrefixScan> {
        let HloOp::ReduceWindow(rw) = HloOp::of(self.body, op)? else { return None };
        let body = &*self.body;
        let shape = self.shape_of(*rw.inputs(body).first()?).ok()?;
        let padding = padding_pairs(rw.padding(body));
        let scan = prefix_scan_of(&shape, rw.window_dimensions(body), rw.window_strides(body), rw.base_dilations(body), rw.window_dilations(body), &padding)?;
        let same_shapes = body.op(op).results.iter().all(|r| self.shape_of(*r).is_ok_and(|s| s == shape));
        same_shapes.then_some(scan)
    }

    /// Materializes the results of the prefix-scan `reduce_window` `rw` into `buffers`, one
    /// per result (see the module's documentation).
    pub fn scan_prefix(&mut self, rw: ReduceWindowOp, scan: &PrefixScan, buffers: &[ValueId]) -> Emitted<()> {
        let op = rw.id();
        let inputs = rw.inputs(self.body).to_vec();
        let inits = rw.init_values(self.body).to_vec();
        let reducer = rw.body(self.body);
        let PrefixScan { shape, dim } = scan.clone();
        let order = ctx_layout_order(self.ctx(), self.body.value_type(inputs[0]), shape.len());
        let position = order.iter().position(|&d| d == dim).ok_or_else(|| self.error("internal error: the scanned dimension has no place in the layout"))?;
        let (major, minor) = (order[..position].to_vec(), order[position + 1..].to_vec());
        // Folds the inputs at `index` into `accumulators`.
        let step = |this: &mut Self, accumulators: Vec<ValueId>, index: &[ValueId]| -> Emitted<Vec<ValueId>> {
            let mut args = accumulators;
            for &input in &inputs {
                args.push(this.element(input, index)?);
            }
            this.inline_scalar_region(reducer, &args)
        };
        let init_values = |this: &mut Self| -> Emitted<Vec<ValueId>> { inits.iter().map(|&v| this.element(v, &[])).collect() };
        let store_all = |this: &mut Self, values: &[ValueId], index: &[ValueId]| {
            for (&value, &buffer) in values.iter().zip(buffers) {
                this.store(value, buffer, index);
            }
        };
        if minor.iter().all(|&d| shape[d] == 1) {
            // Registers: the accumulators are carried along the scanned dimension.
            let outer: Vec<usize> = order.iter().copied().filter(|&d| d != dim).collect();
            let outer_shape: Vec<i64> = outer.iter().map(|&d| shape[d]).collect();
            self.loop_nest(&outer_shape, |this, outer_index| {
                let start = init_values(this)?;
                let (zero, n) = (this.index(0), this.index(shape[dim]));
                this.for_loop(zero, n, &start, |this, i, carried| {
                    let mut index = vec![zero; shape.len()];
                    for (&d, &at) in outer.iter().zip(outer_index) {
                        index[d] = at;
                    }
                    index[dim] = i;
                    let next = step(this, carried.to_vec(), &index)?;
                    store_all(this, &next, &index);
                    Ok(next)
                })?;
                Ok(())
            })?;
        } else {
            // Rows: the previous result row is read back from the result buffers.
            let major_shape: Vec<i64> = major.iter().map(|&d| shape[d]).collect();
            let minor_shape: Vec<i64> = minor.iter().map(|&d| shape[d]).collect();
            self.loop_nest(&major_shape, |this, major_index| {
                let zero = this.index(0);
                let full_index = |i: ValueId, minor_index: &[ValueId]| {
                    let mut index = vec![zero; shape.len()];
                    for (&d, &at) in major.iter().zip(major_index).chain(minor.iter().zip(minor_index)) {
                        index[d] = at;
                    }
                    index[dim] = i;
                    index
                };
                // Row 0 folds the inputs into the init values.
                this.for_nest(&minor_shape, &mut |this, minor_index| {
                    let index = full_index(zero, minor_index);
                    let start = init_values(this)?;
                    let first = step(this, start, &index)?;
                    store_all(this, &first, &index);
                    Ok(())
                })?;
                let (one, n) = (this.index(1), this.index(shape[dim]));
                this.for_loop(one, n, &[], |this, i, _| {
                    let previous = this.add_const(i, -1);
                    this.for_nest(&minor_shape, &mut |this, minor_index| {
                        let before = full_index(previous, minor_index);
                        let accumulators: Vec<ValueId> = buffers.iter().map(|&b| this.load(b, &before)).collect();
                        let index = full_index(i, minor_index);
                        let next = step(this, accumulators, &index)?;
                        store_all(this, &next, &index);
                        Ok(())
                    })?;
                    Ok(Vec::new())
                })?;
                Ok(())
            })?;
        }
        self.bind_results_to(op, buffers);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{prefix_scan_of, PrefixScan};

    #[test]
    fn jax_cumulative_windows_are_prefix_scans() {
        // jnp.cumsum(x, axis=1) of a 4x512 array.
        let scan = prefix_scan_of(&[4, 512], &[1, 512], None, None, None, &[(0, 0), (511, 0)]);
        assert_eq!(scan, Some(PrefixScan { shape: vec![4, 512], dim: 1 }));
        // A window longer than the dimension still covers each prefix.
        assert_eq!(prefix_scan_of(&[8], &[10], None, None, None, &[(9, 0)]).map(|s| s.dim), Some(0));
    }

    #[test]
    fn other_windows_are_not() {
        // A sliding window of 3 (a moving sum), a suffix window, a strided prefix, a window
        // along two dimensions and a dilated one.
        assert_eq!(prefix_scan_of(&[16], &[3], None, None, None, &[(2, 0)]), None);
        assert_eq!(prefix_scan_of(&[16], &[16], None, None, None, &[(0, 15)]), None);
        assert_eq!(prefix_scan_of(&[16], &[16], Some(&[2]), None, None, &[(15, 0)]), None);
        assert_eq!(prefix_scan_of(&[4, 4], &[4, 4], None, None, None, &[(3, 0), (3, 0)]), None);
        assert_eq!(prefix_scan_of(&[16], &[16], None, None, Some(&[2]), &[(15, 0)]), None);
        // A one-element dimension has nothing to scan.
        assert_eq!(prefix_scan_of(&[1, 8], &[1, 1], None, None, None, &[(0, 0), (0, 0)]), None);
    }
}
