//! `hlo.triangular_solve`: XLA's `TriangularSolve`, which solves (batches of) linear
//! systems with triangular coefficient matrices by substitution.
//!
//! XLA's semantics kept here: with `left_side` the result `x` solves `op(a) . x = b`, else
//! `x . op(a) = b`, where `op(a)` is `a` (`NO_TRANSPOSE`), its transpose (`TRANSPOSE`) or its
//! conjugate transpose (`ADJOINT`). Only the lower (`lower`) or upper triangle of `a` is
//! read, and with `unit_diagonal` its diagonal is taken as ones and not read. Dimensions
//! before the two minor ones number the batch; `a` and `b` have the same batch. A zero on
//! the diagonal divides by zero as IEEE arithmetic does (infinities and NaNs), as in XLA.
//!
//! Each system becomes `t . y = c` with `t` triangular: on the left, `t = op(a)` and the
//! columns of `b` are the right-hand sides; on the right, `t = op(a)^T` and the rows of `b`
//! are (transposing `x . op(a) = b`).

use std::rc::Rc;

use xla_dialects::hlo::{Transpose, TriangularSolveOp};

use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::ops::matrices::{Batch, Entry, Matrices};
use crate::ops::support::{complex_literal, real_literal, tensor};
use crate::value::Value;

/// The options of a solve.
#[derive(Copy, Clone)]
struct Options {
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose: Transpose,
}

pub(super) fn triangular_solve(cx: &mut OpCx, op: TriangularSolveOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let options = Options {
        left_side: op.left_side(body),
        lower: op.lower(body),
        unit_diagonal: op.unit_diagonal(body),
        transpose: op.transpose_a(body),
    };
    let (a, b) = (tensor(operands, 0)?, tensor(operands, 1)?);
    if a.shape[..a.rank().saturating_sub(2)] != b.shape[..b.rank().saturating_sub(2)] || a.rank() != b.rank() {
        return Err(EvalError::new(format!(
            "a {} and b {} must have the same batch dimensions",
            a.shape_string(),
            b.shape_string()
        )));
    }
    let (element, shape) = (cx.result_element(0)?, b.shape.clone());
    let result = match (Batch::of(a)?, Batch::of(b)?) {
        (Batch::Real(a), Batch::Real(b)) => real_literal(solve_batch(&a, &b, options)?, element, shape)?,
        (Batch::Complex(a), Batch::Complex(b)) => complex_literal(solve_batch(&a, &b, options)?, element, shape)?,
        _ => return Err(EvalError::new("a and b must have the same element type")),
    };
    Ok(vec![result.into()])
}

/// The solutions of every system of the batch, laid out as `b`.
fn solve_batch<T: Entry>(a: &Matrices<T>, b: &Matrices<T>, options: Options) -> Result<Vec<T>, String> {
    let m = a.rows;
    let shared = if options.left_side { b.rows } else { b.columns };
    if a.columns != m || shared != m {
        return Err(format!(
            "a holds {}x{} matrices and b {}x{}: a must be square and match b (left_side = {})",
            a.rows, a.columns, b.rows, b.columns, options.left_side
        ));
    }
    let mut x = b.values.clone();
    let size = b.rows * b.columns;
    for i in 0..a.count {
        let (t, lower) = coefficients(a.matrix(i), m, options);
        let solution = &mut x[i * size..(i + 1) * size];
        // The right-hand sides: columns of b on the left (stride `columns`), rows on the right.
        let (count, step, stride) = if options.left_side { (b.columns, 1, b.columns) } else { (b.rows, b.columns, 1) };
        let mut rhs = vec![T::ZERO; m];
        for r in 0..count {
            for (k, value) in rhs.iter_mut().enumerate() {
                *value = solution[r * step + k * stride];
            }
            substitute(&t, m, lower, &mut rhs);
            for (k, value) in rhs.iter().enumerate() {
                solution[r * step + k * stride] = *value;
            }
        }
    }
    Ok(x)
}

/// The triangular matrix `t` of the systems `t . y = c` that `a` gives under `options`
/// (zeros outside its triangle), and whether it is lower triangular.
fn coefficients<T: Entry>(a: &[T], m: usize, options: Options) -> (Vec<T>, bool) {
    let read = |i: usize, j: usize| -> T {
        let in_triangle = if options.lower { i >= j } else { i <= j };
        match () {
            _ if i == j && options.unit_diagonal => T::ONE,
            _ if in_triangle => a[i * m + j],
            _ => T::ZERO,
        }
    };
    let transposed = options.transpose != Transpose::NoTranspose;
    let op_a = |i: usize, j: usize| match options.transpose {
        Transpose::NoTranspose => read(i, j),
        Transpose::Transpose => read(j, i),
        Transpose::Adjoint => read(j, i).conj(),
    };
    // On the right side, the systems use the transpose of op(a).
    let t: Vec<T> =
        (0..m * m).map(|p| if options.left_side { op_a(p / m, p % m) } else { op_a(p % m, p / m) }).collect();
    (t, (options.lower != transposed) == options.left_side)
}

/// Solves `t . y = c` in place (`rhs` holds `c`, then `y`) by forward substitution when `t`
/// is lower triangular, backward substitution otherwise.
fn substitute<T: Entry>(t: &[T], m: usize, lower: bool, rhs: &mut [T]) {
    let order: Box<dyn Iterator<Item = usize>> = if lower { Box::new(0..m) } else { Box::new((0..m).rev()) };
    for i in order {
        let known = if lower { 0..i } else { i + 1..m };
        let sum: T = known.map(|j| t[i * m + j] * rhs[j]).sum();
        rhs[i] = (rhs[i] - sum) / t[i * m + i];
    }
}
