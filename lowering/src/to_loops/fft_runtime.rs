//! `hlo.fft` on `complex<f32>` (with `f32` on the real side of `RFFT` and `IRFFT`) through
//! the runtime's `xla_rt_fft_c64` (runtime/src/fft.rs: `rustfft` and `realfft`,
//! `O(n log n)`), for transforms whose naive DFT would take at least
//! [`GEMM_MIN_MULTIPLY_ADDS`] multiply-adds; smaller ones stay the loop of [`super::fft`].
//!
//! The runtime takes dense row-major buffers: an operand in another layout (or not in a
//! buffer) is copied into one first, and a result in another layout is computed into a
//! temporary and copied out. The input's shape and the transform lengths go in `i64`
//! buffers: `loop.call_runtime @xla_rt_fft_c64(%type, %input, %output, %dims, %rank,
//! %lengths, %fft_rank)`, the type XLA's enumerator value as an `i32`.
//!
//! Precision: the runtime transforms in `f32` as XLA CPU does (the loop and the
//! interpreter in `f64`), so results differ from theirs by `f32` rounding, within the
//! tolerance transforms are compared with. `complex<f64>` is not lowered at all yet.
//!
//! Invariant: the runtime's output is the result's buffer or a fresh temporary, never the
//! operand's buffer.

use xla_dialects::hlo::{FftOp, FftType};
use xla_ir::{FloatKind, Op};

use super::emit::Emitted;
use super::gemm::GEMM_MIN_MULTIPLY_ADDS;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Lowers `op` through the runtime when it qualifies (see the module documentation)
    /// and says whether it did.
    pub(super) fn lower_fft_through_runtime(&mut self, fft: FftOp) -> Emitted<bool> {
        let op = fft.id();
        let fft_type = fft.fft_type(self.body);
        let lengths = fft.fft_length(self.body).to_vec();
        let (operand, result) = (self.body.operand(op, 0), self.body.result(op, 0));
        let (shape, result_shape) = (self.shape_of(operand)?, self.shape_of(result)?);
        let ctx = self.ctx();
        let f32 = ctx.float_type(FloatKind::F32);
        let c64 = ctx.ty(xla_ir::TypeData::Complex(f32));
        let (input_element, output_element) = match fft_type {
            FftType::Fft | FftType::Ifft => (c64, c64),
            FftType::Rfft => (f32, c64),
            FftType::Irfft => (c64, f32),
        };
        if self.element_type_of(operand)? != input_element || self.element_type_of(result)? != output_element {
            return Ok(false);
        }
        // Malformed transforms keep the loop, which reports them.
        let first = shape.len().checked_sub(lengths.len());
        let Some(first) = first.filter(|_| (1..=3).contains(&lengths.len()) && lengths.iter().all(|&l| l > 0)) else { return Ok(false) };
        let inner_ok = match fft_type {
            FftType::Irfft => shape.last() == lengths.last().map(|l| l / 2 + 1).as_ref(),
            _ => shape.last() == lengths.last(),
        };
        if !inner_ok || (first..shape.len() - 1).any(|axis| shape[axis] != lengths[axis - first]) {
            return Ok(false);
        }
        // The naive transform's multiply-adds: each element of the larger side meets a line
        // of every transformed dimension.
        let count = |dims: &[i64]| dims.iter().try_fold(1i64, |acc, &n| acc.checked_mul(n));
        let larger = count(&shape).zip(count(&result_shape)).map(|(a, b)| a.max(b));
        let work = larger.and_then(|n| count(&lengths).and_then(|l| n.checked_mul(l))).unwrap_or(i64::MAX);
        if work < GEMM_MIN_MULTIPLY_ADDS {
            return Ok(false);
        }
        if self.body.is_unused(result) {
            return Ok(true);
        }
        let ty = self.body.value_type(result);
        let Lowered::Buffer(out) = self.result_buffers(result, ty)? else {
            return Err(self.error("internal error: a tensor result without a buffer"));
        };
        let input = match self.values.get(&operand).cloned() {
            Some(Lowered::Buffer(buffer)) if matches!(self.is_dense_row_major(buffer), Ok(true)) => buffer,
            _ => {
                let copy = self.alloc(self.ctx().memref_type(&shape, input_element));
                self.copy_value(operand, copy, &shape)?;
                copy
            }
        };
        let output = if self.is_dense_row_major(out)? { out } else { self.alloc(self.ctx().memref_type(&result_shape, output_element)) };
        let dims = self.i64_buffer(&shape)?;
        let fft_lengths = self.i64_buffer(&lengths)?;
        let code = match fft_type {
            FftType::Fft => 0,
            FftType::Ifft => 1,
            FftType::Rfft => 2,
            FftType::Irfft => 3,
        };
        let code = self.scalar(xla_ir::Scalar::Int(code), self.ctx().int_type(32))?;
        let (rank, fft_rank) = (self.index(shape.len() as i64), self.index(lengths.len() as i64));
        self.call_runtime("xla_rt_fft_c64", &[code, input, output, dims, rank, fft_lengths, fft_rank])?;
        if output != out {
            self.copy(&Lowered::Buffer(output), out, &result_shape)?;
        }
        self.bind(result, Lowered::Buffer(out));
        Ok(true)
    }
}
