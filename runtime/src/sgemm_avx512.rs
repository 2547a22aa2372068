//! Single-precision matrix multiplication with AVX-512, for CPUs that have it.
//!
//! The `gemm` crate's AVX-512 kernels need its `nightly` feature, so on stable Rust it
//! multiplies with 256-bit vectors: half of what a core with two 512-bit FMA pipes (AMD
//! Zen 5, Intel server cores) can do. AVX-512 intrinsics are stable since Rust 1.89; this
//! module is the classic blocked algorithm (Goto and van de Geijn; BLIS's loop order)
//! around one register-blocked kernel:
//!
//! - `B` is packed a block of `KC x NC` at a time into slivers of [`NR`] columns (each
//!   sliver `KC` rows of `NR` contiguous floats, zero-padded past `n`), shared by every
//!   thread; when `A` has at most [`DIRECT_B_MAX_ROWS`] rows and `B`'s rows are
//!   contiguous, the kernel reads `B` where it is instead (masked loads at its edge);
//! - the rows of `A` are cut into blocks of at most [`MC`], as many as make the threads'
//!   shares equal; the work items are pairs (row block,
//!   group of `B` slivers), spread over the runtime's pool; each item packs its row block
//!   of `A` into slivers of [`MR`] rows (`KC` columns of `MR` contiguous floats,
//!   zero-padded past `m`);
//! - the kernel multiplies one `A` sliver by one `B` sliver into `MR x NR` accumulators
//!   held in 24 `zmm` registers, one fused multiply-add per register per step of `k`,
//!   and adds `alpha` times them into `C` (after `beta * C` on the first block of `k`).
//!
//! A column-major `C` is computed as `C^T = B^T . A^T`, so that tiles store contiguous rows.
//! When `B` has at most [`DIRECT_A_MAX_COLUMNS`] columns and `A`'s rows are contiguous,
//! the kernel reads `A` in place instead of packing it (a transposing copy that costs a
//! large share of so narrow a product); a short `A` times a transposed `B` is turned
//! around for that, its tiles then transposed in registers and stored column by column.
//! Packing that transposes goes 16 x 16 elements at a time (`pack_transpose.rs`).
//!
//! `A` and `B` may also hold a 16-bit float format ([`Element`]: f16, bf16), widened to
//! f32 exactly as they are packed, or, for `B` read in place, as the kernel loads it; so a
//! product of narrow operands costs no widened copy of either.
//!
//! Invariants: every element of `C` is written by exactly one work item; the sums over
//! `k` are fused multiply-adds in order of `k` within a block of [`KC`], blocks added in
//! order, so results differ from the `gemm` crate's only by that reassociation; `beta ==
//! 0` never reads `C` (BLAS's convention). The caller has validated the operands (sizes,
//! non-null pointers, ranges, `C` distinct and disjoint from `A` and `B`).

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

use crate::args::SendPtr;
use crate::pack_transpose::{lane_mask, transpose16, transpose_block};
use crate::scratch::{self, Slot};
use crate::status::RtResult;
use crate::thread_pool;

/// Rows of the register block: 12 rows of two vectors are 24 of the 32 `zmm` registers.
/// A short `A` uses a shorter block when that pads fewer rows ([`sliver_rows`]).
pub const MR: usize = 12;
/// Columns of the register block: two 16-float vectors.
pub const NR: usize = 32;
/// Depth of a packed block: a `B` sliver (`KC * NR * 4` = 32 KiB) stays in the first
/// level of cache while the `A` slivers of a row block stream past.
pub const KC: usize = 256;
/// Rows of an `A` block (`MC * KC * 4` = 192 KiB, in the second level of cache).
pub const MC: usize = 192;
/// Columns of a packed `B` block (`KC * NC * 4` = 4 MiB).
pub const NC: usize = 4096;
/// The most rows of `A` for which `B` is read in place rather than packed: with few rows
/// each element of `B` takes part in few products, and packing it (a write and a read of
/// all of `B` per call, when `B` is a layer's weights that otherwise stay in cache) costs
/// more than the strided reads it saves. Measured with `xla-run --bench` (bench/models):
/// a GRU of 32 steps with 16 rows per product (`B` 256 x 1536 and 512 x 1536) took 14.2 ms
/// with packing and 6.1 ms without; an LSTM of 64 steps with 32 rows, 12.9 and 7.4 ms.
pub const DIRECT_B_MAX_ROWS: usize = 4 * MR;

/// The most columns of `B` for which an `f32` `A` whose rows are contiguous is read in
/// place rather than packed: with few slivers of `B`, each element of `A` takes part in
/// few multiply-adds, and packing it (a transposing copy) costs a large share of them.
pub const DIRECT_A_MAX_COLUMNS: usize = 2 * NR;

