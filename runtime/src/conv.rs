//! XLA's general convolution (`ConvGeneralDilated`) in f32 and f64: any number of spatial
//! dimensions, window strides, padding (negative too), lhs (base) and rhs (window)
//! dilation, window reversal, `feature_group_count` and `batch_group_count`, on operands
//! in any layout.
//!
//! The caller describes the convolution by a *geometry*, an array of `15 + 12 * S`
//! `int64_t` for `S` spatial dimensions, so that one entry point serves every rank and
//! layout; dimension numbers and layouts are folded into a (size, stride) pair per
//! dimension, strides in elements:
//!
//! ```text
//! [0]          S, the number of spatial dimensions
//! [1]          feature_group_count
//! [2]          batch_group_count
//! [3..7+2S)    input:  batch (size, stride), feature (size, stride), spatial[S] (size, stride)
//! [7+2S..)     kernel: input feature (size, stride), output feature (size, stride), spatial[S] (size, stride)
//! [11+4S..)    output: batch (size, stride), feature (size, stride), spatial[S] (size, stride)
//! [15+6S..)    per spatial dimension: window stride, padding low, padding high,
//!              lhs dilation, rhs dilation, reversal (0 or 1)
//! ```
//!
//! Semantics (XLA's, as the interpreter and the loop lowering have them): output element
//! `(b, o, s)` sums `input[b', f, i] * kernel[f - f0, o, t]` over the group's input
//! features `f` and the window positions `k`, where `o` belongs to feature group
//! `o / (O / feature_groups)` (input features from `f0 = group * C`, `C` the kernel's input
//! features) and to batch group `o / (O / batch_groups)` (input batch `b' = group * B + b`,
//! `B` the output batch); along each spatial dimension the position
//! `s * stride + k * rhs_dilation - padding_low` of the padded, dilated input is input
//! element `i = position / lhs_dilation` when it is not negative, divides exactly and lies
//! inside the input, and is padding or a hole (no term) otherwise; the kernel tap `t` is
//! `k`, or `size - 1 - k` where reversed. The padding high and the output's spatial sizes
//! are the caller's (XLA's shape inference); positions past the input are padding whatever
//! they say.
//!
//! Algorithm: a convolution with lhs dilation is first split into phases without it
//! ([`phases`]: the sub-pixel form of a transposed convolution, which skips the taps that
//! meet holes). Each phase is then computed in f32 on CPUs with AVX-512 by indirect gemm
//! ([`indirect`]: the im2col product read straight from the input), otherwise by im2col
//! and gemm. Per pair of feature and batch group, the kernel's slice is
//! packed into a `[W * C, N]` matrix (`W` window positions, `N` the pair's output
//! features; tap-major, so that a tap's `C` features are contiguous as they are in a
//! channels-last input), and the output positions, `B * P` rows (`P` output spatial
//! positions), are taken in chunks: each chunk's input patches are packed into a
//! `[rows, W * C]` matrix (zeros on padding and holes), multiplied by the `gemm` crate, and the product
//! scattered into the output. Chunks run in parallel on the pool with serial products
//! when there are enough of them, otherwise one after another with parallel products.
//!
//! Invariants: the geometry is validated (sizes not negative, groups dividing what they
//! divide, strides and dilations positive, every buffer's extent within the address
//! space, output elements distinct and disjoint from the inputs) before any element is
//! touched; only input elements inside the input are read; every output element is
//! written exactly once, by one thread. Results depend on the number of threads only
//! through the `gemm` crate's summation order.

use crate::args::{self, SendPtr};
use crate::gemm::{multiply_dense, GemmElement, PARALLEL_MIN_MULTIPLY_ADDS};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};
use crate::thread_pool;

mod indirect;
mod phases;

/// The number of geometry values for `spatial` spatial dimensions.
pub fn geometry_len(spatial: usize) -> usize {
    15 + 12 * spatial
}

/// Rows of a chunk of output positions: at least this many, so that each product is big
/// enough for the `gemm` crate's kernels.
const MIN_CHUNK_ROWS: usize = 64;

/// Elements of a chunk's patch matrix to aim for (about 4 MiB of f32).
const CHUNK_ELEMENTS: usize = 1 << 20;

