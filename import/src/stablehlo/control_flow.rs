//! Control flow: `while` (pretty form read here), `return`, and `case`/`if` (generic form,
//! converted to `hlo.conditional`).
//!
//! `stablehlo.while(%iterArg = %x, %iterArg_0 = %y) : tensor<f32>, tensor<i32> attributes
//! {...} cond { ... } do { ... }` names the block arguments of both regions before the
//! regions; both take the loop-carried types.
//!
//! `case`/`if` to `hlo.conditional`, the decided mapping: StableHLO branches take no
//! arguments and use values of the enclosing function directly; XLA's branch computations
//! take exactly one parameter each. So branch `i` becomes a computation of one tuple: before
//! the conditional an `hlo.tuple` gathers the values the branch captures (in order of first
//! use, nested regions included), the branch's block takes that tuple as its argument and
//! starts with one `hlo.get_tuple_element` per captured value, and the uses inside the
//! branch are rewired to those. A branch that captures nothing takes an empty tuple. `if`
//! keeps its branch order (the first runs when the predicate is true); `case` keeps XLA's
//! and StableHLO's rule that an out-of-range index runs the last branch.

use std::collections::HashSet;

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, InsertPoint, OpId, OpState, RegionId, TypeData, ValueId, WalkOrder};

use super::legalize::{op_error, rename_op};
use super::syntax::{attr_dict, keyword_attr_dict, rename, resolve};

/// `(%arg = %init, ...) (: types)? (attributes {...})? cond {...} do {...}`.
pub(crate) fn parse_while(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let mut args = Vec::new();
    let mut inits = Vec::new();
    if !p.accept(TokenKind::RParen) {
        loop {
            args.push(p.parse_operand()?);
            p.expect(TokenKind::Equal)?;
            inits.push(p.parse_operand()?);
            if p.accept(TokenKind::RParen) {
                break;
            }
            p.expect(TokenKind::Comma)?;
        }
    }
    let mut types = Vec::new();
    if !inits.is_empty() {
        p.expect(TokenKind::Colon)?;
        let at = p.loc();
        types = p.parse_type_list()?;
        resolve(p, state, &inits, &types, at)?;
    }
    keyword_attr_dict(p, state)?;
    let entry: Vec<_> = args.iter().cloned().zip(types.iter().copied()).collect();
    p.expect_keyword("cond")?;
    let cond = p.parse_region(entry.clone(), false)?;
    p.expect_keyword("do")?;
    let body = p.parse_region(entry, false)?;
    state.regions = vec![cond, body];
    state.result_types = types;
    rename(p, state, HloOpKind::While);
    Ok(())
}

/// `%a, %b attr-dict : t1, t2`, or nothing.
pub(crate) fn parse_return(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let values = p.parse_optional_operand_list()?;
    attr_dict(p, state)?;
    if !values.is_empty() {
        p.expect(TokenKind::Colon)?;
        let at = p.loc();
        let types = p.parse_type_list()?;
        resolve(p, state, &values, &types, at)?;
    }
    rename(p, state, HloOpKind::Return);
    Ok(())
}

/// Whether `v` is defined inside `region` (at any depth).
fn defined_in(body: &Body, v: ValueId, region: RegionId) -> bool {
    let mut block = body.value_block(v);
    while let Some(b) = block {
        let Some(r) = body.block(b).region.expand() else { return false };
        if r == region {
            return true;
        }
        block = body.region(r).parent.expand().and_then(|parent| body.op_block(parent));
    }
    false
}

/// The ops inside `region`, at any depth, in pre-order.
fn ops_in(body: &Body, region: RegionId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &block in &body.region(region).blocks {
        for op in body.block_ops(block) {
            out.push(op);
            out.extend(body.nested_ops(op, WalkOrder::PreOrder));
        }
    }
    out
}

/// Generic `"stablehlo.case"`/`"stablehlo.if"` to `hlo.conditional` (see the module
/// documentation).
pub(crate) fn convert_conditional(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let location = body.op(op).location;
    let selector = *body.op(op).operands.first().ok_or_else(|| op_error(body, op, "needs a selector operand"))?;
    if body.op(op).operands.len() != 1 {
        return Err(op_error(body, op, format!("takes one operand, found {}", body.op(op).operands.len())));
    }
    let mut branch_operands = Vec::new();
    for region in body.op(op).regions.clone() {
        let blocks = body.region(region).blocks.clone();
        let &[block] = blocks.as_slice() else {
            return Err(op_error(body, op, format!("each branch must have exactly one block, found {}", blocks.len())));
        };
        if !body.block(block).args.is_empty() {
            return Err(op_error(body, op, "branches take no arguments"));
        }
        let inner = ops_in(body, region);
        let mut captured = Vec::new();
        let mut seen = HashSet::new();
        for &o in &inner {
            for &v in &body.op(o).operands {
                if !defined_in(body, v, region) && seen.insert(v) {
                    captured.push(v);
                }
            }
        }
        let types: Vec<_> = captured.iter().map(|v| body.value_type(*v)).collect();
        let tuple_type = ctx.ty(TypeData::Tuple(types.clone()));
        let mut tuple = OpState::new(ctx.symbol(HloOpKind::Tuple.name()), location);
        tuple.operands = captured.clone();
        tuple.result_types = vec![tuple_type];
        let tuple = body.create_op(tuple);
        body.insert_op(tuple, InsertPoint::Before(op));
        branch_operands.push(body.result(tuple, 0));
        let arg = body.add_block_arg(block, tuple_type);
        let inside: HashSet<OpId> = inner.into_iter().collect();
        let mut at = InsertPoint::BlockStart(block);
        for (i, (value, ty)) in captured.iter().zip(types).enumerate() {
            let mut get = OpState::new(ctx.symbol(HloOpKind::GetTupleElement.name()), location);
            get.operands = vec![arg];
            get.result_types = vec![ty];
            get.set_attr(ctx.symbol("index"), ctx.i64_attr(i as i64));
            let get = body.create_op(get);
            body.insert_op(get, at);
            at = InsertPoint::After(get);
            let replacement = body.result(get, 0);
            let uses: Vec<_> = body.value(*value).uses.iter().filter(|u| inside.contains(&u.op)).copied().collect();
            for u in uses {
                body.set_operand(u.op, u.index as usize, replacement);
            }
        }
    }
    let mut operands = vec![selector];
    operands.extend(branch_operands);
    body.set_operands(op, operands);
    rename_op(body, op, HloOpKind::Conditional);
    Ok(())
}
