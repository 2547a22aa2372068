//! The data exchange behind compiled collectives (`hlo.all_reduce`, `all_gather`,
//! `reduce_scatter`, `all_to_all`, `collective_permute`, `collective_broadcast`): every
//! process of the run (each replica of each partition) hands in the bytes of one buffer
//! and may then read the buffer of any member of its group.
//!
//! Compiled code does everything else with loads and stores in its own layouts, so one
//! exchange serves every collective, every element type and any reducer region: the
//! runtime moves bytes and resolves groups; the reduction, the concatenation and the
//! splitting are the compiled code's (lowering/src/to_loops/collectives.rs).
//!
//! Groups are StableHLO's process groups: a collective's ids are replica ids formed in
//! each partition, partition ids formed in each replica, replica ids taking every
//! partition of their replicas, or flattened process ids (`replica * num_partitions +
//! partition`), as its channel says; groups of different sizes come padded with -1.
//!
//! Invariants:
//! - every process of the run's `num_replicas * num_partitions` calls the same exchanges
//!   in the same order (XLA's SPMD contract), whatever its group: the k-th exchange of
//!   each process forms one round, complete when all processes have handed in;
//! - groups are checked after the round completes, as the reference interpreter checks
//!   them, so an op with wrong groups fails on every process instead of leaving the
//!   others waiting: a group naming an id that does not exist, a process in no group
//!   (unless the op allows it), or a group of another size than the op's types need are
//!   `XLA_RT_INVALID_ARGUMENT`;
//! - a process's last round stays readable (`xla_rt_collective_member`) until its next
//!   exchange; the contributions are shared, not copied per reader;
//! - a process that waits longer than the collective timeout (`xla_rt_set_collective_
//!   timeout_ms`) gets `XLA_RT_DEADLINE_EXCEEDED`; after `xla_rt_collectives_abort` every
//!   waiting and later exchange gets `XLA_RT_FAILED_PRECONDITION` until
//!   `xla_rt_collectives_reset`, so a process that failed never hangs the others;
//! - the state keeps entries only for the processes that took part (maps by process
//!   index, never a slot per process of the count), so its memory follows the threads that
//!   really exchange and a caller-controlled count (up to `i32::MAX`) cannot make it
//!   allocate: an exchange that never fills up times out;
//! - exchanges are keyed by the number of processes: one program grid per process count
//!   may run at a time in a process of the operating system.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::replicas::collective_deadline;
use crate::status::{guard, RtError, RtResult, XlaStatus};

/// The contributions of one round, by process index.
type Contributions = Arc<Vec<Vec<u8>>>;

/// One round in progress.
struct Slot {
    /// The bytes handed in so far, by process index.
    values: HashMap<usize, Vec<u8>>,
    /// Processes that have not yet taken the completed round.
    readers_left: usize,
    /// The completed round, shared by its readers.
    done: Option<Contributions>,
}

/// What a process may read after its last exchange: the round and its group's members.
#[derive(Clone)]
struct Delivered {
    contributions: Contributions,
    members: Vec<usize>,
}

/// The state of the processes of one count.
#[derive(Default)]
struct State {
    /// How many exchanges each process has started, by process index (none: absent).
    sequence: HashMap<usize, u64>,
    slots: HashMap<u64, Slot>,
    /// What each process may read after its last exchange, by process index.
    delivered: HashMap<usize, Delivered>,
    aborted: bool,
}

/// Where the processes of one count meet.
#[derive(Default)]
struct Rendezvous {
    state: Mutex<State>,
    changed: Condvar,
}

/// The rendezvous of `n` processes.
fn rendezvous(n: usize) -> Arc<Rendezvous> {
    static ALL: OnceLock<Mutex<HashMap<usize, Arc<Rendezvous>>>> = OnceLock::new();
    let mut all = ALL.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner());
    all.entry(n).or_default().clone()
}

