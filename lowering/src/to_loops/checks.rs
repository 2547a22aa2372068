//! The `check` dialect compiled: `check.expect_eq`, `expect_almost_eq`, `expect_close` and
//! the `_const` forms, so that self-checking programs assert their results natively as they
//! do in the interpreter.
//!
//! A check is a loop nest over the values compared (row-major, sequential) that counts the
//! elements that do not agree and remembers the row-major position of the first, in a
//! `memref<2xi64>`; after it, when the count is not zero, a `loop.if` builds the check's
//! description (`"file:line:col: check.expect_eq failed"`, one `ui8` per byte) and a table
//! of the dimensions and calls `xla_rt_check_failed`, whose status ends the function with
//! that message. The interpreter records a failed check and runs on; compiled code stops
//! at the first, since a compiled function reports errors through its status.
//!
//! Agreement is the interpreter's (`interp/src/ops/checks.rs`), per part for complex
//! numbers:
//! - `expect_eq`: equal bits for floats (one NaN payload equals itself, `-0.0` is not
//!   `0.0`), equal values otherwise;
//! - `expect_almost_eq`: both NaN, equal, or both finite with `|a - b| <= tolerance`
//!   computed in `f64`;
//! - `expect_close`: for finite values, the distance in ulps of the element's format (the
//!   number of values between them, the zeros counting as one) within `[min, max]`; for
//!   others, equal bits or both NaN.

use xla_dialects::check::CheckOp;
use xla_dialects::hlo::ComparisonDirection;
use xla_dialects::loops::ArithKind;
use xla_ir::{FloatKind, OpId, Scalar, Type, TypeData, ValueId};

use super::complex::Part;
use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

/// How a check compares two elements.
#[derive(Copy, Clone)]
enum Agreement {
    /// Equal bits (floats) or values.
    Bits,
    /// Both NaN, equal, or finite and within this absolute difference.
    Absolute(f64),
    /// Within `[min, max]` ulps when finite, else equal bits or both NaN.
    Ulps(i64, i64),
}

impl Lowering<'_, '_> {
    /// Lowers a `check.*` op (see the module).
    pub fn lower_check(&mut self, op: OpId) -> Emitted<()> {
        let check = CheckOp::of(self.body, op).ok_or_else(|| self.unsupported(op))?;
        let actual = self.body.operand(op, 0);
        let ty = self.body.value_type(actual);
        let (shape, element) = self.tensor_shape(ty)?;
        let (agreement, expected) = match check {
            CheckOp::ExpectEq(_) => (Agreement::Bits, self.lowered(self.body.operand(op, 1))?),
            CheckOp::ExpectEqConst(check) => (Agreement::Bits, self.dense_value(&check.value(self.body).clone(), ty)?),
            CheckOp::ExpectAlmostEq(check) => {
                (Agreement::Absolute(check.effective_tolerance(self.body)), self.lowered(self.body.operand(op, 1))?)
            }
            CheckOp::ExpectAlmostEqConst(check) => {
                let tolerance = check.effective_tolerance(self.body);
                (Agreement::Absolute(tolerance), self.dense_value(&check.value(self.body).clone(), ty)?)
            }
            CheckOp::ExpectClose(check) => {
                let (min, max) = check.ulp_range(self.body);
                (Agreement::Ulps(min, max), self.lowered(self.body.operand(op, 1))?)
            }
            CheckOp::ExpectSerializedEq(check) => return self.lower_expect_serialized_eq(check),
        };
        let i64t = self.ctx().int_type(64);
        let counters_type = self.memref_type(self.ctx().tensor_type(&[2], i64t))?;
        let counters = self.alloc(counters_type);
        let (zero, minus_one) = (self.scalar(Scalar::Int(0), i64t)?, self.scalar(Scalar::Int(-1), i64t)?);
        let (count_at, first_at) = (self.index(0), self.index(1));
        self.store(zero, counters, &[count_at]);
        self.store(minus_one, counters, &[first_at]);
        let strides = row_major_strides(&shape);
        self.for_nest(&shape, &mut |this, index| {
            let a = this.element(actual, index)?;
            let b = match &expected {
                Lowered::Buffer(buffer) => this.load(*buffer, index),
                Lowered::Scalar(scalar) => *scalar,
                other => return Err(this.error(format!("internal error: a check of a {other:?}"))),
            };
            let agree = this.elements_agree(agreement, element, a, b)?;
            let one = this.scalar(Scalar::Int(1), i64t)?;
            let zero = this.scalar(Scalar::Int(0), i64t)?;
            let differs = this.select(agree, zero, one);
            let count = this.load(counters, &[count_at]);
            let count = this.arith(ArithKind::Add, count, differs);
            this.store(count, counters, &[count_at]);
            // The first differing position: set when this element differs and none did.
            let first = this.load(counters, &[first_at]);
            let none_yet = this.compare(ComparisonDirection::Lt, None, first, zero);
            let disagree = this.compare(ComparisonDirection::Eq, None, differs, one);
            let record = this.all(&[none_yet, disagree])?;
            let mut position = this.index(0);
            for (&i, &stride) in index.iter().zip(&strides) {
                let term = this.mul_const(i, stride);
                position = this.add_index(position, term);
            }
            let position = this.convert(position, i64t);
            let first = this.select(record, position, first);
            this.store(first, counters, &[first_at]);
            Ok(())
        })?;
        let count = self.load(counters, &[count_at]);
        let zero = self.scalar(Scalar::Int(0), i64t)?;
        let failed = self.compare(ComparisonDirection::Gt, None, count, zero);
        let description = format!("{}: {} failed", self.location_text(), check.kind().name());
        self.if_then(failed, |this| {
            let bytes = this.byte_string(&description)?;
            let length = this.index(description.len() as i64);
            let dims = this.i64_table(&[&shape])?;
            let rank = this.index(shape.len() as i64);
            this.call_runtime("xla_rt_check_failed", &[bytes, length, counters, dims, rank])
        })
    }

