//! Deep copies of operations, as MLIR's `Operation::clone` with an `IRMapping`: what the
//! inliner copies a callee's body with.
//!
//! [`Body::clone_op`] copies an operation with everything nested in it (regions, blocks,
//! block arguments, operations) into a new, detached operation. Operands are looked up in a
//! [`ValueMapping`] first, so a caller maps the values the copy should read instead (a
//! callee's parameters to a call's arguments); values the mapping does not name are used as
//! they are. Each copied value is added to the mapping, so a later copy reads the earlier
//! copy's results.
//!
//! Invariant: the copy has the same name, attributes, location, types and structure as the
//! original; it shares no block, region or value with it. Successors name the copied
//! blocks, and a use of a value defined later in the copied regions (a forward reference
//! across blocks) reads the copy, not the original.

use std::collections::HashMap;

use crate::body::{Body, InsertPoint, OpState};
use crate::entities::{BlockId, OpId, RegionId, ValueId};
use crate::walk::WalkOrder;

/// Which copy stands for which original, for values and blocks.
#[derive(Default, Debug)]
pub struct ValueMapping {
    values: HashMap<ValueId, ValueId>,
    blocks: HashMap<BlockId, BlockId>,
}

impl ValueMapping {
    /// An empty mapping.
    pub fn new() -> ValueMapping {
        ValueMapping::default()
    }

    /// Makes copies read `to` where the original read `from`.
    pub fn map(&mut self, from: ValueId, to: ValueId) {
        self.values.insert(from, to);
    }

    /// What copies read for `v`: its mapping, or `v` itself.
    pub fn lookup(&self, v: ValueId) -> ValueId {
        self.values.get(&v).copied().unwrap_or(v)
    }
}

impl Body<'_> {
    /// A detached deep copy of `op` (see the module documentation), reading `mapping`'s
    /// values for the ones it names. Insert it with [`Body::insert_op`].
    pub fn clone_op(&mut self, op: OpId, mapping: &mut ValueMapping) -> OpId {
        let copy = self.clone_op_shallow_operands(op, mapping);
        // Operands defined later in the copied regions were not mapped yet when their user
        // was copied: read the copies now.
        for user in self.nested_ops(copy, WalkOrder::PreOrder) {
            let operands = self.op(user).operands.clone();
            for (i, v) in operands.into_iter().enumerate() {
                let mapped = mapping.lookup(v);
                if mapped != v {
                    self.set_operand(user, i, mapped);
                }
            }
        }
        copy
    }

    /// Copies `op` and its regions, mapping operands as known so far.
    fn clone_op_shallow_operands(&mut self, op: OpId, mapping: &mut ValueMapping) -> OpId {
        let data = self.op(op).clone();
        let regions: Vec<RegionId> = data.regions.iter().map(|r| self.clone_region(*r, mapping)).collect();
        let mut state = OpState::new(data.name, data.location);
        state.operands = data.operands.iter().map(|v| mapping.lookup(*v)).collect();
        state.result_types = data.results.iter().map(|v| self.value_type(*v)).collect();
        state.attributes = data.attributes.clone();
        state.regions = regions;
        state.successors = data.successors.iter().map(|b| mapping.blocks.get(b).copied().unwrap_or(*b)).collect();
        let copy = self.create_op(state);
        let copied_results = self.op(copy).results.clone();
        for (old, new) in data.results.iter().zip(copied_results) {
            mapping.map(*old, new);
        }
        copy
    }

    /// A detached copy of `region`: its blocks (with their arguments) first, so that
    /// successors can name them, then each block's operations in order.
    fn clone_region(&mut self, region: RegionId, mapping: &mut ValueMapping) -> RegionId {
        let copy = self.create_region();
        let blocks = self.region(region).blocks.clone();
        for &block in &blocks {
            let new_block = self.append_block(copy);
            mapping.blocks.insert(block, new_block);
            for arg in self.block(block).args.clone() {
                let ty = self.value_type(arg);
                let new_arg = self.add_block_arg(new_block, ty);
                mapping.map(arg, new_arg);
            }
        }
        for &block in &blocks {
            let new_block = mapping.blocks[&block];
            let ops: Vec<OpId> = self.block_ops(block).collect();
            for op in ops {
                let copied = self.clone_op_shallow_operands(op, mapping);
                self.insert_op(copied, InsertPoint::BlockEnd(new_block));
            }
        }
        copy
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::parse_source;
    use crate::printer::{print_op, PrintOptions};
    use crate::{Context, InsertPoint, WalkOrder};

    use super::ValueMapping;

    #[test]
    fn a_copy_prints_as_the_original_and_shares_nothing() {
        let ctx = Context::new();
        let text = "\"test.func\"() ({\n^bb0(%a: i32):\n  %0 = \"test.add\"(%a, %a) : (i32, i32) -> i32\n  \"test.br\"(%0)[^bb1] : (i32) -> ()\n^bb1(%x: i32):\n  %1 = \"test.region\"() ({\n    \"test.yield\"(%x, %0) : (i32, i32) -> ()\n  }) : () -> i32\n  \"test.return\"(%1) : (i32) -> ()\n}) : () -> ()";
        let module = parse_source(&ctx, "clone.mlir", text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
        let (mut body, module) = (module.body, module.op);
        let func = body.nested_ops(module, WalkOrder::PreOrder).into_iter().find(|op| body.op_name(*op) == "test.func").expect("a test.func");
        let mut mapping = ValueMapping::new();
        let copy = body.clone_op(func, &mut mapping);
        body.insert_op(copy, InsertPoint::After(func));
        let original = print_op(&body, func, &PrintOptions::default());
        let copied = print_op(&body, copy, &PrintOptions::default());
        assert_eq!(original, copied);
        let originals = body.nested_ops(func, WalkOrder::PreOrder);
        for op in body.nested_ops(copy, WalkOrder::PreOrder) {
            assert!(!originals.contains(&op));
            for v in body.op(op).operands.clone() {
                let def = body.value_block(v).and_then(|b| body.block_parent_op(b));
                assert_eq!(def, Some(copy), "an operand of the copy is defined outside it");
            }
        }
    }
}
