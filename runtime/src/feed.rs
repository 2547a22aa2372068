//! The queue behind infeed and outfeed: per replica, a FIFO of byte buffers that one side
//! pushes and the other pops, waiting up to a timeout.
//!
//! Invariants:
//! - each replica has its own FIFO; buffers come out in the order they went in;
//! - a pop names the size it expects; a head buffer of another size is not consumed and
//!   the pop fails with `XLA_RT_INVALID_ARGUMENT`, so a mismatch never loses data;
//! - a pop that finds nothing within its timeout fails with `XLA_RT_DEADLINE_EXCEEDED`; a
//!   negative timeout waits for ever;
//! - buffers are copied in and out (`try_copy`), so the caller keeps its memory.

use std::collections::{HashMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::args;
use crate::status::{RtError, RtResult, XlaStatus};

/// The FIFOs of one direction (infeed or outfeed), keyed by replica.
#[derive(Default)]
pub struct FeedQueues {
    queues: Mutex<HashMap<usize, VecDeque<Vec<u8>>>>,
    ready: Condvar,
}

/// A timeout in milliseconds as the C ABI gives it: negative means no limit.
pub fn timeout(ms: i64) -> Option<Duration> {
    u64::try_from(ms).ok().map(Duration::from_millis)
}

impl FeedQueues {
    fn lock(&self) -> MutexGuard<'_, HashMap<usize, VecDeque<Vec<u8>>>> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Appends a copy of `data` to `replica`'s FIFO.
    pub fn push(&self, replica: usize, data: &[u8]) -> RtResult<()> {
        let copy = args::try_copy(data)?;
        self.lock().entry(replica).or_default().push_back(copy);
        self.ready.notify_all();
        Ok(())
    }

    /// The number of buffers waiting in `replica`'s FIFO.
    pub fn len(&self, replica: usize) -> usize {
        self.lock().get(&replica).map_or(0, VecDeque::len)
    }

    /// Whether `replica`'s FIFO is empty.
    pub fn is_empty(&self, replica: usize) -> bool {
        self.len(replica) == 0
    }

    /// Waits until `replica`'s FIFO has a buffer and returns the guard with it at the head.
    fn wait_for_head(&self, replica: usize, limit: Option<Duration>) -> RtResult<MutexGuard<'_, HashMap<usize, VecDeque<Vec<u8>>>>> {
        let deadline = limit.map(|d| Instant::now() + d);
        let mut queues = self.lock();
        while queues.get(&replica).is_none_or(VecDeque::is_empty) {
            queues = match deadline {
                None => self.ready.wait(queues).unwrap_or_else(|p| p.into_inner()),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(RtError::new(XlaStatus::DeadlineExceeded, format!("no buffer for replica {replica} within the timeout")));
                    }
                    self.ready.wait_timeout(queues, left).unwrap_or_else(|p| p.into_inner()).0
                }
            };
        }
        Ok(queues)
    }

    /// The size of the buffer at the head of `replica`'s FIFO, waiting for one.
    pub fn next_size(&self, replica: usize, limit: Option<Duration>) -> RtResult<usize> {
        let queues = self.wait_for_head(replica, limit)?;
        Ok(queues.get(&replica).and_then(VecDeque::front).map_or(0, Vec::len))
    }

    /// Pops the head of `replica`'s FIFO into `dest`, which must be its exact size.
    pub fn pop_into(&self, replica: usize, dest: &mut [u8], limit: Option<Duration>) -> RtResult<()> {
        let mut queues = self.wait_for_head(replica, limit)?;
        let queue = queues.entry(replica).or_default();
        let size = queue.front().map_or(0, Vec::len);
        if size != dest.len() {
            return Err(RtError::invalid(format!("the next buffer has {size} bytes, not {}", dest.len())));
        }
        if let Some(buffer) = queue.pop_front() {
            dest.copy_from_slice(&buffer);
        }
        Ok(())
    }
}
