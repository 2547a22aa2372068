//! Outfeed: buffers a running program pushes for the host to read (`hlo.outfeed`).
//!
//! Invariants: see [`crate::feed`]; the program side names its replica through
//! `XlaRunOptions`, the host side names it directly and learns each buffer's size with
//! `xla_rt_outfeed_next_size` before popping it.

use std::ffi::c_void;
use std::sync::OnceLock;

use crate::args;
use crate::feed::{self, FeedQueues};
use crate::infeed::replica;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::guard;

/// The outfeed FIFOs of the process.
pub fn queues() -> &'static FeedQueues {
    static QUEUES: OnceLock<FeedQueues> = OnceLock::new();
    QUEUES.get_or_init(FeedQueues::default)
}

/// Program side: appends a copy of `size` bytes at `data` (NULL when `size` is 0) to this
/// replica's (`opts->replica_id`) outfeed.
///
/// # Safety
/// A non-null `data` holds `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_outfeed_enqueue(data: *const c_void, size: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_outfeed_enqueue", || {
        let options = RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("data", data.cast::<u8>(), size)?;
        queues().push(options.replica_id, args::slice(data.cast::<u8>(), size))
    })
}

/// Host side: waits up to `timeout_ms` milliseconds (negative: for ever) for an outfeed
/// buffer of replica `replica_id` and writes its size to `*size`, leaving it queued.
///
/// # Safety
/// A non-null `size` is writable.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_outfeed_next_size(replica_id: i32, timeout_ms: i64, size: *mut i64) -> i32 {
    guard("xla_rt_outfeed_next_size", || {
        let replica = replica(replica_id)?;
        args::not_null("size", size)?;
        let next = queues().next_size(replica, feed::timeout(timeout_ms))?;
        size.write(next as i64);
        Ok(())
    })
}

/// Host side: pops the next outfeed buffer of replica `replica_id` into `dest`, which
/// must be exactly its size, waiting up to `timeout_ms` milliseconds (negative: for ever).
///
/// # Safety
/// A non-null `dest` holds `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_outfeed_dequeue(replica_id: i32, dest: *mut c_void, size: i64, timeout_ms: i64) -> i32 {
    guard("xla_rt_outfeed_dequeue", || {
        let replica = replica(replica_id)?;
        let size = args::size("size", size)?;
        args::buffer("dest", dest.cast::<u8>() as *const u8, size)?;
        queues().pop_into(replica, args::slice_mut(dest.cast::<u8>(), size), feed::timeout(timeout_ms))
    })
}
