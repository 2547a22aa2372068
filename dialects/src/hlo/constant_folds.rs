//! Folders that compute an op on a constant operand at compile time: element type
//! conversion, reshape, and the unary float functions whose value `f64` arithmetic gives
//! to within rounding.
//!
//! - `convert_element_type(c)`: integers to integers wrap to the result width; integers and
//!   predicates to floats round to nearest even (folded only when the integer is exact in
//!   `f64`, so that the value is rounded once); floats to floats round once to nearest
//!   even; floats to integers truncate toward zero, folded only when the result is in range
//!   (XLA leaves NaN and out-of-range conversions implementation-defined); anything to a
//!   predicate is `x != 0`. Complex numbers, and float formats narrower than 16 bits (whose
//!   overflow rules differ from format to format), are left alone.
//! - `reshape(c)`: the same elements in the same row-major order, with the result's type.
//! - `negate`, `abs`, `sqrt`, `exponential`, `log` of floats: computed in `f64` and rounded
//!   once to the element type. `negate` and `abs` are exact; `sqrt` is correctly rounded
//!   (f64 has more than twice the precision of f32); `exponential` and `log` are within
//!   an ulp of the true value, as the interpreter computes them.
//!
//! Invariants: a folder returns only a literal of the result's type, and touches at most
//! [`FOLD_ELEMENT_LIMIT`] elements unless its operand is a splat.

use xla_ir::dense::ElementKind;
use xla_ir::op_def::FoldResult;
use xla_ir::{Attribute, Context, DenseElements, FloatKind, OpRef, Scalar, Type};

use super::fold::wrap;
use super::FOLD_ELEMENT_LIMIT;

/// The dense literal of `constants[0]` and the op's single result type.
fn operand_literal<'a>(op: &OpRef<'a, '_>, constants: &[Option<Attribute>]) -> Option<(&'a DenseElements, Type)> {
    let ctx = op.ctx();
    let literal = constants.first().copied().flatten().and_then(|a| ctx.as_dense(a))?;
    let &[result] = op.results() else { return None };
    Some((literal, op.body.value_type(result)))
}

/// Applies `f` to every element of `literal` (once for a splat), giving a literal of
/// `result_type`, or `None` when some element does not fold.
fn map_elements(
    ctx: &Context,
    literal: &DenseElements,
    result_type: Type,
    f: impl Fn(Scalar) -> Option<Scalar>,
) -> Option<DenseElements> {
    let count = if literal.splat { 1 } else { literal.len(ctx) };
    if count > FOLD_ELEMENT_LIMIT {
        return None;
    }
    let values = (0..count).map(|i| f(literal.get(ctx, i)?)).collect::<Option<Vec<Scalar>>>()?;
    DenseElements::from_scalars(ctx, result_type, &values).ok()
}

/// Whether `kind` is a float format whose conversions [`fold_convert_element_type`] folds.
fn wide_float(kind: FloatKind) -> bool {
    matches!(kind, FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)
}

/// The largest integer magnitude every `f64` holds exactly.
const EXACT_IN_F64: u128 = 1 << 53;

/// One element converted from `from` to `to`, or `None` when it is not folded (see the
/// module documentation).
fn convert_element(from: ElementKind, to: ElementKind, value: Scalar) -> Option<Scalar> {
    let is_pred = |kind: ElementKind| matches!(kind, ElementKind::Int { width: 1, .. });
    match (from, to, value) {
        (_, to, Scalar::Int(v)) if is_pred(to) => Some(Scalar::Int(i128::from(v != 0))),
        (_, to, Scalar::Float(v)) if is_pred(to) => Some(Scalar::Int(i128::from(v != 0.0))),
        (ElementKind::Int { .. }, ElementKind::Int { width, signedness }, Scalar::Int(v)) => {
            Some(Scalar::Int(wrap(v, width, signedness != xla_ir::Signedness::Unsigned)))
        }
        (ElementKind::Int { .. }, ElementKind::Float(k), Scalar::Int(v)) if wide_float(k) && v.unsigned_abs() <= EXACT_IN_F64 => {
            Some(Scalar::Float(v as f64))
        }
        (ElementKind::Float(f), ElementKind::Float(k), Scalar::Float(v)) if wide_float(f) && wide_float(k) => {
            Some(Scalar::Float(v))
        }
        (ElementKind::Float(f), ElementKind::Int { width, signedness }, Scalar::Float(v)) if wide_float(f) => {
            let truncated = v.trunc();
            let (low, high) = if signedness == xla_ir::Signedness::Unsigned {
                (0.0, 2f64.powi(width as i32))
            } else {
                (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1))
            };
            // NaN fails both comparisons.
            (truncated >= low && truncated < high).then_some(Scalar::Int(truncated as i128))
        }
        _ => None,
    }
}

/// Folds `hlo.convert_element_type` of a constant (see the module documentation).
pub fn fold_convert_element_type(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let ctx = op.ctx();
    let (literal, result_type) = operand_literal(&op, constants)?;
    let from = ElementKind::of(ctx, ctx.as_tensor(literal.ty)?.element)?;
    let to = ElementKind::of(ctx, ctx.as_tensor(result_type)?.element)?;
    let folded = map_elements(ctx, literal, result_type, |v| convert_element(from, to, v))?;
    Some(vec![FoldResult::Constant(ctx.dense_attr(folded))])
}

