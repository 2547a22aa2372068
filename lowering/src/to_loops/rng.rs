//! `hlo.rng_bit_generator` as integer scalar ops in a loop nest over the output, bit-exact
//! with the interpreter (`ops/rng_bit_generator.rs`, `ops/prng.rs`) and so with XLA's CPU
//! backend.
//!
//! The state is read as `ui64` words: `state[0]` is the key (two 32-bit words, low first).
//! Each output element computes the one generator call it comes from, unrolled as `ui32`
//! and `ui64` `loop.arith` (rotations are two shifts and an `or`; Philox's 32x32->64
//! products are `ui64` multiplies), so the nest is a `loop.parallel`:
//! - THREE_FRY, 64-bit outputs: element `p` (row-major) is `threefry(state[1] + p)`, low
//!   word first; 32-bit outputs: the shape is split in halves along XLA's split dimension,
//!   element `i` there takes word `i % 2` of the call at the half-index's row-major
//!   position; a 0-d output is word 0 of one call;
//! - PHILOX (and DEFAULT): the 128-bit counter is `(state[1], state[2])` or, for two state
//!   words, `(state[1], state[0])`; element `p` of a 32-bit output is word `p % 4` of call
//!   `p / 4` (counter `+ p / 4`, carrying into the high half), of a 64-bit output words
//!   `2 (p % 2)` and `2 (p % 2) + 1` of call `p / 2`.
//!
//! Narrower outputs truncate the 32-bit word; signed outputs reinterpret the bits. The
//! output state is the key and the counter advanced by the calls made.

use xla_dialects::hlo::{ComparisonDirection, RngAlgorithm, RngBitGeneratorOp};
use xla_dialects::loops::ArithKind;
use xla_ir::{Op, Scalar, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// The generators, as XLA's CPU backend picks them.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Generator {
    ThreeFry,
    Philox,
}

/// What every output element reads: the state words as `ui64` and the output's layout.
struct Rng {
    generator: Generator,
    state: Vec<ValueId>,
    key: [ValueId; 2],
    shape: Vec<i64>,
    /// Whether the output elements are 64 bits wide.
    wide: bool,
    element: Type,
}

impl<'a, 'c> Lowering<'a, 'c> {
    /// Lowers `hlo.rng_bit_generator`.
    pub fn lower_rng_bit_generator(&mut self, rng: RngBitGeneratorOp) -> Emitted<()> {
        let op = rng.id();
        let generator = match rng.rng_algorithm(self.body) {
            RngAlgorithm::ThreeFry => Generator::ThreeFry,
            RngAlgorithm::Philox | RngAlgorithm::Default => Generator::Philox,
        };
        let initial = rng.initial_state(self.body);
        let output = self.body.result(op, 1);
        let (shape, element) = self.tensor_shape(self.body.value_type(output))?;
        let width = match self.ctx().type_data(element) {
            TypeData::Integer { width, .. } if *width > 1 && (*width <= 32 || *width == 64) => *width,
            _ => return Err(self.error("rng_bit_generator generates integers of 2 to 32 bits or of 64 bits")),
        };
        let state_shape = self.shape_of(initial)?;
        let words = match (generator, &state_shape[..]) {
            (Generator::ThreeFry, [2]) => 2,
            (Generator::Philox, [n @ (2 | 3)]) => *n,
            _ => return Err(self.error("rng_bit_generator's state has the wrong size for its algorithm")),
        };
        let u64t = self.ctx().uint_type(64);
        let mut state = Vec::with_capacity(words as usize);
        for k in 0..words {
            let at = self.index(k);
            let word = self.element(initial, &[at])?;
            let word = self.convert_bits(word, u64t);
            state.push(word);
        }
        let key = self.split_u64(state[0])?;
        let rng = Rng { generator, state, key, shape, wide: width == 64, element };
        let buffers = self.bind_result_buffers(op)?;
        let [state_out, out] = buffers[..] else { return Err(self.error("rng_bit_generator has two results")) };
        self.loop_nest(&rng.shape.clone(), |this, index| {
            let value = this.rng_element(&rng, index)?;
            this.store(value, out, index);
            Ok(())
        })?;
        self.store_rng_state(&rng, state_out)
    }

