//! `hlo.rng_uniform` and `hlo.rng_normal`, whose stream XLA leaves to the implementation.
//!
//! The interpreter draws from one documented, deterministic generator per run: splitmix64
//! (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014), whose
//! 64-bit state starts at [`crate::Options::rng_seed`] when the first number is drawn and
//! lives in the interpreter, so that successive ops continue one stream. Every replica
//! starts from the same seed. The same seed and program give the same numbers on every
//! platform: the transcendental functions come from `libm`, not the host's math library.
//!
//! Semantics:
//! - `rng_uniform(a, b)` on floats: `u = (bits >> 11) * 2^-53`, uniform in `[0, 1)`, gives
//!   `a * (1 - u) + b * u` rounded to the element type; a value that rounding took out of
//!   `[a, b)` is drawn again (after 64 tries the element is `a`);
//! - `rng_uniform(a, b)` on integers and predicates: `a + r % (b - a)`, with draws `r` that
//!   would make the remainder biased rejected;
//! - when `b <= a` (XLA: implementation-defined), or a float bound is not finite, or either
//!   bound is NaN, every element is `a`;
//! - `rng_normal(mu, sigma)`: the Box-Muller transform of two uniforms
//!   `u1 = ((bits >> 11) + 1) * 2^-53` in `(0, 1]` and `u2` in `[0, 1)` gives the two
//!   standard normal numbers `sqrt(-2 ln u1) * cos(2 pi u2)` and
//!   `sqrt(-2 ln u1) * sin(2 pi u2)`, for two consecutive elements in row-major order;
//!   each becomes `mu + sigma * z` rounded to the element type.

use std::f64::consts::PI;
use std::rc::Rc;

use xla_ir::Scalar;

use crate::element::{round_to_format, ElementType};
use crate::error::EvalResult;
use crate::index::num_elements;
use crate::interpreter::{Interpreter, OpCx};
use crate::literal::{Elements, Literal};
use crate::ops::support::{float_of, int_of, tensor};
use crate::value::Value;

/// How many times a float draw that rounding took out of `[a, b)` is retried.
const FLOAT_TRIES: usize = 64;

/// The next 64 bits of the interpreter's splitmix64 stream.
pub fn next_u64(interp: &mut Interpreter) -> u64 {
    let state = interp.rng_state.get_or_insert(interp.options.rng_seed);
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform number in `[0, 1)`, a multiple of `2^-53`.
fn unit_interval(interp: &mut Interpreter) -> f64 {
    (next_u64(interp) >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

pub(super) fn rng_uniform(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (a, b) = (tensor(operands, 0)?.get(0), tensor(operands, 1)?.get(0));
    let (element, shape) = (cx.result_element(0)?, cx.result_shape(0)?);
    let count = num_elements(&shape);
    let mut elements = Elements::with_capacity(element, count);
    match element {
        ElementType::Float(kind) => {
            let (a, b) = (float_of(a)?, float_of(b)?);
            let degenerate = !(a < b && a.is_finite() && b.is_finite());
            for _ in 0..count {
                let value = if degenerate {
                    a
                } else {
                    (0..FLOAT_TRIES)
                        .map(|_| {
                            let u = unit_interval(cx.interp);
                            round_to_format(kind, a * (1.0 - u) + b * u)
                        })
                        .find(|x| (a..b).contains(x))
                        .unwrap_or(a)
                };
                elements.push(Scalar::Float(value));
            }
        }
        ElementType::Pred | ElementType::Int { .. } => {
            let (a, b) = (int_of(a)?, int_of(b)?);
            for _ in 0..count {
                let value = if a < b { a + uniform_below(cx.interp, (b - a) as u128) as i128 } else { a };
                elements.push(Scalar::Int(value));
            }
        }
        ElementType::Complex(_) => return Err("rng_uniform does not generate complex numbers".into()),
    }
    Ok(vec![Literal::new(element, shape, elements).into()])
}

/// A uniform integer in `[0, range)` for `1 <= range <= 2^64`, without modulo bias: draws
/// at or above the largest multiple of `range` that fits in 64 bits are drawn again.
fn uniform_below(interp: &mut Interpreter, range: u128) -> u128 {
    const SPAN: u128 = 1 << 64;
    let zone = SPAN - SPAN % range;
    loop {
        let draw = next_u64(interp) as u128;
        if draw < zone {
            return draw % range;
        }
    }
}

pub(super) fn rng_normal(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (mu, sigma) = (float_of(tensor(operands, 0)?.get(0))?, float_of(tensor(operands, 1)?.get(0))?);
    let (element, shape) = (cx.result_element(0)?, cx.result_shape(0)?);
    let ElementType::Float(kind) = element else { return Err("rng_normal generates floats only".into()) };
    let count = num_elements(&shape);
    let mut values = Vec::with_capacity(count + 1);
    while values.len() < count {
        let u1 = ((next_u64(cx.interp) >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64);
        let u2 = unit_interval(cx.interp);
        let radius = libm::sqrt(-2.0 * libm::log(u1));
        let angle = 2.0 * PI * u2;
        values.push(radius * libm::cos(angle));
        values.push(radius * libm::sin(angle));
    }
    values.truncate(count);
    let elements = values.into_iter().map(|z| round_to_format(kind, mu + sigma * z)).collect();
    Ok(vec![Literal::new(element, shape, Elements::Float(elements)).into()])
}
