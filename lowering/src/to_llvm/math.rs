//! `loop.math`: unary scalar ops with XLA's semantics, as the reference interpreter computes
//! them.
//!
//! Integers: `abs` and `negate` wrap (`abs(INT_MIN)` is `INT_MIN`); `sign` is -1, 0 or 1;
//! `not` flips every bit (a predicate's one); `popcnt` and `count_leading_zeros` are
//! `llvm.ctpop` and `llvm.ctlz` (defined at 0).
//!
//! Floats, computed in `f32` for `f16`/`bf16` and rounded back: `abs` is `llvm.fabs`,
//! `negate` `fneg`; `sign` keeps NaN and zeros (with their sign) and is otherwise +-1;
//! `floor`, `ceil`, `round_nearest_afz` (halves away from zero) and `round_nearest_even`
//! are `llvm.floor`, `llvm.ceil`, `llvm.round` and `llvm.roundeven`; `exponential`,
//! `exponential_minus_one`, `log`, `log_plus_one`, `tanh` and `logistic` (`1 / (1 +
//! exp(-x))`) of `f32` (and the formats computed in it) are XLA CPU's own approximations,
//! emitted inline ([`super::approximations`]); of `f64`, `exponential`, `log`, `sqrt`, `sine`
//! and `cosine` are LLVM's intrinsics, `exponential_minus_one` and `log_plus_one` XLA's
//! forms around them, and `cbrt`, `tan`, `tanh` and `erf` call libm (`cbrtf`, ...; without
//! the `f` for `f64`), as do `sine`, `cosine`, `cbrt`, `tan` and `erf` of `f32`; `rsqrt` is
//! `1 / sqrt(x)`. When the code runs flushing subnormals, the operands and results
//! of the calls that become libm calls are flushed explicitly ([`FnLowering::math_call`]).

use xla_dialects::loops::{MathKind, MathOp};
use xla_dialects::llvm::{FcmpPredicate, IcmpPredicate, LlvmOpKind};
use xla_ir::{Diagnostic, FloatKind, Op, OpId, ValueId};
use xla_math::Steps;

use super::lowering::FnLowering;
use super::types::Scalar;

/// Lowers `loop.math`.
pub fn math(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let kind = MathOp::from_id_unchecked(op).kind(l.body);
    let result = l.body.result(op, 0);
    let scalar = l.scalar_of(result)?;
    let x = l.value(l.body.operand(op, 0))?;
    let value = match scalar {
        Scalar::Float(_) => l.float_math(kind, scalar, x)?,
        Scalar::Complex(part) => l.complex_math(kind, part, x)?,
        _ => l.int_math(kind, scalar, x)?,
    };
    l.bind(result, value);
    Ok(())
}

impl FnLowering<'_, '_> {
    /// A unary op on integers or predicates of `scalar`.
    fn int_math(&mut self, kind: MathKind, scalar: Scalar, x: ValueId) -> Result<ValueId, Diagnostic> {
        use MathKind::*;
        let ty = scalar.value_type(self.ctx());
        let zero = self.int_const(0, ty);
        Ok(match kind {
            Not => {
                let all_ones = self.int_const(-1, ty);
                self.binary(LlvmOpKind::Xor, x, all_ones)
            }
            Negate => self.binary(LlvmOpKind::Sub, zero, x),
            Abs => {
                let negative = self.icmp(IcmpPredicate::Slt, x, zero);
                let negated = self.binary(LlvmOpKind::Sub, zero, x);
                self.select(negative, negated, x)
            }
            Sign => {
                let (one, minus_one) = (self.int_const(1, ty), self.int_const(-1, ty));
                let positive = self.icmp(IcmpPredicate::Sgt, x, zero);
                let negative = self.icmp(IcmpPredicate::Slt, x, zero);
                let magnitude = self.select(positive, one, zero);
                self.select(negative, minus_one, magnitude)
            }
            Popcnt => self.intrinsic("ctpop", &[x], ty),
            CountLeadingZeros => {
                let poison_at_zero = self.int_const(0, self.ctx().int_type(1));
                self.intrinsic("ctlz", &[x, poison_at_zero], ty)
            }
            _ => return Err(self.error(format!("loop.math {} is not defined on integers", kind.name()))),
        })
    }

