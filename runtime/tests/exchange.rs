//! The data exchange behind compiled collectives: replicas hand in bytes and read their
//! group's members back, replica groups resolve, and a caller-controlled replica count as
//! large as `i32::MAX` is a status (a timeout, an abort), never an abort of the process.
//! One test runs the scenarios in sequence because the collective timeout is process-wide.

mod common;

use std::ffi::c_void;
use std::ptr::null;
use std::sync::Arc;
use std::thread;

use common::last_error;
use xla_runtime::exchange::*;
use xla_runtime::replicas::xla_rt_set_collective_timeout_ms;
use xla_runtime::{XlaPartitionOptions, XlaRunOptions, XlaStatus};

fn opts(id: i32, n: i32) -> XlaRunOptions {
    XlaRunOptions { replica_id: id, num_replicas: n, num_threads: 1, ..XlaRunOptions::default() }
}

/// Replica `id` of `n` hands in `input` as one group of all replicas; the status and the
/// `info` the exchange wrote (group size, position, replica id).
fn exchange(id: i32, n: i32, input: &[u8]) -> (i32, [i64; 3]) {
    let mut info = [0i64; 3];
    let o = opts(id, n);
    let status = unsafe { xla_rt_collective_exchange(input.as_ptr().cast(), input.len() as i64, null(), 0, 0, 0, 0, info.as_mut_ptr(), &o) };
    (status, info)
}

/// The bytes the member at `position` of replica `id`'s group handed in, `bytes` long.
fn member(id: i32, n: i32, position: i64, bytes: usize) -> Result<Vec<u8>, (i32, String)> {
    let mut data = vec![0u8; bytes];
    let o = opts(id, n);
    match unsafe { xla_rt_collective_member(position, data.as_mut_ptr().cast::<c_void>(), bytes as i64, &o) } {
        0 => Ok(data),
        status => Err((status, last_error())),
    }
}

fn three_replicas_read_every_member() {
    let n = 3;
    assert_eq!(xla_rt_collectives_reset(n), 0);
    let handles: Vec<_> = (0..n)
        .map(|id| {
            thread::spawn(move || {
                let (status, info) = exchange(id, n, &[id as u8; 2]);
                assert_eq!(status, 0, "{}", last_error());
                let members: Vec<Vec<u8>> = (0..3).map(|p| member(id, n, p, 2).expect("a member")).collect();
                (info, members)
            })
        })
        .collect();
    for (id, handle) in handles.into_iter().enumerate() {
        let (info, members) = handle.join().expect("the replica's thread");
        assert_eq!(info, [3, id as i64, id as i64]);
        assert_eq!(members, [[0, 0], [1, 1], [2, 2]]);
    }
}

