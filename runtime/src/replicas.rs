//! In-process replicas: `N` threads run the same program, each with its `replica_id` in
//! `XlaRunOptions`, and meet at a rendezvous for all-reduce (sum, max, min) on f32, f64
//! and i32 buffers.
//!
//! Invariants:
//! - every replica of a group calls the same collectives in the same order; the k-th call
//!   of each replica forms one round. A round completes when all `num_replicas` replicas
//!   arrived; then each gets the same result, reduced in replica order 0, 1, ..., N-1 (so
//!   the bits do not depend on arrival order), and the round is reset for the next;
//! - replicas that disagree on the round (element type, reduction, count), or two callers
//!   with one replica id, all get `XLA_RT_FAILED_PRECONDITION` for that round;
//! - a replica that waits longer than the collective timeout (`xla_rt_set_collective_
//!   timeout_ms`, 60 s by default, negative for no limit) withdraws its contribution and
//!   gets `XLA_RT_DEADLINE_EXCEEDED`, so a missing replica never hangs the others for ever;
//! - rendezvous are keyed by `num_replicas`: one replicated program per group size may
//!   run at a time in a process;
//! - integer sums wrap, as XLA's do; float max and min propagate NaN, as XLA CPU's do;
//! - `output` may be `input`; with one replica the call is a copy;
//! - a round keeps only the contributions of the replicas that arrived, never a slot per
//!   replica of the group, so its memory follows the threads that really take part and a
//!   caller-controlled `num_replicas` (up to `i32::MAX`) cannot make it allocate: a
//!   group that never fills up times out.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult, XlaStatus};

/// A reduction, with the C enumerator values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reduction {
    /// `XLA_RT_REDUCE_SUM` (0).
    Sum,
    /// `XLA_RT_REDUCE_MAX` (1).
    Max,
    /// `XLA_RT_REDUCE_MIN` (2).
    Min,
}

impl Reduction {
    fn from_code(code: i32) -> RtResult<Reduction> {
        match code {
            0 => Ok(Reduction::Sum),
            1 => Ok(Reduction::Max),
            2 => Ok(Reduction::Min),
            _ => Err(args::bad_enum("reduction", code)),
        }
    }
}

/// An element type all-reduce supports.
pub trait ReduceElement: Copy + Send + 'static {
    /// The type's name, for messages and for matching rounds.
    const NAME: &'static str;
    /// `a` combined with `b` by `r`.
    fn combine(r: Reduction, a: Self, b: Self) -> Self;
}

macro_rules! float_reduce {
    ($t:ty, $name:literal) => {
        impl ReduceElement for $t {
            const NAME: &'static str = $name;
            fn combine(r: Reduction, a: $t, b: $t) -> $t {
                match r {
                    Reduction::Sum => a + b,
                    _ if a.is_nan() || b.is_nan() => <$t>::NAN,
                    Reduction::Max => a.max(b),
                    Reduction::Min => a.min(b),
                }
            }
        }
    };
}
float_reduce!(f32, "f32");
float_reduce!(f64, "f64");

impl ReduceElement for i32 {
    const NAME: &'static str = "i32";
    fn combine(r: Reduction, a: i32, b: i32) -> i32 {
        match r {
            Reduction::Sum => a.wrapping_add(b),
            Reduction::Max => a.max(b),
            Reduction::Min => a.min(b),
        }
    }
}

/// What every participant of a round must agree on.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Params {
    element: &'static str,
    reduction: Reduction,
    count: usize,
}

/// The state of the current round of one group.
#[derive(Default)]
struct Round {
    generation: u64,
    params: Option<Params>,
    /// By replica id, the input of each replica that arrived, as elements widened to
    /// `f64`-sized words (bit copies).
    contributions: HashMap<usize, Vec<u64>>,
    arrived: usize,
    departed: usize,
    /// The first disagreement of the round.
    error: Option<RtError>,
    /// Set when every replica arrived: the reduced elements or the round's error.
    result: Option<Result<Arc<Vec<u64>>, RtError>>,
}

/// The rendezvous of one group size.
#[derive(Default)]
struct Rendezvous {
    round: Mutex<Round>,
    changed: Condvar,
}

