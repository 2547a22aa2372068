//! Dense linear algebra of XLA's `Cholesky` and `TriangularSolve`, on batches of square
//! row-major matrices in f32 and f64.
//!
//! Semantics (XLA's, as the reference interpreter has them):
//! - Cholesky with `lower` gives `L` with `a = L . L^T`, reading only the lower triangle
//!   of `a`; otherwise `U` with `a = U^T . U`, reading only the upper triangle. The other
//!   triangle of the result is zero. A matrix that is not positive definite (a pivot that
//!   is not greater than zero, or NaN) gives a result of NaNs, as XLA's expansion does;
//!   the other matrices of the batch are unaffected and the call still returns 0;
//! - TriangularSolve with `left_side` solves `op(a) . x = b`, else `x . op(a) = b`, where
//!   `op(a)` is `a` (`XLA_RT_NO_TRANSPOSE` = 1), `a^T` (`XLA_RT_TRANSPOSE` = 2) or its
//!   adjoint (`XLA_RT_ADJOINT` = 3, the transpose for real matrices): XLA's enumerator
//!   values. Only the `lower` (or upper) triangle of `a` is read, and with
//!   `unit_diagonal` its diagonal is taken as ones and not read. A zero pivot divides by
//!   zero as IEEE arithmetic does.
//!
//! Invariants:
//! - matrices are dense and row-major; matrix `i` of a batch starts at `i * rows * cols`;
//! - a result may be written in place over its input (`l == a`, `x == b`), never over a
//!   partial overlap (`XLA_RT_INVALID_ARGUMENT`);
//! - batches run in parallel on the pool, at most `opts->num_threads` at a time; each
//!   matrix is computed by one thread in a fixed order, so results do not depend on the
//!   number of threads.

use crate::args::{self, SendPtr};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::guard;
use crate::thread_pool;

/// A real type the factorizations compute in.
pub trait Real: Copy + Send + Sync + 'static + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self> + std::ops::Div<Output = Self> + PartialOrd {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Not a number.
    const NAN: Self;
    /// The square root.
    fn sqrt(self) -> Self;
}

impl Real for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    const NAN: f32 = f32::NAN;
    fn sqrt(self) -> f32 {
        f32::sqrt(self)
    }
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const NAN: f64 = f64::NAN;
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
}

/// The Cholesky factor of one `n x n` matrix into `out` (`a` is read only through
/// `entry(i, j)`, `i >= j`, the lower triangle of the symmetric matrix). `out` receives
/// `L` row-major with zeros above the diagonal, or NaNs when `a` is not positive definite.
fn cholesky_lower<T: Real>(n: usize, entry: impl Fn(usize, usize) -> T, out: &mut [T]) {
    out.fill(T::ZERO);
    for j in 0..n {
        let dot = |out: &[T], i: usize| (0..j).fold(T::ZERO, |acc, p| acc + out[i * n + p] * out[j * n + p]);
        let pivot = entry(j, j) - dot(out, j);
        // `!(pivot > 0)` also catches NaN.
        if !(pivot > T::ZERO) {
            out.fill(T::NAN);
            return;
        }
        let d = pivot.sqrt();
        out[j * n + j] = d;
        for i in j + 1..n {
            out[i * n + j] = (entry(i, j) - dot(out, i)) / d;
        }
    }
}

/// Factors matrix `m` of the batch: lower reads `a`'s lower triangle; upper reads the
/// upper one and writes `U = L^T`.
fn cholesky_one<T: Real>(a: &[T], n: usize, lower: bool, work: &mut [T], out: &mut [T]) {
    if lower {
        cholesky_lower(n, |i, j| a[i * n + j], work);
        out.copy_from_slice(work);
    } else {
        cholesky_lower(n, |i, j| a[j * n + i], work);
        for i in 0..n {
            for j in 0..n {
                out[i * n + j] = work[j * n + i];
            }
        }
    }
}

