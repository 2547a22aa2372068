//! `loop.compare` and `loop.select`.
//!
//! Integers compare by value in their own signedness (`index` signed, predicates as 0 and
//! 1); floats by IEEE 754 (ordered predicates, so every comparison with NaN is false, and
//! `une` for `NE`, which NaN makes true), or, with `TOTALORDER`, by the total order
//! `-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN`: the bits read as a signed integer
//! with every bit but the sign flipped for negative values, compared as integers. A
//! minifloat compares as the `f32` it decodes to (exactly, so in the same order), its NaN
//! codes as the one positive NaN the interpreter reads them as. Complex numbers compare
//! for equality only ([`super::complex`]).

use xla_dialects::hlo::{ComparisonDirection, ComparisonType};
use xla_dialects::loops::CompareOp;
use xla_dialects::llvm::{FcmpPredicate, IcmpPredicate, LlvmOpKind};
use xla_ir::{Diagnostic, Op, OpId, ValueId};

use super::lowering::FnLowering;
use super::types::Scalar;

/// Lowers `loop.compare`.
pub fn compare(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let compare = CompareOp::from_id_unchecked(op);
    let direction = compare.comparison_direction(l.body);
    let total = compare.compare_type(l.body) == Some(ComparisonType::TotalOrder);
    let scalar = l.scalar_of(l.body.operand(op, 0))?;
    let operands = l.operands(op)?;
    let [a, b] = operands[..] else { return Err(l.error("loop.compare takes two operands")) };
    let holds = match scalar {
        Scalar::Float(_) if total => {
            let (ka, kb) = (l.total_order_key(a, scalar), l.total_order_key(b, scalar));
            l.icmp(int_predicate(direction, true), ka, kb)
        }
        Scalar::Float(_) => {
            let (a, b) = (l.widen(a, scalar), l.widen(b, scalar));
            l.fcmp(float_predicate(direction), a, b)
        }
        Scalar::Complex(part) => l.complex_compare(direction, part, a, b)?,
        _ => l.icmp(int_predicate(direction, scalar.is_signed()), a, b),
    };
    l.bind(l.body.result(op, 0), holds);
    Ok(())
}

/// Lowers `loop.select`.
pub fn select(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    l.scalar_of(l.body.result(op, 0))?;
    let operands = l.operands(op)?;
    let [p, a, b] = operands[..] else { return Err(l.error("loop.select takes three operands")) };
    let chosen = l.select(p, a, b);
    l.bind(l.body.result(op, 0), chosen);
    Ok(())
}

/// `icmp`'s predicate for `direction`, signed or unsigned.
fn int_predicate(direction: ComparisonDirection, signed: bool) -> IcmpPredicate {
    use ComparisonDirection::*;
    match (direction, signed) {
        (Eq, _) => IcmpPredicate::Eq,
        (Ne, _) => IcmpPredicate::Ne,
        (Lt, true) => IcmpPredicate::Slt,
        (Le, true) => IcmpPredicate::Sle,
        (Gt, true) => IcmpPredicate::Sgt,
        (Ge, true) => IcmpPredicate::Sge,
        (Lt, false) => IcmpPredicate::Ult,
        (Le, false) => IcmpPredicate::Ule,
        (Gt, false) => IcmpPredicate::Ugt,
        (Ge, false) => IcmpPredicate::Uge,
    }
}

/// `fcmp`'s predicate for `direction`: ordered, except `NE`, which NaN makes true.
fn float_predicate(direction: ComparisonDirection) -> FcmpPredicate {
    use ComparisonDirection::*;
    match direction {
        Eq => FcmpPredicate::Oeq,
        Ne => FcmpPredicate::Une,
        Lt => FcmpPredicate::Olt,
        Le => FcmpPredicate::Ole,
        Gt => FcmpPredicate::Ogt,
        Ge => FcmpPredicate::Oge,
    }
}

impl FnLowering<'_, '_> {
    /// The signed integer whose order is the total order of the float `x`.
    fn total_order_key(&mut self, x: ValueId, scalar: Scalar) -> ValueId {
        let (bits, width) = match scalar.minifloat() {
            Some(format) => (self.minifloat_to_f32_bits(x, format), 32),
            None => {
                let ty = self.ctx().int_type(scalar.width());
                (self.cast(LlvmOpKind::Bitcast, x, ty), scalar.width())
            }
        };
        let ty = self.body.value_type(bits);
        let sign_shift = self.int_const(i128::from(width - 1), ty);
        let one = self.int_const(1, ty);
        let sign = self.binary(LlvmOpKind::AShr, bits, sign_shift);
        let flip = self.binary(LlvmOpKind::LShr, sign, one);
        self.binary(LlvmOpKind::Xor, bits, flip)
    }
}
