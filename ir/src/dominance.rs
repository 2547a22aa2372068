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
    /// `reachable[b]`: whether a path leads from the entry to block `b`.
    reachable: Vec<bool>,
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
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (b, ps) in preds.iter().enumerate() {
            for &p in ps {
                succs[p].push(b);
            }
        }
        let mut reachable = vec![false; n];
        let mut stack: Vec<usize> = if n > 0 { vec![0] } else { Vec::new() };
        while let Some(b) = stack.pop() {
            if !std::mem::replace(&mut reachable[b], true) {
                stack.extend(succs[b].iter().copied().filter(|s| !reachable[*s]));
            }
        }
        DominanceInfo { index, dominators, reachable }
    }

    /// Whether a path leads from the region's entry to block `b` (of this region).
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.index.get(&b).is_some_and(|&b| self.reachable[b])
    }

    /// Whether block `a` dominates block `b` (both in this region).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        match (self.index.get(&a), self.index.get(&b)) {
            (Some(&a), Some(&b)) => self.dominators[b][a],
            _ => false,
        }
    }
}