/// One dimension of a buffer: its size and its stride in elements.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Dim {
    size: usize,
    stride: isize,
}

/// A buffer's dimensions: batch (or input feature, for the kernel), feature (or output
/// feature), then the spatial ones.
#[derive(Clone, Debug)]
struct Operand {
    first: Dim,
    second: Dim,
    spatial: Vec<Dim>,
}

impl Operand {
    /// Every dimension.
    fn dims(&self) -> impl Iterator<Item = Dim> + '_ {
        [self.first, self.second].into_iter().chain(self.spatial.iter().copied())
    }

    /// The number of elements.
    fn elements(&self) -> usize {
        self.dims().map(|d| d.size).try_fold(1usize, |acc, s| acc.checked_mul(s)).unwrap_or(usize::MAX)
    }

    /// The smallest and largest element offsets, checked to fit the address space in
    /// bytes of `T`; `None` for an empty buffer.
    fn extent<T>(&self, what: &str) -> RtResult<Option<(isize, isize)>> {
        if self.elements() == 0 {
            return Ok(None);
        }
        let (mut low, mut high) = (0i128, 0i128);
        for d in self.dims() {
            let reach = (d.size as i128 - 1) * d.stride as i128;
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        let fits = |offset: i128| offset.checked_mul(std::mem::size_of::<T>() as i128).is_some_and(|b| b.abs() <= isize::MAX as i128);
        if !fits(low) || !fits(high + 1) {
            return Err(RtError::invalid(format!("{what}'s strides reach beyond the address space")));
        }
        Ok(Some((low as isize, high as isize)))
    }

    /// The byte range of the buffer at `ptr` (empty when it has no elements), after
    /// checking that `ptr` is not null unless the buffer is empty.
    fn byte_range<T>(&self, what: &str, ptr: *const T) -> RtResult<(usize, usize)> {
        let Some((low, high)) = self.extent::<T>(what)? else { return Ok((0, 0)) };
        args::not_null(what, ptr)?;
        let size = std::mem::size_of::<T>() as isize;
        let start = (ptr as isize).wrapping_add(low * size) as usize;
        Ok((start, start.wrapping_add(((high - low + 1) * size) as usize)))
    }

    /// Checks that no two indices name one element: sorted by stride size, each
    /// dimension of more than one element has a stride larger than the span of the
    /// smaller ones. An empty buffer has no elements to share.
    fn check_distinct(&self, what: &str) -> RtResult<()> {
        if self.elements() == 0 {
            return Ok(());
        }
        let mut dims: Vec<(usize, u128)> = self.dims().filter(|d| d.size > 1).map(|d| (d.size, d.stride.unsigned_abs() as u128)).collect();
        dims.sort_by_key(|d| d.1);
        let mut span = 0u128;
        for (size, stride) in dims {
            if stride <= span {
                return Err(RtError::invalid(format!("{what}'s strides make several indices name one element")));
            }
            span += stride * (size as u128 - 1);
        }
        Ok(())
    }
}

/// One spatial dimension of the window.
#[derive(Copy, Clone, Debug)]
struct Window {
    stride: usize,
    low: isize,
    lhs_dilation: usize,
    rhs_dilation: usize,
    reversed: bool,
}

/// A validated convolution.
#[derive(Clone, Debug)]
struct Geometry {
    feature_groups: usize,
    batch_groups: usize,
    input: Operand,
    kernel: Operand,
    output: Operand,
    windows: Vec<Window>,
}

/// Reads `(size, stride)` pairs from `values` at `at`.
fn read_operand(what: &str, values: &[i64], at: usize, spatial: usize) -> RtResult<Operand> {
    let dim = |i: usize| -> RtResult<Dim> {
        let (size, stride) = (values[at + 2 * i], values[at + 2 * i + 1]);
        let size = args::size(&format!("{what} dimension {i}'s size"), size)?;
        let stride = isize::try_from(stride).map_err(|_| RtError::invalid(format!("{what} has a stride that does not fit a pointer offset")))?;
        Ok(Dim { size, stride })
    };
    Ok(Operand { first: dim(0)?, second: dim(1)?, spatial: (0..spatial).map(|d| dim(2 + d)).collect::<RtResult<_>>()? })
}

