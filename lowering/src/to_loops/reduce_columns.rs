//! Reductions that keep the input's most minor dimension, computed in the input's order.
//!
//! The elemental of `hlo.reduce` folds one result element at a time. When the reduced
//! dimensions are all more major than a kept one (the sum of a matrix's columns), that walks
//! the input with a stride of a whole row per element: every load touches a new cache line,
//! and nothing vectorizes. Here the result is materialized the other way round: the result
//! buffers hold the accumulators, and the input is walked in its own order. The kept minor
//! dimension is cut into tiles of at most [`TILE`] elements; a `loop.parallel` runs over the
//! tiles and the other kept dimensions, and in each one the tile's accumulators start as the
//! init values, then every reduced index, outermost first, folds one input row segment into
//! them with a `loop.for` over the tile that LLVM vectorizes. The tile's accumulators stay in
//! the first level of cache while the reduced dimensions stream past.
//!
//! Invariant: every result element still folds the input elements in row-major order of the
//! reduced dimensions, from its init value, so the results are the elemental's (and the
//! interpreter's) bit for bit, whatever the reducer; the iterations of the parallel loop
//! write disjoint result elements.

use xla_dialects::hlo::ReduceOp;
use xla_ir::{Op, OpId, ValueId};

use super::elemental::ctx_layout_order;
use super::emit::Emitted;
use super::lowering::Lowering;

/// The most elements of the kept minor dimension one iteration of the parallel loop folds.
/// 64 accumulators of `f32` are four AVX-512 registers (eight AVX2 ones), which LLVM keeps
/// in registers across the rows; with 256 it loads and stores them at every row, and
/// compiling that straight-line code took 24 ms instead of 10 for `reduce_sum_cols`
/// (512x1024; it then ran in 26 us rather than 39, both well under XLA's 74).
pub const TILE: i64 = 64;

/// The fewest elements of the kept minor dimension for which walking the input in its own
/// order pays: below one vector's worth the strided elemental does as well.
const MIN_MINOR: i64 = 8;

/// The shape of a reduction computed in the input's order.
struct Columns {
    /// The input's shape.
    shape: Vec<i64>,
    /// The reduced dimensions, sorted.
    reduced: Vec<usize>,
    /// The kept dimensions, in order (the result's dimensions).
    kept: Vec<usize>,
    /// The input's most minor dimension, which is kept.
    minor: usize,
    /// The length of a tile of `minor`.
    tile: i64,
}

impl Lowering<'_, '_> {
    /// Whether `op`, an `hlo.reduce` whose results all get buffers, is computed in the
    /// input's order: its input's most minor dimension is kept and at least [`MIN_MINOR`]
    /// long, and it reduces at least one dimension.
    pub fn reduces_in_input_order(&self, op: OpId) -> bool {
        self.columns(op).is_some()
    }

    fn columns(&self, op: OpId) -> Option<Columns> {
        let reduce = ReduceOp::cast(self.body, op)?;
        let first = *reduce.inputs(self.body).first()?;
        let shape = self.shape_of(first).ok()?;
        let mut reduced = Vec::new();
        for &d in reduce.dimensions(self.body) {
            reduced.push(usize::try_from(d).ok().filter(|d| *d < shape.len())?);
        }
        reduced.sort_unstable();
        let kept: Vec<usize> = (0..shape.len()).filter(|d| !reduced.contains(d)).collect();
        let minor = *ctx_layout_order(self.ctx(), self.body.value_type(first), shape.len()).last()?;
        let results_dense = self.body.op(op).results.iter().all(|r| {
            let rank = self.shape_of(*r).map_or(0, |s| s.len());
            ctx_layout_order(self.ctx(), self.body.value_type(*r), rank).last() == kept.iter().position(|d| *d == minor).as_ref()
        });
        let applies = !reduced.is_empty() && kept.contains(&minor) && shape[minor] >= MIN_MINOR && results_dense;
        applies.then(|| Columns { tile: tile_of(shape[minor]), shape, reduced, kept, minor })
    }

