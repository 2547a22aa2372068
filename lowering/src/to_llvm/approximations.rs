//! XLA CPU's approximations of `exp`, `log`, `tanh`, `expm1` and `log1p` on `f32`, its
//! forms of `expm1` and `log1p` on `f64` (around the C library's `exp`, `log` and `tanh`),
//! and the magnitude, product and `expm1` of complex numbers (with `cosm1`), emitted
//! inline.
//!
//! These emit, operation for operation, the scalar forms of the `xla_math` crate from its
//! constants, so that compiled code, the interpreter and XLA agree bit for bit (XLA's
//! results are not correctly rounded; StableHLO's testdata holds them). A fused step is
//! `llvm.fma`, an unfused one a separate multiply and add: nothing here carries fast-math
//! flags, so LLVM contracts nothing on its own. The code is branch-free (compares and
//! selects), so loops over it vectorize.
//!
//! Operands and results are `f32` values. `f16` operands widen to `f32` first; the
//! composite functions then round every step back to `f16` ([`Steps::F16`]), as XLA CPU
//! computes `half` arithmetic; `bf16` computes in `f32` and rounds once at the end.

use xla_dialects::llvm::{FcmpPredicate, LlvmOpKind};
use xla_ir::{FloatKind, ValueId};
use xla_math::{Steps, COSM1, COSM1_SMALL, EXP, EXPM1_SMALL, LOG, LOG1P, TANH};

use super::lowering::FnLowering;
use super::types::Scalar;

impl FnLowering<'_, '_> {
    /// An `f32` constant.
    fn f32_const(&mut self, value: f32) -> ValueId {
        let ty = self.ctx().f32_type();
        self.float_const(f64::from(value), ty)
    }

    /// An `i32` constant of the bits `value`.
    fn i32_bits(&mut self, value: u32) -> ValueId {
        self.i32_const(value as i32)
    }

    /// `a * b + c`, one rounding.
    fn fused(&mut self, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        self.intrinsic("fma", &[a, b, c], ty)
    }

    /// `x` limited to `[low, high]`; NaN stays NaN (no compare holds for it).
    fn clamp_f32(&mut self, x: ValueId, low: f32, high: f32) -> ValueId {
        let (low, high) = (self.f32_const(low), self.f32_const(high));
        let below = self.fcmp(FcmpPredicate::Olt, x, low);
        let above = self.fcmp(FcmpPredicate::Ogt, x, high);
        let upper = self.select(above, high, x);
        self.select(below, low, upper)
    }

    /// `coefficients` (highest degree first, each exact in `x`'s type) at `x`, by
    /// Horner's rule, fused.
    fn horner(&mut self, x: ValueId, coefficients: &[f64]) -> ValueId {
        let ty = self.body.value_type(x);
        let mut sum = self.float_const(coefficients[0], ty);
        for &c in &coefficients[1..] {
            let c = self.float_const(c, ty);
            sum = self.fused(sum, x, c);
        }
        sum
    }

    /// `x` rounded as `steps` rounds a step: to `f16` and back, or as it is.
    pub(super) fn step(&mut self, x: ValueId, steps: Steps) -> ValueId {
        match steps {
            Steps::F32 => x,
            Steps::F16 => {
                let half = self.float_to_float(x, FloatKind::F32, FloatKind::F16);
                self.float_to_float(half, FloatKind::F16, FloatKind::F32)
            }
        }
    }

    /// The binary op `kind a, b` as a step of `steps`.
    fn step_op(&mut self, kind: LlvmOpKind, a: ValueId, b: ValueId, steps: Steps) -> ValueId {
        let value = self.binary(kind, a, b);
        self.step(value, steps)
    }

