//! `loop.arith`: binary scalar ops with XLA's semantics, as the reference interpreter
//! computes them.
//!
//! Integers (and `index`, a signed 64-bit integer):
//! - `add`, `subtract`, `multiply` wrap; on predicates `add`/`maximum`/`or` are `or` and
//!   `multiply`/`minimum`/`and` are `and`;
//! - `divide` by zero gives -1 (all bits set) and `remainder` by zero the dividend; signed
//!   `INT_MIN / -1` gives `INT_MIN` and `INT_MIN % -1` gives 0. The divisor is replaced by 1
//!   where LLVM's `sdiv`/`srem` would be undefined and selects put XLA's values back; a
//!   constant divisor other than 0 and -1 needs no guard;
//! - shift amounts are unsigned; shifting by the width or more gives 0, or the sign bit
//!   everywhere for `shift_right_arithmetic`;
//! - `power` is repeated squaring in a loop of blocks, wrapping; a negative exponent gives
//!   0 except for bases 1 and -1.
//!
//! Floats (`f16`/`bf16` computed in `f32` and rounded back):
//! - `+ - * /` and `remainder` (`frem`, the dividend's sign) are LLVM's;
//! - `maximum`/`minimum` propagate NaN (the canonical quiet NaN, as the interpreter gives)
//!   and otherwise return the first operand on ties (`max(-0, +0)` is `-0`);
//! - `power` is `llvm.pow`, `atan2` is libm's `atan2f`/`atan2`.
//!
//! Complex numbers: see [`super::complex`].

use xla_dialects::loops::{ArithKind, ArithOp};
use xla_dialects::llvm::{FcmpPredicate, IcmpPredicate, LlvmOpKind};
use xla_ir::{Diagnostic, Op, OpId, ValueId};

use super::lowering::FnLowering;
use super::types::Scalar;

/// Lowers `loop.arith`.
pub fn arith(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let kind = ArithOp::from_id_unchecked(op).kind(l.body);
    let result = l.body.result(op, 0);
    let scalar = l.scalar_of(result)?;
    let operands = l.operands(op)?;
    let [a, b] = operands[..] else { return Err(l.error("loop.arith takes two operands")) };
    let value = match scalar {
        Scalar::Pred => l.pred_arith(kind, a, b)?,
        Scalar::Int { .. } => l.int_arith(kind, scalar, a, b)?,
        Scalar::Float(_) => l.float_arith(kind, scalar, a, b)?,
        Scalar::Complex(part) => l.complex_arith(kind, part, a, b)?,
    };
    l.bind(result, value);
    Ok(())
}

impl FnLowering<'_, '_> {
    /// A binary op on predicates.
    fn pred_arith(&mut self, kind: ArithKind, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        use ArithKind::*;
        Ok(match kind {
            Add | Maximum | Or => self.binary(LlvmOpKind::Or, a, b),
            Multiply | Minimum | And => self.binary(LlvmOpKind::And, a, b),
            Xor => self.binary(LlvmOpKind::Xor, a, b),
            _ => return Err(self.error(format!("loop.arith {} is not defined on i1", kind.name()))),
        })
    }

    /// A binary op on integers of `scalar`.
    fn int_arith(&mut self, kind: ArithKind, scalar: Scalar, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        use ArithKind::*;
        let signed = scalar.is_signed();
        Ok(match kind {
            Add => self.binary(LlvmOpKind::Add, a, b),
            Subtract => self.binary(LlvmOpKind::Sub, a, b),
            Multiply => self.binary(LlvmOpKind::Mul, a, b),
            And => self.binary(LlvmOpKind::And, a, b),
            Or => self.binary(LlvmOpKind::Or, a, b),
            Xor => self.binary(LlvmOpKind::Xor, a, b),
            Divide => self.int_divide(scalar, a, b, false),
            Remainder => self.int_divide(scalar, a, b, true),
            Maximum | Minimum => {
                let predicate = match (kind == Maximum, signed) {
                    (true, true) => IcmpPredicate::Sge,
                    (true, false) => IcmpPredicate::Uge,
                    (false, true) => IcmpPredicate::Sle,
                    (false, false) => IcmpPredicate::Ule,
                };
                let first = self.icmp(predicate, a, b);
                self.select(first, a, b)
            }
            ShiftLeft | ShiftRightLogical | ShiftRightArithmetic => self.shift(kind, scalar, a, b),
            Power => self.int_power(scalar, a, b),
            Atan2 => return Err(self.error("loop.arith atan2 is not defined on integers")),
        })
    }

    /// XLA's integer division (`remainder` false) or remainder (true); see the module.
    fn int_divide(&mut self, scalar: Scalar, a: ValueId, b: ValueId, remainder: bool) -> ValueId {
        let ty = scalar.value_type(self.ctx());
        let signed = scalar.is_signed();
        let name = match (remainder, signed) {
            (false, true) => LlvmOpKind::SDiv,
            (false, false) => LlvmOpKind::UDiv,
            (true, true) => LlvmOpKind::SRem,
            (true, false) => LlvmOpKind::URem,
        };
        let width = scalar.width();
        if self.known_int(b).is_some_and(|d| d != 0 && !(signed && d == -1)) {
            return self.binary(name, a, b);
        }
        let (zero, one, all_ones) = (self.int_const(0, ty), self.int_const(1, ty), self.int_const(-1, ty));
        let by_zero = self.icmp(IcmpPredicate::Eq, b, zero);
        let undefined = if signed {
            let min = self.int_const(-(1i128 << (width - 1)), ty);
            let a_min = self.icmp(IcmpPredicate::Eq, a, min);
            let b_minus_one = self.icmp(IcmpPredicate::Eq, b, all_ones);
            let overflow = self.binary(LlvmOpKind::And, a_min, b_minus_one);
            self.binary(LlvmOpKind::Or, by_zero, overflow)
        } else {
            by_zero
        };
        // INT_MIN / 1 is INT_MIN and INT_MIN % 1 is 0: XLA's values for a divisor of -1.
        let divisor = self.select(undefined, one, b);
        let quotient = self.binary(name, a, divisor);
        let on_zero = if remainder { a } else { all_ones };
        self.select(by_zero, on_zero, quotient)
    }

