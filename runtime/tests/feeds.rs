//! Infeed and outfeed: FIFO order per replica, size checks that keep the buffer queued,
//! timeouts, waiting across threads, and argument errors.

mod common;

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use common::last_error;
use xla_runtime::infeed::*;
use xla_runtime::outfeed::*;
use xla_runtime::{XlaRunOptions, XlaStatus};

fn replica(id: i32, n: i32) -> XlaRunOptions {
    XlaRunOptions { replica_id: id, num_replicas: n, ..XlaRunOptions::default() }
}

#[test]
fn infeed_is_a_fifo_per_replica() {
    // Replicas 10 and 11 of 12 are this test's alone.
    let (a, b, c) = ([1u8, 2, 3], [4u8, 5], [9u8; 4]);
    unsafe {
        assert_eq!(xla_rt_infeed_enqueue(10, a.as_ptr().cast(), 3), 0);
        assert_eq!(xla_rt_infeed_enqueue(10, b.as_ptr().cast(), 2), 0);
        assert_eq!(xla_rt_infeed_enqueue(11, c.as_ptr().cast(), 4), 0);
        let mut len = 0;
        assert_eq!(xla_rt_infeed_len(10, &mut len), 0);
        assert_eq!(len, 2);
        let mut out = [0u8; 3];
        assert_eq!(xla_rt_infeed_dequeue(out.as_mut_ptr().cast(), 3, 0, &replica(10, 12)), 0, "{}", last_error());
        assert_eq!(out, a);
        // A wrong size fails and leaves the buffer queued.
        assert_eq!(xla_rt_infeed_dequeue(out.as_mut_ptr().cast(), 3, 0, &replica(10, 12)), XlaStatus::InvalidArgument.code());
        assert_eq!(last_error(), "xla_rt_infeed_dequeue: the next buffer has 2 bytes, not 3");
        let mut two = [0u8; 2];
        assert_eq!(xla_rt_infeed_dequeue(two.as_mut_ptr().cast(), 2, 0, &replica(10, 12)), 0);
        assert_eq!(two, b);
        let mut four = [0u8; 4];
        assert_eq!(xla_rt_infeed_dequeue(four.as_mut_ptr().cast(), 4, 0, &replica(11, 12)), 0);
        assert_eq!(four, c);
        // Empty now: a zero timeout fails at once.
        assert_eq!(xla_rt_infeed_dequeue(four.as_mut_ptr().cast(), 4, 0, &replica(11, 12)), XlaStatus::DeadlineExceeded.code());
        assert_eq!(last_error(), "xla_rt_infeed_dequeue: no buffer for replica 11 within the timeout");
    }
}

#[test]
fn a_dequeue_waits_for_a_later_enqueue() {
    let reader = std::thread::spawn(|| {
        let mut out = [0u32; 2];
        let status = unsafe { xla_rt_infeed_dequeue(out.as_mut_ptr().cast(), 8, 10_000, &replica(20, 21)) };
        (status, out)
    });
    std::thread::sleep(std::time::Duration::from_millis(50));
    let data = [7u32, 8];
    assert_eq!(unsafe { xla_rt_infeed_enqueue(20, data.as_ptr().cast(), 8) }, 0);
    assert_eq!(reader.join().unwrap(), (0, [7, 8]));
}

#[test]
fn outfeed_reports_sizes_and_pops_in_order() {
    let opts = replica(30, 31);
    unsafe {
        assert_eq!(xla_rt_outfeed_enqueue([1.5f64].as_ptr().cast(), 8, &opts), 0);
        assert_eq!(xla_rt_outfeed_enqueue(null(), 0, &opts), 0, "an empty buffer is a buffer");
        let mut size = -1;
        assert_eq!(xla_rt_outfeed_next_size(30, 0, &mut size), 0);
        assert_eq!(size, 8);
        let mut value = [0.0f64];
        assert_eq!(xla_rt_outfeed_dequeue(30, value.as_mut_ptr().cast(), 8, 0), 0);
        assert_eq!(value, [1.5]);
        assert_eq!(xla_rt_outfeed_next_size(30, 0, &mut size), 0);
        assert_eq!(size, 0);
        assert_eq!(xla_rt_outfeed_dequeue(30, null_mut(), 0, 0), 0);
        assert_eq!(xla_rt_outfeed_next_size(30, 20, &mut size), XlaStatus::DeadlineExceeded.code());
    }
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    unsafe {
        assert_eq!(xla_rt_infeed_enqueue(-1, null(), 0), invalid);
        assert_eq!(last_error(), "xla_rt_infeed_enqueue: replica_id = -1 is negative");
        assert_eq!(xla_rt_infeed_enqueue(0, null(), 4), invalid);
        assert_eq!(last_error(), "xla_rt_infeed_enqueue: data is null");
        assert_eq!(xla_rt_infeed_enqueue(0, [0u8].as_ptr() as *const c_void, -4), invalid);
        assert_eq!(xla_rt_infeed_dequeue(null_mut(), 4, 0, null()), invalid);
        assert_eq!(xla_rt_infeed_dequeue(null_mut(), 0, 0, &replica(2, 2)), invalid);
        assert_eq!(xla_rt_infeed_len(0, null_mut()), invalid);
        assert_eq!(xla_rt_outfeed_enqueue(null(), 1, null()), invalid);
        assert_eq!(xla_rt_outfeed_next_size(0, 0, null_mut()), invalid);
        assert_eq!(xla_rt_outfeed_dequeue(0, null_mut(), 3, 0), invalid);
    }
}
