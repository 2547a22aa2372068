//! `xla_rt_rng_bit_generator` against XLA CPU's own outputs (the `rng_bit_generator`
//! fixture: `u32[8,4]` from the state made of the words 1, 2, 3, 4), the layouts of the
//! other widths, and argument errors.

mod common;

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use common::last_error;
use xla_runtime::rng::{philox4x32, threefry2x32, xla_rt_rng_bit_generator, xla_rt_threefry2x32};
use xla_runtime::XlaStatus;

/// The fixture's state: `u32[4] {1, 2, 3, 4}` bitcast to `u64[2]`.
const STATE: [u64; 2] = [0x0000_0002_0000_0001, 0x0000_0004_0000_0003];

/// XLA's THREE_FRY output (`out1` of fixtures/rng_bit_generator.expected.npz).
const THREE_FRY: [u32; 32] = [
    0x5df433ec, 0x2c24a8a8, 0x91386643, 0x4f97fb5b, 0x8617198e, 0x9094fa5e, 0x59491919, 0x86b875a7, 0xed54bb55, 0xe339716a,
    0xb06837d0, 0xb3b3b608, 0xeba66656, 0x7896bcd0, 0x68df7fbd, 0xbcc9633f, 0x6ffe5f80, 0xcb00a91e, 0x6b5b2dcd, 0xe7b6637a,
    0xbc54c0eb, 0xdebbb26f, 0x010c7433, 0xc7d17127, 0x0ed2f698, 0x21beaaa7, 0xd27811fd, 0xd87ffb35, 0xcea8a8ae, 0xc136afe3,
    0x1873d9f4, 0xa346e233,
];

/// XLA's PHILOX output (`out3` of the same file).
const PHILOX: [u32; 32] = [
    0x1e8fe864, 0x4d5e0bd7, 0x4b87c9be, 0x2d689201, 0x5273487b, 0x61c05696, 0xa4486574, 0x806fd7ef, 0x9a2c32b7, 0xcf31be40,
    0x6b188310, 0x12a6eb29, 0x2377bf5b, 0xbd872c7e, 0xd05f168f, 0xe31dd3e2, 0x9b5f3e52, 0x1861ae00, 0x03e55a69, 0x8f5a01c8,
    0x0ace4b59, 0x3875d31e, 0x9ac51d80, 0x8c6fb055, 0x18ddd7ec, 0xb403a835, 0xa211aa69, 0xd6317a75, 0x52179383, 0x2af5b1d2,
    0x14a16022, 0x44fc9c38,
];

/// Runs the generator and returns the status; the state is updated in place.
fn generate(algorithm: i32, state: &mut [u64], dims: &[i64], bits: i32, output: *mut c_void) -> i32 {
    let p = state.as_mut_ptr();
    unsafe { xla_rt_rng_bit_generator(algorithm, p, state.len() as i64, p, dims.as_ptr(), dims.len() as i64, bits, output, null()) }
}

#[test]
fn both_algorithms_reproduce_xla_cpu_bit_for_bit() {
    for (algorithm, expected, advanced) in [(1, THREE_FRY, 0x13u64), (2, PHILOX, 0xb)] {
        let mut state = STATE;
        let mut out = [0u32; 32];
        assert_eq!(generate(algorithm, &mut state, &[8, 4], 32, out.as_mut_ptr().cast()), 0, "{}", last_error());
        assert_eq!(out, expected, "algorithm {algorithm}");
        // The counter word advanced (XLA's out0/out2: words 1, 2, 0x13 or 0xb, 4).
        assert_eq!(state, [STATE[0], 0x0000_0004_0000_0000 | advanced]);
    }
}

#[test]
fn default_is_philox() {
    let (mut a, mut b) = (STATE, STATE);
    let (mut x, mut y) = ([0u32; 6], [0u32; 6]);
    assert_eq!(generate(0, &mut a, &[6], 32, x.as_mut_ptr().cast()), 0);
    assert_eq!(generate(2, &mut b, &[6], 32, y.as_mut_ptr().cast()), 0);
    assert_eq!((x, a), (y, b));
}

