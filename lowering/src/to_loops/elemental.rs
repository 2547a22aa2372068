//! The elemental abstraction: how each op produces the element of its result at an index
//! from its operands' elements, and how a result is materialized into a buffer.
//!
//! [`Lowering::element`] gives the element of an hlo value at an index (a list of `index`
//! values): a `loop.load` from its buffer, the scalar a scalar value is, or, for a value
//! that was not materialized, its defining op's elemental at that index. That last case is
//! how a fusion composes elementals without intermediate buffers (the inner ops of an
//! `hlo.fusion`, see `fusion.rs`); every op outside a fusion, and every root of one, is
//! materialized ([`Lowering::materialize_op`]): a 0-d result as a scalar in the current
//! block, any other result as a buffer written by a loop nest over its shape that stores
//! the elemental at each index.
//!
//! Invariant: an elemental emits only scalar ops (and inner loops and conditionals giving
//! scalars) at the current insertion point; it never writes a buffer, so it may be emitted
//! once per consumer, anywhere the values it reads dominate.

use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{OpId, Type, TypeData, ValueDef, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Whether the lowering has an elemental generator for `op`.
    pub fn has_elemental(&self, op: OpId) -> bool {
        has_elemental_op(self.body.op_name(op))
    }

    /// The elements of every result of `op` at `index`, emitted at the current insertion
    /// point.
    pub fn op_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let name = self.body.op_name(op);
        if let Some(kind) = ArithKind::of_hlo(name) {
            return self.binary_elements(op, kind, index).map(|e| vec![e]);
        }
        if let Some(kind) = MathKind::of_hlo(name) {
            return self.unary_elements(op, kind, index).map(|e| vec![e]);
        }
        let element = match name {
            "hlo.compare" => self.compare_elements(op, index)?,
            "hlo.select" => self.select_elements(op, index)?,
            "hlo.clamp" => self.clamp_elements(op, index)?,
            "hlo.convert_element_type" => self.convert_elements(op, index)?,
            "hlo.bitcast_convert_type" => self.bitcast_elements(op, index)?,
            "hlo.is_finite" => self.is_finite_elements(op, index)?,
            "hlo.map" => self.map_elements(op, index)?,
            "hlo.broadcast_in_dim" => self.broadcast_in_dim_elements(op, index)?,
            "hlo.broadcast" => self.broadcast_elements(op, index)?,
            "hlo.reshape" | "hlo.collapse" => self.reshape_elements(op, index)?,
            "hlo.transpose" => self.transpose_elements(op, index)?,
            "hlo.copy" => self.copy_elements(op, index)?,
            "hlo.bitcast" => self.relayout_bitcast_elements(op, index)?,
            "hlo.rev" => self.rev_elements(op, index)?,
            "hlo.iota" => self.iota_elements(op, index)?,
            "hlo.slice" => self.slice_elements(op, index)?,
            "hlo.concatenate" => self.concatenate_elements(op, index)?,
            "hlo.pad" => self.pad_elements(op, index)?,
            "hlo.dynamic_slice" => self.dynamic_slice_elements(op, index)?,
            "hlo.dynamic_update_slice" => self.dynamic_update_slice_elements(op, index)?,
            "hlo.reduce" => return self.reduce_elements(op, index),
            "hlo.reduce_window" => return self.reduce_window_elements(op, index),
            "hlo.dot_general" | "hlo.dot" => self.dot_elements(op, index)?,
            "hlo.convolution" => self.convolution_elements(op, index)?,
            "hlo.gather" => self.gather_elements(op, index)?,
            "hlo.reduce_precision" => self.reduce_precision_elements(op, index)?,
            "hlo.real" => self.part_elements(op, super::complex::Part::Real, index)?,
            "hlo.imag" => self.part_elements(op, super::complex::Part::Imag, index)?,
            "hlo.complex" => self.complex_elements(op, index)?,
            _ => return Err(self.unsupported(op)),
        };
        Ok(vec![element])
    }

    /// The element of hlo value `v` at `index`.
    pub fn element(&mut self, v: ValueId, index: &[ValueId]) -> Emitted<ValueId> {
        match self.values.get(&v).cloned() {
            Some(Lowered::Buffer(buffer)) => Ok(self.load(buffer, index)),
            Some(Lowered::Scalar(scalar)) => Ok(scalar),
            Some(other) => Err(self.error(format!("internal error: the element of a {other:?}"))),
            None => self.unmaterialized_element(v, index),
        }
    }

    /// The element of a value that was not materialized: its op's elemental at `index`.
    fn unmaterialized_element(&mut self, v: ValueId, index: &[ValueId]) -> Emitted<ValueId> {
        let ValueDef::Result { op, index: result } = self.body.value(v).def else {
            return Err(self.error("internal error: an argument without a buffer"));
        };
        if !self.has_elemental(op) {
            return Err(self.unsupported(op));
        }
        let key = (op, index.to_vec());
        let known = self.elements.get(&key).filter(|e| e.iter().all(|v| self.body.value_block(*v).is_some_and(|b| self.encloses(b, self.block))));
        let elements = match known {
            Some(elements) => elements.clone(),
            None => {
                let elements = self.op_elements(op, index)?;
                self.elements.insert(key, elements.clone());
                elements
            }
        };
        elements.get(result as usize).copied().ok_or_else(|| self.error("internal error: a missing result element"))
    }

    /// Lowers an op with an elemental: a 0-d result is computed here as a scalar; any other
    /// result gets a buffer (its destination, or a fresh one) and a loop nest storing the
    /// elemental at every index of its shape. A result nothing uses gets no buffer, and an
    /// op none of whose results is used emits nothing (its elementals have no effect).
    pub fn materialize_op(&mut self, op: OpId) -> Emitted<()> {
        let results = self.body.op(op).results.clone();
        let first = *results.first().ok_or_else(|| self.error("internal error: an op without results"))?;
        if results.iter().all(|r| self.body.is_unused(*r)) {
            return Ok(());
        }
        let shape = self.shape_of(first)?;
        if shape.is_empty() {
            let elements = self.op_elements(op, &[])?;
            for (r, e) in results.iter().zip(elements) {
                self.bind(*r, Lowered::Scalar(e));
            }
            return Ok(());
        }
        let mut buffers = Vec::new();
        for &r in &results {
            let ty = self.body.value_type(r);
            if self.body.is_unused(r) {
                buffers.push(None);
                continue;
            }
            match self.result_buffers(r, ty)? {
                Lowered::Buffer(b) => buffers.push(Some(b)),
                _ => return Err(self.error("internal error: a tensor result without a buffer")),
            }
        }
        if self.body.op_name(op) == "hlo.reduce" && self.reduces_in_input_order(op) {
            let all: Option<Vec<ValueId>> = buffers.iter().copied().collect();
            if let Some(all) = all {
                return self.reduce_in_input_order(op, &all);
            }
        }
        // The loops follow the first result's layout (major to minor), so stores are
        // contiguous whatever layout layout assignment chose.
        let order: Vec<usize> = ctx_layout_order(self.ctx(), self.body.value_type(first), shape.len());
        self.loop_nest_ordered(&shape, &order, |this, index| {
            let elements = this.op_elements(op, index)?;
            for (e, b) in elements.iter().zip(&buffers) {
                if let Some(b) = b {
                    this.store(*e, *b, index);
                }
            }
            Ok(())
        })?;
        for (r, b) in results.iter().zip(buffers) {
            if let Some(b) = b {
                self.bind(*r, Lowered::Buffer(b));
            }
        }
        Ok(())
    }

    /// The types of the leaves of a value of type `ty` (a tuple's flattened, no tokens).
    pub fn leaf_types(&self, ty: Type) -> Vec<Type> {
        let ctx = self.ctx();
        match ctx.type_data(ty) {
            TypeData::Tuple(elements) => elements.iter().flat_map(|e| self.leaf_types(*e)).collect(),
            TypeData::Opaque { .. } if xla_dialects::hlo::is_token(ctx, ty) => Vec::new(),
            _ => vec![ty],
        }
    }

    /// A buffer holding the leaf `leaf` of tensor type `ty`: its own, or a fresh one filled
    /// with its scalar.
    pub fn buffer_for(&mut self, leaf: &Lowered, ty: Type) -> Emitted<ValueId> {
        match leaf {
            Lowered::Buffer(b) => Ok(*b),
            Lowered::Scalar(_) => {
                let memref = self.memref_type(ty)?;
                let buffer = self.alloc(memref);
                let (shape, _) = self.tensor_shape(ty)?;
                self.copy(leaf, buffer, &shape)?;
                Ok(buffer)
            }
            other => Err(self.error(format!("internal error: a buffer for a {other:?}"))),
        }
    }

    /// Copies the leaf `from` (a buffer or a scalar) into `to`, of shape `shape`.
    pub fn copy(&mut self, from: &Lowered, to: ValueId, shape: &[i64]) -> Emitted<()> {
        let from = from.clone();
        let order = ctx_layout_order(self.ctx(), self.body.value_type(to), shape.len());
        self.loop_nest_ordered(shape, &order, |this, index| {
            let value = match &from {
                Lowered::Buffer(b) => this.load(*b, index),
                Lowered::Scalar(s) => *s,
                other => return Err(this.error(format!("internal error: copying a {other:?}"))),
            };
            this.store(value, to, index);
            Ok(())
        })
    }

    /// The static shape of a buffer value.
    pub fn buffer_shape(&self, buffer: ValueId) -> Emitted<Vec<i64>> {
        let ctx = self.ctx();
        ctx.as_memref(self.body.value_type(buffer))
            .and_then(|m| m.static_shape())
            .ok_or_else(|| self.error("internal error: a buffer of dynamic shape"))
    }
}

