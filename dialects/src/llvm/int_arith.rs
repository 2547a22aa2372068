//! Integer arithmetic: `llvm.add`, `sub`, `mul`, `sdiv`, `udiv`, `srem`, `urem`, `and`, `or`,
//! `xor`, `shl`, `lshr`, `ashr`, one op per LLVM binary instruction on integers.
//!
//! Custom form: `%z = llvm.add %x, %y : i32`. Operands and result have one integer type.
//! Semantics are LLVM's: arithmetic wraps modulo 2^N, signedness is the op's (`sdiv` and
//! `udiv`), and a division by zero or a shift by the width or more is undefined or poison as
//! LLVM says; the ops that lower to these guard what XLA defines.

use xla_macros::op;

use super::common::{infer_same_as_first, verify_one_type};
use super::types::LlvmInt;

/// Declares a binary integer op with its doc comment.
macro_rules! int_binary_op {
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
            lhs: LlvmInt,
            #[operand]
            rhs: LlvmInt,
            #[result]
            result: LlvmInt,
        }
    };
}

int_binary_op!(
    /// Integer addition, wrapping (LLVM's `add`).
    ///
    /// Example: `%z = llvm.add %x, %y : i32`
    AddOp, "llvm.add"
);
int_binary_op!(
    /// Integer subtraction, wrapping (LLVM's `sub`).
    ///
    /// Example: `%z = llvm.sub %x, %y : i32`
    SubOp, "llvm.sub"
);
int_binary_op!(
    /// Integer multiplication, wrapping (LLVM's `mul`).
    ///
    /// Example: `%z = llvm.mul %x, %y : i64`
    MulOp, "llvm.mul"
);
int_binary_op!(
    /// Signed integer division, rounding toward zero (LLVM's `sdiv`; undefined for a zero
    /// divisor and for the most negative value divided by -1).
    ///
    /// Example: `%z = llvm.sdiv %x, %y : i32`
    SDivOp, "llvm.sdiv"
);
int_binary_op!(
    /// Unsigned integer division (LLVM's `udiv`; undefined for a zero divisor).
    ///
    /// Example: `%z = llvm.udiv %x, %y : i32`
    UDivOp, "llvm.udiv"
);
int_binary_op!(
    /// Signed remainder, with the sign of the dividend (LLVM's `srem`).
    ///
    /// Example: `%z = llvm.srem %x, %y : i32`
    SRemOp, "llvm.srem"
);
int_binary_op!(
    /// Unsigned remainder (LLVM's `urem`).
    ///
    /// Example: `%z = llvm.urem %x, %y : i32`
    URemOp, "llvm.urem"
);
int_binary_op!(
    /// Bitwise and (LLVM's `and`).
    ///
    /// Example: `%z = llvm.and %x, %y : i1`
    AndOp, "llvm.and"
);
int_binary_op!(
    /// Bitwise or (LLVM's `or`).
    ///
    /// Example: `%z = llvm.or %x, %y : i32`
    OrOp, "llvm.or"
);
int_binary_op!(
    /// Bitwise exclusive or (LLVM's `xor`).
    ///
    /// Example: `%z = llvm.xor %x, %y : i32`
    XorOp, "llvm.xor"
);
int_binary_op!(
    /// Shift left (LLVM's `shl`; poison for a shift by the width or more).
    ///
    /// Example: `%z = llvm.shl %x, %y : i32`
    ShlOp, "llvm.shl"
);
int_binary_op!(
    /// Logical shift right, filling with zeros (LLVM's `lshr`).
    ///
    /// Example: `%z = llvm.lshr %x, %y : i32`
    LShrOp, "llvm.lshr"
);
int_binary_op!(
    /// Arithmetic shift right, filling with the sign bit (LLVM's `ashr`).
    ///
    /// Example: `%z = llvm.ashr %x, %y : i32`
    AShrOp, "llvm.ashr"
);

