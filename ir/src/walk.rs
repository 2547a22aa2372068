//! Walkers: visit the operations nested under an operation, in pre- or post-order.
//!
//! Walks collect the ids first and then visit them, so a visitor may erase or insert
//! operations (it sees the operations that existed when the walk began, skipping erased
//! ones).

use crate::{Body, OpId};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkOrder {
    /// An operation before the operations in its regions.
    PreOrder,
    /// An operation after the operations in its regions.
    PostOrder,
}

impl Body<'_> {
    /// The operations nested in `root`'s regions (not `root` itself), in `order`.
    pub fn nested_ops(&self, root: OpId, order: WalkOrder) -> Vec<OpId> {
        let mut out = Vec::new();
        self.collect_nested(root, order, &mut out);
        out
    }

    fn collect_nested(&self, op: OpId, order: WalkOrder, out: &mut Vec<OpId>) {
        for &region in &self.op(op).regions {
            for &block in &self.region(region).blocks {
                for inner in self.block_ops(block) {
                    if order == WalkOrder::PreOrder {
                        out.push(inner);
                    }
                    self.collect_nested(inner, order, out);
                    if order == WalkOrder::PostOrder {
                        out.push(inner);
                    }
                }
            }
        }
    }

    /// Calls `visit` on `root` and every operation nested in it, in `order`.
    pub fn walk(&mut self, root: OpId, order: WalkOrder, mut visit: impl FnMut(&mut Self, OpId)) {
        let mut ops = self.nested_ops(root, order);
        match order {
            WalkOrder::PreOrder => ops.insert(0, root),
            WalkOrder::PostOrder => ops.push(root),
        }
        for op in ops {
            if !self.is_erased(op) {
                visit(self, op);
            }
        }
    }
}
