//! Matrix multiplication through the `gemm` crate: `C = alpha * A . B + beta * C` on
//! strided matrices, one at a time or batched, in f32, f64 and f16. On CPUs with AVX-512,
//! `f32` products run the runtime's own kernel instead ([`crate::sgemm_avx512`]): the
//! crate's AVX-512 kernels need its nightly-only feature, and its 256-bit ones reach half
//! the peak of a core with two 512-bit FMA pipes.
//!
//! Every matrix is a base pointer and a stride per dimension, in elements (not bytes), and
//! strides may be any value, negative and zero included for the inputs. Row-major,
//! column-major, transposed and sliced operands are all just strides, so compiled code
//! never copies an operand to change its layout: `A^T` of a row-major `k x m` buffer is
//! `A` with `row_stride = 1, col_stride = m`.
//!
//! Invariants:
//! - `m`, `n`, `k` and `batch` are checked to be non-negative, and every pointer that is
//!   read or written non-null unless its matrix is empty; the largest offset each matrix reaches is checked to fit
//!   the address space;
//! - the elements of `C` are distinct (its strides nest: sorted by size, each stride is
//!   larger than the span of the smaller ones), so no two threads write one element, and
//!   `C` overlaps neither `A` nor `B`; otherwise the call is `XLA_RT_INVALID_ARGUMENT`;
//! - BLAS's conventions for the scalars: with `beta == 0`, `C` is not read (NaNs in it do
//!   not propagate); with `alpha == 0` or `k == 0`, `A` and `B` are not read;
//! - the `gemm` crate runs on the runtime's pool, with at most `opts->num_threads` threads,
//!   and without threads when that is 1 or the product is smaller than
//!   [`PARALLEL_MIN_MULTIPLY_ADDS`]. Its own convention is `dst = alpha * dst +
//!   beta * lhs . rhs`, the scalars' roles swapped; `gemm_one` is the one place that maps
//!   BLAS's convention onto it.
//!
//! The f16 functions take IEEE half-precision bits (`uint16_t`) and `float` scalars, which
//! are rounded to f16; accumulation is the `gemm` crate's (operands widened to f32 on
//! x86-64; native f16 arithmetic on aarch64 CPUs with FP16). Complex matrices (`gemm`'s c32 and c64) are not exposed
//! yet.

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};
use crate::thread_pool;

/// The smallest product (`batch * m * n * k` multiply-adds) run on the pool; smaller ones
/// run on the calling thread. Handing work to the pool and waiting for it costs tens of
/// microseconds on the shared 2-core benchmark machine (waking a worker, which then
/// yields), about what one core takes for 2^21 multiply-adds with AVX-512. Measured with
/// `xla-run --bench` (bench/models), 2^19 against 2^21: `transformer_train_small` 280 against
/// 172 us, `attention_prefill_small` 207 against 121 us, `moe_small` 148 against 93 us; 2^22
/// changed none of them further.
pub const PARALLEL_MIN_MULTIPLY_ADDS: usize = 1 << 21;

/// An element type the `gemm` crate multiplies.
pub trait GemmElement: Copy + Send + Sync + 'static {
    /// The type of `alpha` and `beta` in the C ABI.
    type Scalar: Copy;
    /// A C scalar as an element.
    fn from_scalar(s: Self::Scalar) -> Self;
    /// Whether the element is zero (either sign).
    fn is_zero(self) -> bool;
    /// The product of two elements.
    fn mul(self, other: Self) -> Self;
    /// Zero.
    fn zero() -> Self;
    /// One.
    fn one() -> Self;
    /// Runs `C = alpha * A . B + beta * C` (`m, n, k > 0`; `(pointer, row stride, column
    /// stride)` per matrix) with the runtime's own AVX-512 kernel when the element type
    /// has one and the CPU runs it, answering whether it did.
    ///
    /// # Safety
    /// The matrices are valid and validated as [`Problem::new`] validates them.
    #[allow(clippy::too_many_arguments)]
    unsafe fn multiply_avx512(
        _m: usize, _n: usize, _k: usize, _alpha: Self, _a: (*const Self, isize, isize), _b: (*const Self, isize, isize), _beta: Self,
        _c: (*mut Self, isize, isize), _threads: usize,
    ) -> RtResult<bool> {
        Ok(false)
    }
}

