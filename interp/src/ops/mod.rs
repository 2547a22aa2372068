//! The evaluators of the ops, one file per family, and the table that finds an op's
//! evaluator by name.
//!
//! Each family file exports `OPS`, a list of `(op name, evaluator)` pairs; [`evaluator`]
//! looks a name up in all of them. An evaluator receives its operands' values and returns
//! its results' values (see [`crate::interpreter::EvalFn`]); the interpreter checks those
//! against the declared result types.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::interpreter::EvalFn;

pub mod blocks;
pub mod checks;
pub mod collectives;
pub mod compare;
pub mod control_flow;
pub mod convert;
pub mod custom_call;
pub mod elementwise_binary;
pub mod elementwise_unary;
pub mod prng;
pub mod reducer;
pub mod rng_bit_generator;
pub mod rng_distributions;
pub mod values;
pub mod select_clamp;
pub mod support;
pub mod tokens;

/// Every family's table.
fn families() -> Vec<&'static [(&'static str, EvalFn)]> {
    vec![
        checks::OPS,
        collectives::OPS,
        compare::OPS,
        control_flow::OPS,
        convert::OPS,
        custom_call::OPS,
        elementwise_binary::OPS,
        elementwise_unary::OPS,
        rng_bit_generator::OPS,
        rng_distributions::OPS,
        select_clamp::OPS,
        tokens::OPS,
        values::OPS,
    ]
}

/// The evaluator of the op named `name`.
pub fn evaluator(name: &str) -> Option<EvalFn> {
    static TABLE: OnceLock<HashMap<&'static str, EvalFn>> = OnceLock::new();
    TABLE.get_or_init(|| families().into_iter().flatten().copied().collect()).get(name).copied()
}

/// The names of every op the interpreter runs, sorted.
pub fn supported_ops() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = families().into_iter().flatten().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names
}