    /// `x` reinterpreted or converted to the integer type `ty` (a bitcast between widths
    /// that match, a wrapping conversion otherwise).
    fn convert_bits(&mut self, x: ValueId, ty: Type) -> ValueId {
        let ctx = self.ctx();
        let width = |t: Type| match ctx.type_data(t) {
            TypeData::Integer { width, .. } => *width,
            _ => 0,
        };
        if width(self.body.value_type(x)) == width(ty) {
            self.bitcast(x, ty)
        } else {
            self.convert(x, ty)
        }
    }

    /// The two 32-bit words of the `ui64` `x`, low first.
    fn split_u64(&mut self, x: ValueId) -> Emitted<[ValueId; 2]> {
        let (u32t, u64t) = (self.ctx().uint_type(32), self.ctx().uint_type(64));
        let half = self.scalar(Scalar::Int(32), u64t)?;
        let high = self.arith(ArithKind::ShiftRightLogical, x, half);
        Ok([self.convert(x, u32t), self.convert(high, u32t)])
    }

    /// The `ui64` with words `low` and `high`.
    fn join_u32s(&mut self, low: ValueId, high: ValueId) -> Emitted<ValueId> {
        let u64t = self.ctx().uint_type(64);
        let half = self.scalar(Scalar::Int(32), u64t)?;
        let (low, high) = (self.convert(low, u64t), self.convert(high, u64t));
        let high = self.arith(ArithKind::ShiftLeft, high, half);
        Ok(self.arith(ArithKind::Or, low, high))
    }

    /// The unsigned constant `v` of `bits` bits.
    fn uint(&mut self, v: u64, bits: u32) -> Emitted<ValueId> {
        let ty = self.ctx().uint_type(bits);
        self.scalar(Scalar::Int(i128::from(v)), ty)
    }

    /// The row-major position of `index` in `shape`, as a `ui64`.
    fn position_u64(&mut self, shape: &[i64], index: &[ValueId]) -> Emitted<ValueId> {
        let mut position = self.index(0);
        for (&i, &n) in index.iter().zip(shape) {
            let scaled = self.mul_const(position, n);
            position = self.add_index(scaled, i);
        }
        Ok(self.convert(position, self.ctx().uint_type(64)))
    }

    /// The output element at `index`.
    fn rng_element(&mut self, rng: &Rng, index: &[ValueId]) -> Emitted<ValueId> {
        let bits = match (rng.generator, rng.wide) {
            (Generator::ThreeFry, true) => {
                let p = self.position_u64(&rng.shape, index)?;
                let counter = self.arith(ArithKind::Add, rng.state[1], p);
                let words = self.split_u64(counter)?;
                let [a, b] = self.threefry(words, rng.key)?;
                self.join_u32s(a, b)?
            }
            (Generator::ThreeFry, false) => self.threefry_32(rng, index)?,
            (Generator::Philox, wide) => self.philox_element(rng, index, wide)?,
        };
        Ok(self.convert_bits(bits, rng.element))
    }

    /// A 32-bit THREE_FRY output element: a word of the call at its half-index.
    fn threefry_32(&mut self, rng: &Rng, index: &[ValueId]) -> Emitted<ValueId> {
        if rng.shape.is_empty() {
            let words = self.split_u64(rng.state[1])?;
            return Ok(self.threefry(words, rng.key)?[0]);
        }
        let split = split_dimension(&rng.shape);
        let mut halves = rng.shape.clone();
        halves[split] = (rng.shape[split] + 1) / 2;
        let mut half_index = index.to_vec();
        half_index[split] = self.div_const(index[split], 2);
        let p = self.position_u64(&halves, &half_index)?;
        let counter = self.arith(ArithKind::Add, rng.state[1], p);
        let words = self.split_u64(counter)?;
        let [a, b] = self.threefry(words, rng.key)?;
        let (odd, zero) = (self.rem_const(index[split], 2), self.index(0));
        let first = self.compare_index(ComparisonDirection::Eq, odd, zero);
        Ok(self.select(first, a, b))
    }

