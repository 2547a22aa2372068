//! Complex numbers at the loop level: `hlo.real`, `hlo.imag`, `hlo.complex`, `hlo.abs` of a
//! complex number, and complex constants, for `complex<f32>` and `complex<f64>`.
//!
//! Complex scalars are loop-level values (docs/lowering.md): `loop.arith`/`loop.math` carry
//! complex arithmetic, `loop.real`/`loop.imag` take a number apart, `loop.complex` builds
//! one and `loop.complex_abs` is its modulus (the interpreter's `hypot`). `loop.constant`
//! holds no complex values: a complex constant is `loop.complex` of two float constants,
//! hoisted with them to the start of the function and shared.

use xla_dialects::loops::{ComplexAbsOp, ComplexOp, ImagOp, RealOp};
use xla_ir::{Builder, InsertPoint, Op, OpId, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// Which part of a complex number.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Part {
    Real,
    Imag,
}

impl Lowering<'_, '_> {
    /// The part type of complex type `ty` (`f32` or `f64`), or an error for other types.
    pub(super) fn complex_parts_type(&self, ty: Type) -> Emitted<Type> {
        let ctx = self.ctx();
        match ctx.type_data(ty) {
            TypeData::Complex(part) if ctx.is_float(*part) => Ok(*part),
            _ => Err(self.error(format!("lower-to-loops expected a complex type, found {}", ctx.type_to_string(ty)))),
        }
    }

    /// One part of the complex scalar `z`.
    pub fn complex_part(&mut self, z: ValueId, part: Part) -> Emitted<ValueId> {
        let float = self.complex_parts_type(self.body.value_type(z))?;
        let mut b = Builder::at_end(self.body, self.block, self.loc);
        let op = match part {
            Part::Real => RealOp::build(&mut b, z, float).map(|o| o.id()),
            Part::Imag => ImagOp::build(&mut b, z, float).map(|o| o.id()),
        };
        self.single_result(op)
    }

    /// The complex scalar of type `ty` with parts `re` and `im`.
    pub fn complex_from_parts(&mut self, re: ValueId, im: ValueId, ty: Type) -> Emitted<ValueId> {
        self.complex_parts_type(ty)?;
        let mut b = Builder::at_end(self.body, self.block, self.loc);
        let op = ComplexOp::build(&mut b, re, im, ty).map(|o| o.id());
        self.single_result(op)
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

    /// `hlo.abs` of a complex number: `loop.complex_abs`.
    pub fn complex_abs(&mut self, z: ValueId) -> Emitted<ValueId> {
        let float = self.complex_parts_type(self.body.value_type(z))?;
        let mut b = Builder::at_end(self.body, self.block, self.loc);
        let op = ComplexAbsOp::build(&mut b, z, float).map(|o| o.id());
        self.single_result(op)
    }

    /// The complex constant `(re, im)` of type `ty`: `loop.complex` of two float constants,
    /// hoisted to the start of the function and shared.
    pub fn complex_constant(&mut self, re: f64, im: f64, ty: Type) -> Emitted<ValueId> {
        let part = self.complex_parts_type(ty)?;
        let key = (ty, [re.to_bits(), im.to_bits()]);
        if let Some(&v) = self.complex_constants.get(&key) {
            return Ok(v);
        }
        let re = self.scalar(xla_ir::Scalar::Float(re), part)?;
        let im = self.scalar(xla_ir::Scalar::Float(im), part)?;
        let at = match self.last_constant {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(self.entry),
        };
        let mut b = Builder::new(self.body, self.loc);
        b.set_insert_point(at);
        let op = ComplexOp::build(&mut b, re, im, ty).map(|o| o.id()).map_err(|d| self.error(d.message))?;
        self.last_constant = Some(op);
        let v = self.body.result(op, 0);
        self.complex_constants.insert(key, v);
        Ok(v)
    }

    /// The result of a just-built one-result op, or the error building it gave.
    fn single_result(&self, op: Result<OpId, xla_ir::Diagnostic>) -> Emitted<ValueId> {
        op.map(|op| self.body.result(op, 0)).map_err(|d| self.error(d.message))
    }
}
