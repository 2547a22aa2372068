//! Complex scalars taken apart and built: `loop.real`, `loop.imag`, `loop.complex` and
//! `loop.complex_abs`, each `hlo.real`, `hlo.imag`, `hlo.complex` and `hlo.abs` (of a
//! complex number) on one element, as MLIR's `complex.re`, `complex.im`, `complex.create`
//! and `complex.abs`.
//!
//! - `%re = loop.real %z : complex<f64> -> f64` and `loop.imag` give a part;
//! - `%z = loop.complex %re, %im : (f64, f64) -> complex<f64>` builds a number;
//! - `%a = loop.complex_abs %z : complex<f32> -> f32` is its modulus.
//!
//! Invariant checked by the verifiers: the complex type's parts are the float type on the
//! other side (both parts, for `loop.complex`). How a complex number is held (two floats, a
//! packed integer) is the llvm lowering's business; at this level it is one scalar.

use xla_ir::{Diagnostic, OpRef, Type, TypeData};
use xla_macros::op;

use super::types::ScalarType;

/// The real part of a complex scalar.
///
/// Example: `%re = loop.real %z : complex<f32> -> f32`
#[op(name = "loop.real", traits = [Pure], verify = verify_part, format = "$operand attr-dict `:` type($operand) `->` type($result)")]
pub struct RealOp {
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// The imaginary part of a complex scalar.
///
/// Example: `%im = loop.imag %z : complex<f32> -> f32`
#[op(name = "loop.imag", traits = [Pure], verify = verify_part, format = "$operand attr-dict `:` type($operand) `->` type($result)")]
pub struct ImagOp {
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// The modulus `|z| = hypot(re, im)` of a complex scalar, of its part type.
///
/// Example: `%a = loop.complex_abs %z : complex<f64> -> f64`
#[op(name = "loop.complex_abs", traits = [Pure], verify = verify_part, format = "$operand attr-dict `:` type($operand) `->` type($result)")]
pub struct ComplexAbsOp {
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// The complex scalar with parts `real` and `imag`.
///
/// Example: `%z = loop.complex %re, %im : (f32, f32) -> complex<f32>`
#[op(
    name = "loop.complex",
    traits = [Pure],
    verify = verify_complex,
    format = "$real `,` $imag attr-dict `:` `(` type($real) `,` type($imag) `)` `->` type($result)"
)]
pub struct ComplexOp {
    #[operand]
    real: ScalarType,
    #[operand]
    imag: ScalarType,
    #[result]
    result: ScalarType,
}

/// The part type of complex type `ty`, if it is one.
fn part_type(op: &OpRef, ty: Type) -> Option<Type> {
    match op.ctx().type_data(ty) {
        TypeData::Complex(part) => Some(*part),
        _ => None,
    }
}

/// Checks `loop.real`, `loop.imag` and `loop.complex_abs`: a complex operand whose parts
/// have the result type.
fn verify_part(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (operand, result) = (op.body.value_type(op.operands()[0]), op.body.value_type(op.results()[0]));
    match part_type(&op, operand) {
        Some(part) if part == result => Ok(()),
        Some(part) => Err(op.error(format!(
            "the parts of {} are {}, not the result type {}",
            ctx.type_to_string(operand),
            ctx.type_to_string(part),
            ctx.type_to_string(result)
        ))),
        None => Err(op.error(format!("expects a complex operand, found {}", ctx.type_to_string(operand)))),
    }
}

/// Checks `loop.complex`: a complex result whose parts have both operands' type.
fn verify_complex(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let result = op.body.value_type(op.results()[0]);
    let Some(part) = part_type(&op, result) else {
        return Err(op.error(format!("expects a complex result, found {}", ctx.type_to_string(result))));
    };
    for (name, ty) in ["real", "imag"].into_iter().zip(op.operand_types()) {
        if ty != part {
            return Err(op.error(format!(
                "the {name} part has type {}, but the parts of {} are {}",
                ctx.type_to_string(ty),
                ctx.type_to_string(result),
                ctx.type_to_string(part)
            )));
        }
    }
    Ok(())
}