/// [`DIRECT_B_MAX_ROWS`] for a 16-bit `B`: packing it widens every element (a read and a
/// write of twice its bytes) where the kernel's loads widen beside its multiply-adds.
/// Measured with `xla-run --bench` (bench/models), `f16_mlp_large` (64 rows, `B` 1024 x
/// 4096 and 4096 x 1024 in f16): 5.3 ms packed, 3.0 ms read in place.
pub const DIRECT_B_MAX_ROWS_NARROW: usize = MC;

/// Whether this CPU runs the kernel (checked once; `std` caches the answer).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw") && is_x86_feature_detected!("avx512vl")
}

/// An element format of `A` and `B`: `f32`, or a 16-bit format widened to `f32` (exactly)
/// as the operands are packed, so that products of narrow floats need no widened copy.
pub trait Element: Copy + 'static {
    /// Whether the elements are `f32` (the kernel may then read `B` where it is).
    const IS_F32: bool;
    /// The element at `p` as `f32`.
    ///
    /// # Safety
    /// `p` addresses an element.
    unsafe fn widen(p: *const Self) -> f32;
    /// The 16 contiguous elements from `p` as `f32`.
    ///
    /// # Safety
    /// `p` addresses 16 elements; the CPU has AVX-512F.
    unsafe fn widen16(p: *const Self) -> __m512;
    /// The elements from `p` whose lanes are set in `mask` as `f32`, zeros elsewhere; the
    /// others are not read.
    ///
    /// # Safety
    /// `p` addresses the masked elements; the CPU has AVX-512F, BW and VL.
    unsafe fn widen16_masked(p: *const Self, mask: u16) -> __m512;
}

impl Element for f32 {
    const IS_F32: bool = true;
    unsafe fn widen(p: *const f32) -> f32 {
        *p
    }
    #[inline(always)]
    unsafe fn widen16(p: *const f32) -> __m512 {
        _mm512_loadu_ps(p)
    }
    #[inline(always)]
    unsafe fn widen16_masked(p: *const f32, mask: u16) -> __m512 {
        _mm512_maskz_loadu_ps(mask, p)
    }
}

/// IEEE half precision, as its bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct F16(pub u16);

impl Element for F16 {
    const IS_F32: bool = false;
    unsafe fn widen(p: *const F16) -> f32 {
        ::gemm::f16::from_bits((*p).0).to_f32()
    }
    #[inline(always)]
    unsafe fn widen16(p: *const F16) -> __m512 {
        _mm512_cvtph_ps(_mm256_loadu_si256(p as *const __m256i))
    }
    #[inline(always)]
    unsafe fn widen16_masked(p: *const F16, mask: u16) -> __m512 {
        _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, p as *const i16))
    }
}

/// bfloat16, as its bits (the high half of an `f32`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Bf16(pub u16);

impl Element for Bf16 {
    const IS_F32: bool = false;
    unsafe fn widen(p: *const Bf16) -> f32 {
        f32::from_bits(u32::from((*p).0) << 16)
    }
    #[inline(always)]
    unsafe fn widen16(p: *const Bf16) -> __m512 {
        _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(_mm256_loadu_si256(p as *const __m256i))))
    }
    #[inline(always)]
    unsafe fn widen16_masked(p: *const Bf16, mask: u16) -> __m512 {
        _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(mask, p as *const i16))))
    }
}

/// A matrix operand: the element at `(0, 0)` and the strides of rows and columns.
#[derive(Copy, Clone)]
pub struct View<T = f32> {
    /// The element at `(0, 0)`.
    pub ptr: *const T,
    /// Elements from one row to the next.
    pub row_stride: isize,
    /// Elements from one column to the next.
    pub col_stride: isize,
}

/// The destination `C`.
#[derive(Copy, Clone)]
pub struct ViewMut {
    /// The element at `(0, 0)`.
    pub ptr: *mut f32,
    /// Elements from one row to the next.
    pub row_stride: isize,
    /// Elements from one column to the next.
    pub col_stride: isize,
}

// SAFETY: the views are read (A, B) or written at disjoint elements per work item (C);
// the caller guarantees the memory outlives the call.
unsafe impl<T> Send for View<T> {}
unsafe impl<T> Sync for View<T> {}
unsafe impl Send for ViewMut {}
unsafe impl Sync for ViewMut {}

