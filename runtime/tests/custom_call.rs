//! The custom call registry: registration, lookup, calls with results and opaque bytes,
//! reported failures, panicking targets, and argument errors.

mod common;

use std::ffi::{c_char, c_void, CString};
use std::ptr::{null, null_mut};

use common::last_error;
use xla_runtime::custom_call::*;
use xla_runtime::XlaStatus;

/// `results[0][i] = args[0][i] + args[1][i]` for the number of floats the opaque names.
unsafe extern "C-unwind" fn add(results: *const *mut c_void, args: *const *const c_void, opaque: *const c_char, len: usize, _: *mut XlaCustomCallStatus) {
    let text = std::str::from_utf8(std::slice::from_raw_parts(opaque.cast::<u8>(), len)).unwrap();
    let n: usize = text.parse().unwrap();
    let (x, y, out) = (*args as *const f32, *args.add(1) as *const f32, *results as *mut f32);
    for i in 0..n {
        *out.add(i) = *x.add(i) + *y.add(i);
    }
}

unsafe extern "C-unwind" fn fails(_: *const *mut c_void, _: *const *const c_void, _: *const c_char, _: usize, status: *mut XlaCustomCallStatus) {
    let message = "matrix is singular";
    xla_rt_custom_call_status_set_failure(status, message.as_ptr().cast(), message.len());
}

unsafe extern "C-unwind" fn panics(_: *const *mut c_void, _: *const *const c_void, _: *const c_char, _: usize, _: *mut XlaCustomCallStatus) {
    panic!("target bug");
}

unsafe extern "C-unwind" fn other(_: *const *mut c_void, _: *const *const c_void, _: *const c_char, _: usize, _: *mut XlaCustomCallStatus) {}

fn name(text: &str) -> CString {
    CString::new(text).unwrap()
}

#[test]
fn a_registered_target_is_called_by_name() {
    let target = name("test.add");
    assert_eq!(unsafe { xla_rt_register_custom_call(target.as_ptr(), Some(add)) }, 0, "{}", last_error());
    // Registering the same function again is fine.
    assert_eq!(unsafe { xla_rt_register_custom_call(target.as_ptr(), Some(add)) }, 0);
    let (x, y) = ([1.0f32, 2.0, 3.0], [10.0f32, 20.0, 30.0]);
    let mut out = [0.0f32; 3];
    let args = [x.as_ptr() as *const c_void, y.as_ptr() as *const c_void];
    let results = [out.as_mut_ptr() as *mut c_void];
    let opaque = "3";
    let status = unsafe { xla_rt_custom_call(target.as_ptr(), results.as_ptr(), args.as_ptr(), opaque.as_ptr().cast(), opaque.len()) };
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(out, [11.0, 22.0, 33.0]);

    let mut found = None;
    assert_eq!(unsafe { xla_rt_lookup_custom_call(target.as_ptr(), &mut found) }, 0);
    assert!(found.is_some_and(|f| std::ptr::fn_addr_eq(f, add as XlaCustomCallFn)));
}

#[test]
fn failures_and_panics_become_statuses() {
    let (failing, panicking) = (name("test.fails"), name("test.panics"));
    unsafe {
        assert_eq!(xla_rt_register_custom_call(failing.as_ptr(), Some(fails)), 0);
        assert_eq!(xla_rt_register_custom_call(panicking.as_ptr(), Some(panics)), 0);
        assert_eq!(xla_rt_custom_call(failing.as_ptr(), null(), null(), null(), 0), XlaStatus::CustomCallFailed.code());
        assert_eq!(last_error(), "xla_rt_custom_call: 'test.fails' failed: matrix is singular");
        assert_eq!(xla_rt_custom_call(panicking.as_ptr(), null(), null(), null(), 0), XlaStatus::Internal.code());
        assert_eq!(last_error(), "xla_rt_custom_call: panic: target bug");
    }
}

#[test]
fn unknown_names_and_bad_registrations_are_errors() {
    let (unknown, taken, empty) = (name("test.unknown"), name("test.taken"), name(""));
    unsafe {
        assert_eq!(xla_rt_custom_call(unknown.as_ptr(), null(), null(), null(), 0), XlaStatus::NotFound.code());
        assert_eq!(last_error(), "xla_rt_custom_call: no custom call target 'test.unknown' is registered");
        let mut found = None;
        assert_eq!(xla_rt_lookup_custom_call(unknown.as_ptr(), &mut found), XlaStatus::NotFound.code());
        assert!(found.is_none());
        assert_eq!(xla_rt_register_custom_call(taken.as_ptr(), Some(other)), 0);
        assert_eq!(xla_rt_register_custom_call(taken.as_ptr(), Some(add)), XlaStatus::InvalidArgument.code());
        assert_eq!(last_error(), "xla_rt_register_custom_call: 'test.taken' is already registered with another function");
        assert_eq!(xla_rt_register_custom_call(null(), Some(add)), XlaStatus::InvalidArgument.code());
        assert_eq!(last_error(), "xla_rt_register_custom_call: name is null");
        assert_eq!(xla_rt_register_custom_call(empty.as_ptr(), Some(add)), XlaStatus::InvalidArgument.code());
        assert_eq!(xla_rt_register_custom_call(unknown.as_ptr(), None), XlaStatus::InvalidArgument.code());
        assert_eq!(last_error(), "xla_rt_register_custom_call: fn is null");
        assert_eq!(xla_rt_lookup_custom_call(taken.as_ptr(), null_mut()), XlaStatus::InvalidArgument.code());
        assert_eq!(xla_rt_custom_call(taken.as_ptr(), null(), null(), null(), 4), XlaStatus::InvalidArgument.code());
        assert_eq!(last_error(), "xla_rt_custom_call: opaque is null");
        // A null status is ignored rather than dereferenced.
        xla_rt_custom_call_status_set_failure(null_mut(), null(), 0);
    }
}
