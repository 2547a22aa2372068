//! Complex numbers in MLIR's `complex` dialect: `complex<f32>` and `complex<f64>` values
//! (in memrefs too: `memref<4xcomplex<f32>>`, laid out as our packed parts, the real part
//! first), with the semantics of `lower-to-llvm` (`xla_lowering::to_llvm::complex`: the
//! reference interpreter's `num_complex` formulas on `f64` parts, each part rounded once to
//! the element's part format at the end), so the two code generators agree bit for bit.
//!
//! - `loop.real`, `loop.imag` and `loop.complex` are `complex.re`, `complex.im` and
//!   `complex.create`; `add`, `subtract`, `negate` and `EQ`/`NE` are `complex.add`,
//!   `complex.sub`, `complex.neg`, `complex.eq` and `complex.neq`, which
//!   `convert-complex-to-standard` lowers to the same part-wise arithmetic and compares
//!   (one rounding of an exact sum: computing it in `f64` first gives the same bits).
//! - Everything else takes the operands apart (`complex.re`/`complex.im`, `arith.extf` to
//!   `f64`), computes our formulas in `arith` and `math` (libm's `hypot`, `atan2`, `sinh`,
//!   `cosh` and `cbrt` called directly for MLIR's lowering, flushed as `scalar.rs` flushes
//!   around libm) and builds the result with `complex.create`. Not `complex.mul`,
//!   `complex.div`, `complex.abs`, `complex.exp`, ...: MLIR lowers them with other formulas
//!   (C's Annex G recovery of infinities for `mul`, Smith's scaled quotient for `div`, a
//!   scaled `hypot` for `abs`, in the part format rather than in `f64`), whose results
//!   differ from ours in the last bits and at infinities.
//! - `multiply` and `exponential_minus_one` are XLA's forms in the part format, as
//!   `lower-to-llvm` emits them: the contracted product with `math.fma`, and `expm1`
//!   through the runtime's `xla_rt_math_complex_expm1_*` (the `xla_math` crate's form).
//! - Conversions and `maximum`/`minimum` are as `lower-to-llvm` defines them: from a complex
//!   number its real part, to one a zero imaginary part, extrema by the lexicographic order
//!   of the parts.

use mlir_sys::MlirValue;
use xla_dialects::hlo::ComparisonDirection;
use xla_dialects::loops::{ArithKind, ArithOp, CompareOp, ComplexAbsOp, ComplexOp, MathKind, MathOp};
use xla_ir::{Diagnostic, FloatKind, Op, OpId, ValueId};

use super::{Exporter, Scalar};

/// The two `f64` parts of a complex number.
#[derive(Copy, Clone)]
pub(super) struct Parts {
    re: MlirValue,
    im: MlirValue,
}

