//! `hlo.scatter` and `hlo.select_and_scatter`: sequential loop nests that update the
//! result buffers in XLA's order, their computations inlined as scalar ops.
//!
//! Scatter (the interpreter's `ops/scatter.rs`): the results start as copies of the inputs;
//! then, for each scatter index `G` (the update dimensions not in `update_window_dims`) in
//! row-major order, the start `S` comes from the index vector at `G`
//! (`scatter_dims_to_operand_dims`) and the batching dimensions, as for `gather`. A window
//! that does not fit in the inputs entirely is skipped (a `loop.if`); otherwise, for each
//! window index `W` in row-major order, the update computation combines the results'
//! elements at `S + remap(W)` with the updates' elements at `(G, W)` and stores its values
//! back.
//!
//! Select and scatter (`ops/select_and_scatter.rs`): the result starts as `init_value`;
//! then, for each source element (a window position) in row-major order, a `loop.for` per
//! window dimension carries whether an element was selected, its value and its index; the
//! first element not on padding is selected and a later one replaces it when
//! `select(selected, element)` is false. Padding is never selected; a window with nothing
//! selected drops its source value. The selected element of the result is then combined
//! with the source value by `scatter`.

use xla_dialects::hlo::{ScatterOp, SelectAndScatterOp};
use xla_ir::{Op, RegionId, Scalar, Type, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::window::{entry_or, padding_pairs, WindowDim};

/// `v` as a dimension number (out of range for a negative one).
fn dim(v: i64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

/// The geometry of a scatter: how update and index dimensions map to input dimensions.
struct Scatter {
    indices: ValueId,
    updates: Vec<ValueId>,
    region: RegionId,
    input_shape: Vec<i64>,
    indices_rank: usize,
    vector_dim: usize,
    index_map: Vec<usize>,
    input_batching: Vec<usize>,
    indices_batching: Vec<usize>,
    /// The update dimensions holding the window, in order, and the input dimension each maps to.
    window_dims: Vec<(usize, usize)>,
    /// The update dimensions holding the scatter index, in order.
    scatter_dims: Vec<usize>,
    update_shape: Vec<i64>,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.scatter`.
    pub fn lower_scatter(&mut self, scatter: ScatterOp) -> Emitted<()> {
        let op = scatter.id();
        let s = self.scatter_geometry(scatter)?;
        let inputs = scatter.inputs(self.body).to_vec();
        let buffers = self.bind_result_buffers(op)?;
        for (&input, &buffer) in inputs.iter().zip(&buffers) {
            self.copy_value(input, buffer, &s.input_shape)?;
        }
        let scatter_shape: Vec<i64> = s.scatter_dims.iter().map(|&d| s.update_shape[d]).collect();
        let window_shape: Vec<i64> = s.window_dims.iter().map(|&(d, _)| s.update_shape[d]).collect();
        self.for_nest(&scatter_shape, &mut |this, batch| this.scatter_window(&s, &buffers, batch, &window_shape))
    }

    /// Reads the attributes of `hlo.scatter`.
    fn scatter_geometry(&self, scatter: ScatterOp) -> Emitted<Scatter> {
        let body = &*self.body;
        let (inputs, updates) = (scatter.inputs(body).to_vec(), scatter.updates(body).to_vec());
        let first = *inputs.first().ok_or_else(|| self.error("hlo.scatter without inputs"))?;
        let update = *updates.first().ok_or_else(|| self.error("hlo.scatter without updates"))?;
        let input_shape = self.shape_of(first)?;
        let update_shape = self.shape_of(update)?;
        let indices = scatter.scatter_indices(body);
        let inserted: Vec<usize> = scatter.inserted_window_dims(body).iter().map(|&d| dim(d)).collect();
        let input_batching: Vec<usize> = scatter.input_batching_dims(body).iter().map(|&d| dim(d)).collect();
        let update_window: Vec<usize> = scatter.update_window_dims(body).iter().map(|&d| dim(d)).collect();
        let window_input: Vec<usize> = (0..input_shape.len()).filter(|d| !inserted.contains(d) && !input_batching.contains(d)).collect();
        if window_input.len() != update_window.len() || update_window.iter().any(|&d| d >= update_shape.len()) {
            return Err(self.error("hlo.scatter with update_window_dims that do not match the inputs"));
        }
        let region = scatter.update_computation(body);
        Ok(Scatter {
            indices,
            updates,
            region,
            indices_rank: self.shape_of(indices)?.len(),
            vector_dim: dim(scatter.index_vector_dim(body)),
            index_map: scatter.scatter_dims_to_operand_dims(body).iter().map(|&d| dim(d)).collect(),
            input_batching,
            indices_batching: scatter.scatter_indices_batching_dims(body).iter().map(|&d| dim(d)).collect(),
            window_dims: update_window.iter().copied().zip(window_input).collect(),
            scatter_dims: (0..update_shape.len()).filter(|d| !update_window.contains(d)).collect(),
            input_shape,
            update_shape,
        })
    }

    /// The start of the window of scatter index `batch` in the inputs.
    fn scatter_start(&mut self, s: &Scatter, batch: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let zero = self.index(0);
        let mut start = vec![zero; s.input_shape.len()];
        for (k, &d) in s.index_map.iter().enumerate() {
            let entry = self.index_vector_entry(s.indices, batch, s.vector_dim, s.indices_rank, k)?;
            *start.get_mut(d).ok_or_else(|| self.error("scatter_dims_to_operand_dims out of range"))? = entry;
        }
        let batch_dims: Vec<usize> = (0..s.indices_rank).filter(|&d| d != s.vector_dim).collect();
        for (&d, &i) in s.input_batching.iter().zip(&s.indices_batching) {
            let position = batch_dims.iter().position(|&b| b == i).and_then(|p| batch.get(p).copied());
            let position = position.ok_or_else(|| self.error("a scatter index batching dimension out of range"))?;
            *start.get_mut(d).ok_or_else(|| self.error("input_batching_dims out of range"))? = position;
        }
        Ok(start)
    }

    /// The window of scatter index `batch`: skipped unless it fits, else combined element
    /// by element into the result buffers.
    fn scatter_window(&mut self, s: &Scatter, buffers: &[ValueId], batch: &[ValueId], window_shape: &[i64]) -> Emitted<()> {
        let start = self.scatter_start(s, batch)?;
        let mut sizes = vec![1; s.input_shape.len()];
        for (&(u, i), _) in s.window_dims.iter().zip(window_shape) {
            sizes[i] = s.update_shape[u];
        }
        let zero = self.index(0);
        let mut fits = Vec::new();
        for (d, &st) in start.iter().enumerate() {
            fits.push(self.compare_index(xla_dialects::hlo::ComparisonDirection::Ge, st, zero));
            let end = self.add_const(st, sizes[d]);
            let size = self.index(s.input_shape[d]);
            fits.push(self.compare_index(xla_dialects::hlo::ComparisonDirection::Le, end, size));
        }
        let fits = self.all(&fits)?;
        self.if_then(fits, |this| {
            this.for_nest(window_shape, &mut |this, w| this.scatter_element(s, buffers, batch, &start, w))
        })
    }

    /// Combines update element `(batch, w)` into the results at `start + remap(w)`.
    fn scatter_element(&mut self, s: &Scatter, buffers: &[ValueId], batch: &[ValueId], start: &[ValueId], w: &[ValueId]) -> Emitted<()> {
        let mut at = start.to_vec();
        let zero = self.index(0);
        let mut from = vec![zero; s.update_shape.len()];
        for (&(u, i), &wi) in s.window_dims.iter().zip(w) {
            at[i] = self.add_index(at[i], wi);
            from[u] = wi;
        }
        for (&u, &g) in s.scatter_dims.iter().zip(batch) {
            from[u] = g;
        }
        let mut args = Vec::with_capacity(2 * buffers.len());
        for &b in buffers {
            args.push(self.load(b, &at));
        }
        for &u in &s.updates {
            args.push(self.element(u, &from)?);
        }
        let results = self.inline_scalar_region(s.region, &args)?;
        if results.len() != buffers.len() {
            return Err(self.error("hlo.scatter's update computation returned the wrong number of values"));
        }
        for (&r, &b) in results.iter().zip(buffers) {
            self.store(r, b, &at);
        }
        Ok(())
    }
}

/// What the window loops of one source element of `hlo.select_and_scatter` read.
struct Selection {
    operand: ValueId,
    windows: Vec<WindowDim>,
    select: RegionId,
    /// The types carried: whether an element was selected, its value, its index.
    types: Vec<Type>,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.select_and_scatter`.
    pub fn lower_select_and_scatter(&mut self, sas: SelectAndScatterOp) -> Emitted<()> {
        let op = sas.id();
        let body = &*self.body;
        let (operand, source, init) = (sas.operand(body), sas.source(body), sas.init_value(body));
        let sizes = sas.window_dimensions(body).to_vec();
        let strides = sas.window_strides(body).map(<[i64]>::to_vec);
        let padding = padding_pairs(sas.padding(body));
        let (select, scatter) = (sas.select(body), sas.scatter(body));
        let shape = self.shape_of(operand)?;
        let source_shape = self.shape_of(source)?;
        if sizes.len() != shape.len() || source_shape.len() != shape.len() {
            return Err(self.error("hlo.select_and_scatter with a window of the wrong rank"));
        }
        let windows: Vec<WindowDim> = (0..shape.len())
            .map(|d| WindowDim {
                size: sizes[d],
                stride: entry_or(strides.as_deref(), d, 1),
                low: padding.get(d).map_or(0, |p| p.0),
                high: padding.get(d).map_or(0, |p| p.1),
                base_dilation: 1,
                window_dilation: 1,
                base: shape[d],
            })
            .collect();
        if windows.iter().any(|w| w.stride < 1) {
            return Err(self.error("hlo.select_and_scatter with a stride that is not positive"));
        }
        let [output] = self.bind_result_buffers(op)?[..] else {
            return Err(self.error("hlo.select_and_scatter has one result"));
        };
        let init = self.element(init, &[])?;
        self.copy(&super::lowering::Lowered::Scalar(init), output, &shape)?;
        let element = self.element_type_of(operand)?;
        let mut types = vec![self.ctx().int_type(1), element];
        types.extend(std::iter::repeat(self.ctx().index_type()).take(shape.len()));
        let selection = Selection { operand, windows, select, types };
        self.for_nest(&source_shape, &mut |this, position| {
            let carried = this.select_in_window(&selection, position)?;
            let (found, at) = (carried[0], carried[2..].to_vec());
            this.if_then(found, |this| {
                let current = this.load(output, &at);
                let value = this.element(source, position)?;
                let combined = this.inline_scalar_region(scatter, &[current, value])?;
                let combined = *combined.first().ok_or_else(|| this.error("hlo.select_and_scatter's scatter returned nothing"))?;
                this.store(combined, output, &at);
                Ok(())
            })
        })
    }

    /// The carried values after the window at `position`: whether an element was
    /// selected, its value and its index.
    fn select_in_window(&mut self, s: &Selection, position: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let element = s.types[1];
        let mut inits = vec![self.scalar(Scalar::Int(0), s.types[0])?, self.zero(element)?];
        let zero = self.index(0);
        inits.extend(std::iter::repeat(zero).take(s.windows.len()));
        self.select_dimensions(s, position, Vec::new(), inits)
    }

    /// The window loops from dimension `offsets.len()` on.
    fn select_dimensions(&mut self, s: &Selection, position: &[ValueId], offsets: Vec<ValueId>, carried: Vec<ValueId>) -> Emitted<Vec<ValueId>> {
        let Some(window) = s.windows.get(offsets.len()).copied() else {
            return self.select_element(s, position, &offsets, carried);
        };
        let (zero, upper) = (self.index(0), self.index(window.size));
        self.for_loop(zero, upper, &carried, |this, k, carried| {
            let mut offsets = offsets.clone();
            offsets.push(k);
            this.select_dimensions(s, position, offsets, carried.to_vec())
        })
    }

    /// Considers the window element at `offsets`, unless it is on padding.
    fn select_element(&mut self, s: &Selection, position: &[ValueId], offsets: &[ValueId], carried: Vec<ValueId>) -> Emitted<Vec<ValueId>> {
        let mut conditions = Vec::new();
        let mut index = Vec::with_capacity(offsets.len());
        for ((window, &o), &k) in s.windows.iter().zip(position).zip(offsets) {
            index.push(self.window_source(window, o, k, &mut conditions));
        }
        self.unless_outside(&conditions, &s.types, carried, |this, carried| {
            let x = this.element(s.operand, &index)?;
            let (found, selected) = (carried[0], carried[1]);
            let keeps = this.inline_scalar_region(s.select, &[selected, x])?;
            let keeps = *keeps.first().ok_or_else(|| this.error("hlo.select_and_scatter's select returned nothing"))?;
            let keep = this.arith(xla_dialects::loops::ArithKind::And, found, keeps);
            let yes = this.scalar(Scalar::Int(1), s.types[0])?;
            let mut next = vec![yes, this.select(keep, selected, x)];
            for (&old, &new) in carried[2..].iter().zip(&index) {
                next.push(this.select(keep, old, new));
            }
            Ok(next)
        })
    }
}