impl GemmElement for f32 {
    type Scalar = f32;
    fn from_scalar(s: f32) -> f32 {
        s
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn mul(self, other: f32) -> f32 {
        self * other
    }
    fn zero() -> f32 {
        0.0
    }
    fn one() -> f32 {
        1.0
    }
    #[cfg(target_arch = "x86_64")]
    unsafe fn multiply_avx512(
        m: usize, n: usize, k: usize, alpha: f32, a: (*const f32, isize, isize), b: (*const f32, isize, isize), beta: f32,
        c: (*mut f32, isize, isize), threads: usize,
    ) -> RtResult<bool> {
        use crate::sgemm_avx512::{available, sgemm, View, ViewMut};
        if !available() {
            return Ok(false);
        }
        let view = |(ptr, row_stride, col_stride): (*const f32, isize, isize)| View { ptr, row_stride, col_stride };
        let out = ViewMut { ptr: c.0, row_stride: c.1, col_stride: c.2 };
        sgemm(m, n, k, alpha, view(a), view(b), beta, out, threads)?;
        Ok(true)
    }
}

impl GemmElement for f64 {
    type Scalar = f64;
    fn from_scalar(s: f64) -> f64 {
        s
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn mul(self, other: f64) -> f64 {
        self * other
    }
    fn zero() -> f64 {
        0.0
    }
    fn one() -> f64 {
        1.0
    }
}

impl GemmElement for ::gemm::f16 {
    type Scalar = f32;
    fn from_scalar(s: f32) -> ::gemm::f16 {
        ::gemm::f16::from_f32(s)
    }
    fn is_zero(self) -> bool {
        self.to_f32() == 0.0
    }
    fn mul(self, other: ::gemm::f16) -> ::gemm::f16 {
        ::gemm::f16::from_f32(self.to_f32() * other.to_f32())
    }
    fn zero() -> ::gemm::f16 {
        ::gemm::f16::ZERO
    }
    fn one() -> ::gemm::f16 {
        ::gemm::f16::ONE
    }
}

/// A strided array as the C ABI passes it: a base pointer and, per dimension, a count and
/// a stride in elements. Its matrices are indexed by two batch dimensions, an outer one
/// and the batch (outer `(1, 0)` for a single level).
#[derive(Copy, Clone, Debug)]
pub struct Strided<T> {
    /// The element at index zero.
    pub ptr: *mut T,
    /// `(count, stride)` of the outer batch dimension.
    pub outer: (usize, isize),
    /// `(count, stride)` per dimension: batch, rows, columns.
    pub dims: [(usize, isize); 3],
}

impl<T> Strided<T> {
    /// Every dimension: outer, batch, rows, columns.
    fn all_dims(&self) -> impl Iterator<Item = (usize, isize)> + '_ {
        std::iter::once(self.outer).chain(self.dims.iter().copied())
    }

    /// The number of elements the array holds.
    pub(crate) fn elements(&self) -> usize {
        self.all_dims().map(|d| d.0).product()
    }

    /// The number of matrices: the outer count times the batch.
    pub(crate) fn matrices(&self) -> usize {
        self.outer.0 * self.dims[0].0
    }

    /// The first element of matrix `i` (in `0..matrices()`, outer index major).
    pub(crate) fn matrix(&self, i: usize) -> *mut T {
        let inner = self.dims[0].0.max(1);
        self.ptr.wrapping_offset((i / inner) as isize * self.outer.1 + (i % inner) as isize * self.dims[0].1)
    }