impl Geometry {
    /// Reads and validates a geometry (see the module documentation).
    fn read(values: &[i64]) -> RtResult<Geometry> {
        let spatial = values.first().copied().ok_or_else(|| RtError::invalid("the geometry is empty"))?;
        let spatial = args::size("the number of spatial dimensions", spatial)?;
        if spatial > 64 || values.len() != geometry_len(spatial) {
            return Err(RtError::invalid(format!(
                "a geometry of {} values does not describe {spatial} spatial dimensions (which take {})",
                values.len(),
                geometry_len(spatial.min(64))
            )));
        }
        let positive = |what: &str, v: i64| -> RtResult<usize> {
            usize::try_from(v).ok().filter(|v| *v > 0).ok_or_else(|| RtError::invalid(format!("{what} = {v} is not positive")))
        };
        let feature_groups = positive("feature_group_count", values[1])?;
        let batch_groups = positive("batch_group_count", values[2])?;
        let input = read_operand("input", values, 3, spatial)?;
        let kernel = read_operand("kernel", values, 7 + 2 * spatial, spatial)?;
        let output = read_operand("output", values, 11 + 4 * spatial, spatial)?;
        let mut windows = Vec::with_capacity(spatial);
        for d in 0..spatial {
            let w = &values[15 + 6 * spatial + 6 * d..][..6];
            windows.push(Window {
                stride: positive("a window stride", w[0])?,
                low: isize::try_from(w[1]).map_err(|_| RtError::invalid("a padding does not fit a pointer offset"))?,
                lhs_dilation: positive("an lhs dilation", w[3])?,
                rhs_dilation: positive("an rhs dilation", w[4])?,
                reversed: match w[5] {
                    0 => false,
                    1 => true,
                    other => return Err(RtError::invalid(format!("a window reversal = {other} is not 0 or 1"))),
                },
            });
        }
        let g = Geometry { feature_groups, batch_groups, input, kernel, output, windows };
        g.check_groups()?;
        Ok(g)
    }

    /// Checks the sizes that the groups relate.
    fn check_groups(&self) -> RtResult<()> {
        let out_features = self.output.second.size;
        let fail = |m: String| Err(RtError::invalid(m));
        if self.kernel.second.size != out_features {
            return fail(format!("the kernel has {} output features, the output {out_features}", self.kernel.second.size));
        }
        if out_features % self.feature_groups != 0 || out_features % self.batch_groups != 0 {
            return fail(format!("the groups do not divide the {out_features} output features"));
        }
        if Some(self.input.second.size) != self.kernel.first.size.checked_mul(self.feature_groups) {
            return fail(format!(
                "the input has {} features, not the kernel's {} input features times {} feature groups",
                self.input.second.size, self.kernel.first.size, self.feature_groups
            ));
        }
        if Some(self.input.first.size) != self.output.first.size.checked_mul(self.batch_groups) {
            return fail(format!(
                "the input batch is {}, not the output batch {} times {} batch groups",
                self.input.first.size, self.output.first.size, self.batch_groups
            ));
        }
        Ok(())
    }

    /// The number of output positions per batch element (`P`) and window positions (`W`).
    fn positions(&self) -> RtResult<(usize, usize)> {
        let p = args::product("the output positions", &self.output.spatial.iter().map(|d| d.size).collect::<Vec<_>>())?;
        let w = args::product("the window positions", &self.kernel.spatial.iter().map(|d| d.size).collect::<Vec<_>>())?;
        Ok((p, w))
    }
}

/// The multi-index of `position` in a row-major array of `sizes`.
fn unflatten(mut position: usize, sizes: impl DoubleEndedIterator<Item = usize>, out: &mut [usize]) {
    for (slot, size) in out.iter_mut().rev().zip(sizes.rev()) {
        *slot = position % size.max(1);
        position /= size.max(1);
    }
}

/// What a chunk needs besides its rows: the pair of groups and the packed kernel.
struct Pass<'a, T> {
    g: &'a Geometry,
    /// Input batch offset (`batch group * B`) and feature offset (`feature group * C`).
    batch0: usize,
    feature0: usize,
    /// The output positions per batch element (`P`).
    p_count: usize,
    /// The pair's first output feature and how many there are.
    o0: usize,
    n: usize,
    /// The packed kernel, `[W * C, n]` row-major.
    kernel: &'a [T],
    /// Per window position: its index per spatial dimension.
    taps: &'a [Vec<usize>],
}