    /// A shift with XLA's treatment of amounts of the width or more.
    fn shift(&mut self, kind: ArithKind, scalar: Scalar, a: ValueId, b: ValueId) -> ValueId {
        let ty = scalar.value_type(self.ctx());
        let width = i128::from(scalar.width());
        let name = match kind {
            ArithKind::ShiftLeft => LlvmOpKind::Shl,
            ArithKind::ShiftRightLogical => LlvmOpKind::LShr,
            _ => LlvmOpKind::AShr,
        };
        if self.known_int(b).is_some_and(|n| (0..width).contains(&n)) {
            return self.binary(name, a, b);
        }
        let bits = self.int_const(width, ty);
        let too_far = self.icmp(IcmpPredicate::Uge, b, bits);
        if kind == ArithKind::ShiftRightArithmetic {
            let last = self.int_const(width - 1, ty);
            let amount = self.select(too_far, last, b);
            return self.binary(LlvmOpKind::AShr, a, amount);
        }
        let zero = self.int_const(0, ty);
        let amount = self.select(too_far, zero, b);
        let shifted = self.binary(name, a, amount);
        self.select(too_far, zero, shifted)
    }

    /// XLA's integer power: repeated squaring over the exponent's bits in a loop.
    fn int_power(&mut self, scalar: Scalar, base: ValueId, exponent: ValueId) -> ValueId {
        let ty = scalar.value_type(self.ctx());
        let (zero, one) = (self.int_const(0, ty), self.int_const(1, ty));
        let negative = if scalar.is_signed() { Some(self.icmp(IcmpPredicate::Slt, exponent, zero)) } else { None };
        let start = match negative {
            Some(negative) => self.select(negative, zero, exponent),
            None => exponent,
        };
        let (head, head_args) = self.new_block(&[ty, ty, ty]);
        let (step, _) = self.new_block(&[]);
        let (done, done_args) = self.new_block(&[ty]);
        self.br(head, &[one, base, start]);
        self.enter_block(head);
        let (result, square, rest) = (head_args[0], head_args[1], head_args[2]);
        let more = self.icmp(IcmpPredicate::Ne, rest, zero);
        self.cond_br(more, (step, &[]), (done, &[result]));
        self.enter_block(step);
        let low_bit = self.binary(LlvmOpKind::And, rest, one);
        let odd = self.icmp(IcmpPredicate::Ne, low_bit, zero);
        let product = self.binary(LlvmOpKind::Mul, result, square);
        let next_result = self.select(odd, product, result);
        let next_square = self.binary(LlvmOpKind::Mul, square, square);
        let next_rest = self.binary(LlvmOpKind::LShr, rest, one);
        self.br(head, &[next_result, next_square, next_rest]);
        self.enter_block(done);
        let power = done_args[0];
        let Some(negative) = negative else { return power };
        // A negative exponent: 1 for base 1, +-1 for base -1 by parity, 0 otherwise.
        let minus_one = self.int_const(-1, ty);
        let base_one = self.icmp(IcmpPredicate::Eq, base, one);
        let base_minus_one = self.icmp(IcmpPredicate::Eq, base, minus_one);
        let exponent_bit = self.binary(LlvmOpKind::And, exponent, one);
        let exponent_odd = self.icmp(IcmpPredicate::Ne, exponent_bit, zero);
        let sign = self.select(exponent_odd, minus_one, one);
        let unit = self.select(base_minus_one, sign, zero);
        let reciprocal = self.select(base_one, one, unit);
        self.select(negative, reciprocal, power)
    }

    /// A binary op on floats of `scalar`, computed in its compute type.
    fn float_arith(&mut self, kind: ArithKind, scalar: Scalar, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        use ArithKind::*;
        let (a, b) = (self.widen(a, scalar), self.widen(b, scalar));
        let ty = self.compute_type(scalar);
        let value = match kind {
            Add => self.binary(LlvmOpKind::FAdd, a, b),
            Subtract => self.binary(LlvmOpKind::FSub, a, b),
            Multiply => self.binary(LlvmOpKind::FMul, a, b),
            Divide => self.binary(LlvmOpKind::FDiv, a, b),
            Remainder => self.binary(LlvmOpKind::FRem, a, b),
            Maximum | Minimum => {
                let first = self.fcmp(if kind == Maximum { FcmpPredicate::Oge } else { FcmpPredicate::Ole }, a, b);
                let chosen = self.select(first, a, b);
                let unordered = self.fcmp(FcmpPredicate::Uno, a, b);
                let nan = self.float_const(f64::NAN, ty);
                self.select(unordered, nan, chosen)
            }
            Power => {
                let name = format!("llvm.pow.{}", super::types::intrinsic_suffix(self.ctx(), ty));
                self.call_value(&name, &[a, b], ty)
            }
            Atan2 => {
                let name = if ty == self.ctx().f32_type() { "atan2f" } else { "atan2" };
                self.call_value(name, &[a, b], ty)
            }
            _ => return Err(self.error(format!("loop.arith {} is not defined on floats", kind.name()))),
        };
        Ok(self.narrow(value, scalar))
    }
}