/// Validates and runs a batched Cholesky factorization.
unsafe fn cholesky<T: Real>(name: &str, batch: i64, n: i64, a: *const T, l: *mut T, lower: bool, opts: *const XlaRunOptions) -> i32 {
    guard(name, || {
        let (batch, n) = (args::size("batch", batch)?, args::size("n", n)?);
        let options = RunOptions::from_ptr(opts)?;
        let size = args::product("a matrix's size", &[n, n])?;
        let total = args::product("the batch's size", &[batch, size])?;
        args::buffer("a", a, total)?;
        args::buffer("l", l, total)?;
        args::same_or_disjoint(("a", "l"), args::byte_range(a, total), args::byte_range(l as *const T, total))?;
        let (a, l) = (SendPtr(a as *mut T), SendPtr(l));
        thread_pool::try_run_chunks(options.threads, batch, move |begin, end| {
            let mut work = args::try_vec(size, T::ZERO)?;
            let mut input = args::try_vec(size, T::ZERO)?;
            for m in begin..end {
                // SAFETY: matrix `m` of `a` and `l` is this chunk's alone; the input is
                // copied first so that `l == a` works.
                unsafe {
                    input.copy_from_slice(args::slice(a.get().add(m * size), size));
                    cholesky_one(&input, n, lower, &mut work, args::slice_mut(l.get().add(m * size), size));
                }
            }
            Ok(())
        })
    })
}

/// The options of a triangular solve.
#[derive(Copy, Clone, Debug)]
struct SolveOptions {
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose: bool,
}

/// Solves one system in place in `x` (`m x n`, holding `b` on entry); `a` is `k x k`.
///
/// Left side: `t . x = b` with `t = op(a)`; the rows of `x` are combined, so the loops run
/// over whole rows. Right side: `x . t = b`; each row `r` of `x` solves `t^T . r^T = b_r^T`.
fn solve_one<T: Real>(a: &[T], x: &mut [T], m: usize, n: usize, o: SolveOptions) {
    let k = if o.left_side { m } else { n };
    // `t[i][j]` is `op(a)[i][j]`; op(a) is lower triangular iff `lower != transpose`.
    let t = |i: usize, j: usize| if o.transpose { a[j * k + i] } else { a[i * k + j] };
    let t_lower = o.lower != o.transpose;
    let pivot = |i: usize| if o.unit_diagonal { T::ONE } else { t(i, i) };
    if o.left_side {
        let order: Vec<usize> = if t_lower { (0..m).collect() } else { (0..m).rev().collect() };
        for (pos, &i) in order.iter().enumerate() {
            // Row i depends on the rows solved before it.
            for &j in &order[..pos] {
                let f = t(i, j);
                for c in 0..n {
                    x[i * n + c] = x[i * n + c] - f * x[j * n + c];
                }
            }
            let d = pivot(i);
            x[i * n..(i + 1) * n].iter_mut().for_each(|v| *v = *v / d);
        }
    } else {
        // Row r: sum_i x[i] t[i][j] = b[j]; t upper means x[j] depends on x[i], i < j.
        let order: Vec<usize> = if t_lower { (0..n).rev().collect() } else { (0..n).collect() };
        for row in x.chunks_mut(n) {
            for (pos, &j) in order.iter().enumerate() {
                let sum = order[..pos].iter().fold(T::ZERO, |acc, &i| acc + row[i] * t(i, j));
                row[j] = (row[j] - sum) / pivot(j);
            }
        }
    }
}