#[test]
fn other_widths_follow_xlas_layouts() {
    // 64-bit Threefry: element p is both words of threefry(counter + p), low word first.
    let mut state = [7u64, 100];
    let mut out = [0u64; 3];
    assert_eq!(generate(1, &mut state, &[3], 64, out.as_mut_ptr().cast()), 0);
    let key = [7, 0];
    for (p, &o) in out.iter().enumerate() {
        let [lo, hi] = threefry2x32([100 + p as u32, 0], key);
        assert_eq!(o, lo as u64 | (hi as u64) << 32);
    }
    assert_eq!(state, [7, 103]);
    // 64-bit Philox with a 3-word state: two elements per call, the counter in words 1, 2.
    let mut state = [9u64, u64::MAX, 0];
    let mut out = [0u64; 4];
    assert_eq!(generate(2, &mut state, &[2, 2], 64, out.as_mut_ptr().cast()), 0);
    let first = philox4x32([u32::MAX, u32::MAX, 0, 0], [9, 0]);
    assert_eq!(out[0], first[0] as u64 | (first[1] as u64) << 32);
    let second = philox4x32([0, 0, 1, 0], [9, 0]);
    assert_eq!(out[2], second[0] as u64 | (second[1] as u64) << 32);
    assert_eq!(state, [9, 1, 1], "the carry reaches the high word");
    // 8- and 16-bit outputs are the 32-bit ones truncated.
    let mut wide = [0u32; 32];
    let mut narrow = [0u8; 32];
    let mut half = [0u16; 32];
    let (mut s1, mut s2, mut s3) = (STATE, STATE, STATE);
    generate(1, &mut s1, &[8, 4], 32, wide.as_mut_ptr().cast());
    generate(1, &mut s2, &[8, 4], 8, narrow.as_mut_ptr().cast());
    generate(1, &mut s3, &[8, 4], 16, half.as_mut_ptr().cast());
    assert!(wide.iter().zip(&narrow).all(|(&w, &n)| w as u8 == n));
    assert!(wide.iter().zip(&half).all(|(&w, &h)| w as u16 == h));
    assert_eq!((s1, s2), (s3, s3));
}

#[test]
fn threefry2x32_is_the_block_function_on_arrays() {
    let x0 = [0u32, 0x243f_6a88];
    let x1 = [0u32, 0x85a3_08d3];
    let (mut y0, mut y1) = ([0u32; 2], [0u32; 2]);
    let status = unsafe { xla_rt_threefry2x32(0x1319_8a2e, 0x0370_7344, x0.as_ptr(), x1.as_ptr(), y0.as_mut_ptr(), y1.as_mut_ptr(), 2) };
    assert_eq!(status, 0);
    assert_eq!([y0[1], y1[1]], [0xc492_3a9c, 0x483d_f7a0]);
    assert_eq!([y0[0], y1[0]], threefry2x32([0, 0], [0x1319_8a2e, 0x0370_7344]));
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    let mut out = [0u32; 4];
    let o = out.as_mut_ptr().cast();
    assert_eq!(generate(5, &mut STATE.clone(), &[4], 32, o), invalid);
    assert_eq!(last_error(), "xla_rt_rng_bit_generator: algorithm = 5 is not a valid value");
    assert_eq!(generate(1, &mut [1, 2, 3], &[4], 32, o), invalid);
    assert_eq!(last_error(), "xla_rt_rng_bit_generator: THREE_FRY needs a state of 2 elements, found 3");
    assert_eq!(generate(2, &mut [1], &[4], 32, o), invalid);
    assert_eq!(generate(1, &mut STATE.clone(), &[4], 12, o), invalid);
    assert_eq!(last_error(), "xla_rt_rng_bit_generator: element_bits = 12 is not a valid value");
    assert_eq!(generate(1, &mut STATE.clone(), &[4], 32, null_mut()), invalid);
    assert_eq!(last_error(), "xla_rt_rng_bit_generator: output is null");
    let status = unsafe { xla_rt_threefry2x32(0, 0, null(), null(), null_mut(), null_mut(), 1) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_threefry2x32: x0 is null");
}
