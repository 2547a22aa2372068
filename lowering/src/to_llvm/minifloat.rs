//! Minifloats (the float formats of eight bits or fewer: `f8E4M3FN`, `f8E5M2`,
//! `f8E4M3FNUZ`, `f8E5M2FNUZ`, `f8E4M3B11FNUZ`, `f8E3M4`, `f8E4M3`, `f8E8M0FNU`,
//! `f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`) in native code: decoding a code to `f32` or `f64`
//! and encoding an `f32` or `f64` into a code.
//!
//! LLVM has no types for these formats, so a minifloat is its code, an integer of its width
//! ([`super::types`]), and every op on it decodes it into its compute format, computes
//! there and encodes the result. The format's parameters ([`NarrowFormat`]) come from
//! [`xla_ir::float_format::narrow_format`], the same table the interpreter decodes and
//! encodes with, so the two cannot disagree on what a format is.
//!
//! Both directions are inline arithmetic on the bits (integer, but for one float multiply
//! or add at the bottom of the range), emitted per format with its parameters as
//! constants, without branches or tables, so a loop over minifloats vectorizes like any
//! other elementwise loop (16 lanes with AVX-512). A runtime function per format and
//! direction would be as exact but an opaque call per element, and a decoding table a
//! gather per element; the bit manipulation is a few dozen instructions and needs neither.
//!
//! Decoding is exact (every minifloat value is an `f32` value): a normal code's exponent is
//! rebiased and its mantissa shifted into place; a subnormal one is its mantissa times the
//! format's smallest subnormal, a product of normal `f32` values, so flushing subnormals
//! cannot touch it. NaN codes decode to the canonical quiet NaN, as the interpreter's values
//! are; infinities keep their sign. `f8E8M0FNU` has its own decoding (its code is a biased
//! exponent; its smallest value `2^-127` is an `f32` subnormal, made from its bits).
//!
//! Encoding rounds once, to nearest with ties to even, from the `f32` or `f64` given
//! (so `f64` to `f8` does not round through `f32`), with the interpreter's treatment of
//! what the format lacks (`xla_ir::float_format`'s module says it, after XLA):
//! - in the format's normal range the magnitude's code is the source's bits rebiased and
//!   shifted right with rounding (the carry of a round-up moves into the exponent, as it
//!   should); below it, the hardware rounds: adding a power of two whose ulp is the
//!   format's smallest subnormal leaves the subnormal code in the sum's low bits (rounding
//!   into the smallest normal code too). The sum is normal, so flushing subnormals cannot
//!   change it, but for a subnormal source, which rounds to 0 either way;
//! - a code past the largest finite one overflows: infinity of the value's sign in the
//!   IEEE-like formats, the canonical NaN in the FN and FNUZ ones, the largest finite
//!   value of the value's sign in the finite-only `f6`/`f4` ones;
//! - the sign is the value's (a negative value too small for the format is `-0`), except
//!   that the FNUZ formats have no negative zero (`0x80` is their NaN);
//! - NaN is the canonical NaN code, or `-0` in the formats without NaN;
//! - `f8E8M0FNU` has no sign and no zero: zeros and values below `2^-127` are its smallest
//!   value, negative values NaN, and between `2^-127` and `2^-126`, where the source's
//!   bits need not be normal, the tie `1.5 * 2^-127` is compared with directly.
//!
//! Invariant: for every format and every `f32` (and every `f64`), the code this encodes is
//! `xla_ir::float_format::encode`'s, and decoding a code gives `float_format::decode`'s
//! value; `lowering/tests/native_minifloats.rs` checks both on every code and on values at,
//! beside and between the codes' values, flushing subnormals and not.

use xla_dialects::llvm::{IcmpPredicate, LlvmOpKind};
use xla_ir::float_format::{NarrowFormat, Specials};
use xla_ir::{FloatKind, ValueId};

use super::lowering::FnLowering;
use super::types::Scalar;

/// The source (or target) of an encoding: `f32` or `f64` with its layout.
#[derive(Copy, Clone)]
struct Wide {
    /// The format.
    kind: FloatKind,
    /// The width of the bits.
    width: u32,
    /// The width of the mantissa field.
    mantissa_bits: u32,
    /// The exponent bias.
    bias: i64,
}