impl<T: GemmElement> Pass<'_, T> {
    /// Computes output rows `[begin, end)` (row `b * P + p`) with scratch `patches` and
    /// `product`, with `threads` threads in the product.
    ///
    /// # Safety
    /// `input` and `output` are valid for the geometry; no other thread writes these rows.
    unsafe fn rows(&self, begin: usize, end: usize, input: *const T, output: *mut T, threads: usize, patches: &mut [T], product: &mut [T]) {
        let (g, p_count) = (self.g, self.p_count.max(1));
        let c_count = g.kernel.first.size;
        let k = c_count * self.taps.len();
        let rows = end - begin;
        let spatial = g.windows.len();
        let mut s = vec![0usize; spatial];
        for (r, row) in (begin..end).enumerate() {
            let (b, p) = (row / p_count, row % p_count);
            unflatten(p, g.output.spatial.iter().map(|d| d.size), &mut s);
            let base = (self.batch0 + b) as isize * g.input.first.stride;
            let patch = &mut patches[r * k..(r + 1) * k];
            for (w, tap) in self.taps.iter().enumerate() {
                // The input offset of this window position, or none on padding or a hole.
                let mut offset = Some(base);
                for d in 0..spatial {
                    let win = &g.windows[d];
                    // In i128, so that no stride or dilation the caller gives overflows.
                    let position = (s[d] as i128) * (win.stride as i128) + (tap[d] as i128) * (win.rhs_dilation as i128) - win.low as i128;
                    let size = g.input.spatial[d].size as i128;
                    // Without lhs dilation every position is an input element: no division
                    // (an i128 division is a library call).
                    let source = match win.lhs_dilation {
                        1 => (0..size).contains(&position).then_some(position),
                        dilation => {
                            let dilation = dilation as i128;
                            (position >= 0 && position % dilation == 0 && position / dilation < size).then(|| position / dilation)
                        }
                    };
                    offset = offset.zip(source).map(|(o, source)| o + source as isize * g.input.spatial[d].stride);
                }
                let taps_patch = &mut patch[w * c_count..(w + 1) * c_count];
                match offset {
                    // Channels-last: the tap's features are contiguous in the input.
                    // SAFETY: every index is inside the input (checked above and by the
                    // geometry's validation).
                    Some(o) if g.input.second.stride == 1 => {
                        std::ptr::copy_nonoverlapping(input.offset(o + self.feature0 as isize), taps_patch.as_mut_ptr(), c_count)
                    }
                    Some(o) => {
                        for (c, slot) in taps_patch.iter_mut().enumerate() {
                            // SAFETY: as above.
                            *slot = *input.offset(o + (self.feature0 + c) as isize * g.input.second.stride);
                        }
                    }
                    None => taps_patch.fill(T::zero()),
                }
            }
        }
        multiply_dense(rows, self.n, k, patches.as_ptr(), k, self.kernel.as_ptr(), self.n, product.as_mut_ptr(), self.n, threads);
        for (r, row) in (begin..end).enumerate() {
            let (b, p) = (row / p_count, row % p_count);
            unflatten(p, g.output.spatial.iter().map(|d| d.size), &mut s);
            let mut at = b as isize * g.output.first.stride;
            for d in 0..spatial {
                at += s[d] as isize * g.output.spatial[d].stride;
            }
            let row_product = &product[r * self.n..(r + 1) * self.n];
            if g.output.second.stride == 1 {
                // Channels-last: the row's features are contiguous in the output.
                // SAFETY: inside the output; this row is this call's alone.
                std::ptr::copy_nonoverlapping(row_product.as_ptr(), output.offset(at + self.o0 as isize), self.n);
                continue;
            }
            for (j, &value) in row_product.iter().enumerate() {
                // SAFETY: inside the output; this row is this call's alone.
                *output.offset(at + (self.o0 + j) as isize * g.output.second.stride) = value;
            }
        }
    }
}

