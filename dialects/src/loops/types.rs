//! The types of the loop dialect and the constraints its ops declare: `index` (loop
//! counters and indices, 64-bit), `memref<...>` (a buffer with a tensor's shape and layout)
//! and the scalar element types of hlo (`i1`, `iN`, `uiN`, every float type,
//! `complex<f32|f64>`).
//!
//! Invariant: the checks never panic, whatever the type.

use xla_ir::constraints::TypeKind;
use xla_ir::op_def::TypeConstraint;
use xla_ir::{Context, Signedness, Type, TypeData};

/// Declares an uninhabited constraint type: its description and its check.
macro_rules! loop_type_kind {
    ($(#[$doc:meta])* $name:ident, $description:literal, $check:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl TypeKind for $name {
            const CONSTRAINT: TypeConstraint = TypeConstraint { description: $description, check: $check };
        }
    };
}

loop_type_kind!(
    /// The `index` type: loop bounds, induction variables and buffer indices.
    Index,
    "index",
    |ctx, ty| is_index(ctx, ty)
);
loop_type_kind!(
    /// A buffer of any shape and element type.
    AnyMemRef,
    "a memref",
    |ctx, ty| ctx.as_memref(ty).is_some()
);
loop_type_kind!(
    /// A scalar: an integer (`i1` included), a float, `index` or a complex number.
    ScalarType,
    "a scalar (integer, float, index or complex)",
    |ctx, ty| is_scalar(ctx, ty)
);
loop_type_kind!(
    /// A predicate, `i1`.
    Pred,
    "a predicate (i1)",
    |ctx, ty| is_pred(ctx, ty)
);

/// Whether `ty` is `index`.
pub fn is_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Index)
}

/// Whether `ty` is `i1`.
pub fn is_pred(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width: 1, signedness: Signedness::Signless })
}

/// Whether `ty` is an integer wider than one bit, or `index` (which computes as a signed
/// 64-bit integer).
pub fn is_int_or_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width, .. } if *width > 1) || is_index(ctx, ty)
}

/// Whether `ty` is an integer of a signed kind (`iN`, `siN`) or `index`.
pub fn is_signed_int_or_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width, signedness } if *width > 1 && *signedness != Signedness::Unsigned)
        || is_index(ctx, ty)
}

/// Whether `ty` is a scalar element type of hlo or `index`.
pub fn is_scalar(ctx: &Context, ty: Type) -> bool {
    match ctx.type_data(ty) {
        TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Index => true,
        TypeData::Complex(part) => ctx.is_float(*part),
        _ => false,
    }
}

/// The width in bits of a scalar's value (a complex number counts both parts); `None` for
/// `index`, whose width is the target's business, and for non-scalars.
pub fn scalar_bit_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(kind) => Some(kind.bit_width()),
        TypeData::Complex(part) => scalar_bit_width(ctx, *part).map(|w| 2 * w),
        _ => None,
    }
}
