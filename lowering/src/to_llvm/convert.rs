//! `loop.constant`, `loop.convert` and `loop.bitcast`, and the float widening and narrowing
//! the other families share.
//!
//! `loop.convert` is `hlo.convert_element_type` on one element, as the reference
//! interpreter computes it:
//! - integer to integer wraps (truncation, or extension by the source's signedness);
//!   anything to `i1` is `x != 0` (for floats, NaN too is not zero);
//! - float to integer truncates toward zero and saturates, NaN giving 0: LLVM's
//!   `llvm.fptosi.sat`/`llvm.fptoui.sat`, on the value widened to `f32` if narrower;
//! - integer to `f32`/`f64` rounds once (`sitofp`/`uitofp`); integer to `f16`/`bf16` goes
//!   through `f64` as the interpreter does, and `f64` to a 16-bit format rounds once
//!   through `f32` *rounded to odd* ([`FnLowering::f64_to_f32_odd`]): a second rounding
//!   from `f32` (24 bits) to 8 or 11 bits is then correct, which plain `fptrunc` twice
//!   would not be for values just off a tie;
//! - float to float is `fpext`/`fptrunc` (`f16` and `bf16` convert through `f32`);
//! - to and from minifloats (the float formats of 8 bits or fewer): see
//!   [`super::minifloat`]; their constants are their codes, encoded here.
//!
//! `loop.bitcast` reinterprets bits between types of one width (`llvm.bitcast`; between a
//! minifloat and an integer of its width, nothing: both are that integer).

use xla_dialects::llvm::{FcmpPredicate, IcmpPredicate, LlvmOpKind};
use xla_dialects::loops::ConstantOp;
use xla_ir::{AttrData, Diagnostic, Op, FloatKind, OpId, Type, ValueId};

use super::lowering::FnLowering;
use super::types::{unsupported_type, Scalar};

/// Lowers `loop.constant` to a hoisted `llvm.constant` of the value type.
pub fn constant(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let ctx = l.ctx();
    let result = l.body.result(op, 0);
    let scalar = l.scalar_of(result)?;
    let ty = scalar.value_type(ctx);
    let value = ConstantOp::from_id_unchecked(op).value(l.body);
    let lowered = match ctx.attr_data(value) {
        AttrData::Integer { value, .. } => l.int_const(*value, ty),
        AttrData::Bool(b) => l.int_const(i128::from(*b), ty),
        AttrData::Float { bits, .. } => match scalar.minifloat() {
            Some(format) => l.int_const(signed_code(format.encode(f64::from_bits(*bits)), scalar.width()), ty),
            None if scalar.is_float() => l.float_const(f64::from_bits(*bits), ty),
            None => return Err(l.error(format!("lower-to-llvm cannot lower the constant {}", ctx.attr_to_string(value)))),
        },
        _ => return Err(l.error(format!("lower-to-llvm cannot lower the constant {}", ctx.attr_to_string(value)))),
    };
    l.bind(result, lowered);
    Ok(())
}

/// The code `code` of a `width`-bit format as the signed integer of those bits, as integer
/// constants are kept.
fn signed_code(code: u64, width: u32) -> i128 {
    let code = i128::from(code);
    if code >> (width - 1) & 1 == 1 { code - (1 << width) } else { code }
}

/// Lowers `loop.convert` (see the module).
pub fn convert(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let (operand, result) = (l.body.operand(op, 0), l.body.result(op, 0));
    let (from, to) = (l.scalar_of(operand)?, l.scalar_of(result)?);
    let x = l.value(operand)?;
    let converted = l.convert_scalar(x, from, to);
    l.bind(result, converted);
    Ok(())
}

/// Lowers `loop.bitcast` between types of one width.
pub fn bitcast(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let (operand, result) = (l.body.operand(op, 0), l.body.result(op, 0));
    let (from, to) = (l.scalar_of(operand)?, l.scalar_of(result)?);
    let x = l.value(operand)?;
    let ty = to.value_type(l.ctx());
    let cast = if from.value_type(l.ctx()) == ty {
        x
    } else if from.width() == to.width() && from.width() > 1 {
        l.cast(LlvmOpKind::Bitcast, x, ty)
    } else {
        return Err(l.error("lower-to-llvm: loop.bitcast between types of different widths"));
    };
    l.bind(result, cast);
    Ok(())
}

impl FnLowering<'_, '_> {
    /// The classification of the type of the loop value `v`, or a located error.
    pub fn scalar_of(&self, v: ValueId) -> Result<Scalar, Diagnostic> {
        let ty = self.body.value_type(v);
        Scalar::of(self.ctx(), ty).ok_or_else(|| self.error(unsupported_type(self.ctx(), ty)))
    }

