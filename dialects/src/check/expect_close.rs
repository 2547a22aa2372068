//! `check.expect_close`: floating-point closeness measured in units in the last place.
//!
//! Custom form, as StableHLO prints it but with the options optional:
//! `check.expect_close %a, %b, max_ulp_difference = 3, min_ulp_difference = 0 : tensor<2xf32>`.
//! Unset options take StableHLO's defaults: at most [`DEFAULT_MAX_ULP_DIFFERENCE`] and at
//! least 0 ulps.

use xla_ir::constraints::I64Attr;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Body, Diagnostic, Op, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::{parse_pair, print_pair, OptionKind};
use super::verify::same_operand_types;
use crate::hlo::FloatOrComplexTensor;

/// The largest ulp distance `check.expect_close` accepts when it names none (StableHLO's).
pub const DEFAULT_MAX_ULP_DIFFERENCE: i64 = 1;

const OPTIONS: [(&str, OptionKind); 2] =
    [("max_ulp_difference", OptionKind::Integer), ("min_ulp_difference", OptionKind::Integer)];

/// Checks that two float or complex tensors of one type are within a number of ulps.
///
/// For finite elements the ulp distance is the number of values of the element type in
/// `[min(x, y), max(x, y))`; it must lie in [`min_ulp_difference`, `max_ulp_difference`]
/// (defaults 0 and 1). When either element is not finite, they are close when their bits
/// are equal or both are NaN (of any payload). Complex numbers compare part by part.
/// `hlo.custom_call @check.expect_close(%a, %b)` canonicalizes to this op.
///
/// Example: `check.expect_close %a, %b, max_ulp_difference = 3 : tensor<2xf32>`
#[op(
    name = "check.expect_close",
    verify = verify_expect_close,
    print = print_expect_close,
    parse = parse_expect_close
)]
pub struct ExpectCloseOp {
    /// The value computed.
    #[operand]
    actual: FloatOrComplexTensor,
    /// The value expected, of `actual`'s type.
    #[operand]
    expected: FloatOrComplexTensor,
    /// The largest ulp distance accepted (default 1).
    #[attr]
    max_ulp_difference: Option<I64Attr>,
    /// The smallest ulp distance accepted (default 0).
    #[attr]
    min_ulp_difference: Option<I64Attr>,
}

impl ExpectCloseOp {
    /// The ulp range the check accepts, defaults applied: `(min, max)`.
    pub fn ulp_range(self, body: &Body) -> (i64, i64) {
        (self.min_ulp_difference(body).unwrap_or(0), self.max_ulp_difference(body).unwrap_or(DEFAULT_MAX_ULP_DIFFERENCE))
    }
}

/// Checks `check.expect_close`: one operand type and `0 <= min <= max` ulps.
pub fn verify_expect_close(op: OpRef) -> Result<(), Diagnostic> {
    same_operand_types(op, "actual", "expected")?;
    let (min, max) = ExpectCloseOp::from_id_unchecked(op.id).ulp_range(op.body);
    if min < 0 || max < 0 {
        return Err(op.error(format!("requires ulp differences to be non-negative, found min {min} and max {max}")));
    }
    if min > max {
        return Err(op.error(format!("requires min_ulp_difference ({min}) <= max_ulp_difference ({max})")));
    }
    Ok(())
}

fn print_expect_close(p: &mut OpPrinter, op: OpId) {
    print_pair(p, op, &OPTIONS)
}

fn parse_expect_close(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_pair(p, state, &OPTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::op_def::verify_declared;
    use xla_ir::{Builder, Context};

    #[test]
    fn ulp_ranges_are_checked() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let floats = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let a = body.add_block_arg(block, floats);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let default = ExpectCloseOp::build(&mut b, a, a, None, None).expect("no inference");
        let inverted = ExpectCloseOp::build(&mut b, a, a, Some(1), Some(2)).expect("no inference");
        let negative = ExpectCloseOp::build(&mut b, a, a, Some(-1), None).expect("no inference");
        let check = |op: OpId| verify_declared(OpRef::new(&body, op), ExpectCloseOp::DEF).map_err(|d| d.message);
        assert_eq!(default.ulp_range(&body), (0, 1));
        assert_eq!(check(default.id()), Ok(()));
        assert_eq!(
            check(inverted.id()),
            Err("'check.expect_close' op requires min_ulp_difference (2) <= max_ulp_difference (1)".into())
        );
        assert_eq!(
            check(negative.id()),
            Err("'check.expect_close' op requires ulp differences to be non-negative, found min 0 and max -1".into())
        );
    }
}