impl Rendezvous {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands in `bytes` as process `process` of `n` and returns every process's
    /// contribution.
    fn exchange(&self, process: usize, n: usize, bytes: Vec<u8>) -> RtResult<Contributions> {
        let deadline = collective_deadline();
        let mut state = self.lock();
        if state.aborted {
            return Err(aborted());
        }
        state.delivered.remove(&process);
        let sequence = {
            let started = state.sequence.entry(process).or_insert(0);
            *started += 1;
            *started
        };
        let slot = state.slots.entry(sequence).or_insert_with(|| Slot { values: HashMap::new(), readers_left: n, done: None });
        slot.values.insert(process, bytes);
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
                            format!("process {process} timed out waiting for the other processes at a collective"),
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
    RtError::new(XlaStatus::FailedPrecondition, "another process failed before reaching this collective")
}

/// How a collective's groups name processes, as compiled code passes it (the hlo
/// dialect's `ProcessGroupMode`, with [`GROUP_OPTIONAL`] or-ed in where a process may be
/// in no group).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GroupMode {
    /// Groups of replica ids, each formed in every partition.
    CrossReplica,
    /// Groups of partition ids, each formed in every replica.
    CrossPartition,
    /// Groups of replica ids that take every partition of their replicas.
    CrossReplicaAndPartition,
    /// Groups of flattened process ids.
    FlattenedIds,
}

/// The flag of a mode under which a process in no group takes part in the round and
/// reads no member (`collective_broadcast`), rather than failing.
pub const GROUP_OPTIONAL: i64 = 4;

/// The id that pads groups shorter than the table's width.
const PADDING: i64 = -1;

impl GroupMode {
    /// The mode of `code` and whether membership is optional.
    fn of_code(code: i64) -> RtResult<(GroupMode, bool)> {
        let mode = match code & !GROUP_OPTIONAL {
            0 => GroupMode::CrossReplica,
            1 => GroupMode::CrossPartition,
            2 => GroupMode::CrossReplicaAndPartition,
            3 => GroupMode::FlattenedIds,
            _ => return Err(RtError::invalid(format!("mode = {code} is no collective group mode"))),
        };
        Ok((mode, code & GROUP_OPTIONAL != 0))
    }

    /// What the ids of groups under this mode are called, how many there are and the
    /// caller's own.
    fn id_space(self, options: &RunOptions) -> (&'static str, usize, usize) {
        match self {
            GroupMode::CrossReplica | GroupMode::CrossReplicaAndPartition => ("replica", options.num_replicas, options.replica_id),
            GroupMode::CrossPartition => ("partition", options.num_partitions, options.partition_id),
            GroupMode::FlattenedIds => ("process", options.num_processes(), options.process()),
        }
    }

    /// The processes, in group order, of the group whose ids are `ids`, as formed for the
    /// caller (in its partition or its replica).
    fn processes(self, ids: &[usize], options: &RunOptions) -> Vec<usize> {
        let partitions = options.num_partitions;
        match self {
            GroupMode::CrossReplica => ids.iter().map(|&r| r * partitions + options.partition_id).collect(),
            GroupMode::CrossPartition => ids.iter().map(|&p| options.replica_id * partitions + p).collect(),
            GroupMode::CrossReplicaAndPartition => (0..partitions).flat_map(|p| ids.iter().map(move |&r| r * partitions + p)).collect(),
            GroupMode::FlattenedIds => ids.to_vec(),
        }
    }
}

/// A collective's groups: `num_groups` rows of `width` ids (row-major, shorter groups
/// padded with -1), none for one group of every id.
struct GroupTable<'a> {
    ids: &'a [i64],
    num_groups: usize,
    width: usize,
}

