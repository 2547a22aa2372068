//! `xla_rt_sort_f32_total_order` and `_f64_`: the same permutation as `xla_rt_sort` with a
//! comparator written as JAX's (zeros equal, NaNs equal and last, compared by total
//! order), on lines with ties, signed zeros, NaNs of both signs and infinities, on one
//! thread and several; and argument errors.

mod common;

use std::ffi::c_void;

use common::{last_error, Lcg};
use xla_runtime::sort::xla_rt_sort;
use xla_runtime::sort_total_order::{xla_rt_sort_f32_total_order, xla_rt_sort_f64_total_order};
use xla_runtime::{XlaRunOptions, XlaStatus};

/// JAX's comparator on `f32`, as its exported `stablehlo.sort` region computes it.
unsafe extern "C-unwind" fn jax_less_f32(lhs: *const *const c_void, rhs: *const *const c_void, _: *mut c_void) -> bool {
    let key = |x: f32| {
        let x = if x == 0.0 { 0.0 } else { x };
        let x = if x.is_nan() { f32::NAN } else { x };
        let bits = x.to_bits() as i32;
        bits ^ (((bits >> 31) as u32) >> 1) as i32
    };
    key(*(*lhs as *const f32)) < key(*(*rhs as *const f32))
}

/// Lines of values with many ties, both zeros, NaNs of both signs and infinities.
fn awkward_values(count: usize, seed: u64) -> Vec<f32> {
    let specials = [0.0, -0.0, f32::NAN, -f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1.0, -1.0];
    let mut rng = Lcg::new(seed);
    (0..count)
        .map(|_| {
            let r = rng.next_u64();
            if r % 3 == 0 {
                specials[(r >> 8) as usize % specials.len()]
            } else {
                ((r >> 16) % 64) as f32 / 4.0 - 8.0
            }
        })
        .collect()
}

#[test]
fn f32_lines_sort_as_the_comparator_does() {
    for (lines, length, threads) in [(1usize, 1000usize, 1), (7, 129, 2), (3, 2, 1), (5, 1, 2)] {
        let data = awkward_values(lines * length, (lines * length) as u64);
        let mut expected = data.clone();
        let mut got = data.clone();
        let dims = [lines as i64, length as i64];
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
        let sizes = [4i64];
        let pointers = [expected.as_mut_ptr() as *mut c_void];
        let status = unsafe { xla_rt_sort(1, pointers.as_ptr(), sizes.as_ptr(), dims.as_ptr(), 2, 1, Some(jax_less_f32), std::ptr::null_mut(), &opts) };
        assert_eq!(status, 0, "{}", last_error());
        let status = unsafe { xla_rt_sort_f32_total_order(got.as_mut_ptr(), lines as i64, length as i64, &opts) };
        assert_eq!(status, 0, "{}", last_error());
        // Bit for bit: the sort moves elements, so a -0.0 or a NaN's sign survives where
        // the stable order puts it.
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&expected), "{lines} lines of {length}, {threads} threads");
    }
}

#[test]
fn f64_lines_sort_ascending_with_nans_last() {
    let mut data = vec![3.0, f64::NAN, -0.0, 0.0, f64::NEG_INFINITY, -2.5, 0.0, -f64::NAN, 1.0];
    let status = unsafe { xla_rt_sort_f64_total_order(data.as_mut_ptr(), 1, data.len() as i64, std::ptr::null()) };
    assert_eq!(status, 0, "{}", last_error());
    let signs: Vec<String> = data.iter().map(|x| format!("{x:?}")).collect();
    assert_eq!(signs, ["-inf", "-2.5", "-0.0", "0.0", "0.0", "1.0", "3.0", "NaN", "NaN"]);
    // The two NaNs keep their order: the positive one came first.
    assert!(data[7].is_sign_positive() && data[8].is_sign_negative());
}

#[test]
fn bad_arguments_are_errors() {
    let status = unsafe { xla_rt_sort_f32_total_order(std::ptr::null_mut(), 2, 3, std::ptr::null()) };
    assert_eq!(status, XlaStatus::InvalidArgument as i32);
    assert_eq!(last_error(), "xla_rt_sort_f32_total_order: data is null");
    let mut one = [1.0f32];
    let status = unsafe { xla_rt_sort_f32_total_order(one.as_mut_ptr(), -1, 1, std::ptr::null()) };
    assert_eq!(status, XlaStatus::InvalidArgument as i32);
    assert_eq!(last_error(), "xla_rt_sort_f32_total_order: lines = -1 is negative");
    // Nothing to sort needs no buffer.
    let status = unsafe { xla_rt_sort_f64_total_order(std::ptr::null_mut(), 0, 5, std::ptr::null()) };
    assert_eq!(status, 0, "{}", last_error());
}
