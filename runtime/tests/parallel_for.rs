//! `xla_rt_parallel_for`: coverage of `[0, n)`, chunking, thread limits, nesting, and a
//! panicking body reported as an error instead of aborting.

mod common;

use std::collections::HashSet;
use std::ffi::c_void;
use std::ptr::null;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread::ThreadId;

use common::last_error;
use xla_runtime::parallel_for::xla_rt_parallel_for;
use xla_runtime::thread_pool::xla_rt_thread_pool_size;
use xla_runtime::{XlaRunOptions, XlaStatus};

/// What a test body records: how often each index was visited, the chunks, the threads.
struct Record {
    visits: Vec<AtomicUsize>,
    chunks: Mutex<Vec<(i64, i64)>>,
    threads: Mutex<HashSet<ThreadId>>,
}

impl Record {
    fn new(n: usize) -> Record {
        Record { visits: (0..n).map(|_| AtomicUsize::new(0)).collect(), chunks: Mutex::default(), threads: Mutex::default() }
    }
}

unsafe extern "C-unwind" fn record_body(begin: i64, end: i64, ctx: *mut c_void) {
    let record = &*(ctx as *const Record);
    for i in begin..end {
        record.visits[i as usize].fetch_add(1, Ordering::Relaxed);
    }
    record.chunks.lock().unwrap().push((begin, end));
    record.threads.lock().unwrap().insert(std::thread::current().id());
}

/// Runs `record` over `n` with `threads` and returns the record.
fn run(n: usize, threads: i32) -> Record {
    let record = Record::new(n);
    let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
    let status = unsafe { xla_rt_parallel_for(n as i64, Some(record_body), &record as *const Record as *mut c_void, &opts) };
    assert_eq!(status, 0, "{}", last_error());
    record
}

#[test]
fn every_index_is_visited_exactly_once() {
    for n in [0, 1, 2, 3, 7, 64, 1000, 4097] {
        for threads in [0, 1, 2, 3, 8] {
            let record = run(n, threads);
            assert!(record.visits.iter().all(|v| v.load(Ordering::Relaxed) == 1), "n = {n}, threads = {threads}");
            let mut chunks = record.chunks.into_inner().unwrap();
            chunks.sort();
            assert!(chunks.iter().all(|(b, e)| b < e), "no empty chunk");
            assert!(chunks.windows(2).all(|w| w[0].1 == w[1].0), "contiguous chunks");
            let limit = if threads == 0 { xla_rt_thread_pool_size() as usize } else { threads as usize };
            assert!(chunks.len() <= limit.max(1), "{} chunks for {threads} threads", chunks.len());
        }
    }
}

#[test]
fn one_thread_or_one_iteration_runs_inline() {
    let me = std::thread::current().id();
    for (n, threads) in [(1000, 1), (1, 0)] {
        let record = run(n, threads);
        assert_eq!(record.chunks.into_inner().unwrap(), [(0, n as i64)]);
        assert_eq!(record.threads.into_inner().unwrap(), HashSet::from([me]));
    }
}

#[test]
fn null_options_use_the_whole_pool() {
    let record = Record::new(10_000);
    let status = unsafe { xla_rt_parallel_for(10_000, Some(record_body), &record as *const Record as *mut c_void, null()) };
    assert_eq!(status, 0);
    let expected = (xla_rt_thread_pool_size() as usize).min(10_000);
    assert_eq!(record.chunks.into_inner().unwrap().len(), expected);
}

unsafe extern "C-unwind" fn sum_nested(begin: i64, end: i64, ctx: *mut c_void) {
    // Each outer iteration runs an inner parallel loop over 100 iterations.
    unsafe extern "C-unwind" fn inner(begin: i64, end: i64, ctx: *mut c_void) {
        (*(ctx as *const AtomicI64)).fetch_add(end - begin, Ordering::Relaxed);
    }
    for _ in begin..end {
        let status = xla_rt_parallel_for(100, Some(inner), ctx, null());
        assert_eq!(status, 0);
    }
}

#[test]
fn nested_loops_do_not_deadlock() {
    let total = AtomicI64::new(0);
    let status = unsafe { xla_rt_parallel_for(50, Some(sum_nested), &total as *const AtomicI64 as *mut c_void, null()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(total.load(Ordering::Relaxed), 5000);
}

unsafe extern "C-unwind" fn panic_at_seven(begin: i64, end: i64, ctx: *mut c_void) {
    let done = &*(ctx as *const AtomicI64);
    for i in begin..end {
        if i == 7 {
            panic!("index seven");
        }
        done.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn a_panicking_body_is_an_internal_error_not_an_abort() {
    for threads in [1, 4] {
        let done = AtomicI64::new(0);
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
        let status = unsafe { xla_rt_parallel_for(100, Some(panic_at_seven), &done as *const AtomicI64 as *mut c_void, &opts) };
        assert_eq!(status, XlaStatus::Internal.code());
        assert_eq!(last_error(), "xla_rt_parallel_for: panic: index seven");
    }
    // The pool survives and keeps working.
    let record = run(100, 4);
    assert!(record.visits.iter().all(|v| v.load(Ordering::Relaxed) == 1));
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    let status = unsafe { xla_rt_parallel_for(-1, Some(record_body), std::ptr::null_mut(), null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_parallel_for: n = -1 is negative");
    let status = unsafe { xla_rt_parallel_for(5, None, std::ptr::null_mut(), null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_parallel_for: body is null");
    let opts = XlaRunOptions { replica_id: 3, num_replicas: 2, ..XlaRunOptions::default() };
    let status = unsafe { xla_rt_parallel_for(5, Some(record_body), std::ptr::null_mut(), &opts) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_parallel_for: opts->replica_id = 3 is not in [0, 2)");
}

#[test]
fn the_last_error_is_per_thread() {
    let status = unsafe { xla_rt_parallel_for(-5, Some(record_body), std::ptr::null_mut(), null()) };
    assert_eq!(status, XlaStatus::InvalidArgument.code());
    let other = std::thread::spawn(last_error).join().unwrap();
    assert_eq!(other, "");
    assert_eq!(last_error(), "xla_rt_parallel_for: n = -5 is negative");
    // A later success leaves the message in place.
    let record_ = Record::new(3);
    let status = unsafe { xla_rt_parallel_for(3, Some(record_body), &record_ as *const Record as *mut c_void, null()) };
    assert_eq!(status, 0);
    assert_eq!(last_error(), "xla_rt_parallel_for: n = -5 is negative");
}
