//! The verifiers the check ops share: both operands have one type, a literal has the
//! operand's type, and the numeric options of the approximate checks are in range.
//!
//! Invariant: these functions never panic on any op (they read attributes through checked
//! accessors), and every message names the operand or attribute at fault and both types.

use xla_ir::{AttrData, Diagnostic, OpRef};

/// Checks that operands #0 and #1 (named `lhs_name` and `rhs_name` in messages) have the
/// same type.
pub fn same_operand_types(op: OpRef, lhs_name: &str, rhs_name: &str) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let types = op.operand_types();
    let (Some(lhs), Some(rhs)) = (types.first(), types.get(1)) else {
        // The declared operand count is checked before this verifier runs.
        return Ok(());
    };
    if lhs != rhs {
        return Err(op.error(format!(
            "requires operands '{lhs_name}' and '{rhs_name}' to have the same type, found {} and {}",
            ctx.type_to_string(*lhs),
            ctx.type_to_string(*rhs)
        )));
    }
    Ok(())
}

/// Checks that the dense literal `value` has the type of operand #0 (`lhs`).
pub fn literal_matches_operand(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (Some(lhs), Some(value)) = (op.operand_types().first().copied(), op.attr("value")) else {
        return Ok(());
    };
    let Some(literal_type) = ctx.as_dense(value).map(|d| d.ty) else { return Ok(()) };
    if literal_type != lhs {
        return Err(op.error(format!(
            "requires the literal 'value' to have the type of operand 'lhs', found {} and {}",
            ctx.type_to_string(literal_type),
            ctx.type_to_string(lhs)
        )));
    }
    Ok(())
}

/// Checks that the optional `tolerance` attribute is a finite, non-negative number.
pub fn tolerance_in_range(op: OpRef) -> Result<(), Diagnostic> {
    let Some(attr) = op.attr("tolerance") else { return Ok(()) };
    let AttrData::Float { bits, .. } = op.ctx().attr_data(attr) else { return Ok(()) };
    let tolerance = f64::from_bits(*bits);
    if !(tolerance.is_finite() && tolerance >= 0.0) {
        return Err(op.error(format!("requires 'tolerance' to be finite and non-negative, found {tolerance}")));
    }
    Ok(())
}
