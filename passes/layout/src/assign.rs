//! The algorithm of `layout-assignment` on one function body.
//!
//! 1. Requirements are recorded: `func.return` needs the function's result types, and every
//!    op the pass does not know (calls, `while`, collectives, runtime calls, ...) keeps the
//!    exact operand types it has; a convolution wants row-major operands.
//! 2. Layout-only changes already in the body (`hlo.copy`, an `hlo.reshape` to the same
//!    shape) are dropped: the layouts they chose are decided again.
//! 3. Backward, the layouts the uses want flow to the values: a returned value wants the
//!    result's layout (given), an elementwise result's want flows to its operands of the
//!    same shape, a transpose's to its operand permuted back.
//! 4. Forward, in program order, each result gets a layout: the entry's arguments keep
//!    theirs (given); an elementwise op takes the strongest of its same-shape operands'
//!    layouts, or its result's want when that is at least as strong (computing a result in
//!    the layout its use needs saves a copy; reading operands through strides is free); a transpose takes the layout that makes it a bitcast
//!    (an operator preference) unless a stronger want says otherwise; a dot takes its
//!    result's want (it writes through strides, so a transpose of its result becomes a
//!    bitcast); every other op keeps its result type's layout (the default, row-major, for
//!    what the readers make).
//! 5. A copy (`hlo.copy`) is inserted before each use whose requirement the value's layout
//!    does not meet, shared by the later uses of the same value in the same block.
//! 6. A transpose whose result layout is its operand's permuted becomes `hlo.bitcast`.
//!
//! Operands of elementwise ops, data movement, reductions and dot products accept any
//! layout: code generation reads every operand through its layout's strides (and the
//! runtime's gemm takes strides as they are), so no copy is made for them.
//!
//! Invariant: the logical value of every SSA value is unchanged; only types' layouts change
//! and copies (identities on values) are added, so the interpreter gives the same results
//! before and after. Functions without given layouts come out unchanged.

use std::collections::HashMap;

use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::{BitcastOp, CopyOp, HloOp, TransposeOp};
use xla_ir::op_def::OpTrait;
use xla_ir::{BlockId, Body, Layout, Op, OpId, OpState, Type, ValueId};

use crate::layouts::{bitcast_layout, layout_of, operand_layout_for, with_layout};
use crate::priority::{strengthen, Candidate, Priority};

/// What the pass did to one function.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Copies inserted where a layout conflicts with a use's requirement.
    pub copies: usize,
    /// Transposes made bitcasts.
    pub bitcasts: usize,
    /// Layout-only copies of the input dropped before assigning.
    pub dropped: usize,
    /// Values whose minor dimension was padded to the vector width.
    pub padded: usize,
}

/// Whether `op` is elementwise on tensors of one shape.
fn is_elementwise(body: &Body, op: OpId) -> bool {
    let ctx = body.ctx();
    let name = ctx.symbol(body.op_name(op));
    ctx.op_def(name).is_some_and(|def| def.has_trait(OpTrait::Elementwise)) && body.op(op).results.len() == 1
}

/// Whether `op` declares that its operands may have any layout ([`OpTrait::ReadsAnyLayout`]).
fn reads_any_layout(body: &Body, op: OpId) -> bool {
    body.ctx().op_def(body.op(op).name).is_some_and(|def| def.has_trait(OpTrait::ReadsAnyLayout))
}

/// Whether `op` returns from the function (`func.return`).
pub(crate) fn is_function_return(body: &Body, op: OpId) -> bool {
    matches!(FuncDialectOp::of(body, op), Some(FuncDialectOp::Return(_)))
}

/// The requirement of a use: the exact type its operand must have.
fn requirement(body: &Body, op: OpId, index: usize, results: &[Type]) -> Option<Type> {
    let operand_type = body.value_type(body.operand(op, index));
    let ctx = body.ctx();
    ctx.as_tensor(operand_type)?;
    if is_function_return(body, op) {
        return results.get(index).copied();
    }
    if matches!(HloOp::of(body, op), Some(HloOp::Convolution(_))) {
        return Some(with_layout(ctx, operand_type, &Layout::row_major(ctx.as_tensor(operand_type)?.dims.len())));
    }
    if is_elementwise(body, op) || reads_any_layout(body, op) {
        return None;
    }
    Some(operand_type)
}

