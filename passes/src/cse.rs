//! `cse`: common subexpression elimination, scoped by dominance.
//!
//! Two operations are equivalent when they are registered as `Pure`, have no regions and
//! no successors, produce results, and agree on name, operands, attributes and result
//! types; the operands of a `Commutative` operation are compared as a multiset. Walking
//! each block in order, an operation equivalent to one seen earlier in a scope that
//! dominates it is replaced by that one and erased.
//!
//! Scopes: each block has a table. A region's entry block dominates the region's other
//! blocks, so their tables see the entry's; sibling blocks other than the entry never see
//! each other (a conservative stand-in for a dominator tree over the region's CFG). The
//! blocks of a nested region see the tables of the blocks enclosing the region's operation,
//! unless that operation is `IsolatedFromAbove`, whose regions start from empty tables.
//!
//! Invariants: an operation is only replaced by one that dominates it; operations with
//! side effects (not `Pure`, or unregistered) are never merged; results keep their types.

use std::collections::HashMap;

use xla_ir::pass::{Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::{BlockId, Body, Diagnostic, NamedAttribute, OpId, OpTrait, RegionId, Symbol, Type, ValueId};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "cse",
    name: "CSE",
    summary: "Eliminate common subexpressions among operations without side effects",
    anchor: PassAnchor::Any,
    options: &[],
};

/// The pass; see the module documentation.
#[derive(Default)]
pub struct Cse {
    /// Operations erased by the last run.
    pub erased: usize,
}

/// The registry's constructor.
pub fn create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(Cse::default()))
}

impl Pass for Cse {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let mut walk = Walk { scopes: Vec::new(), erased: 0 };
        walk.regions_of(body, op);
        self.erased = walk.erased;
        Ok(())
    }
}

/// What makes two operations equivalent.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: Symbol,
    operands: Vec<ValueId>,
    /// Sorted by name, as operations keep them.
    attributes: Vec<NamedAttribute>,
    result_types: Vec<Type>,
}

/// The key of `op`, when it may be merged with an equivalent one.
fn key(body: &Body<'_>, op: OpId) -> Option<Key> {
    let data = body.op(op);
    let def = body.ctx().op_def(data.name)?;
    let mergeable = def.has_trait(OpTrait::Pure)
        && !def.has_trait(OpTrait::Terminator)
        && data.regions.is_empty()
        && data.successors.is_empty()
        && !data.results.is_empty();
    if !mergeable {
        return None;
    }
    let mut operands = data.operands.clone();
    if def.has_trait(OpTrait::Commutative) {
        operands.sort();
    }
    Some(Key {
        name: data.name,
        operands,
        attributes: data.attributes.clone(),
        result_types: data.results.iter().map(|r| body.value_type(*r)).collect(),
    })
}

/// The walk: a stack of scopes, innermost last.
struct Walk {
    scopes: Vec<HashMap<Key, OpId>>,
    erased: usize,
}

impl Walk {
    fn lookup(&self, key: &Key) -> Option<OpId> {
        self.scopes.iter().rev().find_map(|scope| scope.get(key).copied())
    }

    /// Processes the regions of `op` with the current scopes visible.
    fn regions_of(&mut self, body: &mut Body<'_>, op: OpId) {
        for region in body.op(op).regions.clone() {
            self.region(body, region);
        }
    }

    fn region(&mut self, body: &mut Body<'_>, region: RegionId) {
        let blocks = body.region(region).blocks.clone();
        let Some((&entry, rest)) = blocks.split_first() else { return };
        self.scopes.push(HashMap::new());
        self.block(body, entry);
        for &block in rest {
            self.scopes.push(HashMap::new());
            self.block(body, block);
            self.scopes.pop();
        }
        self.scopes.pop();
    }