/// Runs a validated convolution.
///
/// # Safety
/// The buffers are valid for the geometry, and the output overlaps neither input.
unsafe fn convolve<T: GemmElement>(g: &Geometry, input: *const T, kernel: *const T, output: *mut T, threads: usize) -> RtResult<()> {
    let (p_count, w_count) = g.positions()?;
    let out_features = g.output.second.size;
    let (per_feature_group, per_batch_group) = (out_features / g.feature_groups, out_features / g.batch_groups);
    let c_count = g.kernel.first.size;
    let k = args::product("the patch length", &[c_count, w_count])?;
    let rows_total = args::product("the output rows", &[g.output.first.size, p_count])?;
    let mut taps = Vec::with_capacity(w_count);
    let mut tap = vec![0usize; g.windows.len()];
    for w in 0..w_count {
        unflatten(w, g.kernel.spatial.iter().map(|d| d.size), &mut tap);
        taps.push(tap.clone());
    }
    for fg in 0..g.feature_groups {
        for bg in 0..g.batch_groups {
            let o0 = (fg * per_feature_group).max(bg * per_batch_group);
            let o1 = ((fg + 1) * per_feature_group).min((bg + 1) * per_batch_group);
            if o0 >= o1 || rows_total == 0 {
                continue;
            }
            let n = o1 - o0;
            let mut packed = args::try_vec(args::product("the packed kernel", &[k, n])?, T::zero())?;
            for c in 0..c_count {
                for (w, t) in taps.iter().enumerate() {
                    let mut at = c as isize * g.kernel.first.stride;
                    for (d, win) in g.windows.iter().enumerate() {
                        let size = g.kernel.spatial[d].size;
                        let index = if win.reversed { size - 1 - t[d] } else { t[d] };
                        at += index as isize * g.kernel.spatial[d].stride;
                    }
                    for j in 0..n {
                        packed[(w * c_count + c) * n + j] = *kernel.offset(at + (o0 + j) as isize * g.kernel.second.stride);
                    }
                }
            }
            let pass = Pass { g, p_count, batch0: bg * g.output.first.size, feature0: fg * c_count, o0, n, kernel: &packed, taps: &taps };
            run_rows(&pass, rows_total, k, input, output, threads)?;
        }
    }
    Ok(())
}

/// Computes every output row of `pass`, in chunks.
///
/// # Safety
/// As for [`convolve`].
unsafe fn run_rows<T: GemmElement>(pass: &Pass<'_, T>, rows_total: usize, k: usize, input: *const T, output: *mut T, threads: usize) -> RtResult<()> {
    // As for gemm: small work is done sooner on the calling thread than on the pool.
    let work = rows_total.saturating_mul(k).saturating_mul(pass.n);
    let threads = if work < PARALLEL_MIN_MULTIPLY_ADDS { 1 } else { threads };
    let by_size = (CHUNK_ELEMENTS / k.max(1)).max(MIN_CHUNK_ROWS);
    let by_threads = rows_total.div_ceil(threads.max(1)).max(MIN_CHUNK_ROWS);
    let chunk_rows = by_size.min(by_threads).min(rows_total).max(1);
    let chunks = rows_total.div_ceil(chunk_rows);
    let (input, output) = (SendPtr(input as *mut T), SendPtr(output));
    let scratch = |rows: usize| -> RtResult<(Vec<T>, Vec<T>)> {
        Ok((args::try_vec(args::product("a patch matrix", &[rows, k])?, T::zero())?, args::try_vec(args::product("a product", &[rows, pass.n])?, T::zero())?))
    };
    if threads > 1 && chunks >= threads {
        // Many chunks: a thread per group of chunks, each product serial.
        return thread_pool::try_run_chunks(threads, chunks, |first, last| {
            let (mut patches, mut product) = scratch(chunk_rows)?;
            for chunk in first..last {
                let begin = chunk * chunk_rows;
                let end = (begin + chunk_rows).min(rows_total);
                // SAFETY: chunks are disjoint rows of the output; see `convolve`.
                unsafe { pass.rows(begin, end, input.get(), output.get(), 1, &mut patches, &mut product) };
            }
            Ok(())
        });
    }
    let (mut patches, mut product) = scratch(chunk_rows)?;
    let (patches_ptr, product_ptr) = (SendPtr(patches.as_mut_ptr()), SendPtr(product.as_mut_ptr()));
    let (patches_len, product_len) = (patches.len(), product.len());
    thread_pool::install(threads, move || {
        // SAFETY: the scratch vectors outlive this call, which alone uses them.
        let patches = unsafe { std::slice::from_raw_parts_mut(patches_ptr.get(), patches_len) };
        let product = unsafe { std::slice::from_raw_parts_mut(product_ptr.get(), product_len) };
        for chunk in 0..chunks {
            let begin = chunk * chunk_rows;
            let end = (begin + chunk_rows).min(rows_total);
            // SAFETY: see `convolve`; one chunk at a time.
            unsafe { pass.rows(begin, end, input.get(), output.get(), threads, patches, product) };
        }
    })
}

