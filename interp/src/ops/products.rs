//! Sums of products in a wide accumulator: the arithmetic `hlo.dot`, `hlo.dot_general` and
//! `hlo.convolution` share.
//!
//! XLA's semantics kept here: sums accumulate in the result's element type, as XLA's
//! evaluator and CPU backend sum them, so that where terms cancel the rounding of each
//! partial sum is XLA's too (StableHLO's testdata, whose expected values are XLA CPU's,
//! tells the two apart on small mixed-type dots). A result of `f64` accumulates in `f64`;
//! every narrower float format accumulates in `f32`, as XLA CPU computes `f16`, `bf16`
//! and the `f8` family (it upcasts their dots and convolutions to `f32`), and the sum is
//! rounded to the result's format once. Complex results accumulate in `Complex64` or
//! `Complex32` by the same rule. Integers wrap around at the element width, which the sum
//! in 64-bit wrapping arithmetic followed by one wrap to the width gives exactly
//! (2^width divides 2^64); `pred` products are `and` and their sum is `or`, as
//! `hlo.multiply` and `hlo.add` on `pred` are. A real product and its addition are one
//! rounding, a fused multiply-add, as XLA CPU's dot kernels compute them (StableHLO's
//! testdata tells them apart on small `f64` dots); a convolution adds each window
//! position's products to its sum separately.
//!
//! Operands are gathered into contiguous buffers of the accumulator type, so that the
//! kernels' innermost loops run over contiguous memory.

use num_complex::{Complex32, Complex64};

use xla_ir::FloatKind;

use crate::element::{round_to_format, ElementType};
use crate::literal::{Elements, Literal};

/// An accumulator type: `f64`, `f32`, `u64` (wrapping), `Complex64` or `Complex32`.
pub trait Accumulator: Copy + Send + Sync {
    const ZERO: Self;
    /// `self + a * b`.
    fn mul_add(self, a: Self, b: Self) -> Self;
    /// `self + other`.
    fn plus(self, other: Self) -> Self;
}

impl Accumulator for f64 {
    const ZERO: f64 = 0.0;
    #[inline(always)]
    fn mul_add(self, a: f64, b: f64) -> f64 {
        a.mul_add(b, self)
    }
    #[inline(always)]
    fn plus(self, other: f64) -> f64 {
        self + other
    }
}

impl Accumulator for f32 {
    const ZERO: f32 = 0.0;
    #[inline(always)]
    fn mul_add(self, a: f32, b: f32) -> f32 {
        a.mul_add(b, self)
    }
    #[inline(always)]
    fn plus(self, other: f32) -> f32 {
        self + other
    }
}

impl Accumulator for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn mul_add(self, a: u64, b: u64) -> u64 {
        self.wrapping_add(a.wrapping_mul(b))
    }
    #[inline(always)]
    fn plus(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
}

impl Accumulator for Complex64 {
    const ZERO: Complex64 = Complex64::new(0.0, 0.0);
    #[inline(always)]
    fn mul_add(self, a: Complex64, b: Complex64) -> Complex64 {
        self + a * b
    }
    #[inline(always)]
    fn plus(self, other: Complex64) -> Complex64 {
        self + other
    }
}

impl Accumulator for Complex32 {
    const ZERO: Complex32 = Complex32::new(0.0, 0.0);
    #[inline(always)]
    fn mul_add(self, a: Complex32, b: Complex32) -> Complex32 {
        self + a * b
    }
    #[inline(always)]
    fn plus(self, other: Complex32) -> Complex32 {
        self + other
    }
}

