//! `hoist-scanned-dots`: a product of each step's slice of a loop-invariant input by a
//! loop-invariant operand, inside a [counted](crate::counted) loop of as many steps as the
//! input has slices, becomes one product over every slice before the loop; each step
//! slices its rows out of it.
//!
//! A recurrent network scanned over a sequence projects each step's input by the same
//! weights (`x_t @ W_x`, beside the recurrent `h @ W_h`). Step by step, that product has as
//! many rows as the batch, and each call pays the fixed costs of a product (the runtime
//! call, waking the threads, reading `W_x`) for a few rows. Hoisted, it is one product of
//! `steps x batch` rows before the loop, as cuDNN computes RNN input projections; each step
//! reads its rows back, from cache when the hoisted product is small enough
//! ([`MAX_HOISTED_ELEMENTS`]).
//!
//! ```text
//! while (i, ...) {                          y = dot_general(x, w)   // [steps, ...]
//!   s = dynamic_slice(x, i, 0.., [1, ..])   while (i, ...) {
//!   r = reshape(s)                  =>        s = dynamic_slice(y, i, 0.., [1, ..])
//!   d = dot_general(r, w)                     d = reshape(s)
//! }                                         }
//! ```
//!
//! Conditions: the loop is counted with `n` steps; the input `x` has `n` slices along its
//! first dimension, and the slice takes one of them whole (its other start indices are
//! then clamped to 0); `x` and `w` are loop-invariant (defined outside the loop, or carried
//! through it unchanged); the product has no batching dimensions; the hoisted product has
//! at most [`MAX_HOISTED_ELEMENTS`] elements. The slice may feed the product directly or
//! through a reshape that drops its leading unit dimension.
//!
//! Identity: row `j` of `dot_general(x, w)` along the slice dimension is `dot_general(x[j],
//! w)`, and `dynamic_slice` clamps its start index into range the same way for `x` and for
//! the hoisted product, so every step reads the rows it computed before.
//!
//! Invariant: the hoisted product is read inside the loop from above (the loop's regions
//! may use values defined before it); nothing else about the loop changes.

use xla_dialects::hlo::{ConstantOp, DotGeneralOp, DynamicSliceOp, ReshapeOp, WhileOp};
use xla_ir::pass::{Pass, PassAnchor, PassContext, PassInfo, PassOptions, MODULE_OP};
use xla_ir::{BlockId, Body, Builder, DenseElements, Diagnostic, InsertPoint, Op, OpId, Scalar, ValueDef, ValueId, WalkOrder};

use crate::counted::trip_count;

pub static INFO: PassInfo = PassInfo {
    argument: "hoist-scanned-dots",
    name: "HoistScannedDots",
    summary: "Products of a counted loop's slices of an invariant input by an invariant operand computed once before the loop, over every slice",
    anchor: PassAnchor::Op(MODULE_OP),
    options: &[],
};

pub fn create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(HoistScannedDots))
}

struct HoistScannedDots;

impl Pass for HoistScannedDots {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        run_on_module(body, op);
        Ok(())
    }
}

/// The most elements a hoisted product may have: 2^18 (1 MiB of `f32`), about what the
/// second level of cache holds, so that each step reads its rows from cache. A larger one
/// is read from memory, which costs about as much as the step's product from weights that
/// stay in cache. Measured with `xla-run --bench` (bench/models): `lstm_small` (64 KiB
/// hoisted) 41 → 35 us, `gru_small` (384 KiB) 268 → 250 us; `gru_large` (3 MiB) unchanged
/// at 4.2 ms and `lstm_large` (8 MiB) 6.1 → 6.4 ms, which the limit leaves alone.
pub const MAX_HOISTED_ELEMENTS: i64 = 1 << 18;

