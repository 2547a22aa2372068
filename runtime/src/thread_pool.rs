//! The runtime's one thread pool: a `rayon` pool created on first use and kept for the
//! life of the process, and the chunked loop every parallel function of the runtime runs.
//!
//! Why `rayon` and not threads and channels of our own: the `gemm` crate already runs its
//! kernels on rayon, so running it inside this pool (`install`) gives one set of worker
//! threads for the whole runtime instead of two competing for the cores; and rayon's work
//! stealing makes nested parallelism (a `parallel_for` body that calls gemm or another
//! `parallel_for`) run without deadlock, which a plain channel-fed pool does not give.
//!
//! Invariants:
//! - the pool is created once, lazily, with one worker per core the OS reports; creation
//!   failure is remembered and reported as [`XlaStatus::Internal`] by every later call;
//! - [`run_chunks`] splits `[0, n)` into at most `threads` contiguous chunks whose sizes
//!   differ by at most one, in order, and returns only after every chunk has finished,
//!   also when one panics (rayon joins before it propagates the panic), so a caller's
//!   buffers are never used after it returns;
//! - one chunk (`threads == 1` or `n == 1`) runs inline on the calling thread and never
//!   touches the pool.

use std::sync::OnceLock;

use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::status::{RtError, RtResult, XlaStatus};

/// The pool, or why it could not be created.
static POOL: OnceLock<Result<ThreadPool, String>> = OnceLock::new();

/// The number of threads "all cores" means: the parallelism the OS reports, at least 1.
pub fn default_threads() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The global pool, created on first use.
pub fn pool() -> RtResult<&'static ThreadPool> {
    let pool = POOL.get_or_init(|| {
        ThreadPoolBuilder::new()
            .num_threads(default_threads())
            .thread_name(|i| format!("xla-rt-worker-{i}"))
            .build()
            .map_err(|e| e.to_string())
    });
    pool.as_ref().map_err(|e| RtError::new(XlaStatus::Internal, format!("could not start the thread pool: {e}")))
}

/// Runs `work` on the pool (so that rayon-parallel code inside it, such as gemm, uses the
/// runtime's workers), or inline when `threads` is 1.
pub fn install<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> RtResult<R> {
    if threads <= 1 {
        return Ok(work());
    }
    Ok(pool()?.install(work))
}

/// The bounds of chunk `index` of `chunks` over `[0, n)`: contiguous, in order, sizes
/// differing by at most one.
pub fn chunk_bounds(n: usize, chunks: usize, index: usize) -> (usize, usize) {
    let at = |i: usize| (i as u128 * n as u128 / chunks as u128) as usize;
    (at(index), at(index + 1))
}

/// Calls `body(begin, end)` for contiguous chunks covering `[0, n)`, at most `threads` of
/// them, in parallel on the pool; inline when there is one chunk.
pub fn run_chunks(threads: usize, n: usize, body: impl Fn(usize, usize) + Sync) -> RtResult<()> {
    let chunks = threads.max(1).min(n);
    match chunks {
        0 => Ok(()),
        1 => {
            body(0, n);
            Ok(())
        }
        _ => {
            pool()?.install(|| {
                (0..chunks).into_par_iter().for_each(|i| {
                    let (begin, end) = chunk_bounds(n, chunks, i);
                    body(begin, end);
                })
            });
            Ok(())
        }
    }
}

/// Like [`run_chunks`], for bodies that can fail: the first error (in chunk order) is
/// returned after every chunk has finished.
pub fn try_run_chunks(threads: usize, n: usize, body: impl Fn(usize, usize) -> RtResult<()> + Sync) -> RtResult<()> {
    let first_error = std::sync::Mutex::new(None::<(usize, RtError)>);
    run_chunks(threads, n, |begin, end| {
        if let Err(error) = body(begin, end) {
            let mut slot = first_error.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if slot.as_ref().is_none_or(|(at, _)| begin < *at) {
                *slot = Some((begin, error));
            }
        }
    })?;
    match first_error.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        Some((_, error)) => Err(error),
        None => Ok(()),
    }
}

/// The number of worker threads of the runtime's pool (the number of cores), starting the
/// pool if it is not running yet; 1 if it cannot start.
#[no_mangle]
pub extern "C" fn xla_rt_thread_pool_size() -> i32 {
    std::panic::catch_unwind(|| pool().map_or(1, |p| p.current_num_threads()))
        .map_or(1, |n| i32::try_from(n).unwrap_or(i32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_contiguous_and_balanced() {
        for (n, chunks) in [(10, 3), (7, 7), (100, 8), (5, 2)] {
            let bounds: Vec<_> = (0..chunks).map(|i| chunk_bounds(n, chunks, i)).collect();
            assert_eq!(bounds[0].0, 0);
            assert_eq!(bounds[chunks - 1].1, n);
            for pair in bounds.windows(2) {
                assert_eq!(pair[0].1, pair[1].0);
            }
            let sizes: Vec<_> = bounds.iter().map(|(b, e)| e - b).collect();
            assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{sizes:?}");
        }
    }

    #[test]
    fn huge_ranges_do_not_overflow() {
        let n = i64::MAX as usize;
        assert_eq!(chunk_bounds(n, 4, 3).1, n);
    }
}