    /// `e^x` (`xla_math::exp`).
    pub(super) fn xla_exp(&mut self, x: ValueId) -> ValueId {
        let is_nan = self.fcmp(FcmpPredicate::Uno, x, x);
        let clamped = self.clamp_f32(x, EXP.low, EXP.high);
        let (log2_e, half) = (self.f32_const(EXP.log2_e), self.f32_const(0.5));
        let scaled = self.fused(clamped, log2_e, half);
        let ty = self.ctx().f32_type();
        let floor = self.intrinsic("floor", &[scaled], ty);
        let n = self.clamp_f32(floor, -EXP.max_exponent, EXP.max_exponent);
        let (ln2_high, ln2_low) = (self.f32_const(-EXP.ln2_high), self.f32_const(-EXP.ln2_low));
        let a = self.fused(ln2_high, n, clamped);
        let a = self.fused(ln2_low, n, a);
        let p = self.horner(a, &EXP.polynomial.map(f64::from));
        let a2 = self.binary(LlvmOpKind::FMul, a, a);
        let z = self.fused(p, a2, a);
        let one = self.f32_const(1.0);
        let z = self.binary(LlvmOpKind::FAdd, one, z);
        let i32_ty = self.ctx().int_type(32);
        let n_int = self.cast(LlvmOpKind::FPToSI, n, i32_ty);
        let bias = self.i32_const(127);
        let biased = self.binary(LlvmOpKind::Add, n_int, bias);
        let shift = self.i32_const(23);
        let bits = self.binary(LlvmOpKind::Shl, biased, shift);
        let power = self.cast(LlvmOpKind::Bitcast, bits, ty);
        let result = self.binary(LlvmOpKind::FMul, z, power);
        self.select(is_nan, x, result)
    }

    /// `ln(x)` (`xla_math::log`).
    pub(super) fn xla_log(&mut self, x: ValueId) -> ValueId {
        let ty = self.ctx().f32_type();
        let i32_ty = self.ctx().int_type(32);
        let zero = self.f32_const(0.0);
        let min_normal = self.i32_bits(LOG.min_normal_bits);
        let min_normal = self.cast(LlvmOpKind::Bitcast, min_normal, ty);
        // A subnormal operand (seen only with flushing off) is scaled into the normal range
        // and its exponent taken back.
        let subnormal = self.fcmp(FcmpPredicate::Olt, x, min_normal);
        let scale = self.f32_const(LOG.subnormal_scale);
        let scaled = self.binary(LlvmOpKind::FMul, x, scale);
        let t = self.select(subnormal, scaled, x);
        let (minus_scale_exponent, zero_exponent) = (self.f32_const(-LOG.subnormal_scale_exponent), self.f32_const(0.0));
        let extra = self.select(subnormal, minus_scale_exponent, zero_exponent);
        let bits = self.cast(LlvmOpKind::Bitcast, t, i32_ty);
        let shift = self.i32_const(23);
        let exponent_bits = self.binary(LlvmOpKind::LShr, bits, shift);
        let bias = self.i32_const(127);
        let unbiased = self.binary(LlvmOpKind::Sub, exponent_bits, bias);
        let e = self.cast(LlvmOpKind::SIToFP, unbiased, ty);
        let one = self.f32_const(1.0);
        let e = self.binary(LlvmOpKind::FAdd, e, one);
        let e = self.binary(LlvmOpKind::FAdd, e, extra);
        let mantissa_mask = self.i32_bits(!LOG.exponent_mask);
        let half_bits = self.i32_bits(LOG.half_bits);
        let mantissa = self.binary(LlvmOpKind::And, bits, mantissa_mask);
        let mantissa = self.binary(LlvmOpKind::Or, mantissa, half_bits);
        let m = self.cast(LlvmOpKind::Bitcast, mantissa, ty);
        // Mantissas below sqrt(1/2) double (`(m - 1) + m`) and take one off the exponent.
        let sqrt_half = self.f32_const(LOG.sqrt_half);
        let low = self.fcmp(FcmpPredicate::Olt, m, sqrt_half);
        let e_low = self.binary(LlvmOpKind::FSub, e, one);
        let e = self.select(low, e_low, e);
        let m_minus_one = self.binary(LlvmOpKind::FSub, m, one);
        let doubled = self.binary(LlvmOpKind::FAdd, m_minus_one, m);
        let m = self.select(low, doubled, m_minus_one);
        let p = LOG.polynomial;
        let m2 = self.binary(LlvmOpKind::FMul, m, m);
        let m3 = self.binary(LlvmOpKind::FMul, m2, m);
        let mut parts = [zero; 3];
        for (part, slot) in parts.iter_mut().enumerate() {
            let (c0, c1, c2) = (self.f32_const(p[3 * part]), self.f32_const(p[3 * part + 1]), self.f32_const(p[3 * part + 2]));
            let inner = self.fused(m, c0, c1);
            *slot = self.fused(inner, m, c2);
        }
        let y = self.fused(parts[0], m3, parts[1]);
        let y = self.fused(y, m3, parts[2]);
        let y = self.binary(LlvmOpKind::FMul, y, m3);
        let ln2_low = self.f32_const(LOG.ln2_low);
        let y = self.fused(ln2_low, e, y);
        let minus_half = self.f32_const(-0.5);
        let m = self.fused(minus_half, m2, m);
        let m = self.binary(LlvmOpKind::FAdd, m, y);
        let ln2_high = self.f32_const(LOG.ln2_high);
        let result = self.fused(ln2_high, e, m);
        // Special operands: NaN and negative numbers give NaN, zero -inf, +inf itself.
        let (nan, minus_inf, inf) = (self.f32_const(f32::NAN), self.f32_const(f32::NEG_INFINITY), self.f32_const(f32::INFINITY));
        let is_zero = self.fcmp(FcmpPredicate::Oeq, x, zero);
        let is_inf = self.fcmp(FcmpPredicate::Oeq, x, inf);
        let invalid = self.fcmp(FcmpPredicate::Ult, x, zero);
        let result = self.select(is_inf, inf, result);
        let result = self.select(is_zero, minus_inf, result);
        self.select(invalid, nan, result)
    }

