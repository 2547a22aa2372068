//! `xla_rt_matmul_bf16` and `xla_rt_batch_matmul_bf16`: bf16 products accumulated in f32
//! against the exact product, on shapes that leave partial register blocks, odd `k`,
//! several blocks of `k`, transposed operands, a column-major `C`, batches and both
//! scalars; and the errors of bad arguments.

mod common;

use std::ptr::null;

use common::{last_error, Lcg};
use xla_runtime::gemm_bf16::{xla_rt_batch_matmul_bf16, xla_rt_matmul_bf16};
use xla_runtime::{XlaRunOptions, XlaStatus};

/// Rounds to the nearest bf16 (ties to even), as bits.
fn bf16(x: f32) -> u16 {
    let bits = x.to_bits();
    ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16) as u16
}

fn widen(bits: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(bits) << 16))
}

/// `alpha A B + beta C` in f64 and per element the bound of an f32 sum in any order:
/// `(k + 2) eps (|alpha| sum |a b| + |beta c|)`.
#[allow(clippy::too_many_arguments)]
fn expected(m: usize, n: usize, k: usize, alpha: f32, a: impl Fn(usize, usize) -> u16, b: impl Fn(usize, usize) -> u16, beta: f32, c: impl Fn(usize, usize) -> f32) -> Vec<Vec<(f64, f64)>> {
    (0..m)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (sum, size) = (0..k).map(|p| widen(a(i, p)) * widen(b(p, j))).fold((0.0, 0.0), |(s, g), x| (s + x, g + x.abs()));
                    let old = if beta == 0.0 { 0.0 } else { f64::from(beta) * f64::from(c(i, j)) };
                    (f64::from(alpha) * sum + old, (k + 2) as f64 * f64::from(f32::EPSILON) * (f64::from(alpha).abs() * size + old.abs()))
                })
                .collect()
        })
        .collect()
}

#[test]
fn products_match_the_exact_product_within_an_f32_sum() {
    let mut rng = Lcg::new(5);
    for &(m, n, k, alpha, beta, threads) in &[(1, 1, 1, 1.0, 0.0, 1), (13, 33, 7, 1.5, 0.5, 2), (200, 70, 1027, 1.0, 0.0, 2), (12, 32, 512, 1.0, 1.0, 1), (5, 4100, 3, 1.0, 0.0, 2), (64, 64, 64, -2.0, 0.0, 1)] {
        let a: Vec<u16> = rng.vec_f32(m * k).into_iter().map(bf16).collect();
        let b: Vec<u16> = rng.vec_f32(k * n).into_iter().map(bf16).collect();
        let c0 = rng.vec_f32(m * n);
        let want = expected(m, n, k, alpha, |i, p| a[i * k + p], |p, j| b[p * n + j], beta, |i, j| c0[i * n + j]);
        let mut c = c0.clone();
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
        let status = unsafe {
            xla_rt_matmul_bf16(m as i64, n as i64, k as i64, alpha, a.as_ptr(), k as i64, 1, b.as_ptr(), n as i64, 1, beta, c.as_mut_ptr(), n as i64, 1, &opts)
        };
        assert_eq!(status, 0, "{}", last_error());
        for i in 0..m {
            for j in 0..n {
                let (value, bound) = want[i][j];
                assert!((f64::from(c[i * n + j]) - value).abs() <= bound, "{m}x{n}x{k} ({i}, {j}): {} vs {value}", c[i * n + j]);
            }
        }
    }
}

#[test]
fn transposed_operands_column_major_results_and_batches() {
    let mut rng = Lcg::new(6);
    let (batch, m, n, k) = (3, 20, 40, 9);
    // A^T stored k x m per matrix, B shared by the batch (batch stride 0) and stored n x k, C column-major.
    let at: Vec<u16> = rng.vec_f32(batch * k * m).into_iter().map(bf16).collect();
    let bt: Vec<u16> = rng.vec_f32(n * k).into_iter().map(bf16).collect();
    let mut c = vec![f32::NAN; batch * m * n];
    let status = unsafe {
        xla_rt_batch_matmul_bf16(
            batch as i64, m as i64, n as i64, k as i64, 1.0,
            at.as_ptr(), (k * m) as i64, 1, m as i64,
            bt.as_ptr(), 0, 1, k as i64,
            0.0, c.as_mut_ptr(), (m * n) as i64, 1, m as i64, null(),
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    for s in 0..batch {
        let want = expected(m, n, k, 1.0, |i, p| at[s * k * m + p * m + i], |p, j| bt[j * k + p], 0.0, |_, _| 0.0);
        for i in 0..m {
            for j in 0..n {
                let (value, bound) = want[i][j];
                // beta = 0 must not read the NaNs C held.
                let got = f64::from(c[s * m * n + j * m + i]);
                assert!((got - value).abs() <= bound, "matrix {s} ({i}, {j}): {got} vs {value}");
            }
        }
    }
}

#[test]
fn bad_arguments_are_invalid_arguments() {
    let (a, b) = (vec![0u16; 4], vec![0u16; 4]);
    let mut c = vec![0f32; 4];
    let invalid = XlaStatus::InvalidArgument.code();
    let status = unsafe { xla_rt_matmul_bf16(-1, 2, 2, 1.0, a.as_ptr(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, invalid);
    assert!(last_error().contains("m"), "{}", last_error());
    let status = unsafe { xla_rt_matmul_bf16(2, 2, 2, 1.0, null(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, invalid);
    let status = unsafe { xla_rt_matmul_bf16(2, 2, 2, 1.0, a.as_ptr(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 0, 1, null()) };
    assert_eq!(status, invalid);
    assert!(last_error().contains("several indices name one element"), "{}", last_error());
}