    /// The smallest and largest offsets (in elements) of a non-empty array, checked to fit
    /// the address space in bytes.
    pub(crate) fn offsets(&self, what: &str) -> RtResult<(isize, isize)> {
        let (mut low, mut high) = (0i128, 0i128);
        for (count, stride) in self.all_dims() {
            let reach = (count as i128 - 1) * stride as i128;
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        let bytes = |offset: i128| offset.checked_mul(std::mem::size_of::<T>() as i128);
        let fits = |offset: i128| bytes(offset).is_some_and(|b| b.abs() <= isize::MAX as i128);
        if !fits(low) || !fits(high + 1) {
            return Err(RtError::invalid(format!("{what}'s strides reach beyond the address space")));
        }
        Ok((low as isize, high as isize))
    }

    /// The byte range the array's elements lie in (empty for an empty array).
    pub(crate) fn byte_range(&self, what: &str) -> RtResult<(usize, usize)> {
        if self.elements() == 0 {
            return Ok((0, 0));
        }
        let (low, high) = self.offsets(what)?;
        let size = std::mem::size_of::<T>() as isize;
        let start = (self.ptr as isize).wrapping_add(low * size) as usize;
        Ok((start, start.wrapping_add(((high - low + 1) * size) as usize)))
    }

    /// Checks the array: non-null unless empty, offsets within the address space.
    pub(crate) fn check(&self, what: &str) -> RtResult<()> {
        if self.elements() == 0 {
            return Ok(());
        }
        args::not_null(what, self.ptr)?;
        self.offsets(what).map(|_| ())
    }

    /// Checks that no two indices of the array name the same element: the dimensions of
    /// more than one element, sorted by stride size, each have a stride larger than the
    /// span of the ones before.
    pub(crate) fn check_distinct(&self, what: &str) -> RtResult<()> {
        let mut dims: Vec<(usize, u128)> =
            self.all_dims().filter(|d| d.0 > 1).map(|(count, stride)| (count, stride.unsigned_abs() as u128)).collect();
        dims.sort_by_key(|d| d.1);
        let mut span = 0u128;
        for (count, stride) in dims {
            if stride <= span {
                return Err(RtError::invalid(format!("{what}'s strides make several indices name one element")));
            }
            span += stride * (count as u128 - 1);
        }
        Ok(())
    }
}

/// The operands of one batched multiplication, validated.
pub struct Problem<T: GemmElement> {
    /// Rows of `A` and `C`.
    pub m: usize,
    /// Columns of `B` and `C`.
    pub n: usize,
    /// Columns of `A`, rows of `B`.
    pub k: usize,
    /// The scale of `A . B`.
    pub alpha: T,
    /// `A`, `[batch, m, k]`.
    pub a: Strided<T>,
    /// `B`, `[batch, k, n]`.
    pub b: Strided<T>,
    /// The scale of `C`'s old value.
    pub beta: T,
    /// `C`, `[batch, m, n]`.
    pub c: Strided<T>,
}

/// A matrix's strides from the C ABI, checked to fit `isize`.
fn strides(what: &str, values: [i64; 4]) -> RtResult<[isize; 4]> {
    let mut out = [0isize; 4];
    for (o, v) in out.iter_mut().zip(values) {
        *o = isize::try_from(v).map_err(|_| RtError::invalid(format!("{what} has a stride that does not fit a pointer offset")))?;
    }
    Ok(out)
}

/// The matrices of a (batched) product from the C ABI: `A` and `B` of elements `In`, `C`
/// of elements `Out`.
pub(crate) struct Operands<In, Out> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub a: Strided<In>,
    pub b: Strided<In>,
    pub c: Strided<Out>,
}

/// Reads and validates the matrices of a product from the C ABI's sizes (`[outer, batch,
/// m, n, k]`), pointers and `[outer, batch, row, column]` strides: sizes not negative, strides fitting `isize`, `C`
/// non-null unless empty, within the address space and of distinct elements; `A` and `B`
/// likewise and disjoint from `C` when they are read (BLAS reads neither when
/// `alpha_is_zero` or `k == 0`; then they may be null).
pub(crate) fn operands<In, Out>(
    sizes: [i64; 5],
    a: (*const In, [i64; 4]),
    b: (*const In, [i64; 4]),
    c: (*mut Out, [i64; 4]),
    alpha_is_zero: bool,
) -> RtResult<Operands<In, Out>> {
    let [outer, batch, m, n, k] = sizes;
    let (outer, batch) = (args::size("outer", outer)?, args::size("batch", batch)?);
    let (m, n, k) = (args::size("m", m)?, args::size("n", n)?, args::size("k", k)?);
    let matrix = |ptr: *mut (), what: &str, rows: usize, cols: usize, s: [i64; 4]| -> RtResult<([(usize, isize); 4], *mut ())> {
        let [os, bs, rs, cs] = strides(what, s)?;
        Ok(([(outer, os), (batch, bs), (rows, rs), (cols, cs)], ptr))
    };
    fn strided<E>((d, ptr): ([(usize, isize); 4], *mut ())) -> Strided<E> {
        Strided { ptr: ptr as *mut E, outer: d[0], dims: [d[1], d[2], d[3]] }
    }
    let operands = Operands {
        m,
        n,
        k,
        a: strided(matrix(a.0 as *mut (), "a", m, k, a.1)?),
        b: strided(matrix(b.0 as *mut (), "b", k, n, b.1)?),
        c: strided(matrix(c.0 as *mut (), "c", m, n, c.1)?),
    };
    operands.c.check("c")?;
    operands.c.check_distinct("c")?;
    let c_range = operands.c.byte_range("c")?;
    if k > 0 && !alpha_is_zero && operands.c.elements() > 0 {
        operands.a.check("a")?;
        operands.b.check("b")?;
        args::disjoint(("a", "c"), operands.a.byte_range("a")?, c_range)?;
        args::disjoint(("b", "c"), operands.b.byte_range("b")?, c_range)?;
    }
    Ok(operands)
}

impl<T: GemmElement> Problem<T> {
    /// A problem from the C ABI's sizes (`[outer, batch, m, n, k]`), pointers and strides
    /// (`[outer, batch, row, column]` strides per matrix), validated.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        sizes: [i64; 5],
        alpha: T,
        a: (*const T, [i64; 4]),
        b: (*const T, [i64; 4]),
        beta: T,
        c: (*mut T, [i64; 4]),
    ) -> RtResult<Problem<T>> {
        let Operands { m, n, k, a, b, c } = operands(sizes, a, b, c, alpha.is_zero())?;
        Ok(Problem { m, n, k, alpha, a, b, beta, c })
    }

