//! The scalar ops of the loop level in `arith` and `math`, with XLA's semantics (those of
//! the reference interpreter and of `lower-to-llvm`, docs/lowering.md) spelled out where
//! upstream's ops differ:
//!
//! - integer division by zero gives -1 and remainder by zero the dividend; `INT_MIN / -1`
//!   gives `INT_MIN` (remainder 0): `arith.divsi` is undefined there, so the divisor is
//!   replaced by 1 and the result chosen with `arith.select`;
//! - shifts by the width or more give 0 (or the sign for an arithmetic shift right), where
//!   `arith.shli` is poison;
//! - float `maximum`/`minimum` propagate NaN and keep the first operand on ties (`max(-0,
//!   +0)` is `-0`), which `arith.maximumf` (IEEE's, `-0 < +0`) does not: compare and select;
//! - float to integer saturates and maps NaN to 0, where `arith.fptosi` is poison;
//! - `f16`/`bf16` compute in `f32` and round back; `f32` to `bf16` rounds to nearest even on
//!   the bits, keeping subnormals, and `f64` to a 16-bit float rounds to odd in `f32` first,
//!   exactly as `lower-to-llvm` does (so the two paths agree bit for bit);
//! - integer `power` is repeated squaring in an `scf.while` (wrapping); a negative exponent
//!   gives 0, except for bases 1 and -1 (1, and +-1 by the exponent's parity);
//! - `i1` arithmetic is logical (`add` is `or`, `multiply` is `and`); anything to `i1` is
//!   `!= 0`; `TOTALORDER` compares the bits as signed integers after flipping negatives.

use mlir_sys::{MlirType, MlirValue};
use xla_dialects::hlo::{ComparisonDirection, ComparisonType};
use xla_dialects::loops::{ArithKind, ArithOp, BitcastOp, CompareOp, ConvertOp, MathKind, MathOp};
use xla_ir::{Diagnostic, FloatKind, Op};

use super::{float_literal, float_name, Exporter, Scalar};

/// `arith.cmpi` predicates.
fn cmpi_code(predicate: &str) -> i64 {
    match predicate {
        "eq" => 0,
        "ne" => 1,
        "slt" => 2,
        "sle" => 3,
        "sgt" => 4,
        "sge" => 5,
        "ult" => 6,
        "ule" => 7,
        "ugt" => 8,
        _ => 9, // uge
    }
}

/// `arith.cmpf` predicates.
fn cmpf_code(predicate: &str) -> i64 {
    match predicate {
        "false" => 0,
        "oeq" => 1,
        "ogt" => 2,
        "oge" => 3,
        "olt" => 4,
        "ole" => 5,
        "one" => 6,
        "ord" => 7,
        "ueq" => 8,
        "ugt" => 9,
        "uge" => 10,
        "ult" => 11,
        "ule" => 12,
        "une" => 13,
        "uno" => 14,
        _ => 15, // true
    }
}

