//! Helpers shared by the runtime's integration tests: deterministic pseudo-random data,
//! closeness checks, and the last error as text.

#![allow(dead_code)]

use std::ffi::CStr;

use xla_runtime::status::xla_rt_last_error;

/// A small deterministic generator (SplitMix64), so tests need no `rand`.
pub struct Lcg(u64);

impl Lcg {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `[-1, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }

    /// `n` uniform numbers in `[-1, 1)`.
    pub fn vec_f64(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.uniform()).collect()
    }

    /// `n` uniform numbers in `[-1, 1)` as f32.
    pub fn vec_f32(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.uniform() as f32).collect()
    }
}

/// The calling thread's last runtime error.
pub fn last_error() -> String {
    unsafe { CStr::from_ptr(xla_rt_last_error()) }.to_string_lossy().into_owned()
}

/// Asserts that `actual` and `expected` agree to `tolerance`, relative to the larger of 1
/// and the magnitude of the expected value.
pub fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
    assert_eq!(actual.len(), expected.len(), "lengths differ");
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        let scale = e.abs().max(1.0);
        assert!((a - e).abs() <= tolerance * scale, "element {i}: {a} vs expected {e}");
    }
}