    /// Whether elements `a` and `b` of `element` type agree.
    fn elements_agree(&mut self, agreement: Agreement, element: Type, a: ValueId, b: ValueId) -> Emitted<ValueId> {
        let ctx = self.ctx();
        if let TypeData::Complex(part) = *ctx.type_data(element) {
            let (ar, br) = (self.complex_part(a, Part::Real)?, self.complex_part(b, Part::Real)?);
            let (ai, bi) = (self.complex_part(a, Part::Imag)?, self.complex_part(b, Part::Imag)?);
            let real = self.elements_agree(agreement, part, ar, br)?;
            let imag = self.elements_agree(agreement, part, ai, bi)?;
            return self.all(&[real, imag]);
        }
        let TypeData::Float(kind) = *ctx.type_data(element) else {
            return Ok(self.compare(ComparisonDirection::Eq, None, a, b));
        };
        match agreement {
            Agreement::Bits => {
                let bits = ctx.uint_type(kind.bit_width());
                let (x, y) = (self.bitcast(a, bits), self.bitcast(b, bits));
                Ok(self.compare(ComparisonDirection::Eq, None, x, y))
            }
            Agreement::Absolute(tolerance) => {
                let f64t = ctx.float_type(FloatKind::F64);
                let (x, y) = (self.convert(a, f64t), self.convert(b, f64t));
                let both_nan = self.both_nan(x, y);
                let equal = self.compare(ComparisonDirection::Eq, None, x, y);
                let finite = self.both_finite(x, y)?;
                let difference = self.arith(ArithKind::Subtract, x, y);
                let distance = self.math(xla_dialects::loops::MathKind::Abs, difference);
                let tolerance = self.scalar(Scalar::Float(tolerance), f64t)?;
                let within = self.compare(ComparisonDirection::Le, None, distance, tolerance);
                let close = self.all(&[finite, within])?;
                let either = self.arith(ArithKind::Or, both_nan, equal);
                Ok(self.arith(ArithKind::Or, either, close))
            }
            Agreement::Ulps(min, max) => {
                let f64t = ctx.float_type(FloatKind::F64);
                let (wx, wy) = (self.convert(a, f64t), self.convert(b, f64t));
                let finite = self.both_finite(wx, wy)?;
                let (px, py) = (self.ulp_position(a, kind)?, self.ulp_position(b, kind)?);
                // |px - py| as an unsigned 64-bit number: exact, since it is below 2^64.
                let larger = self.compare(ComparisonDirection::Ge, None, px, py);
                let (high, low) = (self.select(larger, px, py), self.select(larger, py, px));
                let difference = self.arith(ArithKind::Subtract, high, low);
                let u64t = ctx.uint_type(64);
                let distance = self.bitcast(difference, u64t);
                let min = self.scalar(Scalar::Int(i128::from(min.max(0))), u64t)?;
                let max = self.scalar(Scalar::Int(i128::from(max.max(0))), u64t)?;
                let above = self.compare(ComparisonDirection::Ge, None, distance, min);
                let below = self.compare(ComparisonDirection::Le, None, distance, max);
                let in_range = self.all(&[finite, above, below])?;
                let true_ = self.scalar(Scalar::Int(1), ctx.int_type(1))?;
                let not_finite = self.arith(ArithKind::Xor, finite, true_);
                let same = self.elements_agree(Agreement::Bits, element, a, b)?;
                let both_nan = self.both_nan(wx, wy);
                let same_or_nan = self.arith(ArithKind::Or, same, both_nan);
                let otherwise = self.all(&[not_finite, same_or_nan])?;
                Ok(self.arith(ArithKind::Or, in_range, otherwise))
            }
        }
    }