    /// Processes `block`'s operations in order, in the innermost scope.
    fn block(&mut self, body: &mut Body<'_>, block: BlockId) {
        let ops: Vec<OpId> = body.block_ops(block).collect();
        for op in ops {
            if !body.op(op).regions.is_empty() {
                let isolated =
                    body.ctx().op_def(body.op(op).name).is_some_and(|def| def.has_trait(OpTrait::IsolatedFromAbove));
                if isolated {
                    let outer = std::mem::take(&mut self.scopes);
                    self.regions_of(body, op);
                    self.scopes = outer;
                } else {
                    self.regions_of(body, op);
                }
                continue;
            }
            let Some(key) = key(body, op) else { continue };
            match self.lookup(&key) {
                Some(existing) => {
                    let replacement = body.op(existing).results.clone();
                    body.replace_op(op, &replacement);
                    self.erased += 1;
                }
                None => {
                    if let Some(scope) = self.scopes.last_mut() {
                        scope.insert(key, op);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
    use xla_ir::testing::{self, TestIr};

    /// Runs CSE on `root`; the number of operations it erased.
    fn cse(body: &mut Body<'_>, root: OpId) -> usize {
        let mut pass = Cse::default();
        assert!(pass.run(body, root, &mut PassContext::new()).is_ok());
        pass.erased
    }

    #[test]
    fn merges_duplicates_transitively() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let c1 = ir.constant(b, 1);
        let c2 = ir.constant(b, 1);
        let a1 = ir.add(b, x, c1);
        let a2 = ir.add(b, x, c2);
        let ret = ir.ret(b, &[a1, a2]);
        assert_eq!(cse(&mut body, func), 2);
        assert_eq!(testing::op_names(&body, b), vec!["test.const", "test.add", "test.return"]);
        assert_eq!(body.op(ret).operands, vec![a1, a1]);
    }

    #[test]
    fn compares_commutative_operands_as_a_multiset() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let y = ir.arg(b);
        let xy = ir.add(b, x, y);
        let yx = ir.add(b, y, x);
        let xx = ir.add(b, x, x);
        ir.ret(b, &[xy, yx, xx]);
        assert_eq!(cse(&mut body, func), 1);
        assert_eq!(testing::op_names(&body, b), vec!["test.add", "test.add", "test.return"]);
    }

    #[test]
    fn keeps_operations_that_differ_or_have_effects() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let one = ir.constant(b, 1);
        let two = ir.constant(b, 2);
        let e1 = ir.effect(b, &[x]);
        let e2 = ir.effect(b, &[x]);
        ir.unregistered(b, "other.op");
        ir.unregistered(b, "other.op");
        ir.ret(b, &[one, two, e1, e2]);
        assert_eq!(cse(&mut body, func), 0);
        assert_eq!(body.block_ops(b).count(), 7);
    }

    #[test]
    fn nested_regions_see_enclosing_scopes_but_not_siblings() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let x = ir.arg(b);
        let y = ir.arg(b);
        // Two sibling regions computing x + y: neither sees the other.
        let (_, r1) = ir.nested(b, "test.region");
        let in_r1 = ir.add(r1, x, y);
        ir.ret(r1, &[in_r1]);
        let (_, r2) = ir.nested(b, "test.region");
        let in_r2 = ir.add(r2, x, y);
        ir.ret(r2, &[in_r2]);
        // x + y in the function, then in a region after it: the region's copy goes.
        let outer = ir.add(b, x, y);
        let (_, r3) = ir.nested(b, "test.region");
        let in_r3 = ir.add(r3, y, x);
        let r3_ret = ir.ret(r3, &[in_r3]);
        ir.ret(b, &[outer]);
        assert_eq!(cse(&mut body, func), 1);
        assert_eq!(testing::op_names(&body, r1), vec!["test.add", "test.return"]);
        assert_eq!(testing::op_names(&body, r2), vec!["test.add", "test.return"]);
        assert_eq!(testing::op_names(&body, r3), vec!["test.return"]);
        assert_eq!(body.op(r3_ret).operands, vec![outer]);
    }

    #[test]
    fn isolated_regions_start_from_empty_scopes() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, b) = ir.func("f");
        let outer = ir.constant(b, 1);
        let (_, isolated) = ir.nested(b, "test.func");
        let c1 = ir.constant(isolated, 1);
        let c2 = ir.constant(isolated, 1);
        let ret = ir.ret(isolated, &[c1, c2]);
        ir.ret(b, &[outer]);
        assert_eq!(cse(&mut body, func), 1, "only the duplicate inside the isolated region goes");
        assert_eq!(testing::op_names(&body, isolated), vec!["test.const", "test.return"]);
        assert_eq!(body.op(ret).operands, vec![c1, c1]);
    }

    #[test]
    fn the_entry_block_dominates_sibling_blocks_which_do_not_see_each_other() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (func, entry) = ir.func("f");
        let region = ir.body.op(func).regions[0];
        let left = ir.body.append_block(region);
        let right = ir.body.append_block(region);
        let c = ir.constant(entry, 1);
        ir.ret(entry, &[c]);
        let left_c = ir.constant(left, 1);
        let left_two = ir.constant(left, 2);
        ir.ret(left, &[left_c, left_two]);
        let right_two = ir.constant(right, 2);
        ir.ret(right, &[right_two]);
        assert_eq!(cse(&mut body, func), 1);
        assert_eq!(testing::op_names(&body, left), vec!["test.const", "test.return"]);
        assert_eq!(testing::op_names(&body, right), vec!["test.const", "test.return"]);
    }

    #[test]
    fn runs_on_every_function_of_a_module() {
        let ctx = testing::context();
        let mut registry = PassRegistry::new();
        crate::register_all(&mut registry);
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (module, top) = ir.module();
        let mut blocks = Vec::new();
        for name in ["f", "g"] {
            let (_, b) = ir.func_in(top, name);
            let c1 = ir.constant(b, 1);
            let c2 = ir.constant(b, 1);
            ir.ret(b, &[c1, c2]);
            blocks.push(b);
        }
        let mut pm = PassManager::parse(&ctx, &registry, MODULE_OP, "builtin.module(func.func(cse))")
            .unwrap_or_else(|_| panic!("the pipeline parses"));
        assert!(pm.run_with_output(&mut body, module, &mut Vec::new()).is_ok());
        for b in blocks {
            assert_eq!(testing::op_names(&body, b), vec!["test.const", "test.return"]);
        }
    }
}