    /// `tanh(x)` (`xla_math::tanh`).
    pub(super) fn xla_tanh(&mut self, x: ValueId) -> ValueId {
        let ty = self.ctx().f32_type();
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let small = self.f32_const(TANH.small);
        // `!(|x| >= small)` also holds for NaN, which passes through.
        let not_small = self.fcmp(FcmpPredicate::Oge, magnitude, small);
        let clamped = self.clamp_f32(x, -TANH.clamp, TANH.clamp);
        let x2 = self.binary(LlvmOpKind::FMul, clamped, clamped);
        let numerator = self.horner(x2, &TANH.numerator.map(f64::from));
        let numerator = self.binary(LlvmOpKind::FMul, clamped, numerator);
        let denominator = self.horner(x2, &TANH.denominator.map(f64::from));
        let quotient = self.binary(LlvmOpKind::FDiv, numerator, denominator);
        self.select(not_small, quotient, x)
    }

    /// `e^x - 1` (`xla_math::expm1_in`), its steps rounded as `steps` says.
    pub(super) fn xla_expm1(&mut self, x: ValueId, steps: Steps) -> ValueId {
        let ty = self.ctx().f32_type();
        let e = self.xla_exp(x);
        let e = self.step(e, steps);
        let one = self.f32_const(1.0);
        let large = self.step_op(LlvmOpKind::FSub, e, one, steps);
        let half = self.f32_const(0.5);
        let half_x = self.step_op(LlvmOpKind::FMul, x, half, steps);
        let tanh = self.xla_tanh(half_x);
        let tanh = self.step(tanh, steps);
        let e_plus_one = self.step_op(LlvmOpKind::FAdd, e, one, steps);
        let small = self.step_op(LlvmOpKind::FMul, tanh, e_plus_one, steps);
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let threshold = self.f32_const(EXPM1_SMALL);
        let is_small = self.fcmp(FcmpPredicate::Olt, magnitude, threshold);
        self.select(is_small, small, large)
    }

    /// `ln(1 + x)` (`xla_math::log1p_in`), its steps rounded as `steps` says.
    pub(super) fn xla_log1p(&mut self, x: ValueId, steps: Steps) -> ValueId {
        let ty = self.ctx().f32_type();
        let one = self.f32_const(1.0);
        let x_plus_one = self.step_op(LlvmOpKind::FAdd, x, one, steps);
        let large = self.xla_log(x_plus_one);
        let large = self.step(large, steps);
        let x2 = self.step_op(LlvmOpKind::FMul, x, x, steps);
        let (limit, numerator_coefficients, denominator_coefficients) = LOG1P.single();
        let (numerator, denominator) = match steps {
            Steps::F32 => (self.horner(x, &numerator_coefficients.map(f64::from)), self.horner(x, &denominator_coefficients.map(f64::from))),
            Steps::F16 => {
                (self.horner_steps(x, &numerator_coefficients, steps), self.horner_steps(x, &denominator_coefficients, steps))
            }
        };
        let ratio = self.step_op(LlvmOpKind::FDiv, numerator, denominator, steps);
        let x3 = self.step_op(LlvmOpKind::FMul, x, x2, steps);
        let minus_half = self.f32_const(-0.5);
        let half_square = self.step_op(LlvmOpKind::FMul, minus_half, x2, steps);
        let tail = match steps {
            Steps::F32 => self.fused(x3, ratio, half_square),
            Steps::F16 => {
                let product = self.step_op(LlvmOpKind::FMul, x3, ratio, steps);
                self.step_op(LlvmOpKind::FAdd, product, half_square, steps)
            }
        };
        let small = self.step_op(LlvmOpKind::FAdd, x, tail, steps);
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let threshold = self.f32_const(limit);
        let is_small = self.fcmp(FcmpPredicate::Olt, magnitude, threshold);
        self.select(is_small, small, large)
    }