    /// Materializes the results of `op` (see [`Lowering::reduces_in_input_order`]) into
    /// `buffers`, one per result, walking the input in its order.
    pub fn reduce_in_input_order(&mut self, reduce: ReduceOp, buffers: &[ValueId]) -> Emitted<()> {
        let op = reduce.id();
        let columns = self.columns(op).ok_or_else(|| self.error("internal error: a reduction that keeps no minor dimension"))?;
        let inputs = reduce.inputs(self.body).to_vec();
        let inits = reduce.init_values(self.body).to_vec();
        let reducer = reduce.body(self.body);
        // The parallel loop: every kept dimension, the minor one counted in tiles.
        let outer: Vec<i64> = columns
            .kept
            .iter()
            .map(|&d| if d == columns.minor { columns.shape[d] / columns.tile } else { columns.shape[d] })
            .collect();
        let minor_position = columns.kept.iter().position(|d| *d == columns.minor).ok_or_else(|| self.error("internal error: the minor dimension is not kept"))?;
        self.loop_nest(&outer, |this, outer_index| {
            let tile_start = this.mul_const(outer_index[minor_position], columns.tile);
            let result_index = |this: &mut Self, lane: ValueId| -> Vec<ValueId> {
                let mut index = outer_index.to_vec();
                index[minor_position] = this.add_index(tile_start, lane);
                index
            };
            let (zero, tile) = (this.index(0), this.index(columns.tile));
            this.for_loop(zero, tile, &[], |this, lane, _| {
                let at = result_index(this, lane);
                for (&init, &buffer) in inits.iter().zip(buffers) {
                    let value = this.element(init, &[])?;
                    this.store(value, buffer, &at);
                }
                Ok(Vec::new())
            })?;
            let reduced_shape: Vec<i64> = columns.reduced.iter().map(|&d| columns.shape[d]).collect();
            this.for_nest(&reduced_shape, &mut |this, reduced_index| {
                let (zero, tile) = (this.index(0), this.index(columns.tile));
                this.for_loop(zero, tile, &[], |this, lane, _| {
                    let at = result_index(this, lane);
                    let mut input_index = vec![zero; columns.shape.len()];
                    for (&d, &i) in columns.reduced.iter().zip(reduced_index) {
                        input_index[d] = i;
                    }
                    for (&d, &i) in columns.kept.iter().zip(&at) {
                        input_index[d] = i;
                    }
                    let mut args = Vec::with_capacity(2 * inputs.len());
                    for &buffer in buffers {
                        args.push(this.load(buffer, &at));
                    }
                    for &input in &inputs {
                        args.push(this.element(input, &input_index)?);
                    }
                    let folded = this.inline_scalar_region(reducer, &args)?;
                    for (&value, &buffer) in folded.iter().zip(buffers) {
                        this.store(value, buffer, &at);
                    }
                    Ok(Vec::new())
                })?;
                Ok(())
            })
        })?;
        self.bind_results_to(op, buffers);
        Ok(())
    }
}

/// The tile of a minor dimension of `n` elements: the largest divisor of `n` that is at most
/// [`TILE`], or `n` itself when that divisor would be shorter than a vector.
fn tile_of(n: i64) -> i64 {
    let divisor = (1..=TILE.min(n)).rev().find(|t| n % t == 0).unwrap_or(n);
    if divisor >= MIN_MINOR { divisor } else { n }
}

#[cfg(test)]
mod tests {
    use super::tile_of;

    #[test]
    fn tiles_divide_the_minor_dimension() {
        assert_eq!(tile_of(1024), 64);
        assert_eq!(tile_of(100), 50);
        assert_eq!(tile_of(600), 60);
        // 1031 is prime: one tile of the whole dimension.
        assert_eq!(tile_of(1031), 1031);
        assert_eq!(tile_of(8), 8);
    }
}
