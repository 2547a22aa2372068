//! Small dots materialized a result row at a time, vectorized along the result's most
//! minor dimension.
//!
//! The elemental of a dot ([`super::dot`]) sums one result element at a time: a chain of
//! dependent adds along the contraction, which LLVM may not reorder for floats, so it runs
//! at one multiply-add per add latency (about 4 cycles) and nothing vectorizes. Dots below
//! the runtime's gemm threshold are exactly the ones in recurrent cells, attention heads
//! and small layers, inside loops. Here such a dot is written into its buffer the other way
//! round: a `loop.parallel` over every result dimension but the most minor one (`j`, in the
//! result's layout); in each, the row `out[.., j]` is set to zero, then for every index of
//! the contracting dimensions (outermost pair first) a `loop.for` over `j` adds the
//! products into the row. The adds of one element are still in the elemental's order, so
//! the result is the elemental's bit for bit; the loop over `j` has independent elements,
//! loads and stores contiguous rows (when `j` is minor in the operand it comes from) and
//! vectorizes.
//!
//! Applies to `dot` and `dot_general` whose result's element type is the accumulator's
//! (`f32`, `f64`; or `f32` results of `bf16`/`f16` operands with `preferred_element_type`),
//! whose row is at least [`MIN_ROW`] long and which contract at least one dimension.
//!
//! Invariant: the row being summed lives in the result buffer, which is the dot's own
//! (its destination or a fresh one), never an operand's.

use xla_ir::{OpId, TypeData, ValueId};

use super::elemental::ctx_layout_order;
use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// The shortest result row worth a vector loop: below this the elemental's per-element
/// chains are as fast.
pub const MIN_ROW: i64 = 8;

impl Lowering<'_, '_> {
    /// Whether dot `op` is materialized row by row (see the module's documentation).
    pub fn dot_by_rows(&self, op: OpId) -> bool {
        let result = self.body.result(op, 0);
        let Ok(shape) = self.shape_of(result) else { return false };
        let Ok(element) = self.element_type_of(result) else { return false };
        let is_float = matches!(self.ctx().type_data(element), TypeData::Float(kind) if kind.bit_width() >= 32);
        let order = ctx_layout_order(self.ctx(), self.body.value_type(result), shape.len());
        let row = order.last().map_or(0, |&j| shape[j]);
        let lhs_rank = self.shape_of(self.body.operand(op, 0)).map_or(0, |s| s.len());
        let contracts = self.dot_dimensions(op, lhs_rank).is_ok_and(|(_, contracting)| !contracting.is_empty());
        is_float && super::dot::accumulator_type(self.ctx(), element) == element && row >= MIN_ROW && contracts
    }

    /// Materializes dot `op` row by row into `out`, its result buffer, and binds the
    /// result to it.
    pub fn lower_dot_by_rows(&mut self, op: OpId, out: ValueId) -> Emitted<()> {
        let result = self.body.result(op, 0);
        let shape = self.shape_of(result)?;
        let element = self.element_type_of(result)?;
        let order = ctx_layout_order(self.ctx(), self.body.value_type(result), shape.len());
        let (&j, outer) = order.split_last().ok_or_else(|| self.error("internal error: a dot row of a 0-d result"))?;
        let outer_shape: Vec<i64> = outer.iter().map(|&d| shape[d]).collect();
        let rank = shape.len();
        let outer = outer.to_vec();
        self.loop_nest(&outer_shape, |this, outer_index| {
            let zero_index = this.index(0);
            let at = |column: ValueId| {
                let mut index = vec![zero_index; rank];
                for (&d, &i) in outer.iter().zip(outer_index) {
                    index[d] = i;
                }
                index[j] = column;
                index
            };
            let (zero, row) = (this.index(0), this.index(shape[j]));
            let nothing = this.zero(element)?;
            this.for_loop(zero, row, &[], |this, column, _| {
                this.store(nothing, out, &at(column));
                Ok(Vec::new())
            })?;
            let (contraction, _, _) = this.contraction_at(op, &at(zero))?;
            let sizes: Vec<i64> = contraction.contracting.iter().map(|&(_, _, size)| size).collect();
            this.for_nest(&sizes, &mut |this, contracted| {
                let (zero, row) = (this.index(0), this.index(shape[j]));
                this.for_loop(zero, row, &[], |this, column, _| {
                    let index = at(column);
                    // The operand indices at this result index, the contracted ones filled in.
                    let (_, mut li, mut ri) = this.contraction_at(op, &index)?;
                    for (&(l, r, _), &k) in contraction.contracting.iter().zip(contracted) {
                        li[l] = Some(k);
                        ri[r] = Some(k);
                    }
                    let (Some(li), Some(ri)) = (li.into_iter().collect::<Option<Vec<_>>>(), ri.into_iter().collect::<Option<Vec<_>>>()) else {
                        return Err(this.error("internal error: a dot index left unfilled"));
                    };
                    let acc = this.load(out, &index);
                    let sum = this.accumulate_product(&contraction, &li, &ri, acc)?;
                    this.store(sum, out, &index);
                    Ok(Vec::new())
                })?;
                Ok(())
            })?;
            Ok(())
        })?;
        self.bind(result, Lowered::Buffer(out));
        Ok(())
    }
}
