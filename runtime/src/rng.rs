//! XLA's counter-based random bit generators, bit for bit: `RngBitGenerator` with
//! `THREE_FRY` and `PHILOX` (and `DEFAULT`, which is Philox on XLA's CPU backend), and the
//! Threefry-2x32 block function itself for code that builds its own streams (JAX's
//! `threefry2x32`).
//!
//! The generators (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011)
//! map a counter and a key to random words and keep no state; the caller's state array
//! holds the key and the counter, and a call returns it advanced. This is a port of the
//! reference interpreter's `prng.rs` and `rng_bit_generator.rs`, which are checked against
//! XLA's outputs; the runtime's tests check the same fixture values.
//!
//! Semantics kept from XLA (`rng_bit_generator_expander.cc`, `prng.cc`):
//! - Threefry-2x32 has 20 rounds; its third key word is `0x1BD11BDA ^ k0 ^ k1`; rotations
//!   13, 15, 26, 6 then 17, 29, 16, 24; after every four rounds the key words are injected
//!   with the injection's number added to the second word. Philox-4x32 has 10 rounds,
//!   multipliers `0xD2511F53` and `0xCD9E8D57`, key steps `0x9E3779B9` and `0xBB67AE85`;
//! - the state is `u64[2]` (`u64[3]` also for Philox); `state[0]` is the key, split into
//!   two 32-bit words low word first; the returned state is the input state with the
//!   counter advanced and the key unchanged;
//! - Threefry: the counter is `state[1]`. A 64-bit element at row-major position `p` is
//!   both words of `threefry(state[1] + p)`, low word first; the counter advances by the
//!   number of elements. For 32-bit (and narrower) elements one call gives two: the shape
//!   is split in halves along its first dimension of even size (else its first largest
//!   dimension, rounded up), element `i` of that dimension takes word `i % 2` of the call
//!   for half-index `i / 2`, whose counter is `state[1]` plus the half-index's row-major
//!   position in the halved shape; the counter advances by the halved shape's size. A
//!   rank-0 output is the first word of one call;
//! - Philox: the 128-bit counter is `(state[1], state[2])` (low, high) for `u64[3]` and
//!   `(state[1], state[0])` for `u64[2]`. Call `k` uses counter `+ k` (carrying into the
//!   high half) and gives four words: 32-bit elements take them in order, 64-bit elements
//!   two each, low word first. The counter advances by the number of calls; a `u64[2]`
//!   state keeps only the low half, so the carry is dropped there;
//! - elements narrower than 32 bits are the 32-bit ones truncated to their low bits.
//!
//! Invariants: the output is written in row-major order; `new_state` may be `state`.

use crate::args;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};

/// The low and high 32-bit words of `value`.
fn split_u64(value: u64) -> [u32; 2] {
    [value as u32, (value >> 32) as u32]
}

/// The 64-bit number whose low word is `words[0]` and high word `words[1]`.
fn join_u32s(words: [u32; 2]) -> u64 {
    words[0] as u64 | (words[1] as u64) << 32
}

/// Threefry-2x32 of `counter` under `key`, with XLA's 20 rounds.
pub fn threefry2x32(counter: [u32; 2], key: [u32; 2]) -> [u32; 2] {
    const ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
    let schedule = [key[0], key[1], 0x1BD1_1BDA ^ key[0] ^ key[1]];
    let mut x = [counter[0].wrapping_add(schedule[0]), counter[1].wrapping_add(schedule[1])];
    for injection in 1..=5u32 {
        // Groups of four rounds alternate between the two sets of rotations.
        for &rotation in &ROTATIONS[(injection as usize - 1) % 2] {
            x[0] = x[0].wrapping_add(x[1]);
            x[1] = x[1].rotate_left(rotation) ^ x[0];
        }
        let i = injection as usize;
        x[0] = x[0].wrapping_add(schedule[i % 3]);
        x[1] = x[1].wrapping_add(schedule[(i + 1) % 3]).wrapping_add(injection);
    }
    x
}

