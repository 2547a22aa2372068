//! Batched products whose batch dimensions do not flatten into one stride: two batch
//! levels (`xla_rt_batch2_matmul_*`) instead of dense copies.
//!
//! Attention's einsums (`bqhd,bkhd->bhqk` and `bhqk,bkhd->bqhd`) batch over `batch` and
//! `head` of `[batch, position, head, feature]` operands: `head`'s stride is the feature
//! count and `batch`'s the whole sequence's, so the two do not nest into one stride, and
//! [`super::gemm`] would copy every operand into dense matrices and compute the result
//! into a temporary copied out. When the batch dimensions split into an outer group and an
//! inner one that each flatten, in every matrix held in a buffer, the runtime takes the
//! two levels as they are: matrix `(o, i)` at `o * outer_stride + i * batch_stride`.
//!
//! The split is the first position (after the first batch dimension) at which every
//! matrix held in a buffer of the runtime's element type (the operands, or the narrow
//! values behind them, and the result) flattens on both sides; a matrix not held so is
//! copied densely as before, which flattens at any split. Nothing changes when the whole
//! batch already flattens in every buffer.
//!
//! Invariant: the matrices and their order are those of the one-level product; only
//! where the runtime finds them changes.

use xla_ir::{Type, ValueId};

use super::emit::Emitted;
use super::gemm::{dense_strides, Groups, MatrixProduct};
use super::lowering::{Lowered, Lowering};

/// Where a product's batch dimensions split: the first `at` of them (in the matrices'
/// batch-group order) are the outer level, `outer` matrices of `inner` each.
#[derive(Copy, Clone, Debug)]
pub(super) struct BatchSplit {
    at: usize,
    outer: i64,
    inner: i64,
}

impl Lowering<'_, '_> {
    /// The split of `p`'s batch into two levels, when some matrix held in a buffer does not
    /// flatten its whole batch but every one flattens both levels at some split.
    pub(super) fn batch_split(&self, p: &MatrixProduct, result: ValueId, out: ValueId) -> Emitted<Option<BatchSplit>> {
        let batch_dims = p.result_groups[0].len();
        if batch_dims < 2 {
            return Ok(None);
        }
        let (lhs, rhs, element) = self.gemm_sources(p);
        let mut views: Vec<(Type, &Groups)> = Vec::with_capacity(3);
        for (v, groups) in [(lhs, &p.lhs_groups), (rhs, &p.rhs_groups)] {
            if let Some(&(_, ty)) = self.operand_buffers(v, element)?.first() {
                views.push((ty, groups));
            }
        }
        if self.buffer_element(out)? == p.compute {
            views.push((self.body.value_type(out), &p.result_groups));
        }
        if views.iter().all(|(ty, groups)| self.strided_view_of(*ty, groups).is_some()) {
            return Ok(None);
        }
        let Some(at) = (1..batch_dims).find(|&at| views.iter().all(|(ty, groups)| self.strided_view_levels(*ty, groups, at).is_some())) else { return Ok(None) };
        let shape = self.shape_of(result)?;
        let size = |dims: &[usize]| dims.iter().map(|&d| shape.get(d).copied().unwrap_or(1)).product::<i64>();
        let (outer, inner) = (size(&p.result_groups[0][..at]), size(&p.result_groups[0][at..]));
        Ok(Some(BatchSplit { at, outer, inner }))
    }

    /// Lowers `p` into `out` (the buffer of its result `result`) as a two-level batched
    /// product.
    pub(super) fn lower_split_batch_gemm(&mut self, p: &MatrixProduct, split: BatchSplit, result: ValueId, out: ValueId) -> Emitted<()> {
        let [batch, m, n, k] = p.sizes;
        let (lhs, rhs, element) = self.gemm_sources(p);
        let a = self.split_operand(lhs, &p.lhs_groups, [batch, m, k], element, split)?;
        let b = self.split_operand(rhs, &p.rhs_groups, [batch, k, n], element, split)?;
        let direct = self.buffer_element(out)? == p.compute;
        let c = match self.strided_view_levels(self.body.value_type(out), &p.result_groups, split.at).filter(|_| direct) {
            Some(strides) => (out, strides),
            None => (self.alloc(self.ctx().memref_type(&[batch, m, n], p.compute)), two_levels(dense_strides([batch, m, n]), split)),
        };
        self.emit_gemm_levels(p, split.outer, [a, b, c], false)?;
        if c.0 != out {
            let shape = self.shape_of(result)?;
            self.unpack_matrix(c.0, out, &p.result_groups, &shape)?;
        }
        self.bind(result, Lowered::Buffer(out));
        Ok(())
    }

    /// The values the product's matrices `A` and `B` are read from, and their element type:
    /// the narrow values behind the operands, or the operands.
    fn gemm_sources(&self, p: &MatrixProduct) -> (ValueId, ValueId, Type) {
        match p.narrow_sources {
            Some((a, b, kind)) => (a, b, self.ctx().float_type(kind)),
            None => (p.lhs, p.rhs, p.compute),
        }
    }

    /// Hlo value `v` as a two-level matrix batch: its buffer when it flattens at the
    /// split, else the dense copy of [`Lowering::matrix_operand`].
    fn split_operand(&mut self, v: ValueId, groups: &Groups, sizes: [i64; 3], element: Type, split: BatchSplit) -> Emitted<(ValueId, [i64; 4])> {
        if let Some(&(buffer, ty)) = self.operand_buffers(v, element)?.first() {
            if let Some(strides) = self.strided_view_levels(ty, groups, split.at) {
                return Ok((buffer, strides));
            }
        }
        let (buffer, strides) = self.matrix_operand(v, groups, sizes, element)?;
        Ok((buffer, two_levels(strides, split)))
    }
}

/// The two-level strides of a matrix batch whose whole batch has one stride: the outer
/// level steps over `inner` matrices.
fn two_levels([batch, rows, columns]: [i64; 3], split: BatchSplit) -> [i64; 4] {
    [batch * split.inner, batch, rows, columns]
}