    /// `x` (of `from`) converted to `to`, as `loop.convert` converts.
    pub fn convert_scalar(&mut self, x: ValueId, from: Scalar, to: Scalar) -> ValueId {
        let ctx = self.ctx();
        let ty = to.value_type(ctx);
        if let Some(converted) = self.complex_convert(x, from, to) {
            return converted;
        }
        if from.minifloat().is_some() || to.minifloat().is_some() {
            return self.minifloat_convert(x, from, to);
        }
        match (from, to) {
            _ if from.value_type(ctx) == ty && from.is_float() == to.is_float() => x,
            (Scalar::Float(_), Scalar::Pred) => {
                let zero = self.float_const(0.0, from.value_type(ctx));
                self.fcmp(FcmpPredicate::Une, x, zero)
            }
            (_, Scalar::Pred) => {
                let zero = self.int_const(0, from.value_type(ctx));
                self.icmp(IcmpPredicate::Ne, x, zero)
            }
            (Scalar::Float(kind), _) if !to.is_float() => self.float_to_int(x, kind, to),
            (Scalar::Float(kind), Scalar::Float(target)) => self.float_to_float(x, kind, target),
            (_, Scalar::Float(target)) => self.int_to_float(x, from, target),
            _ => self.int_to_int(x, from, to),
        }
    }

    /// An integer (or predicate) converted to another integer type, wrapping.
    fn int_to_int(&mut self, x: ValueId, from: Scalar, to: Scalar) -> ValueId {
        let ty = to.value_type(self.ctx());
        match from.width().cmp(&to.width()) {
            std::cmp::Ordering::Less => self.cast(if from.is_signed() { LlvmOpKind::SExt } else { LlvmOpKind::ZExt }, x, ty),
            std::cmp::Ordering::Greater => self.cast(LlvmOpKind::Trunc, x, ty),
            std::cmp::Ordering::Equal => x,
        }
    }

    /// An integer (or predicate) converted to a float format.
    fn int_to_float(&mut self, x: ValueId, from: Scalar, target: FloatKind) -> ValueId {
        let ctx = self.ctx();
        let op = if from.is_signed() { LlvmOpKind::SIToFP } else { LlvmOpKind::UIToFP };
        match target {
            FloatKind::F16 | FloatKind::BF16 => {
                let wide = self.cast(op, x, ctx.float_type(FloatKind::F64));
                self.float_to_float(wide, FloatKind::F64, target)
            }
            _ => self.cast(op, x, ctx.float_type(target)),
        }
    }

    /// A float converted to an integer type: truncated, saturated, NaN to 0.
    fn float_to_int(&mut self, x: ValueId, kind: FloatKind, to: Scalar) -> ValueId {
        let ctx = self.ctx();
        let (x, kind) = if matches!(kind, FloatKind::F16 | FloatKind::BF16) {
            (self.float_to_float(x, kind, FloatKind::F32), FloatKind::F32)
        } else {
            (x, kind)
        };
        let ty = to.value_type(ctx);
        let from_suffix = if kind == FloatKind::F64 { "f64" } else { "f32" };
        let name = format!("llvm.{}.sat.i{}.{from_suffix}", if to.is_signed() { "fptosi" } else { "fptoui" }, to.width());
        self.call_value(&name, &[x], ty)
    }

    /// A float converted to another float format, rounding once to nearest even.
    pub fn float_to_float(&mut self, x: ValueId, from: FloatKind, to: FloatKind) -> ValueId {
        let ctx = self.ctx();
        let narrow = |k: FloatKind| matches!(k, FloatKind::F16 | FloatKind::BF16);
        match (from, to) {
            _ if from == to => x,
            (FloatKind::F64, _) if narrow(to) => {
                let odd = self.f64_to_f32_odd(x);
                self.float_to_float(odd, FloatKind::F32, to)
            }
            (FloatKind::F32, FloatKind::BF16) => self.f32_to_bf16(x),
            _ if narrow(from) && narrow(to) => {
                let wide = self.float_to_float(x, from, FloatKind::F32);
                self.float_to_float(wide, FloatKind::F32, to)
            }
            _ if narrow(from) && to == FloatKind::F64 => {
                let wide = self.cast(LlvmOpKind::FPExt, x, ctx.f32_type());
                self.cast(LlvmOpKind::FPExt, wide, ctx.float_type(to))
            }
            _ if from.bit_width() < to.bit_width() => self.cast(LlvmOpKind::FPExt, x, ctx.float_type(to)),
            _ => self.cast(LlvmOpKind::FPTrunc, x, ctx.float_type(to)),
        }
    }

