//! `dce`: dead code elimination of operations without side effects.
//!
//! An operation is dead when it is registered as `Pure`, is not a terminator and none of
//! its results is used ([`is_trivially_dead`]). Erasing it may leave the producers of its
//! operands dead, so they are revisited: a whole unused expression goes in one run. Blocks
//! are walked from their end, so users are erased before their producers are looked at.
//!
//! Invariants: operations with side effects (not `Pure`) and unregistered operations are
//! kept, whatever uses their results have; a dead `Pure` operation goes with its regions.

use xla_ir::pass::{Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::rewrite::is_trivially_dead;
use xla_ir::{Body, Diagnostic, OpId, WalkOrder};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "dce",
    name: "DCE",
    summary: "Erase unused operations without side effects, transitively",
    anchor: PassAnchor::Any,
    options: &[],
};

/// The pass; see the module documentation.
#[derive(Default)]
pub struct Dce {
    /// Operations erased by the last run (not counting those inside erased regions).
    pub erased: usize,
}

/// The registry's constructor.
pub fn create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(Dce::default()))
}

impl Pass for Dce {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        // Post-order puts each block's operations in order, after those nested in them;
        // popping from the end visits users before producers.
        let mut stack = body.nested_ops(op, WalkOrder::PostOrder);
        self.erased = 0;
        while let Some(candidate) = stack.pop() {
            if body.is_erased(candidate) || body.op_block(candidate).is_none() || !is_trivially_dead(body, candidate) {
                continue;
            }
            let producers: Vec<OpId> =
                body.op(candidate).operands.iter().filter_map(|v| body.defining_op(*v)).collect();
            body.erase_op(candidate);
            self.erased += 1;
            stack.extend(producers);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::testing::{self, TestIr};

    fn dce(body: &mut Body<'_>, root: OpId) -> usize {
        let mut pass = Dce::default();
        assert!(pass.run(body, root, &mut PassContext::new()).is_ok());
        pass.erased
    }

    #[test]
    fn erases_unused_expressions_transitively() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let c = ir.constant(b, 1);
        let sum = ir.add(b, c, c);
        let used = ir.add(b, x, x);
        ir.neg(b, sum);
        ir.ret(b, &[used]);
        assert_eq!(dce(&mut body, func), 3);
        assert_eq!(testing::op_names(&body, b), vec!["test.add", "test.return"]);
    }

    #[test]
    fn keeps_side_effects_and_unregistered_operations() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let c = ir.constant(b, 1);
        let sum = ir.add(b, c, c);
        ir.effect(b, &[sum]);
        ir.unregistered(b, "other.op");
        ir.ret(b, &[]);
        assert_eq!(dce(&mut body, func), 0);
        assert_eq!(
            testing::op_names(&body, b),
            vec!["test.const", "test.add", "test.effect", "other.op", "test.return"]
        );
    }

    #[test]
    fn looks_inside_regions() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let (_, inner) = ir.nested(b, "test.region");
        let dead = ir.add(inner, x, x);
        ir.neg(inner, dead);
        ir.ret(inner, &[]);
        ir.ret(b, &[]);
        assert_eq!(dce(&mut body, func), 2);
        assert_eq!(testing::op_names(&body, inner), vec!["test.return"]);
        assert_eq!(testing::op_names(&body, b), vec!["test.region", "test.return"], "the region holder has effects");
    }
}
