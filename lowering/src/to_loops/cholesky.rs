//! `hlo.cholesky`: the Cholesky–Banachiewicz factorization of each matrix of the batch,
//! written as loop IR in `f64` ([`super::numbers`]), the interpreter's algorithm
//! (`interp/src/ops/cholesky.rs`) in its order, so the results are bit-exact.
//!
//! Per matrix, a `loop.for` over the columns `j` carries whether every pivot so far was
//! positive; column `j` computes the pivot `h[j][j] - sum_k |l[j][k]|^2` and the entries
//! below it, `(h[i][j] - sum_k l[i][k] conj(l[j][k])) / sqrt(pivot)`, into an `f64` work
//! matrix, each sum a `loop.for` from what Rust's `Sum` starts from. `h` is the hermitian
//! matrix the operand's lower triangle describes (with `lower = false`, the conjugate of
//! its upper triangle). A loop nest then writes the result: the factor's triangle, zeros
//! in the other, NaNs everywhere for a matrix whose pivots were not all positive, and the
//! conjugate transpose for `lower = false`, each entry rounded once. The factorization
//! does not stop at a failed pivot, unlike the interpreter: what it computes afterwards is
//! never written.

use xla_dialects::hlo::{CholeskyOp, HloOpKind};
use xla_dialects::hlo::ComparisonDirection;
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{Op, Scalar, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::numbers::{Num, Work};

/// What factoring one matrix reads.
struct Factoring {
    /// The operand.
    a: ValueId,
    lower: bool,
    complex: bool,
    /// The order of the matrices.
    n: i64,
    /// The `n x n` work matrix holding the factor `l`.
    factor: Work,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.cholesky`.
    pub fn lower_cholesky(&mut self, cholesky: CholeskyOp) -> Emitted<()> {
        let op = cholesky.id();
        let lower = cholesky.lower(self.body);
        let a = self.body.operand(op, 0);
        let shape = self.shape_of(a)?;
        let element = self.element_type_of(a)?;
        let complex = self.complex_or_float(element, HloOpKind::Cholesky.name())?;
        let (batch, n) = match shape.len().checked_sub(2).map(|b| shape.split_at(b)) {
            Some((batch, &[rows, columns])) if rows == columns => (batch.to_vec(), rows),
            _ => return Err(self.error("hlo.cholesky needs square matrices")),
        };
        let [result] = self.bind_result_buffers(op)?[..] else { return Err(self.error("hlo.cholesky has one result")) };
        let factor = self.work_alloc(&[n, n], complex);
        let f = Factoring { a, lower, complex, n, factor };
        self.for_nest(&batch, &mut |this, b| {
            let ok = this.factor_matrix(&f, b)?;
            this.write_factor(&f, b, ok, result, element)
        })
    }

    /// The entry `(i, j)`, `i >= j`, of the hermitian matrix that matrix `b` describes.
    fn hermitian(&mut self, f: &Factoring, b: &[ValueId], i: ValueId, j: ValueId) -> Emitted<Num> {
        let (row, column) = if f.lower { (i, j) } else { (j, i) };
        let index: Vec<ValueId> = b.iter().copied().chain([row, column]).collect();
        let x = self.element_num(f.a, &index)?;
        Ok(if f.lower { x } else { self.num_conj(x) })
    }

    /// Factors matrix `b` into the work matrix; gives whether every pivot was positive.
    fn factor_matrix(&mut self, f: &Factoring, b: &[ValueId]) -> Emitted<ValueId> {
        let (zero, n) = (self.index(0), self.index(f.n));
        let yes = self.scalar(Scalar::Int(1), self.ctx().int_type(1))?;
        let ok = self.for_loop(zero, n, &[yes], |this, j, carried| {
            let squares = this.sum_of_squares(f, j)?;
            let h = this.hermitian(f, b, j, j)?;
            let pivot = this.arith(ArithKind::Subtract, h.re, squares);
            let positive = this.positive(pivot)?;
            let diagonal = this.math(MathKind::Sqrt, pivot);
            let d = Num { re: diagonal, im: None };
            this.work_store(f.factor, d, &[j, j])?;
            let below = this.add_const(j, 1);
            this.for_loop(below, n, &[], |this, i, _| {
                let dot = this.row_dot(f, i, j)?;
                let h = this.hermitian(f, b, i, j)?;
                let difference = this.num_sub(h, dot);
                let entry = this.num_div_re(difference, diagonal);
                this.work_store(f.factor, entry, &[i, j])?;
                Ok(Vec::new())
            })?;
            Ok(vec![this.arith(ArithKind::And, carried[0], positive)])
        })?;
        ok.first().copied().ok_or_else(|| self.error("internal error: a loop without its result"))
    }

    /// `sum_{k < j} |l[j][k]|^2` in `f64`, from `-0.0` as Rust's `Sum`.
    fn sum_of_squares(&mut self, f: &Factoring, j: ValueId) -> Emitted<ValueId> {
        let zero = self.index(0);
        let start = self.f64_constant(-0.0)?;
        let sum = self.for_loop(zero, j, &[start], |this, k, acc| {
            let l = this.work_load(f.factor, &[j, k]);
            let square = this.norm_sqr(l);
            Ok(vec![this.arith(ArithKind::Add, acc[0], square)])
        })?;
        sum.first().copied().ok_or_else(|| self.error("internal error: a loop without its result"))
    }

    /// `sum_{k < j} l[i][k] conj(l[j][k])`, from what Rust's `Sum` starts from.
    fn row_dot(&mut self, f: &Factoring, i: ValueId, j: ValueId) -> Emitted<Num> {
        let zero = self.index(0);
        let start = self.sum_start(f.complex)?;
        let sum = self.for_loop(zero, j, &start.values(), |this, k, acc| {
            let acc = Num::from_values(acc, f.complex).ok_or_else(|| this.error("internal error: a sum without its parts"))?;
            let (lik, ljk) = (this.work_load(f.factor, &[i, k]), this.work_load(f.factor, &[j, k]));
            let conjugate = this.num_conj(ljk);
            let product = this.num_mul(lik, conjugate);
            Ok(this.num_add(acc, product).values())
        })?;
        Num::from_values(&sum, f.complex).ok_or_else(|| self.error("internal error: a loop without its results"))
    }

    /// Writes matrix `b` of the result: the factor's triangle and zeros, NaNs unless `ok`,
    /// conjugate-transposed for `lower = false`, each entry rounded to `element`.
    fn write_factor(&mut self, f: &Factoring, b: &[ValueId], ok: ValueId, result: ValueId, element: xla_ir::Type) -> Emitted<()> {
        self.loop_nest(&[f.n, f.n], |this, rc| {
            let (row, column) = (rc[0], rc[1]);
            let (p, q) = if f.lower { (row, column) } else { (column, row) };
            let inside = this.compare_index(ComparisonDirection::Le, q, p);
            // The entry above the diagonal is never written; read the diagonal's instead.
            let q_read = this.min_index(q, p);
            let entry = this.work_load(f.factor, &[p, q_read]);
            let zero = this.num_constant(0.0, 0.0, f.complex)?;
            let value = this.num_select(inside, entry, zero);
            let nan = this.num_constant(f64::NAN, f64::NAN, f.complex)?;
            let value = this.num_select(ok, value, nan);
            let value = if f.lower { value } else { this.num_conj(value) };
            let rounded = this.round_num(value, element)?;
            let index: Vec<ValueId> = b.iter().copied().chain([row, column]).collect();
            this.store(rounded, result, &index);
            Ok(())
        })
    }
}
