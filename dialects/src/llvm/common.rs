//! What several llvm ops share: shape functions that give a result type from the operands,
//! and the verifier of ops whose operands and result have one type.

use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::{Diagnostic, Type};

/// The result has the type of the first operand (binary arithmetic, `llvm.fneg`).
pub fn infer_same_as_first(cx: &InferContext) -> Result<Vec<Type>, String> {
    let first = cx.operand_types.first().ok_or("expects at least one operand")?;
    Ok(vec![*first])
}

/// The result is `i1` (comparisons).
pub fn infer_i1(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(vec![cx.ctx.int_type(1)])
}

/// Every operand and result of `op` has one type.
pub fn verify_one_type(op: OpRef) -> Result<(), Diagnostic> {
    let operands = op.operand_types();
    let results = op.result_types();
    let first = operands.first().or(results.first());
    if operands.iter().chain(&results).all(|t| Some(t) == first) {
        return Ok(());
    }
    let ctx = op.ctx();
    let list = |types: &[Type]| types.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", ");
    Err(op.error(format!(
        "requires operands and result of one type, found {} -> {}",
        list(&operands),
        list(&results)
    )))
}

/// Every operand of `op` has one type (comparisons, whose result is `i1`).
pub fn verify_one_type_operands(op: OpRef) -> Result<(), Diagnostic> {
    let operands = op.operand_types();
    if operands.windows(2).all(|w| w[0] == w[1]) {
        return Ok(());
    }
    let ctx = op.ctx();
    let list = operands.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", ");
    Err(op.error(format!("requires operands of one type, found {list}")))
}
