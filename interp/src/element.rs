//! Element types of the interpreter's literals, apart from any `Context`.
//!
//! [`ElementType`] is what a tensor's element type means to XLA: `pred`, a signed or
//! unsigned integer of 2 to 64 bits, a float format, or a complex number of a float format.
//! MLIR's signless integers (`i32`) are XLA's signed ones (`s32`); `i1` is `pred`.
//!
//! Invariant: the values the interpreter stores are always representable in their element
//! type: integers lie in the type's range ([`ElementType::wrap`] brings a wide result back
//! to it as two's-complement arithmetic does), and floats are exactly representable in
//! their format ([`round_to_format`]), so storing every float as an `f64` loses nothing.

use xla_ir::{float_format, Context, FloatKind, Signedness, Type, TypeData};

/// The element type of a literal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ElementType {
    /// XLA's `pred`, MLIR's `i1`: stored as the integers 0 and 1.
    Pred,
    /// An integer of `bits` bits (2 to 64), signed (`s8`) or unsigned (`u8`).
    Int { bits: u32, signed: bool },
    /// A floating-point format.
    Float(FloatKind),
    /// A complex number whose parts have the given format (`f32` or `f64`).
    Complex(FloatKind),
}

impl ElementType {
    pub const F32: ElementType = ElementType::Float(FloatKind::F32);
    pub const F64: ElementType = ElementType::Float(FloatKind::F64);
    pub const S32: ElementType = ElementType::Int { bits: 32, signed: true };
    pub const S64: ElementType = ElementType::Int { bits: 64, signed: true };
    pub const U32: ElementType = ElementType::Int { bits: 32, signed: false };
    pub const U64: ElementType = ElementType::Int { bits: 64, signed: false };