impl Wide {
    /// The layout of `kind`, `f32` for anything but `f64`.
    fn of(kind: FloatKind) -> Wide {
        match kind {
            FloatKind::F64 => Wide { kind, width: 64, mantissa_bits: 52, bias: 1023 },
            _ => Wide { kind: FloatKind::F32, width: 32, mantissa_bits: 23, bias: 127 },
        }
    }

    /// The bits of the positive infinity.
    fn infinity_bits(self) -> i128 {
        ((1i128 << (self.width - 1 - self.mantissa_bits)) - 1) << self.mantissa_bits
    }

    /// The bits of `value` in this format (rounded to it).
    fn bits_of(self, value: f64) -> i128 {
        match self.width {
            64 => i128::from(value.to_bits()),
            _ => i128::from((value as f32).to_bits()),
        }
    }
}

impl FnLowering<'_, '_> {
    /// The minifloat code `x` (of format `f`) as a value of `to` (`f32` or `f64`),
    /// exactly.
    pub fn minifloat_to_wide(&mut self, x: ValueId, f: NarrowFormat, to: FloatKind) -> ValueId {
        let ctx = self.ctx();
        match to {
            FloatKind::F64 if f.specials == Specials::ExponentOnly => {
                let bits = self.e8m0_to_f64_bits(x);
                self.cast(LlvmOpKind::Bitcast, bits, ctx.float_type(FloatKind::F64))
            }
            FloatKind::F64 => {
                let narrow = self.minifloat_to_wide(x, f, FloatKind::F32);
                self.cast(LlvmOpKind::FPExt, narrow, ctx.float_type(FloatKind::F64))
            }
            _ => {
                let bits = self.minifloat_to_f32_bits(x, f);
                self.cast(LlvmOpKind::Bitcast, bits, ctx.f32_type())
            }
        }
    }

    /// The `f32` bits (an `i32`) of the value of the minifloat code `x`: NaN codes give the
    /// canonical quiet NaN.
    pub fn minifloat_to_f32_bits(&mut self, x: ValueId, f: NarrowFormat) -> ValueId {
        let i32_ty = self.ctx().int_type(32);
        let code = self.cast(LlvmOpKind::ZExt, x, i32_ty);
        let nan = self.int_const(0x7FC0_0000, i32_ty);
        if f.specials == Specials::ExponentOnly {
            // The code is the biased exponent, with f32's bias; 0 is 2^-127, f32's subnormal
            // 0x00400000.
            let (shift, zero_code, smallest) = (self.int_const(23, i32_ty), self.int_const(0, i32_ty), self.int_const(0x0040_0000, i32_ty));
            let normal = self.binary(LlvmOpKind::Shl, code, shift);
            let is_zero_code = self.icmp(IcmpPredicate::Eq, code, zero_code);
            let value = self.select(is_zero_code, smallest, normal);
            let nan_code = self.int_const(0xFF, i32_ty);
            let is_nan = self.icmp(IcmpPredicate::Eq, code, nan_code);
            return self.select(is_nan, nan, value);
        }
        let (m, n) = (f.mantissa_bits, f.total_bits());
        let sign_shift = self.int_const(i128::from(n - 1), i32_ty);
        let sign = self.binary(LlvmOpKind::LShr, code, sign_shift);
        let thirty_one = self.int_const(31, i32_ty);
        let sign = self.binary(LlvmOpKind::Shl, sign, thirty_one);
        let magnitude_mask = self.int_const((1 << (n - 1)) - 1, i32_ty);
        let magnitude = self.binary(LlvmOpKind::And, code, magnitude_mask);
        // A normal code: the exponent rebiased from the format's bias to f32's.
        let mantissa_shift = self.int_const(i128::from(23 - m), i32_ty);
        let shifted = self.binary(LlvmOpKind::Shl, magnitude, mantissa_shift);
        let rebias = self.int_const(i128::from(127 - f.bias) << 23, i32_ty);
        let normal = self.binary(LlvmOpKind::Add, shifted, rebias);
        // A subnormal code (exponent 0): its mantissa times the smallest subnormal.
        let mantissa_mask = self.int_const((1 << m) - 1, i32_ty);
        let mantissa = self.binary(LlvmOpKind::And, magnitude, mantissa_mask);
        let f32_ty = self.ctx().f32_type();
        let count = self.cast(LlvmOpKind::UIToFP, mantissa, f32_ty);
        let smallest = self.float_const(2f64.powi(1 - f.bias - m as i32), f32_ty);
        let subnormal = self.binary(LlvmOpKind::FMul, count, smallest);
        let subnormal = self.cast(LlvmOpKind::Bitcast, subnormal, i32_ty);
        let smallest_normal = self.int_const(1 << m, i32_ty);
        let is_subnormal = self.icmp(IcmpPredicate::Ult, magnitude, smallest_normal);
        let magnitude_bits = self.select(is_subnormal, subnormal, normal);
        let value = self.binary(LlvmOpKind::Or, magnitude_bits, sign);
        match f.specials {
            Specials::Ieee => {
                let infinity_code = self.int_const(((1 << f.exponent_bits) - 1) << m, i32_ty);
                let is_special = self.icmp(IcmpPredicate::Uge, magnitude, infinity_code);
                let is_infinity = self.icmp(IcmpPredicate::Eq, magnitude, infinity_code);
                let infinity = self.int_const(0x7F80_0000, i32_ty);
                let signed_infinity = self.binary(LlvmOpKind::Or, infinity, sign);
                let special = self.select(is_infinity, signed_infinity, nan);
                self.select(is_special, special, value)
            }
            Specials::FiniteNanAllOnes => {
                let is_nan = self.icmp(IcmpPredicate::Eq, magnitude, magnitude_mask);
                self.select(is_nan, nan, value)
            }
            Specials::FiniteNanNegZero => {
                let nan_code = self.int_const(1 << (n - 1), i32_ty);
                let is_nan = self.icmp(IcmpPredicate::Eq, code, nan_code);
                self.select(is_nan, nan, value)
            }
            Specials::Finite | Specials::ExponentOnly => value,
        }
    }

