//! Combining whole arrays element by element with a reduction computation: what
//! `hlo.all_reduce` and `hlo.reduce_scatter` do with their replicas' contributions.
//!
//! Arrays are combined left to right, `((x0 op x1) op x2) ...`, so every replica that
//! combines the same arrays in the same order gets the same bits. The computation runs as
//! a [`ScalarComputation`] (directly when its ops allow, else through the engine).

use xla_ir::RegionId;

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::scalar_computation::ScalarComputation;

/// `arrays`, of one shape and element type, combined element by element by `region`.
pub fn fold_arrays(cx: &mut OpCx, region: RegionId, arrays: &[&Literal]) -> EvalResult<Literal> {
    let (first, rest) = arrays.split_first().ok_or("nothing to reduce")?;
    for other in rest {
        if other.shape != first.shape || other.element != first.element {
            return Err(format!("cannot combine {} with {}", first.shape_string(), other.shape_string()).into());
        }
    }
    let mut computation = ScalarComputation::of_region(cx, region)?;
    let mut elements = Elements::with_capacity(first.element, first.len());
    for i in 0..first.len() {
        let mut accumulator = [first.get(i)];
        for other in rest {
            computation.accumulate(cx, &mut accumulator, &[other.get(i)])?;
        }
        elements.push(accumulator[0]);
    }
    Ok(Literal::new(first.element, first.shape.clone(), elements))
}
