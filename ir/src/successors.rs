//! Successor operands: the values a branch passes to the arguments of the blocks it jumps
//! to (MLIR's `SuccessorOperands`).
//!
//! An operation's successors are [`OpData::successors`](crate::OpData); the values it passes
//! to them are ordinary operands, so use lists, dominance and printing need nothing new. Which
//! operands go to which successor is said by one attribute, [`SUCCESSOR_OPERAND_COUNTS`]: an
//! `array<i64: ...>` with one count per successor. The successor operands are the trailing
//! operands of the operation, in successor order; the operands before them are the
//! operation's own (the condition of a conditional branch). For
//! `"llvm.cond_br"(%p, %x, %y)[^bb1, ^bb2] {successor_operand_counts = array<i64: 1, 1>}`,
//! `%x` goes to `^bb1` and `%y` to `^bb2`.
//!
//! Invariant: when an operation carries the attribute, the verifier checks that it has one
//! count per successor, that the counts fit the operands, and that each successor receives
//! exactly as many values as its block has arguments, of the same types. An operation
//! without the attribute (an unregistered `"test.br"`) passes nothing the core knows of and
//! is not checked; a dialect whose branches pass values declares the attribute as required.

use std::ops::Range;

use crate::op_def::OpRef;
use crate::{BlockId, Body, Context, Diagnostic, OpId, OpState, ValueId};

/// The name of the attribute that splits an operation's trailing operands among its
/// successors.
pub const SUCCESSOR_OPERAND_COUNTS: &str = "successor_operand_counts";

impl OpState {
    /// Adds `block` as the next successor, passing it `operands`: they are appended to the
    /// operands and counted in [`SUCCESSOR_OPERAND_COUNTS`]. Add the operation's own operands
    /// before its successors.
    pub fn add_successor(&mut self, ctx: &Context, block: BlockId, operands: &[ValueId]) {
        let name = ctx.symbol(SUCCESSOR_OPERAND_COUNTS);
        let mut counts = self.attr(name).and_then(|a| ctx.as_int_array(a)).map(<[i64]>::to_vec).unwrap_or_default();
        counts.push(operands.len() as i64);
        self.set_attr(name, ctx.i64_array_attr(&counts));
        self.successors.push(block);
        self.operands.extend_from_slice(operands);
    }
}

impl Body<'_> {
    /// The operand ranges passed to each successor of `op`, or `None` when `op` does not
    /// declare [`SUCCESSOR_OPERAND_COUNTS`] or the counts do not fit its operands (the
    /// verifier reports why).
    pub fn successor_operand_ranges(&self, op: OpId) -> Option<Vec<Range<usize>>> {
        let counts = self.attr(op, SUCCESSOR_OPERAND_COUNTS)?;
        let counts = self.ctx().as_int_array(counts)?;
        operand_ranges(counts, self.op(op).successors.len(), self.op(op).operands.len()).ok()
    }

    /// The values `op` passes to its successor number `index` (empty when it passes none).
    pub fn successor_operands(&self, op: OpId, index: usize) -> &[ValueId] {
        let ranges = self.successor_operand_ranges(op);
        match ranges.and_then(|r| r.get(index).cloned()) {
            Some(range) => &self.op(op).operands[range],
            None => &[],
        }
    }
}

/// Splits the trailing operands by `counts`, one per successor.
fn operand_ranges(counts: &[i64], successors: usize, operands: usize) -> Result<Vec<Range<usize>>, String> {
    if counts.len() != successors {
        return Err(format!(
            "'{SUCCESSOR_OPERAND_COUNTS}' has {} entries, but the operation has {successors} successors",
            counts.len()
        ));
    }
    let counts: Vec<usize> = counts
        .iter()
        .map(|c| usize::try_from(*c).map_err(|_| format!("'{SUCCESSOR_OPERAND_COUNTS}' may not hold a negative count")))
        .collect::<Result<_, _>>()?;
    let total: usize = counts.iter().sum();
    let mut start = operands.checked_sub(total).ok_or_else(|| {
        format!("'{SUCCESSOR_OPERAND_COUNTS}' passes {total} operands to successors, but the operation has {operands}")
    })?;
    Ok(counts
        .iter()
        .map(|n| {
            start += n;
            start - n..start
        })
        .collect())
}

/// Checks the successor operands of `op` against its successors' block arguments; see the
/// module documentation.
pub(crate) fn verify_successor_operands(op: OpRef) -> Result<(), Diagnostic> {
    let body = op.body;
    let ctx = op.ctx();
    let Some(attr) = op.attr(SUCCESSOR_OPERAND_COUNTS) else { return Ok(()) };
    let counts = ctx
        .as_int_array(attr)
        .ok_or_else(|| op.error(format!("'{SUCCESSOR_OPERAND_COUNTS}' must be an array<i64: ...>, found {}", ctx.attr_to_string(attr))))?;
    let successors = &body.op(op.id).successors;
    let ranges = operand_ranges(counts, successors.len(), op.operands().len()).map_err(|m| op.error(m))?;
    for (index, (block, range)) in successors.iter().zip(ranges).enumerate() {
        let args = &body.block(*block).args;
        let passed = &op.operands()[range];
        if passed.len() != args.len() {
            return Err(op.error(format!(
                "branch has {} operands for successor #{index}, but target block has {}",
                passed.len(),
                args.len()
            )));
        }
        for (k, (value, arg)) in passed.iter().zip(args).enumerate() {
            let (given, expected) = (body.value_type(*value), body.value_type(*arg));
            if given != expected {
                return Err(op.error(format!(
                    "type mismatch for bb argument #{k} of successor #{index}: passes {}, but the argument has type {}",
                    ctx.type_to_string(given),
                    ctx.type_to_string(expected)
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_split_the_trailing_operands() {
        assert_eq!(operand_ranges(&[1, 2], 2, 4), Ok(vec![1..2, 2..4]));
        assert_eq!(operand_ranges(&[0, 0], 2, 1), Ok(vec![1..1, 1..1]));
        assert_eq!(operand_ranges(&[], 0, 3), Ok(vec![]));
    }

    #[test]
    fn counts_that_do_not_fit_are_errors() {
        assert!(operand_ranges(&[1], 2, 4).unwrap_err().contains("has 1 entries, but the operation has 2 successors"));
        assert!(operand_ranges(&[-1], 1, 4).unwrap_err().contains("negative"));
        assert!(operand_ranges(&[3, 2], 2, 4).unwrap_err().contains("passes 5 operands"));
    }

    #[test]
    fn add_successor_appends_operands_and_counts() {
        let ctx = Context::new();
        let mut body = Body::new(&ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let target = body.append_block(region);
        let cond = body.add_block_arg(block, ctx.int_type(1));
        let x = body.add_block_arg(block, ctx.int_type(32));
        let mut state = OpState::new(ctx.symbol("test.cond_br"), ctx.unknown_loc());
        state.operands.push(cond);
        state.add_successor(&ctx, target, &[x]);
        state.add_successor(&ctx, target, &[]);
        let op = body.create_op(state);
        assert_eq!(body.successor_operand_ranges(op), Some(vec![1..2, 2..2]));
        assert_eq!(body.successor_operands(op, 0), &[x]);
        assert!(body.successor_operands(op, 1).is_empty());
        assert!(body.successor_operands(op, 7).is_empty());
    }
}
