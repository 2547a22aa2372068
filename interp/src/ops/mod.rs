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
pub mod broadcast;
pub mod checks;
pub mod collectives;
pub mod compare;
pub mod concatenate;
pub mod control_flow;
pub mod convert;
pub mod custom_call;
pub mod dimension_size;
pub mod dynamic_slice;
pub mod elementwise_binary;
pub mod elementwise_unary;
pub mod gather;
pub mod index_vectors;
pub mod iota;
pub mod pad;
pub mod permute;
pub mod positions;
pub mod prng;
pub mod reducer;
pub mod reshape;
pub mod rng_bit_generator;
pub mod rng_distributions;
pub mod scalar_computation;
pub mod scatter;
pub mod select_clamp;
pub mod slice;
pub mod sort;
pub mod support;
pub mod tokens;
pub mod values;

/// Every family's table.
fn families() -> Vec<&'static [(&'static str, EvalFn)]> {
    vec![
        broadcast::OPS,
        checks::OPS,
        collectives::OPS,
        compare::OPS,
        concatenate::OPS,
        control_flow::OPS,
        convert::OPS,
        custom_call::OPS,
        dimension_size::OPS,
        dynamic_slice::OPS,
        elementwise_binary::OPS,
        elementwise_unary::OPS,
        gather::OPS,
        iota::OPS,
        pad::OPS,
        permute::OPS,
        reshape::OPS,
        rng_bit_generator::OPS,
        rng_distributions::OPS,
        scatter::OPS,
        select_clamp::OPS,
        slice::OPS,
        sort::OPS,
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
