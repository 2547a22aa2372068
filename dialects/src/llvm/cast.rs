//! Casts, one op per LLVM conversion instruction: `llvm.sext`, `zext`, `trunc` between
//! integers; `fpext`, `fptrunc` between floats; `sitofp`, `uitofp`, `fptosi`, `fptoui`
//! between integers and floats; `bitcast` between types of one width; `ptrtoint` and
//! `inttoptr` between pointers and integers.
//!
//! Custom form: `%y = llvm.sext %x : i32 to i64`. The verifier checks the direction each
//! instruction allows: `sext`/`zext`/`fpext` widen strictly, `trunc`/`fptrunc` narrow
//! strictly, `bitcast` keeps the width and does not mix pointers with other types.

use xla_ir::op_def::OpRef;
use xla_ir::{Context, Diagnostic, FloatKind, Type};
use xla_macros::op;

use super::types::{bit_width, float_kind, int_width, is_ptr, LlvmFloat, LlvmInt, LlvmPtr, LlvmType};

/// Declares a cast op from `$from` to `$to` values with its doc comment.
macro_rules! cast_op {
    ($(#[$doc:meta])* $name:ident, $op_name:literal, $from:ty => $to:ty) => {
        $(#[$doc])*
        #[op(
            name = $op_name,
            traits = [Pure],
            verify = verify_cast,
            format = "$arg attr-dict `:` type($arg) `to` type($result)"
        )]
        pub struct $name {
            #[operand]
            arg: $from,
            #[result]
            result: $to,
        }
    };
}

cast_op!(
    /// Sign-extends an integer to a wider integer (LLVM's `sext`).
    ///
    /// Example: `%y = llvm.sext %x : i32 to i64`
    SExtOp, "llvm.sext", LlvmInt => LlvmInt
);
cast_op!(
    /// Zero-extends an integer to a wider integer (LLVM's `zext`).
    ///
    /// Example: `%y = llvm.zext %p : i1 to i32`
    ZExtOp, "llvm.zext", LlvmInt => LlvmInt
);
cast_op!(
    /// Keeps the low bits of an integer, giving a narrower integer (LLVM's `trunc`).
    ///
    /// Example: `%y = llvm.trunc %x : i64 to i32`
    TruncOp, "llvm.trunc", LlvmInt => LlvmInt
);
cast_op!(
    /// Converts a float to a wider float format, exactly (LLVM's `fpext`).
    ///
    /// Example: `%y = llvm.fpext %x : f32 to f64`
    FPExtOp, "llvm.fpext", LlvmFloat => LlvmFloat
);
cast_op!(
    /// Rounds a float to a narrower float format, to nearest even (LLVM's `fptrunc`).
    ///
    /// Example: `%y = llvm.fptrunc %x : f64 to f32`
    FPTruncOp, "llvm.fptrunc", LlvmFloat => LlvmFloat
);
cast_op!(
    /// Converts a signed integer to a float, rounding to nearest even (LLVM's `sitofp`).
    ///
    /// Example: `%y = llvm.sitofp %x : i32 to f32`
    SIToFPOp, "llvm.sitofp", LlvmInt => LlvmFloat
);
cast_op!(
    /// Converts an unsigned integer to a float, rounding to nearest even (LLVM's `uitofp`).
    ///
    /// Example: `%y = llvm.uitofp %x : i32 to f32`
    UIToFPOp, "llvm.uitofp", LlvmInt => LlvmFloat
);
cast_op!(
    /// Converts a float to a signed integer, rounding toward zero (LLVM's `fptosi`; poison
    /// when the value does not fit).
    ///
    /// Example: `%y = llvm.fptosi %x : f32 to i32`
    FPToSIOp, "llvm.fptosi", LlvmFloat => LlvmInt
);
cast_op!(
    /// Converts a float to an unsigned integer, rounding toward zero (LLVM's `fptoui`;
    /// poison when the value does not fit).
    ///
    /// Example: `%y = llvm.fptoui %x : f32 to i32`
    FPToUIOp, "llvm.fptoui", LlvmFloat => LlvmInt
);
cast_op!(
    /// Reinterprets the bits of a value as another type of the same width (LLVM's
    /// `bitcast`); pointers cast only to pointers.
    ///
    /// Example: `%y = llvm.bitcast %x : f32 to i32`
    BitcastOp, "llvm.bitcast", LlvmType => LlvmType
);
cast_op!(
    /// The address a pointer holds, as an integer, truncated or zero-extended to its width
    /// (LLVM's `ptrtoint`).
    ///
    /// Example: `%y = llvm.ptrtoint %p : !llvm.ptr to i64`
    PtrToIntOp, "llvm.ptrtoint", LlvmPtr => LlvmInt
);
cast_op!(
    /// A pointer to the address an integer holds (LLVM's `inttoptr`).
    ///
    /// Example: `%p = llvm.inttoptr %x : i64 to !llvm.ptr`
    IntToPtrOp, "llvm.inttoptr", LlvmInt => LlvmPtr
);