/// `C = alpha * A . B + beta * C` for an `m x k` `A` and a `k x n` `B`, on at most
/// `threads` threads. `k > 0`, `m > 0` and `n > 0`.
///
/// # Safety
/// The views address valid, validated matrices of those sizes; `available()` holds.
pub unsafe fn sgemm<T: Element>(m: usize, n: usize, k: usize, alpha: f32, a: View<T>, b: View<T>, beta: f32, c: ViewMut, threads: usize) -> RtResult<()> {
    // A column-major C is computed as its transpose, `C^T = B^T . A^T`, whose rows are
    // contiguous: the kernel's tiles then store whole vectors. So is a product of a short
    // A and a transposed B (columns contiguous): packing B would be a transposing copy
    // of the larger operand, where `B^T` is an A with contiguous rows, read in place; the
    // tiles of the smaller C then store column by column.
    let column_major_c = c.row_stride == 1 && c.col_stride != 1;
    let short_a_transposed_b = T::IS_F32 && c.col_stride == 1 && b.row_stride == 1 && b.col_stride != 1 && m <= DIRECT_A_MAX_COLUMNS;
    if column_major_c || short_a_transposed_b {
        let transpose = |v: View<T>| View { ptr: v.ptr, row_stride: v.col_stride, col_stride: v.row_stride };
        let c_t = ViewMut { ptr: c.ptr, row_stride: c.col_stride, col_stride: c.row_stride };
        return multiply(n, m, k, alpha, transpose(b), transpose(a), beta, c_t, threads);
    }
    multiply(m, n, k, alpha, a, b, beta, c, threads)
}

/// [`sgemm`] in the orientation chosen: reads operands in place or packed.
///
/// # Safety
/// As for [`sgemm`].
#[allow(clippy::too_many_arguments)]
unsafe fn multiply<T: Element>(m: usize, n: usize, k: usize, alpha: f32, a: View<T>, b: View<T>, beta: f32, c: ViewMut, threads: usize) -> RtResult<()> {
    // A short A (few rows) uses each element of B only a few times: packing B would cost
    // as much as the product, so the kernel then reads B's rows where they are.
    let direct_b = b.col_stride == 1 && m <= if T::IS_F32 { DIRECT_B_MAX_ROWS } else { DIRECT_B_MAX_ROWS_NARROW };
    // A narrow B (few slivers) uses each element of A only a few times: the kernel then
    // reads A's rows where they are rather than from a transposed copy.
    let direct_a = T::IS_F32 && a.col_stride == 1 && n <= DIRECT_A_MAX_COLUMNS;
    let packed_len = if direct_b { 0 } else { KC * NC.min(n.div_ceil(NR) * NR) };
    scratch::with(Slot::PackedB, packed_len, |packed_b: &mut [f32]| multiply_blocks(m, n, k, alpha, a, b, beta, c, threads, Direct { a: direct_a, b: direct_b }, packed_b))
}

