//! What loop-level types become at the llvm level.
//!
//! A scalar is classified once ([`Scalar`]) and then has three llvm types:
//! - its *value* type, what it is in registers: `i1` for a predicate, `iN` for every
//!   integer of `N` bits whatever its signedness (`ui32` is `i32`; the signedness goes to
//!   the ops that need it), `i64` for `index`, the float type itself for `f16`, `bf16`,
//!   `f32` and `f64`, and for a *minifloat* (a float format of eight bits or fewer: the
//!   `f8` family, `f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`, which LLVM has no types for) its code
//!   as an integer of its width (`i8`, `i6`, `i4`);
//! - its *storage* type, what one element of a buffer is in memory: a predicate, an
//!   integer narrower than a byte and a minifloat take a byte each (as XLA stores `pred`,
//!   `s4`, `u4`, `f4E2M1FN` and the `f8` types unpacked), everything else is its value type;
//! - for floats, its *compute* type ([`Scalar::compute_kind`]): `f16`, `bf16` and the
//!   minifloats compute in `f32` and round back, which gives the correctly rounded result
//!   for `+ - * /` and `sqrt` (f32 has more than twice their precision), as the reference
//!   interpreter computes them; `f8E8M0FNU` computes in `f64`, since its smallest value
//!   `2^-127` is subnormal in `f32` and code that flushes subnormals would read it as 0.
//!   Minifloats are decoded and encoded by [`super::minifloat`].
//!
//! A complex number is one value, its bits packed in an integer (`i64` for `complex<f32>`,
//! `i128` for `complex<f64>`), the real part in the low half: the loop level's
//! `loop.bitcast` order and XLA's (and numpy's) memory order, since x86 is little-endian. Its storage type is the same integer, so loads, stores, selects and block
//! arguments move it whole; arithmetic takes it apart ([`super::complex`]).
//!
//! A memref becomes `!llvm.ptr` to its first element. `tf32`, complex numbers of other
//! parts and integers wider than 64 bits are not lowered yet: a located error names the
//! type.

use xla_dialects::llvm::ptr_type;
use xla_ir::float_format::{narrow_format, NarrowFormat};
use xla_ir::{Context, FloatKind, Signedness, Type, TypeData};

/// A scalar type of the loop level, as the llvm lowering sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// `i1`, a predicate: 0 or 1, unsigned.
    Pred,
    /// An integer of `width` bits (2 to 64), read as signed or unsigned; `index` is a
    /// signed 64-bit integer.
    Int {
        /// The width in bits.
        width: u32,
        /// Whether orders, division and widening read the value as signed.
        signed: bool,
    },
    /// `f16`, `bf16`, `f32`, `f64` or a minifloat (a format of eight bits or fewer).
    Float(FloatKind),
    /// A complex number with parts of this kind (`f32` or `f64`), packed in an integer
    /// twice as wide as a part.
    Complex(FloatKind),
}

