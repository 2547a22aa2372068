//! `hlo.rng_bit_generator`, bit-exact with XLA's CPU backend, which expands the op with
//! `RngBitGeneratorExpander` into the generators of [`crate::ops::prng`].
//!
//! Semantics kept from XLA (`rng_bit_generator_expander.cc` and `prng.cc`):
//! - the state is `u64[2]` (or `u64[3]` for Philox); `state[0]` is the key, split into two
//!   32-bit key words low word first; the output state is the input state with the counter
//!   advanced and the key unchanged;
//! - `DEFAULT` is Philox: XLA's CPU (and GPU) compiler runs the expander with
//!   `RNG_PHILOX` as the default algorithm;
//! - Threefry: the counter is the 64-bit `state[1]`. A 64-bit output element at row-major
//!   position `p` is the two words of `threefry(state[1] + p)`, low word first, and the
//!   state advances by the number of elements. For 32-bit outputs, one call gives two
//!   elements: the shape is split in halves along its first dimension of even size (or,
//!   when none is even, its first largest dimension, rounded up to even), element `i` of
//!   that dimension takes word `i % 2` of the call for half-index `i / 2`, the counter is
//!   `state[1]` plus the row-major position of the half-index in the halved shape, and the
//!   state advances by the number of elements of the halved shape. A rank-0 output is the
//!   first word of one call;
//! - Philox: the 128-bit counter is `(state[1], state[2])` (low, high) for a `u64[3]`
//!   state and `(state[1], state[0])` for a `u64[2]` one. Call `k` takes counter `+ k`
//!   (carrying into the high half) and gives four words; 32-bit outputs take the words in
//!   order (element `4k + j` is word `j` of call `k`), 64-bit outputs take two per element
//!   (element `2k + j` is words `2j`, `2j + 1` of call `k`, low word first). The counter
//!   advances by the number of calls; a `u64[2]` state keeps only the low half, so the
//!   carry is dropped there;
//! - outputs narrower than 32 bits are the 32-bit outputs truncated to their low bits
//!   (XLA converts `u32` to the narrow unsigned type); signed outputs are the unsigned
//!   bits reinterpreted (XLA generates unsigned bits whatever the element's signedness);
//!   `pred` outputs are rejected, as XLA rejects them.

use std::rc::Rc;

use xla_dialects::hlo::{RngAlgorithm, RngBitGeneratorOp};

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::index::{for_each_index, linear_index, num_elements};
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::prng::{join_u32s, philox4x32, split_u64, threefry2x32, Counter128};
use crate::ops::support::tensor;
use crate::value::Value;

/// The generator an op's algorithm names, on XLA's CPU backend.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Generator {
    ThreeFry,
    Philox,
}

impl Generator {
    /// The generator of `algorithm`: `DEFAULT` is Philox, as on XLA's CPU backend.
    pub fn of(algorithm: RngAlgorithm) -> Generator {
        match algorithm {
            RngAlgorithm::ThreeFry => Generator::ThreeFry,
            RngAlgorithm::Philox | RngAlgorithm::Default => Generator::Philox,
        }
    }
}

pub(super) fn rng_bit_generator(cx: &mut OpCx, op: RngBitGeneratorOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let generator = Generator::of(op.rng_algorithm(cx.body()));
    let state_literal = tensor(operands, 0)?;
    let state = state_literal
        .ints()
        .ok_or("the state must hold integers")?
        .iter()
        .map(|&v| ElementType::U64.to_bits(v) as u64)
        .collect::<Vec<u64>>();
    let (element, shape) = (cx.result_element(1)?, cx.result_shape(1)?);
    let (new_state, bits) = generate(generator, &state, element, &shape)?;
    let state_out = Literal::new(
        state_literal.element,
        state_literal.shape.clone(),
        Elements::Int(new_state.into_iter().map(|v| state_literal.element.from_bits(v as u128)).collect()),
    );
    let output = Literal::new(element, shape, Elements::Int(bits.into_iter().map(|b| element.from_bits(b as u128)).collect()));
    Ok(vec![state_out.into(), output.into()])
}