    /// `e^x - 1` of `f64` (`xla_math::expm1_f64`): XLA's form on the C library's `exp`
    /// and `tanh`, called as `math_call` calls them (flushing under flushed subnormals).
    pub(super) fn xla_expm1_f64(&mut self, x: ValueId, scalar: Scalar) -> ValueId {
        let ty = self.body.value_type(x);
        let e = self.math_call("llvm.exp.f64", &[x], scalar);
        let one = self.float_const(1.0, ty);
        let large = self.binary(LlvmOpKind::FSub, e, one);
        let half = self.float_const(0.5, ty);
        let half_x = self.binary(LlvmOpKind::FMul, x, half);
        let tanh = self.math_call("tanh", &[half_x], scalar);
        let e_plus_one = self.binary(LlvmOpKind::FAdd, e, one);
        let small = self.binary(LlvmOpKind::FMul, tanh, e_plus_one);
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let threshold = self.float_const(f64::from(EXPM1_SMALL), ty);
        let is_small = self.fcmp(FcmpPredicate::Olt, magnitude, threshold);
        self.select(is_small, small, large)
    }

    /// `ln(1 + x)` of `f64` (`xla_math::log1p_f64`): XLA's form on the C library's `log`.
    pub(super) fn xla_log1p_f64(&mut self, x: ValueId, scalar: Scalar) -> ValueId {
        let ty = self.body.value_type(x);
        let one = self.float_const(1.0, ty);
        let x_plus_one = self.binary(LlvmOpKind::FAdd, x, one);
        let large = self.math_call("llvm.log.f64", &[x_plus_one], scalar);
        let numerator = self.horner(x, &LOG1P.numerator);
        let denominator = self.horner(x, &LOG1P.denominator);
        let ratio = self.binary(LlvmOpKind::FDiv, numerator, denominator);
        let x2 = self.binary(LlvmOpKind::FMul, x, x);
        let x3 = self.binary(LlvmOpKind::FMul, x, x2);
        let minus_half = self.float_const(-0.5, ty);
        let half_square = self.binary(LlvmOpKind::FMul, minus_half, x2);
        let tail = self.fused(x3, ratio, half_square);
        let small = self.binary(LlvmOpKind::FAdd, x, tail);
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let threshold = self.float_const(LOG1P.small, ty);
        let is_small = self.fcmp(FcmpPredicate::Olt, magnitude, threshold);
        self.select(is_small, small, large)
    }

    /// Horner's rule with every step rounded as `steps` says, unfused.
    fn horner_steps(&mut self, x: ValueId, coefficients: &[f32], steps: Steps) -> ValueId {
        let first = self.f32_const(coefficients[0]);
        let mut sum = self.step(first, steps);
        for &c in &coefficients[1..] {
            let c = self.f32_const(c);
            let c = self.step(c, steps);
            let product = self.step_op(LlvmOpKind::FMul, sum, x, steps);
            sum = self.step_op(LlvmOpKind::FAdd, product, c, steps);
        }
        sum
    }

    /// `|re + i im|` (`xla_math::complex_abs_f32` and `_f64`) of parts of type `f32` or
    /// `f64`.
    pub(super) fn xla_complex_abs(&mut self, re: ValueId, im: ValueId) -> ValueId {
        let ty = self.body.value_type(re);
        let a = self.intrinsic("fabs", &[re], ty);
        let b = self.intrinsic("fabs", &[im], ty);
        let a_larger = self.fcmp(FcmpPredicate::Oge, a, b);
        let max = self.select(a_larger, a, b);
        let min = self.select(a_larger, b, a);
        let ratio = self.binary(LlvmOpKind::FDiv, min, max);
        let one = self.float_const(1.0, ty);
        let sum = self.fused(ratio, ratio, one);
        let root = self.intrinsic("sqrt", &[sum], ty);
        let magnitude = self.binary(LlvmOpKind::FMul, max, root);
        // A zero `min` gives `max` (zero itself when both are), an infinite part +inf and
        // otherwise a NaN part NaN.
        let zero = self.float_const(0.0, ty);
        let inf = self.float_const(f64::INFINITY, ty);
        let nan = self.float_const(f64::NAN, ty);
        let min_zero = self.fcmp(FcmpPredicate::Oeq, min, zero);
        let magnitude = self.select(min_zero, max, magnitude);
        let any_nan = self.fcmp(FcmpPredicate::Uno, a, b);
        let magnitude = self.select(any_nan, nan, magnitude);
        let a_inf = self.fcmp(FcmpPredicate::Oeq, a, inf);
        let b_inf = self.fcmp(FcmpPredicate::Oeq, b, inf);
        let any_inf = self.binary(LlvmOpKind::Or, a_inf, b_inf);
        self.select(any_inf, inf, magnitude)
    }

