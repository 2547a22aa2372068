//! The data exchange behind compiled collectives (`hlo.all_reduce`, `all_gather`,
//! `reduce_scatter`, `all_to_all`, `collective_permute`): every replica hands in the bytes
//! of one buffer and may then read the buffer of any member of its replica group.
//!
//! Compiled code does everything else with loads and stores in its own layouts, so one
//! exchange serves every collective, every element type and any reducer region: the
//! runtime moves bytes and resolves groups; the reduction, the concatenation and the
//! splitting are the compiled code's (lowering/src/to_loops/collectives.rs).
//!
//! Invariants:
//! - every replica of the process's `num_replicas` calls the same exchanges in the same
//!   order (XLA's SPMD contract), whatever its group: the k-th exchange of each replica
//!   forms one round, complete when all `num_replicas` replicas have handed in;
//! - groups are checked after the round completes, as the reference interpreter checks
//!   them, so an op with wrong groups fails on every replica instead of leaving the others
//!   waiting: a group naming a replica that does not exist, a replica in no group, or a
//!   group of another size than the op's types need are `XLA_RT_INVALID_ARGUMENT`;
//! - a replica's last round stays readable (`xla_rt_collective_member`) until its next
//!   exchange; the contributions are shared, not copied per reader;
//! - a replica that waits longer than the collective timeout (`xla_rt_set_collective_
//!   timeout_ms`) gets `XLA_RT_DEADLINE_EXCEEDED`; after `xla_rt_collectives_abort` every
//!   waiting and later exchange gets `XLA_RT_FAILED_PRECONDITION` until
//!   `xla_rt_collectives_reset`, so a replica that failed never hangs the others;
//! - the state keeps entries only for the replicas that took part (maps by replica id,
//!   never a slot per replica of the count), so its memory follows the threads that really
//!   exchange and a caller-controlled `num_replicas` (up to `i32::MAX`) cannot make it
//!   allocate: an exchange that never fills up times out;
//! - exchanges are keyed by `num_replicas`: one replicated program per replica count may
//!   run at a time in a process.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::replicas::collective_deadline;
use crate::status::{guard, RtError, RtResult, XlaStatus};

/// The contributions of one round, by replica id.
type Contributions = Arc<Vec<Vec<u8>>>;

/// One round in progress.
struct Slot {
    /// The bytes handed in so far, by replica id.
    values: HashMap<usize, Vec<u8>>,
    /// Replicas that have not yet taken the completed round.
    readers_left: usize,
    /// The completed round, shared by its readers.
    done: Option<Contributions>,
}

/// What a replica may read after its last exchange: the round and its group's members.
#[derive(Clone)]
struct Delivered {
    contributions: Contributions,
    members: Vec<usize>,
}

/// The state of the replicas of one count.
#[derive(Default)]
struct State {
    /// How many exchanges each replica has started, by replica id (none: absent).
    sequence: HashMap<usize, u64>,
    slots: HashMap<u64, Slot>,
    /// What each replica may read after its last exchange, by replica id.
    delivered: HashMap<usize, Delivered>,
    aborted: bool,
}

/// Where the replicas of one count meet.
#[derive(Default)]
struct Rendezvous {
    state: Mutex<State>,
    changed: Condvar,
}

/// The rendezvous of `n` replicas.
fn rendezvous(n: usize) -> Arc<Rendezvous> {
    static ALL: OnceLock<Mutex<HashMap<usize, Arc<Rendezvous>>>> = OnceLock::new();
    let mut all = ALL.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner());
    all.entry(n).or_default().clone()
}

impl Rendezvous {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands in `bytes` as `replica` of `n` and returns every replica's contribution.
    fn exchange(&self, replica: usize, n: usize, bytes: Vec<u8>) -> RtResult<Contributions> {
        let deadline = collective_deadline();
        let mut state = self.lock();
        if state.aborted {
            return Err(aborted());
        }
        state.delivered.remove(&replica);
        let sequence = {
            let started = state.sequence.entry(replica).or_insert(0);
            *started += 1;
            *started
        };
        let slot = state.slots.entry(sequence).or_insert_with(|| Slot { values: HashMap::new(), readers_left: n, done: None });
        slot.values.insert(replica, bytes);
        if slot.values.len() == n {
            let mut values = std::mem::take(&mut slot.values);
            slot.done = Some(Arc::new((0..n).map(|r| values.remove(&r).unwrap_or_default()).collect()));
            self.changed.notify_all();
        }
        loop {
            let slot = state.slots.get_mut(&sequence).ok_or_else(|| RtError::internal("a round vanished"))?;
            if let Some(done) = slot.done.clone() {
                slot.readers_left -= 1;
                if slot.readers_left == 0 {
                    state.slots.remove(&sequence);
                }
                return Ok(done);
            }
            if state.aborted {
                return Err(aborted());
            }
            state = match deadline {
                None => self.changed.wait(state).unwrap_or_else(|p| p.into_inner()),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(RtError::new(
                            XlaStatus::DeadlineExceeded,
                            format!("replica {replica} timed out waiting for the other replicas at a collective"),
                        ));
                    }
                    self.changed.wait_timeout(state, left).unwrap_or_else(|p| p.into_inner()).0
                }
            };
        }
    }
}

/// The error of an exchange after an abort.
fn aborted() -> RtError {
    RtError::new(XlaStatus::FailedPrecondition, "another replica failed before reaching this collective")
}