/// An element type of the convolution: im2col and gemm serve every one; some have a faster
/// algorithm on some CPUs.
trait ConvElement: GemmElement {
    /// Computes the validated convolution `g` by this type's own algorithm, when it has
    /// one for this CPU and this geometry (`Ok(false)` otherwise).
    ///
    /// # Safety
    /// As for [`convolve`].
    unsafe fn convolve_natively(_g: &Geometry, _input: *const Self, _kernel: *const Self, _output: *mut Self, _threads: usize) -> RtResult<bool> {
        Ok(false)
    }
}

impl ConvElement for f32 {
    #[cfg(target_arch = "x86_64")]
    unsafe fn convolve_natively(g: &Geometry, input: *const f32, kernel: *const f32, output: *mut f32, threads: usize) -> RtResult<bool> {
        if !indirect::available() {
            return Ok(false);
        }
        indirect::convolve(g, input, kernel, output, threads)
    }
}

impl ConvElement for f64 {}

/// Validates and runs a convolution for entry point `name`.
unsafe fn conv<T: ConvElement>(
    name: &str,
    geometry: *const i64,
    geometry_len: i64,
    input: *const T,
    kernel: *const T,
    output: *mut T,
    opts: *const XlaRunOptions,
) -> i32 {
    guard(name, || {
        let options = RunOptions::from_ptr(opts)?;
        let len = args::size("geometry_len", geometry_len)?;
        let values = args::read_array("geometry", geometry, len)?;
        let g = Geometry::read(&values)?;
        let out_range = g.output.byte_range("output", output)?;
        g.output.check_distinct("output")?;
        let in_range = g.input.byte_range("input", input)?;
        let kernel_range = g.kernel.byte_range("kernel", kernel)?;
        args::disjoint(("input", "output"), in_range, out_range)?;
        args::disjoint(("kernel", "output"), kernel_range, out_range)?;
        for phase in phases::phases(&g) {
            let (g, kernel, output) = (&phase.geometry, kernel.offset(phase.kernel_offset), output.offset(phase.output_offset));
            if g.output.elements() == 0 || T::convolve_natively(g, input, kernel, output, options.threads)? {
                continue;
            }
            convolve(g, input, kernel, output, options.threads)?;
        }
        Ok(())
    })
}

/// XLA's general convolution in f32 (see the module documentation for `geometry`).
///
/// # Safety
/// `geometry` points to `geometry_len` values; each non-null buffer with the geometry's
/// sizes and strides addresses valid elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_conv_f32(
    geometry: *const i64,
    geometry_len: i64,
    input: *const f32,
    kernel: *const f32,
    output: *mut f32,
    opts: *const XlaRunOptions,
) -> i32 {
    conv("xla_rt_conv_f32", geometry, geometry_len, input, kernel, output, opts)
}

/// [`xla_rt_conv_f32`] in f64.
///
/// # Safety
/// As for [`xla_rt_conv_f32`].
#[no_mangle]
pub unsafe extern "C" fn xla_rt_conv_f64(
    geometry: *const i64,
    geometry_len: i64,
    input: *const f64,
    kernel: *const f64,
    output: *mut f64,
    opts: *const XlaRunOptions,
) -> i32 {
    conv("xla_rt_conv_f64", geometry, geometry_len, input, kernel, output, opts)
}
