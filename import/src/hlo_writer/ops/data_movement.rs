//! Shape and data-movement ops: `reshape`, `transpose`, `broadcast`, `concatenate`,
//! `slice`, `dynamic-slice`, `pad`, `reverse`, `get-dimension-size`, `gather`, `scatter`,
//! `sort`, `get-tuple-element` and `opt-barrier`, with XLA's attribute syntax
//! (`dimensions={1,0}`, `slice={[0:2], [1:5:2]}`, `padding=1_0x0_2_1`, ...).
//!
//! Spellings of their own: `hlo.broadcast` (XLA's client `Broadcast`, which adds major
//! dimensions) is XLA's `broadcast` with the operand's dimensions mapped to the last result
//! dimensions; `hlo.collapse` is a `reshape`; `hlo.broadcast_in_dim` whose size-1 operand
//! dimensions expand is a `reshape` dropping them and a `broadcast`, since XLA's `broadcast`
//! keeps sizes; an `hlo.optimization_barrier` of other than one value passes a tuple.

use xla_ir::{Diagnostic, OpId};

use crate::hlo_writer::attrs::{braced, padding_config, slice_ranges};
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::module::{ModuleWriter, Params};

impl ModuleWriter<'_, '_> {
    /// `transpose(x), dimensions={permutation}`.
    pub(super) fn transpose(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let attr = self.braced_attr(op, "permutation", "dimensions")?;
        self.same_operands(comp, op, "transpose", vec![attr])
    }

    /// `hlo.broadcast` as `broadcast(x), dimensions={k,...,k+rank-1}` with `k` new major
    /// dimensions.
    pub(super) fn broadcast(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let sizes = self.required_ints(op, "broadcast_sizes")?.len() as i64;
        let (operand, result) = self.one_to_one(op)?;
        let rank = self.tensor_of(operand, op)?.dims.len() as i64;
        let mapping: Vec<i64> = (sizes..sizes + rank).collect();
        let to = self.tensor_of(result, op)?.dims.clone();
        let shape = self.result_shape(op)?;
        let inst = self.broadcast_to(comp, op, operand, &to, &mapping, Some(shape))?;
        comp.bind(result, inst);
        Ok(())
    }

    /// `broadcast(x), dimensions={broadcast_dimensions}`, after a `reshape` when size-1
    /// dimensions expand.
    pub(super) fn broadcast_in_dim(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mapping = self.required_ints(op, "broadcast_dimensions")?.to_vec();
        let (operand, result) = self.one_to_one(op)?;
        let to = self.tensor_of(result, op)?.dims.clone();
        let shape = self.result_shape(op)?;
        let inst = self.broadcast_to(comp, op, operand, &to, &mapping, Some(shape))?;
        comp.bind(result, inst);
        Ok(())
    }

    /// The single operand and single result of `op`.
    fn one_to_one(&self, op: OpId) -> Result<(xla_ir::ValueId, xla_ir::ValueId), Diagnostic> {
        match (self.body.op(op).operands.as_slice(), self.body.op(op).results.as_slice()) {
            ([operand], [result]) => Ok((*operand, *result)),
            _ => Err(self.error(op, "needs exactly one operand and one result")),
        }
    }

