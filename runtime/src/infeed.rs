//! Infeed: buffers the host pushes for a running program to read (`hlo.infeed`).
//!
//! Invariants: see [`crate::feed`]; the program side names its replica through
//! `XlaRunOptions` (so each replica reads its own FIFO), the host side names it directly.

use std::ffi::c_void;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::OnceLock;

use crate::args;
use crate::feed::{self, FeedQueues};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};

/// The infeed FIFOs of the process.
pub fn queues() -> &'static FeedQueues {
    static QUEUES: OnceLock<FeedQueues> = OnceLock::new();
    QUEUES.get_or_init(FeedQueues::default)
}

/// A replica id from the host side.
pub fn replica(replica_id: i32) -> RtResult<usize> {
    usize::try_from(replica_id).map_err(|_| RtError::invalid(format!("replica_id = {replica_id} is negative")))
}

/// Host side: appends a copy of `size` bytes at `data` (NULL when `size` is 0) to the
/// infeed of replica `replica_id`.
///
/// # Safety
/// A non-null `data` holds `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_infeed_enqueue(replica_id: i32, data: *const c_void, size: i64) -> i32 {
    guard("xla_rt_infeed_enqueue", || {
        let replica = replica(replica_id)?;
        let size = args::size("size", size)?;
        args::buffer("data", data.cast::<u8>(), size)?;
        queues().push(replica, args::slice(data.cast::<u8>(), size))
    })
}

/// The longest a program-side read with a negative timeout waits, in milliseconds
/// (negative: for ever, the default, as XLA's infeed blocks).
static WAIT_LIMIT_MS: AtomicI64 = AtomicI64::new(-1);

/// Host side: bounds the wait of program-side infeed reads that wait for ever (a negative
/// `timeout_ms`, as compiled `hlo.infeed` passes) to `limit_ms` milliseconds (negative:
/// no bound, the default), for the whole process; a driver with nothing to feed sets 0,
/// so that an infeed fails at once as the reference interpreter's does. Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_set_infeed_wait_limit_ms(limit_ms: i64) -> i32 {
    WAIT_LIMIT_MS.store(limit_ms, Ordering::Relaxed);
    0
}

/// Program side: pops the next infeed buffer of this replica (`opts->replica_id`) into
/// `dest`, waiting up to `timeout_ms` milliseconds (negative: for ever, or the limit
/// `xla_rt_set_infeed_wait_limit_ms` set). Returns 0,
/// `XLA_RT_DEADLINE_EXCEEDED` when nothing came, or `XLA_RT_INVALID_ARGUMENT` when the
/// next buffer is not `size` bytes (it then stays queued).
///
/// # Safety
/// A non-null `dest` holds `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_infeed_dequeue(dest: *mut c_void, size: i64, timeout_ms: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_infeed_dequeue", || {
        let options = RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("dest", dest.cast::<u8>() as *const u8, size)?;
        let timeout_ms = if timeout_ms < 0 { WAIT_LIMIT_MS.load(Ordering::Relaxed) } else { timeout_ms };
        queues().pop_into(options.replica_id, args::slice_mut(dest.cast::<u8>(), size), feed::timeout(timeout_ms))
    })
}

/// Host side: writes the number of buffers waiting in replica `replica_id`'s infeed to
/// `*len`.
///
/// # Safety
/// A non-null `len` is writable.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_infeed_len(replica_id: i32, len: *mut i64) -> i32 {
    guard("xla_rt_infeed_len", || {
        let replica = replica(replica_id)?;
        args::not_null("len", len)?;
        len.write(queues().len(replica) as i64);
        Ok(())
    })
}