/// Philox-4x32 of `counter` under `key`, with XLA's 10 rounds.
pub fn philox4x32(counter: [u32; 4], key: [u32; 2]) -> [u32; 4] {
    const MULTIPLIER_A: u64 = 0xD251_1F53;
    const MULTIPLIER_B: u64 = 0xCD9E_8D57;
    const KEY_STEP_A: u32 = 0x9E37_79B9;
    const KEY_STEP_B: u32 = 0xBB67_AE85;
    let (mut x, mut key) = (counter, key);
    for _ in 0..10 {
        let product0 = x[0] as u64 * MULTIPLIER_A;
        let product1 = x[2] as u64 * MULTIPLIER_B;
        x = [
            (product1 >> 32) as u32 ^ x[1] ^ key[0],
            product1 as u32,
            (product0 >> 32) as u32 ^ x[3] ^ key[1],
            product0 as u32,
        ];
        key = [key[0].wrapping_add(KEY_STEP_A), key[1].wrapping_add(KEY_STEP_B)];
    }
    x
}

/// A 128-bit Philox counter as XLA keeps it: two 64-bit numbers, the low one first.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Counter128 {
    low: u64,
    high: u64,
}

impl Counter128 {
    /// The counter plus `delta`, carrying into the high half.
    fn plus(self, delta: u64) -> Counter128 {
        let low = self.low.wrapping_add(delta);
        let high = if low < self.low { self.high.wrapping_add(1) } else { self.high };
        Counter128 { low, high }
    }

    /// The four 32-bit words of the counter, least significant first.
    fn words(self) -> [u32; 4] {
        let ([a, b], [c, d]) = (split_u64(self.low), split_u64(self.high));
        [a, b, c, d]
    }
}

/// An XLA `RandomAlgorithm`, with XLA's enumerator values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// `RNG_THREE_FRY` (1).
    ThreeFry,
    /// `RNG_PHILOX` (2), also `RNG_DEFAULT` (0) on XLA's CPU backend.
    Philox,
}

impl Algorithm {
    fn from_code(code: i32) -> RtResult<Algorithm> {
        match code {
            1 => Ok(Algorithm::ThreeFry),
            0 | 2 => Ok(Algorithm::Philox),
            _ => Err(args::bad_enum("algorithm", code)),
        }
    }
}

/// The advanced state and the bits of every element (as `u64`, row-major) of a
/// `shape`-shaped output of `wide` (64-bit) or 32-bit elements.
pub fn generate(algorithm: Algorithm, state: &[u64], wide: bool, shape: &[usize]) -> RtResult<(Vec<u64>, Vec<u64>)> {
    let count: usize = shape.iter().product();
    match algorithm {
        Algorithm::ThreeFry => {
            let [key, counter] = state[..] else {
                return Err(RtError::invalid(format!("THREE_FRY needs a state of 2 elements, found {}", state.len())));
            };
            let key = split_u64(key);
            let (advance, output) = if wide { threefry_64(key, counter, count)? } else { threefry_32(key, counter, shape)? };
            Ok((vec![state[0], counter.wrapping_add(advance)], output))
        }
        Algorithm::Philox => {
            let counter = match state[..] {
                [key, low] => Counter128 { low, high: key },
                [_, low, high] => Counter128 { low, high },
                _ => return Err(RtError::invalid(format!("PHILOX needs a state of 2 or 3 elements, found {}", state.len()))),
            };
            let key = split_u64(state[0]);
            let (calls, output) = if wide { philox_64(key, counter, count)? } else { philox_32(key, counter, count)? };
            let next = counter.plus(calls);
            let new_state = if state.len() == 3 { vec![state[0], next.low, next.high] } else { vec![state[0], next.low] };
            Ok((new_state, output))
        }
    }
}

/// Threefry's 64-bit outputs: one call per element; returns the advance and the outputs.
fn threefry_64(key: [u32; 2], counter: u64, count: usize) -> RtResult<(u64, Vec<u64>)> {
    let mut output = args::try_vec(count, 0u64)?;
    for (p, out) in output.iter_mut().enumerate() {
        *out = join_u32s(threefry2x32(split_u64(counter.wrapping_add(p as u64)), key));
    }
    Ok((count as u64, output))
}

