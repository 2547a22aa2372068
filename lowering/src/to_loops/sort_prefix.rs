//! `hlo.sort` of which only a short prefix is read: selection instead of a full sort.
//!
//! `lax.top_k` (StableHLO's `chlo.top_k`, expanded by the reader into a sort of the
//! operand and an iota followed by slices of the first `k`) sorts whole rows to keep a
//! few elements: for a sampler's 32,000 logits and `k = 8`, fifteen merge passes over
//! the row. When every reader of every result is a slice of the first `k` elements along
//! the sort dimension (looking through fusions, whose readers are then the slices inside
//! them) and `k` is at most an eighth of the dimension, each line is instead scanned once,
//! keeping the first `k` elements in order in the result buffers, which are allocated with
//! `k` elements along the sort dimension: an element enters when the comparator puts it
//! strictly before the last kept one (or while fewer than `k` are kept), moving the kept
//! ones it sorts before up by one. Random data inserts about `k ln(n / k)` times, so a line
//! costs about one comparison per element.
//!
//! Invariant: the kept elements are the first `k` of the stable sort of the line, in its
//! order: an element is placed after every kept one it does not sort strictly before
//! (the earlier of two equal elements stays first) and a later element equal to the last
//! kept one does not enter. The slices read only indices below `k`, all inside the
//! shortened buffers.