/// The state after generating random bits of `element` in `shape`, and the bits of each
/// element in row-major order (as unsigned numbers; the caller reinterprets them).
pub fn generate(generator: Generator, state: &[u64], element: ElementType, shape: &[i64]) -> Result<(Vec<u64>, Vec<u64>), String> {
    let bits = match element {
        ElementType::Int { bits, .. } => bits,
        other => return Err(format!("rng_bit_generator generates integers, not {}", other.name())),
    };
    // XLA generates 32 bits for every width up to 32 and 64 bits for 64-bit types only.
    if bits > 32 && bits != 64 {
        return Err(format!("rng_bit_generator generates integers of up to 32 bits or of 64 bits, not {}", element.name()));
    }
    let wide = bits == 64;
    match generator {
        Generator::ThreeFry => {
            let [key, counter] = state[..] else {
                return Err(format!("the THREE_FRY algorithm needs a state of 2 elements, found {}", state.len()));
            };
            let key = split_u64(key);
            let (advance, output) = if wide { threefry_64(key, counter, shape) } else { threefry_32(key, counter, shape) };
            Ok((vec![state[0], counter.wrapping_add(advance)], output))
        }
        Generator::Philox => {
            let counter = match state[..] {
                [key, low] => Counter128 { low, high: key },
                [_, low, high] => Counter128 { low, high },
                _ => return Err(format!("the PHILOX algorithm needs a state of 2 or 3 elements, found {}", state.len())),
            };
            let key = split_u64(state[0]);
            let count = num_elements(shape);
            let (calls, output) = if wide { philox_64(key, counter, count) } else { philox_32(key, counter, count) };
            let next = counter.plus(calls);
            let new_state = if state.len() == 3 { vec![state[0], next.low, next.high] } else { vec![state[0], next.low] };
            Ok((new_state, output))
        }
    }
}

/// Threefry's 64-bit outputs: one call per element. Returns the counter advance and the
/// outputs.
fn threefry_64(key: [u32; 2], counter: u64, shape: &[i64]) -> (u64, Vec<u64>) {
    let count = num_elements(shape);
    let output = (0..count as u64).map(|p| join_u32s(threefry2x32(split_u64(counter.wrapping_add(p)), key))).collect();
    (count as u64, output)
}

/// Threefry's 32-bit outputs: one call per two elements of the dimension XLA splits in
/// halves. Returns the counter advance and the outputs.
fn threefry_32(key: [u32; 2], counter: u64, shape: &[i64]) -> (u64, Vec<u64>) {
    if shape.is_empty() {
        return (1, vec![threefry2x32(split_u64(counter), key)[0] as u64]);
    }
    let split = split_dimension(shape);
    let mut halves = shape.to_vec();
    halves[split] = (shape[split] + 1) / 2;
    let mut output = Vec::with_capacity(num_elements(shape));
    let mut half_index = vec![0i64; shape.len()];
    for_each_index(shape, |index| {
        half_index.copy_from_slice(index);
        half_index[split] = index[split] / 2;
        let position = linear_index(&halves, &half_index) as u64;
        let words = threefry2x32(split_u64(counter.wrapping_add(position)), key);
        output.push(words[(index[split] % 2) as usize] as u64);
    });
    (num_elements(&halves) as u64, output)
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

/// Philox's 32-bit outputs: four per call. Returns the number of calls and the outputs.
fn philox_32(key: [u32; 2], counter: Counter128, count: usize) -> (u64, Vec<u64>) {
    let calls = count.div_ceil(4) as u64;
    let mut output = Vec::with_capacity(count);
    for call in 0..calls {
        output.extend(philox4x32(counter.plus(call).words(), key).iter().map(|&w| w as u64));
    }
    output.truncate(count);
    (calls, output)
}

/// Philox's 64-bit outputs: two per call. Returns the number of calls and the outputs.
fn philox_64(key: [u32; 2], counter: Counter128, count: usize) -> (u64, Vec<u64>) {
    let calls = count.div_ceil(2) as u64;
    let mut output = Vec::with_capacity(count);
    for call in 0..calls {
        let [a, b, c, d] = philox4x32(counter.plus(call).words(), key);
        output.push(join_u32s([a, b]));
        output.push(join_u32s([c, d]));
    }
    output.truncate(count);
    (calls, output)
}
