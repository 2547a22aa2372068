//! Regions that are a function of the module: a region whose block is structurally equal
//! to a function's body (same ops, attributes, types and data flow; `hlo.return` matching
//! `func.return`) is written as that function's computation instead of a new one.
//!
//! This keeps writing a fixed point of reading: a reader that turns every HLO computation
//! into a function, and also copies reducers into the regions of the ops using them, gives
//! back a module whose regions equal its functions; writing it reuses those computations
//! (`to_apply=region_0.1`) rather than adding a copy of each, so the text reads back to
//! the same module.
//!
//! Invariant: two blocks are equal only when every operand of one corresponds to the
//! operand at the same place in the other through block arguments and earlier results; a
//! block using a value from outside itself never equals a function body.

use std::collections::HashMap;

use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::HloOp;
use xla_ir::{BlockId, Body, OpId, ValueId};

/// Whether `op` ends a block by returning values (the two terminators the writer knows).
pub(crate) fn is_return(body: &Body, op: OpId) -> bool {
    matches!(HloOp::of(body, op), Some(HloOp::Return(_))) || matches!(FuncDialectOp::of(body, op), Some(FuncDialectOp::Return(_)))
}

/// Whether blocks `a` and `b` compute the same thing (see the module documentation).
pub(crate) fn blocks_equal(body: &Body, a: BlockId, b: BlockId) -> bool {
    let mut map = HashMap::new();
    blocks_equal_with(body, a, b, &mut map)
}

fn blocks_equal_with(body: &Body, a: BlockId, b: BlockId, map: &mut HashMap<ValueId, ValueId>) -> bool {
    let (args_a, args_b) = (&body.block(a).args, &body.block(b).args);
    if args_a.len() != args_b.len() {
        return false;
    }
    for (x, y) in args_a.iter().zip(args_b) {
        if body.value_type(*x) != body.value_type(*y) {
            return false;
        }
        map.insert(*x, *y);
    }
    let ops_a: Vec<OpId> = body.block_ops(a).collect();
    let ops_b: Vec<OpId> = body.block_ops(b).collect();
    ops_a.len() == ops_b.len() && ops_a.iter().zip(&ops_b).all(|(x, y)| ops_equal(body, *x, *y, map))
}

fn ops_equal(body: &Body, x: OpId, y: OpId, map: &mut HashMap<ValueId, ValueId>) -> bool {
    let (dx, dy) = (body.op(x), body.op(y));
    let both_return = is_return(body, x) && is_return(body, y);
    if !both_return && (dx.name != dy.name || dx.attributes != dy.attributes) {
        return false;
    }
    let operands_match = dx.operands.len() == dy.operands.len()
        && dx.operands.iter().zip(&dy.operands).all(|(u, v)| map.get(u) == Some(v));
    if !operands_match || dx.results.len() != dy.results.len() || dx.regions.len() != dy.regions.len() {
        return false;
    }
    for (u, v) in dx.results.iter().zip(&dy.results) {
        if body.value_type(*u) != body.value_type(*v) {
            return false;
        }
        map.insert(*u, *v);
    }
    dx.regions.iter().zip(&dy.regions).all(|(ra, rb)| {
        let (ba, bb) = (&body.region(*ra).blocks, &body.region(*rb).blocks);
        ba.len() == bb.len() && ba.iter().zip(bb).all(|(a, b)| blocks_equal_with(body, *a, *b, map))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::parser::parse_source;
    use xla_ir::Context;

    /// The entry blocks of the functions of `text`, in order, and of the region of the first
    /// op of the first function that has one.
    fn blocks<'c>(ctx: &'c Context, text: &str) -> (xla_ir::parser::Module<'c>, Vec<BlockId>) {
        let module = parse_source(ctx, "t.mlir", text, 1).expect("parses");
        let body = &module.body;
        let mut out = Vec::new();
        for op in body.nested_ops(module.op, xla_ir::WalkOrder::PreOrder) {
            for &region in &body.op(op).regions {
                out.extend(body.region(region).blocks.first().copied());
            }
        }
        (module, out)
    }

    #[test]
    fn a_reducer_equals_the_function_it_was_copied_from() {
        let mut ctx = Context::new();
        xla_dialects::register_all(&mut ctx);
        let (module, b) = blocks(
            &ctx,
            r#"func.func @main(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = hlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}
func.func private @swapped(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = hlo.add %b, %a : tensor<f32>
  return %s : tensor<f32>
}
func.func private @max(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = hlo.maximum %a, %b : tensor<f32>
  return %s : tensor<f32>
}"#,
        );
        // Blocks: main's body, the reducer, @sum, @swapped, @max.
        let (reducer, sum, swapped, max) = (b[1], b[2], b[3], b[4]);
        assert!(blocks_equal(&module.body, reducer, sum));
        assert!(!blocks_equal(&module.body, reducer, swapped));
        assert!(!blocks_equal(&module.body, reducer, max));
        assert!(!blocks_equal(&module.body, reducer, b[0]));
    }
}
