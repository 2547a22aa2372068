//! Batches of matrices for the linear algebra ops (`hlo.cholesky`,
//! `hlo.triangular_solve`): the two minor dimensions of a literal are the rows and columns
//! of a matrix, the others number the batch.
//!
//! The ops compute in `f64` for float elements and in `Complex64` for complex ones (real
//! matrices stay real, so infinities and NaNs behave as in real arithmetic), generically
//! over [`Entry`], then round each result once to the element type.

use std::iter::Sum;
use std::ops::{Add, Div, Mul, Sub};

use num_complex::Complex64;

use crate::literal::{Elements, Literal};

/// The arithmetic of a matrix entry: `f64` or `Complex64`.
pub trait Entry:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self> + Sum
{
    const ZERO: Self;
    const ONE: Self;
    const NAN: Self;
    /// The complex conjugate (the value itself for reals).
    fn conj(self) -> Self;
    /// The real part.
    fn re(self) -> f64;
    /// `|self|^2`.
    fn norm_sqr(self) -> f64;
    /// The real number `re` as an entry.
    fn from_re(re: f64) -> Self;
    /// `self / d` for a real `d` (exact per part, unlike a complex division).
    fn div_re(self, d: f64) -> Self;
}

impl Entry for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const NAN: f64 = f64::NAN;
    fn conj(self) -> f64 {
        self
    }
    fn re(self) -> f64 {
        self
    }
    fn norm_sqr(self) -> f64 {
        self * self
    }
    fn from_re(re: f64) -> f64 {
        re
    }
    fn div_re(self, d: f64) -> f64 {
        self / d
    }
}

impl Entry for Complex64 {
    const ZERO: Complex64 = Complex64::new(0.0, 0.0);
    const ONE: Complex64 = Complex64::new(1.0, 0.0);
    const NAN: Complex64 = Complex64::new(f64::NAN, f64::NAN);
    fn conj(self) -> Complex64 {
        Complex64::conj(&self)
    }
    fn re(self) -> f64 {
        self.re
    }
    fn norm_sqr(self) -> f64 {
        Complex64::norm_sqr(&self)
    }
    fn from_re(re: f64) -> Complex64 {
        Complex64::new(re, 0.0)
    }
    fn div_re(self, d: f64) -> Complex64 {
        self / d
    }
}

/// A batch of `count` matrices of `rows x columns`, row-major, one after the other.
pub struct Matrices<T> {
    pub count: usize,
    pub rows: usize,
    pub columns: usize,
    pub values: Vec<T>,
}

impl<T: Entry> Matrices<T> {
    /// Matrix `i` of the batch.
    pub fn matrix(&self, i: usize) -> &[T] {
        let size = self.rows * self.columns;
        &self.values[i * size..(i + 1) * size]
    }
}

/// The matrices of a float or complex literal.
pub enum Batch {
    Real(Matrices<f64>),
    Complex(Matrices<Complex64>),
}

impl Batch {
    /// The matrices of `literal`, which must have float or complex elements and rank 2 or
    /// more.
    pub fn of(literal: &Literal) -> Result<Batch, String> {
        let rank = literal.rank();
        if rank < 2 {
            return Err(format!("expected matrices (rank 2 or more), found {}", literal.shape_string()));
        }
        let (rows, columns) = (literal.shape[rank - 2] as usize, literal.shape[rank - 1] as usize);
        let count = literal.shape[..rank - 2].iter().product::<i64>() as usize;
        match &literal.elements {
            Elements::Float(v) => Ok(Batch::Real(Matrices { count, rows, columns, values: v.clone() })),
            Elements::Complex(v) => Ok(Batch::Complex(Matrices { count, rows, columns, values: v.clone() })),
            Elements::Int(_) => Err(format!("expected float or complex matrices, found {}", literal.shape_string())),
        }
    }
}
