//! `hlo.rng_uniform` and `hlo.rng_normal` for compiled code: numbers drawn from a hidden
//! generator whose stream XLA leaves to the implementation.
//!
//! The stream is the reference interpreter's (`interp/src/ops/rng_distributions.rs`),
//! copied rather than shared (the runtime depends on no workspace crate, and the
//! interpreter must not share code with what it checks), so compiled and interpreted
//! programs draw the same numbers from the same seed:
//! - splitmix64 (Steele, Lea and Flood, 2014); each replica (`opts->replica_id`) has its
//!   own 64-bit state, which starts at the seed (42, or `xla_rt_rng_seed`'s) when it first
//!   draws, and successive calls continue it;
//! - floats: `u = (bits >> 11) * 2^-53` gives `a * (1 - u) + b * u` in `f64`, rounded to
//!   the element type; a value that rounding took out of `[a, b)` is drawn again (after 64
//!   tries the element is `a`); integers and predicates: `a + r % (b - a)` with biased
//!   draws rejected; when `b <= a`, or a float bound is not finite, every element is `a`;
//! - normal: Box-Muller on `u1 = ((bits >> 11) + 1) * 2^-53` and `u2 = (bits >> 11) *
//!   2^-53` gives `sqrt(-2 ln u1) cos(2 pi u2)` and `... sin(2 pi u2)` for two consecutive
//!   elements; each is `mu + sigma * z` in `f64`, rounded. `ln`, `cos`, `sin` and `sqrt`
//!   come from the `libm` crate, as in the interpreter, so the bits agree on every
//!   platform.
//!
//! Element types are given by code (`XLA_RT_PRED`.. in the header): 0 pred, 1..4 s8, s16,
//! s32, s64, 5..8 u8, u16, u32, u64, 9 f16, 10 bf16, 11 f32, 12 f64, 13..23 the formats of
//! eight bits or fewer ([`crate::minifloat`]: f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ,
//! f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN); buffers
//! hold them in their storage form (pred one byte, a minifloat its code in a byte).

use std::collections::HashMap;
use std::f64::consts::PI;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::args;
use crate::minifloat::Minifloat;
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};

/// The seed streams start from.
static SEED: AtomicU64 = AtomicU64::new(42);

/// Each replica's splitmix64 state, once it has drawn.
fn states() -> &'static Mutex<HashMap<usize, u64>> {
    static STATES: OnceLock<Mutex<HashMap<usize, u64>>> = OnceLock::new();
    STATES.get_or_init(Mutex::default)
}

/// A replica's stream, borrowed for one call.
struct Stream<'a> {
    state: &'a mut u64,
}

impl Stream<'_> {
    /// The next 64 bits.
    fn next_u64(&mut self) -> u64 {
        *self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `[0, 1)`, a multiple of `2^-53`.
    fn unit_interval(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform integer in `[0, range)` for `1 <= range <= 2^64`, without modulo bias.
    fn uniform_below(&mut self, range: u128) -> u128 {
        const SPAN: u128 = 1 << 64;
        let zone = SPAN - SPAN % range;
        loop {
            let draw = self.next_u64() as u128;
            if draw < zone {
                return draw % range;
            }
        }
    }
}

/// Runs `f` on the stream of `replica`.
fn with_stream<T>(replica: usize, f: impl FnOnce(&mut Stream) -> T) -> T {
    let mut all = states().lock().unwrap_or_else(|p| p.into_inner());
    let state = all.entry(replica).or_insert_with(|| SEED.load(Ordering::Relaxed));
    f(&mut Stream { state })
}

/// An element type, as the C ABI codes it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Element {
    Pred,
    Int { bytes: usize, signed: bool },
    F16,
    Bf16,
    F32,
    F64,
    Minifloat(Minifloat),
}

impl Element {
    fn from_code(code: i32) -> RtResult<Element> {
        Ok(match code {
            0 => Element::Pred,
            1..=4 => Element::Int { bytes: 1 << (code - 1), signed: true },
            5..=8 => Element::Int { bytes: 1 << (code - 5), signed: false },
            9 => Element::F16,
            10 => Element::Bf16,
            11 => Element::F32,
            12 => Element::F64,
            _ => Element::Minifloat(Minifloat::from_code(code).ok_or_else(|| args::bad_enum("element_type", code))?),
        })
    }

    fn bytes(self) -> usize {
        match self {
            Element::Pred | Element::Minifloat(_) => 1,
            Element::Int { bytes, .. } => bytes,
            Element::F16 | Element::Bf16 => 2,
            Element::F32 => 4,
            Element::F64 => 8,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Element::F16 | Element::Bf16 | Element::F32 | Element::F64 | Element::Minifloat(_))
    }

    /// The little-endian storage bytes at `at`, as a number.
    fn read_bits(self, at: &[u8]) -> u64 {
        let mut word = [0u8; 8];
        word[..self.bytes()].copy_from_slice(&at[..self.bytes()]);
        u64::from_le_bytes(word)
    }

    /// The integer (or predicate) stored at `at`.
    fn read_int(self, at: &[u8]) -> i128 {
        let bits = self.read_bits(at);
        match self {
            Element::Pred => (bits != 0) as i128,
            Element::Int { bytes, signed: true } => {
                let shift = 64 - 8 * bytes as u32;
                ((bits << shift) as i64 >> shift) as i128
            }
            _ => bits as i128,
        }
    }

    /// The float stored at `at`, widened to `f64`.
    fn read_float(self, at: &[u8]) -> f64 {
        let bits = self.read_bits(at);
        match self {
            Element::F16 => half::f16::from_bits(bits as u16).to_f64(),
            Element::Bf16 => half::bf16::from_bits(bits as u16).to_f64(),
            Element::F32 => f32::from_bits(bits as u32) as f64,
            Element::Minifloat(format) => format.decode(bits),
            _ => f64::from_bits(bits),
        }
    }

