//! `hlo.send` and `hlo.recv` for compiled code: per channel, a FIFO of byte buffers that
//! every process of the run (each replica of each partition) sends to and receives from,
//! as the reference interpreter keeps them.
//!
//! Invariants:
//! - a send and a recv of the same channel meet whichever processes run them; within one
//!   process they meet in program order;
//! - a recv takes the oldest buffer sent on its channel. A process alone never waits:
//!   nothing sent is `XLA_RT_FAILED_PRECONDITION` (no later op could send it). Among
//!   processes (`opts`'s replicas times partitions) a recv waits for another's send, and
//!   fails with `XLA_RT_FAILED_PRECONDITION` once every other process has finished (the
//!   driver says so with `xla_rt_channels_finish`), or with `XLA_RT_DEADLINE_EXCEEDED`
//!   after the collective timeout; a buffer of another size is `XLA_RT_INVALID_ARGUMENT`
//!   and stays queued;
//! - buffers are copied in and out, so callers keep their memory; an op with several data
//!   values sends (and receives) one buffer per value, in order.

use std::collections::{HashMap, VecDeque};
use std::ffi::c_void;
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::replicas::collective_deadline;
use crate::status::{guard, RtError, XlaStatus};

/// The FIFOs by channel, and how many processes of the run have finished.
#[derive(Default)]
struct Channels {
    queues: HashMap<i64, VecDeque<Vec<u8>>>,
    finished: usize,
}

/// The channels of the run and the condition a waiting recv waits on.
fn state() -> &'static (Mutex<Channels>, Condvar) {
    static CHANNELS: OnceLock<(Mutex<Channels>, Condvar)> = OnceLock::new();
    CHANNELS.get_or_init(Default::default)
}

fn channels() -> MutexGuard<'static, Channels> {
    state().0.lock().unwrap_or_else(|p| p.into_inner())
}

/// Appends a copy of the `size` bytes at `data` to the FIFO of `channel`.
///
/// # Safety
/// A non-null `data` holds `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_send(channel: i64, data: *const c_void, size: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_send", || {
        RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("data", data.cast::<u8>(), size)?;
        let copy = args::try_copy(args::slice(data.cast::<u8>(), size))?;
        channels().queues.entry(channel).or_default().push_back(copy);
        state().1.notify_all();
        Ok(())
    })
}

/// Pops the oldest buffer of the FIFO of `channel` into `dest`, which must be its size;
/// waits for another process to send it when the run has others (see the module).
///
/// # Safety
/// A non-null `dest` holds `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_recv(channel: i64, dest: *mut c_void, size: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_recv", || {
        let options = RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("dest", dest.cast::<u8>() as *const u8, size)?;
        let deadline = collective_deadline();
        let mut all = channels();
        let sent = loop {
            if let Some(sent) = all.queues.get(&channel).and_then(VecDeque::front).map(Vec::len) {
                break sent;
            }
            if options.num_processes() == 1 {
                return Err(RtError::new(XlaStatus::FailedPrecondition, format!("nothing was sent on channel {channel} before this recv")));
            }
            if all.finished + 1 >= options.num_processes() {
                return Err(RtError::new(
                    XlaStatus::FailedPrecondition,
                    format!("nothing was sent on channel {channel}, and no other process is left to send"),
                ));
            }
            all = match deadline {
                None => state().1.wait(all).unwrap_or_else(|p| p.into_inner()),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(RtError::new(XlaStatus::DeadlineExceeded, format!("nothing was sent on channel {channel} within the collective timeout")));
                    }
                    state().1.wait_timeout(all, left).unwrap_or_else(|p| p.into_inner()).0
                }
            };
        };
        if sent != size {
            return Err(RtError::invalid(format!("channel {channel} holds {sent} bytes, but the recv reads {size}")));
        }
        if let Some(buffer) = all.queues.get_mut(&channel).and_then(VecDeque::pop_front) {
            args::slice_mut(dest.cast::<u8>(), size).copy_from_slice(&buffer);
        }
        Ok(())
    })
}

/// Host side: tells waiting recvs that one more process of the run has finished its
/// program (successfully or not), so that none waits for a send that cannot come.
/// Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_channels_finish() -> i32 {
    channels().finished += 1;
    state().1.notify_all();
    0
}

/// Host side: drops every buffer sent and not received, on every channel, and forgets
/// the finished processes, before a new run. Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_channels_clear() -> i32 {
    *channels() = Channels::default();
    0
}
