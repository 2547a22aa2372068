//! Complex numbers: `loop.real`, `loop.imag`, `loop.complex`, `loop.complex_abs`, and
//! `loop.arith`, `loop.math`, `loop.compare` and `loop.convert` on `complex<f32>` and
//! `complex<f64>`, with the reference interpreter's formulas (`num_complex` 0.4 on `f64`
//! parts, each part rounded to the element's part format at the end).
//!
//! A complex value is its bits packed in one integer ([`super::types`]): `i64` for
//! `complex<f32>`, `i128` for `complex<f64>`, the real part in the low half. An op takes
//! its operands apart ([`FnLowering::complex_parts`]: truncations and a shift, bitcasts,
//! and `fpext` to `f64` for `f32` parts), computes on `f64` parts as the interpreter does,
//! and packs the result ([`FnLowering::pack_complex`]: `fptrunc` for `f32` parts,
//! bitcasts, a shift and an `or`). LLVM sees through the packing: the shifts and
//! truncations of a value just packed fold away.
//!
//! - `loop.real`/`loop.imag` are one part in its own format; `loop.complex` packs two;
//!   `loop.complex_abs` is XLA's magnitude `max * sqrt(1 + (min/max)^2)` in the part
//!   format ([`super::approximations`]), as the interpreter computes it.
//! - `multiply` is XLA's contracted product in the part format
//!   ([`FnLowering::xla_complex_multiply`]); `add`, `subtract` and `divide` are
//!   `num_complex`'s formulas (the quotient divides by `|b|^2` without scaling), evaluated
//!   in the same order without contraction, so they agree bit for bit; `maximum`/`minimum` pick an operand by the lexicographic
//!   order of the parts (a NaN part compares equal), as the interpreter does.
//! - `negate` negates both parts; `exponential` is `from_polar(exp(re), im)` with
//!   `num_complex`'s special cases for infinite and NaN real parts;
//!   `exponential_minus_one` is XLA's form in the part format
//!   ([`FnLowering::xla_complex_expm1`]); `log` is
//!   `(ln(hypot(re, im)), atan2(im, re))`; `log_plus_one` is `log` of `z + 1`; `sqrt`
//!   follows `num_complex`'s three branches (a zero imaginary part, a zero real part,
//!   else the polar form); `sign` is `z / |z|` with XLA's magnitude, divided in the part
//!   format, zero for zero, NaN for a NaN part. The
//!   transcendental functions are the `f64` functions of libm the interpreter calls, so
//!   they agree bit for bit unless LLVM vectorizes a loop into libmvec, whose results may
//!   be an ulp off.
//! - `loop.compare` takes `EQ` (both parts equal) and `NE`.
//! - `loop.convert` from a complex number to a real type converts its real part; to a
//!   complex type it converts the operand to `f64` and rounds it to the parts' format,
//!   with a zero imaginary part.
//!
//! - `power` is `powc` (`exp(b ln a)`, 1 for a zero exponent); `rsqrt` is `1 / sqrt(z)`
//!   and `logistic` `1 / (1 + exp(-z))`, dividing a real by a complex number as
//!   `num_complex` does; `sine`, `cosine`, `tan` and `tanh` are the textbook formulas
//!   `num_complex` uses (libm's `sinh` and `cosh`); `cbrt` follows its three branches.

use xla_dialects::hlo::ComparisonDirection;
use xla_dialects::loops::{ArithKind, LoopOp, MathKind};
use xla_dialects::llvm::{FcmpPredicate, IcmpPredicate, LlvmOpKind};
use xla_ir::{Diagnostic, FloatKind, OpId, Type, ValueId};

use super::lowering::FnLowering;
use super::types::Scalar;

/// The part format of the complex value `v`, or a located error.
fn part_kind(l: &FnLowering, v: ValueId) -> Result<FloatKind, Diagnostic> {
    match l.scalar_of(v)? {
        Scalar::Complex(kind) => Ok(kind),
        _ => Err(l.error("expected a complex number")),
    }
}