    /// A PHILOX output element: a word (or two) of call `p / 4` (or `p / 2`).
    fn philox_element(&mut self, rng: &Rng, index: &[ValueId], wide: bool) -> Emitted<ValueId> {
        let per_call: i64 = if wide { 2 } else { 4 };
        let mut position = self.index(0);
        for (&i, &n) in index.iter().zip(&rng.shape) {
            let scaled = self.mul_const(position, n);
            position = self.add_index(scaled, i);
        }
        let call = self.div_const(position, per_call);
        let j = self.rem_const(position, per_call);
        let call = self.convert(call, self.ctx().uint_type(64));
        let (low, high) = self.counter_plus(rng, call)?;
        let [a, b] = self.split_u64(low)?;
        let [c, d] = self.split_u64(high)?;
        let words = self.philox([a, b, c, d], rng.key)?;
        let zero = self.index(0);
        let first = self.compare_index(ComparisonDirection::Eq, j, zero);
        if wide {
            let (w01, w23) = (self.join_u32s(words[0], words[1])?, self.join_u32s(words[2], words[3])?);
            return Ok(self.select(first, w01, w23));
        }
        let (one, two) = (self.index(1), self.index(2));
        let (second, third) = (self.compare_index(ComparisonDirection::Eq, j, one), self.compare_index(ComparisonDirection::Eq, j, two));
        let late = self.select(third, words[2], words[3]);
        let mid = self.select(second, words[1], late);
        Ok(self.select(first, words[0], mid))
    }

    /// The PHILOX counter plus `delta` (a `ui64`), carrying into the high half: (low, high).
    fn counter_plus(&mut self, rng: &Rng, delta: ValueId) -> Emitted<(ValueId, ValueId)> {
        let (low, high) = if rng.state.len() == 3 { (rng.state[1], rng.state[2]) } else { (rng.state[1], rng.state[0]) };
        let next = self.arith(ArithKind::Add, low, delta);
        let carried = self.compare(ComparisonDirection::Lt, None, next, low);
        let one = self.uint(1, 64)?;
        let bumped = self.arith(ArithKind::Add, high, one);
        Ok((next, self.select(carried, bumped, high)))
    }

    /// `x` rotated left by `r` bits, as a `ui32`.
    fn rotate_left(&mut self, x: ValueId, r: u32) -> Emitted<ValueId> {
        let (left, right) = (self.uint(u64::from(r), 32)?, self.uint(u64::from(32 - r), 32)?);
        let high = self.arith(ArithKind::ShiftLeft, x, left);
        let low = self.arith(ArithKind::ShiftRightLogical, x, right);
        Ok(self.arith(ArithKind::Or, high, low))
    }

    /// Threefry-2x32 with 20 rounds on `counter` and `key` (`ui32` words).
    fn threefry(&mut self, counter: [ValueId; 2], key: [ValueId; 2]) -> Emitted<[ValueId; 2]> {
        const ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
        let parity = self.uint(0x1BD1_1BDA, 32)?;
        let mixed = self.arith(ArithKind::Xor, parity, key[0]);
        let schedule = [key[0], key[1], self.arith(ArithKind::Xor, mixed, key[1])];
        let mut x = [self.arith(ArithKind::Add, counter[0], schedule[0]), self.arith(ArithKind::Add, counter[1], schedule[1])];
        for injection in 1..=5u32 {
            for &rotation in &ROTATIONS[(injection as usize - 1) % 2] {
                x[0] = self.arith(ArithKind::Add, x[0], x[1]);
                let rotated = self.rotate_left(x[1], rotation)?;
                x[1] = self.arith(ArithKind::Xor, rotated, x[0]);
            }
            let i = injection as usize;
            x[0] = self.arith(ArithKind::Add, x[0], schedule[i % 3]);
            let added = self.arith(ArithKind::Add, x[1], schedule[(i + 1) % 3]);
            let step = self.uint(u64::from(injection), 32)?;
            x[1] = self.arith(ArithKind::Add, added, step);
        }
        Ok(x)
    }

