//! Block dominance within one region: block `a` dominates block `b` when every path from
//! the region's entry to `b` passes through `a`. Edges are the successors of each block's
//! last operation. Blocks unreachable from the entry are dominated by every block, as in
//! MLIR, so code in them is never reported.

use std::collections::HashMap;

use crate::{BlockId, Body, RegionId};

/// Dominator sets of one region's blocks.
pub struct DominanceInfo {
    index: HashMap<BlockId, usize>,
    /// `dominators[b][a]`: whether block `a` dominates block `b`.
    dominators: Vec<Vec<bool>>,
}

impl DominanceInfo {
    /// Computes dominance for `region` with the iterative data-flow algorithm (regions are
    /// small; the quadratic sets are simpler than a dominator tree and exact).
    pub fn compute(body: &Body, region: RegionId) -> DominanceInfo {
        let blocks = &body.region(region).blocks;
        let n = blocks.len();
        let index: HashMap<BlockId, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &b) in blocks.iter().enumerate() {
            if let Some(last) = body.last_op(b) {
                for s in &body.op(last).successors {
                    if let Some(&j) = index.get(s) {
                        preds[j].push(i);
                    }
                }
            }
        }
        let mut dominators = vec![vec![true; n]; n];
        if n > 0 {
            dominators[0] = (0..n).map(|i| i == 0).collect();
        }
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                let mut next = vec![true; n];
                let reachable_preds: Vec<usize> = preds[b].iter().copied().filter(|p| dominators[*p].iter().any(|d| *d)).collect();
                for p in &reachable_preds {
                    for a in 0..n {
                        next[a] = next[a] && dominators[*p][a];
                    }
                }
                next[b] = true;
                if next != dominators[b] {
                    dominators[b] = next;
                    changed = true;
                }
            }
        }
        DominanceInfo { index, dominators }
    }

    /// Whether block `a` dominates block `b` (both in this region).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        match (self.index.get(&a), self.index.get(&b)) {
            (Some(&a), Some(&b)) => self.dominators[b][a],
            _ => false,
        }
    }
}