/// Lowers `loop.real` and `loop.imag`: the low or high half of the bits, as a float.
pub fn part(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let (operand, result) = (l.body.operand(op, 0), l.body.result(op, 0));
    let kind = part_kind(l, operand)?;
    let z = l.value(operand)?;
    let ctx = l.ctx();
    let (half, wide) = (ctx.int_type(kind.bit_width()), ctx.int_type(2 * kind.bit_width()));
    let bits = if matches!(LoopOp::of(l.body, op), Some(LoopOp::Imag(_))) {
        let shift = l.int_const(i128::from(kind.bit_width()), wide);
        l.binary(LlvmOpKind::LShr, z, shift)
    } else {
        z
    };
    let narrow = l.cast(LlvmOpKind::Trunc, bits, half);
    let value = l.cast(LlvmOpKind::Bitcast, narrow, ctx.float_type(kind));
    l.bind(result, value);
    Ok(())
}

/// Lowers `loop.complex`: both parts' bits packed in one integer.
pub fn build(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let result = l.body.result(op, 0);
    let kind = part_kind(l, result)?;
    let (re, im) = (l.value(l.body.operand(op, 0))?, l.value(l.body.operand(op, 1))?);
    let packed = l.pack_parts(re, im, kind);
    l.bind(result, packed);
    Ok(())
}

/// Lowers `loop.complex_abs`: XLA's magnitude, in the part format.
pub fn abs(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let (operand, result) = (l.body.operand(op, 0), l.body.result(op, 0));
    let kind = part_kind(l, operand)?;
    let z = l.value(operand)?;
    let parts = l.complex_parts(z, kind);
    let value = l.magnitude_in_part_format(parts, kind);
    l.bind(result, value);
    Ok(())
}

/// The two `f64` parts of a complex number.
#[derive(Copy, Clone)]
pub struct Parts {
    /// The real part.
    pub re: ValueId,
    /// The imaginary part.
    pub im: ValueId,
}

impl FnLowering<'_, '_> {
    /// The `f64` type complex parts compute in.
    fn f64_type(&self) -> Type {
        self.ctx().float_type(FloatKind::F64)
    }

    /// The parts of the packed complex number `z` whose parts are of `kind`, as `f64`.
    pub fn complex_parts(&mut self, z: ValueId, kind: FloatKind) -> Parts {
        let ctx = self.ctx();
        let (half, wide) = (ctx.int_type(kind.bit_width()), ctx.int_type(2 * kind.bit_width()));
        let shift = self.int_const(i128::from(kind.bit_width()), wide);
        let high = self.binary(LlvmOpKind::LShr, z, shift);
        let [re, im] = [z, high].map(|bits| {
            let narrow = self.cast(LlvmOpKind::Trunc, bits, half);
            let part = self.cast(LlvmOpKind::Bitcast, narrow, ctx.float_type(kind));
            self.float_to_float(part, kind, FloatKind::F64)
        });
        Parts { re, im }
    }

    /// The complex number with parts of `kind` packed from the `f64` parts `parts`, each
    /// rounded once to `kind`.
    pub fn pack_complex(&mut self, parts: Parts, kind: FloatKind) -> ValueId {
        let re = self.float_to_float(parts.re, FloatKind::F64, kind);
        let im = self.float_to_float(parts.im, FloatKind::F64, kind);
        self.pack_parts(re, im, kind)
    }

    /// The complex number with the parts `re` and `im`, already of format `kind`.
    fn pack_parts(&mut self, re: ValueId, im: ValueId, kind: FloatKind) -> ValueId {
        let ctx = self.ctx();
        let (half, wide) = (ctx.int_type(kind.bit_width()), ctx.int_type(2 * kind.bit_width()));
        let [re, im] = [re, im].map(|part| {
            let bits = self.cast(LlvmOpKind::Bitcast, part, half);
            self.cast(LlvmOpKind::ZExt, bits, wide)
        });
        let shift = self.int_const(i128::from(kind.bit_width()), wide);
        let high = self.binary(LlvmOpKind::Shl, im, shift);
        self.binary(LlvmOpKind::Or, re, high)
    }

