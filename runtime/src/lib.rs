//! `libxla_runtime`: the library that ahead-of-time compiled code links against, through a
//! C ABI only (`extern "C"`, `#[no_mangle]`, `xla_rt_` prefix). Built both as a static
//! library (`libxla_runtime.a`, for C/C++ drivers) and as an rlib (for `xla-run` and Rust
//! drivers).
//!
//! A later issue fills it (see DESIGN.md, "Code generation and the runtime"): the thread
//! pool and `parallel_for`, gemm (the `gemm` crate, strided), conv, sort, fft, rng, linear
//! algebra, collectives, infeed/outfeed, custom calls, and `xla_rt_last_error()`. For now it
//! exports [`xla_rt_version`], so the staticlib has a symbol to link and check.
//!
//! Architecture Invariant: the runtime knows nothing of the IR or LLVM; it depends on no
//! other crate of the workspace, and compiled objects reach it only through the C ABI
//! declared in the generated headers. A runtime entry point never unwinds into its caller.

#![deny(missing_docs)]

use std::ffi::c_char;

/// The version of the runtime's C ABI, as a NUL-terminated static string (the crate
/// version: `"0.1.0"`). The returned pointer is valid for the life of the process.
#[no_mangle]
pub extern "C" fn xla_rt_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn version_is_the_crate_version() {
        let version = unsafe { CStr::from_ptr(xla_rt_version()) };
        assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    }
}
