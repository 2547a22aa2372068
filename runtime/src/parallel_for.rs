//! `xla_rt_parallel_for`: the loop compiled code hands to the thread pool, for the outer
//! dimension of a `loop.parallel` nest.
//!
//! Invariants:
//! - `body` is called on contiguous, disjoint, non-empty ranges `[begin, end)` that
//!   together cover `[0, n)` exactly once; there are at most `num_threads` of them;
//! - with one range (`n == 1` or `num_threads == 1`) `body` runs on the calling thread;
//! - the call returns only after every call of `body` has returned, so `ctx` may live on
//!   the caller's stack;
//! - `body` is declared `extern "C-unwind"`: a C body cannot unwind, and a body written in
//!   Rust that panics is caught and reported as `XLA_RT_INTERNAL` instead of aborting.

use std::ffi::c_void;

use crate::args::{self, SendPtr};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError};
use crate::thread_pool;

/// The body of a parallel loop: runs iterations `[begin, end)` with the caller's context.
pub type XlaParallelForBody = unsafe extern "C-unwind" fn(begin: i64, end: i64, ctx: *mut c_void);

/// Runs `body(begin, end, ctx)` over contiguous chunks covering `[0, n)`, in parallel on
/// the runtime's pool (at most `opts->num_threads` chunks; all cores by default). Returns
/// 0, or `XLA_RT_INVALID_ARGUMENT` for a negative `n`, a NULL `body` or invalid options.
///
/// # Safety
/// `body` may be called concurrently from several threads with disjoint ranges and the
/// same `ctx`; it must be safe to do so. A non-null `opts` points to valid options.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_parallel_for(
    n: i64,
    body: Option<XlaParallelForBody>,
    ctx: *mut c_void,
    opts: *const XlaRunOptions,
) -> i32 {
    guard("xla_rt_parallel_for", || {
        let n = args::size("n", n)?;
        let body = body.ok_or_else(|| RtError::invalid("body is null"))?;
        let options = RunOptions::from_ptr(opts)?;
        let ctx = SendPtr(ctx);
        thread_pool::run_chunks(options.threads, n, |begin, end| {
            // SAFETY: the caller promises `body` may run concurrently on disjoint ranges;
            // the bounds fit `i64` because they are at most `n`, which came from one.
            unsafe { body(begin as i64, end as i64, ctx.get()) }
        })
    })
}
