//! f32 convolutions on CPUs with AVX-512 by *indirect gemm*: the product im2col builds,
//! computed without the im2col matrix (the indirect convolution algorithm, Dukhan 2019).
//!
//! The product is the one of [`super`]'s im2col: per pair of feature and batch group,
//! output rows `(b, p)` times `W * C` columns (window tap, input feature) times the pair's
//! `N` output features. Writing the patch matrix and packing it again for the gemm kernel
//! cost three times the multiply-adds on the convolutions models have (few features per
//! tap); here the kernel reads the input where it is:
//!
//! - for a block of output rows and a block of taps, a *table* holds per row and tap the
//!   address of that tap's first input feature, or of zeros laid out like the features
//!   where the tap lies on padding or on a hole of the lhs dilation; the kernel steps from
//!   feature to feature by the input's feature stride, so any input layout is read where
//!   it is;
//! - the pair's kernel slice is packed into slivers of `16 V` output features (`V` vectors
//!   of 16 floats: one when the pair has at most 16 output features, else two), each
//!   `W * C` rows of `16 V` floats, zero past the pair's features;
//! - the micro-kernel multiplies [`ROWS`] output rows by one sliver over a block of taps:
//!   per tap it reads the rows' addresses from the table, per feature it broadcasts one
//!   input element per row and does `V` fused multiply-adds per row into `ROWS x V`
//!   accumulators held in registers; it stores its tile through per-row output addresses,
//!   so an output in any layout costs no scatter pass.
//!
//! Work is split as in [`crate::sgemm_avx512`]: rows in balanced blocks, the blocks (or
//! pairs of a block and a group of slivers, when there are fewer blocks than threads)
//! spread over the pool.
//!
//! Invariants: only elements inside the input and the zeros are read;
//! every output element is written by one work item, stored by the first block of taps and
//! accumulated by the later ones in order; within a block the sums are fused multiply-adds
//! in order of tap and feature. The geometry was validated by [`super::Geometry::read`].

#![cfg(target_arch = "x86_64")]

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::arch::x86_64::*;
use std::ptr::{null, null_mut};

use super::{unflatten, Geometry};
use crate::args::{self, SendPtr};
use crate::gemm::PARALLEL_MIN_MULTIPLY_ADDS;
use crate::sgemm_avx512::{self, balanced_block_rows, KC};
use crate::status::{RtError, RtResult};
use crate::thread_pool;

/// Output rows of the register block. Eight rows keep their input addresses in general
/// registers next to the 16 accumulators of two vectors each.
const ROWS: usize = 8;

/// Floats per vector.
const LANES: usize = 16;

/// Whether this CPU runs the kernel.
pub(super) fn available() -> bool {
    sgemm_avx512::available()
}

/// Computes the validated convolution `g` when its positions fit `i64` arithmetic and it
/// has work (`Ok(false)` otherwise: the caller's im2col path takes it).
///
/// # Safety
/// The buffers are valid for the geometry, the output overlaps neither input, and
/// [`available`] holds.
pub(super) unsafe fn convolve(g: &Geometry, input: *const f32, kernel: *const f32, output: *mut f32, threads: usize) -> RtResult<bool> {
    let (p_count, w_count) = g.positions()?;
    let c_count = g.kernel.first.size;
    let rows_total = args::product("the output rows", &[g.output.first.size, p_count])?;
    if c_count == 0 || w_count == 0 || rows_total == 0 || !positions_fit_i64(g) {
        return Ok(false);
    }
    let taps = Taps::new(g, w_count);
    let out_features = g.output.second.size;
    let (per_feature_group, per_batch_group) = (out_features / g.feature_groups, out_features / g.batch_groups);
    for fg in 0..g.feature_groups {
        for bg in 0..g.batch_groups {
            let o0 = (fg * per_feature_group).max(bg * per_batch_group);
            let o1 = ((fg + 1) * per_feature_group).min((bg + 1) * per_batch_group);
            if o0 >= o1 {
                continue;
            }
            let pair = Pair { g, taps: &taps, p_count, rows_total, batch0: bg * g.output.first.size, feature0: fg * c_count, o0, n: o1 - o0 };
            if pair.n <= LANES {
                pair.run::<1>(input, kernel, output, threads)?;
            } else {
                pair.run::<2>(input, kernel, output, threads)?;
            }
        }
    }
    Ok(true)
}

