//! The elementals of `hlo.reduce` and `hlo.reduce_window`: for one result element, a
//! `loop.for` per reduced (or window) dimension, outermost first, carrying the N
//! accumulators, which start as the init values; the innermost body reads the N inputs'
//! elements and applies the reducer, whose region is inlined as scalar ops on the
//! accumulators and the elements.
//!
//! The order is the interpreter's sequential one, except in split reductions (below): every result element folds the
//! input elements left to right in row-major order of the reduced dimensions (of the
//! window), `f(f(f(init, x0), x1), x2)`. A window element that falls on padding or on a
//! hole of base dilation takes no part (a `loop.if` skips it), as in XLA's backends.
//!
//! A long reduction along the input's most minor dimension with an associative reducer is
//! split into lanes ([`super::reduce_lanes`]), which reorders it as XLA's CPU backend
//! does; an argmax or argmin becomes two such passes ([`super::reduce_arg`]), with the
//! sequential fold's result.
//!
//! Invariant: the accumulators are scalars in registers; no buffer is written inside the
//! reduction.

use xla_dialects::hlo::{ReduceOp, ReduceWindowOp};
use xla_ir::{Op, RegionId, Type, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::reduce_lanes::LaneSplit;
use super::window::{entry_or, padding_pairs, WindowDim};

/// What the reduction loops of one result element read: the inputs, the reduced
/// dimensions with their sizes, and the reducer.
struct Reduction {
    inputs: Vec<ValueId>,
    reduced: Vec<(usize, i64)>,
    reducer: RegionId,
    /// When the accumulators are lanes of a [split](super::reduce_lanes) along the
    /// innermost reduced dimension, the split.
    split: Option<LaneSplit>,
}

impl Lowering<'_, '_> {
    /// The elements of every result of `hlo.reduce` at `index`.
    pub fn reduce_elements(&mut self, reduce: ReduceOp, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let inputs = reduce.inputs(self.body).to_vec();
        let inits = reduce.init_values(self.body).to_vec();
        let dimensions = reduce.dimensions(self.body).to_vec();
        let reducer = reduce.body(self.body);
        let first = *inputs.first().ok_or_else(|| self.error("hlo.reduce without inputs"))?;
        let shape = self.shape_of(first)?;
        let mut reduced = Vec::new();
        for d in dimensions {
            let d = usize::try_from(d).ok().filter(|d| *d < shape.len()).ok_or_else(|| self.error("a reduced dimension out of range"))?;
            reduced.push((d, shape[d]));
        }
        reduced.sort_unstable();
        // The result index fills the kept dimensions in order; the loops fill the others.
        let mut kept = index.iter();
        let mut full_index = Vec::with_capacity(shape.len());
        for d in 0..shape.len() {
            let slot = if reduced.iter().any(|(r, _)| *r == d) { None } else { kept.next().copied() };
            full_index.push(slot);
        }
        let mut accumulators = Vec::with_capacity(inits.len());
        for init in inits {
            accumulators.push(self.element(init, &[])?);
        }
        if let Some(arg) = self.arg_extremum(&inputs, &reduced, reducer) {
            let value_used = !self.body.is_unused(self.body.result(reduce.id(), 0));
            return self.arg_extremum_elements(arg, inputs[0], inputs[1], reducer, &accumulators, &full_index, value_used);
        }
        if let Some(split) = self.lane_split(&inputs, &reduced, reducer) {
            let lanes = self.lane_accumulators(split, accumulators[0])?;
            let reduction = Reduction { inputs, reduced, reducer, split: Some(split) };
            let lanes = self.fold_dimensions(&reduction, 0, full_index, lanes)?;
            return Ok(vec![self.combine_lanes(reducer, lanes)?]);
        }
        let reduction = Reduction { inputs, reduced, reducer, split: None };
        self.fold_dimensions(&reduction, 0, full_index, accumulators)
    }

    /// Folds the inputs' elements at `index` into `accumulators` with the reducer.
    fn fold_element(&mut self, reduction: &Reduction, index: &[Option<ValueId>], accumulators: Vec<ValueId>) -> Emitted<Vec<ValueId>> {
        let index: Option<Vec<ValueId>> = index.iter().copied().collect();
        let index = index.ok_or_else(|| self.error("internal error: an index left unfilled"))?;
        let mut args = accumulators;
        for &input in &reduction.inputs {
            args.push(self.element(input, &index)?);
        }
        self.inline_scalar_region(reduction.reducer, &args)
    }

    /// Folds the inputs along reduced dimension number `level` and the ones after it into
    /// `accumulators`, with `index` holding the dimensions already fixed.
    fn fold_dimensions(
        &mut self,
        reduction: &Reduction,
        level: usize,
        index: Vec<Option<ValueId>>,
        accumulators: Vec<ValueId>,
    ) -> Emitted<Vec<ValueId>> {
        let Some(&(d, size)) = reduction.reduced.get(level) else {
            return self.fold_element(reduction, &index, accumulators);
        };
        if let Some(split) = reduction.split.filter(|_| level + 1 == reduction.reduced.len()) {
            let apply = |this: &mut Self, acc: ValueId, at: ValueId| -> Emitted<ValueId> {
                let mut index = index.clone();
                index[d] = Some(at);
                if let (Some(extremum), [input]) = (split.extremum, &reduction.inputs[..]) {
                    let full: Option<Vec<ValueId>> = index.iter().copied().collect();
                    let full = full.ok_or_else(|| this.error("internal error: an index left unfilled"))?;
                    let x = this.element(*input, &full)?;
                    return this.extremum_step(extremum, acc, x);
                }
                let folded = this.fold_element(reduction, &index, vec![acc])?;
                folded.first().copied().ok_or_else(|| this.error("a reducer without a result"))
            };
            return self.fold_into_lanes(size, accumulators, &apply);
        }
        let (zero, upper) = (self.index(0), self.index(size));
        self.for_loop(zero, upper, &accumulators, |this, iv, carried| {
            let mut index = index.clone();
            index[d] = Some(iv);
            this.fold_dimensions(reduction, level + 1, index, carried.to_vec())
        })
    }
}

/// What the window loops of one result element of `hlo.reduce_window` read.
struct Windowing {
    inputs: Vec<ValueId>,
    windows: Vec<WindowDim>,
    reducer: RegionId,
    types: Vec<Type>,
}

impl Lowering<'_, '_> {
    /// The elements of every result of `hlo.reduce_window` at `index` (a window position).
    pub fn reduce_window_elements(&mut self, rw: ReduceWindowOp, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let body = &*self.body;
        let inputs = rw.inputs(body).to_vec();
        let inits = rw.init_values(body).to_vec();
        let reducer = rw.body(body);
        let sizes = rw.window_dimensions(body).to_vec();
        let (strides, base_dilations, window_dilations) = (rw.window_strides(body), rw.base_dilations(body), rw.window_dilations(body));
        let padding = padding_pairs(rw.padding(body));
        let first = *inputs.first().ok_or_else(|| self.error("hlo.reduce_window without inputs"))?;
        let shape = self.shape_of(first)?;
        if sizes.len() != shape.len() || index.len() != shape.len() {
            return Err(self.error("hlo.reduce_window with a window of the wrong rank"));
        }
        let windows: Vec<WindowDim> = (0..shape.len())
            .map(|d| WindowDim {
                size: sizes[d],
                stride: entry_or(strides, d, 1),
                low: padding.get(d).map_or(0, |p| p.0),
                high: padding.get(d).map_or(0, |p| p.1),
                base_dilation: entry_or(base_dilations, d, 1),
                window_dilation: entry_or(window_dilations, d, 1),
                base: shape[d],
            })
            .collect();
        if windows.iter().any(|w| w.stride < 1 || w.base_dilation < 1 || w.window_dilation < 1) {
            return Err(self.error("hlo.reduce_window with a stride or dilation that is not positive"));
        }
        let mut accumulators = Vec::with_capacity(inits.len());
        for init in inits {
            accumulators.push(self.element(init, &[])?);
        }
        let types = accumulators.iter().map(|a| self.body.value_type(*a)).collect();
        let windowing = Windowing { inputs, windows, reducer, types };
        self.fold_window(&windowing, index, Vec::new(), accumulators)
    }

    /// Folds window dimension number `offsets.len()` and the ones after it into
    /// `accumulators`; `offsets` holds the window offsets already fixed.
    fn fold_window(&mut self, w: &Windowing, position: &[ValueId], offsets: Vec<ValueId>, accumulators: Vec<ValueId>) -> Emitted<Vec<ValueId>> {
        let level = offsets.len();
        let Some(window) = w.windows.get(level).copied() else {
            return self.apply_to_window_element(w, position, &offsets, accumulators);
        };
        let (zero, upper) = (self.index(0), self.index(window.size));
        self.for_loop(zero, upper, &accumulators, |this, k, carried| {
            let mut offsets = offsets.clone();
            offsets.push(k);
            this.fold_window(w, position, offsets, carried.to_vec())
        })
    }

    /// Applies the reducer to the window element at `offsets` of window `position`, unless
    /// it falls on padding or a hole.
    fn apply_to_window_element(&mut self, w: &Windowing, position: &[ValueId], offsets: &[ValueId], accumulators: Vec<ValueId>) -> Emitted<Vec<ValueId>> {
        let mut conditions = Vec::new();
        let mut index = Vec::with_capacity(offsets.len());
        for ((window, &o), &k) in w.windows.iter().zip(position).zip(offsets) {
            index.push(self.window_source(window, o, k, &mut conditions));
        }
        let apply = |this: &mut Self, accumulators: Vec<ValueId>| -> Emitted<Vec<ValueId>> {
            let mut args = accumulators;
            for &input in &w.inputs {
                args.push(this.element(input, &index)?);
            }
            this.inline_scalar_region(w.reducer, &args)
        };
        self.unless_outside(&conditions, &w.types, accumulators, apply)
    }
}
