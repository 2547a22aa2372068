//! `hlo.sort`: a stable bottom-up merge sort of every line along the sort dimension,
//! written as loop IR, the N operands permuted together and the comparator region inlined
//! as scalar ops.
//!
//! The operands are copied into the result buffers; each line is then sorted by
//! `ceil(log2 n)` merge passes, the width doubling, each from the results into temporary
//! buffers of the same shape followed by a copy of the line back: a `loop.for` over the
//! passes carries the width, so the code does not grow with the length (an unrolled pass
//! per width made LLVM spend 0.2 s on a 16384-element sort), and one instance of the merge
//! serves every pass (alternating directions took two, for a copy per pass saved). A pass merges adjacent runs `[lo, mid)` and
//! `[mid, hi)` with a `loop.for` over the output positions carrying the two read positions
//! `i` and `j`: it takes the right element only when the comparator says it sorts strictly
//! before the left one, so equal elements keep their order (stable, as the interpreter's
//! merge sort; for a strict weak order every stable sort gives its result). Both positions
//! are clamped into the line before they are read, so no load leaves the buffer; the
//! comparator is pure, so running it on an element a finished run left behind is harmless.
//! Lines are independent: a `loop.parallel` runs over them. JAX's float comparator on one
//! operand along the minor dimension calls the runtime's sort instead
//! ([`super::sort_total_order`]); a sort whose readers take only a short prefix of each
//! line (`top_k`) is a selection ([`super::sort_prefix`]).

use xla_dialects::hlo::{ComparisonDirection, SortOp};
use xla_dialects::loops::ArithKind;
use xla_ir::{Op, RegionId, Scalar, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// What the merge passes of one line read.
struct Sorting {
    comparator: RegionId,
    axis: usize,
    length: i64,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.sort`.
    pub fn lower_sort(&mut self, sort: SortOp) -> Emitted<()> {
        if let Some(k) = self.sorted_prefix(sort) {
            return self.lower_sort_prefix(sort, k);
        }
        let op = sort.id();
        let inputs = sort.inputs(self.body).to_vec();
        let comparator = sort.comparator(self.body);
        let first = *inputs.first().ok_or_else(|| self.error("hlo.sort without inputs"))?;
        let shape = self.shape_of(first)?;
        let axis = usize::try_from(sort.dimension(self.body)).ok().filter(|d| *d < shape.len());
        let axis = axis.ok_or_else(|| self.error("hlo.sort's dimension is out of range"))?;
        let results = self.bind_result_buffers(op)?;
        for (&input, &buffer) in inputs.iter().zip(&results) {
            self.copy_value(input, buffer, &shape)?;
        }
        if self.sort_by_total_order(comparator, &results, &shape, axis)? {
            return Ok(());
        }
        let length = shape[axis];
        // ceil(log2 length) passes, each merging the results into the temporaries and
        // copying the line back, so that one instance of the merge serves every pass.
        let mut passes = 0i64;
        while (1i64 << passes) < length {
            passes += 1;
        }
        if passes == 0 {
            return Ok(());
        }
        let mut temps = Vec::with_capacity(results.len());
        for &r in &results {
            let ty = self.body.value_type(r);
            temps.push(self.alloc(ty));
        }
        let mut line_shape = shape.clone();
        line_shape[axis] = 1;
        let sorting = Sorting { comparator, axis, length };
        self.loop_nest(&line_shape, |this, line| {
            let (zero, count, one) = (this.index(0), this.index(passes), this.index(1));
            this.for_loop(zero, count, &[one], |this, _, carried| {
                let width = carried[0];
                this.merge_pass(&sorting, line, &results, &temps, width)?;
                this.copy_line(&sorting, line, &temps, &results)?;
                Ok(vec![this.add_index(width, width)])
            })?;
            Ok(())
        })
    }

    /// Copies the line of every buffer of `src` into the same line of `dst`.
    fn copy_line(&mut self, s: &Sorting, line: &[ValueId], src: &[ValueId], dst: &[ValueId]) -> Emitted<()> {
        let (zero, n) = (self.index(0), self.index(s.length));
        self.for_loop(zero, n, &[], |this, k, _| {
            let at = Self::at(s, line, k);
            for (&from, &to) in src.iter().zip(dst) {
                let x = this.load(from, &at);
                this.store(x, to, &at);
            }
            Ok(Vec::new())
        })?;
        Ok(())
    }

    /// `line` with position `k` along the sort dimension.
    fn at(s: &Sorting, line: &[ValueId], k: ValueId) -> Vec<ValueId> {
        let mut index = line.to_vec();
        index[s.axis] = k;
        index
    }

    /// One merge pass of width `w` (an `index` value) over the line, from `src` into
    /// `dst`.
    fn merge_pass(&mut self, s: &Sorting, line: &[ValueId], src: &[ValueId], dst: &[ValueId], w: ValueId) -> Emitted<()> {
        let (zero, one, n) = (self.index(0), self.index(1), self.index(s.length));
        let run_pair = self.add_index(w, w);
        let span = self.add_index(n, run_pair);
        let span = self.sub_index(span, one);
        let runs = self.div_index(span, run_pair);
        self.for_loop(zero, runs, &[], |this, r, _| {
            let lo = this.mul_index(r, run_pair);
            let mid = this.add_index(lo, w);
            let mid = this.min_index(mid, n);
            let hi = this.add_index(lo, run_pair);
            let hi = this.min_index(hi, n);
            this.merge_runs(s, line, src, dst, [lo, mid, hi])?;
            Ok(Vec::new())
        })?;
        Ok(())
    }

    /// Merges `[lo, mid)` and `[mid, hi)` of `src` into `[lo, hi)` of `dst`.
    fn merge_runs(&mut self, s: &Sorting, line: &[ValueId], src: &[ValueId], dst: &[ValueId], [lo, mid, hi]: [ValueId; 3]) -> Emitted<()> {
        let last = self.index(s.length - 1);
        self.for_loop(lo, hi, &[lo, mid], |this, k, carried| {
            let (i, j) = (carried[0], carried[1]);
            let left_ok = this.compare_index(ComparisonDirection::Lt, i, mid);
            let right_ok = this.compare_index(ComparisonDirection::Lt, j, hi);
            let (ic, jc) = (this.min_index(i, last), this.min_index(j, last));
            let (left_at, right_at) = (Self::at(s, line, ic), Self::at(s, line, jc));
            let mut left = Vec::with_capacity(src.len());
            let mut right = Vec::with_capacity(src.len());
            let mut args = Vec::with_capacity(2 * src.len());
            for &b in src {
                let (l, r) = (this.load(b, &left_at), this.load(b, &right_at));
                args.extend([r, l]);
                left.push(l);
                right.push(r);
            }
            let before = this.inline_scalar_region(s.comparator, &args)?;
            let before = *before.first().ok_or_else(|| this.error("hlo.sort's comparator returned nothing"))?;
            let pred = this.ctx().int_type(1);
            let yes = this.scalar(Scalar::Int(1), pred)?;
            let left_done = this.arith(ArithKind::Xor, left_ok, yes);
            let wins = this.arith(ArithKind::Or, left_done, before);
            let take_right = this.arith(ArithKind::And, right_ok, wins);
            let out = Self::at(s, line, k);
            for ((&b, &l), &r) in dst.iter().zip(&left).zip(&right) {
                let x = this.select(take_right, r, l);
                this.store(x, b, &out);
            }
            let one = this.index(1);
            let (i1, j1) = (this.add_index(i, one), this.add_index(j, one));
            Ok(vec![this.select(take_right, i, i1), this.select(take_right, j1, j)])
        })?;
        Ok(())
    }
}
