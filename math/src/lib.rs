//! XLA CPU's approximations of transcendental functions on `f32`: their coefficients and
//! their scalar forms.
//!
//! XLA CPU does not compute `exp`, `log` and `tanh` of `f32` with the C library: it emits
//! polynomial and rational approximations inline (Cephes' `exp` and `log`, Eigen's rational
//! `tanh`), and builds `expm1` and `log1p` from them. Their results are not correctly
//! rounded (up to a few ulps off), so a program's expected values computed by XLA, such as
//! StableHLO's testdata, tell them apart from correctly rounded ones. This crate is the one
//! place that defines them, so that the interpreter and compiled code compute the same
//! results, bit for bit:
//! - the interpreter calls the scalar forms here;
//! - lower-to-llvm emits the same operations in the same order from the same constants,
//!   and its tests compare the compiled functions with these forms over many inputs.
//!
//! The magnitude of complex numbers (`abs`, and `sign`'s divisor), their product and
//! `expm1` are XLA's formulas too ([`complex_abs_f32`], [`complex_multiply_f32`],
//! [`complex_expm1_f32`]), in both precisions, with `cosm1` ([`cosm1_f32`]).
//!
//! Invariants: every function is a fixed sequence of `f32` operations, each rounded once;
//! a fused multiply-add ([`fma`]) is one rounding, as XLA's code generator contracts those
//! multiplies and adds (the forms were fixed by matching XLA's own results on StableHLO's
//! testdata, element for element). NaN operands give NaN. Subnormal operands and results
//! are the caller's business: XLA CPU flushes them to zero around every op, and so do the
//! interpreter and compiled code before and after calling these.
//!
//! `f64` uses the C library's `exp`, `log` and `tanh`, as XLA CPU does, and XLA's forms of
//! `expm1` and `log1p` built on them ([`expm1_f64`], [`log1p_f64`]). `bf16` is computed by these `f32` forms and
//! rounded once, as XLA CPU upcasts it. `f16` is too for `exp`, `log` and `tanh`, but the
//! functions XLA composes from them (`expm1`, `log1p`) it computes step by step in `f16`
//! (LLVM promotes each `half` operation to `f32` and rounds it back): [`Steps`] says which.

mod complex;
mod complex_expm1;
mod complex_multiply;
mod cosm1;
mod exp;
mod log;
mod steps;
mod tanh;

pub use complex::{complex_abs_f32, complex_abs_f64};
pub use complex_expm1::{complex_expm1_f32, complex_expm1_f64};
pub use complex_multiply::{complex_multiply_f32, complex_multiply_f64};
pub use cosm1::{cosm1_f32, cosm1_f64, COSM1, COSM1_SMALL};
pub use exp::{exp, expm1, expm1_f64, expm1_in, logistic, logistic_in, EXP, EXPM1_SMALL};
pub use log::{log, log1p, log1p_f64, log1p_in, LOG, LOG1P};
pub use steps::Steps;
pub use tanh::{tanh, TANH};

/// `a * b + c` rounded once: the operation XLA's contracted multiply-adds compute.
#[inline]
pub fn fma(a: f32, b: f32, c: f32) -> f32 {
    a.mul_add(b, c)
}

/// `x` limited to `[low, high]` (NaN stays NaN).
#[inline]
fn clamp(x: f32, low: f32, high: f32) -> f32 {
    if x < low {
        low
    } else if x > high {
        high
    } else {
        x
    }
}

/// The value of a polynomial with `coefficients` (highest degree first) at `x`, by
/// Horner's rule with a fused multiply-add per step.
#[inline]
pub fn horner(x: f32, coefficients: &[f32]) -> f32 {
    coefficients
        .iter()
        .skip(1)
        .fold(coefficients[0], |sum, &c| fma(sum, x, c))
}

/// Test support: the distance in ulps between two finite `f32` of one sign.
#[cfg(test)]
fn ulps(a: f32, b: f32) -> u32 {
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

/// Test support: asserts that `f` gives XLA's result at each operand, both as bits.
#[cfg(test)]
fn assert_xla_values(name: &str, f: fn(f32) -> f32, values: &[(u32, u32)]) {
    for &(x, xla) in values {
        let x = f32::from_bits(x);
        assert_eq!(f(x).to_bits(), xla, "{name}({x}) = {} but XLA gives {}", f(x), f32::from_bits(xla));
    }
}
