//! The `f64` arithmetic that `hlo.cholesky`, `hlo.triangular_solve` and `hlo.fft` share:
//! numbers that are a real `f64` or the two `f64` parts of a complex number, and work
//! buffers holding them.
//!
//! The interpreter computes these ops in `f64` (`Complex64` for complex elements) and
//! rounds each result once to the element type. The lowering does the same: a complex
//! number is carried as its two parts, with `num_complex`'s formulas for the product and
//! the quotient written out, so the operations and their order are the interpreter's.

use xla_dialects::hlo::ComparisonType;
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{FloatKind, Scalar, Type, ValueId};

use super::complex::Part;
use super::emit::Emitted;
use super::lowering::Lowering;

/// A number in `f64`: a real, or the two parts of a complex number.
#[derive(Copy, Clone)]
pub struct Num {
    pub re: ValueId,
    pub im: Option<ValueId>,
}

impl Num {
    /// The values to carry through a loop: the real part, then the imaginary part if any.
    pub fn values(self) -> Vec<ValueId> {
        std::iter::once(self.re).chain(self.im).collect()
    }

    /// The number that [`Num::values`] gave, as a loop carried it back.
    pub fn from_values(values: &[ValueId], complex: bool) -> Option<Num> {
        let re = *values.first()?;
        let im = if complex { Some(*values.get(1)?) } else { None };
        Some(Num { re, im })
    }
}

/// A work buffer of `f64`: one for reals, one per part for complex numbers.
#[derive(Copy, Clone)]
pub struct Work {
    pub re: ValueId,
    pub im: Option<ValueId>,
}

impl Lowering<'_, '_> {
    /// The `f64` type.
    pub fn f64_type(&self) -> Type {
        self.ctx().float_type(FloatKind::F64)
    }

    /// The `f64` constant `x`.
    pub fn f64_constant(&mut self, x: f64) -> Emitted<ValueId> {
        let f64 = self.f64_type();
        self.scalar(Scalar::Float(x), f64)
    }

    /// The constant number `re` (with the imaginary part `im` when `complex`).
    pub fn num_constant(&mut self, re: f64, im: f64, complex: bool) -> Emitted<Num> {
        let re = self.f64_constant(re)?;
        let im = if complex { Some(self.f64_constant(im)?) } else { None };
        Ok(Num { re, im })
    }

    /// Whether element type `ty` is complex, for an op computing in `f64`; an error for
    /// elements that are neither floats nor complex numbers.
    pub fn complex_or_float(&self, ty: Type, op: &str) -> Emitted<bool> {
        let ctx = self.ctx();
        if ctx.is_complex(ty) {
            self.complex_parts_type(ty)?;
            return Ok(true);
        }
        if ctx.is_float(ty) {
            return Ok(false);
        }
        Err(self.error(format!("lower-to-loops does not handle '{op}' of {} elements", ctx.type_to_string(ty))))
    }

    /// The element of hlo value `v` at `index`, converted to `f64`.
    pub fn element_num(&mut self, v: ValueId, index: &[ValueId]) -> Emitted<Num> {
        let x = self.element(v, index)?;
        let f64 = self.f64_type();
        if !self.ctx().is_complex(self.body.value_type(x)) {
            return Ok(Num { re: self.convert(x, f64), im: None });
        }
        let re = self.complex_part(x, Part::Real)?;
        let im = self.complex_part(x, Part::Imag)?;
        Ok(Num { re: self.convert(re, f64), im: Some(self.convert(im, f64)) })
    }

    /// `z` rounded once to the element type `ty` (each part, for a complex number).
    pub fn round_num(&mut self, z: Num, ty: Type) -> Emitted<ValueId> {
        let Some(im) = z.im else { return Ok(self.convert(z.re, ty)) };
        let part = self.complex_parts_type(ty)?;
        let (re, im) = (self.convert(z.re, part), self.convert(im, part));
        self.complex_from_parts(re, im, ty)
    }

    /// Applies `kind` to the real parts and to the imaginary parts of `a` and `b`.
    fn per_part(&mut self, kind: ArithKind, a: Num, b: Num) -> Num {
        let re = self.arith(kind, a.re, b.re);
        let im = a.im.zip(b.im).map(|(x, y)| self.arith(kind, x, y));
        Num { re, im }
    }

    /// `a + b`.
    pub fn num_add(&mut self, a: Num, b: Num) -> Num {
        self.per_part(ArithKind::Add, a, b)
    }

    /// `a - b`.
    pub fn num_sub(&mut self, a: Num, b: Num) -> Num {
        self.per_part(ArithKind::Subtract, a, b)
    }

