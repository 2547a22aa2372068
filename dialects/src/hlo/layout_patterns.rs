//! Canonicalizations of layout changes. XLA's HLO gives an instruction's result any layout;
//! the readers keep values layout-free and spell a change of layout as an `hlo.copy` (XLA's
//! `copy`); an `hlo.reshape` to the same shape with another layout means the same.
//!
//! - `transpose-into-layout`: `copy(transpose(x)) : tensor<S, L>` (or such a reshape), where
//!   the copy is the transpose's only user, `== transpose(x) : tensor<S, L>`:
//!   the transpose writes its elements in layout `L` directly. Both compute the same logical
//!   array; the rewrite saves a copy, and is what XLA's layout assignment does when it gives a
//!   transpose the layout that makes it a bitcast of its operand.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState};

use super::TransposeOp;

/// See the module documentation; `root` is the layout change it is rooted at.
pub struct TransposeIntoLayout {
    root: &'static str,
}

/// Rooted at a layout-changing `hlo.reshape`.
pub static TRANSPOSE_INTO_LAYOUT: TransposeIntoLayout = TransposeIntoLayout { root: "hlo.reshape" };

/// Rooted at `hlo.copy`.
pub static TRANSPOSE_INTO_COPY_LAYOUT: TransposeIntoLayout = TransposeIntoLayout { root: "hlo.copy" };

impl RewritePattern for TransposeIntoLayout {
    fn name(&self) -> &'static str {
        "transpose-into-layout"
    }

    fn identity(&self) -> &'static str {
        "copy(transpose(x)) : tensor<S, L> == transpose(x) : tensor<S, L> (also for a reshape that only changes the layout)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let operand = body.operand(op, 0);
        let transpose = body.defining_op(operand).ok_or("the operand is not an op's result")?;
        if body.op_name(transpose) != TransposeOp::DEF.name {
            return Err("the operand is not a transpose");
        }
        if body.value(operand).uses.len() != 1 {
            return Err("the transpose has other users");
        }
        let result_type = body.value_type(body.result(op, 0));
        let (from, to) = match (ctx.as_tensor(body.value_type(operand)), ctx.as_tensor(result_type)) {
            (Some(from), Some(to)) => (from, to),
            _ => return Err("not tensors"),
        };
        if from.dims != to.dims || from.element != to.element {
            return Err("the reshape changes the shape, not only the layout");
        }
        let data = body.op(transpose);
        let mut state = OpState::new(data.name, data.location);
        state.operands = data.operands.clone();
        state.attributes = data.attributes.clone();
        state.result_types = vec![result_type];
        let relaid = rewriter.create_before(transpose, state);
        let value = rewriter.body.result(relaid, 0);
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}
