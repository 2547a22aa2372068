//! The index vectors of `hlo.gather` and `hlo.scatter`: how a start index into the operand
//! comes from the index tensor, under XLA's dimension numbers with batching dimensions.
//!
//! The index tensor holds one index vector per index of its "batch" dimensions (the
//! dimensions other than `index_vector_dim`, in order: a gather's batch dimensions, a
//! scatter's update scatter dimensions); the vector runs along `index_vector_dim`, which may
//! equal the tensor's rank, and then every vector has the one entry at the batch index (an
//! implicit trailing dimension of size 1). For batch index `G`, XLA's full start index `S`
//! into the operand is:
//!
//! - `S[index_map[k]] = indices[combine(G, k)]`, `combine` inserting `k` at
//!   `index_vector_dim` (`index_map` is `start_index_map` or `scatter_dims_to_operand_dims`);
//! - `S[operand_batching[i]] = G[j]`, `j` being the batch position of index dimension
//!   `indices_batching[i]`;
//! - 0 in every other dimension.
//!
//! What happens to a start that does not fit (clamping for a gather, skipping the window for
//! a scatter) is each op's business.

use crate::index::row_major_strides;
use crate::literal::Literal;
use crate::ops::positions::{dimension, distinct_dimensions};

/// The index vectors of one index tensor, with the dimension numbers that place them.
pub struct IndexVectors<'a> {
    values: &'a [i128],
    /// The sizes of the batch dimensions of the index tensor, in order.
    pub batch_shape: Vec<i64>,
    /// The stride, in the index tensor, of each batch dimension.
    batch_strides: Vec<i64>,
    /// The stride of `index_vector_dim` in the index tensor (0 when it is implicit).
    vector_stride: i64,
    /// The operand dimension each entry of a vector indexes.
    index_map: Vec<usize>,
    /// Pairs of an operand batching dimension and the batch position it takes its index from.
    batching: Vec<(usize, usize)>,
    operand_rank: usize,
}

/// The dimension numbers of an index tensor, as an op's attributes give them.
pub struct IndexNumbers<'n> {
    /// The op, for messages.
    pub op: &'static str,
    pub index_vector_dim: i64,
    /// `start_index_map` or `scatter_dims_to_operand_dims`.
    pub index_map: &'n [i64],
    /// `operand_batching_dims` or `input_batching_dims`.
    pub operand_batching: &'n [i64],
    /// `start_indices_batching_dims` or `scatter_indices_batching_dims`.
    pub indices_batching: &'n [i64],
}

impl<'a> IndexVectors<'a> {
    /// The index vectors of `indices` for an operand of rank `operand_rank`, checking the
    /// dimension numbers against the run-time shapes.
    pub fn new(indices: &'a Literal, operand_rank: usize, numbers: &IndexNumbers) -> Result<IndexVectors<'a>, String> {
        let op = numbers.op;
        let values = indices.ints().ok_or_else(|| format!("{op}: the indices must be integers"))?;
        let rank = indices.rank();
        let ivd = usize::try_from(numbers.index_vector_dim)
            .ok()
            .filter(|&d| d <= rank)
            .ok_or_else(|| format!("{op}: index_vector_dim = {} is out of range for indices of rank {rank}", numbers.index_vector_dim))?;
        let strides = row_major_strides(&indices.shape);
        let batch_dims: Vec<usize> = (0..rank).filter(|&d| d != ivd).collect();
        let vector_len = if ivd == rank { 1 } else { indices.shape[ivd] };
        let index_map = distinct_dimensions(op, "the index map", numbers.index_map, operand_rank)?;
        if index_map.len() as i64 != vector_len {
            return Err(format!("{op}: the index vectors have {vector_len} entries, but the index map has {}", index_map.len()));
        }
        let operand_batching = distinct_dimensions(op, "the operand batching dimensions", numbers.operand_batching, operand_rank)?;
        if operand_batching.len() != numbers.indices_batching.len() {
            return Err(format!("{op}: the operand and index batching dimensions differ in number"));
        }
        let mut batching = Vec::with_capacity(operand_batching.len());
        for (&operand_dim, &indices_dim) in operand_batching.iter().zip(numbers.indices_batching) {
            let d = dimension(op, "an index batching dimension", indices_dim, rank)?;
            let position = batch_dims.iter().position(|&b| b == d).ok_or_else(|| format!("{op}: index_vector_dim {d} cannot be a batching dimension"))?;
            batching.push((operand_dim, position));
        }
        Ok(IndexVectors {
            values,
            batch_shape: batch_dims.iter().map(|&d| indices.shape[d]).collect(),
            batch_strides: batch_dims.iter().map(|&d| strides[d]).collect(),
            vector_stride: if ivd == rank { 0 } else { strides[ivd] },
            index_map,
            batching,
            operand_rank,
        })
    }

    /// The full start index into the operand for batch index `batch`, before any clamping.
    pub fn start(&self, batch: &[i64]) -> Vec<i128> {
        let vector_at: i64 = batch.iter().zip(&self.batch_strides).map(|(i, s)| i * s).sum();
        let mut start = vec![0i128; self.operand_rank];
        for (k, &d) in self.index_map.iter().enumerate() {
            start[d] = self.values[(vector_at + k as i64 * self.vector_stride) as usize];
        }
        for &(d, position) in &self.batching {
            start[d] = i128::from(batch[position]);
        }
        start
    }
}
