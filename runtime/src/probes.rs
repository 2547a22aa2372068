//! The records of `interpreter.probe` in compiled code, and `check.expect_serialized_eq`'s
//! comparison with them: StableHLO's interpreter debugging aid, compiled.
//!
//! [`xla_rt_probe_record`] appends a copy of a buffer's bytes to the records of a probe,
//! by probe id and replica, so that the `n`-th record of a probe in a loop is the `n`-th
//! iteration's; [`xla_rt_probe_compare`] compares a buffer with the `iter`-th record, byte
//! for byte (which is `check.expect_eq`'s equality: bits for floats), and fails the entry
//! with a check failure when they differ or the record is missing.
//!
//! Invariant: the records live for the process (they are a test harness's, read back
//! within one run); each replica has its own, as each replica of the interpreter has.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{set_last_error, RtError, RtResult, XlaStatus};

/// The records: by (probe id, replica), the bytes of each value recorded, in order.
type Records = HashMap<(Vec<u8>, usize), Vec<Vec<u8>>>;

fn records() -> &'static Mutex<Records> {
    static RECORDS: OnceLock<Mutex<Records>> = OnceLock::new();
    RECORDS.get_or_init(|| Mutex::new(HashMap::new()))
}

/// `len` bytes at `ptr` (none when `len` is 0).
unsafe fn bytes<'a>(name: &str, ptr: *const u8, len: i64) -> RtResult<&'a [u8]> {
    let len = args::size(name, len)?;
    if len == 0 {
        return Ok(&[]);
    }
    args::not_null(name, ptr)?;
    Ok(std::slice::from_raw_parts(ptr, len))
}

/// Appends the `data_len` bytes of `data` to the records of the probe `id` (`id_len`
/// UTF-8 bytes) of this replica.
///
/// # Safety
/// `id` holds `id_len` bytes and `data` `data_len`; a non-null `opts` is valid.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_probe_record(
    id: *const u8,
    id_len: i64,
    data: *const u8,
    data_len: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let done = std::panic::catch_unwind(|| -> RtResult<()> {
        let replica = RunOptions::from_ptr(opts)?.replica_id;
        let (id, data) = (bytes("id", id, id_len)?, bytes("data", data, data_len)?);
        let mut records = records().lock().map_err(|_| RtError::internal("the probe records are poisoned"))?;
        records.entry((id.to_vec(), replica)).or_default().push(data.to_vec());
        Ok(())
    })
    .unwrap_or_else(|_| Err(RtError::internal("panic while recording a probe")));
    match done {
        Ok(()) => XlaStatus::Ok.code(),
        Err(RtError { status, message }) => {
            set_last_error(&format!("xla_rt_probe_record: {message}"));
            status.code()
        }
    }
}

/// Compares the `data_len` bytes of `data` with record `iter` of the probe `id` of this
/// replica. Returns 0 when they are equal, else `XLA_RT_CHECK_FAILED` with a message that
/// starts with `description` (`"file:line:col: check.expect_serialized_eq failed"`).
///
/// # Safety
/// `description`, `id` and `data` hold `description_len`, `id_len` and `data_len` bytes; a
/// non-null `opts` is valid.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_probe_compare(
    description: *const u8,
    description_len: i64,
    id: *const u8,
    id_len: i64,
    iter: i64,
    data: *const u8,
    data_len: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    let outcome = std::panic::catch_unwind(|| -> RtResult<Option<String>> {
        let replica = RunOptions::from_ptr(opts)?.replica_id;
        let description = String::from_utf8_lossy(bytes("description", description, description_len)?).into_owned();
        let (id, data) = (bytes("id", id, id_len)?, bytes("data", data, data_len)?);
        let records = records().lock().map_err(|_| RtError::internal("the probe records are poisoned"))?;
        let recorded = records.get(&(id.to_vec(), replica));
        let name = String::from_utf8_lossy(id);
        let record = usize::try_from(iter).ok().and_then(|i| recorded.and_then(|r| r.get(i)));
        Ok(match record {
            Some(record) if record.as_slice() == data => None,
            Some(_) => Some(format!("{description}: the value differs from record {iter} of probe \"{name}\"")),
            None => Some(format!(
                "{description}: probe \"{name}\" recorded {} value(s), none at iteration {iter}",
                recorded.map_or(0, Vec::len)
            )),
        })
    })
    .unwrap_or_else(|_| Err(RtError::internal("panic while comparing with a probe")));
    match outcome {
        Ok(None) => XlaStatus::Ok.code(),
        Ok(Some(message)) => {
            set_last_error(&message);
            XlaStatus::CheckFailed.code()
        }
        Err(RtError { status, message }) => {
            set_last_error(&format!("xla_rt_probe_compare: {message}"));
            status.code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::xla_rt_last_error;

    #[test]
    fn records_compare_by_iteration_and_replica() {
        let id = b"probes_test_sum";
        let description = b"p.mlir:1:1: check.expect_serialized_eq failed";
        let (first, second) = (7i64.to_le_bytes(), 9i64.to_le_bytes());
        let compare = |iter: i64, data: &[u8], opts: *const XlaRunOptions| unsafe {
            xla_rt_probe_compare(description.as_ptr(), description.len() as i64, id.as_ptr(), id.len() as i64, iter, data.as_ptr(), data.len() as i64, opts)
        };
        unsafe {
            assert_eq!(xla_rt_probe_record(id.as_ptr(), id.len() as i64, first.as_ptr(), 8, std::ptr::null()), 0);
            assert_eq!(xla_rt_probe_record(id.as_ptr(), id.len() as i64, second.as_ptr(), 8, std::ptr::null()), 0);
        }
        assert_eq!(compare(0, &first, std::ptr::null()), 0);
        assert_eq!(compare(1, &second, std::ptr::null()), 0);
        assert_eq!(compare(1, &first, std::ptr::null()), XlaStatus::CheckFailed.code());
        let message = unsafe { std::ffi::CStr::from_ptr(xla_rt_last_error()) }.to_string_lossy().into_owned();
        assert!(message.ends_with("the value differs from record 1 of probe \"probes_test_sum\""), "{message}");
        assert_eq!(compare(2, &first, std::ptr::null()), XlaStatus::CheckFailed.code());
        let other_replica = XlaRunOptions { replica_id: 1, num_replicas: 2, ..XlaRunOptions::default() };
        assert_eq!(compare(0, &first, &other_replica), XlaStatus::CheckFailed.code(), "replica 1 recorded nothing");
    }
}