    /// The `f64` bits (an `i64`) of the `f8E8M0FNU` code `x`: `2^(code - 127)`, NaN for
    /// `0xFF`.
    fn e8m0_to_f64_bits(&mut self, x: ValueId) -> ValueId {
        let i64_ty = self.ctx().int_type(64);
        let code = self.cast(LlvmOpKind::ZExt, x, i64_ty);
        let (rebias, shift) = (self.int_const(1023 - 127, i64_ty), self.int_const(52, i64_ty));
        let exponent = self.binary(LlvmOpKind::Add, code, rebias);
        let value = self.binary(LlvmOpKind::Shl, exponent, shift);
        let (nan_code, nan) = (self.int_const(0xFF, i64_ty), self.int_const(0x7FF8_0000_0000_0000, i64_ty));
        let is_nan = self.icmp(IcmpPredicate::Eq, code, nan_code);
        self.select(is_nan, nan, value)
    }

    /// The float `x` (of `from`, `f32` or `f64`) encoded in minifloat format `f`, rounding
    /// once to nearest even (see the module); a code of the format's width.
    pub fn wide_to_minifloat(&mut self, x: ValueId, from: FloatKind, f: NarrowFormat) -> ValueId {
        let w = Wide::of(from);
        let ctx = self.ctx();
        let int_ty = ctx.int_type(w.width);
        let bits = self.cast(LlvmOpKind::Bitcast, x, int_ty);
        let abs_mask = self.int_const((1i128 << (w.width - 1)) - 1, int_ty);
        let magnitude = self.binary(LlvmOpKind::And, bits, abs_mask);
        let zero = self.int_const(0, int_ty);
        let negative = self.icmp(IcmpPredicate::Slt, bits, zero);
        let infinity = self.int_const(w.infinity_bits(), int_ty);
        let is_nan = self.icmp(IcmpPredicate::Ugt, magnitude, infinity);
        let code = if f.specials == Specials::ExponentOnly {
            self.encode_e8m0(magnitude, negative, is_nan, w)
        } else {
            self.encode_signed(magnitude, negative, is_nan, w, f)
        };
        self.cast(LlvmOpKind::Trunc, code, ctx.int_type(f.total_bits()))
    }

