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

use xla_dialects::hlo::{
    BroadcastInDimOp, BroadcastOp, ConcatenateOp, DynamicSliceOp, GatherOp, GetTupleElementOp, HloOpKind, PadOp, RevOp, ScatterOp,
    SliceOp, SortOp, TransposeOp,
};
use xla_ir::{Diagnostic, Op, OpId};

use crate::hlo_writer::attrs::{braced, padding_config, slice_ranges};
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::module::{ModuleWriter, Params};
use crate::opcode_spelling::opcode_of;

impl ModuleWriter<'_, '_> {
    /// `transpose(x), dimensions={permutation}`.
    pub(super) fn transpose(&mut self, comp: &mut Computation, transpose: TransposeOp) -> Result<(), Diagnostic> {
        let attr = format!("dimensions={}", braced(transpose.permutation(self.body)));
        self.same_operands(comp, transpose.id(), &opcode_of(HloOpKind::Transpose), vec![attr])
    }

    /// `hlo.broadcast` as `broadcast(x), dimensions={k,...,k+rank-1}` with `k` new major
    /// dimensions.
    pub(super) fn broadcast(&mut self, comp: &mut Computation, broadcast: BroadcastOp) -> Result<(), Diagnostic> {
        let op = broadcast.id();
        let sizes = broadcast.broadcast_sizes(self.body).len() as i64;
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
    pub(super) fn broadcast_in_dim(&mut self, comp: &mut Computation, broadcast: BroadcastInDimOp) -> Result<(), Diagnostic> {
        let op = broadcast.id();
        let mapping = broadcast.broadcast_dimensions(self.body).to_vec();
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
    pub(super) fn concatenate(&mut self, comp: &mut Computation, concatenate: ConcatenateOp) -> Result<(), Diagnostic> {
        let dimension = concatenate.dimension(self.body);
        self.same_operands(comp, concatenate.id(), &opcode_of(HloOpKind::Concatenate), vec![format!("dimensions={{{dimension}}}")])
    }

    /// `slice(x), slice={[start:limit:stride], ...}`.
    pub(super) fn slice(&mut self, comp: &mut Computation, slice: SliceOp) -> Result<(), Diagnostic> {
        let ranges = slice_ranges(slice.start_indices(self.body), slice.limit_indices(self.body), slice.strides(self.body));
        self.same_operands(comp, slice.id(), &opcode_of(HloOpKind::Slice), vec![format!("slice={ranges}")])
    }

    /// `dynamic-slice(x, starts...), dynamic_slice_sizes={...}`.
    pub(super) fn dynamic_slice(&mut self, comp: &mut Computation, slice: DynamicSliceOp) -> Result<(), Diagnostic> {
        let attr = format!("dynamic_slice_sizes={}", braced(slice.slice_sizes(self.body)));
        self.same_operands(comp, slice.id(), &opcode_of(HloOpKind::DynamicSlice), vec![attr])
    }

    /// `pad(x, value), padding=low_high_interior x ...`; a 0-d operand has no padding to
    /// write, which XLA's syntax cannot say.
    pub(super) fn pad(&mut self, comp: &mut Computation, pad: PadOp) -> Result<(), Diagnostic> {
        let low = pad.edge_padding_low(self.body);
        let high = pad.edge_padding_high(self.body);
        let interior = pad.interior_padding(self.body);
        if low.is_empty() {
            return Err(self.error(pad.id(), "pads a 0-d tensor, which XLA's padding syntax cannot write; use the operand itself"));
        }
        self.same_operands(comp, pad.id(), &opcode_of(HloOpKind::Pad), vec![format!("padding={}", padding_config(low, high, interior))])
    }

    /// `reverse(x), dimensions={...}`.
    pub(super) fn rev(&mut self, comp: &mut Computation, rev: RevOp) -> Result<(), Diagnostic> {
        let attr = format!("dimensions={}", braced(rev.dimensions(self.body)));
        self.same_operands(comp, rev.id(), &opcode_of(HloOpKind::Rev), vec![attr])
    }

    /// `get-dimension-size(x), dimensions={d}` and `set-dimension-size(x, n), dimensions={d}`,
    /// for `op` of `kind`.
    pub(super) fn dimension_size(&mut self, comp: &mut Computation, op: OpId, kind: HloOpKind, dimension: i64) -> Result<(), Diagnostic> {
        self.same_operands(comp, op, &opcode_of(kind), vec![format!("dimensions={{{dimension}}}")])
    }

    /// `gather(x, indices), offset_dims=..., collapsed_slice_dims=..., start_index_map=...,
    /// [operand_batching_dims=..., start_indices_batching_dims=...,] index_vector_dim=n,
    /// slice_sizes=...[, indices_are_sorted=true]`.
    pub(super) fn gather(&mut self, comp: &mut Computation, gather: GatherOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let mut attrs = vec![
            format!("offset_dims={}", braced(gather.offset_dims(body))),
            format!("collapsed_slice_dims={}", braced(gather.collapsed_slice_dims(body))),
            format!("start_index_map={}", braced(gather.start_index_map(body))),
        ];
        for (name, dims) in [
            ("operand_batching_dims", gather.operand_batching_dims(body)),
            ("start_indices_batching_dims", gather.start_indices_batching_dims(body)),
        ] {
            if !dims.is_empty() {
                attrs.push(format!("{name}={}", braced(dims)));
            }
        }
        attrs.push(format!("index_vector_dim={}", gather.index_vector_dim(body)));
        attrs.push(format!("slice_sizes={}", braced(gather.slice_sizes(body))));
        if gather.indices_are_sorted(body) == Some(true) {
            attrs.push("indices_are_sorted=true".to_string());
        }
        self.same_operands(comp, gather.id(), &opcode_of(HloOpKind::Gather), attrs)
    }

    /// `scatter(inputs..., indices, updates...), update_window_dims=..., ..., to_apply=c`.
    pub(super) fn scatter(&mut self, comp: &mut Computation, scatter: ScatterOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, scatter.id());
        let mut attrs = vec![
            format!("update_window_dims={}", braced(scatter.update_window_dims(body))),
            format!("inserted_window_dims={}", braced(scatter.inserted_window_dims(body))),
            format!("scatter_dims_to_operand_dims={}", braced(scatter.scatter_dims_to_operand_dims(body))),
        ];
        for (name, dims) in [
            ("input_batching_dims", scatter.input_batching_dims(body)),
            ("scatter_indices_batching_dims", scatter.scatter_indices_batching_dims(body)),
        ] {
            if !dims.is_empty() {
                attrs.push(format!("{name}={}", braced(dims)));
            }
        }
        attrs.push(format!("index_vector_dim={}", scatter.index_vector_dim(body)));
        for (flag, value) in [("indices_are_sorted", scatter.indices_are_sorted(body)), ("unique_indices", scatter.unique_indices(body))] {
            if value == Some(true) {
                attrs.push(format!("{flag}=true"));
            }
        }
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "update_computation", Params::Direct)?;
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, &opcode_of(HloOpKind::Scatter), attrs)
    }

    /// `sort(inputs...), dimensions={d}[, is_stable=true], to_apply=comparator`.
    pub(super) fn sort(&mut self, comp: &mut Computation, sort: SortOp) -> Result<(), Diagnostic> {
        let op = sort.id();
        let dimension = sort.dimension(self.body);
        let mut attrs = vec![format!("dimensions={{{dimension}}}")];
        if sort.is_stable(self.body) == Some(true) {
            attrs.push("is_stable=true".to_string());
        }
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "comparator", Params::Direct)?;
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, &opcode_of(HloOpKind::Sort), attrs)
    }

    /// `get-tuple-element(t), index=i`.
    pub(super) fn get_tuple_element_op(&mut self, comp: &mut Computation, get: GetTupleElementOp) -> Result<(), Diagnostic> {
        let index = get.index(self.body);
        self.same_operands(comp, get.id(), &opcode_of(HloOpKind::GetTupleElement), vec![format!("index={index}")])
    }

    /// `opt-barrier(x)` of the one operand, or of a tuple of several (the results are then its
    /// elements).
    pub(super) fn optimization_barrier(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let input = self.single_or_tuple(comp, &operands, op)?;
        let shape = comp.shape(input).to_string();
        let operand = comp.name(input).to_string();
        let inst = self.emit(comp, &opcode_of(HloOpKind::OptimizationBarrier), shape, vec![operand], Vec::new());
        self.bind_results(comp, op, inst)
    }

    /// Region `i` of `op`, or a located error.
    pub(crate) fn region(&self, op: OpId, i: usize) -> Result<xla_ir::RegionId, Diagnostic> {
        self.body.op(op).regions.get(i).copied().ok_or_else(|| self.error(op, format!("lacks region #{i}")))
    }
}