impl Exporter<'_, '_, '_> {
    /// `loop.real` and `loop.imag` (`op`, of `operand`, giving `result`): `complex.re` and
    /// `complex.im`.
    pub(super) fn complex_part(&mut self, op: OpId, operand: ValueId, result: ValueId, imaginary: bool) -> Result<MlirValue, Diagnostic> {
        let z = self.get(op, operand)?;
        let ty = self.ty(op, self.body.value_type(result))?;
        Ok(self.value(if imaginary { "complex.im" } else { "complex.re" }, &[z], ty, &[]))
    }

    /// `loop.complex`: `complex.create`.
    pub(super) fn complex_build(&mut self, complex: ComplexOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let op = complex.id();
        let (re, im) = (self.get(op, complex.real(body))?, self.get(op, complex.imag(body))?);
        let ty = self.ty(op, body.value_type(complex.result(body)))?;
        Ok(self.value("complex.create", &[re, im], ty, &[]))
    }

    /// `loop.complex_abs`: XLA's magnitude in the part format for MLIR's lowering (as our
    /// lowering computes it), `hypot` of the `f64` parts rounded to it otherwise.
    pub(super) fn complex_abs(&mut self, abs: ComplexAbsOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let op = abs.id();
        let kind = self.part_kind(op, body.value_type(abs.operand(body)))?;
        let z = self.get(op, abs.operand(body))?;
        let parts = self.complex_parts(z, kind);
        let norm = self.magnitude(parts, kind);
        Ok(self.float_to_float(norm, FloatKind::F64, kind))
    }

    /// `|z|` of parts of `kind` (given as `f64`), as an `f64`: for MLIR's lowering, XLA's
    /// magnitude computed in the part format by the runtime's `xla_rt_math_complex_abs_*`
    /// (exact in `f64`); otherwise `hypot`.
    fn magnitude(&mut self, z: Parts, kind: FloatKind) -> MlirValue {
        if !self.libm_calls {
            return self.hypot(z);
        }
        if kind == FloatKind::F64 {
            return self.flushed(Scalar::Float(FloatKind::F64), |e, a| e.xla_math_or("", "xla_rt_math_complex_abs_f64", a), &[z.re, z.im]);
        }
        let (re, im) = (self.float_to_float(z.re, FloatKind::F64, kind), self.float_to_float(z.im, FloatKind::F64, kind));
        let norm = self.flushed(Scalar::Float(kind), |e, a| e.xla_math_or("", "xla_rt_math_complex_abs_f32", a), &[re, im]);
        self.float_to_float(norm, kind, FloatKind::F64)
    }

    /// The part format of the complex type `ty`.
    fn part_kind(&self, op: OpId, ty: xla_ir::Type) -> Result<FloatKind, Diagnostic> {
        match self.scalar(op, ty)? {
            Scalar::Complex(kind) => Ok(kind),
            _ => Err(self.error(op, "expected a complex number")),
        }
    }

    /// The parts of `z` (parts of `kind`), as `f64`.
    fn complex_parts(&mut self, z: MlirValue, kind: FloatKind) -> Parts {
        let part = self.float_type(kind);
        let re = self.value("complex.re", &[z], part, &[]);
        let im = self.value("complex.im", &[z], part, &[]);
        Parts { re: self.float_to_float(re, kind, FloatKind::F64), im: self.float_to_float(im, kind, FloatKind::F64) }
    }

    /// The complex number of `kind` parts made of the `f64` `parts`, each rounded once.
    fn pack_complex(&mut self, parts: Parts, kind: FloatKind) -> MlirValue {
        let re = self.float_to_float(parts.re, FloatKind::F64, kind);
        let im = self.float_to_float(parts.im, FloatKind::F64, kind);
        let ty = self.complex_type(kind);
        self.value("complex.create", &[re, im], ty, &[])
    }

    fn complex_type(&self, kind: FloatKind) -> mlir_sys::MlirType {
        self.parse_type(if kind == FloatKind::F32 { "complex<f32>" } else { "complex<f64>" })
    }

    fn f64(&mut self, value: f64) -> MlirValue {
        self.float_const(value, FloatKind::F64)
    }

    /// A unary `f64` function of libm or an intrinsic our lowering calls with flushed
    /// operands and result: `math.<name>`, or libm's `function` for MLIR's lowering.
    fn f64_call(&mut self, name: &str, function: Option<&str>, args: &[MlirValue]) -> MlirValue {
        let name = name.to_string();
        let function = function.map(str::to_string);
        self.flushed(
            Scalar::Float(FloatKind::F64),
            move |e, v| match &function {
                Some(f) => e.libm_or(&name, f, v),
                None => {
                    let ty = e.value_type(v[0]);
                    e.value(&name, v, ty, &[])
                }
            },
            args,
        )
    }

    /// `hypot(re, im)` in `f64`: libm's for MLIR's lowering, `complex.abs` otherwise (MLIR's
    /// `math` has no `hypot`).
    fn hypot(&mut self, z: Parts) -> MlirValue {
        if self.libm_calls {
            return self.f64_call("", Some("hypot"), &[z.re, z.im]);
        }
        let (ty, f64_ty) = (self.complex_type(FloatKind::F64), self.float_type(FloatKind::F64));
        let c = self.value("complex.create", &[z.re, z.im], ty, &[]);
        self.value("complex.abs", &[c], f64_ty, &[])
    }

    fn neg(&mut self, x: MlirValue) -> MlirValue {
        self.un("arith.negf", x)
    }

    // ---- loop.arith -------------------------------------------------------------------

    /// A binary op on complex numbers with parts of `part`.
    pub(super) fn complex_arith(&mut self, op: OpId, kind: ArithKind, part: FloatKind, a: MlirValue, b: MlirValue) -> Result<MlirValue, Diagnostic> {
        use ArithKind::*;
        let ty = self.complex_type(part);
        let result = match kind {
            Add => return Ok(self.value("complex.add", &[a, b], ty, &[])),
            Subtract => return Ok(self.value("complex.sub", &[a, b], ty, &[])),
            Maximum | Minimum => return Ok(self.complex_extremum(kind == Maximum, part, a, b)),
            Multiply => return Ok(self.xla_complex_multiply(a, b, part)),
            Divide | Power | Atan2 => {
                let (x, y) = (self.complex_parts(a, part), self.complex_parts(b, part));
                match kind {
                    Divide => self.complex_divide(x, y),
                    Atan2 => self.complex_atan2(x, y),
                    _ => self.complex_power(x, y),
                }
            }
            _ => return Err(self.error(op, format!("{} {} is not defined on complex numbers", ArithOp::DEF.name, kind.name()))),
        };
        Ok(self.pack_complex(result, part))
    }

    /// `atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2))`, XLA's definition for complex
    /// numbers (the angle of `x + i y` when both are real).
    fn complex_atan2(&mut self, y: Parts, x: Parts) -> Parts {
        let sum = Parts { re: self.bin("arith.subf", x.re, y.im), im: self.bin("arith.addf", x.im, y.re) };
        let (xx, yy) = (self.complex_multiply(x, x), self.complex_multiply(y, y));
        let squares = Parts { re: self.bin("arith.addf", xx.re, yy.re), im: self.bin("arith.addf", xx.im, yy.im) };
        let norm = self.complex_sqrt(squares);
        let quotient = self.complex_divide(sum, norm);
        let log = self.complex_log(quotient);
        Parts { re: log.im, im: self.neg(log.re) }
    }

    /// `x * y`: `(xr*yr - xi*yi, xr*yi + xi*yr)`.
    fn complex_multiply(&mut self, x: Parts, y: Parts) -> Parts {
        let (rr, ii) = (self.bin("arith.mulf", x.re, y.re), self.bin("arith.mulf", x.im, y.im));
        let (ri, ir) = (self.bin("arith.mulf", x.re, y.im), self.bin("arith.mulf", x.im, y.re));
        Parts { re: self.bin("arith.subf", rr, ii), im: self.bin("arith.addf", ri, ir) }
    }

    /// `x * y` as XLA computes it, in the part format `part`: `(fma(a, c, -(b d)),
    /// fma(b, c, a d))` (`xla_math::complex_multiply_f32`, as our lowering emits it).
    fn xla_complex_multiply(&mut self, x: MlirValue, y: MlirValue, part: FloatKind) -> MlirValue {
        let ty = self.float_type(part);
        let [a, b, c, d] = [("complex.re", x), ("complex.im", x), ("complex.re", y), ("complex.im", y)].map(|(name, z)| self.value(name, &[z], ty, &[]));
        let bd = self.bin("arith.mulf", b, d);
        let minus_bd = self.neg(bd);
        let ad = self.bin("arith.mulf", a, d);
        let re = self.value("math.fma", &[a, c, minus_bd], ty, &[]);
        let im = self.value("math.fma", &[b, c, ad], ty, &[]);
        let complex = self.complex_type(part);
        self.value("complex.create", &[re, im], complex, &[])
    }

    /// `e^z - 1`: for MLIR's lowering, XLA's form in the part format computed by the
    /// runtime's `xla_rt_math_complex_expm1_{re,im}_*` (as our lowering emits it inline);
    /// otherwise `e^z` less 1.
    fn complex_expm1(&mut self, x: Parts, part: FloatKind) -> Parts {
        if !self.libm_calls {
            let e = self.complex_exp(x);
            let one = self.f64(1.0);
            return Parts { re: self.bin("arith.subf", e.re, one), im: e.im };
        }
        let suffix = if part == FloatKind::F64 { "f64" } else { "f32" };
        let (re, im) = (self.float_to_float(x.re, FloatKind::F64, part), self.float_to_float(x.im, FloatKind::F64, part));
        let [re_part, im_part] = ["re", "im"].map(|which| {
            let callee = format!("xla_rt_math_complex_expm1_{which}_{suffix}");
            let value = self.xla_math_or("", &callee, &[re, im]);
            self.float_to_float(value, part, FloatKind::F64)
        });
        Parts { re: re_part, im: im_part }
    }

    /// `x / y`: `((xr*yr + xi*yi) / n, (xi*yr - xr*yi) / n)` with `n = yr^2 + yi^2`.
    fn complex_divide(&mut self, x: Parts, y: Parts) -> Parts {
        let (yr2, yi2) = (self.bin("arith.mulf", y.re, y.re), self.bin("arith.mulf", y.im, y.im));
        let norm = self.bin("arith.addf", yr2, yi2);
        let (rr, ii) = (self.bin("arith.mulf", x.re, y.re), self.bin("arith.mulf", x.im, y.im));
        let (ir, ri) = (self.bin("arith.mulf", x.im, y.re), self.bin("arith.mulf", x.re, y.im));
        let (re, im) = (self.bin("arith.addf", rr, ii), self.bin("arith.subf", ir, ri));
        Parts { re: self.bin("arith.divf", re, norm), im: self.bin("arith.divf", im, norm) }
    }

    /// `maximum` (`minimum`): `b` when `a` is lexicographically less (greater), else `a`;
    /// a NaN part compares equal to anything.
    fn complex_extremum(&mut self, maximum: bool, part: FloatKind, a: MlirValue, b: MlirValue) -> MlirValue {
        let (x, y) = (self.complex_parts(a, part), self.complex_parts(b, part));
        let (before, after) = if maximum { ("olt", "ogt") } else { ("ogt", "olt") };
        let re_before = self.cmpf(before, x.re, y.re);
        let re_after = self.cmpf(after, x.re, y.re);
        let im_before = self.cmpf(before, x.im, y.im);
        let true_ = self.int_const(1, self.int_type(1));
        let re_not_after = self.bin("arith.xori", re_after, true_);
        let tie_then_im = self.bin("arith.andi", re_not_after, im_before);
        let take_b = self.bin("arith.ori", re_before, tie_then_im);
        self.select(take_b, b, a)
    }

    /// `a^b`: `(1, 0)` for `b = 0`, else `exp(b * ln(a))`.
    fn complex_power(&mut self, a: Parts, b: Parts) -> Parts {
        let (zero, one) = (self.f64(0.0), self.f64(1.0));
        let log = self.complex_log(a);
        let product = self.complex_multiply(b, log);
        let power = self.complex_exp(product);
        let (re_zero, im_zero) = (self.cmpf("oeq", b.re, zero), self.cmpf("oeq", b.im, zero));
        let exponent_zero = self.bin("arith.andi", re_zero, im_zero);
        Parts { re: self.select(exponent_zero, one, power.re), im: self.select(exponent_zero, zero, power.im) }
    }

    // ---- loop.math --------------------------------------------------------------------

    /// A unary op on complex numbers with parts of `part`.
    pub(super) fn complex_math(&mut self, op: OpId, kind: MathKind, part: FloatKind, z: MlirValue) -> Result<MlirValue, Diagnostic> {
        use MathKind::*;
        if kind == Negate {
            let ty = self.complex_type(part);
            return Ok(self.value("complex.neg", &[z], ty, &[]));
        }
        let x = self.complex_parts(z, part);
        let result = match kind {
            Exponential => self.complex_exp(x),
            ExponentialMinusOne => self.complex_expm1(x, part),
            Log => self.complex_log(x),
            LogPlusOne => {
                let one = self.f64(1.0);
                let shifted = Parts { re: self.bin("arith.addf", x.re, one), im: x.im };
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
                let minus = Parts { re: self.neg(x.re), im: self.neg(x.im) };
                let e = self.complex_exp(minus);
                let one = self.f64(1.0);
                let denominator = Parts { re: self.bin("arith.addf", one, e.re), im: e.im };
                self.real_over_complex(1.0, denominator)
            }
            _ => return Err(self.error(op, format!("{} {} is not defined on complex numbers", MathOp::DEF.name, kind.name()))),
        };
        Ok(self.pack_complex(result, part))
    }

    fn sin(&mut self, x: MlirValue) -> MlirValue {
        self.f64_call("math.sin", None, &[x])
    }

    fn cos(&mut self, x: MlirValue) -> MlirValue {
        self.f64_call("math.cos", None, &[x])
    }

    fn sinh(&mut self, x: MlirValue) -> MlirValue {
        self.f64_call("math.sinh", Some("sinh"), &[x])
    }

    fn cosh(&mut self, x: MlirValue) -> MlirValue {
        self.f64_call("math.cosh", Some("cosh"), &[x])
    }

    fn cbrt(&mut self, x: MlirValue) -> MlirValue {
        self.f64_call("math.cbrt", Some("cbrt"), &[x])
    }

    /// `from_polar(r, theta)`: `(r * cos(theta), r * sin(theta))`.
    fn from_polar(&mut self, r: MlirValue, theta: MlirValue) -> Parts {
        let (cos, sin) = (self.cos(theta), self.sin(theta));
        Parts { re: self.bin("arith.mulf", r, cos), im: self.bin("arith.mulf", r, sin) }
    }

    /// `exp(z)`: `from_polar(exp(re), im)`, except that `+inf` with a zero or non-finite
    /// imaginary part gives `(+inf, im)` (NaN for an infinite `im`), `-inf` with a
    /// non-finite imaginary part gives 0, and NaN with a zero imaginary part gives `z`.
    fn complex_exp(&mut self, z: Parts) -> Parts {
        let exp = self.f64_call("math.exp", None, &[z.re]);
        let polar = self.from_polar(exp, z.im);
        let (zero, inf, neg_inf, nan) = (self.f64(0.0), self.f64(f64::INFINITY), self.f64(f64::NEG_INFINITY), self.f64(f64::NAN));
        let im_abs = self.un("math.absf", z.im);
        let im_infinite = self.cmpf("oeq", im_abs, inf);
        let im_zero = self.cmpf("oeq", z.im, zero);
        let im_not_finite = self.cmpf("uge", im_abs, inf);
        let re_pos_inf = self.cmpf("oeq", z.re, inf);
        let re_neg_inf = self.cmpf("oeq", z.re, neg_inf);
        let re_nan = self.cmpf("uno", z.re, z.re);
        let zero_or_not_finite = self.bin("arith.ori", im_zero, im_not_finite);
        let pos_case = self.bin("arith.andi", re_pos_inf, zero_or_not_finite);
        let pos_im = self.select(im_infinite, nan, z.im);
        let neg_case = self.bin("arith.andi", re_neg_inf, im_not_finite);
        let nan_case = self.bin("arith.andi", re_nan, im_zero);
        let re = self.select(pos_case, z.re, polar.re);
        let im = self.select(pos_case, pos_im, polar.im);
        let re = self.select(neg_case, zero, re);
        let im = self.select(neg_case, zero, im);
        let re = self.select(nan_case, z.re, re);
        let im = self.select(nan_case, z.im, im);
        Parts { re, im }
    }

    /// `|z|` (`hypot`) and `arg(z)` (`atan2(im, re)`).
    fn to_polar(&mut self, z: Parts) -> (MlirValue, MlirValue) {
        let norm = self.hypot(z);
        let arg = self.f64_call("math.atan2", Some("atan2"), &[z.im, z.re]);
        (norm, arg)
    }

    /// `ln(z)`: `(ln|z|, arg(z))`.
    fn complex_log(&mut self, z: Parts) -> Parts {
        let (r, theta) = self.to_polar(z);
        Parts { re: self.f64_call("math.log", None, &[r]), im: theta }
    }

    /// Whether the sign bit of the `f64` `x` is clear.
    fn sign_bit_clear(&mut self, x: MlirValue) -> MlirValue {
        let i64_ty = self.int_type(64);
        let bits = self.cast("arith.bitcast", x, i64_ty);
        let zero = self.int_const(0, i64_ty);
        self.cmpi("sge", bits, zero)
    }

    /// `sqrt(z)` by `num_complex`'s branches, all computed and chosen by selects.
    fn complex_sqrt(&mut self, z: Parts) -> Parts {
        let (zero, two) = (self.f64(0.0), self.f64(2.0));
        // A zero imaginary part: (sqrt(re), im) for re with its sign bit clear, else
        // (0, +-sqrt(-re)) with the sign of im.
        let re_positive = self.sign_bit_clear(z.re);
        let root_re = self.un("math.sqrt", z.re);
        let neg_re = self.neg(z.re);
        let root_neg = self.un("math.sqrt", neg_re);
        let signed_root_neg = self.bin("math.copysign", root_neg, z.im);
        let real_re = self.select(re_positive, root_re, zero);
        let real_im = self.select(re_positive, z.im, signed_root_neg);
        // A zero real part: x = sqrt(|im| / 2), (x, +-x) with the sign of im.
        let im_abs = self.un("math.absf", z.im);
        let half = self.bin("arith.divf", im_abs, two);
        let x = self.un("math.sqrt", half);
        let signed_x = self.bin("math.copysign", x, z.im);
        // Otherwise the polar form: from_polar(sqrt(r), theta / 2).
        let (r, theta) = self.to_polar(z);
        let root_r = self.un("math.sqrt", r);
        let half_theta = self.bin("arith.divf", theta, two);
        let polar = self.from_polar(root_r, half_theta);
        let im_zero = self.cmpf("oeq", z.im, zero);
        let re_zero = self.cmpf("oeq", z.re, zero);
        let re = self.select(re_zero, x, polar.re);
        let im = self.select(re_zero, signed_x, polar.im);
        Parts { re: self.select(im_zero, real_re, re), im: self.select(im_zero, real_im, im) }
    }

    /// `sign(z)`: NaN when a part is NaN, zero when `|z|` is zero, else `z / |z|`.
    fn complex_sign(&mut self, z: Parts, kind: FloatKind) -> Parts {
        let (zero, nan) = (self.f64(0.0), self.f64(f64::NAN));
        let norm = self.magnitude(z, kind);
        let (re, im) = if self.libm_calls && kind != FloatKind::F64 {
            // Divided in the part format, as our lowering divides.
            let magnitude = self.float_to_float(norm, FloatKind::F64, kind);
            let (re, im) = (self.float_to_float(z.re, FloatKind::F64, kind), self.float_to_float(z.im, FloatKind::F64, kind));
            let (re, im) = (self.bin("arith.divf", re, magnitude), self.bin("arith.divf", im, magnitude));
            (self.float_to_float(re, kind, FloatKind::F64), self.float_to_float(im, kind, FloatKind::F64))
        } else {
            (self.bin("arith.divf", z.re, norm), self.bin("arith.divf", z.im, norm))
        };
        let norm_zero = self.cmpf("oeq", norm, zero);
        let (re, im) = (self.select(norm_zero, zero, re), self.select(norm_zero, zero, im));
        let any_nan = self.cmpf("uno", z.re, z.im);
        Parts { re: self.select(any_nan, nan, re), im: self.select(any_nan, nan, im) }
    }

    /// `a / z` for a real `a`: `(a*re / n, 0 - a*im / n)` with `n = re^2 + im^2`.
    fn real_over_complex(&mut self, a: f64, z: Parts) -> Parts {
        let (a, zero) = (self.f64(a), self.f64(0.0));
        let (re2, im2) = (self.bin("arith.mulf", z.re, z.re), self.bin("arith.mulf", z.im, z.im));
        let norm = self.bin("arith.addf", re2, im2);
        let (a_re, a_im) = (self.bin("arith.mulf", a, z.re), self.bin("arith.mulf", a, z.im));
        let re = self.bin("arith.divf", a_re, norm);
        let im = self.bin("arith.divf", a_im, norm);
        Parts { re, im: self.bin("arith.subf", zero, im) }
    }

    /// `sin(z) = (sin(re) cosh(im), cos(re) sinh(im))`.
    fn complex_sin(&mut self, z: Parts) -> Parts {
        let (sin, cos) = (self.sin(z.re), self.cos(z.re));
        let (cosh, sinh) = (self.cosh(z.im), self.sinh(z.im));
        Parts { re: self.bin("arith.mulf", sin, cosh), im: self.bin("arith.mulf", cos, sinh) }
    }

    /// `cos(z) = (cos(re) cosh(im), -sin(re) sinh(im))`.
    fn complex_cos(&mut self, z: Parts) -> Parts {
        let (sin, cos) = (self.sin(z.re), self.cos(z.re));
        let (cosh, sinh) = (self.cosh(z.im), self.sinh(z.im));
        let minus_sin = self.neg(sin);
        Parts { re: self.bin("arith.mulf", cos, cosh), im: self.bin("arith.mulf", minus_sin, sinh) }
    }

    /// `tan(z) = (sin(2re), sinh(2im)) / (cos(2re) + cosh(2im))`, or with `hyperbolic`
    /// `tanh(z) = (sinh(2re), sin(2im)) / (cosh(2re) + cos(2im))`.
    fn complex_tan(&mut self, z: Parts, hyperbolic: bool) -> Parts {
        let (two_re, two_im) = (self.bin("arith.addf", z.re, z.re), self.bin("arith.addf", z.im, z.im));
        let (circular, hyper) = if hyperbolic { (two_im, two_re) } else { (two_re, two_im) };
        let (sin, cos) = (self.sin(circular), self.cos(circular));
        let (sinh, cosh) = (self.sinh(hyper), self.cosh(hyper));
        let (numerator, denominator) = if hyperbolic {
            (Parts { re: sinh, im: sin }, self.bin("arith.addf", cosh, cos))
        } else {
            (Parts { re: sin, im: sinh }, self.bin("arith.addf", cos, cosh))
        };
        Parts { re: self.bin("arith.divf", numerator.re, denominator), im: self.bin("arith.divf", numerator.im, denominator) }
    }

    /// `cbrt(z)` by `num_complex`'s branches (as `lower-to-llvm` computes it).
    fn complex_cbrt(&mut self, z: Parts) -> Parts {
        let (zero, two, three) = (self.f64(0.0), self.f64(2.0), self.f64(3.0));
        let sqrt3 = self.f64(3f64.sqrt());
        let re_positive = self.sign_bit_clear(z.re);
        let im_positive = self.sign_bit_clear(z.im);
        // A zero imaginary part.
        let root_re = self.cbrt(z.re);
        let neg_re = self.neg(z.re);
        let root_neg = self.cbrt(neg_re);
        let c = self.bin("arith.divf", root_neg, two);
        let c_sqrt3 = self.bin("arith.mulf", sqrt3, c);
        let minus_c_sqrt3 = self.neg(c_sqrt3);
        let negative_im = self.select(im_positive, c_sqrt3, minus_c_sqrt3);
        let real_re = self.select(re_positive, root_re, c);
        let real_im = self.select(re_positive, z.im, negative_im);
        // A zero real part.
        let im_abs = self.un("math.absf", z.im);
        let root_im = self.cbrt(im_abs);
        let d = self.bin("arith.divf", root_im, two);
        let d_sqrt3 = self.bin("arith.mulf", sqrt3, d);
        let minus_d = self.neg(d);
        let imaginary_im = self.select(im_positive, d, minus_d);
        // Otherwise the polar form.
        let (r, theta) = self.to_polar(z);
        let root_r = self.cbrt(r);
        let third = self.bin("arith.divf", theta, three);
        let polar = self.from_polar(root_r, third);
        let (im_zero, re_zero) = (self.cmpf("oeq", z.im, zero), self.cmpf("oeq", z.re, zero));
        let re = self.select(re_zero, d_sqrt3, polar.re);
        let im = self.select(re_zero, imaginary_im, polar.im);
        Parts { re: self.select(im_zero, real_re, re), im: self.select(im_zero, real_im, im) }
    }

    // ---- loop.compare and loop.convert ------------------------------------------------

    /// `EQ` (both parts equal) and `NE` on complex numbers: `complex.eq`, `complex.neq`.
    pub(super) fn complex_compare(&mut self, op: OpId, direction: ComparisonDirection, a: MlirValue, b: MlirValue) -> Result<MlirValue, Diagnostic> {
        let i1 = self.int_type(1);
        match direction {
            ComparisonDirection::Eq => Ok(self.value("complex.eq", &[a, b], i1, &[])),
            ComparisonDirection::Ne => Ok(self.value("complex.neq", &[a, b], i1, &[])),
            _ => Err(self.error(op, format!("{} orders complex numbers only with EQ and NE", CompareOp::DEF.name))),
        }
    }

    /// `x` of `from` converted to `to` where either is complex: between complex types part
    /// by part, from one its real part, to one with a zero imaginary part.
    pub(super) fn complex_convert(&mut self, x: MlirValue, from: Scalar, to: Scalar, target: mlir_sys::MlirType) -> Option<MlirValue> {
        match (from, to) {
            (Scalar::Complex(a), Scalar::Complex(b)) => {
                let parts = self.complex_parts(x, a);
                Some(self.pack_complex(parts, b))
            }
            (Scalar::Complex(a), _) => {
                let part = self.float_type(a);
                let re = self.value("complex.re", &[x], part, &[]);
                Some(self.convert_scalar(re, Scalar::Float(a), to, target))
            }
            (_, Scalar::Complex(b)) => {
                let f64_ty = self.float_type(FloatKind::F64);
                let re = self.convert_scalar(x, from, Scalar::Float(FloatKind::F64), f64_ty);
                let zero = self.f64(0.0);
                Some(self.pack_complex(Parts { re, im: zero }, b))
            }
            _ => None,
        }
    }
}
