//! `xla_rt_matmul_*` and `xla_rt_batch_matmul_*` against a naive triple loop, on
//! row-major, transposed, reversed and broadcast operands, and their argument errors.

mod common;

use std::ptr::{null, null_mut};

use common::{assert_close, last_error, Lcg};
use xla_runtime::gemm::*;
use xla_runtime::{XlaRunOptions, XlaStatus};

/// A strided matrix view for the reference loop: offset of `[i, j]` is `i*rs + j*cs`
/// from `base` (an index into a vector).
#[derive(Copy, Clone)]
struct View {
    base: isize,
    rs: i64,
    cs: i64,
}

impl View {
    fn at(self, i: usize, j: usize) -> usize {
        (self.base + i as isize * self.rs as isize + j as isize * self.cs as isize) as usize
    }
}

/// The naive `C = alpha A B + beta C` in f64.
#[allow(clippy::too_many_arguments)]
fn reference(m: usize, n: usize, k: usize, alpha: f64, a: &[f64], av: View, b: &[f64], bv: View, beta: f64, c: &mut [f64], cv: View) {
    for i in 0..m {
        for j in 0..n {
            let dot: f64 = (0..k).map(|p| a[av.at(i, p)] * b[bv.at(p, j)]).sum();
            let old = if beta == 0.0 { 0.0 } else { beta * c[cv.at(i, j)] };
            c[cv.at(i, j)] = alpha * dot + old;
        }
    }
}

/// A layout of an `r x c` matrix in a buffer.
#[derive(Copy, Clone, Debug)]
enum Layout {
    RowMajor,
    ColMajor,
    /// Row-major with rows in reverse order (a negative row stride).
    ReversedRows,
    /// Row-major with a padded leading dimension.
    Padded,
}

impl Layout {
    /// The view and the buffer length of an `r x c` matrix.
    fn view(self, r: usize, c: usize) -> (View, usize) {
        let (r64, c64) = (r as i64, c as i64);
        match self {
            Layout::RowMajor => (View { base: 0, rs: c64, cs: 1 }, r * c),
            Layout::ColMajor => (View { base: 0, rs: 1, cs: r64 }, r * c),
            Layout::ReversedRows => (View { base: (r.max(1) as isize - 1) * c as isize, rs: -c64, cs: 1 }, r * c),
            Layout::Padded => (View { base: 0, rs: c64 + 3, cs: 1 }, r * (c + 3)),
        }
    }
}

const LAYOUTS: [Layout; 4] = [Layout::RowMajor, Layout::ColMajor, Layout::ReversedRows, Layout::Padded];

