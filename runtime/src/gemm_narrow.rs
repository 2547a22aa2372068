//! Products of 16-bit float matrices accumulated in f32: `C = alpha * A . B + beta * C`
//! with `A` and `B` bfloat16 or IEEE half precision (their bits, `uint16_t`) and `C` f32,
//! what a dot of narrow operands with an f32 result computes (JAX's
//! `preferred_element_type=jnp.float32`, mixed-precision inference and training), and how
//! a dot with a narrow result accumulates before its one rounding.
//!
//! Three ways, by what the CPU has:
//! - bf16 on AVX512-BF16 (AMD Zen 4 and later, Intel Cooper Lake and Sapphire Rapids):
//!   `vdpbf16ps`, per f32 lane the two products of a pair of bf16 added to the
//!   accumulator, twice the multiply-adds of an f32 fused multiply-add per instruction,
//!   from operands of half the bytes. The algorithm is [`crate::sgemm_avx512`]'s (packed
//!   slivers, a 12 x 32 register block, row blocks split evenly among the threads, a
//!   column-major `C` computed as its transpose), with operands packed by pairs of
//!   consecutive `k`: a sliver of `B` holds, per pair of its rows, each of its 32 columns'
//!   two elements side by side; a sliver of `A` holds, per pair of its columns, each of
//!   its 12 rows' two elements side by side, which the kernel broadcasts as one 32-bit
//!   value. An odd `k` is padded with a zero. With at most `DIRECT_B_MAX_ROWS_NARROW`
//!   rows of `A` and `B`'s rows contiguous, `B` is not packed: the kernel loads each pair
//!   of its rows and interleaves them in registers (`vpermt2w`).
//! - f16 (and bf16 without AVX512-BF16) on AVX-512: the f32 product of
//!   [`crate::sgemm_avx512`], its packing widening the operands to f32 (exactly;
//!   `vcvtph2ps` for f16), so no widened copy of either operand is made.
//! - elsewhere, `A` and `B` are widened into dense f32 copies for the f32 product.
//!
//! Rounding: the product of two bf16 (or two f16) is exact in f32. `vdpbf16ps` adds a
//! lane's two products, then that sum to the accumulator, each rounded to nearest even,
//! and reads subnormal inputs and writes subnormal results as zero whatever MXCSR says. So
//! its results differ from the f32 product's by the order of the additions, within the
//! bound of an f32 sum, and sums below f32's smallest normal number (1.2e-38) flush to
//! zero, as with XLA's oneDNN kernels on such CPUs. The other ways are the f32 product's.
//!
//! Invariants: as for [`crate::gemm`]: sizes are checked, pointers non-null unless their
//! matrix is empty or not read, `C`'s elements distinct and disjoint from `A` and `B`;
//! `beta == 0` never reads `C`; `alpha == 0` or `k == 0` never reads `A` or `B`; every
//! element of `C` is written by one work item.

use crate::args;
use crate::gemm::{operands, scale, Problem, Strided, PARALLEL_MIN_MULTIPLY_ADDS};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtResult};
use crate::thread_pool;

/// A 16-bit float format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// bfloat16: the high half of an f32.
    Bf16,
    /// IEEE half precision.
    F16,
}

impl Format {
    /// The `f32` value of the element with bits `bits`.
    fn widen(self, bits: u16) -> f32 {
        match self {
            Format::Bf16 => f32::from_bits(u32::from(bits) << 16),
            Format::F16 => ::gemm::f16::from_bits(bits).to_f32(),
        }
    }
}

/// A validated product of narrow matrices into f32.
struct NarrowProblem {
    format: Format,
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: Strided<u16>,
    b: Strided<u16>,
    beta: f32,
    c: Strided<f32>,
}

impl NarrowProblem {
    fn batch(&self) -> usize {
        self.c.matrices()
    }

