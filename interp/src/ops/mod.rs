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

pub mod batch_norm;
pub mod blocks;
pub mod broadcast;
pub mod checks;
pub mod cholesky;
pub mod collectives;
pub mod compare;
pub mod concatenate;
pub mod control_flow;
pub mod convert;
pub mod convolution;
pub mod custom_call;
pub mod dimension_size;
pub mod dot;
pub mod dynamic_slice;
pub mod elementwise_binary;
pub mod elementwise_unary;
pub mod fft;
pub mod gather;
pub mod index_vectors;
pub mod iota;
pub mod loop_control;
pub mod loop_memory;
pub mod loop_scalars;
pub mod matrices;
pub mod pad;
pub mod permute;
pub mod positions;
pub mod prng;
pub mod products;
pub mod reduce;
pub mod reduce_window;
pub mod reducer;
pub mod relayout;
pub mod reshape;
pub mod rng_bit_generator;
pub mod rng_distributions;
pub mod scalar_computation;
pub mod scatter;
pub mod select_and_scatter;
pub mod values;
pub mod select_clamp;
pub mod slice;
pub mod sort;
pub mod support;
pub mod tokens;
pub mod triangular_solve;
pub mod window;

/// Every family's table.
fn families() -> Vec<&'static [(&'static str, EvalFn)]> {
    vec![
        batch_norm::OPS,
        broadcast::OPS,
        checks::OPS,
        cholesky::OPS,
        collectives::OPS,
        compare::OPS,
        concatenate::OPS,
        control_flow::OPS,
        convert::OPS,
        convolution::OPS,
        custom_call::OPS,
        dimension_size::OPS,
        dot::OPS,
        dynamic_slice::OPS,
        elementwise_binary::OPS,
        elementwise_unary::OPS,
        fft::OPS,
        gather::OPS,
        iota::OPS,
        loop_control::OPS,
        loop_memory::OPS,
        loop_scalars::OPS,
        pad::OPS,
        permute::OPS,
        reduce::OPS,
        reduce_window::OPS,
        relayout::OPS,
        reshape::OPS,
        rng_bit_generator::OPS,
        rng_distributions::OPS,
        scatter::OPS,
        select_and_scatter::OPS,
        select_clamp::OPS,
        slice::OPS,
        sort::OPS,
        tokens::OPS,
        triangular_solve::OPS,
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