/// Whether every position `s * stride + k * rhs_dilation - low` stays well inside `i64`,
/// so that the tables are built without wider arithmetic.
fn positions_fit_i64(g: &Geometry) -> bool {
    g.windows.iter().enumerate().all(|(d, w)| {
        let reach = (g.output.spatial[d].size as i128) * (w.stride as i128) + (g.kernel.spatial[d].size as i128) * (w.rhs_dilation as i128) + (w.low as i128).abs();
        reach < (1i128 << 62)
    })
}

/// Zeros laid out like one tap's features in the input: `C` of them, the input's feature
/// stride apart, for padding taps to read as other taps read the input. The buffer spans
/// `(C - 1) * |stride| + 1` floats, allocated zeroed, so that the pages between the `C`
/// that are read cost no memory (a channels-first input's stride is a whole plane).
struct Zeros {
    buffer: *mut f32,
    layout: Layout,
    first: *const f32,
}

impl Zeros {
    fn new(count: usize, stride: isize) -> RtResult<Zeros> {
        let reach = count.saturating_sub(1).checked_mul(stride.unsigned_abs());
        let len = reach.and_then(|r| r.checked_add(1)).ok_or_else(|| RtError::out_of_memory(usize::MAX))?;
        let layout = Layout::array::<f32>(len).map_err(|_| RtError::out_of_memory(usize::MAX))?;
        // SAFETY: the layout is not empty (`len >= 1`).
        let buffer = unsafe { alloc_zeroed(layout) } as *mut f32;
        if buffer.is_null() {
            return Err(RtError::out_of_memory(layout.size()));
        }
        // A negative stride steps down from the buffer's last element.
        let first = if stride < 0 { buffer.wrapping_add(len - 1) } else { buffer };
        Ok(Zeros { buffer, layout, first })
    }
}

impl Drop for Zeros {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.buffer as *mut u8, self.layout) };
    }
}

/// The window taps in row-major order of the kernel's spatial dimensions: per tap its
/// index along each of the `spatial` dimensions (`index[w * spatial + d]`) and, for rows
/// whose whole window lies inside an undilated input, its input offset
/// (`sum k_d * rhs_dilation_d * stride_d`).
struct Taps {
    spatial: usize,
    index: Vec<usize>,
    offset: Vec<isize>,
}

impl Taps {
    fn new(g: &Geometry, count: usize) -> Taps {
        let spatial = g.windows.len();
        let mut index = Vec::with_capacity(count * spatial);
        let mut offset = Vec::with_capacity(count);
        let mut tap = vec![0usize; spatial];
        for w in 0..count {
            unflatten(w, g.kernel.spatial.iter().map(|d| d.size), &mut tap);
            let at = tap.iter().zip(&g.windows).zip(&g.input.spatial);
            offset.push(at.map(|((&k, win), dim)| (k * win.rhs_dilation) as isize * dim.stride).sum());
            index.extend_from_slice(&tap);
        }
        Taps { spatial, index, offset }
    }

    fn count(&self) -> usize {
        self.offset.len()
    }

    /// Tap `w`'s index along each spatial dimension.
    fn index(&self, w: usize) -> &[usize] {
        &self.index[w * self.spatial..(w + 1) * self.spatial]
    }
}

/// One pair of feature and batch group: its output features `o0..o0 + n`, the input batch
/// and feature it starts at, and what every pair shares.
struct Pair<'a> {
    g: &'a Geometry,
    taps: &'a Taps,
    p_count: usize,
    rows_total: usize,
    batch0: usize,
    feature0: usize,
    o0: usize,
    n: usize,
}

