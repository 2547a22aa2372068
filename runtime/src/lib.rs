//! `libxla_runtime`: the library that ahead-of-time compiled code links against, through a
//! C ABI only (`extern "C"`, `#[no_mangle]`, `xla_rt_` prefix). Built both as a static
//! library (`libxla_runtime.a`, for C/C++ drivers) and as an rlib (for `xla-run` and Rust
//! drivers). `include/xla_runtime.h` declares every entry point.
//!
//! One concept per module: [`status`] (codes and `xla_rt_last_error`), [`options`]
//! (`XlaRunOptions`), [`thread_pool`] and [`parallel_for`], [`gemm`], [`conv`] (XLA's
//! general convolution by im2col and gemm), [`fft`], [`sort`] and [`sort_total_order`]
//! (JAX's float comparator, without a compiled one), [`linalg`] (Cholesky,
//! triangular solve), [`rng`] (XLA's Threefry and Philox bit generators),
//! [`rng_distributions`] (`rng_uniform`/`rng_normal`, the interpreter's stream, with
//! [`minifloat`] for the float formats of eight bits or fewer),
//! [`custom_call`] and [`compiled_custom_call`] (the staging compiled code calls targets
//! through), [`infeed`] and [`outfeed`] (over [`feed`]), [`channels`] (send and recv),
//! [`replicas`] (in-process all-reduce), [`exchange`] (the data exchange of compiled
//! collectives), [`checks`] (a failed `check` op), [`probes`] (`interpreter.probe`'s
//! records), [`padding`] (padding values of padded buffers) and [`math`] (XLA's
//! approximations of transcendental functions, for code generators that call them).
//!
//! Architecture Invariant: the runtime knows nothing of the IR or LLVM; of the workspace
//! it depends only on `xla_math` (XLA's approximations, a leaf crate with no IR), and
//! compiled objects reach it only through the C ABI declared in `include/xla_runtime.h`.
//! Every entry point that can fail runs its work inside [`status::guard`], so it reports
//! errors through its return code and `xla_rt_last_error()` and never unwinds or aborts
//! into its caller; invalid arguments (null pointers, negative sizes, overlapping
//! buffers) are errors, not undefined behaviour. The [`math`] functions cannot fail and
//! return their value.

#![deny(missing_docs)]

pub mod args;
pub mod channels;
pub mod checks;
pub mod compiled_custom_call;
pub mod conv;
pub mod custom_call;
pub mod exchange;
pub mod feed;
pub mod fft;
pub mod gemm;
pub mod gemm_narrow;
pub mod infeed;
pub mod linalg;
pub mod math;
pub mod minifloat;
pub mod padding;
pub mod probes;
pub mod parallel_for;
pub mod replicas;
pub mod rng;
pub mod rng_distributions;
#[cfg(target_arch = "x86_64")]
mod pack_transpose;
#[cfg(target_arch = "x86_64")]
pub mod sgemm_avx512;
mod scratch;
pub mod sort;
pub mod sort_total_order;
pub mod options;
pub mod outfeed;
pub mod status;
pub mod thread_pool;

use std::ffi::c_char;

pub use options::{XlaPartitionOptions, XlaRunOptions};
pub use status::XlaStatus;

/// Where this library was built from, kept in the object code (`#[used]`) so that the C
/// ABI test can tell this checkout's `libxla_runtime-*.a` from those of other checkouts
/// that share a target directory (their file names differ only by a hash).
#[used]
static BUILT_FROM: &[u8] = concat!("xla-runtime built from ", env!("CARGO_MANIFEST_DIR"), "\n").as_bytes();

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
