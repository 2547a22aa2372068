//! `xla_rt_matmul_{bf16,f16}_f32` and `xla_rt_batch_matmul_{bf16,f16}_f32`: narrow
//! products accumulated in f32 against the exact product, on shapes that leave partial
//! register blocks, odd `k`, several blocks of `k`, transposed operands, a column-major
//! `C`, batches and both scalars; and the errors of bad arguments.

mod common;

use std::ptr::null;

use common::{last_error, Lcg};
use xla_runtime::gemm_narrow::{xla_rt_batch_matmul_bf16_f32, xla_rt_batch_matmul_f16_f32, xla_rt_matmul_bf16_f32, xla_rt_matmul_f16_f32};
use xla_runtime::{XlaRunOptions, XlaStatus};

/// A 16-bit format: how a float rounds to it, how its bits widen, and the entry points.
#[derive(Copy, Clone, Debug)]
enum Format {
    Bf16,
    F16,
}

type Matmul = unsafe extern "C" fn(i64, i64, i64, f32, *const u16, i64, i64, *const u16, i64, i64, f32, *mut f32, i64, i64, *const XlaRunOptions) -> i32;
type BatchMatmul = unsafe extern "C" fn(i64, i64, i64, i64, f32, *const u16, i64, i64, i64, *const u16, i64, i64, i64, f32, *mut f32, i64, i64, i64, *const XlaRunOptions) -> i32;

impl Format {
    /// Rounds to the nearest value of the format (ties to even), as bits.
    fn round(self, x: f32) -> u16 {
        match self {
            Format::Bf16 => {
                let bits = x.to_bits();
                ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16) as u16
            }
            Format::F16 => half_bits(x),
        }
    }

    fn widen(self, bits: u16) -> f64 {
        match self {
            Format::Bf16 => f64::from(f32::from_bits(u32::from(bits) << 16)),
            Format::F16 => half_value(bits),
        }
    }

    fn entries(self) -> (Matmul, BatchMatmul) {
        match self {
            Format::Bf16 => (xla_rt_matmul_bf16_f32, xla_rt_batch_matmul_bf16_f32),
            Format::F16 => (xla_rt_matmul_f16_f32, xla_rt_batch_matmul_f16_f32),
        }
    }
}

/// The nearest half-precision value to `x` in [-1, 1] (normal or zero), as bits: the
/// test's own rounding, independent of the runtime's.
fn half_bits(x: f32) -> u16 {
    if x == 0.0 {
        return 0;
    }
    let (sign, a) = (u16::from(x < 0.0) << 15, f64::from(x.abs()));
    let exponent = a.log2().floor() as i32;
    let exponent = exponent.max(-14);
    let scaled = a / 2f64.powi(exponent - 10);
    let mantissa = scaled.round_ties_even() as u32;
    let (exponent, mantissa) = if mantissa == 2048 { (exponent + 1, 1024) } else { (exponent, mantissa) };
    if mantissa < 1024 {
        return sign | mantissa as u16;
    }
    sign | (((exponent + 15) as u16) << 10) | (mantissa - 1024) as u16
}

fn half_value(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let (exponent, mantissa) = (i32::from((bits >> 10) & 0x1f), f64::from(bits & 0x3ff));
    if exponent == 0 {
        return sign * mantissa * 2f64.powi(-24);
    }
    sign * (1.0 + mantissa / 1024.0) * 2f64.powi(exponent - 15)
}