    /// The high and low words of the 64-bit product of the `ui32` `x` and `multiplier`.
    fn mul_hi_lo(&mut self, x: ValueId, multiplier: u64) -> Emitted<(ValueId, ValueId)> {
        let (u32t, u64t) = (self.ctx().uint_type(32), self.ctx().uint_type(64));
        let (m, half) = (self.uint(multiplier, 64)?, self.uint(32, 64)?);
        let wide = self.convert(x, u64t);
        let product = self.arith(ArithKind::Multiply, wide, m);
        let high = self.arith(ArithKind::ShiftRightLogical, product, half);
        Ok((self.convert(high, u32t), self.convert(product, u32t)))
    }

    /// Philox-4x32 with 10 rounds on `counter` and `key` (`ui32` words).
    fn philox(&mut self, counter: [ValueId; 4], key: [ValueId; 2]) -> Emitted<[ValueId; 4]> {
        let (step_a, step_b) = (self.uint(0x9E37_79B9, 32)?, self.uint(0xBB67_AE85, 32)?);
        let (mut x, mut key) = (counter, key);
        for _ in 0..10 {
            let (hi0, lo0) = self.mul_hi_lo(x[0], 0xD251_1F53)?;
            let (hi1, lo1) = self.mul_hi_lo(x[2], 0xCD9E_8D57)?;
            let a = self.arith(ArithKind::Xor, hi1, x[1]);
            let c = self.arith(ArithKind::Xor, hi0, x[3]);
            x = [self.arith(ArithKind::Xor, a, key[0]), lo1, self.arith(ArithKind::Xor, c, key[1]), lo0];
            key = [self.arith(ArithKind::Add, key[0], step_a), self.arith(ArithKind::Add, key[1], step_b)];
        }
        Ok(x)
    }

    /// Stores the output state: the key and the counter advanced by the calls made.
    fn store_rng_state(&mut self, rng: &Rng, state_out: ValueId) -> Emitted<()> {
        let count: i64 = rng.shape.iter().product();
        let calls = match (rng.generator, rng.wide) {
            (Generator::ThreeFry, true) => count,
            (Generator::ThreeFry, false) if rng.shape.is_empty() => 1,
            (Generator::ThreeFry, false) => {
                let split = split_dimension(&rng.shape);
                count / rng.shape[split].max(1) * ((rng.shape[split] + 1) / 2)
            }
            (Generator::Philox, true) => (count + 1) / 2,
            (Generator::Philox, false) => (count + 3) / 4,
        };
        let calls = self.uint(calls as u64, 64)?;
        let mut words = vec![rng.state[0]];
        match rng.generator {
            Generator::ThreeFry => words.push(self.arith(ArithKind::Add, rng.state[1], calls)),
            Generator::Philox => {
                let (low, high) = self.counter_plus(rng, calls)?;
                words.push(low);
                if rng.state.len() == 3 {
                    words.push(high);
                }
            }
        }
        let element = self.ctx().as_memref(self.body.value_type(state_out)).map(|m| m.element);
        let element = element.ok_or_else(|| self.error("internal error: a state buffer that is not a memref"))?;
        for (k, word) in words.into_iter().enumerate() {
            let value = self.convert_bits(word, element);
            let at = self.index(k as i64);
            self.store(value, state_out, &[at]);
        }
        Ok(())
    }
}

/// The dimension XLA's `SplitShapeIntoHalves` splits: the first of even size, else the
/// first of the largest size.
fn split_dimension(shape: &[i64]) -> usize {
    if let Some(even) = shape.iter().position(|&d| d % 2 == 0) {
        return even;
    }
    let largest = shape.iter().copied().max().unwrap_or(0);
    shape.iter().position(|&d| d == largest).unwrap_or(0)
}