    /// A binary op on complex numbers with parts of `kind` (see the module).
    pub fn complex_arith(&mut self, kind: ArithKind, part: FloatKind, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        use ArithKind::*;
        if matches!(kind, Maximum | Minimum) {
            return Ok(self.complex_extremum(kind == Maximum, part, a, b));
        }
        let (x, y) = (self.complex_parts(a, part), self.complex_parts(b, part));
        let result = match kind {
            Add => Parts { re: self.binary(LlvmOpKind::FAdd, x.re, y.re), im: self.binary(LlvmOpKind::FAdd, x.im, y.im) },
            Subtract => Parts { re: self.binary(LlvmOpKind::FSub, x.re, y.re), im: self.binary(LlvmOpKind::FSub, x.im, y.im) },
            Multiply => self.xla_multiply_in_part_format(x, y, part),
            Divide => self.complex_divide(x, y),
            Power => self.complex_power(x, y),
            Atan2 => self.complex_atan2(x, y),
            _ => return Err(self.error(format!("lower-to-llvm does not handle loop.arith {} on complex numbers yet", kind.name()))),
        };
        Ok(self.pack_complex(result, part))
    }

    /// `x * y`: `(xr*yr - xi*yi, xr*yi + xi*yr)`.
    fn complex_multiply(&mut self, x: Parts, y: Parts) -> Parts {
        let (rr, ii) = (self.binary(LlvmOpKind::FMul, x.re, y.re), self.binary(LlvmOpKind::FMul, x.im, y.im));
        let (ri, ir) = (self.binary(LlvmOpKind::FMul, x.re, y.im), self.binary(LlvmOpKind::FMul, x.im, y.re));
        Parts { re: self.binary(LlvmOpKind::FSub, rr, ii), im: self.binary(LlvmOpKind::FAdd, ri, ir) }
    }

    /// `x * y` as XLA computes it, in the part format `part`
    /// ([`FnLowering::xla_complex_multiply`]; the `f64` parts of `f32` numbers are exact in
    /// `f32`).
    fn xla_multiply_in_part_format(&mut self, x: Parts, y: Parts, part: FloatKind) -> Parts {
        let narrow = |l: &mut Self, v| l.float_to_float(v, FloatKind::F64, part);
        let (lhs, rhs) = ((narrow(self, x.re), narrow(self, x.im)), (narrow(self, y.re), narrow(self, y.im)));
        let (re, im) = self.xla_complex_multiply(lhs, rhs);
        Parts { re: self.float_to_float(re, part, FloatKind::F64), im: self.float_to_float(im, part, FloatKind::F64) }
    }

    /// `x / y`: `((xr*yr + xi*yi) / n, (xi*yr - xr*yi) / n)` with `n = yr^2 + yi^2`.
    fn complex_divide(&mut self, x: Parts, y: Parts) -> Parts {
        let (yr2, yi2) = (self.binary(LlvmOpKind::FMul, y.re, y.re), self.binary(LlvmOpKind::FMul, y.im, y.im));
        let norm = self.binary(LlvmOpKind::FAdd, yr2, yi2);
        let (rr, ii) = (self.binary(LlvmOpKind::FMul, x.re, y.re), self.binary(LlvmOpKind::FMul, x.im, y.im));
        let (ir, ri) = (self.binary(LlvmOpKind::FMul, x.im, y.re), self.binary(LlvmOpKind::FMul, x.re, y.im));
        let (re, im) = (self.binary(LlvmOpKind::FAdd, rr, ii), self.binary(LlvmOpKind::FSub, ir, ri));
        Parts { re: self.binary(LlvmOpKind::FDiv, re, norm), im: self.binary(LlvmOpKind::FDiv, im, norm) }
    }

    /// `maximum` (or `minimum`): `b` when `a` is lexicographically less (greater) than
    /// `b`, else `a`; a NaN part compares equal to anything.
    fn complex_extremum(&mut self, maximum: bool, part: FloatKind, a: ValueId, b: ValueId) -> ValueId {
        let (x, y) = (self.complex_parts(a, part), self.complex_parts(b, part));
        let (before, after) = if maximum { (FcmpPredicate::Olt, FcmpPredicate::Ogt) } else { (FcmpPredicate::Ogt, FcmpPredicate::Olt) };
        let re_before = self.fcmp(before, x.re, y.re);
        let re_after = self.fcmp(after, x.re, y.re);
        let im_before = self.fcmp(before, x.im, y.im);
        let true_ = self.int_const(1, self.ctx().int_type(1));
        let re_not_after = self.binary(LlvmOpKind::Xor, re_after, true_);
        let tie_then_im = self.binary(LlvmOpKind::And, re_not_after, im_before);
        let take_b = self.binary(LlvmOpKind::Or, re_before, tie_then_im);
        self.select(take_b, b, a)
    }