    /// An `f64` rounded to `f32` toward zero, with the last bit set when the rounding was
    /// inexact (round to odd): rounding this once more to 8 or 11 bits gives the correctly
    /// rounded result, as `f32` keeps two more bits than those formats need.
    pub fn f64_to_f32_odd(&mut self, x: ValueId) -> ValueId {
        let ctx = self.ctx();
        let (f32_ty, f64_ty, i32_ty) = (ctx.f32_type(), ctx.float_type(FloatKind::F64), ctx.int_type(32));
        let nearest = self.cast(LlvmOpKind::FPTrunc, x, f32_ty);
        let back = self.cast(LlvmOpKind::FPExt, nearest, f64_ty);
        let inexact = self.fcmp(FcmpPredicate::One, back, x);
        let (back_abs, x_abs) = (self.intrinsic("fabs", &[back], f64_ty), self.intrinsic("fabs", &[x], f64_ty));
        let away = self.fcmp(FcmpPredicate::Ogt, back_abs, x_abs);
        let bits = self.cast(LlvmOpKind::Bitcast, nearest, i32_ty);
        let one = self.int_const(1, i32_ty);
        let smaller = self.binary(LlvmOpKind::Sub, bits, one);
        let toward_zero = self.select(away, smaller, bits);
        let odd = self.binary(LlvmOpKind::Or, toward_zero, one);
        let rounded = self.select(inexact, odd, bits);
        self.cast(LlvmOpKind::Bitcast, rounded, f32_ty)
    }

    /// An `f32` rounded to `bf16`, to nearest even, in integer arithmetic on its bits:
    /// subnormal results stay, where the hardware conversion (`vcvtneps2bf16`) flushes
    /// them; a NaN stays a NaN (quieted).
    fn f32_to_bf16(&mut self, x: ValueId) -> ValueId {
        let ctx = self.ctx();
        let (i32_ty, i16_ty) = (ctx.int_type(32), ctx.int_type(16));
        let bits = self.cast(LlvmOpKind::Bitcast, x, i32_ty);
        let (sixteen, one, half) = (self.int_const(16, i32_ty), self.int_const(1, i32_ty), self.int_const(0x7FFF, i32_ty));
        let high = self.binary(LlvmOpKind::LShr, bits, sixteen);
        let last_kept = self.binary(LlvmOpKind::And, high, one);
        let bias = self.binary(LlvmOpKind::Add, half, last_kept);
        let biased = self.binary(LlvmOpKind::Add, bits, bias);
        let rounded = self.binary(LlvmOpKind::LShr, biased, sixteen);
        let quiet = self.int_const(0x0040, i32_ty);
        let quiet_nan = self.binary(LlvmOpKind::Or, high, quiet);
        let is_nan = self.fcmp(FcmpPredicate::Uno, x, x);
        let chosen = self.select(is_nan, quiet_nan, rounded);
        let narrow = self.cast(LlvmOpKind::Trunc, chosen, i16_ty);
        self.cast(LlvmOpKind::Bitcast, narrow, ctx.float_type(FloatKind::BF16))
    }

    /// A float of `scalar`'s format in the format it computes in
    /// ([`Scalar::compute_kind`]), exactly.
    pub fn widen(&mut self, x: ValueId, scalar: Scalar) -> ValueId {
        match (scalar, scalar.compute_kind(), scalar.minifloat()) {
            (_, Some(wide), Some(format)) => self.minifloat_to_wide(x, format, wide),
            (Scalar::Float(kind), Some(wide), None) if wide != kind => self.float_to_float(x, kind, wide),
            _ => x,
        }
    }

    /// A value computed by [`FnLowering::widen`]'s format rounded back to `scalar`'s.
    pub fn narrow(&mut self, x: ValueId, scalar: Scalar) -> ValueId {
        match (scalar, scalar.compute_kind(), scalar.minifloat()) {
            (_, Some(wide), Some(format)) => self.wide_to_minifloat(x, wide, format),
            (Scalar::Float(kind), Some(wide), None) if wide != kind => self.float_to_float(x, wide, kind),
            _ => x,
        }
    }

    /// The type a float of `scalar` computes in.
    pub fn compute_type(&self, scalar: Scalar) -> Type {
        let ctx = self.ctx();
        match scalar.compute_kind() {
            Some(kind) => ctx.float_type(kind),
            None => scalar.value_type(ctx),
        }
    }
}