    /// Runs the product with at most `threads` threads.
    fn run(&self, threads: usize) -> RtResult<()> {
        let batch = self.batch();
        if batch == 0 || self.m == 0 || self.n == 0 {
            return Ok(());
        }
        if self.k == 0 || self.alpha == 0.0 {
            for i in 0..batch {
                // SAFETY: `C` was validated: in range, distinct elements.
                unsafe { scale(self.c.matrix(i), self.m, self.n, self.c.dims[1].1, self.c.dims[2].1, self.beta) };
            }
            return Ok(());
        }
        #[cfg(target_arch = "x86_64")]
        if crate::sgemm_avx512::available() {
            return self.run_avx512(threads);
        }
        self.run_widened(threads)
    }

    /// Widens `A` and `B` into dense f32 copies and runs the f32 product.
    fn run_widened(&self, threads: usize) -> RtResult<()> {
        let (a, a_strides) = widen(self.format, &self.a)?;
        let (b, b_strides) = widen(self.format, &self.b)?;
        let c_strides = [self.c.outer.1, self.c.dims[0].1, self.c.dims[1].1, self.c.dims[2].1].map(|s| s as i64);
        let sizes = [self.c.outer.0, self.c.dims[0].0, self.m, self.n, self.k].map(|s| s as i64);
        let problem = Problem::new(sizes, self.alpha, (a.as_ptr(), a_strides), (b.as_ptr(), b_strides), self.beta, (self.c.ptr, c_strides))?;
        problem.run(threads)
    }

    /// Runs the product with AVX-512 kernels, a matrix at a time or, with as many
    /// matrices as threads, groups of whole matrices in parallel.
    #[cfg(target_arch = "x86_64")]
    fn run_avx512(&self, threads: usize) -> RtResult<()> {
        let batch = self.batch();
        let work = [self.m, self.n, self.k].iter().try_fold(batch, |acc, &s| acc.checked_mul(s));
        let threads = if work.is_some_and(|w| w < PARALLEL_MIN_MULTIPLY_ADDS) { 1 } else { threads.max(1) };
        if threads > 1 && batch >= threads {
            let this = args::SendPtr(self as *const NarrowProblem as *mut NarrowProblem);
            return thread_pool::try_run_chunks(threads, batch, move |begin, end| {
                // SAFETY: the problem outlives the call; the matrices' `C`s are disjoint.
                let this = unsafe { &*this.get() };
                (begin..end).try_for_each(|i| this.run_avx512_matrix(i, 1))
            });
        }
        (0..batch).try_for_each(|i| self.run_avx512_matrix(i, threads))
    }

    /// Matrix `i` of the batch with `threads` threads: the bf16 kernel where the CPU has
    /// AVX512-BF16, else the f32 product widening as it packs.
    #[cfg(target_arch = "x86_64")]
    fn run_avx512_matrix(&self, i: usize, threads: usize) -> RtResult<()> {
        use crate::sgemm_avx512::{sgemm, Bf16, View, ViewMut, F16};
        fn view<T>(s: &Strided<u16>, i: usize) -> View<T> {
            View { ptr: s.matrix(i) as *const T, row_stride: s.dims[1].1, col_stride: s.dims[2].1 }
        }
        let c = ViewMut { ptr: self.c.matrix(i), row_stride: self.c.dims[1].1, col_stride: self.c.dims[2].1 };
        let (m, n, k, alpha, beta, a, b) = (self.m, self.n, self.k, self.alpha, self.beta, &self.a, &self.b);
        // SAFETY (each call): the problem was validated; the kernels are available.
        match self.format {
            Format::Bf16 if avx512_bf16::available() => unsafe { avx512_bf16::gemm(m, n, k, alpha, view(a, i), view(b, i), beta, c, threads) },
            Format::Bf16 => unsafe { sgemm::<Bf16>(m, n, k, alpha, view(a, i), view(b, i), beta, c, threads) },
            Format::F16 => unsafe { sgemm::<F16>(m, n, k, alpha, view(a, i), view(b, i), beta, c, threads) },
        }
    }
}