    /// A unary op on complex numbers with parts of `kind` (see the module).
    pub fn complex_math(&mut self, kind: MathKind, part: FloatKind, z: ValueId) -> Result<ValueId, Diagnostic> {
        use MathKind::*;
        let x = self.complex_parts(z, part);
        let f64_ty = self.f64_type();
        let result = match kind {
            Negate => Parts { re: self.value_op(LlvmOpKind::FNeg.name(), &[x.re], f64_ty, &[]), im: self.value_op(LlvmOpKind::FNeg.name(), &[x.im], f64_ty, &[]) },
            Exponential => self.complex_exp(x),
            ExponentialMinusOne => {
                let (re, im) = (self.float_to_float(x.re, FloatKind::F64, part), self.float_to_float(x.im, FloatKind::F64, part));
                let (re, im) = self.xla_complex_expm1(re, im, part);
                Parts { re: self.float_to_float(re, part, FloatKind::F64), im: self.float_to_float(im, part, FloatKind::F64) }
            }
            Log => self.complex_log(x),
            LogPlusOne => {
                let one = self.float_const(1.0, f64_ty);
                let shifted = Parts { re: self.binary(LlvmOpKind::FAdd, x.re, one), im: x.im };
                self.complex_log(shifted)
            }
            Sqrt => self.complex_sqrt(x),
            Rsqrt => {
                let root = self.complex_sqrt(x);
                self.real_over_complex(1.0, root)
            }
            Cbrt => self.complex_cbrt(x),
            Sign => self.complex_sign(x, part),
            Sine => self.complex_sin(x),
            Cosine => self.complex_cos(x),
            Tan => self.complex_tan(x, false),
            Tanh => self.complex_tan(x, true),
            Logistic => {
                let minus = Parts { re: self.value_op(LlvmOpKind::FNeg.name(), &[x.re], f64_ty, &[]), im: self.value_op(LlvmOpKind::FNeg.name(), &[x.im], f64_ty, &[]) };
                let e = self.complex_exp(minus);
                let one = self.float_const(1.0, f64_ty);
                let denominator = Parts { re: self.binary(LlvmOpKind::FAdd, one, e.re), im: e.im };
                self.real_over_complex(1.0, denominator)
            }
            _ => return Err(self.error(format!("lower-to-llvm does not handle loop.math {} on complex numbers yet", kind.name()))),
        };
        Ok(self.pack_complex(result, part))
    }

    /// A call of the `f64` function `callee` (an intrinsic or libm), flushing as
    /// [`FnLowering::math_call`] does.
    fn f64_call(&mut self, callee: &str, args: &[ValueId]) -> ValueId {
        self.math_call(callee, args, Scalar::Float(FloatKind::F64))
    }

    /// `from_polar(r, theta)`: `(r * cos(theta), r * sin(theta))`.
    fn from_polar(&mut self, r: ValueId, theta: ValueId) -> Parts {
        let cos = self.f64_call("llvm.cos.f64", &[theta]);
        let sin = self.f64_call("llvm.sin.f64", &[theta]);
        Parts { re: self.binary(LlvmOpKind::FMul, r, cos), im: self.binary(LlvmOpKind::FMul, r, sin) }
    }

