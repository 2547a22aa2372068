//! The generic canonicalization pattern `commutative-constant-to-right`.
//!
//! `op(c, x) == op(x, c)` for a commutative binary operation `op`, a constant `c` and a
//! non-constant `x`. Moving constants to the right gives each commutative expression one
//! spelling, so dialect patterns match `x + 0` without also matching `0 + x`, and CSE sees
//! equal operations as equal. Invariant: it never swaps two constants (that would undo
//! itself) and only reads the `Commutative` and `ConstantLike` traits.

use xla_ir::rewrite::{constant_value, RewritePattern, Rewriter};
use xla_ir::{OpId, OpTrait};

/// See the module documentation.
pub struct ConstantToRight;

/// The pattern instance canonicalization uses.
pub static CONSTANT_TO_RIGHT: ConstantToRight = ConstantToRight;

impl RewritePattern for ConstantToRight {
    fn name(&self) -> &'static str {
        "commutative-constant-to-right"
    }

    fn identity(&self) -> &'static str {
        "op(c, x) == op(x, c) for commutative op and constant c"
    }

    fn root(&self) -> Option<&'static str> {
        None
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let def = body.ctx().op_def(body.op(op).name).ok_or("the operation is not registered")?;
        if !def.has_trait(OpTrait::Commutative) {
            return Err("the operation is not commutative");
        }
        let &[lhs, rhs] = body.op(op).operands.as_slice() else {
            return Err("the operation does not have two operands");
        };
        if constant_value(body, lhs).is_none() {
            return Err("the left operand is not a constant");
        }
        if constant_value(body, rhs).is_some() {
            return Err("both operands are constants");
        }
        rewriter.set_operand(op, 0, rhs);
        rewriter.set_operand(op, 1, lhs);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::testing::{self, TestIr};
    use xla_ir::Body;

    #[test]
    fn moves_a_left_constant_to_the_right() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (_, block) = ir.func("f");
        let x = ir.arg(block);
        let c = ir.constant(block, 4);
        let sum = ir.add(block, c, x);
        let add = body.defining_op(sum).expect("an add");
        let mut rewriter = Rewriter::new(&mut body);
        assert_eq!(CONSTANT_TO_RIGHT.match_and_rewrite(&mut rewriter, add), Ok(()));
        assert_eq!(body.op(add).operands, vec![x, c]);
        assert_eq!(body.value(c).uses.len(), 1);
    }

    #[test]
    fn says_why_it_declines() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (_, block) = ir.func("f");
        let x = ir.arg(block);
        let c = ir.constant(block, 4);
        let d = ir.constant(block, 5);
        let right = ir.add(block, x, c);
        let both = ir.add(block, c, d);
        let neg = ir.neg(block, c);
        let opaque = ir.opaque_add(block, c, x);
        let other = ir.unregistered(block, "other.op");
        let op = |v| body.defining_op(v).expect("a result");
        let cases = [
            (op(right), "the left operand is not a constant"),
            (op(both), "both operands are constants"),
            (op(neg), "the operation is not commutative"),
            (op(opaque), "the operation is not commutative"),
            (other, "the operation is not registered"),
        ];
        let mut rewriter = Rewriter::new(&mut body);
        for (o, reason) in cases {
            assert_eq!(CONSTANT_TO_RIGHT.match_and_rewrite(&mut rewriter, o), Err(reason));
        }
        assert!(rewriter.changed.is_empty());
    }
}