/// A dense f32 copy of a validated narrow matrix batch (one matrix when it is shared by
/// the whole batch), and its `[outer, batch, row, column]` strides.
fn widen(format: Format, s: &Strided<u16>) -> RtResult<(Vec<f32>, [i64; 4])> {
    let [(batch, _), (rows, rs), (cols, cs)] = s.dims;
    let shared = s.outer.1 == 0 && s.dims[0].1 == 0;
    let copies = if shared { s.matrices().min(1) } else { s.matrices() };
    let mut out = args::try_vec(args::product("a widened matrix", &[copies, rows, cols])?, 0f32)?;
    let mut at = 0;
    for i in 0..copies {
        let matrix = s.matrix(i);
        for r in 0..rows {
            for c in 0..cols {
                // SAFETY: the matrix was validated to address these elements.
                let bits = unsafe { *matrix.wrapping_offset(r as isize * rs + c as isize * cs) };
                out[at] = format.widen(bits);
                at += 1;
            }
        }
    }
    let size = (rows * cols) as i64;
    let strides = if shared { [0, 0, cols as i64, 1] } else { [batch as i64 * size, size, cols as i64, 1] };
    Ok((out, strides))
}

/// Validates and runs one (batched) product for entry point `name`.
#[allow(clippy::too_many_arguments)]
unsafe fn matmul_narrow(
    name: &str,
    format: Format,
    sizes: [i64; 5],
    alpha: f32,
    a: (*const u16, [i64; 4]),
    b: (*const u16, [i64; 4]),
    beta: f32,
    c: (*mut f32, [i64; 4]),
    opts: *const XlaRunOptions,
) -> i32 {
    guard(name, || {
        let options = RunOptions::from_ptr(opts)?;
        let o = operands(sizes, a, b, c, alpha == 0.0)?;
        NarrowProblem { format, m: o.m, n: o.n, k: o.k, alpha, a: o.a, b: o.b, beta, c: o.c }.run(options.threads)
    })
}

/// `C[m,n] = alpha * A[m,k] . B[k,n] + beta * C[m,n]` with `A` and `B` bfloat16 bits and
/// `C` f32, each matrix given by a base pointer and row and column strides in elements.
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole matrix.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_matmul_bf16_f32(
    m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, 0, a_row_stride, a_col_stride]), (b, [0, 0, b_row_stride, b_col_stride]), (c, [0, 0, c_row_stride, c_col_stride]));
    matmul_narrow("xla_rt_matmul_bf16_f32", Format::Bf16, [1, 1, m, n, k], alpha, a, b, beta, c, opts)
}