    /// Whether `A` and `B` are read at all (BLAS reads neither when `alpha == 0` or
    /// `k == 0`).
    fn reads_inputs(&self) -> bool {
        self.k > 0 && !self.alpha.is_zero() && self.c.elements() > 0
    }

    /// The number of matrices.
    fn batch(&self) -> usize {
        self.c.matrices()
    }

    /// Runs the multiplication with at most `threads` threads.
    pub fn run(&self, threads: usize) -> RtResult<()> {
        let batch = self.batch();
        if batch == 0 || self.m == 0 || self.n == 0 {
            return Ok(());
        }
        // Handing work to the pool costs microseconds (waking a worker, waiting for it);
        // a small product is done sooner on the calling thread.
        let work = [self.m, self.n, self.k.max(1)].iter().try_fold(batch, |acc, &s| acc.checked_mul(s));
        let threads = if work.is_some_and(|w| w < PARALLEL_MIN_MULTIPLY_ADDS) { 1 } else { threads };
        if threads > 1 && batch >= threads {
            // Many matrices: one thread per group of whole matrices, each serial.
            let this = SendProblem(self);
            return thread_pool::run_chunks(threads, batch, move |begin, end| {
                let this = this.get();
                (begin..end).for_each(|i| this.run_matrix(i, 1));
            });
        }
        let this = SendProblem(self);
        thread_pool::install(threads, move || (0..batch).for_each(|i| this.get().run_matrix(i, threads)))
    }

