//! `hlo.triangular_solve`: substitution for each system of the batch, written as loop IR
//! in `f64` ([`super::numbers`]), the interpreter's algorithm
//! (`interp/src/ops/triangular_solve.rs`) in its order, so the results are bit-exact.
//!
//! Each system is `t . y = c` with `t` triangular: on the left side `t = op(a)` and the
//! columns of `b` are the right-hand sides, on the right side `t = op(a)^T` and the rows of
//! `b` are. `b` is copied into an `f64` work buffer of its shape, solved in place one
//! right-hand side after the other (forward substitution when `t` is lower triangular,
//! backward otherwise: `y[i] = (c[i] - sum_j t[i][j] y[j]) / t[i][i]`, the sum a `loop.for`
//! over the known `j` in increasing order from what Rust's `Sum` starts from), then
//! rounded once into the result. An entry of `t` is read straight from `a` (the
//! substitution only reads `t`'s triangle, which is `a`'s under `op`), transposed as the
//! options say, conjugated for `ADJOINT`, and one on the diagonal for `unit_diagonal`
//! (conjugated too, as the interpreter does).

use xla_dialects::hlo::{HloOpKind, Transpose, TriangularSolveOp};
use xla_ir::{Op, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::numbers::{Num, Work};

/// What solving one system reads.
struct Solving {
    /// The coefficient matrices.
    a: ValueId,
    left_side: bool,
    unit_diagonal: bool,
    transpose: Transpose,
    /// Whether `t` is lower triangular.
    lower_t: bool,
    complex: bool,
    /// The order of `t`.
    m: i64,
    /// `b` in `f64`, then the solutions.
    x: Work,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.triangular_solve`.
    pub fn lower_triangular_solve(&mut self, ts: TriangularSolveOp) -> Emitted<()> {
        let op = ts.id();
        let (left_side, lower) = (ts.left_side(self.body), ts.lower(self.body));
        let (unit_diagonal, transpose) = (ts.unit_diagonal(self.body), ts.transpose_a(self.body));
        let (a, b) = (self.body.operand(op, 0), self.body.operand(op, 1));
        let (a_shape, b_shape) = (self.shape_of(a)?, self.shape_of(b)?);
        let element = self.element_type_of(b)?;
        let complex = self.complex_or_float(element, HloOpKind::TriangularSolve.name())?;
        let (batch, m, count) = Self::systems(&a_shape, &b_shape, left_side)
            .ok_or_else(|| self.error("hlo.triangular_solve needs square matrices a matching b's, with the same batch"))?;
        let [result] = self.bind_result_buffers(op)?[..] else {
            return Err(self.error("hlo.triangular_solve has one result"));
        };
        let x = self.work_alloc(&b_shape, complex);
        self.loop_nest(&b_shape, |this, index| {
            let value = this.element_num(b, index)?;
            this.work_store(x, value, index)
        })?;
        let lower_t = (lower != (transpose != Transpose::NoTranspose)) == left_side;
        let s = Solving { a, left_side, unit_diagonal, transpose, lower_t, complex, m, x };
        self.for_nest(&batch, &mut |this, bi| {
            let (zero, upper) = (this.index(0), this.index(count));
            this.for_loop(zero, upper, &[], |this, r, _| {
                this.substitute(&s, bi, r)?;
                Ok(Vec::new())
            })?;
            Ok(())
        })?;
        self.loop_nest(&b_shape, |this, index| {
            let value = this.work_load(x, index);
            let rounded = this.round_num(value, element)?;
            this.store(rounded, result, index);
            Ok(())
        })
    }

    /// The batch shape, the order `m` of the systems and the number of right-hand sides
    /// per system, or `None` when the shapes do not fit.
    fn systems(a: &[i64], b: &[i64], left_side: bool) -> Option<(Vec<i64>, i64, i64)> {
        let rank = a.len().checked_sub(2).filter(|_| a.len() == b.len())?;
        let (a_batch, &[m, columns]) = a.split_at(rank) else { return None };
        let (b_batch, &[rows, b_columns]) = b.split_at(rank) else { return None };
        let (shared, count) = if left_side { (rows, b_columns) } else { (b_columns, rows) };
        (a_batch == b_batch && m == columns && shared == m).then(|| (a_batch.to_vec(), m, count))
    }

    /// The index into `b` of entry `k` of right-hand side `r` of system `bi`.
    fn rhs_index(s: &Solving, bi: &[ValueId], r: ValueId, k: ValueId) -> Vec<ValueId> {
        let minor = if s.left_side { [k, r] } else { [r, k] };
        bi.iter().copied().chain(minor).collect()
    }

    /// Entry `(i, j)` of `t` for system `bi`, `(i, j)` in `t`'s triangle.
    fn coefficient(&mut self, s: &Solving, bi: &[ValueId], i: ValueId, j: ValueId, diagonal: bool) -> Emitted<Num> {
        let value = if diagonal && s.unit_diagonal {
            self.num_constant(1.0, 0.0, s.complex)?
        } else {
            // t(i, j) is op(a)(i, j) on the left, op(a)(j, i) on the right.
            let (p, q) = if s.left_side { (i, j) } else { (j, i) };
            let (row, column) = if s.transpose == Transpose::NoTranspose { (p, q) } else { (q, p) };
            let index: Vec<ValueId> = bi.iter().copied().chain([row, column]).collect();
            self.element_num(s.a, &index)?
        };
        Ok(if s.transpose == Transpose::Adjoint { self.num_conj(value) } else { value })
    }

    /// Solves right-hand side `r` of system `bi` in place by substitution.
    fn substitute(&mut self, s: &Solving, bi: &[ValueId], r: ValueId) -> Emitted<()> {
        let (zero, m) = (self.index(0), self.index(s.m));
        let last = self.index(s.m - 1);
        self.for_loop(zero, m, &[], |this, k, _| {
            let i = if s.lower_t { k } else { this.sub_index(last, k) };
            let (lo, hi) = if s.lower_t { (zero, i) } else { (this.add_const(i, 1), m) };
            let start = this.sum_start(s.complex)?;
            let sum = this.for_loop(lo, hi, &start.values(), |this, j, acc| {
                let acc = Num::from_values(acc, s.complex).ok_or_else(|| this.error("internal error: a sum without its parts"))?;
                let t = this.coefficient(s, bi, i, j, false)?;
                let y = this.work_load(s.x, &Self::rhs_index(s, bi, r, j));
                let product = this.num_mul(t, y);
                Ok(this.num_add(acc, product).values())
            })?;
            let sum = Num::from_values(&sum, s.complex).ok_or_else(|| this.error("internal error: a loop without its results"))?;
            let at = Self::rhs_index(s, bi, r, i);
            let c = this.work_load(s.x, &at);
            let difference = this.num_sub(c, sum);
            let pivot = this.coefficient(s, bi, i, i, true)?;
            let y = this.num_div(difference, pivot);
            this.work_store(s.x, y, &at)?;
            Ok(Vec::new())
        })?;
        Ok(())
    }
}