/// The sum of `x[i] * y[i]`. Short sums (fewer than [`LANES`] products, those of small
/// dots) are one chain of multiply-adds in index order, the order XLA CPU's dot loops sum
/// in; longer ones run in [`LANES`] independent partial sums (so that the loop runs at the
/// speed of the arithmetic, not of one addition's latency) added up at the end, whose
/// rounding no longer follows one order anyway.
#[inline]
pub fn dot<T: Accumulator>(x: &[T], y: &[T]) -> T {
    let n = x.len().min(y.len());
    let (x, y) = (&x[..n], &y[..n]);
    if n < LANES {
        return x.iter().zip(y).fold(T::ZERO, |sum, (a, b)| sum.mul_add(*a, *b));
    }
    let mut partial = [T::ZERO; LANES];
    let mut xs = x.chunks_exact(LANES);
    let mut ys = y.chunks_exact(LANES);
    for (xc, yc) in (&mut xs).zip(&mut ys) {
        for lane in 0..LANES {
            partial[lane] = partial[lane].mul_add(xc[lane], yc[lane]);
        }
    }
    let mut sum = T::ZERO;
    for (a, b) in xs.remainder().iter().zip(ys.remainder()) {
        sum = sum.mul_add(*a, *b);
    }
    let halves = [
        partial[0].plus(partial[4]),
        partial[1].plus(partial[5]),
        partial[2].plus(partial[6]),
        partial[3].plus(partial[7]),
    ];
    halves[0].plus(halves[2]).plus(halves[1].plus(halves[3])).plus(sum)
}

/// How many partial sums a long dot product keeps.
const LANES: usize = 8;

/// Elements gathered into one accumulator type.
pub enum Buffer {
    Float(Vec<f64>),
    Int(Vec<u64>),
    Complex(Vec<Complex64>),
}

impl Buffer {
    /// The elements of `literal` at `positions`, in that order.
    pub fn gather(literal: &Literal, positions: &[usize]) -> Buffer {
        match &literal.elements {
            Elements::Float(v) => Buffer::Float(positions.iter().map(|&p| v[p]).collect()),
            Elements::Int(v) => Buffer::Int(positions.iter().map(|&p| v[p] as u64).collect()),
            Elements::Complex(v) => Buffer::Complex(positions.iter().map(|&p| v[p]).collect()),
        }
    }
}

/// Whether sums of results of format `kind` accumulate in `f32` rather than `f64`.
fn accumulates_in_single(kind: FloatKind) -> bool {
    kind != FloatKind::F64
}

/// Runs `kernel` on two buffers of one kind, giving sums as elements of `result`, in the
/// accumulator type `result` calls for.
pub fn with_buffers(lhs: &Buffer, rhs: &Buffer, result: ElementType, kernel: &dyn Kernel) -> Result<Elements, String> {
    let single = |v: &[f64]| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
    let complex_single =
        |v: &[Complex64]| v.iter().map(|x| Complex32::new(x.re as f32, x.im as f32)).collect::<Vec<Complex32>>();
    match (lhs, rhs, result) {
        (Buffer::Float(a), Buffer::Float(b), ElementType::Float(kind)) if accumulates_in_single(kind) => {
            let sums = kernel.run_f32(&single(a), &single(b));
            finish_floats(sums.into_iter().map(f64::from).collect(), result)
        }
        (Buffer::Float(a), Buffer::Float(b), _) => finish_floats(kernel.run_f64(a, b), result),
        (Buffer::Int(a), Buffer::Int(b), _) => finish_ints(kernel.run_u64(a, b), result),
        (Buffer::Complex(a), Buffer::Complex(b), ElementType::Complex(kind)) if accumulates_in_single(kind) => {
            let sums = kernel.run_complex32(&complex_single(a), &complex_single(b));
            finish_complex(sums.into_iter().map(|s| Complex64::new(s.re.into(), s.im.into())).collect(), result)
        }
        (Buffer::Complex(a), Buffer::Complex(b), _) => finish_complex(kernel.run_complex(a, b), result),
        _ => Err("the operands have different kinds of elements".into()),
    }
}