/// `alpha A B + beta C` in f64 and per element the bound of an f32 sum in any order:
/// `(k + 2) eps (|alpha| sum |a b| + |beta c|)`.
#[allow(clippy::too_many_arguments)]
fn expected(format: Format, m: usize, n: usize, k: usize, alpha: f32, a: impl Fn(usize, usize) -> u16, b: impl Fn(usize, usize) -> u16, beta: f32, c: impl Fn(usize, usize) -> f32) -> Vec<Vec<(f64, f64)>> {
    (0..m)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (sum, size) = (0..k).map(|p| format.widen(a(i, p)) * format.widen(b(p, j))).fold((0.0, 0.0), |(s, g), x| (s + x, g + x.abs()));
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
    for format in [Format::Bf16, Format::F16] {
    let (matmul, _) = format.entries();
    for &(m, n, k, alpha, beta, threads) in &[(1, 1, 1, 1.0, 0.0, 1), (13, 33, 7, 1.5, 0.5, 2), (200, 70, 1027, 1.0, 0.0, 2), (12, 32, 512, 1.0, 1.0, 1), (5, 4100, 3, 1.0, 0.0, 2), (64, 64, 64, -2.0, 0.0, 1)] {
        let a: Vec<u16> = rng.vec_f32(m * k).into_iter().map(|x| format.round(x)).collect();
        let b: Vec<u16> = rng.vec_f32(k * n).into_iter().map(|x| format.round(x)).collect();
        let c0 = rng.vec_f32(m * n);
        let want = expected(format, m, n, k, alpha, |i, p| a[i * k + p], |p, j| b[p * n + j], beta, |i, j| c0[i * n + j]);
        let mut c = c0.clone();
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
        let status = unsafe {
            matmul(m as i64, n as i64, k as i64, alpha, a.as_ptr(), k as i64, 1, b.as_ptr(), n as i64, 1, beta, c.as_mut_ptr(), n as i64, 1, &opts)
        };
        assert_eq!(status, 0, "{}", last_error());
        for i in 0..m {
            for j in 0..n {
                let (value, bound) = want[i][j];
                assert!((f64::from(c[i * n + j]) - value).abs() <= bound, "{format:?} {m}x{n}x{k} ({i}, {j}): {} vs {value}", c[i * n + j]);
            }
        }
    }
    }
}

#[test]
fn transposed_operands_column_major_results_and_batches() {
    let mut rng = Lcg::new(6);
    for format in [Format::Bf16, Format::F16] {
    let (_, batch_matmul) = format.entries();
    let (batch, m, n, k) = (3, 20, 40, 9);
    // A^T stored k x m per matrix, B shared by the batch (batch stride 0) and stored n x k, C column-major.
    let at: Vec<u16> = rng.vec_f32(batch * k * m).into_iter().map(|x| format.round(x)).collect();
    let bt: Vec<u16> = rng.vec_f32(n * k).into_iter().map(|x| format.round(x)).collect();
    let mut c = vec![f32::NAN; batch * m * n];
    let status = unsafe {
        batch_matmul(
            batch as i64, m as i64, n as i64, k as i64, 1.0,
            at.as_ptr(), (k * m) as i64, 1, m as i64,
            bt.as_ptr(), 0, 1, k as i64,
            0.0, c.as_mut_ptr(), (m * n) as i64, 1, m as i64, null(),
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    for s in 0..batch {
        let want = expected(format, m, n, k, 1.0, |i, p| at[s * k * m + p * m + i], |p, j| bt[j * k + p], 0.0, |_, _| 0.0);
        for i in 0..m {
            for j in 0..n {
                let (value, bound) = want[i][j];
                // beta = 0 must not read the NaNs C held.
                let got = f64::from(c[s * m * n + j * m + i]);
                assert!((got - value).abs() <= bound, "{format:?} matrix {s} ({i}, {j}): {got} vs {value}");
            }
        }
    }
    }
}

#[test]
fn bad_arguments_are_invalid_arguments() {
    let (a, b) = (vec![0u16; 4], vec![0u16; 4]);
    let mut c = vec![0f32; 4];
    let invalid = XlaStatus::InvalidArgument.code();
    let status = unsafe { xla_rt_matmul_bf16_f32(-1, 2, 2, 1.0, a.as_ptr(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, invalid);
    assert!(last_error().contains("m"), "{}", last_error());
    let status = unsafe { xla_rt_matmul_f16_f32(2, 2, 2, 1.0, null(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, invalid);
    let status = unsafe { xla_rt_matmul_bf16_f32(2, 2, 2, 1.0, a.as_ptr(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 0, 1, null()) };
    assert_eq!(status, invalid);
    assert!(last_error().contains("several indices name one element"), "{}", last_error());
}