    /// Computes matrix `index` of the batch with `threads` threads.
    fn run_matrix(&self, index: usize, threads: usize) {
        let (a, b, c) = (self.a.matrix(index), self.b.matrix(index), self.c.matrix(index));
        if !self.reads_inputs() {
            // SAFETY: `c` was validated: non-null, in range, distinct elements.
            unsafe { scale(c, self.m, self.n, self.c.dims[1].1, self.c.dims[2].1, self.beta) };
            return;
        }
        let p = self;
        let (a_view, b_view) = ((a as *const T, p.a.dims[1].1, p.a.dims[2].1), (b as *const T, p.b.dims[1].1, p.b.dims[2].1));
        // SAFETY: the problem was validated (pointers, ranges, distinct and disjoint C).
        match unsafe { T::multiply_avx512(p.m, p.n, p.k, p.alpha, a_view, b_view, p.beta, (c, p.c.dims[1].1, p.c.dims[2].1), threads) } {
            Ok(true) => return,
            Ok(false) => {}
            // The kernel fails only when the pool cannot start; the crate's path still runs.
            Err(_) => {}
        }
        let parallelism = if threads > 1 { ::gemm::Parallelism::Rayon(threads) } else { ::gemm::Parallelism::None };
        // SAFETY: the problem was validated (pointers, ranges, distinct and disjoint C).
        unsafe { gemm_one(self, a, b, c, parallelism) }
    }
}

/// A `&Problem` that may cross threads: the matrices of a batch are disjoint parts of `C`
/// (checked), and `A` and `B` are only read.
#[derive(Copy, Clone)]
struct SendProblem<'a, T: GemmElement>(&'a Problem<T>);

// SAFETY: see the type's documentation.
unsafe impl<T: GemmElement> Send for SendProblem<'_, T> {}
// SAFETY: see the type's documentation.
unsafe impl<T: GemmElement> Sync for SendProblem<'_, T> {}

impl<'a, T: GemmElement> SendProblem<'a, T> {
    /// The problem (a method, so that closures capture the wrapper).
    fn get(self) -> &'a Problem<T> {
        self.0
    }
}

/// One `C = alpha * A . B + beta * C` through the `gemm` crate, whose convention is
/// `dst = alpha' * dst + beta' * lhs . rhs`: our `beta` is its `alpha'`, our `alpha` its
/// `beta'`, and `C` is read only when `beta != 0`.
///
/// # Safety
/// The pointers and the problem's strides describe valid, non-overlapping matrices.
unsafe fn gemm_one<T: GemmElement>(p: &Problem<T>, a: *mut T, b: *mut T, c: *mut T, parallelism: ::gemm::Parallelism) {
    let (a_rs, a_cs) = (p.a.dims[1].1, p.a.dims[2].1);
    let (b_rs, b_cs) = (p.b.dims[1].1, p.b.dims[2].1);
    let (c_rs, c_cs) = (p.c.dims[1].1, p.c.dims[2].1);
    let read_c = !p.beta.is_zero();
    ::gemm::gemm(
        p.m, p.n, p.k, c, c_cs, c_rs, read_c, a, a_cs, a_rs, b, b_cs, b_rs, p.beta, p.alpha, false, false, false, parallelism,
    );
}

