//! Complex numbers at the loop level: `hlo.real`, `hlo.imag`, `hlo.complex`, `hlo.abs` of a
//! complex number, and complex constants.
//!
//! Complex scalars are loop-level values (docs/lowering.md) and `loop.arith`/`loop.math`
//! carry complex arithmetic, but no loop op takes a complex number apart or builds one, and
//! `loop.constant` holds no complex values. These are decomposed into the bits of the
//! number: a `complex<f32>` is 64 bits, the real part in the low half and the imaginary
//! part in the high half (`loop.bitcast`'s order, XLA's), so `real` is a `loop.bitcast` to
//! `ui64`, a truncation and a `loop.bitcast` to `f32`, `imag` shifts right by 32 first, and
//! `complex` joins the two halves. A complex constant is its bits as a `ui64` constant and a
//! `loop.bitcast`, both hoisted. `complex<f64>` would need 128-bit integers, which the loop
//! dialect does not have: its parts and constants are located errors.
//!
//! `abs` of a `complex<f32>` is `sqrt(re^2 + im^2)` computed in `f64` and rounded to `f32`:
//! the squares of `f32` values are exact in `f64`, so this is the interpreter's `hypot`
//! rounded to `f32` but for a double rounding that the fixtures do not meet.

use xla_dialects::loops::{ArithKind, BitcastOp, MathKind};
use xla_ir::{Builder, InsertPoint, Op, OpId, Scalar, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// Which part of a complex number.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Part {
    Real,
    Imag,
}

impl Lowering<'_, '_> {
    /// The element type of the parts of `complex<f32>`, or an error for other types.
    pub(super) fn f32_parts(&self, ty: Type) -> Emitted<Type> {
        let ctx = self.ctx();
        match ctx.type_data(ty) {
            TypeData::Complex(part) if *part == ctx.f32_type() => Ok(*part),
            _ => Err(self.error(format!(
                "lower-to-loops does not handle the parts of {} yet (only complex<f32>)",
                ctx.type_to_string(ty)
            ))),
        }
    }

    /// One part of the complex scalar `z`.
    pub fn complex_part(&mut self, z: ValueId, part: Part) -> Emitted<ValueId> {
        let float = self.f32_parts(self.body.value_type(z))?;
        let (wide, narrow) = (self.ctx().uint_type(64), self.ctx().uint_type(32));
        let bits = self.bitcast(z, wide);
        let bits = match part {
            Part::Real => bits,
            Part::Imag => {
                let half = self.scalar(Scalar::Int(32), wide)?;
                self.arith(ArithKind::ShiftRightLogical, bits, half)
            }
        };
        let low = self.convert(bits, narrow);
        Ok(self.bitcast(low, float))
    }

    /// The complex scalar of type `ty` with parts `re` and `im`.
    pub fn complex_from_parts(&mut self, re: ValueId, im: ValueId, ty: Type) -> Emitted<ValueId> {
        self.f32_parts(ty)?;
        let (wide, narrow) = (self.ctx().uint_type(64), self.ctx().uint_type(32));
        let re = self.bitcast(re, narrow);
        let re = self.convert(re, wide);
        let im = self.bitcast(im, narrow);
        let im = self.convert(im, wide);
        let half = self.scalar(Scalar::Int(32), wide)?;
        let high = self.arith(ArithKind::ShiftLeft, im, half);
        let bits = self.arith(ArithKind::Or, re, high);
        Ok(self.bitcast(bits, ty))
    }

    /// `hlo.real` and `hlo.imag` of a complex tensor (of a float one, `real` is the element
    /// and `imag` zero).
    pub fn part_elements(&mut self, op: OpId, part: Part, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let x = self.element(operand, index)?;
        if self.ctx().is_complex(self.element_type_of(operand)?) {
            return self.complex_part(x, part);
        }
        match part {
            Part::Real => Ok(x),
            Part::Imag => self.zero(self.element_type_of(operand)?),
        }
    }

    /// `hlo.complex`: the number with the two operands' elements as its parts.
    pub fn complex_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let (lhs, rhs) = (self.body.operand(op, 0), self.body.operand(op, 1));
        let re = self.element(lhs, index)?;
        let im = self.element(rhs, index)?;
        let ty = self.element_type_of(self.body.result(op, 0))?;
        self.complex_from_parts(re, im, ty)
    }

    /// `hlo.abs` of a complex number: `sqrt(re^2 + im^2)` in `f64`, rounded to `f32`.
    pub fn complex_abs(&mut self, z: ValueId) -> Emitted<ValueId> {
        let float = self.f32_parts(self.body.value_type(z))?;
        let double = self.ctx().float_type(xla_ir::FloatKind::F64);
        let re = self.complex_part(z, Part::Real)?;
        let im = self.complex_part(z, Part::Imag)?;
        let (re, im) = (self.convert(re, double), self.convert(im, double));
        let re2 = self.arith(ArithKind::Multiply, re, re);
        let im2 = self.arith(ArithKind::Multiply, im, im);
        let sum = self.arith(ArithKind::Add, re2, im2);
        let root = self.math(MathKind::Sqrt, sum);
        Ok(self.convert(root, float))
    }

    /// The complex constant `(re, im)` of type `ty`: a `ui64` constant of its bits and a
    /// `loop.bitcast`, both hoisted to the start of the function and shared.
    pub fn complex_constant(&mut self, re: f64, im: f64, ty: Type) -> Emitted<ValueId> {
        self.f32_parts(ty)?;
        let bits = u64::from((re as f32).to_bits()) | (u64::from((im as f32).to_bits()) << 32);
        if let Some(&v) = self.complex_constants.get(&(ty, bits)) {
            return Ok(v);
        }
        let wide = self.ctx().uint_type(64);
        let integer = self.scalar(Scalar::Int(i128::from(bits)), wide)?;
        let at = match self.last_constant {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(self.entry),
        };
        let mut b = Builder::new(self.body, self.loc);
        b.set_insert_point(at);
        let op = BitcastOp::build(&mut b, integer, ty).map(|o| o.id()).map_err(|d| self.error(d.message))?;
        self.last_constant = Some(op);
        let v = self.body.result(op, 0);
        self.complex_constants.insert((ty, bits), v);
        Ok(v)
    }
}