    /// `exp(z)`: `from_polar(exp(re), im)`, except that `+inf` with a zero or non-finite
    /// imaginary part gives `(+inf, im)` (NaN for an infinite `im`), `-inf` with a
    /// non-finite imaginary part gives 0, and NaN with a zero imaginary part gives `z`.
    fn complex_exp(&mut self, z: Parts) -> Parts {
        let ty = self.f64_type();
        let exp = self.f64_call("llvm.exp.f64", &[z.re]);
        let polar = self.from_polar(exp, z.im);
        let (zero, inf, neg_inf, nan) = (self.float_const(0.0, ty), self.float_const(f64::INFINITY, ty), self.float_const(f64::NEG_INFINITY, ty), self.float_const(f64::NAN, ty));
        let im_abs = self.intrinsic("fabs", &[z.im], ty);
        let im_infinite = self.fcmp(FcmpPredicate::Oeq, im_abs, inf);
        let im_zero = self.fcmp(FcmpPredicate::Oeq, z.im, zero);
        let im_not_finite = self.fcmp(FcmpPredicate::Uge, im_abs, inf);
        let re_pos_inf = self.fcmp(FcmpPredicate::Oeq, z.re, inf);
        let re_neg_inf = self.fcmp(FcmpPredicate::Oeq, z.re, neg_inf);
        let re_nan = self.fcmp(FcmpPredicate::Uno, z.re, z.re);
        // +inf: (re, im) when im is zero or not finite, with an infinite im made NaN.
        let zero_or_not_finite = self.binary(LlvmOpKind::Or, im_zero, im_not_finite);
        let pos_case = self.binary(LlvmOpKind::And, re_pos_inf, zero_or_not_finite);
        let pos_im = self.select(im_infinite, nan, z.im);
        // -inf with a non-finite im: zero.
        let neg_case = self.binary(LlvmOpKind::And, re_neg_inf, im_not_finite);
        // NaN with a zero im: z itself.
        let nan_case = self.binary(LlvmOpKind::And, re_nan, im_zero);
        let re = self.select(pos_case, z.re, polar.re);
        let im = self.select(pos_case, pos_im, polar.im);
        let re = self.select(neg_case, zero, re);
        let im = self.select(neg_case, zero, im);
        let re = self.select(nan_case, z.re, re);
        let im = self.select(nan_case, z.im, im);
        Parts { re, im }
    }

    /// `|z|` (`hypot`) and `arg(z)` (`atan2(im, re)`).
    fn to_polar(&mut self, z: Parts) -> (ValueId, ValueId) {
        let norm = self.f64_call("hypot", &[z.re, z.im]);
        let arg = self.f64_call("atan2", &[z.im, z.re]);
        (norm, arg)
    }

    /// `ln(z)`: `(ln|z|, arg(z))`.
    fn complex_log(&mut self, z: Parts) -> Parts {
        let (r, theta) = self.to_polar(z);
        Parts { re: self.f64_call("llvm.log.f64", &[r]), im: theta }
    }

    /// `sqrt(z)` by `num_complex`'s branches, all computed and chosen by selects.
    fn complex_sqrt(&mut self, z: Parts) -> Parts {
        let ty = self.f64_type();
        let i64_ty = self.ctx().int_type(64);
        let (zero, two) = (self.float_const(0.0, ty), self.float_const(2.0, ty));
        // A zero imaginary part: (sqrt(re), im) for re with its sign bit clear, else
        // (0, +-sqrt(-re)) with the sign of im.
        let re_bits = self.cast(LlvmOpKind::Bitcast, z.re, i64_ty);
        let zero_i64 = self.i64_const(0);
        let re_positive = self.icmp(IcmpPredicate::Sge, re_bits, zero_i64);
        let root_re = self.intrinsic("sqrt", &[z.re], ty);
        let neg_re = self.value_op(LlvmOpKind::FNeg.name(), &[z.re], ty, &[]);
        let root_neg = self.intrinsic("sqrt", &[neg_re], ty);
        let signed_root_neg = self.intrinsic("copysign", &[root_neg, z.im], ty);
        let real_re = self.select(re_positive, root_re, zero);
        let real_im = self.select(re_positive, z.im, signed_root_neg);
        // A zero real part: x = sqrt(|im| / 2), (x, +-x) with the sign of im.
        let im_abs = self.intrinsic("fabs", &[z.im], ty);
        let half = self.binary(LlvmOpKind::FDiv, im_abs, two);
        let x = self.intrinsic("sqrt", &[half], ty);
        let signed_x = self.intrinsic("copysign", &[x, z.im], ty);
        // Otherwise the polar form: from_polar(sqrt(r), theta / 2).
        let (r, theta) = self.to_polar(z);
        let root_r = self.intrinsic("sqrt", &[r], ty);
        let half_theta = self.binary(LlvmOpKind::FDiv, theta, two);
        let polar = self.from_polar(root_r, half_theta);
        let im_zero = self.fcmp(FcmpPredicate::Oeq, z.im, zero);
        let re_zero = self.fcmp(FcmpPredicate::Oeq, z.re, zero);
        let re = self.select(re_zero, x, polar.re);
        let im = self.select(re_zero, signed_x, polar.im);
        Parts { re: self.select(im_zero, real_re, re), im: self.select(im_zero, real_im, im) }
    }

