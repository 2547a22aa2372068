//! Rewrites of `hlo.while` loops that run their body once per slice of an input, as JAX's
//! `lax.scan` does: [`counted`] recognizes the loops that count from zero to a constant,
//! and [`hoist_dots`] moves the products of each step's slice by a loop-invariant operand
//! out of the loop, as one product over every slice.
//!
//! Architecture Invariants: the crate is hlo-specific (it names ops), which is why it is
//! not part of `xla-passes`. A rewrite never changes a result: a hoisted product's rows are
//! the per-step products' rows, each computed from the same operands.

pub mod counted;
pub mod hoist_dots;

use xla_ir::pass::PassRegistry;

/// Registers `hoist-scanned-dots`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&hoist_dots::INFO, hoist_dots::create);
}
