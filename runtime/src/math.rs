//! XLA's approximations of transcendental functions as scalar C functions, for code
//! generators that call them rather than emit them inline: the MLIR path's lowering calls
//! these where our own lowering emits the same operations inline, so that both give XLA's
//! results bit for bit (the `xla_math` crate defines them once).
//!
//! Invariant: each function is the `xla_math` function of its name, nothing more; the
//! `_f16` forms take an `f16` widened to `f32` and round their intermediate steps to `f16`,
//! as XLA CPU computes `half` arithmetic (the caller rounds the result).

use xla_math::Steps;

/// `xla_math::exp`.
#[no_mangle]
pub extern "C" fn xla_rt_math_exp_f32(x: f32) -> f32 {
    xla_math::exp(x)
}

/// `xla_math::log`.
#[no_mangle]
pub extern "C" fn xla_rt_math_log_f32(x: f32) -> f32 {
    xla_math::log(x)
}

/// `xla_math::tanh`.
#[no_mangle]
pub extern "C" fn xla_rt_math_tanh_f32(x: f32) -> f32 {
    xla_math::tanh(x)
}

/// `xla_math::expm1`.
#[no_mangle]
pub extern "C" fn xla_rt_math_expm1_f32(x: f32) -> f32 {
    xla_math::expm1(x)
}

/// `xla_math::expm1_in` with `f16` steps.
#[no_mangle]
pub extern "C" fn xla_rt_math_expm1_f16(x: f32) -> f32 {
    xla_math::expm1_in(Steps::F16, x)
}

/// `xla_math::log1p`.
#[no_mangle]
pub extern "C" fn xla_rt_math_log1p_f32(x: f32) -> f32 {
    xla_math::log1p(x)
}

/// `xla_math::log1p_in` with `f16` steps.
#[no_mangle]
pub extern "C" fn xla_rt_math_log1p_f16(x: f32) -> f32 {
    xla_math::log1p_in(Steps::F16, x)
}

/// `xla_math::logistic`.
#[no_mangle]
pub extern "C" fn xla_rt_math_logistic_f32(x: f32) -> f32 {
    xla_math::logistic(x)
}

/// `xla_math::logistic_in` with `f16` steps.
#[no_mangle]
pub extern "C" fn xla_rt_math_logistic_f16(x: f32) -> f32 {
    xla_math::logistic_in(Steps::F16, x)
}

/// `xla_math::expm1_f64`.
#[no_mangle]
pub extern "C" fn xla_rt_math_expm1_f64(x: f64) -> f64 {
    xla_math::expm1_f64(x)
}

/// `xla_math::log1p_f64`.
#[no_mangle]
pub extern "C" fn xla_rt_math_log1p_f64(x: f64) -> f64 {
    xla_math::log1p_f64(x)
}

/// `xla_math::complex_abs_f32`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_abs_f32(re: f32, im: f32) -> f32 {
    xla_math::complex_abs_f32(re, im)
}

/// `xla_math::complex_abs_f64`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_abs_f64(re: f64, im: f64) -> f64 {
    xla_math::complex_abs_f64(re, im)
}

/// The real part of `xla_math::complex_expm1_f32`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_expm1_re_f32(re: f32, im: f32) -> f32 {
    xla_math::complex_expm1_f32(re, im).0
}

/// The imaginary part of `xla_math::complex_expm1_f32`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_expm1_im_f32(re: f32, im: f32) -> f32 {
    xla_math::complex_expm1_f32(re, im).1
}

/// The real part of `xla_math::complex_expm1_f64`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_expm1_re_f64(re: f64, im: f64) -> f64 {
    xla_math::complex_expm1_f64(re, im).0
}

/// The imaginary part of `xla_math::complex_expm1_f64`.
#[no_mangle]
pub extern "C" fn xla_rt_math_complex_expm1_im_f64(re: f64, im: f64) -> f64 {
    xla_math::complex_expm1_f64(re, im).1
}
