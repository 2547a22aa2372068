//! `layout-assignment`: a layout (XLA's minor_to_major, padded dimensions, padding value)
//! for every tensor value of hlo function bodies.
//!
//! Layouts come from the program's interface ([`entry`]: HLO's `entry_computation_layout`,
//! argument and result attributes, `xla-aotc`'s flags), from what operators prefer, and
//! otherwise default to major-to-minor ([`priority`]); [`assign`] propagates them backward
//! from the results and forward from the arguments, inserts `hlo.copy` where a use's
//! requirement conflicts, and makes a transpose that moves nothing an `hlo.bitcast`.
//! [`spec`] reads layouts written as text; [`layouts`] holds the small facts about layouts;
//! [`vector_padding`] pads minor dimensions to the vector width (an option, off by default);
//! [`pass`] is the pass. docs/layout.md describes the algorithm.
//!
//! Architecture Invariants: the crate is hlo-specific (it names ops), which is why it is not
//! part of `xla-passes`. The pass never changes a value: it changes layouts in types and
//! adds copies and bitcasts, which the interpreter evaluates as the identity on logical
//! arrays (copies) or a reinterpretation that equals the transpose it replaces (bitcasts).
//! A module without given layouts comes out unchanged.

pub mod assign;
pub mod entry;
pub mod layouts;
pub mod pass;
pub mod priority;
pub mod spec;
pub mod vector_padding;

use xla_ir::pass::PassRegistry;

/// Registers `layout-assignment`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&pass::INFO, pass::create);
}