/// The rendezvous of groups of `n` replicas.
fn rendezvous(n: usize) -> Arc<Rendezvous> {
    static GROUPS: OnceLock<Mutex<HashMap<usize, Arc<Rendezvous>>>> = OnceLock::new();
    let mut groups = GROUPS.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner());
    groups.entry(n).or_default().clone()
}

/// The collective timeout in milliseconds (negative: none).
static TIMEOUT_MS: AtomicI64 = AtomicI64::new(60_000);

/// When a collective starting now stops waiting for the other replicas (none: never), as
/// `xla_rt_set_collective_timeout_ms` set it; shared with [`crate::exchange`].
pub(crate) fn collective_deadline() -> Option<Instant> {
    u64::try_from(TIMEOUT_MS.load(Ordering::Relaxed)).ok().map(|ms| Instant::now() + Duration::from_millis(ms))
}

/// Converts elements to and from the words a round stores.
trait Words: ReduceElement {
    fn to_word(self) -> u64;
    fn from_word(word: u64) -> Self;
}

impl Words for f32 {
    fn to_word(self) -> u64 {
        self.to_bits() as u64
    }
    fn from_word(word: u64) -> f32 {
        f32::from_bits(word as u32)
    }
}

impl Words for f64 {
    fn to_word(self) -> u64 {
        self.to_bits()
    }
    fn from_word(word: u64) -> f64 {
        f64::from_bits(word)
    }
}

impl Words for i32 {
    fn to_word(self) -> u64 {
        self as u32 as u64
    }
    fn from_word(word: u64) -> i32 {
        word as u32 as i32
    }
}

impl Rendezvous {
    fn lock(&self) -> MutexGuard<'_, Round> {
        self.round.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits on the condition variable until `deadline` (none: for ever); false when the
    /// deadline passed.
    fn wait<'a>(&self, round: MutexGuard<'a, Round>, deadline: Option<Instant>) -> (MutexGuard<'a, Round>, bool) {
        match deadline {
            None => (self.changed.wait(round).unwrap_or_else(|p| p.into_inner()), true),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return (round, false);
                }
                (self.changed.wait_timeout(round, left).unwrap_or_else(|p| p.into_inner()).0, true)
            }
        }
    }

    /// Takes part in one round as `replica` of `n` and returns the reduced words.
    fn all_reduce<T: Words>(&self, replica: usize, n: usize, params: Params, words: Vec<u64>) -> RtResult<Arc<Vec<u64>>> {
        let deadline = collective_deadline();
        let mut round = self.lock();
        // A round that is handing out its result is closed: wait for its reset.
        while round.result.is_some() {
            let (guard, in_time) = self.wait(round, deadline);
            round = guard;
            if !in_time {
                return Err(timeout(replica));
            }
        }
        join(&mut round, replica, params, words);
        if round.arrived == n {
            round.result = Some(finish::<T>(&mut round, n));
            self.changed.notify_all();
        }
        let generation = round.generation;
        while round.result.is_none() {
            let (guard, in_time) = self.wait(round, deadline);
            round = guard;
            if !in_time && round.result.is_none() {
                withdraw(&mut round, replica);
                return Err(timeout(replica));
            }
        }
        debug_assert_eq!(round.generation, generation);
        let result = round.result.clone().unwrap_or_else(|| Err(RtError::internal("a round ended without a result")));
        round.departed += 1;
        if round.departed == n {
            *round = Round { generation: generation + 1, ..Round::default() };
            self.changed.notify_all();
        }
        result
    }
}

/// The error of a replica that waited too long.
fn timeout(replica: usize) -> RtError {
    RtError::new(XlaStatus::DeadlineExceeded, format!("replica {replica} timed out waiting for the other replicas"))
}

/// Adds `replica`'s contribution to the open round, recording any disagreement.
fn join(round: &mut Round, replica: usize, params: Params, words: Vec<u64>) {
    match &round.params {
        None => round.params = Some(params),
        Some(agreed) if *agreed != params => {
            let message = format!("replica {replica} calls all-reduce with {params:?}, another replica with {agreed:?}");
            round.error.get_or_insert(RtError::new(XlaStatus::FailedPrecondition, message));
        }
        Some(_) => {}
    }
    if round.contributions.contains_key(&replica) {
        let message = format!("replica id {replica} joined the same all-reduce twice");
        round.error.get_or_insert(RtError::new(XlaStatus::FailedPrecondition, message));
    }
    round.contributions.insert(replica, words);
    round.arrived += 1;
}

