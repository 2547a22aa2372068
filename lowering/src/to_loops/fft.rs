//! `hlo.fft`: the four transform types as naive `O(n^2)` discrete Fourier transforms, one
//! transformed dimension after the other, in `f64` work buffers ([`super::numbers`]).
//!
//! The order of dimensions and the shapes are the interpreter's (`interp/src/ops/fft.rs`):
//! `FFT` and `IFFT` transform the innermost dimension first; `RFFT` transforms the real
//! operand's innermost dimension keeping its first `length / 2 + 1` outputs, then the
//! others; `IRFFT` inverse-transforms the other dimensions first, then the innermost one,
//! whose input line is completed to `length` entries by conjugate symmetry
//! (`X[k] = conj(X[length - k])` above the given entries), keeping the real part. Each
//! output entry of a dimension's transform is a `loop.for` over the line carrying the two
//! `f64` parts of `sum_j x[j] e^(-+2 pi i (j k mod n) / n)`, the twiddle from `loop.math`
//! sine and cosine; the inverse divides by `n`. Every result is rounded once.
//!
//! The interpreter uses `rustfft`, whose order of operations differs: results agree
//! within a few units in the last place of `f64`, hence within the fixture's tolerance
//! after rounding, not bit for bit.

use xla_dialects::hlo::{ComparisonDirection, FftOp, FftType, HloOpKind};
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{Op, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::numbers::{Num, Work};

/// One dimension's transform.
#[derive(Copy, Clone)]
struct Pass {
    axis: usize,
    /// The transform's length `n`.
    length: i64,
    /// The outputs kept: `n`, or `n / 2 + 1` for `RFFT`'s first transform.
    kept: i64,
    inverse: bool,
    /// Whether the input line holds only the first entries of a conjugate-symmetric one.
    hermitian: bool,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.fft`.
    pub fn lower_fft(&mut self, fft: FftOp) -> Emitted<()> {
        if self.options.runtime_kernels && self.lower_fft_through_runtime(fft)? {
            return Ok(());
        }
        let op = fft.id();
        let fft_type = fft.fft_type(self.body);
        let lengths = fft.fft_length(self.body).to_vec();
        let operand = self.body.operand(op, 0);
        let shape = self.shape_of(operand)?;
        let result_element = self.element_type_of(self.body.result(op, 0))?;
        let complex_element = if fft_type == FftType::Irfft { self.element_type_of(operand)? } else { result_element };
        if !self.complex_or_float(complex_element, HloOpKind::Fft.name())? {
            return Err(self.error("hlo.fft needs complex numbers"));
        }
        let first = shape.len().checked_sub(lengths.len()).filter(|_| (1..=3).contains(&lengths.len()) && lengths.iter().all(|&l| l >= 0));
        let first = first.ok_or_else(|| self.error("hlo.fft needs 1 to 3 non-negative lengths over as many innermost dimensions"))?;
        let last = shape.len() - 1;
        let inner = lengths[lengths.len() - 1];
        // The dimensions must have the transform's lengths, but for IRFFT's innermost one.
        let checked = if fft_type == FftType::Irfft { last } else { shape.len() };
        if (first..checked).any(|axis| shape[axis] != lengths[axis - first]) {
            return Err(self.error("hlo.fft's operand dimensions must have the fft_length"));
        }
        let [result] = self.bind_result_buffers(op)?[..] else { return Err(self.error("hlo.fft has one result")) };
        let mut work = self.load_complex(operand, &shape)?;
        let mut work_shape = shape.clone();
        let pass = |axis: usize, inverse: bool| Pass { axis, length: shape[axis], kept: shape[axis], inverse, hermitian: false };
        let passes: Vec<Pass> = match fft_type {
            FftType::Fft | FftType::Ifft => (first..=last).rev().map(|axis| pass(axis, fft_type == FftType::Ifft)).collect(),
            FftType::Rfft => {
                let innermost = Pass { kept: if inner == 0 { 0 } else { inner / 2 + 1 }, ..pass(last, false) };
                std::iter::once(innermost).chain((first..last).rev().map(|axis| pass(axis, false))).collect()
            }
            FftType::Irfft => {
                if inner != 0 && shape[last] != inner / 2 + 1 {
                    return Err(self.error("hlo.fft's IRFFT needs fft_length[-1] / 2 + 1 innermost entries"));
                }
                let innermost = Pass { length: inner, kept: inner, inverse: true, hermitian: true, axis: last };
                (first..last).rev().map(|axis| pass(axis, true)).chain(std::iter::once(innermost)).collect()
            }
        };
        for p in passes {
            work = self.transform(work, &work_shape, p)?;
            work_shape[p.axis] = p.kept;
        }
        let real = fft_type == FftType::Irfft;
        self.loop_nest(&work_shape, |this, index| {
            let mut value = this.work_load(work, index);
            if real {
                value.im = None;
            }
            let rounded = this.round_num(value, result_element)?;
            this.store(rounded, result, index);
            Ok(())
        })
    }

    /// A complex work buffer holding `operand` (of `shape`) in `f64`, zero imaginary parts
    /// for a real operand.
    fn load_complex(&mut self, operand: ValueId, shape: &[i64]) -> Emitted<Work> {
        let work = self.work_alloc(shape, true);
        self.loop_nest(shape, |this, index| {
            let value = this.element_num(operand, index)?;
            this.work_store(work, value, index)
        })?;
        Ok(work)
    }

    /// Transforms every line of `src` (of `shape`) along `p.axis` into a new work buffer.
    fn transform(&mut self, src: Work, shape: &[i64], p: Pass) -> Emitted<Work> {
        let mut out_shape = shape.to_vec();
        out_shape[p.axis] = p.kept;
        let dst = self.work_alloc(&out_shape, true);
        if out_shape.contains(&0) || p.length == 0 {
            return Ok(dst);
        }
        let given = shape[p.axis];
        let (zero, n) = (self.index(0), self.index(p.length));
        self.loop_nest(&out_shape, |this, index| {
            let k = index[p.axis];
            let start = this.num_constant(0.0, 0.0, true)?;
            let sum = this.for_loop(zero, n, &start.values(), |this, j, acc| {
                let acc = Num::from_values(acc, true).ok_or_else(|| this.error("internal error: a sum without its parts"))?;
                let x = this.line_entry(src, index, p, given, j)?;
                let w = this.twiddle(j, k, p)?;
                let product = this.num_mul(x, w);
                Ok(this.num_add(acc, product).values())
            })?;
            let mut value = Num::from_values(&sum, true).ok_or_else(|| this.error("internal error: a loop without its results"))?;
            if p.inverse {
                let length = this.f64_constant(p.length as f64)?;
                value = this.num_div_re(value, length);
            }
            this.work_store(dst, value, index)
        })?;
        Ok(dst)
    }

    /// Entry `j` of the input line through `index`: read from `src`, or for a hermitian
    /// line past its `given` entries, the conjugate of entry `length - j`.
    fn line_entry(&mut self, src: Work, index: &[ValueId], p: Pass, given: i64, j: ValueId) -> Emitted<Num> {
        let mut at = index.to_vec();
        if !p.hermitian {
            at[p.axis] = j;
            return Ok(self.work_load(src, &at));
        }
        let (given, n) = (self.index(given), self.index(p.length));
        let stored = self.compare_index(ComparisonDirection::Lt, j, given);
        let mirrored = self.sub_index(n, j);
        at[p.axis] = self.select(stored, j, mirrored);
        let x = self.work_load(src, &at);
        let conjugate = self.num_conj(x);
        Ok(self.num_select(stored, x, conjugate))
    }

    /// `e^(-+2 pi i (j k mod n) / n)` (`+` for the inverse) as its two `f64` parts.
    fn twiddle(&mut self, j: ValueId, k: ValueId, p: Pass) -> Emitted<Num> {
        let product = self.mul_index(j, k);
        let turn = self.rem_const(product, p.length);
        let turn = self.convert(turn, self.ctx().int_type(64));
        let turn = self.convert(turn, self.f64_type());
        let sign = if p.inverse { 1.0 } else { -1.0 };
        let step = self.f64_constant(sign * 2.0 * std::f64::consts::PI / p.length as f64)?;
        let angle = self.arith(ArithKind::Multiply, turn, step);
        let (re, im) = (self.math(MathKind::Cosine, angle), self.math(MathKind::Sine, angle));
        Ok(Num { re, im: Some(im) })
    }
}
