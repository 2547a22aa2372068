//! XLA's counter-based random bit generators, bit for bit: Threefry-2x32 with 20 rounds and
//! Philox-4x32 with 10 rounds, as `xla/hlo/builder/lib/prng.cc` builds them (Salmon et al.,
//! "Parallel random numbers: as easy as 1, 2, 3", SC 2011).
//!
//! Both map a counter and a key to random words; nothing here keeps state. How the counters
//! are laid out over an output shape, and how the state advances, is
//! [`crate::ops::rng_bit_generator`]'s business.
//!
//! Semantics kept from XLA:
//! - Threefry-2x32 takes two 32-bit counter words and two key words; its third key word is
//!   `0x1BD11BDA ^ key[0] ^ key[1]`; the rotations are 13, 15, 26, 6 then 17, 29, 16, 24,
//!   and after every four rounds the key words are injected with the injection's number
//!   added to the second word;
//! - Philox-4x32 takes four counter words and two key words; a round multiplies words 0
//!   and 2 by `0xD2511F53` and `0xCD9E8D57` into 64-bit products and mixes their high halves
//!   with words 1 and 3 and the key; the key grows by `0x9E3779B9` and `0xBB67AE85` after
//!   every round;
//! - a 64-bit number splits into 32-bit words low word first.

/// The low and high 32-bit words of `value`.
pub fn split_u64(value: u64) -> [u32; 2] {
    [value as u32, (value >> 32) as u32]
}

/// The 64-bit number whose low word is `words[0]` and high word `words[1]`.
pub fn join_u32s(words: [u32; 2]) -> u64 {
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
pub struct Counter128 {
    pub low: u64,
    pub high: u64,
}

impl Counter128 {
    /// The counter plus `delta`, carrying into the high half as XLA's `Uint128AddUint64`
    /// does.
    pub fn plus(self, delta: u64) -> Counter128 {
        let low = self.low.wrapping_add(delta);
        let high = if low < self.low { self.high.wrapping_add(1) } else { self.high };
        Counter128 { low, high }
    }

    /// The four 32-bit words of the counter, least significant first.
    pub fn words(self) -> [u32; 4] {
        let ([a, b], [c, d]) = (split_u64(self.low), split_u64(self.high));
        [a, b, c, d]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefry_matches_the_random123_known_answers() {
        // Random123's known-answer vectors for threefry2x32 with 20 rounds.
        assert_eq!(threefry2x32([0, 0], [0, 0]), [0x6b20_0159, 0x99ba_4efe]);
        assert_eq!(threefry2x32([u32::MAX, u32::MAX], [u32::MAX, u32::MAX]), [0x1cb9_96fc, 0xbb00_2be7]);
        assert_eq!(threefry2x32([0x243f_6a88, 0x85a3_08d3], [0x1319_8a2e, 0x0370_7344]), [0xc492_3a9c, 0x483d_f7a0]);
    }

    #[test]
    fn philox_matches_the_random123_known_answers() {
        // Random123's known-answer vectors for philox4x32 with 10 rounds.
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
        assert_eq!(counter.plus(1), Counter128 { low: u64::MAX, high: 5 });
        assert_eq!(counter.plus(2), Counter128 { low: 0, high: 6 });
        assert_eq!(Counter128 { low: 0x0000_0002_0000_0001, high: 0x0000_0004_0000_0003 }.words(), [1, 2, 3, 4]);
    }
}