    /// The code (in the source's integer type) of a value of a signed minifloat format `f`
    /// whose source bits have magnitude `magnitude` and sign `negative`.
    fn encode_signed(&mut self, magnitude: ValueId, negative: ValueId, is_nan: ValueId, w: Wide, f: NarrowFormat) -> ValueId {
        let ctx = self.ctx();
        let int_ty = self.body.value_type(magnitude);
        let (m, ms) = (f.mantissa_bits, w.mantissa_bits);
        let bias = i64::from(f.bias);
        // In the format's normal range: rebias the exponent, round off the extra mantissa.
        let rebias = self.int_const(i128::from(w.bias - bias) << ms, int_ty);
        let rebiased = self.binary(LlvmOpKind::Sub, magnitude, rebias);
        let normal = self.shift_right_to_nearest_even(rebiased, ms - m);
        // Below it the hardware rounds: the value plus `2^(1 - bias - m) * 2^ms`, a power of
        // two whose ulp is the format's smallest subnormal and above every value here, is
        // that number rounded to a multiple of the smallest subnormal, to nearest even; the
        // multiple is the sum's bits less the number's. The sum is normal, so flushing
        // subnormals changes it only for a subnormal source, which rounds to 0 either way.
        let float_ty = ctx.float_type(w.kind);
        let value = self.cast(LlvmOpKind::Bitcast, magnitude, float_ty);
        let magic = 2f64.powi(1 - f.bias - m as i32 + ms as i32);
        let magic_value = self.float_const(magic, float_ty);
        let sum = self.binary(LlvmOpKind::FAdd, value, magic_value);
        let sum_bits = self.cast(LlvmOpKind::Bitcast, sum, int_ty);
        let magic_bits = self.int_const(w.bits_of(magic), int_ty);
        let subnormal = self.binary(LlvmOpKind::Sub, sum_bits, magic_bits);
        let smallest_normal = self.int_const(i128::from(w.bias - bias + 1) << ms, int_ty);
        let is_normal = self.icmp(IcmpPredicate::Uge, magnitude, smallest_normal);
        let rounded = self.select(is_normal, normal, subnormal);

        let largest = self.int_const(i128::from(f.largest_finite_code()), int_ty);
        let overflows = self.icmp(IcmpPredicate::Ugt, rounded, largest);
        let (sign_bit, zero) = (self.int_const(i128::from(f.sign_bit()), int_ty), self.int_const(0, int_ty));
        let sign = self.select(negative, sign_bit, zero);
        let nan = self.int_const(i128::from(f.nan()), int_ty);
        let finite = match f.specials {
            Specials::Ieee => {
                let infinity = self.int_const(((1 << f.exponent_bits) - 1) << m, int_ty);
                let capped = self.select(overflows, infinity, rounded);
                self.binary(LlvmOpKind::Or, capped, sign)
            }
            Specials::Finite => {
                let capped = self.intrinsic("umin", &[rounded, largest], int_ty);
                self.binary(LlvmOpKind::Or, capped, sign)
            }
            Specials::FiniteNanNegZero => {
                let signed = self.binary(LlvmOpKind::Or, rounded, sign);
                let is_zero = self.icmp(IcmpPredicate::Eq, rounded, zero);
                let unsigned_zero = self.select(is_zero, zero, signed);
                self.select(overflows, nan, unsigned_zero)
            }
            Specials::FiniteNanAllOnes | Specials::ExponentOnly => {
                let signed = self.binary(LlvmOpKind::Or, rounded, sign);
                self.select(overflows, nan, signed)
            }
        };
        self.select(is_nan, nan, finite)
    }