/// Hoists every qualifying product of every loop of `module`; returns how many.
pub fn run_on_module(body: &mut Body, module: OpId) -> usize {
    let mut loops = Vec::new();
    body.walk(module, WalkOrder::PreOrder, |b, op| {
        if WhileOp::cast(b, op).is_some() {
            loops.push(op);
        }
    });
    loops.into_iter().map(|w| hoist_in_loop(body, w)).sum()
}

/// A product to hoist out of a loop.
struct Hoist {
    /// The product inside the loop.
    dot: OpId,
    /// Which operand of the product is the slice (0: `lhs`, 1: `rhs`).
    side: usize,
    /// The input sliced, and the other operand, as values before the loop.
    scanned: ValueId,
    other: ValueId,
    /// The slice's start index along the scanned dimension.
    index: ValueId,
    /// Whether the slice reaches the product through a reshape dropping its unit dimension.
    reshaped: bool,
}

/// Hoists the qualifying products at the top level of `w`'s body; returns how many.
fn hoist_in_loop(body: &mut Body, w: OpId) -> usize {
    let Some(loop_op) = WhileOp::cast(body, w) else { return 0 };
    let Some(steps) = trip_count(body, loop_op) else { return 0 };
    let Some(block) = body.entry_block(loop_op.body(body)) else { return 0 };
    let dots: Vec<OpId> = body.block_ops(block).filter(|op| DotGeneralOp::cast(body, *op).is_some()).collect();
    let plans: Vec<Hoist> = dots.into_iter().filter_map(|dot| plan(body, w, block, dot, steps)).collect();
    plans.into_iter().filter_map(|hoist| apply(body, w, hoist)).count()
}

/// The hoist of `dot` out of `w` (whose body's block is `block`, run `steps` times), if it
/// qualifies (see the module documentation).
fn plan(body: &Body, w: OpId, block: BlockId, dot: OpId, steps: i64) -> Option<Hoist> {
    let product = DotGeneralOp::cast(body, dot)?;
    if !product.lhs_batching_dims(body).is_empty() {
        return None;
    }
    for side in 0..2 {
        let operand = body.operand(dot, side);
        let (slice, reshaped) = match body.defining_op(operand).and_then(|op| ReshapeOp::cast(body, op)) {
            Some(reshape) => (body.defining_op(body.operand(reshape.id(), 0)).and_then(|op| DynamicSliceOp::cast(body, op)), true),
            None => (body.defining_op(operand).and_then(|op| DynamicSliceOp::cast(body, op)), false),
        };
        let Some(slice) = slice else { continue };
        let input = body.operand(slice.id(), 0);
        let input_dims = dims(body, input)?;
        let sizes = slice.slice_sizes(body);
        let one_whole_slice = input_dims.first() == Some(&steps) && sizes.first() == Some(&1) && sizes[1..] == input_dims[1..];
        let slice_dims = dims(body, body.result(slice.id(), 0))?;
        let drops_unit = !reshaped || dims(body, operand)?[..] == slice_dims[1..];
        let (Some(scanned), Some(other)) = (outer_value(body, w, block, input), outer_value(body, w, block, body.operand(dot, 1 - side))) else { continue };
        let result_elements = dims(body, body.result(dot, 0))?.iter().product::<i64>();
        let small_enough = result_elements.checked_mul(steps).is_some_and(|e| e <= MAX_HOISTED_ELEMENTS);
        if one_whole_slice && drops_unit && small_enough {
            let index = *body.op(slice.id()).operands.get(1)?;
            return Some(Hoist { dot, side, scanned, other, index, reshaped });
        }
    }
    None
}

