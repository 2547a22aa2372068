//! `hlo.send` and `hlo.recv` for compiled code: per replica and channel, a FIFO of byte
//! buffers, as the reference interpreter keeps them.
//!
//! Invariants:
//! - a send and the recv of the same channel meet within one replica (`opts->replica_id`),
//!   as in the interpreter, which runs a program's sends and recvs in program order;
//! - a recv takes the oldest buffer sent on its channel and never waits: nothing sent is
//!   `XLA_RT_FAILED_PRECONDITION` (no later op could send it), and a buffer of another
//!   size is `XLA_RT_INVALID_ARGUMENT` and stays queued;
//! - buffers are copied in and out, so callers keep their memory; an op with several data
//!   values sends (and receives) one buffer per value, in order.

use std::collections::{HashMap, VecDeque};
use std::ffi::c_void;
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, XlaStatus};

/// The FIFOs, by replica and channel.
type Channels = HashMap<(usize, i64), VecDeque<Vec<u8>>>;

fn channels() -> MutexGuard<'static, Channels> {
    static CHANNELS: OnceLock<Mutex<Channels>> = OnceLock::new();
    CHANNELS.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner())
}

/// Appends a copy of the `size` bytes at `data` to this replica's FIFO of `channel`.
///
/// # Safety
/// A non-null `data` holds `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_send(channel: i64, data: *const c_void, size: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_send", || {
        let options = RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("data", data.cast::<u8>(), size)?;
        let copy = args::try_copy(args::slice(data.cast::<u8>(), size))?;
        channels().entry((options.replica_id, channel)).or_default().push_back(copy);
        Ok(())
    })
}

/// Pops the oldest buffer of this replica's FIFO of `channel` into `dest`, which must be
/// its size; fails at once when nothing was sent (see the module).
///
/// # Safety
/// A non-null `dest` holds `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_recv(channel: i64, dest: *mut c_void, size: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_recv", || {
        let options = RunOptions::from_ptr(opts)?;
        let size = args::size("size", size)?;
        args::buffer("dest", dest.cast::<u8>() as *const u8, size)?;
        let mut all = channels();
        let queue = all.entry((options.replica_id, channel)).or_default();
        let sent = queue.front().map(Vec::len).ok_or_else(|| {
            RtError::new(XlaStatus::FailedPrecondition, format!("nothing was sent on channel {channel} before this recv"))
        })?;
        if sent != size {
            return Err(RtError::invalid(format!("channel {channel} holds {sent} bytes, but the recv reads {size}")));
        }
        if let Some(buffer) = queue.pop_front() {
            args::slice_mut(dest.cast::<u8>(), size).copy_from_slice(&buffer);
        }
        Ok(())
    })
}

/// Host side: drops every buffer sent and not received, on every channel and replica,
/// before a new run. Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_channels_clear() -> i32 {
    channels().clear();
    0
}