    /// A unary op on floats of `scalar`, computed in its compute type.
    fn float_math(&mut self, kind: MathKind, scalar: Scalar, x: ValueId) -> Result<ValueId, Diagnostic> {
        use MathKind::*;
        let x = self.widen(x, scalar);
        let ty = self.compute_type(scalar);
        // `f32` and the formats computed in it take XLA's own approximations where XLA
        // has them (`xla_math`); `f16` rounds the steps of composite functions to `f16`.
        let single = ty == self.ctx().f32_type();
        let steps = if scalar == Scalar::Float(FloatKind::F16) { Steps::F16 } else { Steps::F32 };
        let value = match kind {
            Abs => self.intrinsic("fabs", &[x], ty),
            Negate => self.value_op(LlvmOpKind::FNeg.name(), &[x], ty, &[]),
            Sign => self.float_sign(x),
            Floor => self.intrinsic("floor", &[x], ty),
            Ceil => self.intrinsic("ceil", &[x], ty),
            RoundNearestAfz => self.intrinsic("round", &[x], ty),
            RoundNearestEven => self.intrinsic("roundeven", &[x], ty),
            Exponential if single => self.xla_exp(x),
            Exponential => self.math_call(&intrinsic_name("exp", ty, self.ctx()), &[x], scalar),
            Log if single => self.xla_log(x),
            Log => self.math_call(&intrinsic_name("log", ty, self.ctx()), &[x], scalar),
            Sqrt => self.intrinsic("sqrt", &[x], ty),
            Sine => self.call_value(&intrinsic_name("sin", ty, self.ctx()), &[x], ty),
            Cosine => self.call_value(&intrinsic_name("cos", ty, self.ctx()), &[x], ty),
            ExponentialMinusOne if single => self.xla_expm1(x, steps),
            ExponentialMinusOne => self.xla_expm1_f64(x, scalar),
            LogPlusOne if single => self.xla_log1p(x, steps),
            LogPlusOne => self.xla_log1p_f64(x, scalar),
            Cbrt => self.raw_libm("cbrt", x),
            Tan => self.raw_libm("tan", x),
            Tanh if single => self.xla_tanh(x),
            Tanh => self.libm("tanh", x, scalar),
            Erf => self.libm("erf", x, scalar),
            Rsqrt => {
                let root = self.intrinsic("sqrt", &[x], ty);
                let one = self.float_const(1.0, ty);
                self.binary(LlvmOpKind::FDiv, one, root)
            }
            Logistic if single => {
                // `1 / (1 + e^-x)`, its steps rounded as `steps` says.
                let negated = self.value_op(LlvmOpKind::FNeg.name(), &[x], ty, &[]);
                let exp = self.xla_exp(negated);
                let exp = self.step(exp, steps);
                let one = self.float_const(1.0, ty);
                let denominator = self.binary(LlvmOpKind::FAdd, one, exp);
                let denominator = self.step(denominator, steps);
                self.binary(LlvmOpKind::FDiv, one, denominator)
            }
            Logistic => {
                let negated = self.value_op(LlvmOpKind::FNeg.name(), &[x], ty, &[]);
                let exp = self.math_call(&intrinsic_name("exp", ty, self.ctx()), &[negated], scalar);
                let one = self.float_const(1.0, ty);
                let denominator = self.binary(LlvmOpKind::FAdd, one, exp);
                self.binary(LlvmOpKind::FDiv, one, denominator)
            }
            Not | Popcnt | CountLeadingZeros => {
                return Err(self.error(format!("loop.math {} is not defined on floats", kind.name())))
            }
        };
        Ok(self.narrow(value, scalar))
    }

