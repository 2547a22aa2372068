//! `check.expect_eq` and `check.expect_eq_const`: exact equality of a tensor with another
//! tensor or with a literal.
//!
//! Equality is element by element: integers and predicates by value; floats and complex
//! numbers by their bits, as StableHLO's interpreter compares them, so a NaN equals a NaN
//! with the same bits and `-0.0` does not equal `+0.0`.

use xla_ir::constraints::{AnyTensor, DenseElementsAttr};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState};
use xla_macros::op;

use super::custom_call_spelling::CUSTOM_CALL_TO_CHECK;
use super::forms::{parse_pair, parse_with_literal, print_pair, print_with_literal};
use super::verify::{literal_matches_operand, same_operand_types};

/// Checks that two tensors of one type are equal, element by element.
///
/// Integers and predicates compare by value, floats and complex numbers by their bits (a
/// NaN equals a NaN with the same bits; `-0.0` and `+0.0` differ). A failed check fails the
/// run with the first index where the tensors differ. `hlo.custom_call @check.expect_eq(%a,
/// %b)` canonicalizes to this op.
///
/// Example: `check.expect_eq %a, %b : tensor<2xi32>`
#[op(
    name = "check.expect_eq",
    verify = verify_expect_eq,
    patterns = [CUSTOM_CALL_TO_CHECK],
    print = print_expect_eq,
    parse = parse_expect_eq
)]
pub struct ExpectEqOp {
    /// The value computed.
    #[operand]
    lhs: AnyTensor,
    /// The value expected, of `lhs`'s type.
    #[operand]
    rhs: AnyTensor,
}

/// Checks that a tensor equals a literal of its type, element by element.
///
/// Equality is `check.expect_eq`'s: integers and predicates by value, floats and complex
/// numbers by their bits.
///
/// Example: `check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>`
#[op(
    name = "check.expect_eq_const",
    verify = literal_matches_operand,
    print = print_expect_eq_const,
    parse = parse_expect_eq_const
)]
pub struct ExpectEqConstOp {
    /// The value computed.
    #[operand]
    lhs: AnyTensor,
    /// The value expected, a literal of `lhs`'s type.
    #[attr]
    value: DenseElementsAttr,
}

/// Checks `check.expect_eq`: both operands have one type.
pub fn verify_expect_eq(op: OpRef) -> Result<(), Diagnostic> {
    same_operand_types(op, "lhs", "rhs")
}

fn print_expect_eq(p: &mut OpPrinter, op: OpId) {
    print_pair(p, op, &[])
}

fn parse_expect_eq(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_pair(p, state, &[])
}

fn print_expect_eq_const(p: &mut OpPrinter, op: OpId) {
    print_with_literal(p, op, &[])
}

fn parse_expect_eq_const(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_with_literal(p, state, &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::op_def::verify_declared;
    use xla_ir::{Body, Builder, Context, DenseElements, Op, Scalar};

    fn context() -> Context {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        ctx
    }

    #[test]
    fn operand_and_literal_types_must_agree() {
        let ctx = context();
        let ints = ctx.tensor_type(&[2], ctx.int_type(32));
        let floats = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let a = body.add_block_arg(block, ints);
        let f = body.add_block_arg(block, floats);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let same = ExpectEqOp::build(&mut b, a, a).expect("no inference");
        let mixed = ExpectEqOp::build(&mut b, a, f).expect("no inference");
        let literal = DenseElements::from_scalars(&ctx, ints, &[Scalar::Int(1), Scalar::Int(2)]).expect("fits");
        let wrong_literal = DenseElements::from_scalars(&ctx, floats, &[Scalar::Float(1.0)]).expect("fits");
        let good_const = ExpectEqConstOp::build(&mut b, a, &literal).expect("no inference");
        let bad_const = ExpectEqConstOp::build(&mut b, a, &wrong_literal).expect("no inference");
        let check = |op| verify_declared(OpRef::new(&body, op), ctx.op_def(body.op(op).name).expect("registered"));
        assert!(check(same.id()).is_ok());
        assert!(check(good_const.id()).is_ok());
        assert_eq!(
            check(mixed.id()).map_err(|d| d.message),
            Err("'check.expect_eq' op requires operands 'lhs' and 'rhs' to have the same type, found tensor<2xi32> and tensor<2xf32>".into())
        );
        assert_eq!(
            check(bad_const.id()).map_err(|d| d.message),
            Err("'check.expect_eq_const' op requires the literal 'value' to have the type of operand 'lhs', found tensor<2xf32> and tensor<2xi32>".into())
        );
        assert_eq!(good_const.value(&body), &literal);
    }
}