/// Takes `replica`'s contribution back out of a round that did not complete.
fn withdraw(round: &mut Round, replica: usize) {
    round.contributions.remove(&replica);
    round.arrived -= 1;
    if round.arrived == 0 {
        *round = Round { generation: round.generation, ..Round::default() };
    }
}

/// The round's result: its error, or the contributions of the `n` replicas reduced in
/// replica order.
fn finish<T: Words>(round: &mut Round, n: usize) -> Result<Arc<Vec<u64>>, RtError> {
    if let Some(error) = round.error.take() {
        return Err(error);
    }
    let params = round.params.clone().ok_or_else(|| RtError::internal("a round without parameters"))?;
    let mut parts = (0..n).map(|replica| round.contributions.get(&replica).map_or(&[][..], Vec::as_slice));
    let mut acc: Vec<u64> = parts.next().unwrap_or(&[]).to_vec();
    for part in parts {
        for (a, &b) in acc.iter_mut().zip(part) {
            *a = T::combine(params.reduction, T::from_word(*a), T::from_word(b)).to_word();
        }
    }
    Ok(Arc::new(acc))
}

/// Validates and runs one all-reduce for entry point `name`.
unsafe fn all_reduce<T: Words>(name: &str, reduction: i32, input: *const T, output: *mut T, count: i64, opts: *const XlaRunOptions) -> i32 {
    guard(name, || {
        let reduction = Reduction::from_code(reduction)?;
        let count = args::size("count", count)?;
        let options = RunOptions::from_ptr(opts)?;
        args::buffer("input", input, count)?;
        args::buffer("output", output, count)?;
        args::same_or_disjoint(("input", "output"), args::byte_range(input, count), args::byte_range(output as *const T, count))?;
        if options.num_replicas == 1 {
            std::ptr::copy(input, output, count);
            return Ok(());
        }
        let mut words = args::try_vec(count, 0u64)?;
        words.iter_mut().zip(args::slice(input, count)).for_each(|(w, &x)| *w = x.to_word());
        let params = Params { element: T::NAME, reduction, count };
        let result = rendezvous(options.num_replicas).all_reduce::<T>(options.replica_id, options.num_replicas, params, words)?;
        args::slice_mut(output, count).iter_mut().zip(result.iter()).for_each(|(o, &w)| *o = T::from_word(w));
        Ok(())
    })
}

/// All-reduce of `count` f32 elements across the `opts->num_replicas` replicas (threads)
/// of this process: every replica passes its `input` and receives the elementwise
/// reduction (`reduction`: 0 sum, 1 max, 2 min) in `output` (which may be `input`).
///
/// # Safety
/// `input` and `output` hold `count` elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_all_reduce_f32(reduction: i32, input: *const f32, output: *mut f32, count: i64, opts: *const XlaRunOptions) -> i32 {
    all_reduce("xla_rt_all_reduce_f32", reduction, input, output, count, opts)
}

/// [`xla_rt_all_reduce_f32`] on f64 elements.
///
/// # Safety
/// As for [`xla_rt_all_reduce_f32`].
#[no_mangle]
pub unsafe extern "C" fn xla_rt_all_reduce_f64(reduction: i32, input: *const f64, output: *mut f64, count: i64, opts: *const XlaRunOptions) -> i32 {
    all_reduce("xla_rt_all_reduce_f64", reduction, input, output, count, opts)
}

/// [`xla_rt_all_reduce_f32`] on i32 elements (sums wrap).
///
/// # Safety
/// As for [`xla_rt_all_reduce_f32`].
#[no_mangle]
pub unsafe extern "C" fn xla_rt_all_reduce_i32(reduction: i32, input: *const i32, output: *mut i32, count: i64, opts: *const XlaRunOptions) -> i32 {
    all_reduce("xla_rt_all_reduce_i32", reduction, input, output, count, opts)
}

/// Sets how long a replica waits for the others at a collective, in milliseconds
/// (negative: no limit), for the whole process. Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_set_collective_timeout_ms(timeout_ms: i64) -> i32 {
    TIMEOUT_MS.store(timeout_ms, Ordering::Relaxed);
    0
}