/// The members (flattened process indices, in group order) of the caller's group under
/// `table` and `mode`; empty when it is in none and `optional`. The group must have
/// `expected` members unless that is 0.
fn group_of(table: &GroupTable, mode: GroupMode, optional: bool, expected: usize, options: &RunOptions) -> RtResult<Vec<usize>> {
    let (kind, count, me) = mode.id_space(options);
    let ids: Vec<usize> = if table.num_groups == 0 {
        (0..count).collect()
    } else {
        if let Some(&id) = table.ids.iter().find(|&&id| id != PADDING && !(0..count as i64).contains(&id)) {
            let kinds = if kind.ends_with('s') { format!("{kind}es") } else { format!("{kind}s") };
            return Err(RtError::invalid(format!("replica_groups name {kind} {id}, but there are {count} {kinds}")));
        }
        match table.ids.chunks(table.width.max(1)).find(|group| group.contains(&(me as i64))) {
            Some(group) => group.iter().filter(|&&id| id != PADDING).map(|&id| id as usize).collect(),
            None if optional => return Ok(Vec::new()),
            None => return Err(RtError::invalid(format!("{kind} {me} is in none of the replica_groups"))),
        }
    };
    let members = mode.processes(&ids, options);
    if expected != 0 && members.len() != expected {
        return Err(RtError::invalid(format!(
            "the collective's types need a group of {expected} processes, but the group of {kind} {me} has {}",
            members.len()
        )));
    }
    Ok(members)
}

/// Takes part in the next collective: hands in the `bytes` bytes at `input` and waits for
/// every process of the run (`opts`'s replicas times partitions) to hand in theirs. Then
/// resolves this process's group: `groups` holds `num_groups` groups of at most `width`
/// ids each (row-major, shorter groups padded with -1), whose kind `mode` gives (0:
/// replica ids per partition, 1: partition ids per replica, 2: replica ids taking every
/// partition, 3: flattened process ids; or-ed with 4 when a process may be in no group);
/// with `num_groups == 0` the group is every id. The group must have `expected_size`
/// processes unless that is 0. Writes the group's size (0 for a process in no group),
/// this process's position in it and its id of the mode's kind to `info[0..3]`. The
/// members' buffers stay readable with `xla_rt_collective_member` until this process's
/// next exchange.
///
/// # Safety
/// `input` holds `bytes` bytes, `groups` `num_groups * width` ids, `info` 3 writable
/// elements.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_collective_exchange(
    input: *const c_void,
    bytes: i64,
    groups: *const i64,
    num_groups: i64,
    width: i64,
    mode: i64,
    expected_size: i64,
    info: *mut i64,
    opts: *const XlaRunOptions,
) -> i32 {
    guard("xla_rt_collective_exchange", || {
        let options = RunOptions::from_ptr(opts)?;
        let bytes = args::size("bytes", bytes)?;
        let num_groups = args::size("num_groups", num_groups)?;
        let width = args::size("width", width)?;
        let expected = args::size("expected_size", expected_size)?;
        let (mode, optional) = GroupMode::of_code(mode)?;
        let ids = if num_groups == 0 { 0 } else { args::product("num_groups * width", &[num_groups, width])? };
        args::buffer("input", input.cast::<u8>(), bytes)?;
        args::buffer("info", info as *const i64, 3)?;
        args::not_null("info", info)?;
        let groups = args::read_array("groups", groups, ids)?;
        let contribution = args::try_copy(args::slice(input.cast::<u8>(), bytes))?;
        let (process, n) = (options.process(), options.num_processes());
        let meeting = rendezvous(n);
        let contributions = meeting.exchange(process, n, contribution)?;
        let table = GroupTable { ids: &groups, num_groups, width };
        let members = group_of(&table, mode, optional, expected, &options)?;
        let position = members.iter().position(|&m| m == process).unwrap_or(0);
        let (_, _, own_id) = mode.id_space(&options);
        args::slice_mut(info, 3).copy_from_slice(&[members.len() as i64, position as i64, own_id as i64]);
        meeting.lock().delivered.insert(process, Delivered { contributions, members });
        Ok(())
    })
}

/// Copies the buffer that the member at `position` of this process's group handed in to
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
        let (process, n) = (options.process(), options.num_processes());
        let delivered = rendezvous(n).lock().delivered.get(&process).cloned();
        let delivered = delivered
            .ok_or_else(|| RtError::new(XlaStatus::FailedPrecondition, format!("process {process} has no collective exchange to read")))?;
        let member = usize::try_from(position)
            .ok()
            .and_then(|p| delivered.members.get(p))
            .ok_or_else(|| RtError::invalid(format!("position {position} is not in a group of {}", delivered.members.len())))?;
        let data = &delivered.contributions[*member];
        if data.len() != bytes {
            return Err(RtError::invalid(format!("process {member} handed in {} bytes, not {bytes}", data.len())));
        }
        args::slice_mut(dest.cast::<u8>(), bytes).copy_from_slice(data);
        Ok(())
    })
}