/// Threefry's 32-bit outputs: one call per two elements of the split dimension.
fn threefry_32(key: [u32; 2], counter: u64, shape: &[usize]) -> RtResult<(u64, Vec<u64>)> {
    if shape.is_empty() {
        return Ok((1, vec![threefry2x32(split_u64(counter), key)[0] as u64]));
    }
    let split = split_dimension(shape);
    let mut halves = shape.to_vec();
    halves[split] = shape[split].div_ceil(2);
    let count: usize = shape.iter().product();
    let mut output = args::try_vec(count, 0u64)?;
    let mut index = vec![0usize; shape.len()];
    for out in output.iter_mut() {
        // The row-major position of the half-index in the halved shape.
        let position = index.iter().zip(&halves).enumerate().fold(0usize, |acc, (d, (&i, &h))| {
            acc * h + if d == split { i / 2 } else { i }
        });
        let words = threefry2x32(split_u64(counter.wrapping_add(position as u64)), key);
        *out = words[index[split] % 2] as u64;
        increment(&mut index, shape);
    }
    Ok((halves.iter().product::<usize>() as u64, output))
}

/// Advances a row-major multi-index within `shape`.
fn increment(index: &mut [usize], shape: &[usize]) {
    for d in (0..shape.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return;
        }
        index[d] = 0;
    }
}

/// The dimension XLA's `SplitShapeIntoHalves` splits: the first of even size, else the
/// first of the largest size.
fn split_dimension(shape: &[usize]) -> usize {
    if let Some(even) = shape.iter().position(|&d| d % 2 == 0) {
        return even;
    }
    let largest = shape.iter().copied().max().unwrap_or(0);
    shape.iter().position(|&d| d == largest).unwrap_or(0)
}

/// Philox's 32-bit outputs: four per call; returns the number of calls and the outputs.
fn philox_32(key: [u32; 2], counter: Counter128, count: usize) -> RtResult<(u64, Vec<u64>)> {
    let calls = count.div_ceil(4);
    let mut output = args::try_vec(calls * 4, 0u64)?;
    for (call, out) in output.chunks_mut(4).enumerate() {
        let words = philox4x32(counter.plus(call as u64).words(), key);
        out.iter_mut().zip(words).for_each(|(o, w)| *o = w as u64);
    }
    output.truncate(count);
    Ok((calls as u64, output))
}

/// Philox's 64-bit outputs: two per call; returns the number of calls and the outputs.
fn philox_64(key: [u32; 2], counter: Counter128, count: usize) -> RtResult<(u64, Vec<u64>)> {
    let calls = count.div_ceil(2);
    let mut output = args::try_vec(calls * 2, 0u64)?;
    for (call, out) in output.chunks_mut(2).enumerate() {
        let [a, b, c, d] = philox4x32(counter.plus(call as u64).words(), key);
        out[0] = join_u32s([a, b]);
        out[1] = join_u32s([c, d]);
    }
    output.truncate(count);
    Ok((calls as u64, output))
}

/// Writes `bits` as elements of `element_bits` bits (truncating) at `output`.
///
/// # Safety
/// `output` holds `bits.len()` elements of that width.
unsafe fn store(bits: &[u64], element_bits: i32, output: *mut u8) {
    match element_bits {
        8 => bits.iter().enumerate().for_each(|(i, &b)| *output.add(i) = b as u8),
        16 => bits.iter().enumerate().for_each(|(i, &b)| *output.cast::<u16>().add(i) = b as u16),
        32 => bits.iter().enumerate().for_each(|(i, &b)| *output.cast::<u32>().add(i) = b as u32),
        _ => bits.iter().enumerate().for_each(|(i, &b)| *output.cast::<u64>().add(i) = b),
    }
}