    /// `|z|` as XLA computes it ([`FnLowering::xla_complex_abs`]), in the part format
    /// `kind` (`f32` parts are exact in `f64`, so narrowing them first loses nothing).
    fn magnitude_in_part_format(&mut self, z: Parts, kind: FloatKind) -> ValueId {
        if kind == FloatKind::F64 {
            return self.xla_complex_abs(z.re, z.im);
        }
        let re = self.float_to_float(z.re, FloatKind::F64, kind);
        let im = self.float_to_float(z.im, FloatKind::F64, kind);
        self.xla_complex_abs(re, im)
    }

    /// `sign(z)`: NaN when a part is NaN, zero when `|z|` is zero, else `z / |z|` with
    /// XLA's magnitude, divided in the part format `kind`.
    fn complex_sign(&mut self, z: Parts, kind: FloatKind) -> Parts {
        let ty = self.f64_type();
        let (zero, nan) = (self.float_const(0.0, ty), self.float_const(f64::NAN, ty));
        let magnitude = self.magnitude_in_part_format(z, kind);
        let (re, im) = if kind == FloatKind::F64 {
            (self.binary(LlvmOpKind::FDiv, z.re, magnitude), self.binary(LlvmOpKind::FDiv, z.im, magnitude))
        } else {
            let re = self.float_to_float(z.re, FloatKind::F64, kind);
            let im = self.float_to_float(z.im, FloatKind::F64, kind);
            let (re, im) = (self.binary(LlvmOpKind::FDiv, re, magnitude), self.binary(LlvmOpKind::FDiv, im, magnitude));
            (self.float_to_float(re, kind, FloatKind::F64), self.float_to_float(im, kind, FloatKind::F64))
        };
        let norm = if kind == FloatKind::F64 { magnitude } else { self.float_to_float(magnitude, kind, FloatKind::F64) };
        let norm_zero = self.fcmp(FcmpPredicate::Oeq, norm, zero);
        let (re, im) = (self.select(norm_zero, zero, re), self.select(norm_zero, zero, im));
        let any_nan = self.fcmp(FcmpPredicate::Uno, z.re, z.im);
        Parts { re: self.select(any_nan, nan, re), im: self.select(any_nan, nan, im) }
    }

    /// `a / z` for a real `a`: `(a*re / n, 0 - a*im / n)` with `n = re^2 + im^2`, as
    /// `num_complex` divides a real by a complex number.
    fn real_over_complex(&mut self, a: f64, z: Parts) -> Parts {
        let ty = self.f64_type();
        let (a, zero) = (self.float_const(a, ty), self.float_const(0.0, ty));
        let (re2, im2) = (self.binary(LlvmOpKind::FMul, z.re, z.re), self.binary(LlvmOpKind::FMul, z.im, z.im));
        let norm = self.binary(LlvmOpKind::FAdd, re2, im2);
        let (a_re, a_im) = (self.binary(LlvmOpKind::FMul, a, z.re), self.binary(LlvmOpKind::FMul, a, z.im));
        let re = self.binary(LlvmOpKind::FDiv, a_re, norm);
        let im = self.binary(LlvmOpKind::FDiv, a_im, norm);
        Parts { re, im: self.binary(LlvmOpKind::FSub, zero, im) }
    }

    /// `a^b`: `(1, 0)` for `b = 0`, else `exp(b * ln(a))` (`num_complex`'s `powc`).
    fn complex_power(&mut self, a: Parts, b: Parts) -> Parts {
        let ty = self.f64_type();
        let (zero, one) = (self.float_const(0.0, ty), self.float_const(1.0, ty));
        let log = self.complex_log(a);
        let product = self.complex_multiply(b, log);
        let power = self.complex_exp(product);
        let (re_zero, im_zero) = (self.fcmp(FcmpPredicate::Oeq, b.re, zero), self.fcmp(FcmpPredicate::Oeq, b.im, zero));
        let exponent_zero = self.binary(LlvmOpKind::And, re_zero, im_zero);
        Parts { re: self.select(exponent_zero, one, power.re), im: self.select(exponent_zero, zero, power.im) }
    }