    /// `x` rounded to this float type, widened back to `f64`.
    fn round(self, x: f64) -> f64 {
        match self {
            Element::F16 => half::f16::from_f64(x).to_f64(),
            Element::Bf16 => half::bf16::from_f64(x).to_f64(),
            Element::F32 => x as f32 as f64,
            Element::Minifloat(format) => format.decode(format.encode(x)),
            _ => x,
        }
    }

    /// The storage bits of the float `x` (already rounded to this type).
    fn float_bits(self, x: f64) -> u64 {
        match self {
            Element::F16 => half::f16::from_f64(x).to_bits() as u64,
            Element::Bf16 => half::bf16::from_f64(x).to_bits() as u64,
            Element::F32 => (x as f32).to_bits() as u64,
            Element::Minifloat(format) => format.encode(x),
            _ => x.to_bits(),
        }
    }

    /// Writes the low bytes of `bits` at `at`.
    fn write_bits(self, at: &mut [u8], bits: u64) {
        let n = self.bytes();
        at[..n].copy_from_slice(&bits.to_le_bytes()[..n]);
    }
}

/// How many times a float draw that rounding took out of `[a, b)` is retried.
const FLOAT_TRIES: usize = 64;

/// The bytes of the two 0-d operands and the output of `count` elements of `element`.
unsafe fn buffers<'a>(element: Element, a: *const c_void, b: *const c_void, out: *mut c_void, count: i64) -> RtResult<(&'a [u8], &'a [u8], &'a mut [u8])> {
    let count = args::size("count", count)?;
    let width = element.bytes();
    let out_bytes = args::product("count * element size", &[count, width])?;
    args::not_null("a", a)?;
    args::not_null("b", b)?;
    args::buffer("out", out.cast::<u8>() as *const u8, out_bytes)?;
    Ok((args::slice(a.cast::<u8>(), width), args::slice(b.cast::<u8>(), width), args::slice_mut(out.cast::<u8>(), out_bytes)))
}

/// Fills `out` (`count` elements of type `element_type`, a code as above) with numbers
/// drawn uniformly from `[*a, *b)` from this replica's stream (see the module).
///
/// # Safety
/// `a` and `b` each hold one element, `out` `count` writable elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_rng_uniform(element_type: i32, a: *const c_void, b: *const c_void, out: *mut c_void, count: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_rng_uniform", || {
        let options = RunOptions::from_ptr(opts)?;
        let element = Element::from_code(element_type)?;
        let (a, b, out) = buffers(element, a, b, out, count)?;
        let width = element.bytes();
        with_stream(options.replica_id, |stream| {
            if element.is_float() {
                let (a, b) = (element.read_float(a), element.read_float(b));
                let degenerate = !(a < b && a.is_finite() && b.is_finite());
                for at in out.chunks_exact_mut(width) {
                    let value = if degenerate {
                        a
                    } else {
                        (0..FLOAT_TRIES)
                            .map(|_| {
                                let u = stream.unit_interval();
                                element.round(a * (1.0 - u) + b * u)
                            })
                            .find(|x| (a..b).contains(x))
                            .unwrap_or(a)
                    };
                    element.write_bits(at, element.float_bits(value));
                }
            } else {
                let (a, b) = (element.read_int(a), element.read_int(b));
                for at in out.chunks_exact_mut(width) {
                    let value = if a < b { a + stream.uniform_below((b - a) as u128) as i128 } else { a };
                    element.write_bits(at, value as u64);
                }
            }
        });
        Ok(())
    })
}

/// Fills `out` (`count` elements of the float type `element_type`) with numbers drawn from
/// the normal distribution N(`*mu`, `*sigma`) from this replica's stream (see the module).
///
/// # Safety
/// `mu` and `sigma` each hold one element, `out` `count` writable elements.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_rng_normal(element_type: i32, mu: *const c_void, sigma: *const c_void, out: *mut c_void, count: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_rng_normal", || {
        let options = RunOptions::from_ptr(opts)?;
        let element = Element::from_code(element_type)?;
        if !element.is_float() {
            return Err(RtError::invalid(format!("rng_normal generates floats, not element type {element_type}")));
        }
        let (mu, sigma, out) = buffers(element, mu, sigma, out, count)?;
        let (mu, sigma) = (element.read_float(mu), element.read_float(sigma));
        let width = element.bytes();
        let count = out.len() / width;
        let mut values = args::try_vec(count + 1, 0.0f64)?;
        with_stream(options.replica_id, |stream| {
            let mut filled = 0;
            while filled < count {
                let u1 = ((stream.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64);
                let u2 = stream.unit_interval();
                let radius = libm::sqrt(-2.0 * libm::log(u1));
                let angle = 2.0 * PI * u2;
                values[filled] = radius * libm::cos(angle);
                values[filled + 1] = radius * libm::sin(angle);
                filled += 2;
            }
        });
        for (at, z) in out.chunks_exact_mut(width).zip(&values) {
            element.write_bits(at, element.float_bits(element.round(mu + sigma * z)));
        }
        Ok(())
    })
}

/// Restarts every replica's stream at `seed` (42 until this is called), for drivers that
/// want each run to draw what the reference interpreter draws. Returns 0.
#[no_mangle]
pub extern "C" fn xla_rt_rng_seed(seed: u64) -> i32 {
    SEED.store(seed, Ordering::Relaxed);
    states().lock().unwrap_or_else(|p| p.into_inner()).clear();
    0
}