    /// The element type of an MLIR scalar type, or `None` for types that cannot be elements.
    pub fn of(ctx: &Context, ty: Type) -> Option<ElementType> {
        match ctx.type_data(ty) {
            TypeData::Integer { width: 1, .. } => Some(ElementType::Pred),
            TypeData::Integer { width, signedness } if (2..=64).contains(width) => {
                Some(ElementType::Int { bits: *width, signed: *signedness != Signedness::Unsigned })
            }
            TypeData::Index => Some(ElementType::S64),
            TypeData::Float(kind) => Some(ElementType::Float(*kind)),
            TypeData::Complex(part) => match ctx.type_data(*part) {
                TypeData::Float(kind) => Some(ElementType::Complex(*kind)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The MLIR type of this element type (signed integers as signless ones).
    pub fn to_type(self, ctx: &Context) -> Type {
        match self {
            ElementType::Pred => ctx.int_type(1),
            ElementType::Int { bits, signed: true } => ctx.int_type(bits),
            ElementType::Int { bits, signed: false } => ctx.uint_type(bits),
            ElementType::Float(kind) => ctx.float_type(kind),
            ElementType::Complex(kind) => ctx.ty(TypeData::Complex(ctx.float_type(kind))),
        }
    }

    /// XLA's name of the type: `pred`, `s32`, `u8`, `f32`, `bf16`, `c64`, `f8e4m3fn`.
    pub fn name(self) -> String {
        match self {
            ElementType::Pred => "pred".into(),
            ElementType::Int { bits, signed } => format!("{}{bits}", if signed { 's' } else { 'u' }),
            ElementType::Float(kind) => kind.name().to_ascii_lowercase(),
            ElementType::Complex(FloatKind::F64) => "c128".into(),
            ElementType::Complex(_) => "c64".into(),
        }
    }

    /// The width of one element in bits (a complex number counts both parts).
    pub fn bit_width(self) -> u32 {
        match self {
            ElementType::Pred => 1,
            ElementType::Int { bits, .. } => bits,
            ElementType::Float(kind) => kind.bit_width(),
            ElementType::Complex(kind) => 2 * kind.bit_width(),
        }
    }

    /// Bytes one element takes in memory (XLA's `ShapeUtil::ByteSizeOfPrimitiveType`:
    /// sub-byte types take a whole byte).
    pub fn byte_width(self) -> usize {
        (self.bit_width() as usize).div_ceil(8)
    }

    pub fn is_float(self) -> bool {
        matches!(self, ElementType::Float(_))
    }

    pub fn is_integer(self) -> bool {
        matches!(self, ElementType::Int { .. })
    }

    pub fn is_signed_integer(self) -> bool {
        matches!(self, ElementType::Int { signed: true, .. })
    }

    /// The smallest and largest value of an integer or `pred` type.
    pub fn int_range(self) -> Option<(i128, i128)> {
        match self {
            ElementType::Pred => Some((0, 1)),
            ElementType::Int { bits, signed: true } => Some((-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)),
            ElementType::Int { bits, signed: false } => Some((0, (1i128 << bits) - 1)),
            _ => None,
        }
    }

    /// `value` wrapped to this integer type, as two's-complement arithmetic of the type's
    /// width does (`pred` keeps the lowest bit).
    pub fn wrap(self, value: i128) -> i128 {
        match self {
            ElementType::Pred => value & 1,
            ElementType::Int { bits, signed } => {
                let shift = 128 - bits;
                if signed {
                    (value << shift) >> shift
                } else {
                    ((value as u128) << shift >> shift) as i128
                }
            }
            _ => value,
        }
    }

    /// The bits of an integer value of this type, as an unsigned number of the type's width.
    pub fn to_bits(self, value: i128) -> u128 {
        match self {
            ElementType::Pred => (value & 1) as u128,
            ElementType::Int { bits, .. } => (value as u128) & ((1u128 << bits) - 1),
            _ => value as u128,
        }
    }

    /// The integer value of this type whose bits are `bits` (the low `width` bits count).
    pub fn from_bits(self, bits: u128) -> i128 {
        self.wrap(bits as i128)
    }
}

/// `value` rounded to the nearest value of format `kind` (ties to even), with the format's
/// overflow behavior: infinity, or NaN for formats without infinities, or saturation for
/// the finite-only ones.
pub fn round_to_format(kind: FloatKind, value: f64) -> f64 {
    match kind {
        FloatKind::F64 => value,
        FloatKind::F32 => value as f32 as f64,
        _ => float_format::decode(kind, float_format::encode(kind, value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_follows_twos_complement() {
        let s8 = ElementType::Int { bits: 8, signed: true };
        let u8 = ElementType::Int { bits: 8, signed: false };
        let s4 = ElementType::Int { bits: 4, signed: true };
        assert_eq!(s8.wrap(128), -128);
        assert_eq!(s8.wrap(-129), 127);
        assert_eq!(u8.wrap(-1), 255);
        assert_eq!(u8.wrap(256), 0);
        assert_eq!(s4.wrap(8), -8);
        assert_eq!(ElementType::Pred.wrap(2), 0);
        assert_eq!(ElementType::U64.wrap(-1), u64::MAX as i128);
        assert_eq!(s8.to_bits(-1), 0xFF);
        assert_eq!(s8.from_bits(0xFF), -1);
    }

    #[test]
    fn names_are_xla_names() {
        assert_eq!(ElementType::Pred.name(), "pred");
        assert_eq!(ElementType::U32.name(), "u32");
        assert_eq!(ElementType::Float(FloatKind::BF16).name(), "bf16");
        assert_eq!(ElementType::Float(FloatKind::F8E4M3FN).name(), "f8e4m3fn");
        assert_eq!(ElementType::Complex(FloatKind::F32).name(), "c64");
    }

    #[test]
    fn rounding_to_narrow_formats() {
        assert_eq!(round_to_format(FloatKind::F32, 0.1), 0.1f32 as f64);
        assert_eq!(round_to_format(FloatKind::BF16, 1.0 + 1.0 / 256.0), 1.0);
        assert_eq!(round_to_format(FloatKind::F16, 70000.0), f64::INFINITY);
        assert!(round_to_format(FloatKind::F8E4M3FN, 1000.0).is_nan(), "no infinity: overflow is NaN, as in XLA");
    }
}