    /// `concatenate(a, b, ...), dimensions={d}`.
    pub(super) fn concatenate(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "dimension")?;
        self.same_operands(comp, op, "concatenate", vec![format!("dimensions={{{dimension}}}")])
    }

    /// `slice(x), slice={[start:limit:stride], ...}`.
    pub(super) fn slice(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let starts = self.required_ints(op, "start_indices")?;
        let limits = self.required_ints(op, "limit_indices")?;
        let strides = self.required_ints(op, "strides")?;
        self.same_operands(comp, op, "slice", vec![format!("slice={}", slice_ranges(starts, limits, strides))])
    }

    /// `dynamic-slice(x, starts...), dynamic_slice_sizes={...}`.
    pub(super) fn dynamic_slice(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let attr = self.braced_attr(op, "slice_sizes", "dynamic_slice_sizes")?;
        self.same_operands(comp, op, "dynamic-slice", vec![attr])
    }

    /// `pad(x, value), padding=low_high_interior x ...`; a 0-d operand has no padding to
    /// write, which XLA's syntax cannot say.
    pub(super) fn pad(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let low = self.required_ints(op, "edge_padding_low")?;
        let high = self.required_ints(op, "edge_padding_high")?;
        let interior = self.required_ints(op, "interior_padding")?;
        if low.is_empty() {
            return Err(self.error(op, "pads a 0-d tensor, which XLA's padding syntax cannot write; use the operand itself"));
        }
        self.same_operands(comp, op, "pad", vec![format!("padding={}", padding_config(low, high, interior))])
    }

    /// `reverse(x), dimensions={...}`.
    pub(super) fn rev(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let attr = self.braced_attr(op, "dimensions", "dimensions")?;
        self.same_operands(comp, op, "reverse", vec![attr])
    }

    /// `get-dimension-size(x), dimensions={d}` and `set-dimension-size(x, n), dimensions={d}`.
    pub(super) fn dimension_size(&mut self, comp: &mut Computation, op: OpId, opcode: &str) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "dimension")?;
        self.same_operands(comp, op, opcode, vec![format!("dimensions={{{dimension}}}")])
    }

    /// `gather(x, indices), offset_dims=..., collapsed_slice_dims=..., start_index_map=...,
    /// [operand_batching_dims=..., start_indices_batching_dims=...,] index_vector_dim=n,
    /// slice_sizes=...[, indices_are_sorted=true]`.
    pub(super) fn gather(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mut attrs = vec![
            self.braced_attr(op, "offset_dims", "offset_dims")?,
            self.braced_attr(op, "collapsed_slice_dims", "collapsed_slice_dims")?,
            self.braced_attr(op, "start_index_map", "start_index_map")?,
        ];
        for name in ["operand_batching_dims", "start_indices_batching_dims"] {
            if let Some(dims) = self.attrs(op).ints(name).filter(|d| !d.is_empty()) {
                attrs.push(format!("{name}={}", braced(dims)));
            }
        }
        attrs.push(format!("index_vector_dim={}", self.required_int(op, "index_vector_dim")?));
        attrs.push(self.braced_attr(op, "slice_sizes", "slice_sizes")?);
        if self.attrs(op).bool("indices_are_sorted") == Some(true) {
            attrs.push("indices_are_sorted=true".to_string());
        }
        self.same_operands(comp, op, "gather", attrs)
    }

    /// `scatter(inputs..., indices, updates...), update_window_dims=..., ..., to_apply=c`.
    pub(super) fn scatter(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mut attrs = vec![
            self.braced_attr(op, "update_window_dims", "update_window_dims")?,
            self.braced_attr(op, "inserted_window_dims", "inserted_window_dims")?,
            self.braced_attr(op, "scatter_dims_to_operand_dims", "scatter_dims_to_operand_dims")?,
        ];
        for name in ["input_batching_dims", "scatter_indices_batching_dims"] {
            if let Some(dims) = self.attrs(op).ints(name).filter(|d| !d.is_empty()) {
                attrs.push(format!("{name}={}", braced(dims)));
            }
        }
        attrs.push(format!("index_vector_dim={}", self.required_int(op, "index_vector_dim")?));
        for flag in ["indices_are_sorted", "unique_indices"] {
            if self.attrs(op).bool(flag) == Some(true) {
                attrs.push(format!("{flag}=true"));
            }
        }
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "update_computation", Params::Direct)?;
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, "scatter", attrs)
    }

    /// `sort(inputs...), dimensions={d}[, is_stable=true], to_apply=comparator`.
    pub(super) fn sort(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "dimension")?;
        let mut attrs = vec![format!("dimensions={{{dimension}}}")];
        if self.attrs(op).bool("is_stable") == Some(true) {
            attrs.push("is_stable=true".to_string());
        }
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "comparator", Params::Direct)?;
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, "sort", attrs)
    }

    /// `get-tuple-element(t), index=i`.
    pub(super) fn get_tuple_element_op(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let index = self.required_int(op, "index")?;
        self.same_operands(comp, op, "get-tuple-element", vec![format!("index={index}")])
    }

    /// `opt-barrier(x)` of the one operand, or of a tuple of several (the results are then its
    /// elements).
    pub(super) fn optimization_barrier(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let input = self.single_or_tuple(comp, &operands, op)?;
        let shape = comp.shape(input).to_string();
        let operand = comp.name(input).to_string();
        let inst = self.emit(comp, "opt-barrier", shape, vec![operand], Vec::new());
        self.bind_results(comp, op, inst)
    }

    /// Region `i` of `op`, or a located error.
    pub(crate) fn region(&self, op: OpId, i: usize) -> Result<xla_ir::RegionId, Diagnostic> {
        self.body.op(op).regions.get(i).copied().ok_or_else(|| self.error(op, format!("lacks region #{i}")))
    }
}