/// `C = A . B` on row-major matrices (`A` is `m x k` with row stride `lda`, `B` is
/// `k x n` with row stride `ldb`, `C` is `m x n` with row stride `ldc`), `C` not read,
/// with `threads` threads (the caller runs it on the runtime's pool when more than one);
/// for the runtime's other kernels (convolution).
///
/// # Safety
/// The pointers with the sizes and strides describe valid matrices, `C`'s elements
/// distinct and overlapping neither `A` nor `B`.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn multiply_dense<T: GemmElement>(
    m: usize, n: usize, k: usize, a: *const T, lda: usize, b: *const T, ldb: usize, c: *mut T, ldc: usize, threads: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        scale(c, m, n, ldc as isize, 1, T::zero());
        return;
    }
    let (a_view, b_view, c_view) = ((a, lda as isize, 1), (b, ldb as isize, 1), (c, ldc as isize, 1));
    if let Ok(true) = T::multiply_avx512(m, n, k, T::one(), a_view, b_view, T::zero(), c_view, threads) {
        return;
    }
    let parallelism = if threads > 1 { ::gemm::Parallelism::Rayon(threads) } else { ::gemm::Parallelism::None };
    // The crate's `dst = alpha * dst + beta * lhs . rhs`: alpha = 0 (dst not read), beta = 1.
    ::gemm::gemm(
        m, n, k, c, 1, ldc as isize, false, a, 1, lda as isize, b, 1, ldb as isize, T::zero(), T::one(), false, false, false, parallelism,
    );
}

/// `C = beta * C`, or zeros without reading `C` when `beta == 0`.
///
/// # Safety
/// `c` with the strides describes a valid matrix of distinct elements.
pub(crate) unsafe fn scale<T: GemmElement>(c: *mut T, m: usize, n: usize, rs: isize, cs: isize, beta: T) {
    for i in 0..m {
        for j in 0..n {
            let e = c.offset(i as isize * rs + j as isize * cs);
            *e = if beta.is_zero() { T::zero() } else { (*e).mul(beta) };
        }
    }
}

/// Validates and runs one (batched) multiplication for entry point `name`.
#[allow(clippy::too_many_arguments)]
unsafe fn matmul<T: GemmElement>(
    name: &str,
    sizes: [i64; 5],
    alpha: T::Scalar,
    a: (*const T, [i64; 4]),
    b: (*const T, [i64; 4]),
    beta: T::Scalar,
    c: (*mut T, [i64; 4]),
    opts: *const XlaRunOptions,
) -> i32 {
    guard(name, || {
        let options = RunOptions::from_ptr(opts)?;
        let problem = Problem::new(sizes, T::from_scalar(alpha), a, b, T::from_scalar(beta), c)?;
        problem.run(options.threads)
    })
}

/// `C[m,n] = alpha * A[m,k] . B[k,n] + beta * C[m,n]` in f32, each matrix given by a base
/// pointer and row and column strides in elements (any layout or transposition).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole matrix.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_matmul_f32(
    m: i64, n: i64, k: i64,
    alpha: f32, a: *const f32, a_row_stride: i64, a_col_stride: i64,
    b: *const f32, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, 0, a_row_stride, a_col_stride]), (b, [0, 0, b_row_stride, b_col_stride]), (c, [0, 0, c_row_stride, c_col_stride]));
    matmul("xla_rt_matmul_f32", [1, 1, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_matmul_f32`] in f64.
///
/// # Safety
/// As for [`xla_rt_matmul_f32`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_matmul_f64(
    m: i64, n: i64, k: i64,
    alpha: f64, a: *const f64, a_row_stride: i64, a_col_stride: i64,
    b: *const f64, b_row_stride: i64, b_col_stride: i64,
    beta: f64, c: *mut f64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let (a, b, c) = ((a, [0, 0, a_row_stride, a_col_stride]), (b, [0, 0, b_row_stride, b_col_stride]), (c, [0, 0, c_row_stride, c_col_stride]));
    matmul("xla_rt_matmul_f64", [1, 1, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_matmul_f32`] on IEEE half-precision bits, with `float` scalars rounded to f16.
///
/// # Safety
/// As for [`xla_rt_matmul_f32`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_matmul_f16(
    m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut u16, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a.cast::<::gemm::f16>(), [0, 0, a_row_stride, a_col_stride]);
    let b = (b.cast::<::gemm::f16>(), [0, 0, b_row_stride, b_col_stride]);
    let c = (c.cast::<::gemm::f16>(), [0, 0, c_row_stride, c_col_stride]);
    matmul("xla_rt_matmul_f16", [1, 1, m, n, k], alpha, a, b, beta, c, opts)
}