/// `batch` independent [`xla_rt_matmul_bf16_f32`] products: matrix `i` of each operand
/// starts `i * batch_stride` elements after its base pointer (0 shares one matrix; not for `C`).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch_matmul_bf16_f32(
    batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, a_batch_stride, a_row_stride, a_col_stride]), (b, [0, b_batch_stride, b_row_stride, b_col_stride]), (c, [0, c_batch_stride, c_row_stride, c_col_stride]));
    matmul_narrow("xla_rt_batch_matmul_bf16_f32", Format::Bf16, [1, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// `outer * batch` [`xla_rt_matmul_bf16_f32`] products over two batch dimensions: matrix
/// `(o, i)` of each operand starts `o * outer_stride + i * batch_stride` elements after its
/// base pointer.
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch2_matmul_bf16_f32(
    outer: i64, batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_outer_stride: i64, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_outer_stride: i64, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_outer_stride: i64, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [a_outer_stride, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [b_outer_stride, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [c_outer_stride, c_batch_stride, c_row_stride, c_col_stride]);
    matmul_narrow("xla_rt_batch2_matmul_bf16_f32", Format::Bf16, [outer, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// `C[m,n] = alpha * A[m,k] . B[k,n] + beta * C[m,n]` with `A` and `B` IEEE half-precision bits and
/// `C` f32, each matrix given by a base pointer and row and column strides in elements.
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole matrix.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_matmul_f16_f32(
    m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, 0, a_row_stride, a_col_stride]), (b, [0, 0, b_row_stride, b_col_stride]), (c, [0, 0, c_row_stride, c_col_stride]));
    matmul_narrow("xla_rt_matmul_f16_f32", Format::F16, [1, 1, m, n, k], alpha, a, b, beta, c, opts)
}

/// `batch` independent [`xla_rt_matmul_f16_f32`] products: matrix `i` of each operand
/// starts `i * batch_stride` elements after its base pointer (0 shares one matrix; not for `C`).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch_matmul_f16_f32(
    batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, a_batch_stride, a_row_stride, a_col_stride]), (b, [0, b_batch_stride, b_row_stride, b_col_stride]), (c, [0, c_batch_stride, c_row_stride, c_col_stride]));
    matmul_narrow("xla_rt_batch_matmul_f16_f32", Format::F16, [1, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// `outer * batch` [`xla_rt_matmul_f16_f32`] products over two batch dimensions: matrix
/// `(o, i)` of each operand starts `o * outer_stride + i * batch_stride` elements after its
/// base pointer.
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch2_matmul_f16_f32(
    outer: i64, batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_outer_stride: i64, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_outer_stride: i64, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_outer_stride: i64, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [a_outer_stride, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [b_outer_stride, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [c_outer_stride, c_batch_stride, c_row_stride, c_col_stride]);
    matmul_narrow("xla_rt_batch2_matmul_f16_f32", Format::F16, [outer, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// The AVX512-BF16 kernel and its blocking (see the module documentation).
#[cfg(target_arch = "x86_64")]
mod avx512_bf16 {
    use std::arch::x86_64::*;

    use crate::args::SendPtr;
    use crate::scratch::{self, Slot};
    use crate::sgemm_avx512::{balanced_block_rows, pack_in_parallel, sliver_rows, store_tile, Tile, ViewMut, DIRECT_B_MAX_ROWS_NARROW, MC, MR, NR};
    use crate::status::RtResult;
    use crate::thread_pool;

    /// Depth of a packed block in elements of `k` (pairs: half of it): a `B` sliver of
    /// `KC * NR` bf16 (32 KiB) stays in the first level of cache, as the f32 kernel's does.
    const KC: usize = 512;
    /// Columns of a packed `B` block.
    const NC: usize = 4096;

    /// Whether this CPU runs the kernel.
    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw") && is_x86_feature_detected!("avx512bf16")
    }

    type View = crate::sgemm_avx512::View<u16>;

    /// A read-only pointer shared with the pool's threads.
    #[derive(Copy, Clone)]
    struct Shared(*const u16);
    // SAFETY: packed `B` is only read while the threads run, and outlives them.
    unsafe impl Send for Shared {}
    unsafe impl Sync for Shared {}

    /// `C = alpha * A . B + beta * C`, `k > 0`, `m > 0`, `n > 0`.
    ///
    /// # Safety
    /// The views address valid, validated matrices of those sizes; [`available`] holds.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn gemm(m: usize, n: usize, k: usize, alpha: f32, a: View, b: View, beta: f32, c: ViewMut, threads: usize) -> RtResult<()> {
        if c.row_stride == 1 && c.col_stride != 1 {
            // A column-major C as its transpose, `C^T = B^T . A^T`, whose rows are contiguous.
            let transpose = |v: View| View { ptr: v.ptr, row_stride: v.col_stride, col_stride: v.row_stride };
            let c_t = ViewMut { ptr: c.ptr, row_stride: c.col_stride, col_stride: 1 };
            return gemm(n, m, k, alpha, transpose(b), transpose(a), beta, c_t, threads);
        }
        // A short A uses each element of B a few times: the kernel then reads B's rows in
        // place, interleaving each pair of rows in registers, rather than packing them.
        let in_place_b = b.col_stride == 1 && m <= DIRECT_B_MAX_ROWS_NARROW;
        let packed_len = if in_place_b { 0 } else { KC * NC.min(n.div_ceil(NR) * NR) };
        scratch::with(Slot::PackedB, packed_len, |packed_b: &mut [u16]| multiply_blocks(m, n, k, alpha, a, b, beta, c, threads, in_place_b, packed_b))
    }

    /// [`gemm`] for a row-major `C`, with `B` read in place (`in_place_b`) or packed a block
    /// at a time into `packed_b`.
    ///
    /// # Safety
    /// As for [`gemm`].
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn multiply_blocks(m: usize, n: usize, k: usize, alpha: f32, a: View, b: View, beta: f32, c: ViewMut, threads: usize, in_place_b: bool, packed_b: &mut [u16]) -> RtResult<()> {
        let mr = sliver_rows(m);
        for jc in (0..n).step_by(NC) {
            let nc = NC.min(n - jc);
            let slivers = nc.div_ceil(NR);
            for pc in (0..k).step_by(KC) {
                let kc = KC.min(k - pc);
                let pairs = kc.div_ceil(2);
                if !in_place_b {
                    let out = SendPtr(packed_b.as_mut_ptr());
                    pack_in_parallel(threads, slivers, kc * nc, |range| pack_b(out.get(), b, pc, kc, jc, nc, range))?;
                }
                let block_rows = balanced_block_rows(m, threads, mr);
                let row_blocks = m.div_ceil(block_rows);
                let groups = if row_blocks >= threads { 1 } else { threads.div_ceil(row_blocks).min(slivers) };
                let items = row_blocks * groups;
                let scale = if pc == 0 { beta } else { 1.0 };
                let b_shared = Shared(packed_b.as_ptr());
                thread_pool::run_chunks(threads.min(items), items, move |begin, end| {
                    // Whole views, not their raw pointer fields, are what the threads share.
                    let (b_base, b) = (b_shared, b);
                    scratch::with(Slot::PackedA, pairs * MC.div_ceil(mr) * mr, |packed_a: &mut [u32]| {
                        let mut packed_block = usize::MAX;
                        for item in begin..end {
                            let (block, group) = (item / groups, item % groups);
                            let ic = block * block_rows;
                            let mc = block_rows.min(m - ic);
                            if packed_block != block {
                                // SAFETY: the rows and columns are inside A.
                                unsafe { pack_a(packed_a, a, ic, mc, pc, kc, mr) };
                                packed_block = block;
                            }
                            let (s0, s1) = thread_pool::chunk_bounds(slivers, groups, group);
                            for sliver in s0..s1 {
                                let jr = sliver * NR;
                                let b_sliver = if in_place_b {
                                    BSliver::InPlace { ptr: b.ptr.wrapping_offset(pc as isize * b.row_stride + (jc + jr) as isize), row_stride: b.row_stride, rows: kc }
                                } else {
                                    BSliver::Packed(b_base.0.wrapping_add(sliver * pairs * NR * 2))
                                };
                                for ir in (0..mc).step_by(mr) {
                                    let a_sliver = packed_a[(ir / mr) * pairs * mr..].as_ptr();
                                    let tile = Tile { row: ic + ir, col: jc + jr, rows: mr.min(mc - ir), cols: NR.min(nc - jr) };
                                    // SAFETY: the slivers hold `pairs` steps; the tile lies inside C.
                                    unsafe {
                                        match mr {
                                            MR => run_kernel::<MR>(pairs, a_sliver, b_sliver, c, tile, alpha, scale),
                                            8 => run_kernel::<8>(pairs, a_sliver, b_sliver, c, tile, alpha, scale),
                                            _ => run_kernel::<4>(pairs, a_sliver, b_sliver, c, tile, alpha, scale),
                                        }
                                    }
                                }
                            }
                        }
                    });
                })?;
            }
        }
        Ok(())
    }

    /// Packs rows `pc..pc + kc` and columns `jc..jc + nc` of `B` into slivers of [`NR`]
    /// columns, those of `range`: per pair of rows, each column's two elements side by
    /// side (zeros past `k` and past `n`).
    ///
    /// # Safety
    /// `out` holds `pairs * NR * 2` elements per sliver; no other thread writes the
    /// slivers of `range`.
    unsafe fn pack_b(out: *mut u16, b: View, pc: usize, kc: usize, jc: usize, nc: usize, range: std::ops::Range<usize>) {
        let pairs = kc.div_ceil(2);
        for sliver in range {
            let jr = sliver * NR;
            let nr = NR.min(nc - jr);
            let dst = std::slice::from_raw_parts_mut(out.add(sliver * pairs * NR * 2), pairs * NR * 2);
            for pair in 0..pairs {
                let (p0, p1) = (pc + 2 * pair, pc + 2 * pair + 1);
                let row = |p: usize| b.ptr.offset(p as isize * b.row_stride + (jr + jc) as isize * b.col_stride);
                let to = &mut dst[pair * NR * 2..(pair + 1) * NR * 2];
                if b.col_stride == 1 && nr == NR && p1 < pc + kc {
                    interleave_rows(row(p0), row(p1), to.as_mut_ptr());
                    continue;
                }
                to.fill(0);
                for j in 0..nr {
                    to[2 * j] = *row(p0).offset(j as isize * b.col_stride);
                    if p1 < pc + kc {
                        to[2 * j + 1] = *row(p1).offset(j as isize * b.col_stride);
                    }
                }
            }
        }
    }

    /// Writes [`NR`] pairs: element `j` of `first` and of `second` side by side, for `j`
    /// in `0..NR` (contiguous rows of `B`).
    #[target_feature(enable = "avx512f")]
    unsafe fn interleave_rows(first: *const u16, second: *const u16, to: *mut u16) {
        for half in 0..2 {
            let low = _mm512_cvtepu16_epi32(_mm256_loadu_si256(first.add(16 * half) as *const __m256i));
            let high = _mm512_cvtepu16_epi32(_mm256_loadu_si256(second.add(16 * half) as *const __m256i));
            let pairs = _mm512_or_si512(low, _mm512_slli_epi32::<16>(high));
            _mm512_storeu_si512(to.add(32 * half) as *mut __m512i, pairs);
        }
    }

    /// Packs rows `ic..ic + mc` and columns `pc..pc + kc` of `A` into slivers of `mr`
    /// rows: per pair of columns, each row's two elements as one 32-bit value (the first in
    /// its low half; zeros past `k` and past `m`).
    unsafe fn pack_a(out: &mut [u32], a: View, ic: usize, mc: usize, pc: usize, kc: usize, mr_block: usize) {
        let pairs = kc.div_ceil(2);
        for (sliver, ir) in (0..mc).step_by(mr_block).enumerate() {
            let mr = mr_block.min(mc - ir);
            let dst = &mut out[sliver * pairs * mr_block..(sliver + 1) * pairs * mr_block];
            for i in 0..mr_block {
                if i >= mr {
                    for pair in 0..pairs {
                        dst[pair * mr_block + i] = 0;
                    }
                    continue;
                }
                let row = a.ptr.offset((ic + ir + i) as isize * a.row_stride + pc as isize * a.col_stride);
                if a.col_stride == 1 {
                    // A row's pairs are its 32-bit words (little-endian: the first element low).
                    for pair in 0..kc / 2 {
                        dst[pair * mr_block + i] = (row.add(2 * pair) as *const u32).read_unaligned();
                    }
                    if kc % 2 == 1 {
                        dst[(pairs - 1) * mr_block + i] = u32::from(*row.add(kc - 1));
                    }
                    continue;
                }
                for pair in 0..pairs {
                    let low = *row.offset((2 * pair) as isize * a.col_stride);
                    let high = if 2 * pair + 1 < kc { *row.offset((2 * pair + 1) as isize * a.col_stride) } else { 0 };
                    dst[pair * mr_block + i] = u32::from(low) | u32::from(high) << 16;
                }
            }
        }
    }

    /// Where a kernel reads a sliver of `B`: packed (per pair of rows, [`NR`] pairs of
    /// elements side by side), or in place (its first element, the row stride, and how
    /// many of its rows are inside `B`; its columns are `Tile::cols`).
    #[derive(Copy, Clone)]
    enum BSliver {
        Packed(*const u16),
        InPlace { ptr: *const u16, row_stride: isize, rows: usize },
    }

    /// The kernel of `R` rows for `b`.
    ///
    /// # Safety
    /// As for [`kernel`].
    #[allow(clippy::too_many_arguments)]
    unsafe fn run_kernel<const R: usize>(pairs: usize, a: *const u32, b: BSliver, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
        match b {
            BSliver::Packed(b) => kernel::<R>(pairs, a, b, c, tile, alpha, beta),
            BSliver::InPlace { ptr, row_stride, rows } => kernel_in_place_b::<R>(pairs, a, ptr, row_stride, rows, c, tile, alpha, beta),
        }
    }

    /// `C[tile] = alpha * (A sliver . B sliver) + beta * C[tile]` over `pairs` pairs of `k`.
    #[target_feature(enable = "avx512f,avx512bf16")]
    unsafe fn kernel<const R: usize>(pairs: usize, a: *const u32, b: *const u16, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
        multiply_pairs::<R>(
            pairs,
            a,
            |p| {
                let row = b.add(p * NR * 2);
                (_mm512_loadu_si512(row as *const __m512i), _mm512_loadu_si512(row.add(32) as *const __m512i))
            },
            c,
            tile,
            alpha,
            beta,
        );
    }

    /// Lane `2j` takes element `j` of the first row, lane `2j + 1` element `j` of the
    /// second (`32 +` in `_mm512_permutex2var_epi16`'s numbering), for `j` in `0..16`; the
    /// second vector of pairs the same for `j` in `16..32`.
    const FIRST_PAIRS: [u16; 32] = interleave_indices(0);
    const SECOND_PAIRS: [u16; 32] = interleave_indices(16);

    const fn interleave_indices(first: u16) -> [u16; 32] {
        let mut indices = [0u16; 32];
        let mut j = 0;
        while j < 16 {
            indices[2 * j] = first + j as u16;
            indices[2 * j + 1] = 32 + first + j as u16;
            j += 1;
        }
        indices
    }

    /// [`kernel`] reading `B` in place: each pair of its rows (`rows` of them inside `B`,
    /// the last pair's second row zeros when `rows` is odd) is loaded, masked to the
    /// tile's columns, and interleaved in registers.
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx512f,avx512bw,avx512bf16")]
    unsafe fn kernel_in_place_b<const R: usize>(pairs: usize, a: *const u32, b: *const u16, row_stride: isize, rows: usize, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
        let mask = if tile.cols >= 32 { u32::MAX } else { (1u32 << tile.cols) - 1 };
        let (first, second) = (_mm512_loadu_si512(FIRST_PAIRS.as_ptr() as *const __m512i), _mm512_loadu_si512(SECOND_PAIRS.as_ptr() as *const __m512i));
        multiply_pairs::<R>(
            pairs,
            a,
            |p| {
                let upper = _mm512_maskz_loadu_epi16(mask, b.offset(2 * p as isize * row_stride) as *const i16);
                let lower = if 2 * p + 1 < rows { _mm512_maskz_loadu_epi16(mask, b.offset((2 * p + 1) as isize * row_stride) as *const i16) } else { _mm512_setzero_si512() };
                (_mm512_permutex2var_epi16(upper, first, lower), _mm512_permutex2var_epi16(upper, second, lower))
            },
            c,
            tile,
            alpha,
            beta,
        );
    }

    /// The kernels' loop: for each pair of `k`, the two vectors of pairs of `B` that
    /// `b_pairs(p)` gives times each row's pair of `A`, accumulated in `R x 2` registers,
    /// then stored. Always inlined into its kernel, whose features it compiles with.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn multiply_pairs<const R: usize>(pairs: usize, a: *const u32, b_pairs: impl Fn(usize) -> (__m512i, __m512i), c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
        let mut acc = [[_mm512_setzero_ps(); 2]; R];
        for p in 0..pairs {
            let (b0, b1) = b_pairs(p);
            let (b0, b1): (__m512bh, __m512bh) = (std::mem::transmute(b0), std::mem::transmute(b1));
            let column = a.add(p * R);
            for (i, acc_row) in acc.iter_mut().enumerate() {
                let ai: __m512bh = std::mem::transmute(_mm512_set1_epi32(*column.add(i) as i32));
                acc_row[0] = _mm512_dpbf16_ps(acc_row[0], ai, b0);
                acc_row[1] = _mm512_dpbf16_ps(acc_row[1], ai, b1);
            }
        }
        store_tile(&acc, c, tile, alpha, beta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of a format agrees with the widened copies' f32 product within an f32
    /// sum's reassociation, on products with an odd `k` and a shared `B`: the kernel this
    /// CPU runs, and for bf16 also the f32 product widening as it packs (the way of CPUs
    /// with AVX-512 but not AVX512-BF16).
    #[test]
    fn every_way_agrees_with_the_widened_product() {
        // 30 rows read `B` in place (bf16: pairs of rows interleaved in registers); 200
        // rows pack it.
        for (batch, m, n, k) in [(2usize, 30usize, 50usize, 77usize), (1, 200, 70, 33)] {
            every_way_agrees_at(batch, m, n, k);
        }
    }

    fn every_way_agrees_at(batch: usize, m: usize, n: usize, k: usize) {
        for format in [Format::Bf16, Format::F16] {
            let bits = |count: usize, seed: u32| -> Vec<u16> {
                let value = |i: usize| (((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 8) % 2001) as f32 / 1000.0 - 1.0;
                (0..count)
                    .map(|i| match format {
                        Format::Bf16 => (value(i).to_bits() >> 16) as u16,
                        Format::F16 => ::gemm::f16::from_f32(value(i)).to_bits(),
                    })
                    .collect()
            };
            let (a, b) = (bits(batch * m * k, 1), bits(k * n, 2));
            let run = |way: &dyn Fn(&NarrowProblem) -> RtResult<()>| -> Vec<f32> {
                let mut c = vec![0f32; batch * m * n];
                let c_view = (c.as_mut_ptr(), [0, (m * n) as i64, n as i64, 1]);
                let o = operands([1, batch, m, n, k].map(|s| s as i64), (a.as_ptr(), [0, (m * k) as i64, k as i64, 1]), (b.as_ptr(), [0, 0, n as i64, 1]), c_view, false).expect("valid");
                way(&NarrowProblem { format, m: o.m, n: o.n, k: o.k, alpha: 1.0, a: o.a, b: o.b, beta: 0.0, c: o.c }).expect("runs");
                c
            };
            let widened = run(&|p| p.run_widened(2));
            let mut ways: Vec<Vec<f32>> = vec![run(&|p| p.run(2))];
            #[cfg(target_arch = "x86_64")]
            if format == Format::Bf16 && crate::sgemm_avx512::available() {
                use crate::sgemm_avx512::{sgemm, Bf16, View, ViewMut};
                ways.push(run(&|p| {
                    (0..batch).try_for_each(|i| {
                        let view = |s: &Strided<u16>| View::<Bf16> { ptr: s.matrix(i) as *const Bf16, row_stride: s.dims[1].1, col_stride: s.dims[2].1 };
                        let c = ViewMut { ptr: p.c.matrix(i), row_stride: p.c.dims[1].1, col_stride: p.c.dims[2].1 };
                        // SAFETY: the problem was validated; the CPU has AVX-512.
                        unsafe { sgemm(m, n, k, 1.0, view(&p.a), view(&p.b), 0.0, c, 2) }
                    })
                }));
            }
            for way in &ways {
                for (x, y) in way.iter().zip(&widened) {
                    // |a b| <= 1 per term: an f32 sum of k terms in any two orders.
                    assert!((x - y).abs() <= 2.0 * (k as f32 + 2.0) * f32::EPSILON * k as f32, "{format:?}: {x} vs {y}");
                }
            }
        }
    }
}
