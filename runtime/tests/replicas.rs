//! In-process replicas: all-reduce across threads for every reduction and element type,
//! deterministic results, repeated rounds, disagreements, and timeouts. One test runs the
//! scenarios in sequence because the collective timeout is process-wide.

mod common;

use std::ptr::null;
use std::sync::Arc;
use std::thread;

use common::last_error;
use xla_runtime::replicas::*;
use xla_runtime::{XlaRunOptions, XlaStatus};

fn opts(id: usize, n: usize) -> XlaRunOptions {
    XlaRunOptions { replica_id: id as i32, num_replicas: n as i32, num_threads: 1, ..XlaRunOptions::default() }
}

/// Runs `body(replica)` on `n` threads and returns their results in replica order.
fn replicated<R: Send + 'static>(n: usize, body: impl Fn(usize) -> R + Send + Sync + 'static) -> Vec<R> {
    let body = Arc::new(body);
    let handles: Vec<_> = (0..n).map(|r| {
        let body = body.clone();
        thread::spawn(move || body(r))
    }).collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

fn sums_maxes_and_mins_agree_on_every_replica() {
    let n = 4;
    let results = replicated(n, move |r| {
        let o = opts(r, n);
        let input: Vec<f32> = (0..5).map(|i| (r * 10 + i) as f32).collect();
        let mut outs = Vec::new();
        for reduction in [0, 1, 2] {
            let mut out = vec![0.0f32; 5];
            let status = unsafe { xla_rt_all_reduce_f32(reduction, input.as_ptr(), out.as_mut_ptr(), 5, &o) };
            assert_eq!(status, 0, "{}", last_error());
            outs.push(out);
        }
        let ints = [r as i32, -(r as i32), i32::MAX];
        let mut int_sum = [0i32; 3];
        assert_eq!(unsafe { xla_rt_all_reduce_i32(0, ints.as_ptr(), int_sum.as_mut_ptr(), 3, &o) }, 0);
        let mut wide = [r as f64 + 0.5];
        let p = wide.as_mut_ptr();
        assert_eq!(unsafe { xla_rt_all_reduce_f64(1, p, p, 1, &o) }, 0, "in place");
        (outs, int_sum, wide)
    });
    for (outs, int_sum, wide) in results {
        assert_eq!(outs[0], [60.0, 64.0, 68.0, 72.0, 76.0]);
        assert_eq!(outs[1], [30.0, 31.0, 32.0, 33.0, 34.0]);
        assert_eq!(outs[2], [0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(int_sum, [6, -6, i32::MAX.wrapping_mul(4)], "integer sums wrap");
        assert_eq!(wide, [3.5]);
    }
}

fn float_sums_are_bitwise_identical_and_nans_propagate() {
    let n = 3;
    let results = replicated(n, move |r| {
        let input = [[1e8f32, 1.0, -1e8][r], [1.0, f32::NAN, 2.0][r]];
        let (mut sum, mut max) = ([0.0f32; 2], [0.0f32; 2]);
        unsafe {
            assert_eq!(xla_rt_all_reduce_f32(0, input.as_ptr(), sum.as_mut_ptr(), 2, &opts(r, n)), 0);
            assert_eq!(xla_rt_all_reduce_f32(1, input.as_ptr(), max.as_mut_ptr(), 2, &opts(r, n)), 0);
        }
        (sum[0].to_bits(), max[1].is_nan())
    });
    // Replica order: (1e8 + 1) - 1e8 in f32 is 0, whatever order the threads arrived in.
    assert!(results.iter().all(|&(bits, nan)| bits == 0.0f32.to_bits() && nan), "{results:?}");
}

fn many_rounds_stay_in_step() {
    let n = 5;
    let results = replicated(n, move |r| {
        (0..200).map(|round| {
            let input = [(r + round) as i32];
            let mut out = [0i32];
            assert_eq!(unsafe { xla_rt_all_reduce_i32(0, input.as_ptr(), out.as_mut_ptr(), 1, &opts(r, n)) }, 0);
            out[0]
        }).collect::<Vec<_>>()
    });
    let expected: Vec<i32> = (0..200).map(|round| (0..n).map(|r| (r + round) as i32).sum()).collect();
    assert!(results.iter().all(|r| *r == expected));
}

fn disagreements_fail_every_participant() {
    let n = 2;
    let statuses = replicated(n, move |r| {
        let input = [1.0f32; 4];
        let mut out = [0.0f32; 4];
        let count = if r == 0 { 4 } else { 3 };
        let status = unsafe { xla_rt_all_reduce_f32(0, input.as_ptr(), out.as_mut_ptr(), count, &opts(r, n)) };
        (status, last_error())
    });
    for (status, message) in statuses {
        assert_eq!(status, XlaStatus::FailedPrecondition.code());
        assert!(message.starts_with("xla_rt_all_reduce_f32: replica "), "{message}");
    }
}

fn a_missing_replica_times_out_and_the_group_recovers() {
    assert_eq!(xla_rt_set_collective_timeout_ms(100), 0);
    let (input, mut out) = ([1.0f64], [0.0f64]);
    let status = unsafe { xla_rt_all_reduce_f64(0, input.as_ptr(), out.as_mut_ptr(), 1, &opts(0, 3)) };
    assert_eq!(status, XlaStatus::DeadlineExceeded.code());
    assert_eq!(last_error(), "xla_rt_all_reduce_f64: replica 0 timed out waiting for the other replicas");
    assert_eq!(xla_rt_set_collective_timeout_ms(60_000), 0);
    // The withdrawn contribution does not linger: a full group still gets 3.
    let results = replicated(3, |r| {
        let (input, mut out) = ([1.0f64], [0.0f64]);
        assert_eq!(unsafe { xla_rt_all_reduce_f64(0, input.as_ptr(), out.as_mut_ptr(), 1, &opts(r, 3)) }, 0, "{}", last_error());
        out[0]
    });
    assert_eq!(results, [3.0; 3]);
}

fn a_group_of_i32_max_replicas_times_out_without_allocating() {
    // A slot per replica of 2^31 - 1 replicas would be tens of gigabytes, whose failed
    // allocation would abort the process: the round keeps only the replicas that arrive.
    assert_eq!(xla_rt_set_collective_timeout_ms(100), 0);
    let (input, mut out) = ([1.0f32; 4], [0.0f32; 4]);
    let o = XlaRunOptions { replica_id: i32::MAX - 1, num_replicas: i32::MAX, num_threads: i32::MAX, ..XlaRunOptions::default() };
    let status = unsafe { xla_rt_all_reduce_f32(0, input.as_ptr(), out.as_mut_ptr(), 4, &o) };
    assert_eq!(status, XlaStatus::DeadlineExceeded.code());
    assert_eq!(last_error(), "xla_rt_all_reduce_f32: replica 2147483646 timed out waiting for the other replicas");
    assert_eq!(xla_rt_set_collective_timeout_ms(60_000), 0);
}

fn one_replica_copies_and_bad_arguments_fail() {
    let (input, mut out) = ([1, 2, 3], [0i32; 3]);
    assert_eq!(unsafe { xla_rt_all_reduce_i32(2, input.as_ptr(), out.as_mut_ptr(), 3, null()) }, 0);
    assert_eq!(out, input);
    let invalid = XlaStatus::InvalidArgument.code();
    assert_eq!(unsafe { xla_rt_all_reduce_i32(7, input.as_ptr(), out.as_mut_ptr(), 3, null()) }, invalid);
    assert_eq!(last_error(), "xla_rt_all_reduce_i32: reduction = 7 is not a valid value");
    assert_eq!(unsafe { xla_rt_all_reduce_i32(0, input.as_ptr(), out.as_mut_ptr(), -3, null()) }, invalid);
    assert_eq!(unsafe { xla_rt_all_reduce_i32(0, null(), out.as_mut_ptr(), 3, null()) }, invalid);
    assert_eq!(unsafe { xla_rt_all_reduce_i32(0, input.as_ptr(), out.as_mut_ptr(), 3, &opts(4, 2)) }, invalid);
    let p = out.as_mut_ptr();
    assert_eq!(unsafe { xla_rt_all_reduce_i32(0, p, p.wrapping_add(1), 2, null()) }, invalid);
    assert_eq!(last_error(), "xla_rt_all_reduce_i32: input and output overlap");
}

#[test]
fn all_reduce_scenarios() {
    sums_maxes_and_mins_agree_on_every_replica();
    float_sums_are_bitwise_identical_and_nans_propagate();
    many_rounds_stay_in_step();
    disagreements_fail_every_participant();
    a_missing_replica_times_out_and_the_group_recovers();
    a_group_of_i32_max_replicas_times_out_without_allocating();
    one_replica_copies_and_bad_arguments_fail();
}
