//! `xla_rt_cholesky_*` and `xla_rt_triangular_solve_*`: residuals of random batches, the
//! triangle that is never read, in-place use, non-positive-definite input, and errors.

mod common;

use std::ptr::{null, null_mut};

use common::{last_error, Lcg};
use xla_runtime::linalg::*;
use xla_runtime::{XlaRunOptions, XlaStatus};

/// `a . b` of row-major `m x k` and `k x n` matrices.
fn matmul(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
        }
    }
    c
}

fn transpose(a: &[f64], rows: usize, cols: usize) -> Vec<f64> {
    let mut t = vec![0.0; a.len()];
    for i in 0..rows {
        for j in 0..cols {
            t[j * rows + i] = a[i * cols + j];
        }
    }
    t
}

fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max)
}

/// A random symmetric positive definite `n x n` matrix: `M M^T + n I`.
fn spd(rng: &mut Lcg, n: usize) -> Vec<f64> {
    let m = rng.vec_f64(n * n);
    let mut a = matmul(&m, &transpose(&m, n, n), n, n, n);
    (0..n).for_each(|i| a[i * n + i] += n as f64);
    a
}

/// Replaces the triangle of `a` that a call must not read with NaNs.
fn poison(a: &mut [f64], n: usize, keep_lower: bool) {
    for i in 0..n {
        for j in 0..n {
            if (keep_lower && j > i) || (!keep_lower && j < i) {
                a[i * n + j] = f64::NAN;
            }
        }
    }
}

#[test]
fn cholesky_factors_reproduce_their_matrices() {
    let (batch, n) = (4, 9);
    let mut rng = Lcg::new(21);
    let matrices: Vec<Vec<f64>> = (0..batch).map(|_| spd(&mut rng, n)).collect();
    for lower in [true, false] {
        for threads in [1, 3] {
            let mut a: Vec<f64> = matrices.concat();
            a.chunks_mut(n * n).for_each(|m| poison(m, n, lower));
            let mut l = vec![0.0; a.len()];
            let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
            let status = unsafe { xla_rt_cholesky_f64(batch as i64, n as i64, a.as_ptr(), l.as_mut_ptr(), lower, &opts) };
            assert_eq!(status, 0, "{}", last_error());
            for (factor, original) in l.chunks(n * n).zip(&matrices) {
                let t = transpose(factor, n, n);
                let product = if lower { matmul(factor, &t, n, n, n) } else { matmul(&t, factor, n, n, n) };
                assert!(max_diff(&product, original) < 1e-10, "lower = {lower}");
                for i in 0..n {
                    for j in 0..n {
                        if (lower && j > i) || (!lower && j < i) {
                            assert_eq!(factor[i * n + j], 0.0);
                        }
                    }
                }
            }
            // f32, in place.
            let mut a32: Vec<f32> = matrices.concat().iter().map(|&x| x as f32).collect();
            let p = a32.as_mut_ptr();
            let status = unsafe { xla_rt_cholesky_f32(batch as i64, n as i64, p, p, lower, &opts) };
            assert_eq!(status, 0, "{}", last_error());
            for (factor, original) in a32.chunks(n * n).zip(&matrices) {
                let factor: Vec<f64> = factor.iter().map(|&x| x as f64).collect();
                let t = transpose(&factor, n, n);
                let product = if lower { matmul(&factor, &t, n, n, n) } else { matmul(&t, &factor, n, n, n) };
                assert!(max_diff(&product, original) < 1e-3);
            }
        }
    }
}

