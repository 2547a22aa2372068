//! Values that need no loops: constants, tuples, `get_tuple_element`,
//! `optimization_barrier` and `get_dimension_size` (of a static dimension, a constant).
//!
//! A splat constant (every element equal, a 0-d one included) is one `loop.constant`,
//! standing for every element; any other constant is a buffer filled by one `loop.store`
//! per element when it has at most [`MAX_STORED_CONSTANT_ELEMENTS`], and otherwise copied
//! by a loop nest from a `loop.literal` (read-only data of the object, any size), so that
//! neither the code nor LLVM's time grows with the constant. Tuples are flattened: a tuple is the list of what its elements became, and
//! `get_tuple_element` picks one; `optimization_barrier` forwards its operands.

use xla_dialects::hlo::{ConstantOp, GetDimensionSizeOp, GetTupleElementOp};
use xla_ir::{DenseElements, Op, OpId, Type, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// The most elements of a non-splat constant filled by a store each; a larger one is
/// copied from a `loop.literal`.
pub const MAX_STORED_CONSTANT_ELEMENTS: usize = 64;

impl Lowering<'_, '_> {
    /// Lowers `hlo.constant`.
    pub fn lower_constant(&mut self, constant: ConstantOp) -> Emitted<()> {
        let ctx = self.ctx();
        let dense = constant.value(self.body).clone();
        let result = constant.result(self.body);
        let (shape, element) = self.tensor_shape(self.body.value_type(result))?;
        let first = dense.get(ctx, 0);
        if let Some(first) = first.filter(|f| dense.splat || dense.all_equal(ctx, *f)) {
            let scalar = self.scalar(first, element)?;
            self.bind(result, Lowered::Scalar(scalar));
            return Ok(());
        }
        let Lowered::Buffer(buffer) = self.result_buffers(result, self.body.value_type(result))? else {
            return Err(self.error("internal error: a constant without a buffer"));
        };
        self.fill_constant(buffer, &dense, &shape, element)?;
        self.bind(result, Lowered::Buffer(buffer));
        Ok(())
    }

    /// The literal `dense` of tensor type `ty` as a lowered value: its one scalar when all
    /// its elements are equal, else a fresh buffer holding it (as [`Self::lower_constant`]).
    pub fn dense_value(&mut self, dense: &DenseElements, ty: Type) -> Emitted<Lowered> {
        let ctx = self.ctx();
        let (shape, element) = self.tensor_shape(ty)?;
        if let Some(first) = dense.get(ctx, 0).filter(|f| dense.splat || dense.all_equal(ctx, *f)) {
            return Ok(Lowered::Scalar(self.scalar(first, element)?));
        }
        let buffer = self.alloc(self.memref_type(ty)?);
        self.fill_constant(buffer, dense, &shape, element)?;
        Ok(Lowered::Buffer(buffer))
    }

    /// Writes every element of `dense` (of `shape` and `element` type) into `buffer`: a
    /// store each, or for more than [`MAX_STORED_CONSTANT_ELEMENTS`] a copy from a
    /// `loop.literal` holding them.
    fn fill_constant(&mut self, buffer: ValueId, dense: &DenseElements, shape: &[i64], element: Type) -> Emitted<()> {
        let ctx = self.ctx();
        if dense.len(ctx) > MAX_STORED_CONSTANT_ELEMENTS {
            let literal = self.literal(dense, shape, element)?;
            return self.copy(&Lowered::Buffer(literal), buffer, shape);
        }
        for i in 0..dense.len(ctx) {
            let value = dense.get(ctx, i).ok_or_else(|| self.error("a constant with fewer elements than its type"))?;
            let scalar = self.scalar(value, element)?;
            let index = position_index(shape, i);
            let index: Vec<ValueId> = index.iter().map(|&i| self.index(i)).collect();
            self.store(scalar, buffer, &index);
        }
        Ok(())
    }

    /// A `loop.literal` holding `dense` (of `shape` and `element` type), in a buffer of the
    /// default layout.
    fn literal(&mut self, dense: &DenseElements, shape: &[i64], element: Type) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let dims = shape.iter().map(|&d| xla_ir::Dim::Static(d)).collect();
        let plain = xla_ir::TensorType { dims, element, layout: None };
        let memref = ctx.ty(xla_ir::TypeData::MemRef(plain.clone()));
        let value = DenseElements { ty: ctx.ty(xla_ir::TypeData::Tensor(plain)), splat: dense.splat, data: dense.data.clone() };
        Ok(self.literal_buffer(&value, memref))
    }

    /// Lowers `hlo.get_dimension_size` of a static dimension: the size, as an `i32`
    /// constant (dynamic shapes are not lowered, so every dimension here is static).
    pub fn lower_get_dimension_size(&mut self, get: GetDimensionSizeOp) -> Emitted<()> {
        let op = get.id();
        let shape = self.shape_of(self.body.operand(op, 0))?;
        let dimension = get.dimension(self.body);
        let size = usize::try_from(dimension).ok().and_then(|d| shape.get(d)).copied();
        let size = size.ok_or_else(|| self.error(format!("dimension {dimension} is out of range")))?;
        let result = self.body.result(op, 0);
        let element = self.element_type_of(result)?;
        let scalar = self.scalar(xla_ir::Scalar::Int(i128::from(size)), element)?;
        self.bind(result, Lowered::Scalar(scalar));
        Ok(())
    }

    /// Lowers `hlo.tuple`: the list of its elements.
    pub fn lower_tuple(&mut self, op: OpId) -> Emitted<()> {
        let elements = self.body.op(op).operands.iter().map(|v| self.lowered(*v)).collect::<Emitted<Vec<_>>>()?;
        self.bind(self.body.result(op, 0), Lowered::Tuple(elements));
        Ok(())
    }

    /// Lowers `hlo.get_tuple_element`: the element picked.
    pub fn lower_get_tuple_element(&mut self, op: OpId) -> Emitted<()> {
        let index = GetTupleElementOp::from_id_unchecked(op).index(self.body);
        let index = usize::try_from(index).map_err(|_| self.error("hlo.get_tuple_element with a negative index"))?;
        let Lowered::Tuple(elements) = self.lowered(self.body.operand(op, 0))? else {
            return Err(self.error("hlo.get_tuple_element of a value that is no tuple"));
        };
        let element = elements.get(index).cloned().ok_or_else(|| self.error("a tuple index out of range"))?;
        self.bind(self.body.result(op, 0), element);
        Ok(())
    }

    /// Lowers an op whose results are its operands (`hlo.optimization_barrier`).
    pub fn lower_forwarding(&mut self, op: OpId) -> Emitted<()> {
        let pairs: Vec<(ValueId, ValueId)> = self.body.op(op).operands.iter().copied().zip(self.body.op(op).results.iter().copied()).collect();
        for (operand, result) in pairs {
            let lowered = self.lowered(operand)?;
            self.bind(result, lowered);
        }
        Ok(())
    }
}

/// The multi-index of row-major position `position` in `shape`.
fn position_index(shape: &[i64], mut position: usize) -> Vec<i64> {
    let mut index = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let size = shape[d].max(1) as usize;
        index[d] = (position % size) as i64;
        position /= size;
    }
    index
}