    /// `atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2))`, XLA's definition for complex
    /// numbers (the angle of `x + i y` when both are real).
    fn complex_atan2(&mut self, y: Parts, x: Parts) -> Parts {
        let ty = self.f64_type();
        let sum = Parts { re: self.binary(LlvmOpKind::FSub, x.re, y.im), im: self.binary(LlvmOpKind::FAdd, x.im, y.re) };
        let (xx, yy) = (self.complex_multiply(x, x), self.complex_multiply(y, y));
        let squares = Parts { re: self.binary(LlvmOpKind::FAdd, xx.re, yy.re), im: self.binary(LlvmOpKind::FAdd, xx.im, yy.im) };
        let norm = self.complex_sqrt(squares);
        let quotient = self.complex_divide(sum, norm);
        let log = self.complex_log(quotient);
        let minus_re = self.value_op(LlvmOpKind::FNeg.name(), &[log.re], ty, &[]);
        Parts { re: log.im, im: minus_re }
    }

    /// `sin(z) = (sin(re) cosh(im), cos(re) sinh(im))`.
    fn complex_sin(&mut self, z: Parts) -> Parts {
        let (sin, cos) = (self.f64_call("llvm.sin.f64", &[z.re]), self.f64_call("llvm.cos.f64", &[z.re]));
        let (cosh, sinh) = (self.f64_call("cosh", &[z.im]), self.f64_call("sinh", &[z.im]));
        Parts { re: self.binary(LlvmOpKind::FMul, sin, cosh), im: self.binary(LlvmOpKind::FMul, cos, sinh) }
    }

    /// `cos(z) = (cos(re) cosh(im), -sin(re) sinh(im))`.
    fn complex_cos(&mut self, z: Parts) -> Parts {
        let ty = self.f64_type();
        let (sin, cos) = (self.f64_call("llvm.sin.f64", &[z.re]), self.f64_call("llvm.cos.f64", &[z.re]));
        let (cosh, sinh) = (self.f64_call("cosh", &[z.im]), self.f64_call("sinh", &[z.im]));
        let minus_sin = self.value_op(LlvmOpKind::FNeg.name(), &[sin], ty, &[]);
        Parts { re: self.binary(LlvmOpKind::FMul, cos, cosh), im: self.binary(LlvmOpKind::FMul, minus_sin, sinh) }
    }

    /// `tan(z) = (sin(2re), sinh(2im)) / (cos(2re) + cosh(2im))`, or with `hyperbolic`
    /// `tanh(z) = (sinh(2re), sin(2im)) / (cosh(2re) + cos(2im))`, each part divided by the
    /// real denominator.
    fn complex_tan(&mut self, z: Parts, hyperbolic: bool) -> Parts {
        let (two_re, two_im) = (self.binary(LlvmOpKind::FAdd, z.re, z.re), self.binary(LlvmOpKind::FAdd, z.im, z.im));
        let (circular, hyper) = if hyperbolic { (two_im, two_re) } else { (two_re, two_im) };
        let (sin, cos) = (self.f64_call("llvm.sin.f64", &[circular]), self.f64_call("llvm.cos.f64", &[circular]));
        let (sinh, cosh) = (self.f64_call("sinh", &[hyper]), self.f64_call("cosh", &[hyper]));
        let (numerator, denominator) = if hyperbolic {
            (Parts { re: sinh, im: sin }, self.binary(LlvmOpKind::FAdd, cosh, cos))
        } else {
            (Parts { re: sin, im: sinh }, self.binary(LlvmOpKind::FAdd, cos, cosh))
        };
        Parts { re: self.binary(LlvmOpKind::FDiv, numerator.re, denominator), im: self.binary(LlvmOpKind::FDiv, numerator.im, denominator) }
    }