impl Pair<'_> {
    /// Packs the pair's kernel slice into slivers of `V` vectors and computes every output
    /// row.
    ///
    /// # Safety
    /// As for [`convolve`].
    unsafe fn run<const V: usize>(&self, input: *const f32, kernel: *const f32, output: *mut f32, threads: usize) -> RtResult<()> {
        let g = self.g;
        let (c_count, w_count) = (g.kernel.first.size, self.taps.count());
        let width = LANES * V;
        let k = c_count * w_count;
        let slivers = self.n.div_ceil(width);
        let mut packed = args::try_vec(args::product("the packed kernel", &[slivers, k, width])?, 0f32)?;
        for w in 0..w_count {
            let tap = self.taps.index(w);
            let mut at = 0isize;
            for (d, win) in g.windows.iter().enumerate() {
                let size = g.kernel.spatial[d].size;
                let index = if win.reversed { size - 1 - tap[d] } else { tap[d] };
                at += index as isize * g.kernel.spatial[d].stride;
            }
            for c in 0..c_count {
                let from = at + c as isize * g.kernel.first.stride;
                for j in 0..self.n {
                    packed[((j / width) * k + w * c_count + c) * width + j % width] = *kernel.offset(from + (self.o0 + j) as isize * g.kernel.second.stride);
                }
            }
        }
        let zeros = Zeros::new(c_count, g.input.second.stride)?;
        let work = self.rows_total.saturating_mul(k).saturating_mul(self.n);
        let threads = if work < PARALLEL_MIN_MULTIPLY_ADDS { 1 } else { threads.max(1) };
        let block_rows = balanced_block_rows(self.rows_total, threads, ROWS);
        let row_blocks = self.rows_total.div_ceil(block_rows);
        let groups = if row_blocks >= threads { 1 } else { threads.div_ceil(row_blocks).min(slivers) };
        let items = row_blocks * groups;
        let taps_per_block = (KC / c_count).clamp(1, w_count);
        let (input, output, zeros_at) = (SendPtr(input as *mut f32), SendPtr(output), SendPtr(zeros.first as *mut f32));
        let packed = &packed;
        thread_pool::run_chunks(threads.min(items), items, move |begin, end| {
            let padded_rows = block_rows.div_ceil(ROWS) * ROWS;
            let mut table = vec![null::<f32>(); padded_rows * taps_per_block];
            let mut rows = Rows::new(self, padded_rows);
            for item in begin..end {
                let (block, group) = (item / groups, item % groups);
                let r0 = block * block_rows;
                let mc = block_rows.min(self.rows_total - r0);
                // SAFETY: the rows are inside the output.
                unsafe { rows.locate(self, r0, mc, output.get()) };
                let (s0, s1) = thread_pool::chunk_bounds(slivers, groups, group);
                for t0 in (0..w_count).step_by(taps_per_block) {
                    let tb = taps_per_block.min(w_count - t0);
                    // SAFETY: the input is valid for the geometry.
                    unsafe { rows.fill_table(self, &mut table, t0, tb, input.get(), zeros_at.get()) };
                    for sliver in s0..s1 {
                        let cols = width.min(self.n - sliver * width);
                        let b = packed[(sliver * k + t0 * c_count) * width..].as_ptr();
                        for ir in (0..mc).step_by(ROWS) {
                            let tile = Tile { table: table[ir * tb..].as_ptr(), out: rows.out[ir..].as_ptr(), col: sliver * width, rows: ROWS.min(mc - ir), cols };
                            // SAFETY: the table's addresses hold `c_count` readable floats;
                            // the sliver holds `tb * c_count` rows; the tile is this item's.
                            unsafe { multiply_tile::<V>(tb, c_count, g.input.second.stride, b, tile, g.output.second.stride, t0 > 0) };
                        }
                    }
                }
            }
        })
    }
}

