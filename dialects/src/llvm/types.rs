//! The types of the llvm dialect: LLVM's first-class scalar types as the builtin types
//! spell them (signless integers `i1` to `i128`, the widest holding a `complex<f64>`; `f16`, `bf16`, `f32`, `f64`) and the opaque
//! pointer `!llvm.ptr`, a dialect type ([`ptr_type`]).
//!
//! The constraint kinds here ([`LlvmType`], [`LlvmInt`], [`LlvmFloat`], [`LlvmPtr`],
//! [`LlvmBool`], [`LlvmIntOrPtr`]) are what the ops' operand and result declarations name,
//! so a value of another type (a tensor, `index`, `ui32`) is a verifier error naming the
//! operand.

use xla_ir::constraints::TypeKind;
use xla_ir::op_def::TypeConstraint;
use xla_ir::{Context, FloatKind, Signedness, Type, TypeData};

/// The widest integer type the dialect has, in bits.
pub const MAX_INT_WIDTH: u32 = 128;

/// The opaque pointer type, `!llvm.ptr` (LLVM's `ptr` in address space 0).
pub fn ptr_type(ctx: &Context) -> Type {
    ctx.ty(TypeData::Opaque { dialect: "llvm".to_string(), body: "ptr".to_string() })
}

/// Whether `ty` is `!llvm.ptr`.
pub fn is_ptr(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Opaque { dialect, body } if dialect == "llvm" && body == "ptr")
}

/// The width of `ty` when it is a signless integer of the dialect (`i1` to `i128`).
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, signedness: Signedness::Signless } if (1..=MAX_INT_WIDTH).contains(width) => Some(*width),
        _ => None,
    }
}

/// The format of `ty` when it is a float type of the dialect (`f16`, `bf16`, `f32`, `f64`).
pub fn float_kind(ctx: &Context, ty: Type) -> Option<FloatKind> {
    match ctx.type_data(ty) {
        TypeData::Float(kind @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)) => Some(*kind),
        _ => None,
    }
}

/// Whether `ty` is a signless integer of the dialect.
pub fn is_int(ctx: &Context, ty: Type) -> bool {
    int_width(ctx, ty).is_some()
}

/// Whether `ty` is a float type of the dialect.
pub fn is_float(ctx: &Context, ty: Type) -> bool {
    float_kind(ctx, ty).is_some()
}

/// Whether `ty` is any type of the dialect: an integer, a float or the pointer.
pub fn is_llvm_type(ctx: &Context, ty: Type) -> bool {
    is_int(ctx, ty) || is_float(ctx, ty) || is_ptr(ctx, ty)
}

/// The size of a value of `ty` in bits (64 for the pointer, whose width is the target's;
/// every target the compiler emits for has 64-bit pointers).
pub fn bit_width(ctx: &Context, ty: Type) -> Option<u32> {
    if is_ptr(ctx, ty) {
        return Some(64);
    }
    int_width(ctx, ty).or_else(|| float_kind(ctx, ty).map(FloatKind::bit_width))
}

/// Declares an uninhabited constraint kind accepting the types `check` accepts.
macro_rules! llvm_type_kind {
    ($(#[$doc:meta])* $name:ident, $description:literal, $check:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl TypeKind for $name {
            const CONSTRAINT: TypeConstraint = TypeConstraint { description: $description, check: $check };
        }
    };
}

llvm_type_kind!(
    /// Any type of the dialect: `i1` to `i64`, `f16`, `bf16`, `f32`, `f64` or `!llvm.ptr`.
    LlvmType,
    "an LLVM type (i1 to i128, f16, bf16, f32, f64 or !llvm.ptr)",
    is_llvm_type
);
llvm_type_kind!(
    /// A signless integer, `i1` to `i64`.
    LlvmInt,
    "an integer (i1 to i128)",
    is_int
);
llvm_type_kind!(
    /// A float: `f16`, `bf16`, `f32` or `f64`.
    LlvmFloat,
    "a float (f16, bf16, f32 or f64)",
    is_float
);
llvm_type_kind!(
    /// The opaque pointer `!llvm.ptr`.
    LlvmPtr,
    "a pointer (!llvm.ptr)",
    is_ptr
);
llvm_type_kind!(
    /// A one-bit integer, `i1`: a branch or select condition.
    LlvmBool,
    "a condition (i1)",
    |ctx, ty| int_width(ctx, ty) == Some(1)
);
llvm_type_kind!(
    /// An integer or a pointer: what `llvm.icmp` compares.
    LlvmIntOrPtr,
    "an integer (i1 to i128) or a pointer (!llvm.ptr)",
    |ctx, ty| is_int(ctx, ty) || is_ptr(ctx, ty)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_classified() {
        let ctx = Context::new();
        let ptr = ptr_type(&ctx);
        assert!(is_ptr(&ctx, ptr));
        assert_eq!(ctx.type_to_string(ptr), "!llvm.ptr");
        assert_eq!(int_width(&ctx, ctx.int_type(32)), Some(32));
        assert_eq!(int_width(&ctx, ctx.int_type(128)), Some(128));
        assert_eq!(int_width(&ctx, ctx.int_type(129)), None);
        assert_eq!(int_width(&ctx, ctx.uint_type(32)), None);
        assert_eq!(float_kind(&ctx, ctx.f32_type()), Some(FloatKind::F32));
        assert_eq!(float_kind(&ctx, ctx.float_type(FloatKind::F8E5M2)), None);
        assert!(!is_llvm_type(&ctx, ctx.index_type()));
        assert!(!is_llvm_type(&ctx, ctx.tensor_type(&[2], ctx.f32_type())));
        assert_eq!(bit_width(&ctx, ctx.float_type(FloatKind::BF16)), Some(16));
        assert_eq!(bit_width(&ctx, ptr), Some(64));
    }
}