    /// The code (in the source's integer type) of a value of `f8E8M0FNU` whose source
    /// bits have magnitude `magnitude` and sign `negative`.
    fn encode_e8m0(&mut self, magnitude: ValueId, negative: ValueId, is_nan: ValueId, w: Wide) -> ValueId {
        let int_ty = self.body.value_type(magnitude);
        let ms = w.mantissa_bits;
        // From 2^-126 up, the exponent rebiased and the mantissa rounded away.
        let rebias = self.int_const(i128::from(w.bias - 127) << ms, int_ty);
        let rebiased = self.binary(LlvmOpKind::Sub, magnitude, rebias);
        let normal = self.shift_right_to_nearest_even(rebiased, ms);
        // Below: 2^-127 (code 0) up to the tie 1.5 * 2^-127, which goes to the even code,
        // else 2^-126 (code 1).
        let tie = self.int_const(w.bits_of(1.5 * 2f64.powi(-127)), int_ty);
        let above_tie = self.icmp(IcmpPredicate::Ugt, magnitude, tie);
        let low = self.cast(LlvmOpKind::ZExt, above_tie, int_ty);
        let two_to_minus_126 = self.int_const(w.bits_of(2f64.powi(-126)), int_ty);
        let is_low = self.icmp(IcmpPredicate::Ult, magnitude, two_to_minus_126);
        let rounded = self.select(is_low, low, normal);
        let largest = self.int_const(0xFE, int_ty);
        let overflows = self.icmp(IcmpPredicate::Ugt, rounded, largest);
        let zero = self.int_const(0, int_ty);
        let nonzero = self.icmp(IcmpPredicate::Ne, magnitude, zero);
        let negative_nonzero = self.binary(LlvmOpKind::And, negative, nonzero);
        let invalid = self.binary(LlvmOpKind::Or, overflows, negative_nonzero);
        let invalid = self.binary(LlvmOpKind::Or, invalid, is_nan);
        let nan = self.int_const(0xFF, int_ty);
        self.select(invalid, nan, rounded)
    }

    /// `x >> shift` (unsigned, `shift` at least 1) rounded to nearest, ties to even: `x`
    /// plus half the dropped unit less one, plus one more when the last kept bit is odd,
    /// then shifted.
    fn shift_right_to_nearest_even(&mut self, x: ValueId, shift: u32) -> ValueId {
        let ty = self.body.value_type(x);
        let half_minus_one = self.int_const((1i128 << (shift - 1)) - 1, ty);
        let (one, shift) = (self.int_const(1, ty), self.int_const(i128::from(shift), ty));
        let truncated = self.binary(LlvmOpKind::LShr, x, shift);
        let last_kept = self.binary(LlvmOpKind::And, truncated, one);
        let bias = self.binary(LlvmOpKind::Add, half_minus_one, last_kept);
        let biased = self.binary(LlvmOpKind::Add, x, bias);
        self.binary(LlvmOpKind::LShr, biased, shift)
    }

    /// `x` converted from `from` to `to` as `loop.convert` converts, one of them a
    /// minifloat: a minifloat decodes exactly (into `f32` for a float target of 32 bits or
    /// fewer, else into `f64`) and converts on from there; a minifloat target is encoded
    /// from `f32` or `f64` directly, from `f16`/`bf16` widened exactly to `f32`, and from
    /// integers through `f64`, as the interpreter converts them.
    pub fn minifloat_convert(&mut self, x: ValueId, from: Scalar, to: Scalar) -> ValueId {
        if from == to {
            return x;
        }
        if let Some(f) = from.minifloat() {
            let via = match to {
                Scalar::Float(target) if target.bit_width() <= 32 => FloatKind::F32,
                _ => FloatKind::F64,
            };
            let wide = self.minifloat_to_wide(x, f, via);
            return self.convert_scalar(wide, Scalar::Float(via), to);
        }
        let Some(target) = to.minifloat() else { return self.convert_scalar(x, from, to) };
        match from {
            Scalar::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => self.wide_to_minifloat(x, kind, target),
            Scalar::Float(kind) => {
                let wide = self.float_to_float(x, kind, FloatKind::F32);
                self.wide_to_minifloat(wide, FloatKind::F32, target)
            }
            _ => {
                let wide = self.convert_scalar(x, from, Scalar::Float(FloatKind::F64));
                self.wide_to_minifloat(wide, FloatKind::F64, target)
            }
        }
    }
}
