//! `fusion`: groups of hlo ops computed together, outlined as `hlo.fusion` ops whose kind
//! and region lower-to-loops executes (docs/fusion.md describes the algorithm).
//!
//! Per block of a function (and of the bodies of `hlo.while` and `hlo.conditional`),
//! [`graph`] builds the dataflow graph of its ops (a petgraph `DiGraph`, an edge from each
//! producer to each consumer); [`classify`] says what each op may become (duplicable,
//! fusible into a consumer, the root of a reduction or of a dot, or unfusible); [`plan`]
//! holds the decisions: groups of ops and, per op, where it is computed, and checks that
//! the graph of groups stays acyclic; [`decide`] makes them, output fusion first
//! ([`output`]: a dot, its bias add and an activation), then producer-consumer fusion
//! ([`producer_consumer`]: loop and input fusion), then sibling fusion ([`multi_output`]);
//! [`outline`] turns each group of two or more ops into an `hlo.fusion` and reorders the
//! block topologically; [`dot`] writes the fused graph for graphviz; [`pass`] is the pass.
//!
//! Architecture Invariants: the crate is hlo-specific (it names ops), which is why it is
//! not part of `xla-passes`; it depends on `ir`, `dialects` and `petgraph` only. The pass
//! never changes a value: every op keeps its semantics inside a fusion, whose region is
//! the ops themselves. It never duplicates an expensive producer (only ops classified
//! [`classify::Class::Duplicable`] are computed in several places) and never creates a
//! cycle (every plan is checked acyclic before the IR is touched; a plan that is not is an
//! internal error and the block is left as it was).

pub mod classify;
pub mod decide;
pub mod dot;
pub mod graph;
pub mod multi_output;
pub mod outline;
pub mod output;
pub mod pass;
pub mod plan;
pub mod producer_consumer;

use xla_ir::pass::PassRegistry;

/// Registers `fusion`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&pass::INFO, pass::create);
}
