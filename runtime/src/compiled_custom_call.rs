//! The custom calls of compiled code: `hlo.custom_call` stages its buffers one runtime call
//! at a time and then runs the target, since compiled code builds no arrays of pointers.
//!
//! For one custom call, compiled code calls [`xla_rt_custom_call_arg`] for each argument
//! buffer and [`xla_rt_custom_call_result`] for each result buffer, in order, then
//! [`xla_rt_custom_call_staged`] with the target's name and the opaque bytes (its backend
//! config), which calls the target registered under that name (see [`crate::custom_call`])
//! with the staged arrays.
//!
//! Invariant: the staging is per thread and emptied by every `xla_rt_custom_call_staged`,
//! whether the target succeeds or not, so a failed call leaves nothing for the next one.

use std::cell::RefCell;
use std::ffi::{c_char, c_void};

use crate::args;
use crate::custom_call;
use crate::status::{guard, RtError};

/// The buffers staged on this thread for the next custom call.
#[derive(Default)]
struct Staged {
    args: Vec<*const c_void>,
    results: Vec<*mut c_void>,
}

thread_local! {
    static STAGED: RefCell<Staged> = RefCell::new(Staged::default());
}

/// Stages `buffer` as the next argument of the custom call this thread is preparing.
/// Returns 0, or `XLA_RT_INVALID_ARGUMENT` for a NULL buffer.
#[no_mangle]
pub extern "C" fn xla_rt_custom_call_arg(buffer: *const c_void, _opts: *const c_void) -> i32 {
    guard("xla_rt_custom_call_arg", || {
        args::not_null("buffer", buffer)?;
        STAGED.with(|s| s.borrow_mut().args.push(buffer));
        Ok(())
    })
}

/// Stages `buffer` as the next result of the custom call this thread is preparing.
/// Returns 0, or `XLA_RT_INVALID_ARGUMENT` for a NULL buffer.
#[no_mangle]
pub extern "C" fn xla_rt_custom_call_result(buffer: *mut c_void, _opts: *const c_void) -> i32 {
    guard("xla_rt_custom_call_result", || {
        args::not_null("buffer", buffer)?;
        STAGED.with(|s| s.borrow_mut().results.push(buffer));
        Ok(())
    })
}

/// Calls the target named by the `target_len` UTF-8 bytes of `target` with the staged
/// result and argument buffers and the `opaque_len` bytes of `opaque`, and empties the
/// staging. Returns 0 or the status of [`custom_call::call`] (`XLA_RT_NOT_FOUND`,
/// `XLA_RT_CUSTOM_CALL_FAILED`, ...).
///
/// # Safety
/// `target` and `opaque` hold the bytes their lengths say (`opaque` may be NULL when
/// `opaque_len` is 0); the staged buffers are what the target expects.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_custom_call_staged(
    target: *const u8,
    target_len: i64,
    opaque: *const u8,
    opaque_len: i64,
    _opts: *const c_void,
) -> i32 {
    let staged = STAGED.with(|s| std::mem::take(&mut *s.borrow_mut()));
    guard("xla_rt_custom_call_staged", || {
        let (target_len, opaque_len) = (args::size("target_len", target_len)?, args::size("opaque_len", opaque_len)?);
        args::buffer("target", target, target_len)?;
        args::buffer("opaque", opaque, opaque_len)?;
        let name = std::str::from_utf8(args::slice(target, target_len)).map_err(|_| RtError::invalid("the target name is not UTF-8"))?;
        // The target reads the opaque bytes with their length; a NUL-terminated copy also
        // lets a target written for XLA CPU read them as a C string.
        let mut config = args::slice(opaque, opaque_len).to_vec();
        config.push(0);
        custom_call::call(name, staged.results.as_ptr(), staged.args.as_ptr(), config.as_ptr().cast::<c_char>(), opaque_len)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::custom_call::{register, XlaCustomCallStatus};
    use crate::status::XlaStatus;

    /// Adds its two f32[2] arguments into its result.
    unsafe extern "C-unwind" fn add_pairs(results: *const *mut c_void, args: *const *const c_void, opaque: *const c_char, len: usize, status: *mut XlaCustomCallStatus) {
        if std::slice::from_raw_parts(opaque.cast::<u8>(), len) != b"sum" {
            let message = b"bad config";
            crate::custom_call::xla_rt_custom_call_status_set_failure(status, message.as_ptr().cast(), message.len());
            return;
        }
        let (a, b) = (*args.cast::<*const f32>(), *args.add(1).cast::<*const f32>());
        let out = *results.cast::<*mut f32>();
        for i in 0..2 {
            *out.add(i) = *a.add(i) + *b.add(i);
        }
    }

    #[test]
    fn staged_buffers_reach_the_target_and_the_staging_empties() {
        register("staged_add_pairs", add_pairs).expect("registers");
        let (a, b, mut out) = ([1.0f32, 2.0], [10.0f32, 20.0], [0.0f32; 2]);
        let name = b"staged_add_pairs";
        assert_eq!(xla_rt_custom_call_arg(a.as_ptr().cast(), std::ptr::null()), 0);
        assert_eq!(xla_rt_custom_call_arg(b.as_ptr().cast(), std::ptr::null()), 0);
        assert_eq!(xla_rt_custom_call_result(out.as_mut_ptr().cast(), std::ptr::null()), 0);
        // SAFETY: the name and config are the arrays given with their lengths.
        let code = unsafe { xla_rt_custom_call_staged(name.as_ptr(), name.len() as i64, b"sum".as_ptr(), 3, std::ptr::null()) };
        assert_eq!(code, 0);
        assert_eq!(out, [11.0, 22.0]);
        STAGED.with(|s| assert!(s.borrow().args.is_empty() && s.borrow().results.is_empty()));
        // A failing target empties the staging too, and its message is the status's.
        assert_eq!(xla_rt_custom_call_arg(a.as_ptr().cast(), std::ptr::null()), 0);
        // SAFETY: as above.
        let code = unsafe { xla_rt_custom_call_staged(name.as_ptr(), name.len() as i64, b"xyz".as_ptr(), 3, std::ptr::null()) };
        assert_eq!(code, XlaStatus::CustomCallFailed.code());
        STAGED.with(|s| assert!(s.borrow().args.is_empty()));
        // SAFETY: an unknown name is reported, not called.
        let code = unsafe { xla_rt_custom_call_staged(b"nobody".as_ptr(), 6, std::ptr::null(), 0, std::ptr::null()) };
        assert_eq!(code, XlaStatus::NotFound.code());
    }
}