    /// `lhs * rhs` of complex numbers given as parts of type `f32` or `f64`
    /// (`xla_math::complex_multiply_f32` and `_f64`): `(fma(a, c, -(b d)), fma(b, c, a d))`.
    pub(super) fn xla_complex_multiply(&mut self, lhs: (ValueId, ValueId), rhs: (ValueId, ValueId)) -> (ValueId, ValueId) {
        let ((a, b), (c, d)) = (lhs, rhs);
        let ty = self.body.value_type(a);
        let bd = self.binary(LlvmOpKind::FMul, b, d);
        let minus_bd = self.value_op(LlvmOpKind::FNeg.name(), &[bd], ty, &[]);
        let ad = self.binary(LlvmOpKind::FMul, a, d);
        (self.fused(a, c, minus_bd), self.fused(b, c, ad))
    }

    /// `cos(x) - 1` of an `f32` or `f64` `x` (`xla_math::cosm1_f32` and `_f64`): the
    /// cosine is the C library's in `f64`, rounded to `f32` for `f32`.
    fn xla_cosm1(&mut self, x: ValueId, kind: FloatKind) -> ValueId {
        let ty = self.body.value_type(x);
        let wide = self.float_to_float(x, kind, FloatKind::F64);
        let cos = self.math_call("llvm.cos.f64", &[wide], Scalar::Float(FloatKind::F64));
        let cos = self.float_to_float(cos, FloatKind::F64, kind);
        let one = self.float_const(1.0, ty);
        let large = self.binary(LlvmOpKind::FSub, cos, one);
        let xx = self.binary(LlvmOpKind::FMul, x, x);
        let xxxx = self.binary(LlvmOpKind::FMul, xx, xx);
        let poly = self.horner(xx, &COSM1);
        let minus_half = self.float_const(-0.5, ty);
        let half_square = self.binary(LlvmOpKind::FMul, minus_half, xx);
        let small = self.fused(xxxx, poly, half_square);
        let threshold = self.float_const(COSM1_SMALL, ty);
        let is_large = self.fcmp(FcmpPredicate::Ogt, xx, threshold);
        self.select(is_large, large, small)
    }

    /// `e^z - 1` of a complex number given as parts of type `f32` or `f64`
    /// (`xla_math::complex_expm1_f32` and `_f64`): `fma(expm1(re), cosm1(im) + 1,
    /// cosm1(im))` and `(expm1(re) + 1) sin(im)`, zero for a zero `im`.
    pub(super) fn xla_complex_expm1(&mut self, re: ValueId, im: ValueId, kind: FloatKind) -> (ValueId, ValueId) {
        let ty = self.body.value_type(re);
        let f64_scalar = Scalar::Float(FloatKind::F64);
        let expm1_re = if kind == FloatKind::F64 { self.xla_expm1_f64(re, f64_scalar) } else { self.xla_expm1(re, Steps::F32) };
        let one = self.float_const(1.0, ty);
        let exp_re = self.binary(LlvmOpKind::FAdd, expm1_re, one);
        let cosm1_im = self.xla_cosm1(im, kind);
        let cos_im = self.binary(LlvmOpKind::FAdd, cosm1_im, one);
        let wide_im = self.float_to_float(im, kind, FloatKind::F64);
        let sin_im = self.math_call("llvm.sin.f64", &[wide_im], f64_scalar);
        let sin_im = self.float_to_float(sin_im, FloatKind::F64, kind);
        let real = self.fused(expm1_re, cos_im, cosm1_im);
        let imag = self.binary(LlvmOpKind::FMul, exp_re, sin_im);
        let zero = self.float_const(0.0, ty);
        let im_zero = self.fcmp(FcmpPredicate::Oeq, im, zero);
        (real, self.select(im_zero, zero, imag))
    }
}
