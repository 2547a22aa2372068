//! Reduction computations applied element by element: the region of `hlo.all_reduce` and
//! `hlo.reduce_scatter` (two 0-d tensors in, one out) combining whole arrays.
//!
//! A region that only applies a known binary op (see
//! [`crate::ops::elementwise_binary::binary_of`]) to its two arguments and returns the
//! result is computed directly, without running the region per element; every other
//! region runs once per pair of elements. Both give the same values: the direct path is the
//! op's own evaluator. Arrays are combined left to right, `((x0 op x1) op x2) ...`, so every
//! replica that combines the same arrays in the same order gets the same bits.

use xla_ir::{Body, RegionId, Scalar};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::elementwise_binary::{binary_of, Binary};

/// How a reduction computation is computed.
pub enum Reducer {
    /// The region applies this binary op to its arguments.
    Known(&'static Binary),
    /// The region runs per pair of elements.
    Region(RegionId),
}

impl Reducer {
    /// The reducer of `region`.
    pub fn of(body: &Body, region: RegionId) -> Reducer {
        known_binary(body, region).map_or(Reducer::Region(region), Reducer::Known)
    }

    /// `a op b` on elements of `element`.
    pub fn apply(&self, cx: &mut OpCx, element: ElementType, a: Scalar, b: Scalar) -> EvalResult<Scalar> {
        match self {
            Reducer::Known(binary) => Ok(binary.compute(element, a, b)?),
            Reducer::Region(region) => {
                let args = vec![Literal::scalar(element, a).into(), Literal::scalar(element, b).into()];
                let results = cx.run_region(*region, args)?;
                let result = results.first().ok_or_else(|| EvalError::new("the reduction computation returned nothing"))?;
                let result = result.tensor()?;
                if result.len() != 1 {
                    return Err(format!("the reduction computation returned {}, not a scalar", result.shape_string()).into());
                }
                Ok(result.get(0))
            }
        }
    }

    /// The arrays of `arrays`, of one shape and element type, combined element by element,
    /// left to right.
    pub fn fold(&self, cx: &mut OpCx, arrays: &[&Literal]) -> EvalResult<Literal> {
        let (first, rest) = arrays.split_first().ok_or("nothing to reduce")?;
        for other in rest {
            if other.shape != first.shape || other.element != first.element {
                return Err(format!("cannot combine {} with {}", first.shape_string(), other.shape_string()).into());
            }
        }
        let mut elements = Elements::with_capacity(first.element, first.len());
        for i in 0..first.len() {
            let mut accumulator = first.get(i);
            for other in rest {
                accumulator = self.apply(cx, first.element, accumulator, other.get(i))?;
            }
            elements.push(accumulator);
        }
        Ok(Literal::new(first.element, first.shape.clone(), elements))
    }
}

/// The binary op that `region` applies to its two arguments, when that is all it does.
fn known_binary(body: &Body, region: RegionId) -> Option<&'static Binary> {
    let block = body.entry_block(region)?;
    let args = &body.block(block).args;
    let ops: Vec<_> = body.block_ops(block).collect();
    let (&[a, b], &[combine, ret]) = (&args[..], &ops[..]) else { return None };
    let (combine_data, ret_data) = (body.op(combine), body.op(ret));
    let operands_are_args = combine_data.operands[..] == [a, b] || combine_data.operands[..] == [b, a];
    let returns_result = body.op_name(ret) == "hlo.return" && ret_data.operands[..] == combine_data.results[..];
    if !(operands_are_args && returns_result && combine_data.results.len() == 1 && combine_data.regions.is_empty()) {
        return None;
    }
    // Every op `binary_of` knows is commutative, so the order of the operands does not matter.
    binary_of(body.op_name(combine))
}
