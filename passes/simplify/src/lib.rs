//! `simplify`: algebraic simplification of hlo function bodies by equality saturation.
//!
//! The dataflow of each block (pure single-result ops; everything else kept opaque as
//! leaves) goes into an [egg](https://egraphs-good.github.io/) e-graph
//! ([`to_egraph`]) over a hand-written language ([`language`]) with analyses of types and
//! constants ([`analysis`], constants folded by the reference interpreter in [`fold`]);
//! named rules ([`rules`], one file per family) and the dialect's own folders and
//! canonicalization patterns of each op ([`dialect_rewrites`]) are applied until saturation
//! or a limit ([`runner`]); the cheapest equivalent program by bytes moved and flops
//! ([`cost`]) is written back ([`from_egraph`]) keeping locations, only when it is cheaper;
//! [`explain`] prints the rules that justify each replacement. [`pass`] is the pass and its
//! options.
//!
//! Architecture Invariants: the crate is hlo-specific (it knows ops by their kind,
//! [`xla_dialects::hlo::HloOpKind`], never by name, and decides what every op needs, such as
//! its cost, with an exhaustive `match`), which is why it is not part of `xla-passes`, whose
//! passes never name a dialect's ops. An identity lives in one place: an identity of one op
//! that its folder or one of its patterns implements is applied from the dialect
//! ([`dialect_rewrites`]), never restated as a rule; rules hold the identities the dialect
//! does not have, and those over chains of ops, which a pattern can only apply to IR (of
//! these the dialect canonicalizes `reshape(reshape(x))` too, which both passes need). Every
//! rule has a name, an identity and a lit test (`lit-tests/passes/simplify/`); rules that
//! are not exact in floating point run only under `fast-math`; no blanket commutativity or
//! associativity; a function is changed only when its extracted cost is lower.

pub mod analysis;
pub mod cost;
pub mod dialect_rewrites;
pub mod explain;
pub mod fold;
pub mod from_egraph;
pub mod language;
pub mod pass;
pub mod rules;
pub mod runner;
pub mod to_egraph;

use xla_ir::pass::PassRegistry;

/// Registers `simplify`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&pass::INFO, pass::create);
}
