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

use xla_dialects::hlo::HloOp;
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{OpId, Type, TypeData, ValueDef, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Whether the lowering has an elemental generator for `op`.
    pub fn has_elemental(&self, op: OpId) -> bool {
        has_elemental_op(self.body, op)
    }

    /// The elements of every result of `op` at `index`, emitted at the current insertion
    /// point.
    pub fn op_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let Some(kind) = HloOp::of(self.body, op) else { return Err(self.unsupported(op)) };
        let element = match (generator(kind), kind) {
            (Generator::Binary(arith), _) => self.binary_elements(op, arith, index)?,
            (Generator::Unary(math), _) => self.unary_elements(op, math, index)?,
            (Generator::None, _) => return Err(self.unsupported(op)),
            (Generator::Own, HloOp::Compare(compare)) => self.compare_elements(compare, index)?,
            (Generator::Own, HloOp::Select(_)) => self.select_elements(op, index)?,
            (Generator::Own, HloOp::Clamp(_)) => self.clamp_elements(op, index)?,
            (Generator::Own, HloOp::ConvertElementType(_)) => self.convert_elements(op, index)?,
            (Generator::Own, HloOp::BitcastConvertType(_)) => self.bitcast_elements(op, index)?,
            (Generator::Own, HloOp::IsFinite(_)) => self.is_finite_elements(op, index)?,
            (Generator::Own, HloOp::Map(_)) => self.map_elements(op, index)?,
            (Generator::Own, HloOp::BroadcastInDim(broadcast)) => self.broadcast_in_dim_elements(broadcast, index)?,
            (Generator::Own, HloOp::Broadcast(broadcast)) => self.broadcast_elements(broadcast, index)?,
            (Generator::Own, HloOp::Reshape(_) | HloOp::Collapse(_)) => self.reshape_elements(op, index)?,
            (Generator::Own, HloOp::Transpose(transpose)) => self.transpose_elements(transpose, index)?,
            (Generator::Own, HloOp::Copy(_)) => self.copy_elements(op, index)?,
            (Generator::Own, HloOp::Bitcast(_)) => self.relayout_bitcast_elements(op, index)?,
            (Generator::Own, HloOp::Rev(rev)) => self.rev_elements(rev, index)?,
            (Generator::Own, HloOp::Iota(iota)) => self.iota_elements(iota, index)?,
            (Generator::Own, HloOp::Slice(slice)) => self.slice_elements(slice, index)?,
            (Generator::Own, HloOp::Concatenate(concatenate)) => self.concatenate_elements(concatenate, index)?,
            (Generator::Own, HloOp::Pad(pad)) => self.pad_elements(pad, index)?,
            (Generator::Own, HloOp::DynamicSlice(slice)) => self.dynamic_slice_elements(slice, index)?,
            (Generator::Own, HloOp::DynamicUpdateSlice(_)) => self.dynamic_update_slice_elements(op, index)?,
            (Generator::Own, HloOp::Reduce(reduce)) => return self.reduce_elements(reduce, index),
            (Generator::Own, HloOp::ReduceWindow(reduce_window)) => return self.reduce_window_elements(reduce_window, index),
            (Generator::Own, HloOp::DotGeneral(_) | HloOp::Dot(_)) => self.dot_elements(op, index)?,
            (Generator::Own, HloOp::Convolution(convolution)) => self.convolution_elements(convolution, index)?,
            (Generator::Own, HloOp::Gather(gather)) => self.gather_elements(gather, index)?,
            (Generator::Own, HloOp::ReducePrecision(reduce_precision)) => self.reduce_precision_elements(reduce_precision, index)?,
            (Generator::Own, HloOp::Real(_)) => self.part_elements(op, super::complex::Part::Real, index)?,
            (Generator::Own, HloOp::Imag(_)) => self.part_elements(op, super::complex::Part::Imag, index)?,
            (Generator::Own, HloOp::Complex(_)) => self.complex_elements(op, index)?,
            (Generator::Own, _) => return Err(self.error(format!("internal error: no elemental generator of {}", kind.def().name))),
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
        if let Some(HloOp::Reduce(reduce)) = HloOp::of(self.body, op).filter(|_| self.reduces_in_input_order(op)) {
            let all: Option<Vec<ValueId>> = buffers.iter().copied().collect();
            if let Some(all) = all {
                return self.reduce_in_input_order(reduce, &all);
            }
        }
        if let (Some(HloOp::DynamicUpdateSlice(_)), [Some(buffer)]) = (HloOp::of(self.body, op), &buffers[..]) {
            let operand = self.body.operand(op, 0);
            if matches!(self.values.get(&operand), Some(Lowered::Buffer(b)) if b == buffer) {
                return self.update_slice_in_place(op, *buffer);
            }
        }
        if let (Some(HloOp::ReduceWindow(rw)), Some(scan)) = (HloOp::of(self.body, op), self.prefix_scan(op)) {
            let all: Option<Vec<ValueId>> = buffers.iter().copied().collect();
            if let Some(all) = all {
                return self.scan_prefix(rw, &scan, &all);
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

/// How the elements of an hlo op are generated.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Generator {
    /// `loop.arith` of the operands' elements.
    Binary(ArithKind),
    /// `loop.math` of the operand's element.
    Unary(MathKind),
    /// A generator of the op's own ([`Lowering::op_elements`]).
    Own,
    /// None: the op is lowered whole (`lowering_of`), or not at all.
    None,
}

/// Which generator `kind` has: the one list of the ops with an elemental generator, an
/// exhaustive `match`, so that a new op must say here whether it has one.
fn generator(kind: HloOp) -> Generator {
    use Generator::{Binary, Own, Unary};
    match kind {
        HloOp::Add(_) => Binary(ArithKind::Add),
        HloOp::Subtract(_) => Binary(ArithKind::Subtract),
        HloOp::Multiply(_) => Binary(ArithKind::Multiply),
        HloOp::Divide(_) => Binary(ArithKind::Divide),
        HloOp::Remainder(_) => Binary(ArithKind::Remainder),
        HloOp::Maximum(_) => Binary(ArithKind::Maximum),
        HloOp::Minimum(_) => Binary(ArithKind::Minimum),
        HloOp::Power(_) => Binary(ArithKind::Power),
        HloOp::Atan2(_) => Binary(ArithKind::Atan2),
        HloOp::And(_) => Binary(ArithKind::And),
        HloOp::Or(_) => Binary(ArithKind::Or),
        HloOp::Xor(_) => Binary(ArithKind::Xor),
        HloOp::ShiftLeft(_) => Binary(ArithKind::ShiftLeft),
        HloOp::ShiftRightArithmetic(_) => Binary(ArithKind::ShiftRightArithmetic),
        HloOp::ShiftRightLogical(_) => Binary(ArithKind::ShiftRightLogical),
        HloOp::Abs(_) => Unary(MathKind::Abs),
        HloOp::Negate(_) => Unary(MathKind::Negate),
        HloOp::Sign(_) => Unary(MathKind::Sign),
        HloOp::Not(_) => Unary(MathKind::Not),
        HloOp::Popcnt(_) => Unary(MathKind::Popcnt),
        HloOp::CountLeadingZeros(_) => Unary(MathKind::CountLeadingZeros),
        HloOp::Floor(_) => Unary(MathKind::Floor),
        HloOp::Ceil(_) => Unary(MathKind::Ceil),
        HloOp::RoundNearestAfz(_) => Unary(MathKind::RoundNearestAfz),
        HloOp::RoundNearestEven(_) => Unary(MathKind::RoundNearestEven),
        HloOp::Exponential(_) => Unary(MathKind::Exponential),
        HloOp::ExponentialMinusOne(_) => Unary(MathKind::ExponentialMinusOne),
        HloOp::Log(_) => Unary(MathKind::Log),
        HloOp::LogPlusOne(_) => Unary(MathKind::LogPlusOne),
        HloOp::Logistic(_) => Unary(MathKind::Logistic),
        HloOp::Sqrt(_) => Unary(MathKind::Sqrt),
        HloOp::Rsqrt(_) => Unary(MathKind::Rsqrt),
        HloOp::Cbrt(_) => Unary(MathKind::Cbrt),
        HloOp::Sine(_) => Unary(MathKind::Sine),
        HloOp::Cosine(_) => Unary(MathKind::Cosine),
        HloOp::Tan(_) => Unary(MathKind::Tan),
        HloOp::Tanh(_) => Unary(MathKind::Tanh),
        HloOp::Erf(_) => Unary(MathKind::Erf),
        HloOp::Compare(_)
        | HloOp::Select(_)
        | HloOp::Clamp(_)
        | HloOp::ConvertElementType(_)
        | HloOp::BitcastConvertType(_)
        | HloOp::IsFinite(_)
        | HloOp::Map(_)
        | HloOp::BroadcastInDim(_)
        | HloOp::Broadcast(_)
        | HloOp::Reshape(_)
        | HloOp::Collapse(_)
        | HloOp::Transpose(_)
        | HloOp::Copy(_)
        | HloOp::Bitcast(_)
        | HloOp::Rev(_)
        | HloOp::Iota(_)
        | HloOp::Slice(_)
        | HloOp::Concatenate(_)
        | HloOp::Pad(_)
        | HloOp::DynamicSlice(_)
        | HloOp::DynamicUpdateSlice(_)
        | HloOp::Reduce(_)
        | HloOp::ReduceWindow(_)
        | HloOp::DotGeneral(_)
        | HloOp::Dot(_)
        | HloOp::Convolution(_)
        | HloOp::Gather(_)
        | HloOp::ReducePrecision(_)
        | HloOp::Real(_)
        | HloOp::Imag(_)
        | HloOp::Complex(_) => Own,
        HloOp::Constant(_)
        | HloOp::Return(_)
        | HloOp::While(_)
        | HloOp::Fusion(_)
        | HloOp::Conditional(_)
        | HloOp::Call(_)
        | HloOp::AfterAll(_)
        | HloOp::Infeed(_)
        | HloOp::Outfeed(_)
        | HloOp::Send(_)
        | HloOp::Recv(_)
        | HloOp::AllGather(_)
        | HloOp::AllReduce(_)
        | HloOp::AllToAll(_)
        | HloOp::CollectivePermute(_)
        | HloOp::CollectiveBroadcast(_)
        | HloOp::ReduceScatter(_)
        | HloOp::ReplicaId(_)
        | HloOp::PartitionId(_)
        | HloOp::RngUniform(_)
        | HloOp::RngNormal(_)
        | HloOp::RngBitGenerator(_)
        | HloOp::CustomCall(_)
        | HloOp::SelectAndScatter(_)
        | HloOp::Fft(_)
        | HloOp::Cholesky(_)
        | HloOp::TriangularSolve(_)
        | HloOp::BatchNormInference(_)
        | HloOp::BatchNormTraining(_)
        | HloOp::BatchNormGrad(_)
        | HloOp::GetDimensionSize(_)
        | HloOp::SetDimensionSize(_)
        | HloOp::Scatter(_)
        | HloOp::Sort(_)
        | HloOp::Tuple(_)
        | HloOp::GetTupleElement(_)
        | HloOp::OptimizationBarrier(_) => Generator::None,
    }
}

/// Whether `op` of `body` has an elemental generator.
pub fn has_elemental_op(body: &xla_ir::Body, op: OpId) -> bool {
    HloOp::of(body, op).is_some_and(|kind| generator(kind) != Generator::None)
}
