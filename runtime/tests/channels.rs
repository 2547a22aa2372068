//! Send and recv between the processes of a run: channels are shared, a recv among
//! processes waits for a later send, and fails once every other process has finished; a
//! process alone fails at once. One test runs the scenarios in sequence because the
//! channels are process-wide.

mod common;

use std::ffi::c_void;
use std::thread;
use std::time::Duration;

use common::last_error;
use xla_runtime::channels::*;
use xla_runtime::{XlaPartitionOptions, XlaRunOptions, XlaStatus};

/// Receives 2 bytes on `channel` as the caller `opts` describes: the bytes, or the status
/// and message.
fn recv(channel: i64, opts: &XlaRunOptions) -> Result<[u8; 2], (i32, String)> {
    let mut data = [0u8; 2];
    match unsafe { xla_rt_recv(channel, data.as_mut_ptr().cast::<c_void>(), 2, opts) } {
        0 => Ok(data),
        status => Err((status, last_error())),
    }
}

fn send(channel: i64, data: [u8; 2], opts: &XlaRunOptions) -> i32 {
    unsafe { xla_rt_send(channel, data.as_ptr().cast::<c_void>(), 2, opts) }
}

fn a_recv_waits_for_the_send_of_another_partition() {
    assert_eq!(xla_rt_channels_clear(), 0);
    let receiver = thread::spawn(|| {
        let partitions = XlaPartitionOptions { partition_id: 1, num_partitions: 2, reserved: std::ptr::null_mut() };
        recv(7, &XlaRunOptions { partitions: &partitions, ..XlaRunOptions::default() })
    });
    // The receiver waits: nothing was sent yet, and the sender has not finished.
    thread::sleep(Duration::from_millis(50));
    let partitions = XlaPartitionOptions { partition_id: 0, num_partitions: 2, reserved: std::ptr::null_mut() };
    assert_eq!(send(7, [4, 2], &XlaRunOptions { partitions: &partitions, ..XlaRunOptions::default() }), 0);
    assert_eq!(receiver.join().expect("the receiver's thread"), Ok([4, 2]));
}

fn a_recv_fails_once_no_other_process_is_left_to_send() {
    assert_eq!(xla_rt_channels_clear(), 0);
    let receiver = thread::spawn(|| recv(3, &XlaRunOptions { replica_id: 1, num_replicas: 2, ..XlaRunOptions::default() }));
    thread::sleep(Duration::from_millis(50));
    assert_eq!(xla_rt_channels_finish(), 0);
    assert_eq!(
        receiver.join().expect("the receiver's thread"),
        Err((XlaStatus::FailedPrecondition.code(), "xla_rt_recv: nothing was sent on channel 3, and no other process is left to send".to_string()))
    );
}

fn a_process_alone_fails_at_once() {
    assert_eq!(xla_rt_channels_clear(), 0);
    let alone = XlaRunOptions::default();
    assert_eq!(recv(1, &alone), Err((XlaStatus::FailedPrecondition.code(), "xla_rt_recv: nothing was sent on channel 1 before this recv".to_string())));
    assert_eq!(send(1, [1, 2], &alone), 0);
    assert_eq!(send(1, [3, 4], &alone), 0);
    assert_eq!(recv(1, &alone), Ok([1, 2]));
    assert_eq!(recv(1, &alone), Ok([3, 4]));
}

#[test]
fn channel_scenarios() {
    a_recv_waits_for_the_send_of_another_partition();
    a_recv_fails_once_no_other_process_is_left_to_send();
    a_process_alone_fails_at_once();
}