    /// The sign of a float: NaN as it is, a zero of the operand's sign for zeros, otherwise
    /// -1 or 1. The zero is made, not passed through, so that under flushed denormals (where
    /// a subnormal compares equal to zero) a subnormal's sign is a zero, as on XLA CPU.
    fn float_sign(&mut self, x: ValueId) -> ValueId {
        let ty = self.body.value_type(x);
        let (zero, one, minus_one) = (self.float_const(0.0, ty), self.float_const(1.0, ty), self.float_const(-1.0, ty));
        let is_nan = self.fcmp(FcmpPredicate::Uno, x, x);
        let is_zero = self.fcmp(FcmpPredicate::Oeq, x, zero);
        let negative = self.fcmp(FcmpPredicate::Olt, x, zero);
        let unit = self.select(negative, minus_one, one);
        let signed_zero = self.intrinsic("copysign", &[zero, x], ty);
        let zero_or_unit = self.select(is_zero, signed_zero, unit);
        self.select(is_nan, x, zero_or_unit)
    }

    /// A call of the libm function `name` (`name` + `f` for `f32`) on `x` as it is: the
    /// functions XLA CPU calls libm for (`pow`, `atan2`, `sin`, `cos`, `tan`, `cbrt`) see
    /// subnormal operands and return subnormal results unflushed, since libm reads and
    /// writes their bits (XLA's `pow` of a subnormal base is finite).
    fn raw_libm(&mut self, name: &str, x: ValueId) -> ValueId {
        let ty = self.body.value_type(x);
        let callee = if ty == self.ctx().f32_type() { format!("{name}f") } else { name.to_string() };
        self.call_value(&callee, &[x], ty)
    }

    /// A call of the libm function `name` (`name` + `f` for `f32`) on `x`.
    fn libm(&mut self, name: &str, x: ValueId, scalar: Scalar) -> ValueId {
        let ty = self.body.value_type(x);
        let callee = if ty == self.ctx().f32_type() { format!("{name}f") } else { name.to_string() };
        self.math_call(&callee, &[x], scalar)
    }

    /// A call of `callee`, a libm function or an LLVM intrinsic that becomes one, on floats
    /// of `scalar` (in its compute type). libm tells subnormals by their bits, which the
    /// flushing mode does not change, so under [`FnLowering::flush_denormals`] the
    /// operands and the result of an `f32`/`f64` call are flushed explicitly.
    pub(super) fn math_call(&mut self, callee: &str, args: &[ValueId], scalar: Scalar) -> ValueId {
        let ty = self.body.value_type(args[0]);
        let flush = self.flush_denormals && !scalar.is_narrow_float();
        let args: Vec<ValueId> = if flush { args.iter().map(|a| self.flush_subnormal(*a)).collect() } else { args.to_vec() };
        let result = self.call_value(callee, &args, ty);
        if flush {
            self.flush_subnormal(result)
        } else {
            result
        }
    }

    /// `x`, or a zero of its sign when it is subnormal.
    fn flush_subnormal(&mut self, x: ValueId) -> ValueId {
        let ty = self.body.value_type(x);
        let min_normal = if ty == self.ctx().f32_type() { f64::from(f32::MIN_POSITIVE) } else { f64::MIN_POSITIVE };
        let (smallest, zero) = (self.float_const(min_normal, ty), self.float_const(0.0, ty));
        let magnitude = self.intrinsic("fabs", &[x], ty);
        let tiny = self.fcmp(FcmpPredicate::Olt, magnitude, smallest);
        let signed_zero = self.intrinsic("copysign", &[zero, x], ty);
        self.select(tiny, signed_zero, x)
    }
}

/// The name of the overloaded intrinsic `llvm.<base>` on `ty`.
fn intrinsic_name(base: &str, ty: xla_ir::Type, ctx: &xla_ir::Context) -> String {
    format!("llvm.{base}.{}", super::types::intrinsic_suffix(ctx, ty))
}