/// Checks the direction of a cast; the declared constraints have checked the kinds of its
/// operand and result.
fn verify_cast(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (Some(&from), Some(&to)) = (op.operand_types().first(), op.result_types().first()) else { return Ok(()) };
    let problem = match op.name() {
        "llvm.sext" | "llvm.zext" => widens(int_width(ctx, from), int_width(ctx, to)),
        "llvm.trunc" => widens(int_width(ctx, to), int_width(ctx, from)),
        "llvm.fpext" => widens_float(float_kind(ctx, from), float_kind(ctx, to)),
        "llvm.fptrunc" => widens_float(float_kind(ctx, to), float_kind(ctx, from)),
        "llvm.bitcast" => check_bitcast(ctx, from, to),
        _ => None,
    };
    match problem {
        Some(problem) => Err(op.error(format!(
            "cannot cast {} to {}: {problem}",
            ctx.type_to_string(from),
            ctx.type_to_string(to)
        ))),
        None => Ok(()),
    }
}

/// Why a cast from width `narrow` to width `wide` does not widen strictly, if it does not.
fn widens(narrow: Option<u32>, wide: Option<u32>) -> Option<&'static str> {
    match (narrow, wide) {
        (Some(n), Some(w)) if n < w => None,
        (Some(_), Some(_)) => Some("the wider type must have more bits than the narrower"),
        _ => None,
    }
}

/// Why a float cast from `narrow` to `wide` does not widen strictly, if it does not (`f16`
/// and `bf16`, both of 16 bits, convert neither way).
fn widens_float(narrow: Option<FloatKind>, wide: Option<FloatKind>) -> Option<&'static str> {
    let (Some(narrow), Some(wide)) = (narrow, wide) else { return None };
    if narrow.bit_width() >= wide.bit_width() {
        return Some("the wider format must have more bits than the narrower");
    }
    None
}

/// Why `from` cannot be bitcast to `to`, if it cannot.
fn check_bitcast(ctx: &Context, from: Type, to: Type) -> Option<&'static str> {
    if is_ptr(ctx, from) != is_ptr(ctx, to) {
        return Some("bitcast does not convert between pointers and other types (use ptrtoint or inttoptr)");
    }
    if bit_width(ctx, from) != bit_width(ctx, to) {
        return Some("bitcast keeps the bit width");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_is_strict() {
        assert_eq!(widens(Some(32), Some(64)), None);
        assert!(widens(Some(32), Some(32)).is_some());
        assert!(widens(Some(64), Some(32)).is_some());
        assert_eq!(widens_float(Some(FloatKind::BF16), Some(FloatKind::F32)), None);
        assert!(widens_float(Some(FloatKind::F16), Some(FloatKind::BF16)).is_some());
    }
}