/// Host side: makes every waiting and later exchange of `num_processes` processes (the
/// run's replicas times its partitions) fail with `XLA_RT_FAILED_PRECONDITION`, for a
/// driver one of whose processes failed. Returns 0, or `XLA_RT_INVALID_ARGUMENT` for a
/// count below 1.
#[no_mangle]
pub extern "C" fn xla_rt_collectives_abort(num_processes: i32) -> i32 {
    guard("xla_rt_collectives_abort", || {
        let n = process_count(num_processes)?;
        let meeting = rendezvous(n);
        meeting.lock().aborted = true;
        meeting.changed.notify_all();
        Ok(())
    })
}

/// Host side: forgets every round of `num_processes` processes and clears an abort, before
/// a new run; no process may be inside a collective. Returns 0, or
/// `XLA_RT_INVALID_ARGUMENT` for a count below 1.
#[no_mangle]
pub extern "C" fn xla_rt_collectives_reset(num_processes: i32) -> i32 {
    guard("xla_rt_collectives_reset", || {
        let n = process_count(num_processes)?;
        let meeting = rendezvous(n);
        *meeting.lock() = State::default();
        Ok(())
    })
}

/// A process count from the host side.
fn process_count(num_processes: i32) -> RtResult<usize> {
    usize::try_from(num_processes)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| RtError::invalid(format!("num_processes = {num_processes} is not positive")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of process `(replica, partition)` of a 2 x 3 grid.
    fn grid_options(replica: usize, partition: usize) -> RunOptions {
        RunOptions { threads: 1, replica_id: replica, num_replicas: 2, partition_id: partition, num_partitions: 3 }
    }

    fn members(ids: &[i64], width: usize, code: i64, expected: usize, options: &RunOptions) -> Result<Vec<usize>, String> {
        let (mode, optional) = GroupMode::of_code(code).map_err(|e| e.message)?;
        let table = GroupTable { ids, num_groups: if width == 0 { 0 } else { ids.len() / width }, width };
        group_of(&table, mode, optional, expected, options).map_err(|e| e.message)
    }

    #[test]
    fn groups_name_processes_by_mode() {
        let me = grid_options(1, 2);
        // Replica groups in this process's partition; partition groups in its replica.
        assert_eq!(members(&[1, 0], 2, 0, 0, &me), Ok(vec![5, 2]));
        assert_eq!(members(&[0, 2, 1, -1], 2, 1, 0, &me), Ok(vec![3, 5]));
        // Replica groups taking every partition, partition by partition.
        assert_eq!(members(&[0, 1], 2, 2, 6, &me), Ok(vec![0, 3, 1, 4, 2, 5]));
        assert_eq!(members(&[5, 0], 2, 3, 0, &me), Ok(vec![5, 0]));
        assert_eq!(members(&[], 0, 1, 3, &me), Ok(vec![3, 4, 5]));
    }

    #[test]
    fn groups_that_miss_a_process_or_name_none_fail_unless_optional() {
        let me = grid_options(1, 2);
        assert_eq!(members(&[0, 1], 2, 1, 0, &me), Err("partition 2 is in none of the replica_groups".into()));
        assert_eq!(members(&[0, 1], 2, 1 | GROUP_OPTIONAL, 0, &me), Ok(vec![]));
        assert_eq!(members(&[0, 3], 2, 1, 0, &me), Err("replica_groups name partition 3, but there are 3 partitions".into()));
        assert_eq!(
            members(&[0, 1], 2, 2, 2, &me),
            Err("the collective's types need a group of 2 processes, but the group of replica 1 has 6".into())
        );
        assert_eq!(members(&[], 0, 9, 0, &me), Err("mode = 9 is no collective group mode".into()));
        assert_eq!(members(&[0, 6], 2, 3, 0, &me), Err("replica_groups name process 6, but there are 6 processes".into()));
    }
}
