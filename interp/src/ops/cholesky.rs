//! `hlo.cholesky`: XLA's `Cholesky`, the factorization of (batches of) symmetric or
//! hermitian positive definite matrices.
//!
//! XLA's semantics kept here: with `lower`, the result is the lower triangular `L` with
//! `a = L . L^H`, read from the lower triangle of `a` only; otherwise the upper triangular
//! `U` with `a = U^H . U`, read from the upper triangle only. Dimensions before the two
//! minor ones number the batch.
//!
//! What XLA leaves to the implementation, decided here as XLA's own expansion of the op
//! (`CholeskyExpander`) does: the other triangle of the result holds zeros, and a matrix
//! that is not positive definite (a pivot that is not greater than zero, or NaN) gives a
//! result matrix of NaNs, the other matrices of the batch being unaffected.

use std::rc::Rc;

use xla_dialects::hlo::CholeskyOp;

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::ops::matrices::{Batch, Entry, Matrices};
use crate::ops::support::{complex_literal, real_literal, tensor};
use crate::value::Value;

pub(super) fn cholesky(cx: &mut OpCx, op: CholeskyOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let lower = op.lower(cx.body());
    let a = tensor(operands, 0)?;
    let (element, shape) = (cx.result_element(0)?, a.shape.clone());
    let result = match Batch::of(a)? {
        Batch::Real(matrices) => real_literal(factor_batch(&matrices, lower)?, element, shape)?,
        Batch::Complex(matrices) => complex_literal(factor_batch(&matrices, lower)?, element, shape)?,
    };
    Ok(vec![result.into()])
}

/// The factors of every matrix of the batch, one after the other.
fn factor_batch<T: Entry>(matrices: &Matrices<T>, lower: bool) -> Result<Vec<T>, String> {
    let n = matrices.rows;
    if matrices.columns != n {
        return Err(format!("hlo.cholesky needs square matrices, found {n}x{}", matrices.columns));
    }
    let mut values = Vec::with_capacity(matrices.values.len());
    for i in 0..matrices.count {
        let hermitian = lower_triangle(matrices.matrix(i), n, lower);
        let factor = factor_lower(&hermitian, n).unwrap_or_else(|| vec![T::NAN; n * n]);
        values.extend(if lower { factor } else { adjoint(&factor, n) });
    }
    Ok(values)
}

/// The lower triangle of the hermitian matrix that `a`'s lower (or, when `!lower`, upper)
/// triangle describes, zeros above the diagonal.
fn lower_triangle<T: Entry>(a: &[T], n: usize, lower: bool) -> Vec<T> {
    let mut h = vec![T::ZERO; n * n];
    for i in 0..n {
        for j in 0..=i {
            h[i * n + j] = if lower { a[i * n + j] } else { a[j * n + i].conj() };
        }
    }
    h
}

/// The lower triangular `L` with `h = L . L^H` (reading the lower triangle of `h`), or
/// `None` when `h` is not positive definite.
fn factor_lower<T: Entry>(h: &[T], n: usize) -> Option<Vec<T>> {
    let mut l = vec![T::ZERO; n * n];
    for j in 0..n {
        let pivot = h[j * n + j].re() - (0..j).map(|k| l[j * n + k].norm_sqr()).sum::<f64>();
        // A pivot that is zero, negative or NaN means `h` is not positive definite.
        if pivot.is_nan() || pivot <= 0.0 {
            return None;
        }
        let diagonal = pivot.sqrt();
        l[j * n + j] = T::from_re(diagonal);
        for i in j + 1..n {
            let dot: T = (0..j).map(|k| l[i * n + k] * l[j * n + k].conj()).sum();
            l[i * n + j] = (h[i * n + j] - dot).div_re(diagonal);
        }
    }
    Some(l)
}

/// The conjugate transpose of the `n x n` matrix `m`.
fn adjoint<T: Entry>(m: &[T], n: usize) -> Vec<T> {
    (0..n * n).map(|p| m[(p % n) * n + p / n].conj()).collect()
}
