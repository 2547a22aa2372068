//! The elemental of `hlo.gather` (XLA's `Gather`): result element `[..G.., ..O..]` is
//! operand element `clamp(S) + remap(O)`.
//!
//! The result dimensions not in `offset_dims` are the batch index `G`, one per batch
//! dimension of the index tensor (its dimensions other than `index_vector_dim`), in order.
//! The start `S` has `S[start_index_map[k]]` = the index tensor's entry `k` of the vector at
//! `G` (read and converted to `index`), `S[operand_batching_dims[i]]` = the entry of `G` of
//! index batching dimension `start_indices_batching_dims[i]`, and 0 elsewhere; each entry is
//! clamped into `[0, size - slice_size]` as XLA clamps it. The offset `O` (the result's
//! `offset_dims`) indexes the slice dimensions not collapsed nor batching, in order.

use xla_dialects::hlo::GatherOp;
use xla_ir::ValueId;

use super::emit::Emitted;
use super::lowering::Lowering;

/// `v` as a dimension number (out of range for a negative one).
fn dim(v: i64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

impl Lowering<'_, '_> {
    /// The element of `hlo.gather` at `index`.
    pub fn gather_elements(&mut self, gather: GatherOp, index: &[ValueId]) -> Emitted<ValueId> {
        let body = &*self.body;
        let (operand, indices) = (gather.operand(body), gather.start_indices(body));
        let offset_dims: Vec<usize> = gather.offset_dims(body).iter().map(|&d| dim(d)).collect();
        let collapsed: Vec<usize> = gather.collapsed_slice_dims(body).iter().map(|&d| dim(d)).collect();
        let operand_batching: Vec<usize> = gather.operand_batching_dims(body).iter().map(|&d| dim(d)).collect();
        let indices_batching: Vec<usize> = gather.start_indices_batching_dims(body).iter().map(|&d| dim(d)).collect();
        let index_map: Vec<usize> = gather.start_index_map(body).iter().map(|&d| dim(d)).collect();
        let vector_dim = dim(gather.index_vector_dim(body));
        let slice_sizes = gather.slice_sizes(body).to_vec();
        let shape = self.shape_of(operand)?;
        let indices_rank = self.shape_of(indices)?.len();
        if slice_sizes.len() != shape.len() {
            return Err(self.error("hlo.gather with slice_sizes of the wrong rank"));
        }
        // The batch index G and the offset O, from the result index.
        let batch: Vec<ValueId> = index.iter().enumerate().filter(|(d, _)| !offset_dims.contains(d)).map(|(_, v)| *v).collect();
        let offsets: Vec<ValueId> = offset_dims.iter().filter_map(|&d| index.get(d).copied()).collect();
        let batch_dims: Vec<usize> = (0..indices_rank).filter(|&d| d != vector_dim).collect();
        let mut start = vec![None; shape.len()];
        for (k, &d) in index_map.iter().enumerate() {
            let entry = self.index_vector_entry(indices, &batch, vector_dim, indices_rank, k)?;
            *start.get_mut(d).ok_or_else(|| self.error("start_index_map out of range"))? = Some(entry);
        }
        for (&d, &i) in operand_batching.iter().zip(&indices_batching) {
            let position = batch_dims.iter().position(|&b| b == i).and_then(|p| batch.get(p).copied());
            let position = position.ok_or_else(|| self.error("a start index batching dimension out of range"))?;
            *start.get_mut(d).ok_or_else(|| self.error("operand_batching_dims out of range"))? = Some(position);
        }
        let window: Vec<usize> = (0..shape.len()).filter(|d| !collapsed.contains(d) && !operand_batching.contains(d)).collect();
        let zero = self.index(0);
        let mut operand_index = Vec::with_capacity(shape.len());
        for d in 0..shape.len() {
            let s = match start[d] {
                Some(s) => {
                    let limit = self.index(shape[d] - slice_sizes[d]);
                    let below = self.min_index(s, limit);
                    self.max_index(below, zero)
                }
                None => zero,
            };
            let offset = window.iter().position(|&w| w == d).and_then(|k| offsets.get(k).copied()).unwrap_or(zero);
            operand_index.push(self.add_index(s, offset));
        }
        self.element(operand, &operand_index)
    }

    /// Entry `k` of the index vector at batch index `batch`, converted to `index`: the
    /// index tensor read at `batch` with `k` inserted at `vector_dim` (nothing inserted when
    /// `vector_dim` is the rank: every vector then has the one entry).
    pub(super) fn index_vector_entry(&mut self, indices: ValueId, batch: &[ValueId], vector_dim: usize, rank: usize, k: usize) -> Emitted<ValueId> {
        let mut at = batch.to_vec();
        if vector_dim < rank {
            let k = self.index(k as i64);
            at.insert(vector_dim.min(at.len()), k);
        }
        let entry = self.element(indices, &at)?;
        Ok(self.convert(entry, self.ctx().index_type()))
    }
}