/// Runs one f32 and one f64 multiplication in the given layouts and compares both with the
/// reference.
fn check(m: usize, n: usize, k: usize, layouts: [Layout; 3], alpha: f64, beta: f64, threads: i32, seed: u64) {
    let mut rng = Lcg::new(seed);
    let ((av, al), (bv, bl), (cv, cl)) = (layouts[0].view(m, k), layouts[1].view(k, n), layouts[2].view(m, n));
    let (a, b, c0) = (rng.vec_f64(al), rng.vec_f64(bl), rng.vec_f64(cl));
    let mut expected = c0.clone();
    reference(m, n, k, alpha, &a, av, &b, bv, beta, &mut expected, cv);
    let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };

    let mut c = c0.clone();
    let status = unsafe {
        xla_rt_matmul_f64(
            m as i64, n as i64, k as i64,
            alpha, a.as_ptr().offset(av.base), av.rs, av.cs,
            b.as_ptr().offset(bv.base), bv.rs, bv.cs,
            beta, c.as_mut_ptr().offset(cv.base), cv.rs, cv.cs, &opts,
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    assert_close(&c, &expected, 1e-12 * k.max(1) as f64);

    let (a32, b32): (Vec<f32>, Vec<f32>) = (a.iter().map(|&x| x as f32).collect(), b.iter().map(|&x| x as f32).collect());
    let mut c32: Vec<f32> = c0.iter().map(|&x| x as f32).collect();
    let status = unsafe {
        xla_rt_matmul_f32(
            m as i64, n as i64, k as i64,
            alpha as f32, a32.as_ptr().offset(av.base), av.rs, av.cs,
            b32.as_ptr().offset(bv.base), bv.rs, bv.cs,
            beta as f32, c32.as_mut_ptr().offset(cv.base), cv.rs, cv.cs, &opts,
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    let c32: Vec<f64> = c32.iter().map(|&x| x as f64).collect();
    assert_close(&c32, &expected, 1e-5 * k.max(1) as f64);
}

#[test]
fn every_combination_of_layouts_matches_the_naive_loop() {
    let mut seed = 1;
    for la in LAYOUTS {
        for lb in LAYOUTS {
            for lc in LAYOUTS {
                seed += 1;
                check(7, 5, 6, [la, lb, lc], 1.0, 0.0, 0, seed);
                check(4, 9, 3, [la, lb, lc], -0.5, 2.0, 1, seed + 100);
            }
        }
    }
}

#[test]
fn large_matrices_match_serially_and_in_parallel() {
    for threads in [1, 2, 0] {
        check(130, 97, 111, [Layout::RowMajor, Layout::ColMajor, Layout::RowMajor], 1.5, 0.5, threads, 7);
        check(64, 200, 48, [Layout::ColMajor, Layout::RowMajor, Layout::ColMajor], 1.0, 0.0, threads, 8);
    }
}

#[test]
fn degenerate_sizes_follow_blas() {
    // k == 0: C = beta * C, A and B not read (null is fine).
    let mut c = vec![1.0f32, 2.0, 3.0, 4.0];
    let status = unsafe { xla_rt_matmul_f32(2, 2, 0, 1.0, null(), 0, 0, null(), 0, 0, 3.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(c, [3.0, 6.0, 9.0, 12.0]);
    // beta == 0: NaNs in C do not propagate.
    let (a, b) = ([1.0f32, 2.0], [3.0f32, 4.0]);
    let mut c = [f32::NAN; 4];
    let status = unsafe { xla_rt_matmul_f32(2, 2, 1, 1.0, a.as_ptr(), 1, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(c, [3.0, 4.0, 6.0, 8.0]);
    // alpha == 0: A and B are not read, so NaNs there do not propagate either.
    let nan = [f32::NAN; 2];
    let mut c = [1.0f32; 4];
    let status = unsafe { xla_rt_matmul_f32(2, 2, 1, 0.0, nan.as_ptr(), 1, 1, nan.as_ptr(), 2, 1, 2.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(c, [2.0; 4]);
    // Empty outputs need no pointers at all.
    let status = unsafe { xla_rt_matmul_f64(0, 5, 5, 1.0, null(), 5, 1, null(), 5, 1, 0.0, null_mut(), 5, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
}

#[test]
fn a_zero_stride_broadcasts_an_operand() {
    // A is one row repeated (row stride 0): every row of C is the same.
    let a = [1.0f64, 2.0, 3.0];
    let b = [1.0f64, 0.0, 0.0, 1.0, 1.0, 1.0];
    let mut c = [0.0f64; 8];
    let status = unsafe { xla_rt_matmul_f64(4, 2, 3, 1.0, a.as_ptr(), 0, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(c, [4.0, 5.0, 4.0, 5.0, 4.0, 5.0, 4.0, 5.0]);
}

#[test]
fn f16_multiplies_exactly_representable_values() {
    let h = |x: f32| half::f16::from_f32(x).to_bits();
    // A = [[1, 2], [3, 4]] row-major, B = A^T given as A with swapped strides.
    let a: Vec<u16> = [1.0, 2.0, 3.0, 4.0].into_iter().map(h).collect();
    let mut c = vec![h(100.0); 4];
    let status = unsafe { xla_rt_matmul_f16(2, 2, 2, 1.0, a.as_ptr(), 2, 1, a.as_ptr(), 1, 2, 1.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    let c: Vec<f32> = c.into_iter().map(|bits| half::f16::from_bits(bits).to_f32()).collect();
    assert_eq!(c, [105.0, 111.0, 111.0, 125.0]);
}

/// A batched multiplication against per-matrix references, with `B` shared by the batch
/// (batch stride 0) and `A` stored transposed.
fn check_batched(batch: usize, m: usize, n: usize, k: usize, threads: i32) {
    let mut rng = Lcg::new(batch as u64 * 31 + m as u64);
    let (a, b, c0) = (rng.vec_f64(batch * m * k), rng.vec_f64(k * n), rng.vec_f64(batch * m * n));
    let mut expected = c0.clone();
    for i in 0..batch {
        let av = View { base: (i * m * k) as isize, rs: 1, cs: m as i64 };
        let cv = View { base: (i * m * n) as isize, rs: n as i64, cs: 1 };
        reference(m, n, k, 2.0, &a, av, &b, View { base: 0, rs: n as i64, cs: 1 }, -1.0, &mut expected, cv);
    }
    let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
    let (bs, mn, mk) = (batch as i64, (m * n) as i64, (m * k) as i64);
    let mut c = c0.clone();
    let status = unsafe {
        xla_rt_batch_matmul_f64(
            bs, m as i64, n as i64, k as i64,
            2.0, a.as_ptr(), mk, 1, m as i64,
            b.as_ptr(), 0, n as i64, 1,
            -1.0, c.as_mut_ptr(), mn, n as i64, 1, &opts,
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    assert_close(&c, &expected, 1e-12 * k as f64);

    let (a32, b32): (Vec<f32>, Vec<f32>) = (a.iter().map(|&x| x as f32).collect(), b.iter().map(|&x| x as f32).collect());
    let mut c32: Vec<f32> = c0.iter().map(|&x| x as f32).collect();
    let status = unsafe {
        xla_rt_batch_matmul_f32(
            bs, m as i64, n as i64, k as i64,
            2.0, a32.as_ptr(), mk, 1, m as i64,
            b32.as_ptr(), 0, n as i64, 1,
            -1.0, c32.as_mut_ptr(), mn, n as i64, 1, &opts,
        )
    };
    assert_eq!(status, 0, "{}", last_error());
    assert_close(&c32.iter().map(|&x| x as f64).collect::<Vec<_>>(), &expected, 1e-5 * k as f64);
}

#[test]
fn batches_match_per_matrix_references() {
    for threads in [1, 2, 0] {
        check_batched(1, 5, 6, 7, threads);
        check_batched(13, 4, 3, 5, threads);
        check_batched(3, 70, 65, 40, threads);
    }
}

#[test]
fn batched_f16_shares_the_f32_path() {
    let h = |x: f32| half::f16::from_f32(x).to_bits();
    let a: Vec<u16> = [1.0, 2.0, 3.0, 4.0].into_iter().map(h).collect();
    let b: Vec<u16> = [2.0].into_iter().map(h).collect();
    let mut c = vec![0u16; 4];
    // Four 1x1 products: a[i] * 2.
    let status = unsafe { xla_rt_batch_matmul_f16(4, 1, 1, 1, 1.0, a.as_ptr(), 1, 1, 1, b.as_ptr(), 0, 1, 1, 0.0, c.as_mut_ptr(), 1, 1, 1, null()) };
    assert_eq!(status, 0, "{}", last_error());
    let c: Vec<f32> = c.into_iter().map(|bits| half::f16::from_bits(bits).to_f32()).collect();
    assert_eq!(c, [2.0, 4.0, 6.0, 8.0]);
}

#[test]
fn bad_arguments_are_errors_with_messages() {
    let a = [0.0f32; 16];
    let b = [0.0f32; 16];
    let mut c = [0.0f32; 16];
    let invalid = XlaStatus::InvalidArgument.code();
    let run = |m: i64, a: *const f32, b: *const f32, c: *mut f32, c_rs: i64, c_cs: i64| unsafe {
        xla_rt_matmul_f32(m, 2, 2, 1.0, a, 2, 1, b, 2, 1, 0.0, c, c_rs, c_cs, null())
    };
    assert_eq!(run(-1, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), 2, 1), invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: m = -1 is negative");
    assert_eq!(run(2, null(), b.as_ptr(), c.as_mut_ptr(), 2, 1), invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: a is null");
    assert_eq!(run(2, a.as_ptr(), b.as_ptr(), null_mut(), 2, 1), invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: c is null");
    assert_eq!(run(2, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), 0, 1), invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: c's strides make several indices name one element");
    assert_eq!(run(2, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), 1, 1), invalid);
    let aliased = c.as_mut_ptr();
    assert_eq!(run(2, aliased, b.as_ptr(), aliased, 2, 1), invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: a and c overlap");
    let huge = unsafe { xla_rt_matmul_f32(2, 2, 2, 1.0, a.as_ptr(), i64::MAX, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, null()) };
    assert_eq!(huge, invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: a's strides reach beyond the address space");
    let opts = XlaRunOptions { num_threads: -1, ..XlaRunOptions::default() };
    let status = unsafe { xla_rt_matmul_f32(2, 2, 2, 1.0, a.as_ptr(), 2, 1, b.as_ptr(), 2, 1, 0.0, c.as_mut_ptr(), 2, 1, &opts) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_matmul_f32: opts->num_threads = -1 is negative");
    let status = unsafe {
        xla_rt_batch_matmul_f32(2, 2, 2, 2, 1.0, a.as_ptr(), 4, 2, 1, b.as_ptr(), 4, 2, 1, 0.0, c.as_mut_ptr(), 2, 2, 1, null())
    };
    assert_eq!(status, invalid, "batches of C that overlap");
    assert_eq!(unsafe { xla_rt_batch_matmul_f64(-3, 1, 1, 1, 1.0, null(), 0, 0, 0, null(), 0, 0, 0, 0.0, null_mut(), 0, 0, 0, null()) }, invalid);
    assert_eq!(last_error(), "xla_rt_batch_matmul_f64: batch = -3 is negative");
}

/// Attention's scores `C[b, h] = Q[b, h] . K[b, h]^T` from `[batch, position, head,
/// feature]` operands, whose batch and head do not nest into one stride: two batch levels
/// (`xla_rt_batch2_matmul_*`), in f32 and from bf16 bits, against a direct evaluation
/// within the bound of an f32 sum.
#[test]
fn two_batch_levels_address_each_matrix_by_both_strides() {
    use xla_runtime::gemm_narrow::xla_rt_batch2_matmul_bf16_f32;
    let (batch, seq, heads, dim) = (2usize, 13usize, 3usize, 20usize);
    let mut rng = Lcg::new(9);
    // Values with 8 significant bits, exact in bf16.
    let values = |rng: &mut Lcg, n: usize| -> Vec<f32> { (0..n).map(|_| (rng.uniform() * 128.0).round() as f32 / 128.0).collect() };
    let (q, k) = (values(&mut rng, batch * seq * heads * dim), values(&mut rng, batch * seq * heads * dim));
    let at = |b: usize, s: usize, h: usize, d: usize| ((b * seq + s) * heads + h) * dim + d;
    let (hd, shd) = ((heads * dim) as i64, (seq * heads * dim) as i64);
    let (ss, hss) = ((seq * seq) as i64, (heads * seq * seq) as i64);
    let bits = |x: &[f32]| -> Vec<u16> { x.iter().map(|v| (v.to_bits() >> 16) as u16).collect() };
    let (q16, k16) = (bits(&q), bits(&k));
    for narrow in [false, true] {
        let mut c = vec![f32::NAN; batch * heads * seq * seq];
        let opts = XlaRunOptions { num_threads: 2, ..XlaRunOptions::default() };
        let (b_, h_, s_, d_) = (batch as i64, heads as i64, seq as i64, dim as i64);
        let status = unsafe {
            if narrow {
                xla_rt_batch2_matmul_bf16_f32(b_, h_, s_, s_, d_, 1.0, q16.as_ptr(), shd, d_, hd, 1, k16.as_ptr(), shd, d_, 1, hd, 0.0, c.as_mut_ptr(), hss, ss, s_, 1, &opts)
            } else {
                xla_rt_batch2_matmul_f32(b_, h_, s_, s_, d_, 1.0, q.as_ptr(), shd, d_, hd, 1, k.as_ptr(), shd, d_, 1, hd, 0.0, c.as_mut_ptr(), hss, ss, s_, 1, &opts)
            }
        };
        assert_eq!(status, 0, "{}", last_error());
        for b in 0..batch {
            for h in 0..heads {
                for i in 0..seq {
                    for j in 0..seq {
                        let terms = (0..dim).map(|d| f64::from(q[at(b, i, h, d)]) * f64::from(k[at(b, j, h, d)]));
                        let (want, size) = terms.fold((0.0, 0.0), |(s, g), x| (s + x, g + x.abs()));
                        let got = f64::from(c[((b * heads + h) * seq + i) * seq + j]);
                        let bound = (dim + 2) as f64 * f64::from(f32::EPSILON) * size;
                        assert!((got - want).abs() <= bound, "narrow {narrow} ({b}, {h}, {i}, {j}): {got} vs {want}");
                    }
                }
            }
        }
    }
}