/// Builds the hoisted product before `w` and the slice of it that replaces the product.
fn apply(body: &mut Body, w: OpId, hoist: Hoist) -> Option<()> {
    let product = DotGeneralOp::cast(body, hoist.dot)?;
    let location = body.op(hoist.dot).location;
    let (lhs_batching, rhs_batching) = (product.lhs_batching_dims(body).to_vec(), product.rhs_batching_dims(body).to_vec());
    let mut contracting = [product.lhs_contracting_dims(body).to_vec(), product.rhs_contracting_dims(body).to_vec()];
    if hoist.reshaped {
        // The scanned operand has the slice's unit dimension back in front.
        for d in &mut contracting[hoist.side] {
            *d += 1;
        }
    }
    let precision = product.precision_config(body);
    let [lhs, rhs] = if hoist.side == 0 { [hoist.scanned, hoist.other] } else { [hoist.other, hoist.scanned] };
    let mut before = Builder::new(body, location);
    before.set_insert_point(InsertPoint::Before(w));
    let all = DotGeneralOp::build(&mut before, lhs, rhs, &lhs_batching, &rhs_batching, &contracting[0], &contracting[1], precision).ok()?;
    let all = all.result(before.body);

    // The scanned dimension's place among the result's: the lhs's free dimensions come
    // first, and the scanned one is the first of its operand's.
    let position = if hoist.side == 0 { 0 } else { dims(body, lhs)?.len() - contracting[0].len() };
    let all_dims = dims(body, all)?;
    let index_type = body.value_type(hoist.index);
    let zero = DenseElements::from_scalars(body.ctx(), index_type, &[Scalar::Int(0)]).ok()?;
    let result_type = body.value_type(body.result(hoist.dot, 0));
    let mut inside = Builder::new(body, location);
    inside.set_insert_point(InsertPoint::Before(hoist.dot));
    let zero = ConstantOp::build(&mut inside, &zero).ok()?.result(inside.body);
    let starts: Vec<ValueId> = (0..all_dims.len()).map(|d| if d == position { hoist.index } else { zero }).collect();
    let mut sizes = all_dims.clone();
    sizes[position] = 1;
    let rows = DynamicSliceOp::build(&mut inside, all, &starts, &sizes).ok()?.result(inside.body);
    let replacement = if inside.body.value_type(rows) == result_type { rows } else { ReshapeOp::build(&mut inside, rows, result_type).ok()?.result(inside.body) };
    body.replace_all_uses(body.result(hoist.dot, 0), replacement);
    erase_if_unused(body, hoist.dot);
    Some(())
}

/// Erases `op` and then its operands' producers that are left unused and free of effects
/// (the slice and reshape the hoisted product replaced), up one chain.
fn erase_if_unused(body: &mut Body, op: OpId) {
    let mut next = Some(op);
    while let Some(op) = next.take() {
        if !body.op(op).results.iter().all(|r| body.is_unused(*r)) || !xla_ir::rewrite::is_trivially_dead(body, op) {
            return;
        }
        let producers: Vec<OpId> = body.op(op).operands.iter().filter_map(|v| body.defining_op(*v)).collect();
        body.erase_op(op);
        next = producers.into_iter().find(|p| body.op(*p).results.iter().all(|r| body.is_unused(*r)));
    }
}

/// The value before `w` that `v`, used in `w`'s body block `block`, always equals: `v`
/// itself when it is defined outside the loop, or the loop's init value when `v` is a
/// block argument the body returns unchanged.
fn outer_value(body: &Body, w: OpId, block: BlockId, v: ValueId) -> Option<ValueId> {
    match body.value(v).def {
        ValueDef::BlockArg { block: b, index } if b == block => {
            let ret = body.block_ops(block).last()?;
            (body.op(ret).operands.get(index as usize) == Some(&v)).then(|| body.op(w).operands.get(index as usize).copied())?
        }
        ValueDef::BlockArg { block: b, .. } => {
            let parent = body.block_parent_op(b)?;
            (!body.is_ancestor(w, parent)).then_some(v)
        }
        ValueDef::Result { op, .. } => (!body.is_ancestor(w, op)).then_some(v),
    }
}

/// The static dimensions of tensor value `v`.
fn dims(body: &Body, v: ValueId) -> Option<Vec<i64>> {
    let tensor = body.ctx().as_tensor(body.value_type(v))?;
    tensor.dims.iter().map(|d| d.static_size()).collect()
}
