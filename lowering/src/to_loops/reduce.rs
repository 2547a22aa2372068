//! The elemental of `hlo.reduce`: for one result element, a `loop.for` per reduced
//! dimension (outermost first) carrying the N accumulators, which start as the init values;
//! the innermost body reads the N inputs' elements and applies the reducer, whose region is
//! inlined as scalar ops on the accumulators and the elements.
//!
//! The order is the interpreter's and XLA's sequential one: every result element folds the
//! input elements left to right in row-major order of the reduced dimensions,
//! `f(f(f(init, x0), x1), x2)`. Invariant: the accumulators are scalars in registers; no
//! buffer is written inside the reduction.

use xla_dialects::hlo::ReduceOp;
use xla_ir::{Op, OpId, RegionId, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// What the reduction loops of one result element read: the inputs, the reduced
/// dimensions with their sizes, and the reducer.
struct Reduction {
    inputs: Vec<ValueId>,
    reduced: Vec<(usize, i64)>,
    reducer: RegionId,
}

impl Lowering<'_, '_> {
    /// The elements of every result of `hlo.reduce` at `index`.
    pub fn reduce_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let reduce = ReduceOp::cast(self.body, op).ok_or_else(|| self.error("not an hlo.reduce"))?;
        let inputs = reduce.inputs(self.body).to_vec();
        let inits = reduce.init_values(self.body).to_vec();
        let dimensions = reduce.dimensions(self.body).to_vec();
        let reducer = reduce.body(self.body);
        let first = *inputs.first().ok_or_else(|| self.error("hlo.reduce without inputs"))?;
        let shape = self.shape_of(first)?;
        let mut reduced = Vec::new();
        for d in dimensions {
            let d = usize::try_from(d).ok().filter(|d| *d < shape.len()).ok_or_else(|| self.error("a reduced dimension out of range"))?;
            reduced.push((d, shape[d]));
        }
        reduced.sort_unstable();
        // The result index fills the kept dimensions in order; the loops fill the others.
        let mut kept = index.iter();
        let mut full_index = Vec::with_capacity(shape.len());
        for d in 0..shape.len() {
            let slot = if reduced.iter().any(|(r, _)| *r == d) { None } else { kept.next().copied() };
            full_index.push(slot);
        }
        let mut accumulators = Vec::with_capacity(inits.len());
        for init in inits {
            accumulators.push(self.element(init, &[])?);
        }
        let reduction = Reduction { inputs, reduced, reducer };
        self.fold_dimensions(&reduction, 0, full_index, accumulators)
    }

    /// Folds the inputs along reduced dimension number `level` and the ones after it into
    /// `accumulators`, with `index` holding the dimensions already fixed.
    fn fold_dimensions(
        &mut self,
        reduction: &Reduction,
        level: usize,
        index: Vec<Option<ValueId>>,
        accumulators: Vec<ValueId>,
    ) -> Emitted<Vec<ValueId>> {
        let Some(&(d, size)) = reduction.reduced.get(level) else {
            let index: Option<Vec<ValueId>> = index.into_iter().collect();
            let index = index.ok_or_else(|| self.error("internal error: an index left unfilled"))?;
            let mut args = accumulators;
            for &input in &reduction.inputs {
                args.push(self.element(input, &index)?);
            }
            return self.inline_scalar_region(reduction.reducer, &args);
        };
        let (zero, upper) = (self.index(0), self.index(size));
        self.for_loop(zero, upper, &accumulators, |this, iv, carried| {
            let mut index = index.clone();
            index[d] = Some(iv);
            this.fold_dimensions(reduction, level + 1, index, carried.to_vec())
        })
    }
}
