//! Functions and calls: the order in which functions get their arenas (callees first), and
//! each call's slice of its caller's arena.
//!
//! A function with an arena takes it as its last argument, so every call of it passes one:
//! a `loop.alloc` of the callee's arena size, made right before the call and used by it
//! alone. Placing the caller's temporaries then turns that alloc into a slice of the
//! caller's own arena, live exactly for the call, like any other temporary; inside a
//! `loop.parallel` body it stays `malloc`, so that iterations running at once never share
//! a callee's arena. Functions on a cycle of calls (which lowered HLO never has) get no
//! arena of their own: their sizes would depend on themselves.
//!
//! Invariant: when a function gets an arena, every call of it in the module is given one
//! of exactly its size before any caller is laid out.

use std::collections::{HashMap, HashSet};

use xla_dialects::loops::arena::arena_type;
use xla_ir::{AttrData, Body, InsertPoint, OpId, OpState, WalkOrder};

/// The `func.func`s with a body directly in `module`, by name.
pub fn functions(body: &Body, module: OpId) -> Vec<(String, OpId)> {
    let ctx = body.ctx();
    body.op(module)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|op| body.op_name(*op) == "func.func")
        .filter(|op| body.op(*op).regions.first().is_some_and(|r| !body.region(*r).blocks.is_empty()))
        .filter_map(|op| body.attr(op, "sym_name").and_then(|a| ctx.as_string(a)).map(|name| (name.to_string(), op)))
        .collect()
}

/// The name `call` (a `func.call`) calls, when it is a flat symbol.
pub fn callee(body: &Body, call: OpId) -> Option<String> {
    match body.attr(call, "callee").map(|a| body.ctx().attr_data(a)) {
        Some(AttrData::SymbolRef(path)) if path.len() == 1 => Some(body.ctx().symbol_str(path[0]).to_string()),
        _ => None,
    }
}

/// The `func.call`s nested in `func`.
pub fn calls(body: &Body, func: OpId) -> Vec<OpId> {
    body.nested_ops(func, WalkOrder::PreOrder).into_iter().filter(|op| body.op_name(*op) == "func.call").collect()
}

/// `functions` ordered callees first, and the set of those on a cycle of calls.
pub fn callees_first(body: &Body, functions: &[(String, OpId)]) -> (Vec<OpId>, HashSet<OpId>) {
    let by_name: HashMap<&str, OpId> = functions.iter().map(|(n, f)| (n.as_str(), *f)).collect();
    let callees: HashMap<OpId, Vec<OpId>> = functions
        .iter()
        .map(|(_, f)| (*f, calls(body, *f).into_iter().filter_map(|c| callee(body, c)).filter_map(|n| by_name.get(n.as_str()).copied()).collect()))
        .collect();
    let mut order = Vec::new();
    let mut done = HashSet::new();
    for (_, f) in functions {
        post_order(*f, &callees, &mut done, &mut order);
    }
    let recursive = functions.iter().map(|(_, f)| *f).filter(|f| reaches(*f, *f, &callees)).collect();
    (order, recursive)
}

/// Appends `f` after everything it calls, once (iteratively, so deep call chains cannot
/// overflow the stack).
fn post_order(f: OpId, callees: &HashMap<OpId, Vec<OpId>>, done: &mut HashSet<OpId>, order: &mut Vec<OpId>) {
    if !done.insert(f) {
        return;
    }
    let mut stack = vec![(f, 0usize)];
    while let Some((g, next)) = stack.pop() {
        match callees.get(&g).and_then(|c| c.get(next)) {
            Some(&h) => {
                stack.push((g, next + 1));
                if done.insert(h) {
                    stack.push((h, 0));
                }
            }
            None => order.push(g),
        }
    }
}

/// Whether some chain of calls leads from `from` to `to`.
fn reaches(from: OpId, to: OpId, callees: &HashMap<OpId, Vec<OpId>>) -> bool {
    let mut seen = HashSet::new();
    let mut stack: Vec<OpId> = callees.get(&from).cloned().unwrap_or_default();
    while let Some(g) = stack.pop() {
        if g == to {
            return true;
        }
        if seen.insert(g) {
            stack.extend(callees.get(&g).into_iter().flatten().copied());
        }
    }
    false
}

/// Gives every call in `func` of a function of `arenas` (name to arena size) a fresh
/// `loop.alloc` of that size as its last operand.
pub fn give_call_arenas(body: &mut Body, func: OpId, arenas: &HashMap<String, u64>) {
    let ctx = body.ctx();
    for call in calls(body, func) {
        let Some(&bytes) = callee(body, call).and_then(|name| arenas.get(&name)) else { continue };
        let mut state = OpState::new(ctx.symbol("loop.alloc"), body.op(call).location);
        state.result_types.push(arena_type(ctx, bytes));
        let alloc = body.create_op(state);
        body.insert_op(alloc, InsertPoint::Before(call));
        let mut operands = body.op(call).operands.clone();
        operands.push(body.result(alloc, 0));
        body.set_operands(call, operands);
    }
}
