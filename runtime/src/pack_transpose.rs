//! Transposing copies for packing gemm operands: blocks of 16 x 16 elements transposed in
//! registers.
//!
//! Packing turns lines into columns in two cases: a row-major `A` into slivers of `mr`
//! rows (each step of `k` holds the sliver's `mr` elements side by side) and a transposed
//! `B` into slivers of `NR` columns. Element by element that is one scalar store per
//! element, which for a product with a short side costs as much as the multiply-adds: an
//! `A` of `k` = 512 times a `B` of 64 columns does 24 vector multiply-adds per 12 packed
//! elements. Here up to 16 lines of up to 16 elements are loaded as 16 vectors (masked
//! at the edges, widened from 16-bit formats as they load), transposed with 64 shuffles,
//! and stored as up to 16 masked vectors.
//!
//! Invariants: only the elements asked for are read, and only the lanes asked for are
//! written; lanes past the last line are written as zeros, which is how the slivers pad.

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

use crate::sgemm_avx512::Element;

/// Copies a block of `lines` (at most 16) lines of `count` (at most 16) contiguous
/// elements, line `i` starting at `src + i * line_stride`, transposed: element `j` of
/// line `i` goes to `out[j * out_stride + i]`, for `j < count` and `i < width` (at most
/// 16), lanes `lines..width` getting zeros.
///
/// # Safety
/// The `lines x count` elements are readable, the `count x width` lanes of `out` writable;
/// the CPU has AVX-512F, BW and VL.
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub unsafe fn transpose_block<T: Element>(src: *const T, line_stride: isize, lines: usize, count: usize, out: *mut f32, out_stride: usize, width: usize) {
    let load_mask = lane_mask(count);
    let mut rows = [_mm512_setzero_ps(); 16];
    for (i, row) in rows.iter_mut().enumerate().take(lines.min(16)) {
        let line = src.offset(i as isize * line_stride);
        *row = T::widen16_masked(line, load_mask);
        // The lines are walked a block at a time by successive calls, too many at once
        // for the hardware's stream detection: fetch a few blocks ahead (a prefetch never
        // faults, so past a line's end it only wastes a fetch).
        _mm_prefetch::<_MM_HINT_T0>(line.wrapping_add(PREFETCH_AHEAD) as *const i8);
    }
    let columns = transpose16(rows);
    let store_mask = lane_mask(width);
    for (j, column) in columns.iter().enumerate().take(count.min(16)) {
        _mm512_mask_storeu_ps(out.add(j * out_stride), store_mask, *column);
    }
}

/// How many elements ahead of a block each line is prefetched: four blocks.
const PREFETCH_AHEAD: usize = 64;

/// The mask of the first `n` (at most 16) lanes.
pub(crate) fn lane_mask(n: usize) -> u16 {
    if n >= 16 {
        u16::MAX
    } else {
        (1u16 << n) - 1
    }
}

/// The transpose of the 16 x 16 matrix whose rows are `r`: lane `i` of result `j` is lane
/// `j` of `r[i]`.
///
/// Three rounds: interleaving pairs of rows by 32 bits, then by 64 bits, leaves in lane
/// quarter `q` of `u[4g + c]` the elements `4q + c` of rows `4g..4g + 4`; two rounds of
/// 128-bit shuffles then gather the four quarters of each column.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn transpose16(r: [__m512; 16]) -> [__m512; 16] {
    let mut t = [_mm512_setzero_ps(); 16];
    for p in 0..8 {
        t[2 * p] = _mm512_unpacklo_ps(r[2 * p], r[2 * p + 1]);
        t[2 * p + 1] = _mm512_unpackhi_ps(r[2 * p], r[2 * p + 1]);
    }
    let mut u = [_mm512_setzero_ps(); 16];
    for g in 0..4 {
        let (lo, hi) = (_mm512_castps_pd(t[4 * g]), _mm512_castps_pd(t[4 * g + 2]));
        let (lo2, hi2) = (_mm512_castps_pd(t[4 * g + 1]), _mm512_castps_pd(t[4 * g + 3]));
        u[4 * g] = _mm512_castpd_ps(_mm512_unpacklo_pd(lo, hi));
        u[4 * g + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(lo, hi));
        u[4 * g + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(lo2, hi2));
        u[4 * g + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(lo2, hi2));
    }
    let mut columns = [_mm512_setzero_ps(); 16];
    for c in 0..4 {
        // Quarters 0 and 2 (`even`), 1 and 3 (`odd`) of rows 0..8, then of rows 8..16.
        let even_low = _mm512_shuffle_f32x4::<0x88>(u[c], u[4 + c]);
        let odd_low = _mm512_shuffle_f32x4::<0xdd>(u[c], u[4 + c]);
        let even_high = _mm512_shuffle_f32x4::<0x88>(u[8 + c], u[12 + c]);
        let odd_high = _mm512_shuffle_f32x4::<0xdd>(u[8 + c], u[12 + c]);
        columns[c] = _mm512_shuffle_f32x4::<0x88>(even_low, even_high);
        columns[8 + c] = _mm512_shuffle_f32x4::<0xdd>(even_low, even_high);
        columns[4 + c] = _mm512_shuffle_f32x4::<0x88>(odd_low, odd_high);
        columns[12 + c] = _mm512_shuffle_f32x4::<0xdd>(odd_low, odd_high);
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_of_every_shape_transpose_and_pad() {
        if !crate::sgemm_avx512::available() {
            return;
        }
        let stride = 21usize;
        let src: Vec<f32> = (0..16 * stride).map(|x| x as f32).collect();
        for lines in [1, 5, 12, 16] {
            for count in [1, 7, 16] {
                for width in [lines, 16] {
                    let out_stride = 19;
                    let mut out = vec![-1.0f32; 16 * out_stride];
                    // SAFETY: the block lies inside `src` and `out`; the CPU has AVX-512.
                    unsafe { transpose_block(src.as_ptr(), stride as isize, lines, count, out.as_mut_ptr(), out_stride, width) };
                    for j in 0..16 {
                        for i in 0..out_stride {
                            let want = if j >= count || i >= width {
                                -1.0
                            } else if i >= lines {
                                0.0
                            } else {
                                src[i * stride + j]
                            };
                            assert_eq!(out[j * out_stride + i], want, "lines {lines} count {count} width {width} at ({j}, {i})");
                        }
                    }
                }
            }
        }
    }
}