    /// `a * b`; for complex numbers `(ar br - ai bi) + (ar bi + ai br) i`, as `num_complex`.
    pub fn num_mul(&mut self, a: Num, b: Num) -> Num {
        let (Some(ai), Some(bi)) = (a.im, b.im) else { return Num { re: self.arith(ArithKind::Multiply, a.re, b.re), im: None } };
        let (rr, ii) = (self.arith(ArithKind::Multiply, a.re, b.re), self.arith(ArithKind::Multiply, ai, bi));
        let (ri, ir) = (self.arith(ArithKind::Multiply, a.re, bi), self.arith(ArithKind::Multiply, ai, b.re));
        Num { re: self.arith(ArithKind::Subtract, rr, ii), im: Some(self.arith(ArithKind::Add, ri, ir)) }
    }

    /// `a / b`; for complex numbers `num_complex`'s formula: both parts of
    /// `(ar br + ai bi) + (ai br - ar bi) i` divided by `br^2 + bi^2`.
    pub fn num_div(&mut self, a: Num, b: Num) -> Num {
        let (Some(ai), Some(bi)) = (a.im, b.im) else { return Num { re: self.arith(ArithKind::Divide, a.re, b.re), im: None } };
        let norm = self.norm_sqr(b);
        let (rr, ii) = (self.arith(ArithKind::Multiply, a.re, b.re), self.arith(ArithKind::Multiply, ai, bi));
        let (ir, ri) = (self.arith(ArithKind::Multiply, ai, b.re), self.arith(ArithKind::Multiply, a.re, bi));
        let (re, im) = (self.arith(ArithKind::Add, rr, ii), self.arith(ArithKind::Subtract, ir, ri));
        Num { re: self.arith(ArithKind::Divide, re, norm), im: Some(self.arith(ArithKind::Divide, im, norm)) }
    }

    /// `a / d` for a real `d`, part by part.
    pub fn num_div_re(&mut self, a: Num, d: ValueId) -> Num {
        let re = self.arith(ArithKind::Divide, a.re, d);
        let im = a.im.map(|im| self.arith(ArithKind::Divide, im, d));
        Num { re, im }
    }

    /// The complex conjugate of `a` (`a` itself for a real).
    pub fn num_conj(&mut self, a: Num) -> Num {
        Num { re: a.re, im: a.im.map(|im| self.math(MathKind::Negate, im)) }
    }

    /// `|a|^2`: `re^2 + im^2`, or `re^2` for a real.
    pub fn norm_sqr(&mut self, a: Num) -> ValueId {
        let square = self.arith(ArithKind::Multiply, a.re, a.re);
        match a.im {
            Some(im) => {
                let im2 = self.arith(ArithKind::Multiply, im, im);
                self.arith(ArithKind::Add, square, im2)
            }
            None => square,
        }
    }

    /// `p ? a : b`, part by part.
    pub fn num_select(&mut self, p: ValueId, a: Num, b: Num) -> Num {
        let re = self.select(p, a.re, b.re);
        let im = a.im.zip(b.im).map(|(x, y)| self.select(p, x, y));
        Num { re, im }
    }

    /// What Rust's `Sum` starts from: `-0.0` for `f64` (so that a sum of negative zeros
    /// stays negative), `0 + 0i` for `Complex64` (`num_complex` folds from zero).
    pub fn sum_start(&mut self, complex: bool) -> Emitted<Num> {
        if complex {
            self.num_constant(0.0, 0.0, true)
        } else {
            self.num_constant(-0.0, 0.0, false)
        }
    }

    /// Whether the `f64` value `x` is greater than zero (false for NaN).
    pub fn positive(&mut self, x: ValueId) -> Emitted<ValueId> {
        let zero = self.f64_constant(0.0)?;
        Ok(self.compare(xla_dialects::hlo::ComparisonDirection::Gt, Some(ComparisonType::Float), x, zero))
    }

    /// A fresh work buffer of `shape`, with an imaginary part when `complex`.
    pub fn work_alloc(&mut self, shape: &[i64], complex: bool) -> Work {
        let memref = self.ctx().memref_type(shape, self.f64_type());
        let re = self.alloc(memref);
        let im = complex.then(|| self.alloc(memref));
        Work { re, im }
    }

    /// The number at `index` of `work`.
    pub fn work_load(&mut self, work: Work, index: &[ValueId]) -> Num {
        let re = self.load(work.re, index);
        let im = work.im.map(|b| self.load(b, index));
        Num { re, im }
    }

    /// Stores `z` at `index` of `work` (a zero imaginary part where `z` is real).
    pub fn work_store(&mut self, work: Work, z: Num, index: &[ValueId]) -> Emitted<()> {
        self.store(z.re, work.re, index);
        if let Some(buffer) = work.im {
            let im = match z.im {
                Some(im) => im,
                None => self.f64_constant(0.0)?,
            };
            self.store(im, buffer, index);
        }
        Ok(())
    }
}
