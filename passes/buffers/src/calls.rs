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
//! of exactly its size before any caller is laid out. Functions and calls are known by
//! their typed views ([`FuncOp`], [`CallOp`]), whose attributes the module's verifier has
//! checked.

use std::collections::{HashMap, HashSet};

use xla_dialects::func::{CallOp, FuncDialectOp, FuncOp};
use xla_dialects::loops::arena::arena_type;
use xla_dialects::loops::AllocOp;
use xla_ir::{Body, Builder, InsertPoint, Op, OpId, WalkOrder};

/// The `func.func`s with a body directly in `module`, by name.
pub fn functions(body: &Body, module: OpId) -> Vec<(String, FuncOp)> {
    body.op(module)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter_map(|op| match FuncDialectOp::of(body, op) {
            Some(FuncDialectOp::Func(func)) => Some(func),
            _ => None,
        })
        .filter(|func| !body.region(func.body(body)).blocks.is_empty())
        .map(|func| (func.sym_name(body).to_string(), func))
        .collect()
}

/// The name `call` calls, when it is a flat symbol.
pub fn callee(body: &Body, call: CallOp) -> Option<String> {
    match call.callee(body) {
        [name] => Some(body.ctx().symbol_str(*name).to_string()),
        _ => None,
    }
}

/// The `func.call`s nested in `func`.
pub fn calls(body: &Body, func: FuncOp) -> Vec<CallOp> {
    body.nested_ops(func.id(), WalkOrder::PreOrder)
        .into_iter()
        .filter_map(|op| match FuncDialectOp::of(body, op) {
            Some(FuncDialectOp::Call(call)) => Some(call),
            _ => None,
        })
        .collect()
}

/// `functions` ordered callees first, and the set of those on a cycle of calls.
pub fn callees_first(body: &Body, functions: &[(String, FuncOp)]) -> (Vec<FuncOp>, HashSet<FuncOp>) {
    let by_name: HashMap<&str, FuncOp> = functions.iter().map(|(n, f)| (n.as_str(), *f)).collect();
    let callees: HashMap<FuncOp, Vec<FuncOp>> = functions
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
fn post_order(f: FuncOp, callees: &HashMap<FuncOp, Vec<FuncOp>>, done: &mut HashSet<FuncOp>, order: &mut Vec<FuncOp>) {
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
fn reaches(from: FuncOp, to: FuncOp, callees: &HashMap<FuncOp, Vec<FuncOp>>) -> bool {
    let mut seen = HashSet::new();
    let mut stack: Vec<FuncOp> = callees.get(&from).cloned().unwrap_or_default();
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
pub fn give_call_arenas(body: &mut Body, func: FuncOp, arenas: &HashMap<String, u64>) {
    let ctx = body.ctx();
    for call in calls(body, func) {
        let Some(&bytes) = callee(body, call).and_then(|name| arenas.get(&name)) else { continue };
        let call = call.id();
        let location = body.op(call).location;
        let mut builder = Builder::new(body, location);
        builder.set_insert_point(InsertPoint::Before(call));
        let arena = match AllocOp::build(&mut builder, arena_type(ctx, bytes)) {
            Ok(alloc) => alloc.result(body),
            Err(_) => unreachable!("an alloc infers nothing, so building one cannot fail"),
        };
        let mut operands = body.op(call).operands.clone();
        operands.push(arena);
        body.set_operands(call, operands);
    }
}
