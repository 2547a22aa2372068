//! The failure of a `check` op in compiled code: the program asserted something about its
//! own values (`check.expect_eq`, `expect_almost_eq`, `expect_close` and their `_const`
//! forms) and it did not hold.
//!
//! Compiled code compares the elements itself and counts the ones that differ; only when
//! some do does it call [`xla_rt_check_failed`] with the check's description (its source
//! location and name, as bytes), the count and the first differing element's position, and
//! the call's status, `XLA_RT_CHECK_FAILED`, ends the entry as every runtime error does.
//! The interpreter records a failed check and goes on to the end of the program; compiled
//! code stops at the first, since a compiled function reports errors through its status.
//!
//! Invariant: the message names the check and where it is, and the first differing element
//! by its multi-index, as the interpreter's does.

use std::ffi::c_void;

use crate::args;
use crate::status::{set_last_error, RtError, RtResult, XlaStatus};

/// The message of a failed check: `description: count of total elements differ; the first
/// at [i, j]`.
fn failure_message(description: &str, count: i64, first: i64, dims: &[i64]) -> RtResult<String> {
    let total = args::element_count(dims)?;
    let mut index = vec![0i64; dims.len()];
    let mut rest = first.max(0);
    for (slot, &dim) in index.iter_mut().zip(dims).rev() {
        if dim > 0 {
            *slot = rest % dim;
            rest /= dim;
        }
    }
    let index = index.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    Ok(format!("{description}: {count} of {total} elements differ (actual != expected); the first at [{index}]"))
}

/// Reports that a check failed: `description` (`description_len` UTF-8 bytes, such as
/// `"prog.mlir:12:3: check.expect_eq failed"`), `counters` = `{count of differing
/// elements, row-major position of the first}`, and the `rank` dimensions `dims` of the
/// values compared. Returns `XLA_RT_CHECK_FAILED` with that message for
/// `xla_rt_last_error()` (or `XLA_RT_INVALID_ARGUMENT` for bad arguments).
///
/// # Safety
/// `description` holds `description_len` bytes, `counters` two `int64_t` and `dims` `rank`.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_check_failed(
    description: *const u8,
    description_len: i64,
    counters: *const i64,
    dims: *const i64,
    rank: i64,
    _opts: *const c_void,
) -> i32 {
    let message = std::panic::catch_unwind(|| -> RtResult<String> {
        let len = args::size("description_len", description_len)?;
        let rank = args::size("rank", rank)?;
        args::not_null("description", description)?;
        args::not_null("counters", counters)?;
        let description = String::from_utf8_lossy(std::slice::from_raw_parts(description, len)).into_owned();
        let counters = std::slice::from_raw_parts(counters, 2);
        let dims: &[i64] = if rank == 0 {
            &[]
        } else {
            args::not_null("dims", dims)?;
            std::slice::from_raw_parts(dims, rank)
        };
        failure_message(&description, counters[0], counters[1], dims)
    })
    .unwrap_or_else(|_| Err(RtError::internal("panic while describing a failed check")));
    match message {
        Ok(message) => {
            set_last_error(&message);
            XlaStatus::CheckFailed.code()
        }
        Err(RtError { status, message }) => {
            set_last_error(&format!("xla_rt_check_failed: {message}"));
            status.code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::xla_rt_last_error;

    #[test]
    fn a_failure_names_the_check_the_count_and_the_first_index() {
        let description = b"prog.mlir:3:5: check.expect_eq failed";
        let counters = [2i64, 5];
        let dims = [2i64, 3];
        // SAFETY: the pointers and lengths describe the arrays above.
        let code = unsafe { xla_rt_check_failed(description.as_ptr(), description.len() as i64, counters.as_ptr(), dims.as_ptr(), 2, std::ptr::null()) };
        assert_eq!(code, XlaStatus::CheckFailed.code());
        // SAFETY: the runtime keeps the last error alive until the next call on this thread.
        let message = unsafe { std::ffi::CStr::from_ptr(xla_rt_last_error()) }.to_string_lossy().into_owned();
        assert_eq!(message, "prog.mlir:3:5: check.expect_eq failed: 2 of 6 elements differ (actual != expected); the first at [1, 2]");
    }

    #[test]
    fn bad_arguments_are_invalid_not_check_failures() {
        let counters = [1i64, 0];
        // SAFETY: a null description is what is being tested; nothing is read through it.
        let code = unsafe { xla_rt_check_failed(std::ptr::null(), 4, counters.as_ptr(), std::ptr::null(), 0, std::ptr::null()) };
        assert_eq!(code, XlaStatus::InvalidArgument.code());
    }
}