    /// `cbrt(z)` by `num_complex`'s branches, all computed and chosen by selects: a zero
    /// imaginary part gives `(cbrt(re), im)` for `re` with its sign bit clear and
    /// `(c, +-sqrt(3) c)` with `c = cbrt(-re) / 2` (the sign of `im`'s sign bit) otherwise;
    /// a zero real part gives `(sqrt(3) c, +-c)` with `c = cbrt(|im|) / 2`; else the polar
    /// form `from_polar(cbrt(|z|), arg(z) / 3)`.
    fn complex_cbrt(&mut self, z: Parts) -> Parts {
        let ty = self.f64_type();
        let i64_ty = self.ctx().int_type(64);
        let (zero, two, three) = (self.float_const(0.0, ty), self.float_const(2.0, ty), self.float_const(3.0, ty));
        let sqrt3 = self.float_const(3f64.sqrt(), ty);
        let zero_i64 = self.i64_const(0);
        let re_bits = self.cast(LlvmOpKind::Bitcast, z.re, i64_ty);
        let re_positive = self.icmp(IcmpPredicate::Sge, re_bits, zero_i64);
        let im_bits = self.cast(LlvmOpKind::Bitcast, z.im, i64_ty);
        let im_positive = self.icmp(IcmpPredicate::Sge, im_bits, zero_i64);
        // A zero imaginary part.
        let root_re = self.f64_call("cbrt", &[z.re]);
        let neg_re = self.value_op(LlvmOpKind::FNeg.name(), &[z.re], ty, &[]);
        let root_neg = self.f64_call("cbrt", &[neg_re]);
        let c = self.binary(LlvmOpKind::FDiv, root_neg, two);
        let c_sqrt3 = self.binary(LlvmOpKind::FMul, sqrt3, c);
        let minus_c_sqrt3 = self.value_op(LlvmOpKind::FNeg.name(), &[c_sqrt3], ty, &[]);
        let negative_im = self.select(im_positive, c_sqrt3, minus_c_sqrt3);
        let real_re = self.select(re_positive, root_re, c);
        let real_im = self.select(re_positive, z.im, negative_im);
        // A zero real part.
        let im_abs = self.intrinsic("fabs", &[z.im], ty);
        let root_im = self.f64_call("cbrt", &[im_abs]);
        let d = self.binary(LlvmOpKind::FDiv, root_im, two);
        let d_sqrt3 = self.binary(LlvmOpKind::FMul, sqrt3, d);
        let minus_d = self.value_op(LlvmOpKind::FNeg.name(), &[d], ty, &[]);
        let imaginary_im = self.select(im_positive, d, minus_d);
        // Otherwise the polar form.
        let (r, theta) = self.to_polar(z);
        let root_r = self.f64_call("cbrt", &[r]);
        let third = self.binary(LlvmOpKind::FDiv, theta, three);
        let polar = self.from_polar(root_r, third);
        let (im_zero, re_zero) = (self.fcmp(FcmpPredicate::Oeq, z.im, zero), self.fcmp(FcmpPredicate::Oeq, z.re, zero));
        let re = self.select(re_zero, d_sqrt3, polar.re);
        let im = self.select(re_zero, imaginary_im, polar.im);
        Parts { re: self.select(im_zero, real_re, re), im: self.select(im_zero, real_im, im) }
    }

    /// `a direction b` on complex numbers: `EQ` when both parts are equal, `NE` otherwise.
    pub fn complex_compare(&mut self, direction: ComparisonDirection, part: FloatKind, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        let (x, y) = (self.complex_parts(a, part), self.complex_parts(b, part));
        let (re_eq, im_eq) = (self.fcmp(FcmpPredicate::Oeq, x.re, y.re), self.fcmp(FcmpPredicate::Oeq, x.im, y.im));
        let equal = self.binary(LlvmOpKind::And, re_eq, im_eq);
        match direction {
            ComparisonDirection::Eq => Ok(equal),
            ComparisonDirection::Ne => {
                let true_ = self.int_const(1, self.ctx().int_type(1));
                Ok(self.binary(LlvmOpKind::Xor, equal, true_))
            }
            _ => Err(self.error("loop.compare orders complex numbers only with EQ and NE")),
        }
    }

    /// `x` of `from` converted to `to` where either is complex, as the interpreter
    /// converts; `None` when neither is.
    pub fn complex_convert(&mut self, x: ValueId, from: Scalar, to: Scalar) -> Option<ValueId> {
        match (from, to) {
            (Scalar::Complex(a), Scalar::Complex(b)) => {
                let parts = self.complex_parts(x, a);
                Some(self.pack_complex(parts, b))
            }
            (Scalar::Complex(a), _) => {
                let parts = self.complex_parts(x, a);
                let re = self.float_to_float(parts.re, FloatKind::F64, a);
                Some(self.convert_scalar(re, Scalar::Float(a), to))
            }
            (_, Scalar::Complex(b)) => {
                let re = self.convert_scalar(x, from, Scalar::Float(FloatKind::F64));
                let zero = self.float_const(0.0, self.f64_type());
                Some(self.pack_complex(Parts { re, im: zero }, b))
            }
            _ => None,
        }
    }
}
