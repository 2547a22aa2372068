//! Questions patterns and passes ask about operations: is this value a constant, is this
//! operation dead.
//!
//! Invariant: an unregistered operation is never a constant and never dead, since nothing
//! is known of its effects; both questions read only the operation's [`OpDef`] traits.

use crate::{Attribute, Body, OpDef, OpId, OpTrait, ValueId};

/// The `value` attribute of the `ConstantLike` operation producing `v`, if any (MLIR's
/// `matchPattern(v, m_Constant())`).
pub fn constant_value(body: &Body<'_>, v: ValueId) -> Option<Attribute> {
    let producer = body.defining_op(v)?;
    let def = body.ctx().op_def(body.op(producer).name)?;
    if def.has_trait(OpTrait::ConstantLike) {
        body.attr(producer, "value")
    } else {
        None
    }
}

/// Whether erasing `op` cannot change what the program computes: it is registered as
/// `Pure`, is not a terminator, and its results are unused.
pub fn is_trivially_dead(body: &Body<'_>, op: OpId) -> bool {
    body.ctx().op_def(body.op(op).name).is_some_and(|def| is_trivially_dead_with(body, op, def))
}

/// [`is_trivially_dead`] when the definition is at hand.
pub(crate) fn is_trivially_dead_with(body: &Body<'_>, op: OpId, def: &OpDef) -> bool {
    def.has_trait(OpTrait::Pure)
        && !def.has_trait(OpTrait::Terminator)
        && body.op(op).results.iter().all(|r| body.is_unused(*r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{self, TestIr};

    #[test]
    fn constants_and_dead_ops_are_recognized() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (_, block) = ir.func("f");
        let x = ir.arg(block);
        let one = ir.constant(block, 1);
        let opaque = ir.opaque_constant(block, 2);
        let sum = ir.add(block, x, one);
        let effect = ir.effect(block, &[sum]);
        let other = ir.unregistered(block, "other.op");
        let ret = ir.ret(block, &[]);
        let int = |v| body.ctx().int_attr(v, body.ctx().int_type(32));
        assert_eq!(constant_value(&body, one), Some(int(1)));
        assert_eq!(constant_value(&body, opaque), Some(int(2)));
        assert_eq!(constant_value(&body, x), None);
        assert_eq!(constant_value(&body, sum), None);
        let op = |v| body.defining_op(v).expect("a result");
        assert!(!is_trivially_dead(&body, op(sum)), "used");
        assert!(is_trivially_dead(&body, op(opaque)));
        assert!(!is_trivially_dead(&body, op(effect)), "side effects");
        assert!(!is_trivially_dead(&body, other), "unregistered");
        assert!(!is_trivially_dead(&body, ret), "terminator");
    }
}
