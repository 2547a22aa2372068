//! Sequential constructs for the ops that are not elemental (`scatter`,
//! `select_and_scatter`, `sort`, the linear algebra, `fft`, `rng_bit_generator`): a nest of
//! `loop.for` over a shape in row-major order, a `loop.if` without results, and copying a
//! value into a buffer.
//!
//! Invariant: these write buffers in a fixed order, so unlike [`Lowering::loop_nest`] they
//! never use `loop.parallel`.

use xla_ir::ValueId;

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// The body of a loop nest: it gets the index and emits at the current insertion point.
pub type NestBody<'b, 'a, 'c> = &'b mut dyn FnMut(&mut Lowering<'a, 'c>, &[ValueId]) -> Emitted<()>;

impl<'a, 'c> Lowering<'a, 'c> {
    /// A nest of `loop.for`, one per dimension of `shape`, outermost first, running `body`
    /// at every index in row-major order (in the current block for a 0-d shape).
    pub fn for_nest(&mut self, shape: &[i64], body: NestBody<'_, 'a, 'c>) -> Emitted<()> {
        self.for_nest_from(shape, Vec::new(), body)
    }

    /// The loops of `shape` from dimension `prefix.len()` on, `prefix` the outer indices.
    fn for_nest_from(&mut self, shape: &[i64], prefix: Vec<ValueId>, body: NestBody<'_, 'a, 'c>) -> Emitted<()> {
        let Some(&size) = shape.get(prefix.len()) else { return body(self, &prefix) };
        let (zero, upper) = (self.index(0), self.index(size));
        self.for_loop(zero, upper, &[], |this, iv, _| {
            let mut index = prefix.clone();
            // A dimension of size 1 has index 0: the constant, so that index arithmetic folds.
            index.push(if size == 1 { zero } else { iv });
            this.for_nest_from(shape, index, body)?;
            Ok(Vec::new())
        })?;
        Ok(())
    }

    /// `loop.if condition` without results, running `then` when it holds.
    pub fn if_then(&mut self, condition: ValueId, then: impl FnOnce(&mut Self) -> Emitted<()>) -> Emitted<()> {
        self.if_else(
            condition,
            &[],
            |this| {
                then(this)?;
                Ok(Vec::new())
            },
            |_| Ok(Vec::new()),
        )?;
        Ok(())
    }

    /// Copies hlo value `v` (of shape `shape`) into `buffer`.
    pub fn copy_value(&mut self, v: ValueId, buffer: ValueId, shape: &[i64]) -> Emitted<()> {
        match self.values.get(&v).cloned() {
            // Already there: its producer wrote into this buffer (`forward_destination`).
            Some(Lowered::Buffer(b)) if b == buffer => Ok(()),
            Some(leaf @ (Lowered::Buffer(_) | Lowered::Scalar(_))) => self.copy(&leaf, buffer, shape),
            _ => self.loop_nest(shape, |this, index| {
                let x = this.element(v, index)?;
                this.store(x, buffer, index);
                Ok(())
            }),
        }
    }

    /// Binds the results of `op` to `buffers`, one each, in order.
    pub fn bind_results_to(&mut self, op: xla_ir::OpId, buffers: &[ValueId]) {
        for (&r, &buffer) in self.body.op(op).results.clone().iter().zip(buffers) {
            self.bind(r, Lowered::Buffer(buffer));
        }
    }

    /// Buffers for every result of `op` (their destinations, or fresh ones), bound to them.
    pub fn bind_result_buffers(&mut self, op: xla_ir::OpId) -> Emitted<Vec<ValueId>> {
        let results = self.body.op(op).results.clone();
        let mut buffers = Vec::with_capacity(results.len());
        for r in results {
            let ty = self.body.value_type(r);
            let Lowered::Buffer(b) = self.result_buffers(r, ty)? else {
                return Err(self.error("internal error: a tensor result without a buffer"));
            };
            self.bind(r, Lowered::Buffer(b));
            buffers.push(b);
        }
        Ok(buffers)
    }
}