/// A block of output rows: per row its output address (at the pair's first feature), the
/// input offset of its batch element and the group's first feature, its window origin per
/// spatial dimension (`s * stride - low`), and whether its whole window lies inside an
/// undilated input (an *interior* row, whose taps are its offset plus theirs).
struct Rows {
    out: Vec<*mut f32>,
    base: Vec<isize>,
    origin: Vec<i64>,
    interior: Vec<bool>,
    count: usize,
    /// Scratch: an output position, and per spatial dimension and kernel index the input
    /// offset of that tap for one row (`None` on padding or a hole).
    index: Vec<usize>,
    along: Vec<Vec<Option<isize>>>,
}

impl Rows {
    fn new(pair: &Pair<'_>, capacity: usize) -> Rows {
        let spatial = pair.g.windows.len();
        Rows {
            out: vec![null_mut(); capacity],
            base: vec![0; capacity],
            origin: vec![0; capacity * spatial],
            interior: vec![false; capacity],
            count: 0,
            index: vec![0; spatial],
            along: pair.g.kernel.spatial.iter().map(|d| vec![None; d.size]).collect(),
        }
    }

    /// Locates rows `r0..r0 + count` (row `b * P + p`).
    ///
    /// # Safety
    /// The rows are inside the output.
    unsafe fn locate(&mut self, pair: &Pair<'_>, r0: usize, count: usize, output: *mut f32) {
        let g = pair.g;
        let spatial = g.windows.len();
        let p_count = pair.p_count.max(1);
        self.count = count;
        for r in 0..count {
            let row = r0 + r;
            let (b, p) = (row / p_count, row % p_count);
            unflatten(p, g.output.spatial.iter().map(|d| d.size), &mut self.index);
            let mut at = b as isize * g.output.first.stride + pair.o0 as isize * g.output.second.stride;
            let mut interior = true;
            for (d, &s) in self.index.iter().enumerate() {
                let win = &g.windows[d];
                at += s as isize * g.output.spatial[d].stride;
                let origin = s as i64 * win.stride as i64 - win.low as i64;
                self.origin[r * spatial + d] = origin;
                let last = origin + (g.kernel.spatial[d].size as i64 - 1) * win.rhs_dilation as i64;
                interior &= win.lhs_dilation == 1 && origin >= 0 && last < pair.g.input.spatial[d].size as i64;
            }
            self.out[r] = output.offset(at);
            self.base[r] = (pair.batch0 + b) as isize * pair.g.input.first.stride + pair.feature0 as isize * pair.g.input.second.stride;
            self.interior[r] = interior;
        }
    }

    /// Fills the table of taps `t0..t0 + count` for the located rows: row `r`'s tap `t` at
    /// `table[((r / ROWS) * count + t) * ROWS + r % ROWS]`; rows past the block read zeros.
    ///
    /// # Safety
    /// `input` is valid for the geometry; `zeros` reads as the kernel's input features do.
    unsafe fn fill_table(&mut self, pair: &Pair<'_>, table: &mut [*const f32], t0: usize, count: usize, input: *const f32, zeros: *const f32) {
        let g = pair.g;
        let spatial = g.windows.len();
        let padded = self.count.div_ceil(ROWS) * ROWS;
        for r in 0..padded {
            let slots = &mut table[(r / ROWS) * count * ROWS + r % ROWS..];
            if r >= self.count {
                for t in 0..count {
                    slots[t * ROWS] = zeros;
                }
                continue;
            }
            let base = self.base[r];
            if self.interior[r] {
                // The window's first element, then each tap's offset from it.
                let origin = &self.origin[r * spatial..(r + 1) * spatial];
                let corner = origin.iter().zip(&pair.g.input.spatial).fold(base, |at, (&i, dim)| at + i as isize * dim.stride);
                // SAFETY (all offsets below): taps inside the input address elements of it.
                for (t, &offset) in pair.taps.offset[t0..t0 + count].iter().enumerate() {
                    slots[t * ROWS] = input.offset(corner + offset);
                }
                continue;
            }
            for (d, along) in self.along.iter_mut().enumerate() {
                let (win, dim) = (&g.windows[d], &pair.g.input.spatial[d]);
                let origin = self.origin[r * spatial + d];
                for (k, slot) in along.iter_mut().enumerate() {
                    let position = origin + k as i64 * win.rhs_dilation as i64;
                    let source = match win.lhs_dilation {
                        1 => Some(position),
                        dilation => (position >= 0 && position % dilation as i64 == 0).then(|| position / dilation as i64),
                    };
                    *slot = source.filter(|i| (0..dim.size as i64).contains(i)).map(|i| i as isize * dim.stride);
                }
            }
            for t in 0..count {
                let offset = pair.taps.index(t0 + t).iter().zip(&self.along).try_fold(base, |at, (&k, along)| along[k].map(|o| at + o));
                slots[t * ROWS] = offset.map_or(zeros, |o| input.offset(o));
            }
        }
    }
}