/// A computation of sums of products, for each accumulator type (a generic method would
/// not be object safe; each implementation forwards to one generic function).
pub trait Kernel {
    fn run_f64(&self, lhs: &[f64], rhs: &[f64]) -> Vec<f64>;
    fn run_f32(&self, lhs: &[f32], rhs: &[f32]) -> Vec<f32>;
    fn run_u64(&self, lhs: &[u64], rhs: &[u64]) -> Vec<u64>;
    fn run_complex(&self, lhs: &[Complex64], rhs: &[Complex64]) -> Vec<Complex64>;
    fn run_complex32(&self, lhs: &[Complex32], rhs: &[Complex32]) -> Vec<Complex32>;
}

/// Implements [`Kernel`] for a type whose generic `run` method computes every accumulator
/// type.
macro_rules! forward_kernel {
    ($kernel:ty) => {
        impl $crate::ops::products::Kernel for $kernel {
            fn run_f64(&self, lhs: &[f64], rhs: &[f64]) -> Vec<f64> {
                self.run(lhs, rhs)
            }
            fn run_f32(&self, lhs: &[f32], rhs: &[f32]) -> Vec<f32> {
                self.run(lhs, rhs)
            }
            fn run_u64(&self, lhs: &[u64], rhs: &[u64]) -> Vec<u64> {
                self.run(lhs, rhs)
            }
            fn run_complex(&self, lhs: &[num_complex::Complex64], rhs: &[num_complex::Complex64]) -> Vec<num_complex::Complex64> {
                self.run(lhs, rhs)
            }
            fn run_complex32(&self, lhs: &[num_complex::Complex32], rhs: &[num_complex::Complex32]) -> Vec<num_complex::Complex32> {
                self.run(lhs, rhs)
            }
        }
    };
}
pub(crate) use forward_kernel;

/// Float sums rounded once to `result`.
fn finish_floats(sums: Vec<f64>, result: ElementType) -> Result<Elements, String> {
    match result {
        ElementType::Float(kind) => Ok(Elements::Float(sums.into_iter().map(|s| round_to_format(kind, s)).collect())),
        other => Err(format!("float operands cannot give a {} result", other.name())),
    }
}

/// Integer sums wrapped once to `result`; `pred` sums are `or`.
fn finish_ints(sums: Vec<u64>, result: ElementType) -> Result<Elements, String> {
    match result {
        ElementType::Pred => Ok(Elements::Int(sums.into_iter().map(|s| (s != 0) as i128).collect())),
        ElementType::Int { .. } => Ok(Elements::Int(sums.into_iter().map(|s| result.wrap(s as i64 as i128)).collect())),
        other => Err(format!("integer operands cannot give a {} result", other.name())),
    }
}

/// Complex sums with each part rounded once to `result`.
fn finish_complex(sums: Vec<Complex64>, result: ElementType) -> Result<Elements, String> {
    match result {
        ElementType::Complex(kind) => Ok(Elements::Complex(
            sums.into_iter()
                .map(|s| Complex64::new(round_to_format(kind, s.re), round_to_format(kind, s.im)))
                .collect(),
        )),
        other => Err(format!("complex operands cannot give a {} result", other.name())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_sums_every_product() {
        let x: Vec<f64> = (1..=11).map(f64::from).collect();
        let y = vec![1.0; 11];
        assert_eq!(dot(&x, &y), 66.0);
        assert_eq!(dot::<f64>(&[], &[]), 0.0);
        let big = [u64::MAX, 2];
        assert_eq!(dot(&big, &[1, 1]), 1, "wraps around");
    }

    #[test]
    fn integer_sums_wrap_to_the_element_width() {
        let s8 = ElementType::Int { bits: 8, signed: true };
        assert_eq!(finish_ints(vec![200, (-3i64) as u64], s8), Ok(Elements::Int(vec![-56, -3])));
        let u8 = ElementType::Int { bits: 8, signed: false };
        assert_eq!(finish_ints(vec![300], u8), Ok(Elements::Int(vec![44])));
    }
}