/// [`sgemm`] for a row-major `C`, with `B` read in place (`direct_b`) or packed into
/// `packed_b`, which holds a block of `B`.
///
/// # Safety
/// As for [`sgemm`].
#[allow(clippy::too_many_arguments)]
unsafe fn multiply_blocks<T: Element>(
    m: usize, n: usize, k: usize, alpha: f32, a: View<T>, b: View<T>, beta: f32, c: ViewMut, threads: usize, direct: Direct, packed_b: &mut [f32],
) -> RtResult<()> {
    let Direct { a: direct_a, b: direct_b } = direct;
    let mr = sliver_rows(m);
    for jc in (0..n).step_by(NC) {
        let nc = NC.min(n - jc);
        let slivers = nc.div_ceil(NR);
        for pc in (0..k).step_by(KC) {
            let kc = KC.min(k - pc);
            // Read in place (widening as the kernel loads), or packed into f32 slivers.
            let b_source = if direct_b {
                BSource::Direct(b.ptr.offset(pc as isize * b.row_stride + jc as isize), b.row_stride)
            } else {
                let out = SendPtr(packed_b.as_mut_ptr());
                pack_in_parallel(threads, nc.div_ceil(NR), kc * nc, |slivers| pack_b(out.get(), b, pc, kc, jc, nc, slivers))?;
                BSource::Packed(packed_b.as_ptr())
            };
            let block_rows = balanced_block_rows(m, threads, mr);
            let row_blocks = m.div_ceil(block_rows);
            // Enough items for every thread: split the slivers of B into groups when the
            // rows alone do not give each thread a block.
            let groups = if row_blocks >= threads { 1 } else { threads.div_ceil(row_blocks).min(slivers) };
            let items = row_blocks * groups;
            let first_block = pc == 0;
            let packed_a_len = if direct_a { 0 } else { KC * MC.div_ceil(mr) * mr };
            thread_pool::run_chunks(threads.min(items), items, move |begin, end| unsafe {
                scratch::with(Slot::PackedA, packed_a_len, |packed_a: &mut [f32]| {
                    let mut packed_block = usize::MAX;
                    for item in begin..end {
                        let (block, group) = (item / groups, item % groups);
                        let ic = block * block_rows;
                        let mc = block_rows.min(m - ic);
                        if packed_block != block && !direct_a {
                            pack_a(packed_a, a, ic, mc, pc, kc, mr);
                            packed_block = block;
                        }
                        let (s0, s1) = thread_pool::chunk_bounds(slivers, groups, group);
                        for sliver in s0..s1 {
                            let jr = sliver * NR;
                            let nr = NR.min(nc - jr);
                            for ir in (0..mc).step_by(mr) {
                                let rows = mr.min(mc - ir);
                                let a_sliver = if direct_a {
                                    // `direct_a` holds only for f32 elements.
                                    let first = a.ptr.offset((ic + ir) as isize * a.row_stride + pc as isize) as *const f32;
                                    ASliver::InPlace { ptr: first, row_stride: a.row_stride, rows }
                                } else {
                                    ASliver::Packed(packed_a.as_ptr().add((ir / mr) * kc * mr))
                                };
                                let tile = Tile { row: ic + ir, col: jc + jr, rows, cols: nr };
                                let scale = if first_block { beta } else { 1.0 };
                                // The slivers hold `kc` steps; the tile lies inside C.
                                match b_source {
                                    BSource::Direct(base, row_stride) => {
                                        let b_sliver = Sliver { ptr: base.add(jr), row_stride, cols: nr };
                                        run_kernel(mr, kc, a_sliver, b_sliver, c, tile, alpha, scale);
                                    }
                                    BSource::Packed(base) => {
                                        let b_sliver = Sliver { ptr: base.add(sliver * kc * NR), row_stride: NR as isize, cols: nr };
                                        run_kernel(mr, kc, a_sliver, b_sliver, c, tile, alpha, scale);
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

/// Which operands the kernels read in place rather than packed.
#[derive(Copy, Clone)]
struct Direct {
    a: bool,
    b: bool,
}

/// A sliver of `A` as the kernels read it: packed (step `p` of `k` holds the sliver's
/// rows side by side), or in place (row `i`'s element at step `p` at `ptr + i *
/// row_stride + p`, for the first `rows` rows; the kernel's rows past them read row
/// `rows - 1` again, and their sums are never stored).
#[derive(Copy, Clone)]
enum ASliver {
    Packed(*const f32),
    InPlace { ptr: *const f32, row_stride: isize, rows: usize },
}

/// Where the kernels read a block of `B`: in place (its first element and row stride, in
/// elements of `T`), or packed into f32 slivers.
#[derive(Copy, Clone)]
enum BSource<T> {
    Direct(*const T, isize),
    Packed(*const f32),
}

// SAFETY: `B` (packed or not) is only read while the threads run, and outlives them.
unsafe impl<T> Send for BSource<T> {}
unsafe impl<T> Sync for BSource<T> {}

/// A sliver of `B` as the kernel reads it: `NR` columns (`cols` of them inside `B`; the
/// others are zeros in a packed sliver and never loaded from an unpacked one) of each of
/// its rows, one row every `row_stride` elements.
#[derive(Copy, Clone)]
struct Sliver<E> {
    ptr: *const E,
    row_stride: isize,
    cols: usize,
}

/// The kernel of `mr` rows on one tile.
///
/// # Safety
/// As for [`kernel`].
#[allow(clippy::too_many_arguments)]
unsafe fn run_kernel<E: Element>(mr: usize, kc: usize, a: ASliver, b: Sliver<E>, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
    match (mr, a) {
        (MR, ASliver::Packed(a)) => kernel::<MR, E>(kc, a, b, c, tile, alpha, beta),
        (8, ASliver::Packed(a)) => kernel::<8, E>(kc, a, b, c, tile, alpha, beta),
        (_, ASliver::Packed(a)) => kernel::<4, E>(kc, a, b, c, tile, alpha, beta),
        (MR, ASliver::InPlace { ptr, row_stride, rows }) => kernel_in_place_a::<MR, E>(kc, ptr, row_stride, rows, b, c, tile, alpha, beta),
        (8, ASliver::InPlace { ptr, row_stride, rows }) => kernel_in_place_a::<8, E>(kc, ptr, row_stride, rows, b, c, tile, alpha, beta),
        (_, ASliver::InPlace { ptr, row_stride, rows }) => kernel_in_place_a::<4, E>(kc, ptr, row_stride, rows, b, c, tile, alpha, beta),
    }
}

/// The rows of an `A` block: at most [`MC`], a multiple of the sliver height `mr`, and as even a split of
/// `m` rows into a multiple of `threads` blocks as those allow, so that the threads get
/// equal work (256 rows in blocks of 192 gave one thread three times the other's).
pub(crate) fn balanced_block_rows(m: usize, threads: usize, mr: usize) -> usize {
    let threads = threads.max(1);
    let blocks = m.div_ceil(threads * MC) * threads;
    m.div_ceil(blocks).div_ceil(mr).max(1) * mr
}

/// The register block's rows for an `A` of `m` rows: for a short `A` (at most
/// [`DIRECT_B_MAX_ROWS`] rows) 12, 8 or 4, whichever pads the fewest rows of the last
/// sliver (the larger on a tie), else 12, whose kernel loads least per multiply-add. A GRU
/// step's 16 rows take two slivers of 8 rather than a 12 and a 4 padded to 12 (a third of
/// its multiply-adds on zeros); a single row (a decoder's token) takes one of 4.
pub fn sliver_rows(m: usize) -> usize {
    if m > DIRECT_B_MAX_ROWS {
        return MR;
    }
    [MR, 8, 4].into_iter().min_by_key(|&r| (m.div_ceil(r) * r - m, usize::MAX - r)).unwrap_or(MR)
}

/// Where a kernel's block lands in `C`: its first row and column, and how many of its
/// `MR x NR` elements are inside `C`.
#[derive(Copy, Clone)]
pub(crate) struct Tile {
    pub row: usize,
    pub col: usize,
    pub rows: usize,
    pub cols: usize,
}

/// The fewest elements of a block of `B` packed by several threads: below it, handing the
/// packing to the pool costs more than it saves.
const PARALLEL_PACK_MIN_ELEMENTS: usize = 1 << 16;

/// Calls `pack` on ranges covering `0..slivers`, in parallel on the pool when the block
/// of `elements` is big enough ([`PARALLEL_PACK_MIN_ELEMENTS`]), else on this thread. The
/// ranges are disjoint, so each sliver is written by one thread.
pub(crate) fn pack_in_parallel(threads: usize, slivers: usize, elements: usize, pack: impl Fn(std::ops::Range<usize>) + Sync) -> RtResult<()> {
    let threads = if elements >= PARALLEL_PACK_MIN_ELEMENTS { threads } else { 1 };
    thread_pool::run_chunks(threads.min(slivers), slivers, |s0, s1| pack(s0..s1))
}

/// Packs rows `pc..pc + kc` and columns `jc..jc + nc` of `B` into `NR`-column slivers, the
/// slivers `slivers` of them.
///
/// # Safety
/// `out` holds `kc * NR` floats per sliver; no other thread writes these slivers.
unsafe fn pack_b<T: Element>(out: *mut f32, b: View<T>, pc: usize, kc: usize, jc: usize, nc: usize, slivers: std::ops::Range<usize>) {
    // Rows contiguous and columns not (a transposed operand): each column of a sliver is
    // one contiguous read, written with a stride of `NR`; otherwise row by row.
    let by_columns = b.col_stride != 1 && b.row_stride == 1;
    for sliver in slivers {
        let jr = sliver * NR;
        let nr = NR.min(nc - jr);
        let dst = std::slice::from_raw_parts_mut(out.add(sliver * kc * NR), kc * NR);
        if by_columns {
            // Each column of the sliver is a line of the transposed blocks.
            for j in (0..nr).step_by(16) {
                let lines = 16.min(nr - j);
                let column = b.ptr.offset(pc as isize + (jc + jr + j) as isize * b.col_stride);
                for p in (0..kc).step_by(16) {
                    let count = 16.min(kc - p);
                    transpose_block(column.add(p), b.col_stride, lines, count, dst.as_mut_ptr().add(p * NR + j), NR, 16);
                }
            }
        } else {
            for p in 0..kc {
                let row = b.ptr.offset((pc + p) as isize * b.row_stride + (jc + jr) as isize * b.col_stride);
                let to = &mut dst[p * NR..p * NR + nr];
                if b.col_stride == 1 && T::IS_F32 {
                    std::ptr::copy_nonoverlapping(row as *const f32, to.as_mut_ptr(), nr);
                } else if b.col_stride == 1 && nr == NR {
                    widen_row(row, to.as_mut_ptr());
                } else {
                    for (j, slot) in to.iter_mut().enumerate() {
                        *slot = T::widen(row.offset(j as isize * b.col_stride));
                    }
                }
            }
        }
        for p in 0..kc {
            dst[p * NR + nr..(p + 1) * NR].fill(0.0);
        }
    }
}

/// Widens [`NR`] contiguous elements from `row` into `to`.
#[target_feature(enable = "avx512f")]
unsafe fn widen_row<T: Element>(row: *const T, to: *mut f32) {
    _mm512_storeu_ps(to, T::widen16(row));
    _mm512_storeu_ps(to.add(16), T::widen16(row.add(16)));
}

/// Packs rows `ic..ic + mc` and columns `pc..pc + kc` of `A` into `mr`-row slivers.
unsafe fn pack_a<T: Element>(out: &mut [f32], a: View<T>, ic: usize, mc: usize, pc: usize, kc: usize, mr_block: usize) {
    for (sliver, ir) in (0..mc).step_by(mr_block).enumerate() {
        let mr = mr_block.min(mc - ir);
        let dst = &mut out[sliver * kc * mr_block..(sliver + 1) * kc * mr_block];
        if a.row_stride == 1 {
            // Columns contiguous (a transposed operand): each column of the sliver is one
            // contiguous read.
            for p in 0..kc {
                let column = a.ptr.offset((ic + ir) as isize + (pc + p) as isize * a.col_stride);
                for (i, slot) in dst[p * mr_block..p * mr_block + mr].iter_mut().enumerate() {
                    *slot = T::widen(column.add(i));
                }
                dst[p * mr_block + mr..(p + 1) * mr_block].fill(0.0);
            }
            continue;
        }
        if a.col_stride == 1 {
            // Rows contiguous: transposed 16 steps of `k` at a time in registers.
            let first_row = a.ptr.offset((ic + ir) as isize * a.row_stride + pc as isize);
            for p in (0..kc).step_by(16) {
                let count = 16.min(kc - p);
                transpose_block(first_row.add(p), a.row_stride, mr, count, dst.as_mut_ptr().add(p * mr_block), mr_block, mr_block);
            }
            continue;
        }
        for i in 0..mr_block {
            if i >= mr {
                for p in 0..kc {
                    dst[p * mr_block + i] = 0.0;
                }
                continue;
            }
            let row = a.ptr.offset((ic + ir + i) as isize * a.row_stride + pc as isize * a.col_stride);
            for p in 0..kc {
                dst[p * mr_block + i] = T::widen(row.offset(p as isize * a.col_stride));
            }
        }
    }
}

/// `C[tile] = alpha * (A sliver . B sliver) + beta * C[tile]` (`beta == 0`: `C` not read);
/// `B`'s elements widened to f32 as they are loaded.
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn kernel<const R: usize, E: Element>(kc: usize, a: *const f32, b: Sliver<E>, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
    multiply_sliver::<R, E>(kc, |p, i| *a.add(p * R + i), b, c, tile, alpha, beta);
}

/// [`kernel`] reading `A`'s rows in place: one pointer per row of the sliver (`rows` of
/// them inside `A`, from `a`, `row_stride` apart), stepping along `k`; the rows past
/// `rows` read the last one again.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn kernel_in_place_a<const R: usize, E: Element>(kc: usize, a: *const f32, row_stride: isize, rows: usize, b: Sliver<E>, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
    let rows: [*const f32; R] = std::array::from_fn(|i| a.offset(i.min(rows.max(1) - 1) as isize * row_stride));
    multiply_sliver::<R, E>(kc, |p, i| *rows[i].add(p), b, c, tile, alpha, beta);
}

/// The kernels' loop: for each step `p` of `k`, two vectors of the `B` sliver's row times
/// `a_at(p, i)` for each row `i`, accumulated in `R x 2` registers, then stored. Always
/// inlined into its kernel, whose AVX-512 it compiles with.
#[inline(always)]
unsafe fn multiply_sliver<const R: usize, E: Element>(kc: usize, a_at: impl Fn(usize, usize) -> f32, b: Sliver<E>, c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
    let mut acc = [[_mm512_setzero_ps(); 2]; R];
    // Lanes past `b.cols` are not loaded (they read as zero): a packed sliver has zeros
    // there anyway, an unpacked one ends at B's last column.
    let low = if b.cols >= 16 { 0xffff } else { (1u32 << b.cols) as u16 - 1 };
    let high = if b.cols >= NR { 0xffff } else if b.cols <= 16 { 0 } else { (1u32 << (b.cols - 16)) as u16 - 1 };
    for p in 0..kc {
        let row = b.ptr.offset(p as isize * b.row_stride);
        let b0 = E::widen16_masked(row, low);
        let b1 = E::widen16_masked(row.add(16), high);
        for (i, acc_row) in acc.iter_mut().enumerate() {
            let ai = _mm512_set1_ps(a_at(p, i));
            acc_row[0] = _mm512_fmadd_ps(ai, b0, acc_row[0]);
            acc_row[1] = _mm512_fmadd_ps(ai, b1, acc_row[1]);
        }
    }
    store_tile(&acc, c, tile, alpha, beta);
}

/// `C[tile] = alpha * acc + beta * C[tile]` for a kernel's accumulators, `acc[i]` holding
/// row `i`'s [`NR`] columns (`beta == 0`: `C` not read).
///
/// # Safety
/// The tile's rows and columns inside `C` address valid elements of it.
/// Always inlined into its kernel, whose `avx512f` it then compiles with (the accumulators
/// stay in registers).
#[inline(always)]
pub(crate) unsafe fn store_tile<const R: usize>(acc: &[[__m512; 2]; R], c: ViewMut, tile: Tile, alpha: f32, beta: f32) {
    let alpha_v = _mm512_set1_ps(alpha);
    if c.row_stride == 1 && c.col_stride != 1 && R <= 16 {
        // Columns contiguous: the tile is transposed in registers and stored a column at
        // a time, masked to the rows inside C.
        let row_mask = lane_mask(tile.rows);
        for half in 0..2 {
            let mut rows = [_mm512_setzero_ps(); 16];
            for (row, sums) in rows.iter_mut().zip(acc.iter()) {
                *row = sums[half];
            }
            let columns = transpose16(rows);
            for (j, &sum) in columns.iter().enumerate().take(tile.cols.saturating_sub(half * 16)) {
                let at = c.ptr.offset(tile.row as isize + (tile.col + half * 16 + j) as isize * c.col_stride);
                let scaled = _mm512_mul_ps(alpha_v, sum);
                let value = if beta == 0.0 { scaled } else { _mm512_fmadd_ps(_mm512_set1_ps(beta), _mm512_maskz_loadu_ps(row_mask, at), scaled) };
                _mm512_mask_storeu_ps(at, row_mask, value);
            }
        }
        return;
    }
    let full = tile.rows == R && tile.cols == NR && c.col_stride == 1;
    for (i, row) in acc.iter().enumerate().take(tile.rows) {
        let out = c.ptr.offset((tile.row + i) as isize * c.row_stride + tile.col as isize * c.col_stride);
        if full {
            for (half, &sum) in row.iter().enumerate() {
                let at = out.add(half * 16);
                let scaled = _mm512_mul_ps(alpha_v, sum);
                let value = if beta == 0.0 { scaled } else { _mm512_fmadd_ps(_mm512_set1_ps(beta), _mm512_loadu_ps(at), scaled) };
                _mm512_storeu_ps(at, value);
            }
            continue;
        }
        let mut lanes = [0f32; NR];
        _mm512_storeu_ps(lanes.as_mut_ptr(), row[0]);
        _mm512_storeu_ps(lanes.as_mut_ptr().add(16), row[1]);
        for (j, &sum) in lanes.iter().enumerate().take(tile.cols) {
            let at = out.offset(j as isize * c.col_stride);
            let scaled = alpha * sum;
            *at = if beta == 0.0 { scaled } else { beta.mul_add(*at, scaled) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `C = alpha A B + beta C` in f64 from the same f32 operands, and per element the
    /// error bound of an f32 evaluation in any order: `(k + 2) eps (|alpha| sum |a b| +
    /// |beta c|)`.
    fn reference(m: usize, n: usize, k: usize, alpha: f32, a: &[f32], b: &[f32], beta: f32, c: &[f32]) -> Vec<(f64, f64)> {
        let mut out = vec![(0f64, 0f64); m * n];
        for i in 0..m {
            for j in 0..n {
                let products = (0..k).map(|p| a[i * k + p] as f64 * b[p * n + j] as f64);
                let (sum, magnitude) = products.fold((0.0, 0.0), |(s, g), x| (s + x, g + x.abs()));
                let value = alpha as f64 * sum + beta as f64 * c[i * n + j] as f64;
                let scale = (alpha as f64).abs() * magnitude + (beta as f64 * c[i * n + j] as f64).abs();
                out[i * n + j] = (value, (k + 2) as f64 * f32::EPSILON as f64 * scale);
            }
        }
        out
    }

    fn values(count: usize, seed: u32) -> Vec<f32> {
        (0..count).map(|i| (((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 8) % 2001) as f32 / 1000.0 - 1.0).collect()
    }

    #[test]
    fn matches_the_exact_product_on_edges_and_blocks() {
        if !available() {
            return;
        }
        // Sizes that leave partial register blocks, several blocks of k and of rows.
        // With `n` up to 64 the kernel reads A in place; a transposed B with `m` up to 64
        // turns the product around and stores C's tiles transposed, masked at the edges.
        let cases = [(1, 1, 1, 0.0), (13, 33, 7, 0.5), (200, 70, 300, 0.0), (25, 4100, 3, 1.0), (12, 32, 256, 0.0), (16, 40, 20, 0.0), (3, 64, 9, 2.0), (64, 300, 40, 0.5), (50, 17, 33, 1.0)];
        for &(m, n, k, beta) in &cases {
            for b_transposed in [false, true] {
                let (a, b, c0) = (values(m * k, 1), values(k * n, 2), values(m * n, 3));
                let b_stored: Vec<f32> = if b_transposed { (0..k * n).map(|i| b[(i % k) * n + i / k]).collect() } else { b.clone() };
                let b_view = if b_transposed {
                    View { ptr: b_stored.as_ptr(), row_stride: 1, col_stride: k as isize }
                } else {
                    View { ptr: b_stored.as_ptr(), row_stride: n as isize, col_stride: 1 }
                };
                let mut c = c0.clone();
                let a_view = View { ptr: a.as_ptr(), row_stride: k as isize, col_stride: 1 };
                let out = ViewMut { ptr: c.as_mut_ptr(), row_stride: n as isize, col_stride: 1 };
                // SAFETY: the buffers have the sizes the views describe.
                unsafe { sgemm(m, n, k, 1.5, a_view, b_view, beta, out, 2).expect("runs") };
                let exact = reference(m, n, k, 1.5, &a, &b, beta, &c0);
                for (got, (want, bound)) in c.iter().zip(&exact) {
                    assert!((*got as f64 - want).abs() <= *bound, "{m}x{n}x{k} (B transposed: {b_transposed}): {got} vs {want}");
                }
            }
        }
    }

    #[test]
    fn row_blocks_split_evenly_among_threads() {
        for (m, threads) in [(256, 2), (2048, 2), (100, 2), (12, 4), (5000, 3), (1, 1)] {
            let rows = balanced_block_rows(m, threads, MR);
            assert!(rows % MR == 0 && rows <= MC.max(MR), "{m} rows, {threads} threads: blocks of {rows}");
            let blocks = m.div_ceil(rows);
            // Every thread gets the same number of blocks, unless there are too few rows
            // for one register block each.
            assert!(blocks % threads == 0 || m <= threads * MR, "{m}, {threads}: {blocks} blocks of {rows}");
        }
        assert_eq!(balanced_block_rows(256, 2, MR), 132);
    }

    #[test]
    fn short_operands_take_the_sliver_that_pads_least() {
        assert_eq!(sliver_rows(16), 8);
        assert_eq!(sliver_rows(32), 8);
        assert_eq!(sliver_rows(24), 12);
        assert_eq!(sliver_rows(1), 4);
        assert_eq!(sliver_rows(1024), 12);
    }

    #[test]
    fn reads_transposed_operands_and_writes_strided_results() {
        if !available() {
            return;
        }
        let (m, n, k) = (20, 40, 9);
        let (a, b) = (values(m * k, 4), values(k * n, 5));
        // A^T stored k x m, B^T stored n x k, C column-major.
        let at: Vec<f32> = (0..k * m).map(|x| a[(x % m) * k + x / m]).collect();
        let bt: Vec<f32> = (0..n * k).map(|x| b[(x % k) * n + x / k]).collect();
        let mut c = vec![f32::NAN; m * n];
        let a_view = View { ptr: at.as_ptr(), row_stride: 1, col_stride: m as isize };
        let b_view = View { ptr: bt.as_ptr(), row_stride: 1, col_stride: k as isize };
        let out = ViewMut { ptr: c.as_mut_ptr(), row_stride: 1, col_stride: m as isize };
        // SAFETY: the buffers have the sizes the views describe.
        unsafe { sgemm(m, n, k, 1.0, a_view, b_view, 0.0, out, 1).expect("runs") };
        let exact = reference(m, n, k, 1.0, &a, &b, 0.0, &vec![0.0; m * n]);
        for i in 0..m {
            for j in 0..n {
                // beta = 0 must not read the NaNs C held.
                let (want, bound) = exact[i * n + j];
                assert!((c[j * m + i] as f64 - want).abs() <= bound, "({i}, {j})");
            }
        }
    }
}