fn replica_groups_resolve_per_replica() {
    let n = 4;
    assert_eq!(xla_rt_collectives_reset(n), 0);
    let groups = Arc::new([0i64, 2, 1, 3]);
    let handles: Vec<_> = (0..n)
        .map(|id| {
            let groups = groups.clone();
            thread::spawn(move || {
                let (mut info, o, input) = ([0i64; 3], opts(id, n), [id as u8 * 10]);
                let status = unsafe { xla_rt_collective_exchange(input.as_ptr().cast(), 1, groups.as_ptr(), 2, 2, 0, 2, info.as_mut_ptr(), &o) };
                assert_eq!(status, 0, "{}", last_error());
                (info, member(id, n, 1, 1).expect("the second member"))
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().expect("the replica's thread")).collect();
    assert_eq!(results[0], ([2, 0, 0], vec![20]));
    assert_eq!(results[3], ([2, 1, 3], vec![30]));
}

fn partitions_exchange_across_replicas_and_partitions() {
    // A grid of 2 replicas x 2 partitions: partition groups [[1, 0]] form in each replica.
    let n = 4;
    assert_eq!(xla_rt_collectives_reset(n), 0);
    let handles: Vec<_> = (0..n)
        .map(|process| {
            thread::spawn(move || {
                let partitions = XlaPartitionOptions { partition_id: process % 2, num_partitions: 2, reserved: std::ptr::null_mut() };
                let o = XlaRunOptions { partitions: &partitions, ..opts(process / 2, 2) };
                let (groups, mut info, input) = ([1i64, 0], [0i64; 3], [process as u8 * 10]);
                let status = unsafe { xla_rt_collective_exchange(input.as_ptr().cast(), 1, groups.as_ptr(), 1, 2, 1, 2, info.as_mut_ptr(), &o) };
                assert_eq!(status, 0, "{}", last_error());
                let mut first = [0u8];
                let status = unsafe { xla_rt_collective_member(0, first.as_mut_ptr().cast::<c_void>(), 1, &o) };
                assert_eq!(status, 0, "{}", last_error());
                (info, first[0])
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().expect("the process's thread")).collect();
    // Position and partition id per process; member 0 is partition 1 of the same replica.
    assert_eq!(results, [([2, 1, 0], 10), ([2, 0, 1], 10), ([2, 1, 0], 30), ([2, 0, 1], 30)]);
}

fn i32_max_replicas_time_out_and_abort_without_allocating() {
    // A slot per replica of 2^31 - 1 replicas would be tens of gigabytes, whose failed
    // allocation would abort the process: the exchange keeps only those that arrive.
    let n = i32::MAX;
    assert_eq!(xla_rt_collectives_reset(n), 0, "{}", last_error());
    assert_eq!(xla_rt_set_collective_timeout_ms(100), 0);
    let (status, _) = exchange(n - 1, n, &[1, 2, 3]);
    assert_eq!(status, XlaStatus::DeadlineExceeded.code());
    assert_eq!(last_error(), "xla_rt_collective_exchange: process 2147483646 timed out waiting for the other processes at a collective");
    assert_eq!(xla_rt_set_collective_timeout_ms(60_000), 0);
    assert_eq!(member(n - 1, n, 0, 3), Err((XlaStatus::FailedPrecondition.code(), "xla_rt_collective_member: process 2147483646 has no collective exchange to read".to_string())));
    assert_eq!(xla_rt_collectives_abort(n), 0, "{}", last_error());
    let (status, _) = exchange(0, n, &[1]);
    assert_eq!(status, XlaStatus::FailedPrecondition.code());
    assert_eq!(last_error(), "xla_rt_collective_exchange: another process failed before reaching this collective");
    assert_eq!(xla_rt_collectives_reset(n), 0, "{}", last_error());
}

fn bad_counts_are_invalid_arguments() {
    let invalid = XlaStatus::InvalidArgument.code();
    assert_eq!(xla_rt_collectives_reset(0), invalid);
    assert_eq!(last_error(), "xla_rt_collectives_reset: num_processes = 0 is not positive");
    assert_eq!(xla_rt_collectives_abort(i32::MIN), invalid);
    assert_eq!(last_error(), "xla_rt_collectives_abort: num_processes = -2147483648 is not positive");
    let (status, _) = exchange(i32::MAX, i32::MAX, &[1]);
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_collective_exchange: opts->replica_id = 2147483647 is not in [0, 2147483647)");
    let mut info = [0i64; 3];
    let o = opts(0, 1);
    let status = unsafe { xla_rt_collective_exchange(null(), i64::MAX, null(), 0, 0, 0, 0, info.as_mut_ptr(), &o) };
    assert_eq!(status, invalid);
    let status = unsafe { xla_rt_collective_exchange(null(), 0, null(), i64::MAX, i64::MAX, 0, 0, info.as_mut_ptr(), &o) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_collective_exchange: num_groups * width overflows");
}

#[test]
fn exchange_scenarios() {
    three_replicas_read_every_member();
    replica_groups_resolve_per_replica();
    partitions_exchange_across_replicas_and_partitions();
    i32_max_replicas_time_out_and_abort_without_allocating();
    bad_counts_are_invalid_arguments();
}