use xla_dialects::hlo::{ComparisonDirection, FusionOp, HloOp, SliceOp, SortOp};
use xla_dialects::loops::ArithKind;
use xla_ir::{Op, RegionId, Scalar, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// How much shorter than the line the prefix must be for selection to pay: at `k = n / 8`
/// random data already inserts about `k ln 8 = n / 4` times, each moving up to `k` kept
/// elements.
const MIN_LINE_PER_KEPT: i64 = 8;

impl Lowering<'_, '_> {
    /// The length `k` of the prefix of sort `op` that its readers use, when it is short
    /// enough for selection (see the module's documentation).
    pub fn sorted_prefix(&self, sort: SortOp) -> Option<i64> {
        let op = sort.id();
        let first = *sort.inputs(self.body).first()?;
        let shape = self.shape_of(first).ok()?;
        let axis = usize::try_from(sort.dimension(self.body)).ok().filter(|d| *d < shape.len())?;
        let mut k = 0;
        for &r in &self.body.op(op).results {
            k = k.max(self.prefix_read(r, axis, &shape)?);
        }
        (k > 0 && k.checked_mul(MIN_LINE_PER_KEPT)? <= shape[axis]).then_some(k)
    }

    /// The longest prefix along `axis` that the readers of `v` (of shape `shape`) read, or
    /// `None` when some reader is not a slice of a prefix (or a fusion passing `v` to
    /// such slices only).
    fn prefix_read(&self, v: ValueId, axis: usize, shape: &[i64]) -> Option<i64> {
        let mut k = 0;
        for u in &self.body.value(v).uses {
            let read = match HloOp::of(self.body, u.op)? {
                HloOp::Slice(slice) => self.prefix_slice(slice, axis, shape)?,
                HloOp::Fusion(_) => {
                    let fusion = FusionOp::from_id_unchecked(u.op);
                    let block = self.body.entry_block(fusion.body(self.body))?;
                    let arg = *self.body.block(block).args.get(u.index as usize)?;
                    self.prefix_read(arg, axis, shape)?
                }
                _ => return None,
            };
            k = k.max(read);
        }
        Some(k)
    }

    /// The prefix a slice reads: it starts at 0 with stride 1 along `axis` and takes every
    /// other dimension whole.
    fn prefix_slice(&self, slice: SliceOp, axis: usize, shape: &[i64]) -> Option<i64> {
        let (starts, limits, strides) = (slice.start_indices(self.body), slice.limit_indices(self.body), slice.strides(self.body));
        let mut k = None;
        for d in 0..shape.len() {
            let (start, limit, stride) = (*starts.get(d)?, *limits.get(d)?, *strides.get(d)?);
            if start != 0 || stride != 1 {
                return None;
            }
            if d == axis {
                k = Some(limit);
            } else if limit != shape[d] {
                return None;
            }
        }
        k
    }

    /// Lowers sort `op`, whose readers use its first `k` elements along the sort dimension,
    /// by selection into result buffers of `k` elements along it.
    pub fn lower_sort_prefix(&mut self, sort: SortOp, k: i64) -> Emitted<()> {
        let op = sort.id();
        let inputs = sort.inputs(self.body).to_vec();
        let shape = self.shape_of(inputs[0])?;
        let axis = usize::try_from(sort.dimension(self.body)).map_err(|_| self.error("hlo.sort's dimension is out of range"))?;
        let mut kept = Vec::with_capacity(inputs.len());
        for &r in &self.body.op(op).results.clone() {
            let element = self.element_type_of(r)?;
            let mut prefix_shape = shape.clone();
            prefix_shape[axis] = k;
            let memref = self.ctx().memref_type(&prefix_shape, element);
            let buffer = self.alloc(memref);
            self.bind(r, Lowered::Buffer(buffer));
            kept.push(buffer);
        }
        let selection = Selection { comparator: sort.comparator(self.body), axis, k, kept };
        let mut line_shape = shape.clone();
        line_shape[axis] = 1;
        self.loop_nest(&line_shape, |this, line| {
            let (zero, length) = (this.index(0), this.index(shape[axis]));
            this.for_loop(zero, length, &[zero], |this, e, carried| {
                let at = selection.at(line, e);
                let x: Vec<ValueId> = inputs.iter().map(|&input| this.element(input, &at)).collect::<Emitted<_>>()?;
                this.offer_to_prefix(&selection, line, &x, carried[0]).map(|count| vec![count])
            })?;
            Ok(())
        })
    }

    /// Offers element `x` (one value per operand) of `line` to the kept ones, of which
    /// there are `count`; returns how many are kept after it.
    fn offer_to_prefix(&mut self, s: &Selection, line: &[ValueId], x: &[ValueId], count: ValueId) -> Emitted<ValueId> {
        let (k, last) = (self.index(s.k), self.index(s.k - 1));
        let tail: Vec<ValueId> = s.kept.iter().map(|&b| self.load(b, &s.at(line, last))).collect();
        let beats_last = self.sorts_before(s, x, &tail)?;
        let room = self.compare_index(ComparisonDirection::Lt, count, k);
        let enters = self.arith(ArithKind::Or, room, beats_last);
        self.if_then(enters, |this| this.insert_kept(s, line, x, count))?;
        let one = self.index(1);
        let grown = self.add_index(count, one);
        Ok(self.min_index(grown, k))
    }

    /// Inserts `x` among the `count` kept elements of `line`: from the next free slot (or the
    /// last, whose element drops out), each kept element `x` sorts before moves up by one,
    /// and `x` takes the slot above the first that it does not sort before, or slot 0.
    fn insert_kept(&mut self, s: &Selection, line: &[ValueId], x: &[ValueId], count: ValueId) -> Emitted<()> {
        let (zero, one, last) = (self.index(0), self.index(1), self.index(s.k - 1));
        let slot = self.min_index(count, last);
        let pred = self.ctx().int_type(1);
        let (no, yes) = (self.scalar(Scalar::Int(0), pred)?, self.scalar(Scalar::Int(1), pred)?);
        let store = |this: &mut Self, values: &[ValueId], at: ValueId| {
            for (&b, &v) in s.kept.iter().zip(values) {
                this.store(v, b, &s.at(line, at));
            }
        };
        // A `loop.for` down the kept slots carrying whether `x` has been placed.
        let placed = self.for_loop(zero, slot, &[no], |this, t, carried| {
            let done = carried[0];
            let j = this.sub_index(slot, t);
            let below = this.sub_index(j, one);
            let next = this.if_else(done, &[pred], |_| Ok(vec![done]), |this| {
                let y: Vec<ValueId> = s.kept.iter().map(|&b| this.load(b, &s.at(line, below))).collect();
                let moves = this.sorts_before(s, x, &y)?;
                this.if_else(
                    moves,
                    &[pred],
                    |this| {
                        store(this, &y, j);
                        Ok(vec![no])
                    },
                    |this| {
                        store(this, x, j);
                        Ok(vec![yes])
                    },
                )
            })?;
            Ok(next)
        })?;
        let unplaced = self.arith(ArithKind::Xor, placed[0], yes);
        self.if_then(unplaced, |this| {
            store(this, x, zero);
            Ok(())
        })
    }

    /// Whether `x` sorts strictly before `y` (one value per operand each): the comparator.
    fn sorts_before(&mut self, s: &Selection, x: &[ValueId], y: &[ValueId]) -> Emitted<ValueId> {
        let args: Vec<ValueId> = x.iter().zip(y).flat_map(|(&a, &b)| [a, b]).collect();
        let result = self.inline_scalar_region(s.comparator, &args)?;
        result.first().copied().ok_or_else(|| self.error("hlo.sort's comparator returned nothing"))
    }
}

/// What the selection of one sort keeps: its comparator and dimension, the prefix length,
/// and the result buffers (`k` elements along the dimension).
struct Selection {
    comparator: RegionId,
    axis: usize,
    k: i64,
    kept: Vec<ValueId>,
}

impl Selection {
    /// The index of `position` along the sort dimension in `line`.
    fn at(&self, line: &[ValueId], position: ValueId) -> Vec<ValueId> {
        let mut index = line.to_vec();
        index[self.axis] = position;
        index
    }
}