    /// Whether `f64` values `x` and `y` are both NaN.
    fn both_nan(&mut self, x: ValueId, y: ValueId) -> ValueId {
        let x_nan = self.compare(ComparisonDirection::Ne, None, x, x);
        let y_nan = self.compare(ComparisonDirection::Ne, None, y, y);
        self.arith(ArithKind::And, x_nan, y_nan)
    }

    /// Whether `f64` values `x` and `y` are both finite.
    fn both_finite(&mut self, x: ValueId, y: ValueId) -> Emitted<ValueId> {
        let f64t = self.ctx().float_type(FloatKind::F64);
        let infinity = self.scalar(Scalar::Float(f64::INFINITY), f64t)?;
        let (ax, ay) = (self.math(xla_dialects::loops::MathKind::Abs, x), self.math(xla_dialects::loops::MathKind::Abs, y));
        let x_finite = self.compare(ComparisonDirection::Lt, None, ax, infinity);
        let y_finite = self.compare(ComparisonDirection::Lt, None, ay, infinity);
        self.all(&[x_finite, y_finite])
    }

    /// The position of float `x` (of format `kind`) on the line where consecutive values
    /// of the format are consecutive integers, the two zeros both 0, as an `i64`.
    fn ulp_position(&mut self, x: ValueId, kind: FloatKind) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let width = kind.bit_width();
        let i64t = ctx.int_type(64);
        let bits = self.bitcast(x, ctx.uint_type(width));
        let bits = self.convert(bits, ctx.uint_type(64));
        let bits = self.bitcast(bits, i64t);
        let magnitude_mask = self.scalar(Scalar::Int((1i128 << (width - 1)) - 1), i64t)?;
        let magnitude = self.arith(ArithKind::And, bits, magnitude_mask);
        let zero = self.scalar(Scalar::Int(0), i64t)?;
        let negative_magnitude = self.arith(ArithKind::Subtract, zero, magnitude);
        let negative = self.compare(ComparisonDirection::Ne, None, bits, magnitude);
        Ok(self.select(negative, negative_magnitude, magnitude))
    }

    /// The current op's location as `file:line:col`, or `<unknown>`.
    pub(super) fn location_text(&self) -> String {
        match self.ctx().file_line_col(self.loc) {
            Some((file, line, col)) => format!("{file}:{line}:{col}"),
            None => "<unknown>".to_string(),
        }
    }
}

/// The row-major strides of `shape`, in elements.
fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}
