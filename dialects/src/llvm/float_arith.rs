//! Float arithmetic: `llvm.fadd`, `fsub`, `fmul`, `fdiv`, `frem` and `llvm.fneg`, one op per
//! LLVM float instruction, IEEE 754 arithmetic in the operands' format.
//!
//! Custom form: `%z = llvm.fadd %x, %y : f32`, `%n = llvm.fneg %x : f32`. Operands and result
//! have one float type. No fast-math flags: results are exactly IEEE's.

use xla_macros::op;

use super::common::{infer_same_as_first, verify_one_type};
use super::types::LlvmFloat;

/// Declares a binary float op with its doc comment.
macro_rules! float_binary_op {
    ($(#[$doc:meta])* $name:ident, $op_name:literal) => {
        $(#[$doc])*
        #[op(
            name = $op_name,
            traits = [Pure, SameOperandsAndResultType],
            infer = infer_same_as_first,
            verify = verify_one_type,
            format = "$lhs `,` $rhs attr-dict `:` type($result)"
        )]
        pub struct $name {
            #[operand]
            lhs: LlvmFloat,
            #[operand]
            rhs: LlvmFloat,
            #[result]
            result: LlvmFloat,
        }
    };
}

float_binary_op!(
    /// Float addition (LLVM's `fadd`).
    ///
    /// Example: `%z = llvm.fadd %x, %y : f32`
    FAddOp, "llvm.fadd"
);
float_binary_op!(
    /// Float subtraction (LLVM's `fsub`).
    ///
    /// Example: `%z = llvm.fsub %x, %y : f32`
    FSubOp, "llvm.fsub"
);
float_binary_op!(
    /// Float multiplication (LLVM's `fmul`).
    ///
    /// Example: `%z = llvm.fmul %x, %y : f64`
    FMulOp, "llvm.fmul"
);
float_binary_op!(
    /// Float division (LLVM's `fdiv`).
    ///
    /// Example: `%z = llvm.fdiv %x, %y : f32`
    FDivOp, "llvm.fdiv"
);
float_binary_op!(
    /// Float remainder with the sign of the dividend, as C's `fmod` (LLVM's `frem`).
    ///
    /// Example: `%z = llvm.frem %x, %y : f32`
    FRemOp, "llvm.frem"
);

/// Float negation: flips the sign bit, NaNs included (LLVM's `fneg`).
///
/// Example: `%n = llvm.fneg %x : f32`
#[op(
    name = "llvm.fneg",
    traits = [Pure, SameOperandsAndResultType],
    infer = infer_same_as_first,
    verify = verify_one_type,
    format = "$operand attr-dict `:` type($result)"
)]
pub struct FNegOp {
    #[operand]
    operand: LlvmFloat,
    #[result]
    result: LlvmFloat,
}