/// The members of `replica`'s group, in group order: `groups` holds `num_groups` groups of
/// `group_size` replica ids; none is one group of all `n` replicas, which must then number
/// `group_size` unless that is 0.
fn group_of(groups: &[i64], num_groups: usize, group_size: usize, replica: usize, n: usize) -> RtResult<Vec<usize>> {
    if num_groups == 0 {
        if group_size != 0 && group_size != n {
            return Err(RtError::invalid(format!("the collective's types need a group of {group_size} replicas, but there are {n} replicas")));
        }
        return Ok((0..n).collect());
    }
    if let Some(&id) = groups.iter().find(|&&id| !(0..n as i64).contains(&id)) {
        return Err(RtError::invalid(format!("replica_groups name replica {id}, but there are {n} replicas")));
    }
    groups
        .chunks(group_size.max(1))
        .find(|group| group.contains(&(replica as i64)))
        .map(|group| group.iter().map(|&id| id as usize).collect())
        .ok_or_else(|| RtError::invalid(format!("replica {replica} is in none of the replica_groups")))
}

/// Takes part in the next collective: hands in the `bytes` bytes at `input` and waits for
/// every replica of the process (`opts->num_replicas`) to hand in theirs. Then resolves
/// this replica's group: `groups` holds `num_groups` groups of `group_size` replica ids
/// each (row-major); with `num_groups == 0` the group is every replica, which must number
/// `group_size` unless that is 0. Writes the group's size, this replica's position in it
/// and this replica's id to `info[0..3]`. The members' buffers stay readable with
/// `xla_rt_collective_member` until this replica's next exchange.
///
/// # Safety
/// `input` holds `bytes` bytes, `groups` `num_groups * group_size` ids, `info` 3 writable
/// elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_collective_exchange(
    input: *const c_void,
    bytes: i64,
    groups: *const i64,
    num_groups: i64,
    group_size: i64,
    info: *mut i64,
    opts: *const XlaRunOptions,
) -> i32 {
    guard("xla_rt_collective_exchange", || {
        let options = RunOptions::from_ptr(opts)?;
        let bytes = args::size("bytes", bytes)?;
        let num_groups = args::size("num_groups", num_groups)?;
        let group_size = args::size("group_size", group_size)?;
        let ids = if num_groups == 0 { 0 } else { args::product("num_groups * group_size", &[num_groups, group_size])? };
        args::buffer("input", input.cast::<u8>(), bytes)?;
        args::buffer("info", info as *const i64, 3)?;
        args::not_null("info", info)?;
        let groups = args::read_array("groups", groups, ids)?;
        let contribution = args::try_copy(args::slice(input.cast::<u8>(), bytes))?;
        let (replica, n) = (options.replica_id, options.num_replicas);
        let meeting = rendezvous(n);
        let contributions = meeting.exchange(replica, n, contribution)?;
        let members = group_of(&groups, num_groups, group_size, replica, n)?;
        let position = members.iter().position(|&m| m == replica).unwrap_or(0);
        args::slice_mut(info, 3).copy_from_slice(&[members.len() as i64, position as i64, replica as i64]);
        meeting.lock().delivered.insert(replica, Delivered { contributions, members });
        Ok(())
    })
}

/// Copies the buffer that the member at `position` of this replica's group handed in to
/// its last `xla_rt_collective_exchange` into `dest`, which must be its size (`bytes`).
///
/// # Safety
/// `dest` holds `bytes` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_collective_member(position: i64, dest: *mut c_void, bytes: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_collective_member", || {
        let options = RunOptions::from_ptr(opts)?;
        let bytes = args::size("bytes", bytes)?;
        args::buffer("dest", dest.cast::<u8>() as *const u8, bytes)?;
        let (replica, n) = (options.replica_id, options.num_replicas);
        let delivered = rendezvous(n).lock().delivered.get(&replica).cloned();
        let delivered = delivered
            .ok_or_else(|| RtError::new(XlaStatus::FailedPrecondition, format!("replica {replica} has no collective exchange to read")))?;
        let member = usize::try_from(position)
            .ok()
            .and_then(|p| delivered.members.get(p))
            .ok_or_else(|| RtError::invalid(format!("position {position} is not in a group of {}", delivered.members.len())))?;
        let data = &delivered.contributions[*member];
        if data.len() != bytes {
            return Err(RtError::invalid(format!("replica {member} handed in {} bytes, not {bytes}", data.len())));
        }
        args::slice_mut(dest.cast::<u8>(), bytes).copy_from_slice(data);
        Ok(())
    })
}

/// Host side: makes every waiting and later exchange of `num_replicas` replicas fail with
/// `XLA_RT_FAILED_PRECONDITION`, for a driver whose replica failed. Returns 0, or
/// `XLA_RT_INVALID_ARGUMENT` for a count below 1.
#[no_mangle]
pub extern "C" fn xla_rt_collectives_abort(num_replicas: i32) -> i32 {
    guard("xla_rt_collectives_abort", || {
        let n = replica_count(num_replicas)?;
        let meeting = rendezvous(n);
        meeting.lock().aborted = true;
        meeting.changed.notify_all();
        Ok(())
    })
}

/// Host side: forgets every round of `num_replicas` replicas and clears an abort, before a
/// new replicated run; no replica may be inside a collective. Returns 0, or
/// `XLA_RT_INVALID_ARGUMENT` for a count below 1.
#[no_mangle]
pub extern "C" fn xla_rt_collectives_reset(num_replicas: i32) -> i32 {
    guard("xla_rt_collectives_reset", || {
        let n = replica_count(num_replicas)?;
        let meeting = rendezvous(n);
        *meeting.lock() = State::default();
        Ok(())
    })
}

/// A replica count from the host side.
fn replica_count(num_replicas: i32) -> RtResult<usize> {
    usize::try_from(num_replicas)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| RtError::invalid(format!("num_replicas = {num_replicas} is not positive")))
}
