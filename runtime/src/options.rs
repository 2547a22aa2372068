//! `XlaRunOptions`: what a caller tells a compiled entry (and every runtime call it makes)
//! about the run: how many threads it may use and which process of the grid of replicas
//! and partitions it is.
//!
//! Invariants:
//! - the struct is `#[repr(C)]` and its fields never move: `num_threads`, `replica_id`,
//!   `num_replicas` (each `int32_t`) and `partitions` (a pointer, the slot that was
//!   `reserved`): NULL for one partition, else an `XlaPartitionOptions` with the caller's
//!   `partition_id` and the `num_partitions`, whose own `reserved` pointer (NULL today) is
//!   where a new field would come;
//! - a NULL `opts` and an all-zero struct both mean the defaults: all cores, replica 0 of
//!   1 (`num_replicas == 0` reads as 1), one partition, so `XlaRunOptions opts = {0};` is
//!   valid C;
//! - process `(replica, partition)` has the flattened index `replica * num_partitions +
//!   partition` among `num_replicas * num_partitions` processes, which must fit an
//!   `int32_t`; state kept per process (collective rounds, channels) is keyed by it;
//! - entry points read options only through [`RunOptions::from_ptr`], which validates
//!   them, so an invalid struct is an [`crate::XlaStatus::InvalidArgument`] error.

use std::ffi::c_void;

use crate::status::{RtError, RtResult};
use crate::thread_pool;

/// The options of a run, as the C ABI passes them (`const XlaRunOptions *opts`).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XlaRunOptions {
    /// The most threads the run may use: 0 for all the cores of the machine (the size of
    /// the runtime's pool), 1 to run everything on the calling thread.
    pub num_threads: i32,
    /// Which replica this caller is, in `[0, num_replicas)`.
    pub replica_id: i32,
    /// How many replicas run the program together (0 reads as 1).
    pub num_replicas: i32,
    /// NULL for one partition, else this caller's partition and the number of partitions.
    pub partitions: *const XlaPartitionOptions,
}

/// The partitions of a run (`XlaRunOptions::partitions`), as the C ABI passes them.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct XlaPartitionOptions {
    /// Which partition this caller is, in `[0, num_partitions)`.
    pub partition_id: i32,
    /// How many partitions run the program together (0 reads as 1).
    pub num_partitions: i32,
    /// Reserved for later extensions; must be NULL.
    pub reserved: *mut c_void,
}

impl Default for XlaRunOptions {
    fn default() -> Self {
        XlaRunOptions { num_threads: 0, replica_id: 0, num_replicas: 1, partitions: std::ptr::null() }
    }
}

/// Validated run options, as the runtime's functions use them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RunOptions {
    /// The number of threads to use, at least 1.
    pub threads: usize,
    /// This caller's replica.
    pub replica_id: usize,
    /// The number of replicas, at least 1.
    pub num_replicas: usize,
    /// This caller's partition.
    pub partition_id: usize,
    /// The number of partitions, at least 1.
    pub num_partitions: usize,
}

impl RunOptions {
    /// The options `opts` points to, or the defaults when it is null.
    ///
    /// # Safety
    /// A non-null `opts` points to a valid `XlaRunOptions`.
    pub unsafe fn from_ptr(opts: *const XlaRunOptions) -> RtResult<RunOptions> {
        match opts.as_ref() {
            None => RunOptions::validate(&XlaRunOptions::default()),
            Some(opts) => RunOptions::validate(opts),
        }
    }

    /// `opts`, validated.
    ///
    /// # Safety
    /// A non-null `opts.partitions` points to a valid `XlaPartitionOptions`.
    pub unsafe fn validate(opts: &XlaRunOptions) -> RtResult<RunOptions> {
        let threads = match opts.num_threads {
            0 => thread_pool::default_threads(),
            n if n > 0 => n as usize,
            n => return Err(RtError::invalid(format!("opts->num_threads = {n} is negative"))),
        };
        let num_replicas = match opts.num_replicas {
            0 => 1,
            n if n > 0 => n as usize,
            n => return Err(RtError::invalid(format!("opts->num_replicas = {n} is negative"))),
        };
        let replica_id = usize::try_from(opts.replica_id)
            .ok()
            .filter(|&id| id < num_replicas)
            .ok_or_else(|| RtError::invalid(format!("opts->replica_id = {} is not in [0, {num_replicas})", opts.replica_id)))?;
        let (partition_id, num_partitions) = match opts.partitions.as_ref() {
            None => (0, 1),
            Some(partitions) => {
                let num_partitions = match partitions.num_partitions {
                    0 => 1,
                    n if n > 0 => n as usize,
                    n => return Err(RtError::invalid(format!("opts->partitions->num_partitions = {n} is negative"))),
                };
                let partition_id = usize::try_from(partitions.partition_id).ok().filter(|&id| id < num_partitions).ok_or_else(|| {
                    RtError::invalid(format!("opts->partitions->partition_id = {} is not in [0, {num_partitions})", partitions.partition_id))
                })?;
                if !partitions.reserved.is_null() {
                    return Err(RtError::invalid("opts->partitions->reserved must be NULL"));
                }
                (partition_id, num_partitions)
            }
        };
        if i32::try_from(num_replicas * num_partitions).is_err() {
            return Err(RtError::invalid(format!("{num_replicas} replicas of {num_partitions} partitions are more processes than an int32_t counts")));
        }
        Ok(RunOptions { threads, replica_id, num_replicas, partition_id, num_partitions })
    }