/// Validates and runs a batched triangular solve.
#[allow(clippy::too_many_arguments)]
unsafe fn triangular_solve<T: Real>(
    name: &str,
    batch: i64,
    m: i64,
    n: i64,
    a: *const T,
    b: *const T,
    x: *mut T,
    flags: (bool, bool, bool),
    transpose_a: i32,
    opts: *const XlaRunOptions,
) -> i32 {
    guard(name, || {
        let (batch, m, n) = (args::size("batch", batch)?, args::size("m", m)?, args::size("n", n)?);
        let transpose = match transpose_a {
            1 => false,
            2 | 3 => true,
            other => return Err(args::bad_enum("transpose_a", other)),
        };
        let (left_side, lower, unit_diagonal) = flags;
        let o = SolveOptions { left_side, lower, unit_diagonal, transpose };
        let options = RunOptions::from_ptr(opts)?;
        let k = if left_side { m } else { n };
        let (a_size, x_size) = (args::product("a's size", &[k, k])?, args::product("b's size", &[m, n])?);
        let (a_total, x_total) = (args::product("a's size", &[batch, a_size])?, args::product("b's size", &[batch, x_size])?);
        args::buffer("a", a, a_total)?;
        args::buffer("b", b, x_total)?;
        args::buffer("x", x, x_total)?;
        let x_range = args::byte_range(x as *const T, x_total);
        args::disjoint(("a", "x"), args::byte_range(a, a_total), x_range)?;
        args::same_or_disjoint(("b", "x"), args::byte_range(b, x_total), x_range)?;
        let (a, b, x) = (SendPtr(a as *mut T), SendPtr(b as *mut T), SendPtr(x));
        thread_pool::run_chunks(options.threads, batch, move |begin, end| {
            for i in begin..end {
                // SAFETY: matrix `i` of `x` is this chunk's alone; `b`'s matrix is copied
                // into it first (`copy` allows `x == b`), and `a` does not overlap `x`.
                unsafe {
                    std::ptr::copy(b.get().add(i * x_size), x.get().add(i * x_size), x_size);
                    let a = args::slice(a.get().add(i * a_size), a_size);
                    solve_one(a, args::slice_mut(x.get().add(i * x_size), x_size), m, n, o);
                }
            }
        })
    })
}

/// Cholesky factors of `batch` row-major `n x n` f32 matrices `a` into `l` (which may be
/// `a`): lower (`a = L L^T`) or upper (`a = U^T U`), the other triangle zero; a matrix
/// that is not positive definite gives NaNs.
///
/// # Safety
/// `a` and `l` hold `batch * n * n` elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_cholesky_f32(batch: i64, n: i64, a: *const f32, l: *mut f32, lower: bool, opts: *const XlaRunOptions) -> i32 {
    cholesky("xla_rt_cholesky_f32", batch, n, a, l, lower, opts)
}

/// [`xla_rt_cholesky_f32`] in f64.
///
/// # Safety
/// As for [`xla_rt_cholesky_f32`].
#[no_mangle]
pub unsafe extern "C" fn xla_rt_cholesky_f64(batch: i64, n: i64, a: *const f64, l: *mut f64, lower: bool, opts: *const XlaRunOptions) -> i32 {
    cholesky("xla_rt_cholesky_f64", batch, n, a, l, lower, opts)
}

/// Solves `batch` triangular systems in f32: `op(a) x = b` (`left_side`) or
/// `x op(a) = b`, with `a` square (`m x m` on the left, `n x n` on the right), `b` and `x`
/// `m x n` (`x` may be `b`), all row-major; `transpose_a` is 1 (none), 2 (transpose) or
/// 3 (adjoint).
///
/// # Safety
/// The buffers hold the elements the sizes say.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_triangular_solve_f32(
    batch: i64, m: i64, n: i64, a: *const f32, b: *const f32, x: *mut f32,
    left_side: bool, lower: bool, unit_diagonal: bool, transpose_a: i32, opts: *const XlaRunOptions,
) -> i32 {
    let flags = (left_side, lower, unit_diagonal);
    triangular_solve("xla_rt_triangular_solve_f32", batch, m, n, a, b, x, flags, transpose_a, opts)
}

/// [`xla_rt_triangular_solve_f32`] in f64.
///
/// # Safety
/// As for [`xla_rt_triangular_solve_f32`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_triangular_solve_f64(
    batch: i64, m: i64, n: i64, a: *const f64, b: *const f64, x: *mut f64,
    left_side: bool, lower: bool, unit_diagonal: bool, transpose_a: i32, opts: *const XlaRunOptions,
) -> i32 {
    let flags = (left_side, lower, unit_diagonal);
    triangular_solve("xla_rt_triangular_solve_f64", batch, m, n, a, b, x, flags, transpose_a, opts)
}
