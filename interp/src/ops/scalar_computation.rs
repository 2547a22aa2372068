//! Scalar computations: the regions that `hlo.reduce`, `hlo.reduce_window` and
//! `hlo.select_and_scatter` apply to pairs of elements (reducers, `select`, `scatter`).
//!
//! XLA's semantics kept here: a computation of N accumulators takes 2N 0-d tensors, the N
//! accumulators first and then the N new elements, and returns N 0-d tensors. Running a
//! region per element is slow, so a region that is recognizably one known binary op per
//! result, applied to its accumulator and its element (`hlo.add %acc, %x`), or one
//! `hlo.compare` of its two arguments, is applied directly, with the same arithmetic the
//! ops themselves use ([`binary_of`], [`compare_scalars`]); any other region runs in the
//! interpreter.

use xla_dialects::hlo::{CompareOp, ComparisonType};
use xla_ir::{BlockId, Body, Op, OpId, RegionId, Scalar, ValueId};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::compare::compare_scalars;
use crate::ops::elementwise_binary::{binary_of, Binary};
use crate::value::Value;

/// One result of a directly applied computation: `binary(acc, x)`, or `binary(x, acc)`
/// when `swapped` (the order matters for signed zeros under `maximum` and `minimum`).
struct DirectResult {
    binary: &'static Binary,
    swapped: bool,
}

/// How a computation is applied.
enum Kind {
    /// Each result `i` is a known binary op of argument `i` and argument `N + i`.
    Direct(Vec<DirectResult>),
    /// The only result is `compare(arg 0, arg 1)` (swapped: `compare(arg 1, arg 0)`).
    Compare { op: OpId, swapped: bool },
    /// The region runs in the interpreter.
    Region,
}

/// A scalar computation ready to apply.
pub struct ScalarComputation {
    region: RegionId,
    /// The element types of the 2N arguments.
    arguments: Vec<ElementType>,
    kind: Kind,
}

impl ScalarComputation {
    /// The computation of `region`, whose entry block takes 0-d tensors.
    pub fn new(cx: &OpCx, region: RegionId) -> EvalResult<ScalarComputation> {
        let body = cx.body();
        let block = body.entry_block(region).ok_or("a scalar computation has no block")?;
        let ctx = cx.ctx();
        let arguments = body
            .block(block)
            .args
            .iter()
            .map(|&arg| {
                ElementType::of(ctx, ctx.element_type(body.value_type(arg)))
                    .ok_or_else(|| EvalError::new("a scalar computation takes an argument of an unknown element type"))
            })
            .collect::<EvalResult<Vec<_>>>()?;
        let kind = direct_results(body, block)
            .map(Kind::Direct)
            .or_else(|| single_compare(body, block))
            .unwrap_or(Kind::Region);
        Ok(ScalarComputation { region, arguments, kind })
    }

    /// Applies the computation to the accumulators `acc` and the elements `x` (one each per
    /// result), replacing the accumulators with the results.
    pub fn accumulate(&self, cx: &mut OpCx, acc: &mut [Scalar], x: &[Scalar]) -> EvalResult<()> {
        match &self.kind {
            Kind::Direct(results) => {
                if acc.len() != results.len() || x.len() != results.len() {
                    return Err(EvalError::new(format!(
                        "the computation of {} results was given {} accumulators and {} elements",
                        results.len(),
                        acc.len(),
                        x.len()
                    )));
                }
                for (i, result) in results.iter().enumerate() {
                    let (a, b) = if result.swapped { (x[i], acc[i]) } else { (acc[i], x[i]) };
                    acc[i] = result.binary.compute(self.arguments[i], a, b)?;
                }
                Ok(())
            }
            _ => {
                let results = self.apply(cx, acc, x)?;
                if results.len() != acc.len() {
                    return Err(EvalError::new(format!(
                        "the computation returned {} values for {} accumulators",
                        results.len(),
                        acc.len()
                    )));
                }
                acc.copy_from_slice(&results);
                Ok(())
            }
        }
    }

    /// Applies a computation returning one predicate (`select`) to `a` and `b`.
    pub fn predicate(&self, cx: &mut OpCx, a: Scalar, b: Scalar) -> EvalResult<bool> {
        if let Kind::Compare { op, swapped } = self.kind {
            let compare = CompareOp::from_id_unchecked(op);
            let body = cx.body();
            let total = compare.compare_type(body) == Some(ComparisonType::TotalOrder);
            let (lhs, rhs) = if swapped { (b, a) } else { (a, b) };
            return Ok(compare_scalars(compare.comparison_direction(body), total, lhs, rhs)?);
        }
        match self.apply(cx, &[a], &[b])?.as_slice() {
            [Scalar::Int(p)] => Ok(*p != 0),
            other => Err(EvalError::new(format!("the computation must return one predicate, it returned {other:?}"))),
        }
    }

    /// The results of the computation on `lhs` then `rhs`, computed directly when possible.
    pub fn apply(&self, cx: &mut OpCx, lhs: &[Scalar], rhs: &[Scalar]) -> EvalResult<Vec<Scalar>> {
        if let Kind::Direct(_) = self.kind {
            let mut acc = lhs.to_vec();
            self.accumulate(cx, &mut acc, rhs)?;
            return Ok(acc);
        }
        if lhs.len() + rhs.len() != self.arguments.len() {
            return Err(EvalError::new(format!(
                "the computation takes {} arguments, {} were given",
                self.arguments.len(),
                lhs.len() + rhs.len()
            )));
        }
        let args = lhs
            .iter()
            .chain(rhs)
            .zip(&self.arguments)
            .map(|(&value, &element)| Literal::scalar(element, value).into())
            .collect();
        let results = cx.run_region(self.region, args)?;
        results.iter().map(scalar_of).collect()
    }
}