/// Whether `op` only changes its operand's layout (a copy, or a reshape to the same shape).
fn is_layout_change(body: &Body, op: OpId) -> bool {
    if !matches!(HloOp::of(body, op), Some(HloOp::Copy(_) | HloOp::Reshape(_))) {
        return false;
    }
    let ctx = body.ctx();
    let (from, to) = (body.value_type(body.operand(op, 0)), body.value_type(body.result(op, 0)));
    match (ctx.as_tensor(from), ctx.as_tensor(to)) {
        (Some(a), Some(b)) => a.dims == b.dims && a.element == b.element,
        _ => false,
    }
}

/// Assigns layouts in the body of function `func`, whose result types are `results`.
pub fn assign_function(body: &mut Body, func: OpId, results: &[Type]) -> Stats {
    let mut stats = Stats::default();
    let ctx = body.ctx();
    let Some(&region) = body.op(func).regions.first() else { return stats };
    let blocks: Vec<BlockId> = body.region(region).blocks.clone();
    if blocks.is_empty() {
        return stats;
    }
    let mut ops: Vec<OpId> = blocks.iter().flat_map(|b| body.block_ops(*b).collect::<Vec<_>>()).collect();

    // 1. Requirements, before anything changes the operand types they copy.
    let mut required: HashMap<(OpId, usize), Type> = HashMap::new();
    for &op in &ops {
        for i in 0..body.op(op).operands.len() {
            if let Some(ty) = requirement(body, op, i, results) {
                required.insert((op, i), ty);
            }
        }
    }

    // 2. Drop the layout changes already there.
    ops.retain(|&op| {
        if !is_layout_change(body, op) {
            return true;
        }
        let (from, to) = (body.operand(op, 0), body.result(op, 0));
        body.replace_all_uses(to, from);
        body.erase_op(op);
        stats.dropped += 1;
        false
    });

    // 3. Wants, from the uses back to the values.
    let mut want: HashMap<ValueId, Option<Candidate>> = HashMap::new();
    for &op in ops.iter().rev() {
        let operands = body.op(op).operands.clone();
        if is_function_return(body, op) {
            for (i, v) in operands.iter().enumerate() {
                if let Some(layout) = results.get(i).and_then(|t| layout_of(ctx, *t)) {
                    strengthen(want.entry(*v).or_default(), Candidate::new(layout, Priority::Given));
                }
            }
        } else if matches!(HloOp::of(body, op), Some(HloOp::Convolution(_))) {
            for v in operands.iter().take(2) {
                if let Some(layout) = layout_of(ctx, body.value_type(*v)) {
                    let rank = layout.minor_to_major.len();
                    strengthen(want.entry(*v).or_default(), Candidate::new(Layout::row_major(rank), Priority::Operator));
                }
            }
        } else if is_elementwise(body, op) {
            let result = body.result(op, 0);
            let Some(wanted) = want.get(&result).cloned().flatten() else { continue };
            let dims = ctx.as_tensor(body.value_type(result)).map(|t| t.dims.clone());
            for v in operands {
                if ctx.as_tensor(body.value_type(v)).map(|t| t.dims.clone()) == dims {
                    strengthen(want.entry(v).or_default(), wanted.clone());
                }
            }
        } else if let Some(transpose) = TransposeOp::cast(body, op) {
            let result = body.result(op, 0);
            let Some(wanted) = want.get(&result).cloned().flatten() else { continue };
            if let Some(layout) = operand_layout_for(&wanted.layout, transpose.permutation(body)) {
                strengthen(want.entry(operands[0]).or_default(), Candidate::new(layout, wanted.priority));
            }
        }
    }
    let wanted = |v: ValueId| want.get(&v).cloned().flatten();

    // 4. Forward: a layout for every result.
    let mut chosen: HashMap<ValueId, Candidate> = HashMap::new();
    for &block in &blocks {
        for &arg in &body.block(block).args {
            if let Some(layout) = layout_of(ctx, body.value_type(arg)) {
                chosen.insert(arg, Candidate::new(layout, Priority::Given));
            }
        }
    }
    let current = |body: &Body, chosen: &HashMap<ValueId, Candidate>, v: ValueId| {
        chosen.get(&v).cloned().or_else(|| layout_of(body.ctx(), body.value_type(v)).map(|l| Candidate::new(l, Priority::Default)))
    };
    for &op in &ops {
        let results_of_op = body.op(op).results.clone();
        if is_elementwise(body, op) {
            let result = results_of_op[0];
            let Some(dims) = ctx.as_tensor(body.value_type(result)).map(|t| t.dims.clone()) else { continue };
            let mut best: Option<Candidate> = None;
            for &v in &body.op(op).operands {
                if ctx.as_tensor(body.value_type(v)).map(|t| &t.dims) == Some(&dims) {
                    if let Some(c) = current(body, &chosen, v) {
                        strengthen(&mut best, c);
                    }
                }
            }
            let pick = match best {
                Some(best) => best.or_at_least(wanted(result).as_ref()),
                None => wanted(result).unwrap_or_else(|| Candidate::new(Layout::row_major(dims.len()), Priority::Default)),
            };
            chosen.insert(result, pick);
        } else if let Some(transpose) = TransposeOp::cast(body, op) {
            let result = results_of_op[0];
            let operand = current(body, &chosen, body.operand(op, 0));
            let bitcast = operand.and_then(|c| bitcast_layout(&c.layout, transpose.permutation(body)));
            let pick = match bitcast {
                Some(layout) => Candidate::new(layout, Priority::Operator).or_stronger(wanted(result).as_ref()),
                None => match (wanted(result), layout_of(ctx, body.value_type(result))) {
                    (Some(w), _) => w,
                    (None, Some(l)) => Candidate::new(l, Priority::Default),
                    (None, None) => continue,
                },
            };
            chosen.insert(result, pick);
        } else if matches!(HloOp::of(body, op), Some(HloOp::Dot(_) | HloOp::DotGeneral(_))) {
            // A dot writes its result through strides (the loop by index, the runtime's gemm
            // through C's strides), so it is computed in the layout its use wants: a
            // transpose of a dot's result (backward passes are full of them) then moves
            // nothing and becomes a bitcast.
            let result = results_of_op[0];
            let pick = match (wanted(result), layout_of(ctx, body.value_type(result))) {
                (Some(w), _) => w,
                (None, Some(l)) => Candidate::new(l, Priority::Default),
                (None, None) => continue,
            };
            chosen.insert(result, pick);
        } else {
            for r in results_of_op {
                if let Some(layout) = layout_of(ctx, body.value_type(r)) {
                    chosen.insert(r, Candidate::new(layout, Priority::Default));
                }
            }
        }
    }

    // Retype every result with its layout.
    for &op in &ops {
        for r in body.op(op).results.clone() {
            if let Some(c) = chosen.get(&r) {
                let ty = with_layout(ctx, body.value_type(r), &c.layout);
                body.set_value_type(r, ty);
            }
        }
    }

    // 5. Copies where a requirement is not met.
    let mut copies: HashMap<(ValueId, Type, BlockId), ValueId> = HashMap::new();
    for &op in &ops {
        for i in 0..body.op(op).operands.len() {
            let Some(&needed) = required.get(&(op, i)) else { continue };
            let v = body.operand(op, i);
            if body.value_type(v) == needed {
                continue;
            }
            let Some(block) = body.op_block(op) else { continue };
            let copy = match copies.get(&(v, needed, block)) {
                Some(&copy) => copy,
                None => {
                    let mut state = OpState::new(ctx.symbol(CopyOp::DEF.name), body.op(op).location);
                    state.operands = vec![v];
                    state.result_types = vec![needed];
                    let created = body.create_op(state);
                    body.insert_op(created, xla_ir::InsertPoint::Before(op));
                    stats.copies += 1;
                    let copy = body.result(created, 0);
                    copies.insert((v, needed, block), copy);
                    copy
                }
            };
            body.set_operand(op, i, copy);
        }
    }

    // 6. Transposes that move nothing become bitcasts.
    for &op in &ops {
        let Some(transpose) = TransposeOp::cast(body, op) else { continue };
        let (operand, result) = (body.operand(op, 0), body.result(op, 0));
        let (Some(from), Some(to)) = (layout_of(ctx, body.value_type(operand)), layout_of(ctx, body.value_type(result))) else { continue };
        let statics = ctx.as_tensor(body.value_type(operand)).is_some_and(|t| t.static_shape().is_some());
        if !statics || bitcast_layout(&from, transpose.permutation(body)).as_ref() != Some(&to) {
            continue;
        }
        let mut state = OpState::new(ctx.symbol(BitcastOp::DEF.name), body.op(op).location);
        state.operands = vec![operand];
        state.result_types = vec![body.value_type(result)];
        let created = body.create_op(state);
        body.insert_op(created, xla_ir::InsertPoint::Before(op));
        let value = body.result(created, 0);
        body.replace_all_uses(result, value);
        body.erase_op(op);
        stats.bitcasts += 1;
    }
    stats
}
