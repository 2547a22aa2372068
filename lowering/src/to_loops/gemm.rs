//! `hlo.dot_general` and `hlo.dot` through the runtime's gemm (`xla_rt_matmul_*` and
//! `xla_rt_batch_matmul_*`, runtime/src/gemm.rs), for products of at least
//! [`GEMM_MIN_MULTIPLY_ADDS`] multiply-adds; smaller ones are materialized row by row
//! ([`super::dot_rows`]) or stay the loop of [`super::dot`], which a fusion can still
//! compose with its neighbours.
//!
//! A dot is one batched matrix product `C[b] = A[b] . B[b]`: the batching dimensions (in
//! the order of their pairs) flatten into the batch, `lhs`'s free dimensions into the rows
//! `m`, `rhs`'s free dimensions into the columns `n`, and the contracting pairs (in their
//! order) into `k`, as XLA orders the result's dimensions. Each matrix is passed as its
//! buffer and one stride per flattened dimension, read from the buffer's layout: the
//! dimensions of a group flatten into one stride when each of them (of size above 1) has
//! the stride of the next times the next one's size, as consecutive row-major dimensions
//! do. Transposed operands, column-major layouts and batch dimensions anywhere therefore
//! cost no copy. An operand that does not flatten, that is not in a buffer (a splat
//! constant) or whose element type is not the one the runtime multiplies is first copied
//! into a dense `[batch, rows, columns]` buffer of that type, its matrices column-major when
//! the operand's most minor dimension is a row dimension (so the copy reads and writes
//! contiguous runs: attention's `[batch, position, head, feature]` keys and values); a result that
//! does not flatten is computed into such a buffer and copied out.
//!
//! Element types: `f32` and `f64` call the runtime in their own type. `bf16` and `f16`
//! operands are read as they are by `xla_rt_matmul_{bf16,f16}_f32`, which accumulate in
//! `f32` (runtime/src/gemm_narrow.rs: AVX512-BF16's pair dot products for bf16 where the
//! CPU has them, else the f32 kernels widening as they pack), into an `f32` temporary
//! rounded once into the result: what the loop does (narrow floats accumulate in `f32`)
//! and what XLA CPU does. So are the narrow values behind an `f32` dot whose two operands
//! are exact widenings of one format (a `convert_element_type` from it, or a fusion whose
//! root is one): how the readers spell JAX's narrow dots with
//! `preferred_element_type=f32`. (The runtime's f16 gemm is not used, since the `gemm`
//! crate rounds its `f32` accumulator into the f16 destination after every block of `k`.)
//! Other element types (integers, predicates, complex numbers) keep the loop.
//!
//! The sums run in the `gemm` crate's order (blocked, fused multiply-adds), not the
//! loop's, so results may differ from the loop's and the interpreter's by rounding, within
//! the tolerance dot products are compared with; products of small integers are exact
//! either way.
//!
//! Invariant: the runtime's `C` is the dot's result buffer (its destination or a fresh
//! allocation) or a fresh temporary, never an operand's buffer, so it overlaps neither
//! `A` nor `B` (the runtime checks it and fails with INVALID_ARGUMENT otherwise).