/// The element of a 0-d tensor value a computation returned.
fn scalar_of(value: &Value) -> EvalResult<Scalar> {
    let literal = value.tensor()?;
    if literal.len() != 1 {
        return Err(EvalError::new(format!(
            "a scalar computation returned {}, not a 0-d tensor",
            literal.shape_string()
        )));
    }
    Ok(literal.get(0))
}

/// The ops of `block` before its terminator, and the values the terminator returns.
fn ops_and_returned<'b>(body: &'b Body, block: BlockId) -> Option<(Vec<OpId>, &'b [ValueId])> {
    let terminator = body.last_op(block)?;
    if body.op_name(terminator) != "hlo.return" {
        return None;
    }
    let ops = body.block_ops(block).filter(|&op| op != terminator).collect();
    Some((ops, &body.op(terminator).operands))
}

/// The direct form of a block of 2N arguments whose N ops are each a known binary op of
/// arguments `i` and `N + i`, returned as result `i`.
fn direct_results(body: &Body, block: BlockId) -> Option<Vec<DirectResult>> {
    let args = &body.block(block).args;
    let (ops, returned) = ops_and_returned(body, block)?;
    let count = returned.len();
    if count == 0 || args.len() != 2 * count || ops.len() != count {
        return None;
    }
    returned
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            let op = body.defining_op(value).filter(|op| ops.contains(op))?;
            let binary = binary_of(body.op_name(op))?;
            let swapped = match body.op(op).operands.as_slice() {
                [a, b] if (*a, *b) == (args[i], args[count + i]) => false,
                [a, b] if (*a, *b) == (args[count + i], args[i]) => true,
                _ => return None,
            };
            // Only ops without attributes (such as `broadcast_dimensions`) are applied directly.
            body.op(op).attributes.is_empty().then_some(DirectResult { binary, swapped })
        })
        .collect()
}

/// The compare form of a block of two arguments whose one op compares them.
fn single_compare(body: &Body, block: BlockId) -> Option<Kind> {
    let args = &body.block(block).args;
    let (ops, returned) = ops_and_returned(body, block)?;
    let (&[op], &[value], &[a, b]) = (ops.as_slice(), returned, args.as_slice()) else {
        return None;
    };
    CompareOp::cast(body, op)?;
    if body.defining_op(value) != Some(op) {
        return None;
    }
    let swapped = match body.op(op).operands.as_slice() {
        [x, y] if (*x, *y) == (a, b) => false,
        [x, y] if (*x, *y) == (b, a) => true,
        _ => return None,
    };
    Some(Kind::Compare { op, swapped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::Context;

    /// The entry blocks of the regions of the ops named `name` in `text`, in order, with
    /// what [`direct_results`] and [`single_compare`] make of them.
    fn kinds(text: &str, name: &str) -> Vec<(Option<Vec<bool>>, Option<bool>)> {
        let mut ctx = Context::new();
        xla_dialects::register_all(&mut ctx);
        let module = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).expect("parses");
        let body = &module.body;
        let ops: Vec<OpId> = body.all_op_ids().filter(|&op| body.op_name(op) == name).collect();
        ops.iter()
            .flat_map(|&op| body.op(op).regions.clone())
            .map(|region| {
                let block = body.entry_block(region).expect("a block");
                let direct = direct_results(body, block).map(|r| r.iter().map(|d| d.swapped).collect());
                let compare = match single_compare(body, block) {
                    Some(Kind::Compare { swapped, .. }) => Some(swapped),
                    _ => None,
                };
                (direct, compare)
            })
            .collect()
    }

    #[test]
    fn single_binary_ops_of_the_arguments_apply_directly() {
        let text = r#"
func.func @main(%x: tensor<4xf32>, %i: tensor<4xi32>, %z: tensor<f32>, %n: tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>) {
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %b, %a : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %2 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.subtract %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %3:2 = hlo.reduce(%x, %i init: %z, %n) dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %m = hlo.minimum %a, %c : tensor<f32>
    %s = hlo.add %d, %b : tensor<i32>
    hlo.return %m, %s : tensor<f32>, tensor<i32>
  }
  func.return %0, %1, %2, %3#1 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>
}"#;
        let kinds = kinds(text, "hlo.reduce");
        assert_eq!(kinds[0].0, Some(vec![false]));
        assert_eq!(kinds[1].0, Some(vec![true]));
        assert_eq!(kinds[2].0, None, "subtract is not a reducer applied directly");
        assert_eq!(kinds[3].0, Some(vec![false, true]));
    }

    #[test]
    fn single_comparisons_of_the_arguments_apply_directly() {
        let text = r#"
func.func @main(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare LE, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %n = hlo.negate %b : tensor<f32>
    hlo.return %n : tensor<f32>
  }
  func.return %0 : tensor<4xf32>
}"#;
        let kinds = kinds(text, "hlo.select_and_scatter");
        assert_eq!(kinds[0], (None, Some(true)));
        assert_eq!(kinds[1], (None, None));
    }
}