impl Exporter<'_, '_, '_> {
    // ---- helpers ----------------------------------------------------------------------

    pub(super) fn bin(&mut self, name: &str, a: MlirValue, b: MlirValue) -> MlirValue {
        let ty = self.value_type(a);
        self.value(name, &[a, b], ty, &[])
    }

    pub(super) fn un(&mut self, name: &str, a: MlirValue) -> MlirValue {
        let ty = self.value_type(a);
        self.value(name, &[a], ty, &[])
    }

    pub(super) fn cmpi(&mut self, predicate: &str, a: MlirValue, b: MlirValue) -> MlirValue {
        let i1 = self.parse_type("i1");
        self.value("arith.cmpi", &[a, b], i1, &[("predicate", format!("{} : i64", cmpi_code(predicate)))])
    }

    pub(super) fn cmpf(&mut self, predicate: &str, a: MlirValue, b: MlirValue) -> MlirValue {
        let i1 = self.parse_type("i1");
        self.value("arith.cmpf", &[a, b], i1, &[("predicate", format!("{} : i64", cmpf_code(predicate)))])
    }

    pub(super) fn select(&mut self, p: MlirValue, a: MlirValue, b: MlirValue) -> MlirValue {
        let ty = self.value_type(a);
        self.value("arith.select", &[p, a, b], ty, &[])
    }

    pub(super) fn cast(&mut self, name: &str, x: MlirValue, to: MlirType) -> MlirValue {
        self.value(name, &[x], to, &[])
    }

    /// An integer constant of the type of `like`.
    fn int_like(&mut self, value: i128, like: MlirValue) -> MlirValue {
        let ty = self.value_type(like);
        self.int_const(value, ty)
    }

    pub(super) fn int_const(&mut self, value: i128, ty: MlirType) -> MlirValue {
        let text = if unsafe { mlir_sys::mlirTypeIsAIndex(ty) } {
            format!("{value} : index")
        } else {
            // A type that is not an integer is a stand-in for one MLIR could not read (the
            // export fails): any width does.
            let width = if unsafe { mlir_sys::mlirTypeIsAInteger(ty) } { unsafe { mlir_sys::mlirIntegerTypeGetWidth(ty) } } else { 64 };
            if width == 1 {
                (value != 0).to_string()
            } else {
                format!("{} : i{width}", super::wrap_signed(value, width))
            }
        };
        self.constant_of(ty, text)
    }

    pub(super) fn float_const(&mut self, value: f64, kind: FloatKind) -> MlirValue {
        let ty = self.parse_type(float_name(kind).unwrap_or("f32"));
        self.constant_of(ty, float_literal(value, kind))
    }

    pub(super) fn int_type(&self, width: u32) -> MlirType {
        self.parse_type(&format!("i{width}"))
    }

    pub(super) fn float_type(&self, kind: FloatKind) -> MlirType {
        self.parse_type(float_name(kind).unwrap_or("f32"))
    }

    fn is_index(&self, v: MlirValue) -> bool {
        unsafe { mlir_sys::mlirTypeIsAIndex(self.value_type(v)) }
    }

    /// The math op `name`, or, when exporting for MLIR's lowering to LLVM ([`crate::lower`]),
    /// a call of libm's `function` (`expm1f` for f32), as our own lowering calls it:
    /// MLIR's `convert-math-to-llvm` computes `expm1` as `exp(x) - 1` (and
    /// `convert-math-to-libm` refuses modules with any math op it has no function for).
    pub(super) fn libm_or(&mut self, name: &str, function: &str, args: &[MlirValue]) -> MlirValue {
        let ty = self.value_type(args[0]);
        if !self.libm_calls {
            return self.value(name, args, ty, &[]);
        }
        let f32_ty = self.float_type(FloatKind::F32);
        let callee = if unsafe { mlir_sys::mlirTypeEqual(ty, f32_ty) } { format!("{function}f") } else { function.to_string() };
        self.libm.insert(callee.clone(), (args.len(), ty));
        self.value("func.call", args, ty, &[("callee", format!("@{callee}"))])
    }

    /// The math op `name`, or, when exporting for MLIR's lowering to LLVM, a call of the
    /// runtime's `callee` (`xla_rt_math_*`: XLA's approximation of the function, which our
    /// own lowering emits inline), so that both paths give XLA's results bit for bit.
    pub(super) fn xla_math_or(&mut self, name: &str, callee: &str, args: &[MlirValue]) -> MlirValue {
        let ty = self.value_type(args[0]);
        if !self.libm_calls {
            return self.value(name, args, ty, &[]);
        }
        self.libm.insert(callee.to_string(), (args.len(), ty));
        self.value("func.call", args, ty, &[("callee", format!("@{callee}"))])
    }

    /// `compute(args)`, with subnormal operands and result flushed to zero (keeping the
    /// sign) when exporting for MLIR's lowering of f32/f64: our wrapper runs with MXCSR's
    /// flush-to-zero and denormals-are-zero bits, which libm's functions (telling
    /// subnormals by their bits) do not see, so our lowering flushes around them.
    pub(super) fn flushed(&mut self, scalar: Scalar, compute: impl FnOnce(&mut Self, &[MlirValue]) -> MlirValue, args: &[MlirValue]) -> MlirValue {
        if !self.libm_calls || scalar.is_narrow_float() {
            return compute(self, args);
        }
        let kind = self.compute_kind(scalar);
        let args: Vec<MlirValue> = args.iter().map(|a| self.flush_subnormal(*a, kind)).collect();
        let result = compute(self, &args);
        self.flush_subnormal(result, kind)
    }

    fn flush_subnormal(&mut self, x: MlirValue, kind: FloatKind) -> MlirValue {
        let min_normal = if kind == FloatKind::F32 { f64::from(f32::MIN_POSITIVE) } else { f64::MIN_POSITIVE };
        let (smallest, zero) = (self.float_const(min_normal, kind), self.float_const(0.0, kind));
        let magnitude = self.un("math.absf", x);
        let tiny = self.cmpf("olt", magnitude, smallest);
        let signed_zero = self.bin("math.copysign", zero, x);
        self.select(tiny, signed_zero, x)
    }

    // ---- loop.arith -------------------------------------------------------------------

    pub(super) fn arith(&mut self, arith: ArithOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let (op, name, kind) = (arith.id(), ArithOp::DEF.name, arith.kind(body));
        let scalar = self.scalar(op, body.value_type(arith.result(body)))?;
        let (a, b) = (self.get(op, arith.lhs(body))?, self.get(op, arith.rhs(body))?);
        use ArithKind::*;
        Ok(match scalar {
            Scalar::Pred => match kind {
                Add | Maximum | Or => self.bin("arith.ori", a, b),
                Multiply | Minimum | And => self.bin("arith.andi", a, b),
                Xor => self.bin("arith.xori", a, b),
                _ => return Err(self.error(op, format!("{name} {} is not defined on i1", kind.name()))),
            },
            Scalar::Int { .. } => {
                let signed = scalar.is_signed();
                match kind {
                    Add => self.bin("arith.addi", a, b),
                    Subtract => self.bin("arith.subi", a, b),
                    Multiply => self.bin("arith.muli", a, b),
                    And => self.bin("arith.andi", a, b),
                    Or => self.bin("arith.ori", a, b),
                    Xor => self.bin("arith.xori", a, b),
                    Divide => self.int_divide(scalar, a, b, false),
                    Remainder => self.int_divide(scalar, a, b, true),
                    Maximum => self.bin(if signed { "arith.maxsi" } else { "arith.maxui" }, a, b),
                    Minimum => self.bin(if signed { "arith.minsi" } else { "arith.minui" }, a, b),
                    ShiftLeft | ShiftRightLogical | ShiftRightArithmetic => self.shift(kind, scalar, a, b),
                    Power => self.int_power(scalar, a, b),
                    Atan2 => return Err(self.error(op, format!("{name} atan2 is not defined on integers"))),
                }
            }
            Scalar::Complex(part) => self.complex_arith(op, kind, part, a, b)?,
            Scalar::Float(_) => {
                let (a, b) = (self.widen(a, scalar), self.widen(b, scalar));
                let value = match kind {
                    Add => self.bin("arith.addf", a, b),
                    Subtract => self.bin("arith.subf", a, b),
                    Multiply => self.bin("arith.mulf", a, b),
                    Divide => self.bin("arith.divf", a, b),
                    Remainder => self.bin("arith.remf", a, b),
                    Maximum | Minimum => {
                        // Not arith.maximumf: ties keep the first operand (max(-0, +0) = -0).
                        let first = self.cmpf(if kind == Maximum { "oge" } else { "ole" }, a, b);
                        let chosen = self.select(first, a, b);
                        let unordered = self.cmpf("uno", a, b);
                        let compute = self.compute_kind(scalar);
                        let nan = self.float_const(f64::NAN, compute);
                        self.select(unordered, nan, chosen)
                    }
                    // libm calls on XLA CPU: subnormals pass as they are (no flushing).
                    Power => self.bin("math.powf", a, b),
                    Atan2 => self.libm_or("math.atan2", "atan2", &[a, b]),
                    _ => return Err(self.error(op, format!("{name} {} is not defined on floats", kind.name()))),
                };
                self.narrow(value, scalar)
            }
        })
    }

    /// XLA's integer division: by zero gives -1 (remainder: the dividend), `MIN / -1`
    /// gives `MIN` (remainder: 0).
    fn int_divide(&mut self, scalar: Scalar, a: MlirValue, b: MlirValue, remainder: bool) -> MlirValue {
        let signed = scalar.is_signed();
        let name = match (remainder, signed) {
            (false, true) => "arith.divsi",
            (false, false) => "arith.divui",
            (true, true) => "arith.remsi",
            (true, false) => "arith.remui",
        };
        let width = scalar.width();
        let (zero, one, all_ones) = (self.int_like(0, a), self.int_like(1, a), self.int_like(-1, a));
        let by_zero = self.cmpi("eq", b, zero);
        let undefined = if signed {
            let min = self.int_like(-(1i128 << (width - 1)), a);
            let a_min = self.cmpi("eq", a, min);
            let b_minus_one = self.cmpi("eq", b, all_ones);
            let overflow = self.bin("arith.andi", a_min, b_minus_one);
            self.bin("arith.ori", by_zero, overflow)
        } else {
            by_zero
        };
        let divisor = self.select(undefined, one, b);
        let quotient = self.bin(name, a, divisor);
        let on_zero = if remainder { a } else { all_ones };
        self.select(by_zero, on_zero, quotient)
    }

    /// XLA's integer power: repeated squaring over the exponent's bits in an `scf.while`
    /// (wrapping); a negative exponent gives 0, except 1 for base 1 and +-1 for base -1.
    fn int_power(&mut self, scalar: Scalar, base: MlirValue, exponent: MlirValue) -> MlirValue {
        let ty = self.value_type(base);
        let (zero, one) = (self.int_like(0, base), self.int_like(1, base));
        let negative = if scalar.is_signed() { Some(self.cmpi("slt", exponent, zero)) } else { None };
        let start = match negative {
            Some(negative) => self.select(negative, zero, exponent),
            None => exponent,
        };
        let types = [ty, ty, ty];
        let (before, before_block) = self.region(&types);
        let (after, after_block) = self.region(&types);
        let saved = std::mem::replace(&mut self.block, before_block);
        let args: Vec<MlirValue> = (0..3).map(|i| Self::block_arg(before_block, i)).collect();
        let more = self.cmpi("ne", args[2], zero);
        self.build("scf.condition", &[more, args[0], args[1], args[2]], &[], &[], Vec::new());
        self.block = after_block;
        let (result, square, rest) = (Self::block_arg(after_block, 0), Self::block_arg(after_block, 1), Self::block_arg(after_block, 2));
        let low_bit = self.bin("arith.andi", rest, one);
        let odd = self.cmpi("ne", low_bit, zero);
        let product = self.bin("arith.muli", result, square);
        let next_result = self.select(odd, product, result);
        let next_square = self.bin("arith.muli", square, square);
        let next_rest = self.bin("arith.shrui", rest, one);
        self.build("scf.yield", &[next_result, next_square, next_rest], &[], &[], Vec::new());
        self.block = saved;
        let power = self.build("scf.while", &[one, base, start], &types, &[], vec![before, after])[0];
        let Some(negative) = negative else { return power };
        let minus_one = self.int_like(-1, base);
        let base_one = self.cmpi("eq", base, one);
        let base_minus_one = self.cmpi("eq", base, minus_one);
        let exponent_bit = self.bin("arith.andi", exponent, one);
        let exponent_odd = self.cmpi("ne", exponent_bit, zero);
        let sign = self.select(exponent_odd, minus_one, one);
        let unit = self.select(base_minus_one, sign, zero);
        let reciprocal = self.select(base_one, one, unit);
        self.select(negative, reciprocal, power)
    }

    /// Shifts by the width or more give 0 (the sign for an arithmetic shift right).
    fn shift(&mut self, kind: ArithKind, scalar: Scalar, a: MlirValue, b: MlirValue) -> MlirValue {
        let width = i128::from(scalar.width());
        let name = match kind {
            ArithKind::ShiftLeft => "arith.shli",
            ArithKind::ShiftRightLogical => "arith.shrui",
            _ => "arith.shrsi",
        };
        let bits = self.int_like(width, a);
        let too_far = self.cmpi("uge", b, bits);
        if kind == ArithKind::ShiftRightArithmetic {
            let last = self.int_like(width - 1, a);
            let amount = self.select(too_far, last, b);
            return self.bin("arith.shrsi", a, amount);
        }
        let zero = self.int_like(0, a);
        let amount = self.select(too_far, zero, b);
        let shifted = self.bin(name, a, amount);
        self.select(too_far, zero, shifted)
    }

    // ---- loop.math --------------------------------------------------------------------

    pub(super) fn math(&mut self, math: MathOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let (op, name, kind) = (math.id(), MathOp::DEF.name, math.kind(body));
        let scalar = self.scalar(op, body.value_type(math.result(body)))?;
        let x = self.get(op, math.operand(body))?;
        use MathKind::*;
        Ok(match scalar {
            Scalar::Pred | Scalar::Int { .. } => match kind {
                Not => {
                    let all_ones = self.int_like(-1, x);
                    self.bin("arith.xori", x, all_ones)
                }
                Negate => {
                    let zero = self.int_like(0, x);
                    self.bin("arith.subi", zero, x)
                }
                Abs => {
                    let zero = self.int_like(0, x);
                    let negative = self.cmpi("slt", x, zero);
                    let negated = self.bin("arith.subi", zero, x);
                    self.select(negative, negated, x)
                }
                Sign => {
                    let (zero, one, minus_one) = (self.int_like(0, x), self.int_like(1, x), self.int_like(-1, x));
                    let positive = self.cmpi("sgt", x, zero);
                    let negative = self.cmpi("slt", x, zero);
                    let magnitude = self.select(positive, one, zero);
                    self.select(negative, minus_one, magnitude)
                }
                Popcnt => self.un("math.ctpop", x),
                CountLeadingZeros => self.un("math.ctlz", x),
                _ => return Err(self.error(op, format!("{name} {} is not defined on integers", kind.name()))),
            },
            Scalar::Complex(part) => self.complex_math(op, kind, part, x)?,
            Scalar::Float(_) => {
                let x = self.widen(x, scalar);
                let compute = self.compute_kind(scalar);
                // XLA's own approximations (the runtime's `xla_rt_math_*`): of `f32` and the
                // formats computed in it, the `f16` forms rounding their steps to `f16`; of
                // `f64`, its `expm1` and `log1p`.
                let single = compute == FloatKind::F32;
                let approximation = match scalar {
                    Scalar::Float(FloatKind::F16) => "f16",
                    _ if single => "f32",
                    _ => "f64",
                };
                let value = match kind {
                    Abs => self.un("math.absf", x),
                    Negate => self.un("arith.negf", x),
                    Sign => self.float_sign(x, compute),
                    Floor => self.un("math.floor", x),
                    Ceil => self.un("math.ceil", x),
                    RoundNearestAfz => self.un("math.round", x),
                    RoundNearestEven => self.un("math.roundeven", x),
                    Exponential if single => self.flushed(scalar, |e, a| e.xla_math_or("math.exp", "xla_rt_math_exp_f32", a), &[x]),
                    Exponential => self.flushed(scalar, |e, a| e.un("math.exp", a[0]), &[x]),
                    Log if single => self.flushed(scalar, |e, a| e.xla_math_or("math.log", "xla_rt_math_log_f32", a), &[x]),
                    Log => self.flushed(scalar, |e, a| e.un("math.log", a[0]), &[x]),
                    Sqrt => self.un("math.sqrt", x),
                    Sine => self.un("math.sin", x),
                    Cosine => self.un("math.cos", x),
                    ExponentialMinusOne => {
                        let callee = format!("xla_rt_math_expm1_{approximation}");
                        self.flushed(scalar, |e, a| e.xla_math_or("math.expm1", &callee, a), &[x])
                    }
                    LogPlusOne => {
                        let callee = format!("xla_rt_math_log1p_{approximation}");
                        self.flushed(scalar, |e, a| e.xla_math_or("math.log1p", &callee, a), &[x])
                    }
                    Cbrt => self.libm_or("math.cbrt", "cbrt", &[x]),
                    Tan => self.libm_or("math.tan", "tan", &[x]),
                    Tanh if single => self.flushed(scalar, |e, a| e.xla_math_or("math.tanh", "xla_rt_math_tanh_f32", a), &[x]),
                    Tanh => self.flushed(scalar, |e, a| e.libm_or("math.tanh", "tanh", a), &[x]),
                    Erf => self.flushed(scalar, |e, a| e.libm_or("math.erf", "erf", a), &[x]),
                    Rsqrt => {
                        let root = self.un("math.sqrt", x);
                        let one = self.float_const(1.0, compute);
                        self.bin("arith.divf", one, root)
                    }
                    Logistic if single && self.libm_calls => {
                        let callee = format!("xla_rt_math_logistic_{approximation}");
                        self.flushed(scalar, |e, a| e.xla_math_or("", &callee, a), &[x])
                    }
                    Logistic => {
                        let negated = self.un("arith.negf", x);
                        let exp = self.flushed(scalar, |e, a| e.un("math.exp", a[0]), &[negated]);
                        let one = self.float_const(1.0, compute);
                        let denominator = self.bin("arith.addf", one, exp);
                        self.bin("arith.divf", one, denominator)
                    }
                    Not | Popcnt | CountLeadingZeros => {
                        return Err(self.error(op, format!("{name} {} is not defined on floats", kind.name())))
                    }
                };
                self.narrow(value, scalar)
            }
        })
    }

    /// `sign` of a float: NaN stays, zeros keep their sign, otherwise -1 or 1.
    fn float_sign(&mut self, x: MlirValue, kind: FloatKind) -> MlirValue {
        let (zero, one, minus_one) = (self.float_const(0.0, kind), self.float_const(1.0, kind), self.float_const(-1.0, kind));
        let is_nan = self.cmpf("uno", x, x);
        let is_zero = self.cmpf("oeq", x, zero);
        let negative = self.cmpf("olt", x, zero);
        let unit = self.select(negative, minus_one, one);
        let signed_zero = self.bin("math.copysign", zero, x);
        let zero_or_unit = self.select(is_zero, signed_zero, unit);
        self.select(is_nan, x, zero_or_unit)
    }

    // ---- loop.compare -----------------------------------------------------------------

    pub(super) fn compare(&mut self, compare: CompareOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let op = compare.id();
        let direction = compare.comparison_direction(body);
        let total = compare.compare_type(body) == Some(ComparisonType::TotalOrder);
        let scalar = self.scalar(op, body.value_type(compare.lhs(body)))?;
        let (a, b) = (self.get(op, compare.lhs(body))?, self.get(op, compare.rhs(body))?);
        Ok(match scalar {
            Scalar::Complex(_) => self.complex_compare(op, direction, a, b)?,
            Scalar::Float(_) if total => {
                let (ka, kb) = (self.total_order_key(a, scalar), self.total_order_key(b, scalar));
                self.cmpi(int_predicate(direction, true), ka, kb)
            }
            Scalar::Float(_) => {
                let (a, b) = (self.widen(a, scalar), self.widen(b, scalar));
                self.cmpf(float_predicate(direction), a, b)
            }
            _ => self.cmpi(int_predicate(direction, scalar.is_signed()), a, b),
        })
    }

    fn total_order_key(&mut self, x: MlirValue, scalar: Scalar) -> MlirValue {
        let ty = self.int_type(scalar.width());
        let bits = self.cast("arith.bitcast", x, ty);
        let sign_shift = self.int_const(i128::from(scalar.width() - 1), ty);
        let one = self.int_const(1, ty);
        let sign = self.bin("arith.shrsi", bits, sign_shift);
        let flip = self.bin("arith.shrui", sign, one);
        self.bin("arith.xori", bits, flip)
    }

    // ---- loop.convert and loop.bitcast ------------------------------------------------

    pub(super) fn convert(&mut self, convert: ConvertOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let op = convert.id();
        let (from_ty, to_ty) = (body.value_type(convert.operand(body)), body.value_type(convert.result(body)));
        let (from, to) = (self.scalar(op, from_ty)?, self.scalar(op, to_ty)?);
        let x = self.get(op, convert.operand(body))?;
        let target = self.ty(op, to_ty)?;
        let (from_index, to_index) = (self.is_index(x), unsafe { mlir_sys::mlirTypeIsAIndex(target) });
        if from_index || to_index {
            // index <-> integer: a cast to or from i64, then as between integers.
            let i64_ty = self.int_type(64);
            if from_index && to_index {
                return Ok(x);
            }
            if from_index {
                let wide = self.cast("arith.index_cast", x, i64_ty);
                return Ok(self.convert_scalar(wide, Scalar::Int { width: 64, signed: true }, to, target));
            }
            let i64_scalar = Scalar::Int { width: 64, signed: true };
            let wide = self.convert_scalar(x, from, i64_scalar, i64_ty);
            let cast = if from.is_signed() || from == Scalar::Pred { "arith.index_cast" } else { "arith.index_castui" };
            return Ok(self.cast(cast, wide, target));
        }
        Ok(self.convert_scalar(x, from, to, target))
    }

    pub(super) fn convert_scalar(&mut self, x: MlirValue, from: Scalar, to: Scalar, target: MlirType) -> MlirValue {
        if let Some(converted) = self.complex_convert(x, from, to, target) {
            return converted;
        }
        match (from, to) {
            _ if from == to => x,
            (Scalar::Int { width: a, .. }, Scalar::Int { width: b, .. }) if a == b => x,
            (Scalar::Float(_), Scalar::Pred) => {
                let kind = if let Scalar::Float(k) = from { k } else { FloatKind::F32 };
                let zero = self.float_const(0.0, kind);
                self.cmpf("une", x, zero)
            }
            (_, Scalar::Pred) => {
                let zero = self.int_like(0, x);
                self.cmpi("ne", x, zero)
            }
            (Scalar::Float(kind), Scalar::Int { .. }) => self.float_to_int(x, kind, to, target),
            (Scalar::Float(kind), Scalar::Float(wanted)) => self.float_to_float(x, kind, wanted),
            (_, Scalar::Float(wanted)) => self.int_to_float(x, from, wanted),
            _ => match from.width().cmp(&to.width()) {
                std::cmp::Ordering::Less => {
                    let name = if from.is_signed() { "arith.extsi" } else { "arith.extui" };
                    self.cast(name, x, target)
                }
                std::cmp::Ordering::Greater => self.cast("arith.trunci", x, target),
                std::cmp::Ordering::Equal => x,
            },
        }
    }

    fn int_to_float(&mut self, x: MlirValue, from: Scalar, wanted: FloatKind) -> MlirValue {
        let name = if from.is_signed() { "arith.sitofp" } else { "arith.uitofp" };
        match wanted {
            FloatKind::F16 | FloatKind::BF16 => {
                let f64_ty = self.float_type(FloatKind::F64);
                let wide = self.cast(name, x, f64_ty);
                self.float_to_float(wide, FloatKind::F64, wanted)
            }
            _ => {
                let ty = self.float_type(wanted);
                self.cast(name, x, ty)
            }
        }
    }

    /// Saturating, NaN to 0 (`llvm.fptosi.sat`'s meaning): out-of-range inputs are
    /// replaced before `arith.fptosi`, whose result there would be poison.
    fn float_to_int(&mut self, x: MlirValue, kind: FloatKind, to: Scalar, target: MlirType) -> MlirValue {
        let (x, kind) = if matches!(kind, FloatKind::F16 | FloatKind::BF16) {
            (self.float_to_float(x, kind, FloatKind::F32), FloatKind::F32)
        } else {
            (x, kind)
        };
        let width = to.width();
        let signed = to.is_signed();
        // The bounds as floats: 2^(w-1) and -2^(w-1) (signed), 2^w and 0 (unsigned), exact.
        let (low, high) = if signed { (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1)) } else { (0.0, 2f64.powi(width as i32)) };
        let (max, min) = if signed { ((1i128 << (width - 1)) - 1, -(1i128 << (width - 1))) } else { ((1i128 << width) - 1, 0) };
        let (low_c, high_c) = (self.float_const(low, kind), self.float_const(high, kind));
        let zero_f = self.float_const(0.0, kind);
        let too_low = self.cmpf("ole", x, low_c);
        let too_high = self.cmpf("oge", x, high_c);
        let is_nan = self.cmpf("uno", x, x);
        let out = self.bin("arith.ori", too_low, too_high);
        let bad = self.bin("arith.ori", out, is_nan);
        let safe = self.select(bad, zero_f, x);
        let converted = self.cast(if signed { "arith.fptosi" } else { "arith.fptoui" }, safe, target);
        let (max_c, min_c, zero) = (self.int_const(max, target), self.int_const(min, target), self.int_const(0, target));
        let high_or = self.select(too_high, max_c, converted);
        let low_or = self.select(too_low, min_c, high_or);
        self.select(is_nan, zero, low_or)
    }

    pub(super) fn float_to_float(&mut self, x: MlirValue, from: FloatKind, to: FloatKind) -> MlirValue {
        let narrow = |k: FloatKind| matches!(k, FloatKind::F16 | FloatKind::BF16);
        match (from, to) {
            _ if from == to => x,
            (FloatKind::F64, _) if narrow(to) => {
                let odd = self.f64_to_f32_odd(x);
                self.float_to_float(odd, FloatKind::F32, to)
            }
            (FloatKind::F32, FloatKind::BF16) => self.f32_to_bf16(x),
            _ if narrow(from) && narrow(to) => {
                let wide = self.float_to_float(x, from, FloatKind::F32);
                self.float_to_float(wide, FloatKind::F32, to)
            }
            _ if from.bit_width() < to.bit_width() => {
                let ty = self.float_type(to);
                self.cast("arith.extf", x, ty)
            }
            _ => {
                let ty = self.float_type(to);
                self.cast("arith.truncf", x, ty)
            }
        }
    }

    /// `f64` to `f32` rounding to odd (so that a second rounding to 16 bits is exact).
    fn f64_to_f32_odd(&mut self, x: MlirValue) -> MlirValue {
        let (f32_ty, f64_ty, i32_ty) = (self.float_type(FloatKind::F32), self.float_type(FloatKind::F64), self.int_type(32));
        let nearest = self.cast("arith.truncf", x, f32_ty);
        let back = self.cast("arith.extf", nearest, f64_ty);
        let inexact = self.cmpf("one", back, x);
        let (back_abs, x_abs) = (self.un("math.absf", back), self.un("math.absf", x));
        let away = self.cmpf("ogt", back_abs, x_abs);
        let bits = self.cast("arith.bitcast", nearest, i32_ty);
        let one = self.int_const(1, i32_ty);
        let smaller = self.bin("arith.subi", bits, one);
        let toward_zero = self.select(away, smaller, bits);
        let odd = self.bin("arith.ori", toward_zero, one);
        let rounded = self.select(inexact, odd, bits);
        self.cast("arith.bitcast", rounded, f32_ty)
    }

    /// `f32` to `bf16`, to nearest even on the bits (subnormals kept, NaN quieted).
    fn f32_to_bf16(&mut self, x: MlirValue) -> MlirValue {
        let (i32_ty, i16_ty, bf16) = (self.int_type(32), self.int_type(16), self.float_type(FloatKind::BF16));
        let bits = self.cast("arith.bitcast", x, i32_ty);
        let (sixteen, one, half) = (self.int_const(16, i32_ty), self.int_const(1, i32_ty), self.int_const(0x7FFF, i32_ty));
        let high = self.bin("arith.shrui", bits, sixteen);
        let last_kept = self.bin("arith.andi", high, one);
        let bias = self.bin("arith.addi", half, last_kept);
        let biased = self.bin("arith.addi", bits, bias);
        let rounded = self.bin("arith.shrui", biased, sixteen);
        let quiet = self.int_const(0x0040, i32_ty);
        let quiet_nan = self.bin("arith.ori", high, quiet);
        let is_nan = self.cmpf("uno", x, x);
        let chosen = self.select(is_nan, quiet_nan, rounded);
        let narrow = self.cast("arith.trunci", chosen, i16_ty);
        self.cast("arith.bitcast", narrow, bf16)
    }

    fn widen(&mut self, x: MlirValue, scalar: Scalar) -> MlirValue {
        match scalar {
            Scalar::Float(kind) if scalar.is_narrow_float() => self.float_to_float(x, kind, FloatKind::F32),
            _ => x,
        }
    }

    fn narrow(&mut self, x: MlirValue, scalar: Scalar) -> MlirValue {
        match scalar {
            Scalar::Float(kind) if scalar.is_narrow_float() => self.float_to_float(x, FloatKind::F32, kind),
            _ => x,
        }
    }

    fn compute_kind(&self, scalar: Scalar) -> FloatKind {
        match scalar {
            Scalar::Float(kind) if !scalar.is_narrow_float() => kind,
            _ => FloatKind::F32,
        }
    }

    pub(super) fn bitcast(&mut self, bitcast: BitcastOp) -> Result<MlirValue, Diagnostic> {
        let body = self.body;
        let op = bitcast.id();
        let x = self.get(op, bitcast.operand(body))?;
        let to = self.ty(op, body.value_type(bitcast.result(body)))?;
        if unsafe { mlir_sys::mlirTypeEqual(self.value_type(x), to) } {
            return Ok(x);
        }
        Ok(self.cast("arith.bitcast", x, to))
    }
}

fn int_predicate(direction: ComparisonDirection, signed: bool) -> &'static str {
    use ComparisonDirection::*;
    match (direction, signed) {
        (Eq, _) => "eq",
        (Ne, _) => "ne",
        (Lt, true) => "slt",
        (Le, true) => "sle",
        (Gt, true) => "sgt",
        (Ge, true) => "sge",
        (Lt, false) => "ult",
        (Le, false) => "ule",
        (Gt, false) => "ugt",
        (Ge, false) => "uge",
    }
}

fn float_predicate(direction: ComparisonDirection) -> &'static str {
    use ComparisonDirection::*;
    match direction {
        Eq => "oeq",
        Ne => "une",
        Lt => "olt",
        Le => "ole",
        Gt => "ogt",
        Ge => "oge",
    }
}