    /// This caller's flattened index among the processes, `replica * num_partitions +
    /// partition`.
    pub fn process(&self) -> usize {
        self.replica_id * self.num_partitions + self.partition_id
    }

    /// How many processes run the program together.
    pub fn num_processes(&self) -> usize {
        self.num_replicas * self.num_partitions
    }
}

/// Writes the default options (all cores, replica 0 of 1) to `*opts`. Returns
/// `XLA_RT_INVALID_ARGUMENT` if `opts` is NULL.
///
/// # Safety
/// A non-null `opts` points to writable memory for one `XlaRunOptions`.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_default_run_options(opts: *mut XlaRunOptions) -> i32 {
    crate::status::guard("xla_rt_default_run_options", || {
        crate::args::not_null("opts", opts)?;
        opts.write(XlaRunOptions::default());
        Ok(())
    })
}

/// Writes this caller's replica id (`opts->replica_id`, 0 for NULL options) to `*out`, as
/// `hlo.replica_id` gives it (a `uint32_t`).
///
/// # Safety
/// A non-null `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_replica_id(out: *mut u32, opts: *const XlaRunOptions) -> i32 {
    crate::status::guard("xla_rt_replica_id", || {
        let options = RunOptions::from_ptr(opts)?;
        crate::args::not_null("out", out)?;
        out.write(options.replica_id as u32);
        Ok(())
    })
}

/// Writes this caller's partition id (`opts->partitions->partition_id`, 0 without
/// partitions) to `*out`, as `hlo.partition_id` gives it (a `uint32_t`).
///
/// # Safety
/// A non-null `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_partition_id(out: *mut u32, opts: *const XlaRunOptions) -> i32 {
    crate::status::guard("xla_rt_partition_id", || {
        let options = RunOptions::from_ptr(opts)?;
        crate::args::not_null("out", out)?;
        out.write(options.partition_id as u32);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_and_zeroed_options_are_the_defaults() {
        let defaults = unsafe { RunOptions::from_ptr(std::ptr::null()) }.unwrap();
        let zeroed = XlaRunOptions { num_threads: 0, replica_id: 0, num_replicas: 0, partitions: std::ptr::null() };
        assert_eq!(unsafe { RunOptions::validate(&zeroed) }, Ok(defaults));
        assert_eq!((defaults.replica_id, defaults.num_replicas), (0, 1));
        assert_eq!((defaults.partition_id, defaults.num_partitions, defaults.process()), (0, 1, 0));
        assert!(defaults.threads >= 1);
    }

    #[test]
    fn invalid_options_are_rejected_with_their_field() {
        let bad = |f: fn(&mut XlaRunOptions)| {
            let mut opts = XlaRunOptions::default();
            f(&mut opts);
            unsafe { RunOptions::validate(&opts) }.unwrap_err().message
        };
        assert_eq!(bad(|o| o.num_threads = -2), "opts->num_threads = -2 is negative");
        assert_eq!(bad(|o| o.replica_id = 1), "opts->replica_id = 1 is not in [0, 1)");
        assert_eq!(bad(|o| o.num_replicas = -1), "opts->num_replicas = -1 is negative");
    }

    #[test]
    fn partitions_give_the_flattened_process_index() {
        let with = |partition_id, num_partitions, reserved: *mut c_void| {
            let partitions = XlaPartitionOptions { partition_id, num_partitions, reserved };
            let opts = XlaRunOptions { replica_id: 1, num_replicas: 2, partitions: &partitions, ..XlaRunOptions::default() };
            unsafe { RunOptions::validate(&opts) }.map(|o| (o.process(), o.num_processes())).map_err(|e| e.message)
        };
        assert_eq!(with(2, 3, std::ptr::null_mut()), Ok((5, 6)));
        assert_eq!(with(0, 0, std::ptr::null_mut()), Ok((1, 2)));
        assert_eq!(with(3, 3, std::ptr::null_mut()), Err("opts->partitions->partition_id = 3 is not in [0, 3)".into()));
        assert_eq!(with(0, -1, std::ptr::null_mut()), Err("opts->partitions->num_partitions = -1 is negative".into()));
        assert_eq!(with(0, 1, 8 as *mut c_void), Err("opts->partitions->reserved must be NULL".into()));
        assert_eq!(with(0, i32::MAX, std::ptr::null_mut()), Err("2 replicas of 2147483647 partitions are more processes than an int32_t counts".into()));
    }
}
