//! The elemental of `hlo.reduce_precision`: XLA's bit manipulation (the interpreter's
//! `ops/convert.rs`) on the bits of the element as an unsigned integer, with `loop.bitcast`
//! and integer `loop.arith`.
//!
//! An `f64` element is reduced on its 64 bits and an `f32` one on its 32; a narrower float
//! is converted to `f32`, reduced there and converted back, as the interpreter does. The
//! mantissa is rounded to nearest even at the last kept bit (adding a bias and masking the
//! dropped bits), then an exponent beyond the narrow format's range becomes an infinity of
//! the element's sign and one below it a zero of that sign. A NaN stays the element itself
//! when mantissa bits remain and becomes `+inf` when none do.

use xla_dialects::hlo::{ComparisonDirection, ComparisonType, ReducePrecisionOp};
use xla_dialects::loops::ArithKind;
use xla_ir::{Op, FloatKind, Scalar, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// The source format reduced on: its width and its exponent and mantissa bits.
#[derive(Copy, Clone)]
struct Format {
    width: u32,
    exponent: u32,
    mantissa: u32,
}

impl Lowering<'_, '_> {
    /// The element of `hlo.reduce_precision` at `index`.
    pub fn reduce_precision_elements(&mut self, reduce: ReducePrecisionOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = reduce.id();
        let (exponent, mantissa) = (reduce.exponent_bits(self.body), reduce.mantissa_bits(self.body));
        let exponent = u32::try_from(exponent).ok().filter(|e| *e >= 1).ok_or_else(|| self.error("reduce_precision needs at least one exponent bit"))?;
        let mantissa = u32::try_from(mantissa).map_err(|_| self.error("reduce_precision needs a mantissa width of at least 0"))?;
        let operand = self.body.operand(op, 0);
        let element = self.element_type_of(operand)?;
        let ctx = self.ctx();
        let (format, working) = match ctx.type_data(element) {
            TypeData::Float(FloatKind::F64) => (Format { width: 64, exponent: 11, mantissa: 52 }, element),
            TypeData::Float(_) => (Format { width: 32, exponent: 8, mantissa: 23 }, ctx.f32_type()),
            _ => return Err(self.error("reduce_precision needs floating-point elements")),
        };
        let x = self.element(operand, index)?;
        let wide = self.convert(x, working);
        let bits_type = ctx.uint_type(format.width);
        let bits = self.bitcast(wide, bits_type);
        let rounded = if mantissa < format.mantissa { self.round_mantissa(bits, format.mantissa - mantissa)? } else { bits };
        let clamped = if exponent < format.exponent { self.clamp_exponent(rounded, format, exponent)? } else { rounded };
        let reduced = self.bitcast(clamped, working);
        let reduced = self.convert(reduced, element);
        let is_nan = self.compare(ComparisonDirection::Ne, Some(ComparisonType::Float), x, x);
        let nan = if mantissa > 0 { x } else { self.scalar(Scalar::Float(f64::INFINITY), element)? };
        Ok(self.select(is_nan, nan, reduced))
    }

    /// The unsigned integer constant `v` of type `ty`.
    fn bits_constant(&mut self, v: u64, ty: Type) -> Emitted<ValueId> {
        self.scalar(Scalar::Int(i128::from(v)), ty)
    }

    /// `bits` rounded to nearest even at bit `dropped`, the bits below it cleared.
    fn round_mantissa(&mut self, bits: ValueId, dropped: u32) -> Emitted<ValueId> {
        let ty = self.body.value_type(bits);
        let last_kept = 1u64 << dropped;
        let (last_kept_c, shift) = (self.bits_constant(last_kept, ty)?, self.bits_constant(u64::from(dropped), ty)?);
        let base_bias = self.bits_constant((last_kept >> 1) - 1, ty)?;
        let kept_bit = self.arith(ArithKind::And, bits, last_kept_c);
        let kept_bit = self.arith(ArithKind::ShiftRightLogical, kept_bit, shift);
        let bias = self.arith(ArithKind::Add, kept_bit, base_bias);
        let biased = self.arith(ArithKind::Add, bits, bias);
        let width = self.scalar_width(ty);
        let keep_mask = self.bits_constant(!(last_kept - 1) & width_mask(width), ty)?;
        Ok(self.arith(ArithKind::And, biased, keep_mask))
    }

    /// `bits` with an exponent above the narrow range made infinite and one at or below
    /// its bottom made zero, the sign kept.
    fn clamp_exponent(&mut self, bits: ValueId, format: Format, exponent: u32) -> Emitted<ValueId> {
        let ty = self.body.value_type(bits);
        let exponent_mask = ((1u64 << format.exponent) - 1) << format.mantissa;
        let bias = (1u64 << (format.exponent - 1)) - 1;
        let reduced_bias = (1u64 << (exponent - 1)) - 1;
        let max_exponent = self.bits_constant((bias + reduced_bias) << format.mantissa, ty)?;
        let min_exponent = self.bits_constant((bias - reduced_bias) << format.mantissa, ty)?;
        let (exponent_mask, sign) = (self.bits_constant(exponent_mask, ty)?, self.bits_constant(1u64 << (format.width - 1), ty)?);
        let x_exponent = self.arith(ArithKind::And, bits, exponent_mask);
        let signed_zero = self.arith(ArithKind::And, bits, sign);
        let infinity = self.arith(ArithKind::Or, signed_zero, exponent_mask);
        let too_big = self.compare(ComparisonDirection::Gt, None, x_exponent, max_exponent);
        let too_small = self.compare(ComparisonDirection::Le, None, x_exponent, min_exponent);
        let flushed = self.select(too_small, signed_zero, bits);
        Ok(self.select(too_big, infinity, flushed))
    }

    /// The width of an unsigned integer type made by this module.
    fn scalar_width(&self, ty: Type) -> u32 {
        match self.ctx().type_data(ty) {
            TypeData::Integer { width, .. } => *width,
            _ => 64,
        }
    }
}

/// The mask of the low `width` bits.
fn width_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}