impl Scalar {
    /// The classification of `ty`, or `None` for a type the lowering does not handle.
    pub fn of(ctx: &Context, ty: Type) -> Option<Scalar> {
        match ctx.type_data(ty) {
            TypeData::Integer { width: 1, .. } => Some(Scalar::Pred),
            TypeData::Integer { width, signedness } if supported_width(*width) => {
                Some(Scalar::Int { width: *width, signed: *signedness != Signedness::Unsigned })
            }
            TypeData::Index => Some(Scalar::Int { width: 64, signed: true }),
            TypeData::Float(kind @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)) => Some(Scalar::Float(*kind)),
            TypeData::Float(kind) if is_minifloat(*kind) => Some(Scalar::Float(*kind)),
            TypeData::Complex(part) => match ctx.type_data(*part) {
                TypeData::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => Some(Scalar::Complex(*kind)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The type a value of this scalar has in registers.
    pub fn value_type(self, ctx: &Context) -> Type {
        match self {
            Scalar::Pred => ctx.int_type(1),
            Scalar::Int { width, .. } => ctx.int_type(width),
            Scalar::Float(kind) if is_minifloat(kind) => ctx.int_type(kind.bit_width()),
            Scalar::Float(kind) => ctx.float_type(kind),
            Scalar::Complex(kind) => ctx.int_type(2 * kind.bit_width()),
        }
    }

    /// The type one element of a buffer has in memory.
    pub fn storage_type(self, ctx: &Context) -> Type {
        match self {
            Scalar::Pred => ctx.int_type(8),
            _ if self.width() < 8 => ctx.int_type(8),
            other => other.value_type(ctx),
        }
    }

    /// The size of one element of a buffer in bytes.
    pub fn storage_bytes(self) -> i64 {
        match self {
            Scalar::Pred => 1,
            Scalar::Int { width, .. } => i64::from(width.div_ceil(8)),
            Scalar::Float(kind) => i64::from(kind.bit_width().div_ceil(8)),
            Scalar::Complex(kind) => i64::from(kind.bit_width() / 4),
        }
    }

    /// The width of the value in bits.
    pub fn width(self) -> u32 {
        match self {
            Scalar::Pred => 1,
            Scalar::Int { width, .. } => width,
            Scalar::Float(kind) => kind.bit_width(),
            Scalar::Complex(kind) => 2 * kind.bit_width(),
        }
    }

    /// Whether this is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float(_))
    }

    /// Whether integer comparisons and conversions read the value as signed.
    pub fn is_signed(self) -> bool {
        matches!(self, Scalar::Int { signed: true, .. })
    }

    /// For a float, whether it computes in a wider format (`f16`, `bf16` and the
    /// minifloats).
    pub fn is_narrow_float(self) -> bool {
        matches!(self, Scalar::Float(kind) if self.compute_kind() != Some(kind))
    }

    /// For a minifloat, its format.
    pub fn minifloat(self) -> Option<NarrowFormat> {
        match self {
            Scalar::Float(kind) => narrow_format(kind),
            _ => None,
        }
    }

    /// For a float, the format its arithmetic computes in (see the module).
    pub fn compute_kind(self) -> Option<FloatKind> {
        match self {
            Scalar::Float(FloatKind::F8E8M0FNU) => Some(FloatKind::F64),
            Scalar::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => Some(kind),
            Scalar::Float(_) => Some(FloatKind::F32),
            _ => None,
        }
    }
}

/// Whether `kind` is a minifloat: a format of eight bits or fewer, kept as its code.
pub fn is_minifloat(kind: FloatKind) -> bool {
    narrow_format(kind).is_some()
}

/// Integer widths with a storage layout: sub-byte widths (in a byte each) and the
/// power-of-two widths up to 64.
fn supported_width(width: u32) -> bool {
    (2..8).contains(&width) || matches!(width, 8 | 16 | 32 | 64)
}

/// The llvm type of a loop-level value of type `ty` (a buffer or a scalar), or `None`.
pub fn lowered_type(ctx: &Context, ty: Type) -> Option<Type> {
    if ctx.as_memref(ty).is_some() {
        return Some(ptr_type(ctx));
    }
    Scalar::of(ctx, ty).map(|s| s.value_type(ctx))
}

/// The suffix LLVM's overloaded intrinsics take for a value type: `f32`, `f64`, `i32`.
pub fn intrinsic_suffix(ctx: &Context, ty: Type) -> String {
    match ctx.type_data(ty) {
        TypeData::Float(FloatKind::F16) => "f16".to_string(),
        TypeData::Float(FloatKind::BF16) => "bf16".to_string(),
        TypeData::Float(FloatKind::F64) => "f64".to_string(),
        TypeData::Float(_) => "f32".to_string(),
        TypeData::Integer { width, .. } => format!("i{width}"),
        _ => "i64".to_string(),
    }
}

/// The message for a type the lowering does not handle.
pub fn unsupported_type(ctx: &Context, ty: Type) -> String {
    format!("lower-to-llvm does not handle values of type {} yet", ctx.type_to_string(ty))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_have_value_storage_and_size() {
        let ctx = Context::new();
        let pred = Scalar::of(&ctx, ctx.int_type(1)).expect("i1");
        assert_eq!((pred.value_type(&ctx), pred.storage_type(&ctx), pred.storage_bytes()), (ctx.int_type(1), ctx.int_type(8), 1));
        let u4 = Scalar::of(&ctx, ctx.uint_type(4)).expect("ui4");
        assert_eq!(u4, Scalar::Int { width: 4, signed: false });
        assert_eq!(u4.storage_type(&ctx), ctx.int_type(8));
        let index = Scalar::of(&ctx, ctx.index_type()).expect("index");
        assert_eq!(index, Scalar::Int { width: 64, signed: true });
        let bf16 = Scalar::of(&ctx, ctx.float_type(FloatKind::BF16)).expect("bf16");
        assert!(bf16.is_narrow_float());
        assert_eq!(bf16.storage_bytes(), 2);
        let f8 = Scalar::of(&ctx, ctx.float_type(FloatKind::F8E4M3FN)).expect("f8E4M3FN");
        assert_eq!((f8.value_type(&ctx), f8.storage_type(&ctx), f8.storage_bytes()), (ctx.int_type(8), ctx.int_type(8), 1));
        assert_eq!(f8.compute_kind(), Some(FloatKind::F32));
        assert!(f8.is_narrow_float());
        let f4 = Scalar::of(&ctx, ctx.float_type(FloatKind::F4E2M1FN)).expect("f4E2M1FN");
        assert_eq!((f4.value_type(&ctx), f4.storage_type(&ctx), f4.storage_bytes()), (ctx.int_type(4), ctx.int_type(8), 1));
        let e8m0 = Scalar::of(&ctx, ctx.float_type(FloatKind::F8E8M0FNU)).expect("f8E8M0FNU");
        assert_eq!(e8m0.compute_kind(), Some(FloatKind::F64));
        assert_eq!(Scalar::of(&ctx, ctx.float_type(FloatKind::TF32)), None);
        let f32 = Scalar::of(&ctx, ctx.f32_type()).expect("f32");
        assert!(!f32.is_narrow_float());
        assert_eq!(f32.minifloat(), None);
        assert_eq!(Scalar::of(&ctx, ctx.int_type(128)), None);
        let c64 = Scalar::of(&ctx, ctx.ty(TypeData::Complex(ctx.f32_type()))).expect("complex<f32>");
        assert_eq!((c64.value_type(&ctx), c64.storage_bytes()), (ctx.int_type(64), 8));
        let c128 = Scalar::of(&ctx, ctx.ty(TypeData::Complex(ctx.float_type(FloatKind::F64)))).expect("complex<f64>");
        assert_eq!((c128.value_type(&ctx), c128.storage_bytes()), (ctx.int_type(128), 16));
        assert_eq!(lowered_type(&ctx, ctx.memref_type(&[2], ctx.f32_type())), Some(ptr_type(&ctx)));
    }
}