/// XLA's `RngBitGenerator`: fills `output` (row-major, shape `dims` of `rank` entries,
/// unsigned elements of `element_bits` = 8, 16, 32 or 64 bits; signed types take the same
/// bits) with random bits from `state` (`state_len` = 2, or 3 for Philox), and writes the
/// advanced state to `new_state` (which may be `state`). `algorithm` is XLA's: 0 DEFAULT
/// (Philox), 1 THREE_FRY, 2 PHILOX.
///
/// # Safety
/// The buffers hold the elements the sizes say.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_rng_bit_generator(
    algorithm: i32,
    state: *const u64,
    state_len: i64,
    new_state: *mut u64,
    dims: *const i64,
    rank: i64,
    element_bits: i32,
    output: *mut std::ffi::c_void,
    opts: *const XlaRunOptions,
) -> i32 {
    guard("xla_rt_rng_bit_generator", || {
        let algorithm = Algorithm::from_code(algorithm)?;
        RunOptions::from_ptr(opts)?;
        let state_len = args::size("state_len", state_len)?;
        let state = args::read_array("state", state, state_len)?;
        args::buffer("new_state", new_state, state_len)?;
        let dims = args::read_array("dims", dims, args::size("rank", rank)?)?;
        let count = args::element_count(&dims)?;
        if ![8, 16, 32, 64].contains(&element_bits) {
            return Err(args::bad_enum("element_bits", element_bits));
        }
        let bytes = args::product("the output's size", &[count, element_bits as usize / 8])?;
        args::buffer("output", output as *const u8, bytes)?;
        let shape: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
        let (advanced, bits) = generate(algorithm, &state, element_bits == 64, &shape)?;
        store(&bits, element_bits, output.cast());
        args::slice_mut(new_state, state_len).copy_from_slice(&advanced);
        Ok(())
    })
}

/// Threefry-2x32 with key `(key0, key1)` on `n` counters `(x0[i], x1[i])`, writing the
/// two result words to `y0[i]` and `y1[i]` (which may be `x0` and `x1`): JAX's
/// `threefry2x32` primitive.
///
/// # Safety
/// The four arrays hold `n` elements each.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_threefry2x32(
    key0: u32,
    key1: u32,
    x0: *const u32,
    x1: *const u32,
    y0: *mut u32,
    y1: *mut u32,
    n: i64,
) -> i32 {
    guard("xla_rt_threefry2x32", || {
        let n = args::size("n", n)?;
        for (what, p) in [("x0", x0), ("x1", x1), ("y0", y0 as *const u32), ("y1", y1 as *const u32)] {
            args::buffer(what, p, n)?;
        }
        for i in 0..n {
            let [a, b] = threefry2x32([*x0.add(i), *x1.add(i)], [key0, key1]);
            *y0.add(i) = a;
            *y1.add(i) = b;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefry_matches_the_random123_known_answers() {
        assert_eq!(threefry2x32([0, 0], [0, 0]), [0x6b20_0159, 0x99ba_4efe]);
        assert_eq!(threefry2x32([u32::MAX, u32::MAX], [u32::MAX, u32::MAX]), [0x1cb9_96fc, 0xbb00_2be7]);
        assert_eq!(threefry2x32([0x243f_6a88, 0x85a3_08d3], [0x1319_8a2e, 0x0370_7344]), [0xc492_3a9c, 0x483d_f7a0]);
    }

    #[test]
    fn philox_matches_the_random123_known_answers() {
        assert_eq!(philox4x32([0; 4], [0; 2]), [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]);
        assert_eq!(philox4x32([u32::MAX; 4], [u32::MAX; 2]), [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]);
        assert_eq!(
            philox4x32([0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344], [0xa409_3822, 0x299f_31d0]),
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        );
    }

    #[test]
    fn counters_carry_into_the_high_half() {
        let counter = Counter128 { low: u64::MAX - 1, high: 5 };
        assert_eq!(counter.plus(2), Counter128 { low: 0, high: 6 });
        assert_eq!(Counter128 { low: 0x0000_0002_0000_0001, high: 0x0000_0004_0000_0003 }.words(), [1, 2, 3, 4]);
    }

    #[test]
    fn the_split_dimension_is_xlas() {
        assert_eq!(split_dimension(&[3, 4, 6]), 1);
        assert_eq!(split_dimension(&[3, 5, 5]), 1);
        assert_eq!(split_dimension(&[7]), 0);
    }
}
