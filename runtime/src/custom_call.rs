//! Custom calls: a process-wide registry from target names to C functions, and the call
//! compiled code makes for `hlo.custom_call`.
//!
//! A target has XLA CPU's status-returning signature, with the results first:
//! `void fn(void *const *results, const void *const *args, const char *opaque,
//! size_t opaque_len, XlaCustomCallStatus *status)`. It reports failure with
//! `xla_rt_custom_call_status_set_failure`, and the call then returns
//! `XLA_RT_CUSTOM_CALL_FAILED` with the target's message.
//!
//! Invariants:
//! - registration is thread-safe and permanent; registering a name again with the same
//!   function is a no-op, with another function `XLA_RT_INVALID_ARGUMENT` (XLA's registry
//!   rejects it too), so a name means one function for the life of the process;
//! - an unknown name is `XLA_RT_NOT_FOUND`;
//! - targets are declared `extern "C-unwind"`: a target written in Rust that panics is
//!   caught and reported as `XLA_RT_INTERNAL`;
//! - the registry lock is not held while a target runs, so targets may register or call
//!   other targets.

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr};
use std::sync::{OnceLock, RwLock};

use crate::args;
use crate::status::{guard, RtError, RtResult, XlaStatus};

/// A custom call target.
pub type XlaCustomCallFn = unsafe extern "C-unwind" fn(
    results: *const *mut c_void,
    args: *const *const c_void,
    opaque: *const c_char,
    opaque_len: usize,
    status: *mut XlaCustomCallStatus,
);

/// The status a target reports through; opaque to C.
#[derive(Default, Debug)]
pub struct XlaCustomCallStatus {
    failure: Option<String>,
}

/// The registry: names to targets.
fn registry() -> &'static RwLock<HashMap<String, XlaCustomCallFn>> {
    static REGISTRY: OnceLock<RwLock<HashMap<String, XlaCustomCallFn>>> = OnceLock::new();
    REGISTRY.get_or_init(RwLock::default)
}

/// The name `name` points to, as UTF-8.
unsafe fn read_name(name: *const c_char) -> RtResult<String> {
    args::not_null("name", name)?;
    let name = CStr::from_ptr(name).to_str().map_err(|_| RtError::invalid("name is not UTF-8"))?;
    if name.is_empty() {
        return Err(RtError::invalid("name is empty"));
    }
    Ok(name.to_string())
}

/// Registers `f` as the target `name`.
pub fn register(name: &str, f: XlaCustomCallFn) -> RtResult<()> {
    let mut map = registry().write().unwrap_or_else(|p| p.into_inner());
    match map.get(name) {
        Some(&existing) if std::ptr::fn_addr_eq(existing, f) => Ok(()),
        Some(_) => Err(RtError::invalid(format!("'{name}' is already registered with another function"))),
        None => {
            map.insert(name.to_string(), f);
            Ok(())
        }
    }
}

/// The target registered as `name`.
pub fn lookup(name: &str) -> RtResult<XlaCustomCallFn> {
    let map = registry().read().unwrap_or_else(|p| p.into_inner());
    map.get(name).copied().ok_or_else(|| RtError::new(XlaStatus::NotFound, format!("no custom call target '{name}' is registered")))
}

/// Registers `fn` as the custom call target `name` (a NUL-terminated UTF-8 string, copied).
/// Returns 0, or `XLA_RT_INVALID_ARGUMENT` for a NULL or empty name, a NULL function, or a
/// name registered with another function.
///
/// # Safety
/// A non-null `name` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_register_custom_call(name: *const c_char, f: Option<XlaCustomCallFn>) -> i32 {
    guard("xla_rt_register_custom_call", || {
        let name = read_name(name)?;
        let f = f.ok_or_else(|| RtError::invalid("fn is null"))?;
        register(&name, f)
    })
}

/// Writes the target registered as `name` to `*out`. Returns 0, `XLA_RT_NOT_FOUND` for an
/// unknown name, or `XLA_RT_INVALID_ARGUMENT`.
///
/// # Safety
/// A non-null `name` is a NUL-terminated string; a non-null `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_lookup_custom_call(name: *const c_char, out: *mut Option<XlaCustomCallFn>) -> i32 {
    guard("xla_rt_lookup_custom_call", || {
        let name = read_name(name)?;
        args::not_null("out", out)?;
        out.write(Some(lookup(&name)?));
        Ok(())
    })
}

/// Calls the target registered as `name` with the result and argument buffers and the
/// opaque bytes (`opaque` may be NULL when `opaque_len` is 0). Returns 0,
/// `XLA_RT_NOT_FOUND`, `XLA_RT_CUSTOM_CALL_FAILED` with the target's message when it set
/// a failure, or `XLA_RT_INTERNAL` when a Rust target panicked.
///
/// # Safety
/// A non-null `name` is a NUL-terminated string; the buffers are what the target expects.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_custom_call(
    name: *const c_char,
    results: *const *mut c_void,
    args: *const *const c_void,
    opaque: *const c_char,
    opaque_len: usize,
) -> i32 {
    guard("xla_rt_custom_call", || {
        let name = read_name(name)?;
        args::buffer("opaque", opaque, opaque_len)?;
        call(&name, results, args, opaque, opaque_len)
    })
}

/// Calls the target `name` with the result and argument pointer arrays and the opaque
/// bytes, and turns a failure it reports into [`XlaStatus::CustomCallFailed`].
///
/// # Safety
/// The arrays and buffers are what the target expects; `opaque` holds `opaque_len` bytes.
pub unsafe fn call(name: &str, results: *const *mut c_void, args: *const *const c_void, opaque: *const c_char, opaque_len: usize) -> RtResult<()> {
    let target = lookup(name)?;
    let mut status = XlaCustomCallStatus::default();
    target(results, args, opaque, opaque_len, &mut status);
    match status.failure {
        None => Ok(()),
        Some(message) => Err(RtError::new(XlaStatus::CustomCallFailed, format!("'{name}' failed: {message}"))),
    }
}

/// Marks the call `status` belongs to as failed, with `message_len` bytes of `message`
/// (copied; invalid UTF-8 is replaced). A NULL `status` is ignored; a NULL `message`
/// reads as an empty one.
///
/// # Safety
/// A non-null `status` is the one the runtime passed to the target; a non-null `message`
/// holds `message_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_custom_call_status_set_failure(status: *mut XlaCustomCallStatus, message: *const c_char, message_len: usize) {
    // Nothing here can fail except a panic in formatting, which is caught and dropped:
    // this function has no status of its own to report through.
    let _ = std::panic::catch_unwind(|| {
        let Some(status) = status.as_mut() else { return };
        let bytes = if message.is_null() { &[][..] } else { args::slice(message.cast::<u8>(), message_len) };
        status.failure = Some(String::from_utf8_lossy(bytes).into_owned());
    });
}
