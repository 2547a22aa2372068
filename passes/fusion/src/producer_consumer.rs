//! Producer-consumer fusion: loop fusion (a producer into the loop nest of its consumers)
//! and input fusion (producers into a reduction, which reads them elementally).
//!
//! Ops are visited from the last to the first, so a producer is visited after all of its
//! consumers have taken their final groups. A producer fuses when it
//! [fuses into consumers](crate::classify::fuses_into_consumer) and:
//! - every consumer is in one group that accepts it: it moves into that group;
//! - otherwise, when it is [`Duplicable`](Class::Duplicable), it is cloned into each
//!   accepting group, at most `max_duplicates` of them (heuristic
//!   `DUPLICATE_CHEAP_PRODUCERS`; splat constants have no limit), and stays where it was
//!   only for the consumers outside any group (heuristic `NEVER_DUPLICATE_EXPENSIVE`: a
//!   [`Fusible`](Class::Fusible) producer with consumers in two places fuses into none).
//!
//! A group accepts a producer when it has room (`max_fused_ops`, heuristic
//! `FUSION_SIZE_LIMIT`), when no consumer in it is a dot (the gemm reads its operands from
//! buffers), when the producer feeds a reduction's inputs rather than its init values, and,
//! for an expensive producer, when no consumer in the group rereads its elements (heuristic
//! `NO_RECOMPUTATION_UNDER_BROADCAST`). Moving or cloning a producer into its consumer's
//! group never creates a cycle: every path out of the producer goes through its consumers.

use std::collections::BTreeMap;

use xla_dialects::hlo::HloOp;
use xla_ir::{Body, OpId};

use crate::classify::{fuses_into_consumer, rereads_operand, Class};
use crate::graph::BlockGraph;
use crate::plan::Plan;

/// The limits of producer-consumer fusion.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The most ops a group may hold.
    pub max_fused_ops: usize,
    /// The most groups a cheap producer is cloned into.
    pub max_duplicates: usize,
}

/// Fuses producers into consumers over the whole block.
pub fn fuse_producers(body: &Body, graph: &BlockGraph, plan: &mut Plan, limits: Limits) {
    for (position, &producer) in graph.ops.iter().enumerate().rev() {
        let class = plan.class_of(producer);
        if !fuses_into_consumer(class) || !plan.is_alone(producer) {
            continue;
        }
        let users = graph.users(producer);
        if users.is_empty() {
            continue;
        }
        // The consumers of the producer, per group holding them; `outside` when some
        // consumer is in no group (unfused, a return, a region's op).
        let mut consumers: BTreeMap<usize, Vec<OpId>> = BTreeMap::new();
        let mut outside = false;
        for &user in &users {
            let groups = plan.groups_of(user);
            if groups.is_empty() {
                outside = true;
            }
            for &g in groups {
                consumers.entry(g).or_default().push(user);
            }
        }
        let accepting: Vec<(usize, bool)> =
            consumers.iter().filter_map(|(g, users)| accepts(body, plan, *g, producer, users, limits).map(|reread| (*g, reread))).collect();
        let all_accept = accepting.len() == consumers.len();
        let is_splat_constant = matches!(HloOp::of(body, producer), Some(HloOp::Constant(_)));
        // A splat constant is always cloned: its original stays for groups that do not
        // become fusions, and is erased when nothing reads it any more.
        if !outside && all_accept && accepting.len() == 1 && !is_splat_constant {
            let (g, reread) = accepting[0];
            plan.move_into(producer, position, g);
            if reread {
                plan.groups[g].reread.insert(producer);
            }
            continue;
        }
        let limit = if is_splat_constant { usize::MAX } else { limits.max_duplicates };
        if class != Class::Duplicable || accepting.is_empty() || accepting.len() > limit {
            continue;
        }
        for &(g, reread) in &accepting {
            plan.clone_into(producer, position, g);
            if reread {
                plan.groups[g].reread.insert(producer);
            }
        }
        if !outside && all_accept && !is_splat_constant {
            plan.drop_home(producer);
        }
    }
}

/// Whether group `g` accepts `producer`, read by its members `users`: `Some(reread)` when
/// it does, `reread` saying whether some consumer rereads the producer's elements.
fn accepts(body: &Body, plan: &Plan, g: usize, producer: OpId, users: &[OpId], limits: Limits) -> Option<bool> {
    let group = &plan.groups[g];
    if !group.alive || group.members.len() >= limits.max_fused_ops {
        return None;
    }
    let result = body.result(producer, 0);
    let is_constant = matches!(HloOp::of(body, producer), Some(HloOp::Constant(_)));
    let mut reread = false;
    for &user in users {
        match plan.class_of(user) {
            Class::DotRoot => return None,
            Class::ReductionRoot if !is_constant => {
                // A reduction reads its inputs elementally, its init values once.
                let inputs = body.op(user).results.len();
                if body.op(user).operands.iter().skip(inputs).any(|v| *v == result) {
                    return None;
                }
            }
            _ => {}
        }
        let operand_rereads = body.op(user).operands.iter().enumerate().any(|(i, v)| *v == result && rereads_operand(body, user, i));
        reread |= group.reread.contains(&user) || operand_rereads;
    }
    if reread && plan.class_of(producer) == Class::Fusible {
        return None;
    }
    Some(reread)
}