/// Folds `hlo.reshape` of a constant: the same elements with the result's type.
pub fn fold_reshape(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let ctx = op.ctx();
    let (literal, result_type) = operand_literal(&op, constants)?;
    let (from, to) = (ctx.as_tensor(literal.ty)?, ctx.as_tensor(result_type)?);
    if from.element != to.element || from.num_elements()? != to.num_elements()? {
        return None;
    }
    let folded = if literal.splat {
        let element = literal.get(ctx, 0)?;
        DenseElements::from_scalars(ctx, result_type, &[element]).ok()?
    } else {
        DenseElements { ty: result_type, splat: false, data: literal.data.clone() }
    };
    Some(vec![FoldResult::Constant(ctx.dense_attr(folded))])
}

/// A unary float function [`fold_float_unary`] computes.
#[derive(Copy, Clone, Debug)]
enum FloatFunction {
    Negate,
    Abs,
    Sqrt,
    Exponential,
    Log,
}

impl FloatFunction {
    fn apply(self, x: f64) -> f64 {
        match self {
            FloatFunction::Negate => -x,
            FloatFunction::Abs => x.abs(),
            FloatFunction::Sqrt => x.sqrt(),
            FloatFunction::Exponential => x.exp(),
            FloatFunction::Log => x.ln(),
        }
    }
}

/// `function` of a float constant, rounded once to the element type.
fn fold_float_unary(op: OpRef, constants: &[Option<Attribute>], function: FloatFunction) -> Option<Vec<FoldResult>> {
    let ctx = op.ctx();
    let (literal, result_type) = operand_literal(&op, constants)?;
    if literal.ty != result_type {
        return None;
    }
    let Some(ElementKind::Float(kind)) = ElementKind::of(ctx, ctx.as_tensor(result_type)?.element) else { return None };
    if !wide_float(kind) {
        return None;
    }
    let folded = map_elements(ctx, literal, result_type, |v| match v {
        Scalar::Float(x) => Some(Scalar::Float(function.apply(x))),
        _ => None,
    })?;
    Some(vec![FoldResult::Constant(ctx.dense_attr(folded))])
}

/// Folds `hlo.negate` of a float constant.
pub fn fold_negate(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_float_unary(op, constants, FloatFunction::Negate)
}

/// Folds `hlo.abs` of a float constant.
pub fn fold_abs(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_float_unary(op, constants, FloatFunction::Abs)
}

/// Folds `hlo.sqrt` of a float constant.
pub fn fold_sqrt(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_float_unary(op, constants, FloatFunction::Sqrt)
}

/// Folds `hlo.exponential` of a float constant.
pub fn fold_exponential(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_float_unary(op, constants, FloatFunction::Exponential)
}

/// Folds `hlo.log` of a float constant.
pub fn fold_log(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_float_unary(op, constants, FloatFunction::Log)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::Signedness;

    const I8: ElementKind = ElementKind::Int { width: 8, signedness: Signedness::Signless };
    const U8: ElementKind = ElementKind::Int { width: 8, signedness: Signedness::Unsigned };
    const PRED: ElementKind = ElementKind::Int { width: 1, signedness: Signedness::Signless };
    const F32: ElementKind = ElementKind::Float(FloatKind::F32);

    #[test]
    fn conversions_follow_static_cast() {
        assert_eq!(convert_element(I8, U8, Scalar::Int(-1)), Some(Scalar::Int(255)));
        assert_eq!(convert_element(U8, I8, Scalar::Int(200)), Some(Scalar::Int(-56)));
        assert_eq!(convert_element(I8, F32, Scalar::Int(-3)), Some(Scalar::Float(-3.0)));
        assert_eq!(convert_element(F32, I8, Scalar::Float(-2.75)), Some(Scalar::Int(-2)));
        assert_eq!(convert_element(F32, U8, Scalar::Float(-0.5)), Some(Scalar::Int(0)));
        assert_eq!(convert_element(F32, PRED, Scalar::Float(f64::NAN)), Some(Scalar::Int(1)));
        assert_eq!(convert_element(I8, PRED, Scalar::Int(0)), Some(Scalar::Int(0)));
        assert_eq!(convert_element(PRED, F32, Scalar::Int(1)), Some(Scalar::Float(1.0)));
    }

    #[test]
    fn undefined_and_inexact_conversions_are_left_alone() {
        assert_eq!(convert_element(F32, I8, Scalar::Float(128.0)), None);
        assert_eq!(convert_element(F32, U8, Scalar::Float(-1.0)), None);
        assert_eq!(convert_element(F32, I8, Scalar::Float(f64::NAN)), None);
        let wide = ElementKind::Int { width: 64, signedness: Signedness::Signless };
        assert_eq!(convert_element(wide, F32, Scalar::Int((1 << 53) + 1)), None);
        let f8 = ElementKind::Float(FloatKind::F8E4M3FN);
        assert_eq!(convert_element(F32, f8, Scalar::Float(1.0)), None);
        let complex = ElementKind::Complex(FloatKind::F32);
        assert_eq!(convert_element(complex, F32, Scalar::Complex(1.0, 0.0)), None);
    }
}