/// `batch` independent multiplications `C[i] = alpha * A[i] . B[i] + beta * C[i]` in f32:
/// matrix `i` of each operand starts `i * batch_stride` elements after its base pointer.
/// A batch stride of 0 shares one matrix across the batch (not allowed for `C`).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch_matmul_f32(
    batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const f32, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const f32, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [0, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [0, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [0, c_batch_stride, c_row_stride, c_col_stride]);
    matmul("xla_rt_batch_matmul_f32", [1, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_batch_matmul_f32`] in f64.
///
/// # Safety
/// As for [`xla_rt_batch_matmul_f32`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch_matmul_f64(
    batch: i64, m: i64, n: i64, k: i64,
    alpha: f64, a: *const f64, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const f64, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f64, c: *mut f64, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [0, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [0, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [0, c_batch_stride, c_row_stride, c_col_stride]);
    matmul("xla_rt_batch_matmul_f64", [1, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_batch_matmul_f32`] on IEEE half-precision bits, with `float` scalars rounded
/// to f16.
///
/// # Safety
/// As for [`xla_rt_batch_matmul_f32`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch_matmul_f16(
    batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const u16, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const u16, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut u16, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a.cast::<::gemm::f16>(), [0, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b.cast::<::gemm::f16>(), [0, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c.cast::<::gemm::f16>(), [0, c_batch_stride, c_row_stride, c_col_stride]);
    matmul("xla_rt_batch_matmul_f16", [1, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_batch_matmul_f32`] over two batch dimensions: `outer * batch` products, matrix
/// `(o, i)` of each operand starting `o * outer_stride + i * batch_stride` elements after
/// its base pointer. For a batch whose dimensions do not nest into one stride (attention's
/// batch and head of `[batch, position, head, feature]` operands).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch2_matmul_f32(
    outer: i64, batch: i64, m: i64, n: i64, k: i64,
    alpha: f32, a: *const f32, a_outer_stride: i64, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const f32, b_outer_stride: i64, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f32, c: *mut f32, c_outer_stride: i64, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [a_outer_stride, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [b_outer_stride, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [c_outer_stride, c_batch_stride, c_row_stride, c_col_stride]);
    matmul("xla_rt_batch2_matmul_f32", [outer, batch, m, n, k], alpha, a, b, beta, c, opts)
}

/// [`xla_rt_batch_matmul_f64`] over two batch dimensions: `outer * batch` products, matrix
/// `(o, i)` of each operand starting `o * outer_stride + i * batch_stride` elements after
/// its base pointer. For a batch whose dimensions do not nest into one stride (attention's
/// batch and head of `[batch, position, head, feature]` operands).
///
/// # Safety
/// Each non-null pointer with its strides addresses valid elements for its whole batch.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_batch2_matmul_f64(
    outer: i64, batch: i64, m: i64, n: i64, k: i64,
    alpha: f64, a: *const f64, a_outer_stride: i64, a_batch_stride: i64, a_row_stride: i64, a_col_stride: i64,
    b: *const f64, b_outer_stride: i64, b_batch_stride: i64, b_row_stride: i64, b_col_stride: i64,
    beta: f64, c: *mut f64, c_outer_stride: i64, c_batch_stride: i64, c_row_stride: i64, c_col_stride: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let a = (a, [a_outer_stride, a_batch_stride, a_row_stride, a_col_stride]);
    let b = (b, [b_outer_stride, b_batch_stride, b_row_stride, b_col_stride]);
    let c = (c, [c_outer_stride, c_batch_stride, c_row_stride, c_col_stride]);
    matmul("xla_rt_batch2_matmul_f64", [outer, batch, m, n, k], alpha, a, b, beta, c, opts)
}
