//! `xla_rt_sort`: key-value sorts along each dimension, stability, comparators that read
//! several operands, a panicking comparator, and argument errors.

mod common;

use std::ffi::c_void;
use std::ptr::null;

use common::{last_error, Lcg};
use xla_runtime::sort::xla_rt_sort;
use xla_runtime::{XlaRunOptions, XlaStatus};

/// Orders by operand 0 as `f32`, ascending.
unsafe extern "C-unwind" fn less_f32(lhs: *const *const c_void, rhs: *const *const c_void, _: *mut c_void) -> bool {
    *(*lhs as *const f32) < *(*rhs as *const f32)
}

/// Orders by operand 0 as `i32`, descending.
unsafe extern "C-unwind" fn greater_i32(lhs: *const *const c_void, rhs: *const *const c_void, _: *mut c_void) -> bool {
    *(*lhs as *const i32) > *(*rhs as *const i32)
}

/// Orders by operand 1 (`u8`) then operand 0 (`f64`): a comparator over two operands.
unsafe extern "C-unwind" fn by_second_then_first(lhs: *const *const c_void, rhs: *const *const c_void, _: *mut c_void) -> bool {
    let key = |p: *const *const c_void| (*(*p.add(1) as *const u8), *(*p as *const f64));
    key(lhs) < key(rhs)
}

/// Sorts `operands` (pointer, element size) of shape `dims` along `dimension`.
fn sort(operands: &mut [(*mut c_void, i64)], dims: &[i64], dimension: i64, less: xla_runtime::sort::XlaSortLessFn, threads: i32) -> i32 {
    let pointers: Vec<*mut c_void> = operands.iter().map(|o| o.0).collect();
    let sizes: Vec<i64> = operands.iter().map(|o| o.1).collect();
    let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
    unsafe {
        xla_rt_sort(
            operands.len() as i64, pointers.as_ptr(), sizes.as_ptr(), dims.as_ptr(), dims.len() as i64, dimension, Some(less),
            std::ptr::null_mut(), &opts,
        )
    }
}

#[test]
fn keys_and_values_sort_together_and_stably() {
    // Keys with many ties; values record the original position, so stability shows.
    let mut keys: Vec<i32> = vec![2, 0, 1, 2, 1, 0, 2, 1, 0, 1];
    let mut values: Vec<i64> = (0..10).collect();
    let status = sort(&mut [(keys.as_mut_ptr().cast(), 4), (values.as_mut_ptr().cast(), 8)], &[10], 0, greater_i32, 1);
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(keys, [2, 2, 2, 1, 1, 1, 1, 0, 0, 0]);
    assert_eq!(values, [0, 3, 6, 2, 4, 7, 9, 1, 5, 8]);
}

/// The reference: a stable sort of each line along `dimension` of a row-major `[a, b, c]`.
fn reference(keys: &[f32], values: &[u32], dims: [usize; 3], dimension: usize) -> (Vec<f32>, Vec<u32>) {
    let (mut k, mut v) = (keys.to_vec(), values.to_vec());
    let strides = [dims[1] * dims[2], dims[2], 1];
    let line_starts: Vec<usize> = (0..keys.len()).filter(|&i| (i / strides[dimension]) % dims[dimension] == 0).collect();
    for start in line_starts {
        let positions: Vec<usize> = (0..dims[dimension]).map(|t| start + t * strides[dimension]).collect();
        let mut order = positions.clone();
        order.sort_by(|&a, &b| keys[a].partial_cmp(&keys[b]).unwrap());
        for (&to, &from) in positions.iter().zip(&order) {
            k[to] = keys[from];
            v[to] = values[from];
        }
    }
    (k, v)
}

#[test]
fn every_dimension_of_a_3d_array_sorts_like_the_reference() {
    let dims = [4usize, 33, 5];
    let n = dims.iter().product();
    let mut rng = Lcg::new(5);
    // Keys from a small set, so ties (and stability) matter.
    let keys: Vec<f32> = (0..n).map(|_| (rng.next_u64() % 7) as f32 - 3.0).collect();
    let values: Vec<u32> = (0..n as u32).collect();
    for dimension in 0..3 {
        for threads in [1, 3, 0] {
            let (mut k, mut v) = (keys.clone(), values.clone());
            let dims64 = dims.map(|d| d as i64);
            let status = sort(&mut [(k.as_mut_ptr().cast(), 4), (v.as_mut_ptr().cast(), 4)], &dims64, dimension as i64, less_f32, threads);
            assert_eq!(status, 0, "{}", last_error());
            assert_eq!((k, v), reference(&keys, &values, dims, dimension), "dimension {dimension}, {threads} threads");
        }
    }
}

#[test]
fn a_comparator_may_read_every_operand() {
    let mut first = vec![3.0f64, 1.0, 2.0, 0.5];
    let mut second = vec![1u8, 1, 0, 1];
    let status = sort(&mut [(first.as_mut_ptr().cast(), 8), (second.as_mut_ptr().cast(), 1)], &[4], 0, by_second_then_first, 0);
    assert_eq!(status, 0, "{}", last_error());
    assert_eq!(first, [2.0, 0.5, 1.0, 3.0]);
    assert_eq!(second, [0, 1, 1, 1]);
}

unsafe extern "C-unwind" fn panicking(_: *const *const c_void, _: *const *const c_void, _: *mut c_void) -> bool {
    panic!("comparator failed")
}

#[test]
fn a_panicking_comparator_is_an_internal_error() {
    let mut keys = vec![1.0f32, 0.0, 2.0];
    let status = sort(&mut [(keys.as_mut_ptr().cast(), 4)], &[3], 0, panicking, 1);
    assert_eq!(status, XlaStatus::Internal.code());
    assert_eq!(last_error(), "xla_rt_sort: panic: comparator failed");
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    let mut keys = vec![1.0f32, 0.0, 2.0, 5.0];
    let p = keys.as_mut_ptr().cast::<c_void>();
    assert_eq!(sort(&mut [(p, 4)], &[4], 1, less_f32, 1), invalid);
    assert_eq!(last_error(), "xla_rt_sort: dimension = 1 is not in [0, rank = 1)");
    assert_eq!(sort(&mut [(p, 0)], &[4], 0, less_f32, 1), invalid);
    assert_eq!(last_error(), "xla_rt_sort: element_bytes[0] must be positive");
    assert_eq!(sort(&mut [(p, 4), (unsafe { p.byte_add(4) }, 4)], &[3], 0, less_f32, 1), invalid);
    assert_eq!(last_error(), "xla_rt_sort: operands[0] and operands[1] overlap");
    assert_eq!(sort(&mut [(p, 4), (std::ptr::null_mut(), 4)], &[4], 0, less_f32, 1), invalid);
    assert_eq!(last_error(), "xla_rt_sort: operands[1] is null");
    assert_eq!(sort(&mut [], &[4], 0, less_f32, 1), invalid);
    assert_eq!(last_error(), "xla_rt_sort: num_operands must be at least 1");
    let sizes = [4i64];
    let status = unsafe { xla_rt_sort(1, [p].as_ptr(), sizes.as_ptr(), [4i64].as_ptr(), 1, 0, None, std::ptr::null_mut(), null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_sort: less is null");
    // Nothing was sorted by the failing calls.
    assert_eq!(keys, [1.0, 0.0, 2.0, 5.0]);
}
