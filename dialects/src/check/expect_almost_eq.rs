//! `check.expect_almost_eq` and `check.expect_almost_eq_const`: floating-point equality of a
//! tensor with another tensor or a literal, within an absolute tolerance.
//!
//! Custom forms, as StableHLO prints them:
//! `check.expect_almost_eq %a, %b, tolerance = 0.001 : tensor<2xf32>` and
//! `check.expect_almost_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>, tolerance = 0.001`;
//! without a `tolerance` the default [`DEFAULT_TOLERANCE`] (StableHLO's `1e-4`) applies.

use xla_ir::constraints::{DenseElementsAttr, F64Attr};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Body, Diagnostic, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::{parse_pair, parse_with_literal, print_pair, print_with_literal, OptionKind};
use super::verify::{literal_matches_operand, same_operand_types, tolerance_in_range};
use crate::hlo::FloatOrComplexTensor;

/// The tolerance of an approximate check that names none: StableHLO's default.
pub const DEFAULT_TOLERANCE: f64 = 1e-4;

const OPTIONS: [(&str, OptionKind); 1] = [("tolerance", OptionKind::Float)];

/// Checks that two float or complex tensors of one type are equal within a tolerance.
///
/// Elements `x` and `y` are almost equal when both are NaN, when they are equal (infinities
/// of one sign included), or when both are finite and `|x - y| <= tolerance` (for complex
/// numbers, in both parts). `tolerance` defaults to StableHLO's `1e-4`.
/// `hlo.custom_call @check.expect_almost_eq(%a, %b)` canonicalizes to this op.
///
/// Example: `check.expect_almost_eq %a, %b, tolerance = 0.001 : tensor<2xf32>`
#[op(
    name = "check.expect_almost_eq",
    verify = verify_expect_almost_eq,
    print = print_expect_almost_eq,
    parse = parse_expect_almost_eq
)]
pub struct ExpectAlmostEqOp {
    /// The value computed.
    #[operand]
    lhs: FloatOrComplexTensor,
    /// The value expected, of `lhs`'s type.
    #[operand]
    rhs: FloatOrComplexTensor,
    /// The largest absolute difference accepted (default `1e-4`).
    #[attr]
    tolerance: Option<F64Attr>,
}

/// Checks that a float or complex tensor equals a literal of its type within a tolerance.
///
/// Closeness is `check.expect_almost_eq`'s; `tolerance` defaults to `1e-4`.
///
/// Example: `check.expect_almost_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>, tolerance = 0.001`
#[op(
    name = "check.expect_almost_eq_const",
    verify = verify_expect_almost_eq_const,
    print = print_expect_almost_eq_const,
    parse = parse_expect_almost_eq_const
)]
pub struct ExpectAlmostEqConstOp {
    /// The value computed.
    #[operand]
    lhs: FloatOrComplexTensor,
    /// The value expected, a literal of `lhs`'s type.
    #[attr]
    value: DenseElementsAttr,
    /// The largest absolute difference accepted (default `1e-4`).
    #[attr]
    tolerance: Option<F64Attr>,
}

impl ExpectAlmostEqOp {
    /// The tolerance the check applies: the attribute, or [`DEFAULT_TOLERANCE`].
    pub fn effective_tolerance(self, body: &Body) -> f64 {
        self.tolerance(body).unwrap_or(DEFAULT_TOLERANCE)
    }
}

impl ExpectAlmostEqConstOp {
    /// The tolerance the check applies: the attribute, or [`DEFAULT_TOLERANCE`].
    pub fn effective_tolerance(self, body: &Body) -> f64 {
        self.tolerance(body).unwrap_or(DEFAULT_TOLERANCE)
    }
}

/// Checks `check.expect_almost_eq`: one operand type and a usable tolerance.
pub fn verify_expect_almost_eq(op: OpRef) -> Result<(), Diagnostic> {
    same_operand_types(op, "lhs", "rhs")?;
    tolerance_in_range(op)
}

/// Checks `check.expect_almost_eq_const`: the literal has the operand's type and the
/// tolerance is usable.
pub fn verify_expect_almost_eq_const(op: OpRef) -> Result<(), Diagnostic> {
    literal_matches_operand(op)?;
    tolerance_in_range(op)
}

fn print_expect_almost_eq(p: &mut OpPrinter, op: OpId) {
    print_pair(p, op, &OPTIONS)
}

fn parse_expect_almost_eq(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_pair(p, state, &OPTIONS)
}

fn print_expect_almost_eq_const(p: &mut OpPrinter, op: OpId) {
    print_with_literal(p, op, &OPTIONS)
}

fn parse_expect_almost_eq_const(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_with_literal(p, state, &OPTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::op_def::verify_declared;
    use xla_ir::{Builder, Context, DenseElements, Op, Scalar};

    fn context() -> Context {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        ctx
    }

    #[test]
    fn tolerance_defaults_and_is_checked() {
        let ctx = context();
        let floats = ctx.tensor_type(&[2], ctx.f32_type());
        let doubles = ctx.tensor_type(&[2], ctx.float_type(xla_ir::FloatKind::F64));
        let mut body = Body::new(&ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let a = body.add_block_arg(block, floats);
        let d = body.add_block_arg(block, doubles);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let default = ExpectAlmostEqOp::build(&mut b, a, a, None).expect("no inference");
        let explicit = ExpectAlmostEqOp::build(&mut b, a, a, Some(0.5)).expect("no inference");
        let negative = ExpectAlmostEqOp::build(&mut b, a, a, Some(-1.0)).expect("no inference");
        let mixed = ExpectAlmostEqOp::build(&mut b, a, d, None).expect("no inference");
        let literal = DenseElements::from_scalars(&ctx, doubles, &[Scalar::Float(1.0)]).expect("fits");
        let wrong_literal = ExpectAlmostEqConstOp::build(&mut b, a, &literal, None).expect("no inference");
        let check = |op: OpId| verify_declared(OpRef::new(&body, op), ctx.op_def(body.op(op).name).expect("registered"));
        assert_eq!(default.effective_tolerance(&body), DEFAULT_TOLERANCE);
        assert_eq!(explicit.effective_tolerance(&body), 0.5);
        assert!(check(default.id()).is_ok() && check(explicit.id()).is_ok());
        assert_eq!(
            check(negative.id()).map_err(|e| e.message),
            Err("'check.expect_almost_eq' op requires 'tolerance' to be finite and non-negative, found -1".into())
        );
        assert!(check(mixed.id()).is_err());
        assert!(check(wrong_literal.id()).is_err());
    }
}
