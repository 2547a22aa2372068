//! Error codes, the thread-local last error, and the guard every entry point runs in.
//!
//! Every `extern "C"` function of the runtime returns an [`XlaStatus`] code (as `int32_t`)
//! and, when the code is not [`XlaStatus::Ok`], leaves a message that
//! [`xla_rt_last_error`] returns. Entry points run their work inside [`guard`], which turns
//! an `Err` into a code and a message and a Rust panic into [`XlaStatus::Internal`].
//!
//! Invariants:
//! - the numeric values of [`XlaStatus`] are part of the C ABI and never change; new codes
//!   are only ever appended;
//! - no panic crosses the C boundary: [`guard`] catches every unwind of the work it runs,
//!   including one from a callback declared `extern "C-unwind"`;
//! - the last error is per thread: a failing call sets its own thread's message, which
//!   stays valid (and unchanged) until the next failing call on that thread; successful
//!   calls leave it alone, as `errno` is left alone;
//! - a message always names the entry point that failed (`xla_rt_matmul_f32: ...`).

use std::any::Any;
use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The status codes of the C ABI. `0` is success; every other value is an error whose
/// message [`xla_rt_last_error`] gives.
#[repr(i32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum XlaStatus {
    /// Success.
    Ok = 0,
    /// An argument was invalid: a null pointer, a negative size, inconsistent shapes or
    /// strides, an unknown enumerator.
    InvalidArgument = 1,
    /// A scratch or result allocation failed.
    OutOfMemory = 2,
    /// A bug in the runtime (a caught panic) or a failure of the operating system.
    Internal = 3,
    /// A valid request that this runtime does not implement.
    Unimplemented = 4,
    /// A custom call reported failure through its status.
    CustomCallFailed = 5,
    /// A name (a custom call target) is not registered.
    NotFound = 6,
    /// A wait (for an infeed buffer, an outfeed buffer or the other replicas) timed out.
    DeadlineExceeded = 7,
    /// The participants of a collective disagree (sizes, operation, replica ids).
    FailedPrecondition = 8,
    /// A `check` op of the compiled program failed (`checks.rs`).
    CheckFailed = 9,
}

impl XlaStatus {
    /// The code as the C ABI returns it.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The status of a code, if it is one.
    pub fn from_code(code: i32) -> Option<XlaStatus> {
        use XlaStatus::*;
        [Ok, InvalidArgument, OutOfMemory, Internal, Unimplemented, CustomCallFailed, NotFound, DeadlineExceeded, FailedPrecondition, CheckFailed]
            .into_iter()
            .find(|status| status.code() == code)
    }

    /// The status's name in the C header's spelling, without its `XLA_RT_` prefix.
    pub fn name(self) -> &'static str {
        match self {
            XlaStatus::Ok => "OK",
            XlaStatus::InvalidArgument => "INVALID_ARGUMENT",
            XlaStatus::OutOfMemory => "OUT_OF_MEMORY",
            XlaStatus::Internal => "INTERNAL",
            XlaStatus::Unimplemented => "UNIMPLEMENTED",
            XlaStatus::CustomCallFailed => "CUSTOM_CALL_FAILED",
            XlaStatus::NotFound => "NOT_FOUND",
            XlaStatus::DeadlineExceeded => "DEADLINE_EXCEEDED",
            XlaStatus::FailedPrecondition => "FAILED_PRECONDITION",
            XlaStatus::CheckFailed => "CHECK_FAILED",
        }
    }
}

/// An error of a runtime function: a code other than `Ok` and a message without the
/// entry point's name (the guard prepends it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RtError {
    /// The code the entry point returns.
    pub status: XlaStatus,
    /// What went wrong, as a sentence fragment (`"m = -1 is negative"`).
    pub message: String,
}

impl RtError {
    /// An error with `status` and `message`.
    pub fn new(status: XlaStatus, message: impl Into<String>) -> RtError {
        RtError { status, message: message.into() }
    }

    /// An [`XlaStatus::InvalidArgument`] error.
    pub fn invalid(message: impl Into<String>) -> RtError {
        RtError::new(XlaStatus::InvalidArgument, message)
    }

    /// An [`XlaStatus::Internal`] error.
    pub fn internal(message: impl Into<String>) -> RtError {
        RtError::new(XlaStatus::Internal, message)
    }

    /// An [`XlaStatus::OutOfMemory`] error for an allocation of `bytes` bytes.
    pub fn out_of_memory(bytes: usize) -> RtError {
        RtError::new(XlaStatus::OutOfMemory, format!("could not allocate {bytes} bytes"))
    }
}

impl fmt::Display for RtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status.name(), self.message)
    }
}

/// The result of the work an entry point does.
pub type RtResult<T> = Result<T, RtError>;