use xla_dialects::hlo::{FusionOp, HloOp};
use xla_ir::{FloatKind, Layout, Op, OpId, Scalar, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// The smallest product (`batch * m * n * k` multiply-adds) that calls the runtime's gemm.
/// Measured with `xla-run --bench` on x86-64 (AVX-512): the loop, which LLVM vectorizes,
/// takes 1.4 us for 32 x 32 x 32 and 2.4 us for 64 x 32 x 32, where the call takes 2.1
/// and 3.4 us; at 64 x 64 x 32 the loop takes 64 us and the call 6 us, and at 64^3 128 us
/// against 23 us. Below the threshold a loop is also what a fusion can compose with its
/// neighbours; a call it cannot.
pub const GEMM_MIN_MULTIPLY_ADDS: i64 = 1 << 17;

/// The dimensions of an operand or result that flatten into its batch, rows and columns,
/// outermost first.
pub(super) type Groups = [Vec<usize>; 3];

/// A matrix the runtime reads or writes: its buffer and its `[batch, row, column]` strides.
pub(super) type Matrix = (ValueId, [i64; 3]);

/// A dot as one batched matrix product.
pub(super) struct MatrixProduct {
    pub(super) lhs: ValueId,
    pub(super) rhs: ValueId,
    /// `batch, m, n, k`.
    pub(super) sizes: [i64; 4],
    /// `lhs` as `[batch, m, k]`.
    pub(super) lhs_groups: Groups,
    /// `rhs` as `[batch, k, n]`.
    pub(super) rhs_groups: Groups,
    /// The result as `[batch, m, n]`.
    pub(super) result_groups: Groups,
    /// The type the runtime multiplies in: `f32` or `f64`.
    pub(super) compute: Type,
    /// When both operands are values of one 16-bit float format (`bf16` or `f16`), or such
    /// values widened to `f32` (see [`Lowering::narrow_source`]): the narrow values to read
    /// instead, `lhs`'s and `rhs`'s, and their format, which the runtime multiplies into
    /// `f32` as they are (`xla_rt_matmul_{bf16,f16}_f32`).
    pub(super) narrow_sources: Option<(ValueId, ValueId, FloatKind)>,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.dot_general` or `hlo.dot`: through the runtime's gemm when it is big
    /// enough and its element type allows, as a loop nest otherwise.
    pub fn lower_dot(&mut self, op: OpId) -> Emitted<()> {
        match self.matrix_product(op)? {
            Some(product) if self.options.runtime_kernels => self.lower_dot_through_gemm(op, &product),
            _ if self.dot_by_rows(op) && !self.body.is_unused(self.body.result(op, 0)) => {
                let result = self.body.result(op, 0);
                let ty = self.body.value_type(result);
                let Lowered::Buffer(out) = self.result_buffers(result, ty)? else {
                    return Err(self.error("internal error: a tensor result without a buffer"));
                };
                self.lower_dot_by_rows(op, out)
            }
            _ => self.materialize_op(op),
        }
    }

    /// `op` as one batched matrix product, when the runtime computes it: a float type it
    /// multiplies (directly or through `f32`), a result that is not 0-d, and at least
    /// [`GEMM_MIN_MULTIPLY_ADDS`] multiply-adds. Dimension numbers out of range give `None`
    /// too, so that the loop reports them.
    fn matrix_product(&self, op: OpId) -> Emitted<Option<MatrixProduct>> {
        let (lhs, rhs, result) = (self.body.operand(op, 0), self.body.operand(op, 1), self.body.result(op, 0));
        let (lhs_shape, rhs_shape, result_shape) = (self.shape_of(lhs)?, self.shape_of(rhs)?, self.shape_of(result)?);
        let element = self.element_type_of(result)?;
        let Some(compute) = self.gemm_compute_type(element) else { return Ok(None) };
        if self.element_type_of(lhs)? != element || self.element_type_of(rhs)? != element || result_shape.is_empty() {
            return Ok(None);
        }
        let (batching, contracting) = self.dot_dimensions(op, lhs_shape.len())?;
        let as_dims = |pairs: &[(i64, i64)], side: fn(&(i64, i64)) -> i64, rank: usize| -> Option<Vec<usize>> {
            pairs.iter().map(|p| usize::try_from(side(p)).ok().filter(|d| *d < rank)).collect()
        };
        let (first, second): (fn(&(i64, i64)) -> i64, fn(&(i64, i64)) -> i64) = (|p| p.0, |p| p.1);
        let dims = (
            as_dims(&batching, first, lhs_shape.len()),
            as_dims(&batching, second, rhs_shape.len()),
            as_dims(&contracting, first, lhs_shape.len()),
            as_dims(&contracting, second, rhs_shape.len()),
        );
        let (Some(lb), Some(rb), Some(lc), Some(rc)) = dims else { return Ok(None) };
        let free = |rank: usize, used: [&Vec<usize>; 2]| (0..rank).filter(|d| !used.iter().any(|u| u.contains(d))).collect::<Vec<_>>();
        let (lf, rf) = (free(lhs_shape.len(), [&lb, &lc]), free(rhs_shape.len(), [&rb, &rc]));
        let size = |shape: &[i64], dims: &[usize]| dims.iter().try_fold(1i64, |acc, &d| acc.checked_mul(shape[d]));
        let sizes = [size(&lhs_shape, &lb), size(&lhs_shape, &lf), size(&rhs_shape, &rf), size(&lhs_shape, &lc)];
        let [Some(batch), Some(m), Some(n), Some(k)] = sizes else { return Ok(None) };
        let work = [m, n, k].iter().try_fold(batch, |acc, &s| acc.checked_mul(s)).unwrap_or(i64::MAX);
        if work < GEMM_MIN_MULTIPLY_ADDS || result_shape.len() != lb.len() + lf.len() + rf.len() {
            return Ok(None);
        }
        let (nb, nf) = (lb.len(), lb.len() + lf.len());
        let result_groups = [(0..nb).collect(), (nb..nf).collect(), (nf..result_shape.len()).collect()];
        let narrow_sources = match (self.ctx().type_data(element), self.narrow_source(lhs), self.narrow_source(rhs)) {
            (TypeData::Float(kind @ (FloatKind::BF16 | FloatKind::F16)), _, _) => Some((lhs, rhs, *kind)),
            (TypeData::Float(FloatKind::F32), Some((a, ka)), Some((b, kb))) if ka == kb => Some((a, b, ka)),
            _ => None,
        };
        Ok(Some(MatrixProduct {
            lhs,
            rhs,
            sizes: [batch, m, n, k],
            lhs_groups: [lb, lf, lc],
            rhs_groups: [rb, rc, rf],
            result_groups,
            compute,
            narrow_sources,
        }))
    }

    /// When hlo value `v` holds `bf16` or `f16` values widened to `f32`, exactly: the value
    /// to read in that format, and the format. That is the operand of a
    /// `convert_element_type` from it, or `v` itself when it is a fusion whose root is such
    /// a convert (its `f32` elements are then values of the format, which a copy to it
    /// keeps exactly).
    fn narrow_source(&self, v: ValueId) -> Option<(ValueId, FloatKind)> {
        let widened = |op: OpId| -> Option<FloatKind> {
            matches!(HloOp::of(self.body, op), Some(HloOp::ConvertElementType(_))).then_some(())?;
            match self.ctx().type_data(self.element_type_of(self.body.operand(op, 0)).ok()?) {
                TypeData::Float(kind @ (FloatKind::BF16 | FloatKind::F16)) => Some(*kind),
                _ => None,
            }
        };
        let op = self.body.defining_op(v)?;
        match HloOp::of(self.body, op)? {
            HloOp::ConvertElementType(_) => widened(op).map(|kind| (self.body.operand(op, 0), kind)),
            HloOp::Fusion(_) => {
                let fusion = FusionOp::from_id_unchecked(op);
                let block = self.body.entry_block(fusion.body(self.body))?;
                let ret = self.body.last_op(block)?;
                let [root] = self.body.op(ret).operands[..] else { return None };
                widened(self.body.defining_op(root)?).map(|kind| (v, kind))
            }
            _ => None,
        }
    }

    /// The type the runtime's kernels compute elements of type `element` in: `f32` for
    /// `f16`, `bf16` and `f32`, `f64` for `f64`; none for other types.
    pub(super) fn gemm_compute_type(&self, element: Type) -> Option<Type> {
        let ctx = self.ctx();
        match ctx.type_data(element) {
            TypeData::Float(FloatKind::F16 | FloatKind::BF16 | FloatKind::F32) => Some(ctx.float_type(FloatKind::F32)),
            TypeData::Float(FloatKind::F64) => Some(element),
            _ => None,
        }
    }

    /// Emits the call of the runtime's gemm for `op`, writing its result buffer.
    fn lower_dot_through_gemm(&mut self, op: OpId, p: &MatrixProduct) -> Emitted<()> {
        let result = self.body.result(op, 0);
        if self.body.is_unused(result) {
            return Ok(());
        }
        let [batch, m, n, _] = p.sizes;
        let ty = self.body.value_type(result);
        let Lowered::Buffer(out) = self.result_buffers(result, ty)? else {
            return Err(self.error("internal error: a tensor result without a buffer"));
        };
        if let Some(split) = self.batch_split(p, result, out)? {
            return self.lower_split_batch_gemm(p, split, result, out);
        }
        let (a, b) = self.gemm_operands(p)?;
        let direct = self.buffer_element(out)? == p.compute;
        let c = match self.strided_view(out, &p.result_groups).filter(|_| direct) {
            Some(strides) => (out, strides),
            None => (self.alloc(self.ctx().memref_type(&[batch, m, n], p.compute)), dense_strides([batch, m, n])),
        };
        self.emit_gemm(p, (a, b, c), false)?;
        if c.0 != out {
            let shape = self.shape_of(result)?;
            self.unpack_matrix(c.0, out, &p.result_groups, &shape)?;
        }
        self.bind(result, Lowered::Buffer(out));
        Ok(())
    }

    /// Whether dot `op` is one matrix product the runtime's gemm computes (big enough, of a
    /// float type it multiplies).
    pub(super) fn gemm_product_exists(&self, op: OpId) -> Emitted<bool> {
        Ok(self.matrix_product(op)?.is_some())
    }

    /// Whether dot `op` goes through the runtime's gemm reading the narrow values behind
    /// its operands (`xla_rt_matmul_{bf16,f16}_f32`).
    pub(super) fn gemm_reads_narrow(&self, op: OpId) -> Emitted<bool> {
        Ok(self.matrix_product(op)?.is_some_and(|p| p.narrow_sources.is_some()))
    }

    /// How dot `op` accumulates into the buffer `out` through the runtime's gemm, when it
    /// can (the option `runtime-kernels` is on, the product is big enough, `out` holds
    /// the type the runtime computes in and its layout is a strided matrix view): the
    /// product and `out`'s strides, for [`Lowering::emit_gemm`]. Emits nothing.
    pub(super) fn gemm_accumulation(&self, op: OpId, out: ValueId) -> Emitted<Option<(MatrixProduct, [i64; 3])>> {
        if !self.options.runtime_kernels {
            return Ok(None);
        }
        let Some(product) = self.matrix_product(op)? else { return Ok(None) };
        if self.buffer_element(out)? != product.compute || self.body.value_type(out) != self.memref_type(self.body.value_type(self.body.result(op, 0)))? {
            return Ok(None);
        }
        Ok(self.strided_view(out, &product.result_groups).map(|strides| (product, strides)))
    }

    /// The operands of `p` as matrices the runtime reads: buffers and strides of `A` and `B`.
    pub(super) fn gemm_operands(&mut self, p: &MatrixProduct) -> Emitted<(Matrix, Matrix)> {
        let [batch, m, n, k] = p.sizes;
        let ((lhs, rhs), element) = match p.narrow_sources {
            Some((a, b, kind)) => ((a, b), self.ctx().float_type(kind)),
            None => ((p.lhs, p.rhs), p.compute),
        };
        let a = self.matrix_operand(lhs, &p.lhs_groups, [batch, m, k], element)?;
        let b = self.matrix_operand(rhs, &p.rhs_groups, [batch, k, n], element)?;
        Ok((a, b))
    }

    /// Emits `C = A . B + (accumulate ? C : 0)` through the runtime's gemm, each matrix a
    /// buffer and its strides.
    pub(super) fn emit_gemm(&mut self, p: &MatrixProduct, (a, b, c): (Matrix, Matrix, Matrix), accumulate: bool) -> Emitted<()> {
        let one_level = |(buffer, [bs, rs, cs]): Matrix| (buffer, [0, bs, rs, cs]);
        self.emit_gemm_levels(p, 1, [one_level(a), one_level(b), one_level(c)], accumulate)
    }

    /// [`Lowering::emit_gemm`] over two batch levels: `outer` outer matrices of `batch /
    /// outer` each, each matrix's strides `[outer, batch, row, column]`.
    pub(super) fn emit_gemm_levels(&mut self, p: &MatrixProduct, outer: i64, [a, b, c]: [(ValueId, [i64; 4]); 3], accumulate: bool) -> Emitted<()> {
        let [batch, m, n, k] = p.sizes;
        let suffix = match p.narrow_sources {
            _ if p.compute == self.ctx().float_type(FloatKind::F64) => "f64",
            Some((_, _, FloatKind::BF16)) => "bf16_f32",
            Some(_) => "f16_f32",
            None => "f32",
        };
        let one = self.scalar(Scalar::Float(1.0), p.compute)?;
        let beta = self.scalar(Scalar::Float(if accumulate { 1.0 } else { 0.0 }), p.compute)?;
        let mut operands = Vec::with_capacity(23);
        // How many of each matrix's strides the callee takes: row and column; batch too;
        // outer too.
        let (callee, levels) = if batch == 1 {
            operands.extend([m, n, k].map(|s| self.index(s)));
            (format!("xla_rt_matmul_{suffix}"), 2)
        } else if outer == 1 {
            operands.extend([batch, m, n, k].map(|s| self.index(s)));
            (format!("xla_rt_batch_matmul_{suffix}"), 3)
        } else {
            operands.extend([outer, batch / outer, m, n, k].map(|s| self.index(s)));
            (format!("xla_rt_batch2_matmul_{suffix}"), 4)
        };
        // `C = 1 * A . B + beta * C`: with `beta == 0` the runtime does not read `C`.
        let strided = |this: &mut Self, (buffer, strides): (ValueId, [i64; 4])| {
            std::iter::once(buffer).chain(strides[4 - levels..].iter().map(|&s| this.index(s))).collect::<Vec<_>>()
        };
        operands.push(one);
        operands.extend(strided(self, a));
        operands.extend(strided(self, b));
        operands.push(beta);
        operands.extend(strided(self, c));
        self.call_runtime(&callee, &operands)
    }

    /// Hlo value `v` as a `[batch, rows, columns]` matrix of `compute` elements flattened
    /// from `groups`: its own buffer with a stride per flattened dimension when it has one
    /// of that type whose groups flatten, otherwise a dense copy, whose matrices are
    /// column-major when `v`'s most minor dimension is one of the rows'.
    pub(super) fn matrix_operand(&mut self, v: ValueId, groups: &Groups, sizes: [i64; 3], compute: Type) -> Emitted<(ValueId, [i64; 3])> {
        // Its own buffer, or the buffer a bitcast of it reads (a transpose that moves
        // nothing, say): the same bytes read through the bitcast's layout, with no copy.
        for (buffer, ty) in self.operand_buffers(v, compute)? {
            if let Some(strides) = self.strided_view_of(ty, groups) {
                return Ok((buffer, strides));
            }
        }
        // The copy keeps the operand's most minor dimension contiguous: when it is one of the
        // rows' dimensions (a key cache `[batch, position, head, feature]` read as `B` of
        // `feature x position` per batch and head), the matrices are stored column-major,
        // so that the copy moves contiguous runs instead of scattering every element.
        let shape = self.shape_of(v)?;
        let order = super::elemental::ctx_layout_order(self.ctx(), self.body.value_type(v), shape.len());
        let column_major = order.last().is_some_and(|minor| groups[1].contains(minor) && shape[*minor] > 1);
        let [batch, rows, columns] = sizes;
        let (stored, strides) = if column_major { ([batch, columns, rows], [rows * columns, 1, rows]) } else { (sizes, dense_strides(sizes)) };
        let packed = self.alloc(self.ctx().memref_type(&stored, compute));
        self.loop_nest_ordered(&shape, &order, |this, index| {
            let x = this.element(v, index)?;
            let x = this.convert(x, compute);
            let mut at = this.flat_index(groups, &shape, index);
            if column_major {
                at.swap(1, 2);
            }
            this.store(x, packed, &at);
            Ok(())
        })?;
        Ok((packed, strides))
    }

    /// Copies the dense `[batch, rows, columns]` matrix `from` into `to` (of shape
    /// `shape`, whose dimensions flatten as `groups` say), converting its elements.
    pub(super) fn unpack_matrix(&mut self, from: ValueId, to: ValueId, groups: &Groups, shape: &[i64]) -> Emitted<()> {
        let element = self.buffer_element(to)?;
        self.loop_nest(shape, |this, index| {
            let at = this.flat_index(groups, shape, index);
            let x = this.load(from, &at);
            let x = this.convert(x, element);
            this.store(x, to, index);
            Ok(())
        })
    }

    /// The `[batch, row, column]` index that `index` (of `shape`) flattens to.
    fn flat_index(&mut self, groups: &Groups, shape: &[i64], index: &[ValueId]) -> Vec<ValueId> {
        groups
            .iter()
            .map(|group| {
                let zero = self.index(0);
                group.iter().fold(zero, |acc, &d| {
                    let scaled = self.mul_const(acc, shape[d]);
                    self.add_index(scaled, index[d])
                })
            })
            .collect()
    }

    /// When hlo value `v` is an `hlo.bitcast` of a value held in a buffer, or an
    /// `hlo.reshape` of one in row-major order to a row-major result (the same bytes in the
    /// same order, as attention's `[batch, position, heads * feature]` read as `[batch,
    /// position, head, feature]`): that buffer, and the memref type of `v`, through which
    /// the same bytes read as `v`.
    pub(super) fn bitcast_of_buffer(&self, v: ValueId) -> Emitted<Option<(ValueId, Type)>> {
        let Some(op) = self.body.defining_op(v) else { return Ok(None) };
        let source = self.body.operand(op, 0);
        let Some(Lowered::Buffer(buffer)) = self.values.get(&source).cloned() else { return Ok(None) };
        let view = match HloOp::of(self.body, op) {
            Some(HloOp::Bitcast(_)) => true,
            Some(HloOp::Reshape(_)) => self.is_row_major(self.body.value_type(buffer)) && self.is_row_major(self.body.value_type(v)),
            _ => false,
        };
        Ok(if view { Some((buffer, self.memref_type(self.body.value_type(v))?)) } else { None })
    }

    /// Whether a tensor or memref type's elements lie in row-major order.
    pub(super) fn is_row_major(&self, ty: Type) -> bool {
        let ctx = self.ctx();
        let (layout, rank) = match (ctx.as_tensor(ty), ctx.as_memref(ty)) {
            (Some(t), _) => (t.layout.clone(), t.dims.len()),
            (_, Some(m)) => (m.layout.clone(), m.dims.len()),
            _ => return false,
        };
        layout.is_none_or(|l| l.padded_dims.is_none() && l == xla_ir::Layout::row_major(rank))
    }

    /// The stride of each flattened dimension of `buffer`'s `groups`, when each group
    /// flattens into one strided dimension.
    fn strided_view(&self, buffer: ValueId, groups: &Groups) -> Option<[i64; 3]> {
        self.strided_view_of(self.body.value_type(buffer), groups)
    }

    /// [`Lowering::strided_view`] of a buffer of memref type `ty`.
    pub(super) fn strided_view_of(&self, ty: Type, groups: &Groups) -> Option<[i64; 3]> {
        self.strided_view_levels(ty, groups, 0).map(|[_, batch, rows, columns]| [batch, rows, columns])
    }

    /// `[outer, batch, row, column]` strides of a buffer of memref type `ty` read as
    /// `groups` with the batch group split after its first `at` dimensions, when each part
    /// flattens (an empty outer part has stride 1).
    pub(super) fn strided_view_levels(&self, ty: Type, groups: &Groups, at: usize) -> Option<[i64; 4]> {
        let memref = self.ctx().as_memref(ty)?;
        let shape = memref.static_shape()?;
        let layout = memref.layout.clone().unwrap_or_else(|| Layout::row_major(shape.len()));
        let strides = layout.strides(&shape);
        let (outer, inner) = groups[0].split_at(at.min(groups[0].len()));
        Some([
            flattened_stride(outer, &shape, &strides)?,
            flattened_stride(inner, &shape, &strides)?,
            flattened_stride(&groups[1], &shape, &strides)?,
            flattened_stride(&groups[2], &shape, &strides)?,
        ])
    }

    /// The buffers that hold hlo value `v` with elements of type `element`, each with the
    /// memref type to read it through: `v`'s own buffer, then the one a bitcast `v` (or a
    /// reshape that moves no byte) reads.
    pub(super) fn operand_buffers(&self, v: ValueId, element: Type) -> Emitted<Vec<(ValueId, Type)>> {
        let mut found = Vec::with_capacity(2);
        if let Some(Lowered::Buffer(buffer)) = self.values.get(&v).cloned() {
            if self.buffer_element(buffer)? == element {
                found.push((buffer, self.body.value_type(buffer)));
            }
        }
        if let Some((buffer, view)) = self.bitcast_of_buffer(v)? {
            if self.buffer_element(buffer)? == element {
                found.push((buffer, view));
            }
        }
        Ok(found)
    }

    /// The element type of a buffer value.
    pub(super) fn buffer_element(&self, buffer: ValueId) -> Emitted<Type> {
        let memref = self.ctx().as_memref(self.body.value_type(buffer));
        memref.map(|m| m.element).ok_or_else(|| self.error("internal error: a buffer that is no memref"))
    }
}

/// The stride of dimensions `dims` (outermost first) flattened into one, when they nest:
/// each dimension of size above 1 has the stride of the next such one times that one's
/// size. A group without such dimensions has one index, and any stride (1).
fn flattened_stride(dims: &[usize], shape: &[i64], strides: &[i64]) -> Option<i64> {
    let big: Vec<usize> = dims.iter().copied().filter(|&d| shape.get(d).is_some_and(|&n| n > 1)).collect();
    for pair in big.windows(2) {
        if strides.get(pair[0]) != strides[pair[1]].checked_mul(shape[pair[1]]).as_ref() {
            return None;
        }
    }
    big.last().map_or(Some(1), |&d| strides.get(d).copied())
}

/// The strides of a dense row-major array of `sizes`.
pub(super) fn dense_strides([_, rows, columns]: [i64; 3]) -> [i64; 3] {
    [rows * columns, columns, 1]
}

#[cfg(test)]
mod tests {
    use super::flattened_stride;

    #[test]
    fn nested_dimensions_flatten() {
        // Row-major [2, 3, 4]: strides [12, 4, 1].
        let (shape, strides) = ([2, 3, 4], [12, 4, 1]);
        assert_eq!(flattened_stride(&[1, 2], &shape, &strides), Some(1));
        assert_eq!(flattened_stride(&[0, 1], &shape, &strides), Some(4));
        assert_eq!(flattened_stride(&[0, 2], &shape, &strides), None);
        assert_eq!(flattened_stride(&[2, 1], &shape, &strides), None);
        assert_eq!(flattened_stride(&[], &shape, &strides), Some(1));
    }

    #[test]
    fn unit_dimensions_do_not_matter() {
        // [3, 1, 4] with the unit dimension's stride anything.
        let (shape, strides) = ([3, 1, 4], [4, 99, 1]);
        assert_eq!(flattened_stride(&[0, 1, 2], &shape, &strides), Some(1));
        assert_eq!(flattened_stride(&[1], &shape, &strides), Some(1));
    }
}