/// The dimensions of tensor type `ty` from major to minor (its layout's, row-major without
/// one).
pub fn ctx_layout_order(ctx: &xla_ir::Context, ty: Type, rank: usize) -> Vec<usize> {
    match ctx.as_tensor(ty).or_else(|| ctx.as_memref(ty)).and_then(|t| t.layout.as_ref()) {
        Some(layout) if layout.minor_to_major.len() == rank => layout.minor_to_major.iter().rev().map(|&d| d as usize).collect(),
        _ => (0..rank).collect(),
    }
}

/// The ops besides the `loop.arith`/`loop.math` kinds that have an elemental generator
/// (dispatched by [`Lowering::op_elements`]).
const ELEMENTAL_OPS: &[&str] = &[
    "hlo.compare",
    "hlo.select",
    "hlo.clamp",
    "hlo.convert_element_type",
    "hlo.bitcast_convert_type",
    "hlo.is_finite",
    "hlo.map",
    "hlo.broadcast_in_dim",
    "hlo.broadcast",
    "hlo.reshape",
    "hlo.collapse",
    "hlo.transpose",
    "hlo.copy",
    "hlo.bitcast",
    "hlo.rev",
    "hlo.iota",
    "hlo.slice",
    "hlo.concatenate",
    "hlo.pad",
    "hlo.dynamic_slice",
    "hlo.dynamic_update_slice",
    "hlo.reduce",
    "hlo.reduce_window",
    "hlo.dot_general",
    "hlo.dot",
    "hlo.convolution",
    "hlo.gather",
    "hlo.reduce_precision",
    "hlo.real",
    "hlo.imag",
    "hlo.complex",
];

/// Whether op `name` has an elemental generator.
pub fn has_elemental_op(name: &str) -> bool {
    ArithKind::of_hlo(name).is_some() || MathKind::of_hlo(name).is_some() || ELEMENTAL_OPS.contains(&name)
}