thread_local! {
    /// This thread's last error message, NUL-terminated; empty before the first failure.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as this thread's last error. Interior NULs, which a C string cannot
/// hold, become spaces.
pub fn set_last_error(message: &str) {
    let bytes: Vec<u8> = message.bytes().map(|b| if b == 0 { b' ' } else { b }).collect();
    let message = CString::new(bytes).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// This thread's last error message, as Rust text (for Rust drivers and tests).
pub fn last_error_message() -> String {
    LAST_ERROR.with(|last| last.borrow().to_string_lossy().into_owned())
}

/// Runs the work of entry point `name`: returns `0` when it succeeds, and otherwise the
/// error's code after recording `"name: message"` as the thread's last error. A panic
/// inside `work` is caught and reported as [`XlaStatus::Internal`].
pub fn guard(name: &str, work: impl FnOnce() -> RtResult<()>) -> i32 {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(Ok(())) => XlaStatus::Ok.code(),
        Ok(Err(error)) => fail(name, &error),
        Err(payload) => fail(name, &RtError::internal(format!("panic: {}", panic_text(payload.as_ref())))),
    }
}

/// Records `error` for entry point `name` and returns its code.
pub fn fail(name: &str, error: &RtError) -> i32 {
    set_last_error(&format!("{name}: {}", error.message));
    error.status.code()
}

/// The text of a panic's payload (`panic!` with a literal or a formatted message).
fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// The message of the last failing runtime call on the calling thread, as a NUL-terminated
/// string (empty if no call has failed on this thread). The pointer stays valid until the
/// next failing runtime call on the same thread; copy the text to keep it longer.
#[no_mangle]
pub extern "C" fn xla_rt_last_error() -> *const c_char {
    // Reading the thread-local cannot fail except during thread teardown, where the empty
    // static string is returned instead.
    LAST_ERROR.try_with(|last| last.borrow().as_ptr()).unwrap_or(c"".as_ptr())
}

/// Compiled code's report that an allocation of `bytes` bytes failed (a temporary buffer,
/// or the arena of an entry called with a NULL `temp`): records the message
/// `xla_rt_last_error()` then gives, just before the entry returns `XLA_RT_OUT_OF_MEMORY`.
/// Compiled objects declare it weak and call it only when the runtime is linked.
#[no_mangle]
pub extern "C" fn xla_rt_out_of_memory(bytes: i64) {
    set_last_error(&out_of_memory_message(bytes));
}

/// What [`xla_rt_out_of_memory`] records for an allocation of `bytes` bytes.
fn out_of_memory_message(bytes: i64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut size = bytes.max(0) as f64;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    let human = if unit == 0 { format!("{bytes} bytes") } else { format!("{size:.1} {} ({bytes} bytes)", UNITS[unit]) };
    format!("compiled code: out of memory: could not allocate {human}")
}

/// The name of status code `code` (`"OK"`, `"INVALID_ARGUMENT"`, ...), or `"UNKNOWN"` for a
/// value that is no status. The string is static.
#[no_mangle]
pub extern "C" fn xla_rt_status_name(code: i32) -> *const c_char {
    let name: &'static std::ffi::CStr = match XlaStatus::from_code(code) {
        Some(XlaStatus::Ok) => c"OK",
        Some(XlaStatus::InvalidArgument) => c"INVALID_ARGUMENT",
        Some(XlaStatus::OutOfMemory) => c"OUT_OF_MEMORY",
        Some(XlaStatus::Internal) => c"INTERNAL",
        Some(XlaStatus::Unimplemented) => c"UNIMPLEMENTED",
        Some(XlaStatus::CustomCallFailed) => c"CUSTOM_CALL_FAILED",
        Some(XlaStatus::NotFound) => c"NOT_FOUND",
        Some(XlaStatus::DeadlineExceeded) => c"DEADLINE_EXCEEDED",
        Some(XlaStatus::FailedPrecondition) => c"FAILED_PRECONDITION",
        Some(XlaStatus::CheckFailed) => c"CHECK_FAILED",
        None => c"UNKNOWN",
    };
    name.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_and_has_its_name() {
        for code in 0..10 {
            let status = XlaStatus::from_code(code).expect("a status");
            assert_eq!(status.code(), code);
            let name = unsafe { std::ffi::CStr::from_ptr(xla_rt_status_name(code)) };
            assert_eq!(name.to_str(), Ok(status.name()));
        }
        assert_eq!(XlaStatus::from_code(10), None);
    }

    #[test]
    fn the_guard_turns_panics_into_internal_errors() {
        let code = guard("xla_rt_test", || panic!("boom"));
        assert_eq!(code, XlaStatus::Internal.code());
        assert_eq!(last_error_message(), "xla_rt_test: panic: boom");
    }

    #[test]
    fn interior_nuls_do_not_lose_the_message() {
        set_last_error("a\0b");
        assert_eq!(last_error_message(), "a b");
    }

    #[test]
    fn out_of_memory_reports_say_how_much() {
        xla_rt_out_of_memory(562_949_953_421_312);
        assert_eq!(last_error_message(), "compiled code: out of memory: could not allocate 512.0 TiB (562949953421312 bytes)");
        xla_rt_out_of_memory(100);
        assert_eq!(last_error_message(), "compiled code: out of memory: could not allocate 100 bytes");
    }
}