/// What one call of the kernel computes: the table of its rows' taps (`ROWS` addresses
/// per tap), the rows' output addresses, the sliver's first column within the pair and
/// how many rows and columns of the `ROWS x 16 V` tile are inside the output.
struct Tile {
    table: *const *const f32,
    out: *const *mut f32,
    col: usize,
    rows: usize,
    cols: usize,
}

/// Multiplies the tile's rows by sliver `b` over `taps` taps of `channels` features each
/// (`feature_stride` apart in the input), and stores (or, with `accumulate`, adds) the
/// tile into the output.
///
/// # Safety
/// See [`Pair::run`]'s call.
#[target_feature(enable = "avx512f")]
unsafe fn multiply_tile<const V: usize>(taps: usize, channels: usize, feature_stride: isize, b: *const f32, tile: Tile, col_stride: isize, accumulate: bool) {
    let mut acc = [[_mm512_setzero_ps(); V]; ROWS];
    let mut b_row = b;
    for t in 0..taps {
        let rows: [*const f32; ROWS] = *(tile.table.add(t * ROWS) as *const [*const f32; ROWS]);
        let mut feature = 0isize;
        for _ in 0..channels {
            let mut bv = [_mm512_setzero_ps(); V];
            for (v, slot) in bv.iter_mut().enumerate() {
                *slot = _mm512_loadu_ps(b_row.add(v * LANES));
            }
            b_row = b_row.add(V * LANES);
            for (acc_row, row) in acc.iter_mut().zip(&rows) {
                let a = _mm512_set1_ps(*row.offset(feature));
                for (sum, &bv) in acc_row.iter_mut().zip(&bv) {
                    *sum = _mm512_fmadd_ps(a, bv, *sum);
                }
            }
            feature += feature_stride;
        }
    }
    for (i, acc_row) in acc.iter().enumerate().take(tile.rows) {
        let out = (*tile.out.add(i)).offset(tile.col as isize * col_stride);
        if col_stride == 1 {
            for (v, &sum) in acc_row.iter().enumerate() {
                let lanes = tile.cols.saturating_sub(v * LANES).min(LANES);
                if lanes == 0 {
                    break;
                }
                let mask: u16 = if lanes == LANES { u16::MAX } else { (1u16 << lanes) - 1 };
                let at = out.add(v * LANES);
                let value = if accumulate { _mm512_add_ps(_mm512_maskz_loadu_ps(mask, at), sum) } else { sum };
                _mm512_mask_storeu_ps(at, mask, value);
            }
            continue;
        }
        let mut lanes = [0f32; 2 * LANES];
        for (v, &sum) in acc_row.iter().enumerate() {
            _mm512_storeu_ps(lanes.as_mut_ptr().add(v * LANES), sum);
        }
        for (j, &sum) in lanes.iter().enumerate().take(tile.cols) {
            let at = out.offset(j as isize * col_stride);
            *at = if accumulate { *at + sum } else { sum };
        }
    }
}