#[test]
fn a_matrix_that_is_not_positive_definite_gives_nans_alone() {
    let good = [4.0, 2.0, 2.0, 3.0];
    let bad = [1.0, 2.0, 2.0, 1.0];
    let a: Vec<f64> = [good, bad].concat();
    let mut l = vec![0.0; 8];
    let status = unsafe { xla_rt_cholesky_f64(2, 2, a.as_ptr(), l.as_mut_ptr(), true, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(&l[..4], &[2.0, 0.0, 1.0, 2.0f64.sqrt()]);
    assert!(l[4..].iter().all(|x| x.is_nan()));
}

/// `op(a)` of a `k x k` matrix, with ones on the diagonal when `unit`.
fn op(a: &[f64], k: usize, transpose_a: i32, unit: bool) -> Vec<f64> {
    let mut t = if transpose_a == 1 { a.to_vec() } else { transpose(a, k, k) };
    if unit {
        (0..k).for_each(|i| t[i * k + i] = 1.0);
    }
    t
}

/// A random triangular `k x k` matrix with a dominant diagonal, zeros in the other triangle.
fn triangular(rng: &mut Lcg, k: usize, lower: bool) -> Vec<f64> {
    let mut a = rng.vec_f64(k * k);
    for i in 0..k {
        for j in 0..k {
            if (lower && j > i) || (!lower && j < i) {
                a[i * k + j] = 0.0;
            }
        }
        a[i * k + i] = 2.0 + a[i * k + i].abs();
    }
    a
}

#[test]
fn triangular_solves_have_small_residuals_for_every_option() {
    let (batch, m, n) = (3, 5, 4);
    let mut rng = Lcg::new(22);
    for left_side in [true, false] {
        for lower in [true, false] {
            for unit in [true, false] {
                for transpose_a in [1, 2, 3] {
                    let k = if left_side { m } else { n };
                    let clean: Vec<Vec<f64>> = (0..batch).map(|_| triangular(&mut rng, k, lower)).collect();
                    let mut a = clean.concat();
                    a.chunks_mut(k * k).for_each(|x| {
                        poison(x, k, lower);
                        if unit {
                            (0..k).for_each(|i| x[i * k + i] = f64::NAN);
                        }
                    });
                    let b = rng.vec_f64(batch * m * n);
                    let mut x = vec![0.0; b.len()];
                    let opts = XlaRunOptions { num_threads: 2, ..XlaRunOptions::default() };
                    let status = unsafe {
                        xla_rt_triangular_solve_f64(
                            batch as i64, m as i64, n as i64, a.as_ptr(), b.as_ptr(), x.as_mut_ptr(), left_side, lower, unit, transpose_a, &opts,
                        )
                    };
                    assert_eq!(status, 0, "{}", last_error());
                    for i in 0..batch {
                        let t = op(&clean[i], k, transpose_a, unit);
                        let xi = &x[i * m * n..(i + 1) * m * n];
                        let product = if left_side { matmul(&t, xi, m, m, n) } else { matmul(xi, &t, m, n, n) };
                        let residual = max_diff(&product, &b[i * m * n..(i + 1) * m * n]);
                        assert!(residual < 1e-12, "left {left_side} lower {lower} unit {unit} transpose {transpose_a}: {residual}");
                    }
                }
            }
        }
    }
}

#[test]
fn f32_solves_in_place() {
    // Lower [[2, 0], [1, 4]] . x = [[2, 4], [5, 10]]  =>  x = [[1, 2], [1, 2]].
    let a = [2.0f32, f32::NAN, 1.0, 4.0];
    let mut b = [2.0f32, 4.0, 5.0, 10.0];
    let p = b.as_mut_ptr();
    let status = unsafe { xla_rt_triangular_solve_f32(1, 2, 2, a.as_ptr(), p, p, true, true, false, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(b, [1.0, 2.0, 1.0, 2.0]);
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    let a = [1.0f64; 4];
    let mut x = [0.0f64; 4];
    let solve = |transpose_a: i32, m: i64, a: *const f64, x: *mut f64| unsafe {
        xla_rt_triangular_solve_f64(1, m, 2, a, a, x, true, true, false, transpose_a, null())
    };
    assert_eq!(solve(0, 2, a.as_ptr(), x.as_mut_ptr()), invalid);
    assert_eq!(last_error(), "xla_rt_triangular_solve_f64: transpose_a = 0 is not a valid value");
    assert_eq!(solve(1, -2, a.as_ptr(), x.as_mut_ptr()), invalid);
    assert_eq!(last_error(), "xla_rt_triangular_solve_f64: m = -2 is negative");
    assert_eq!(solve(1, 2, a.as_ptr(), null_mut()), invalid);
    assert_eq!(last_error(), "xla_rt_triangular_solve_f64: x is null");
    assert_eq!(solve(1, 2, x.as_ptr(), x.as_mut_ptr()), invalid);
    assert_eq!(last_error(), "xla_rt_triangular_solve_f64: a and x overlap");
    let status = unsafe { xla_rt_cholesky_f64(1, 2, a.as_ptr(), a.as_ptr().add(1) as *mut f64, true, null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_cholesky_f64: a and l overlap");
    let status = unsafe { xla_rt_cholesky_f32(1, 3, null(), null_mut(), true, null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_cholesky_f32: a is null");
    // Empty batches need no buffers.
    assert_eq!(unsafe { xla_rt_cholesky_f32(0, 3, null(), null_mut(), true, null()) }, 0);
}
