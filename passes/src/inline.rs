//! `inline`: replaces each call of a function of the module by a copy of the function's
//! body, as XLA's `CallInliner` does before fusion, so that code generation and fusion see
//! one dataflow graph instead of functions exchanging buffers.
//!
//! A call is an operation with the `CallLike` trait (`func.call`, `hlo.call`); its callee
//! is the function its one flat symbol reference names among the module's top-level
//! symbols. A call is inlined when the callee has a single block ending in a `ReturnLike`
//! terminator whose operands have the call's result types, and the block's arguments have
//! the call's operand types: the block's operations are copied before the call with the
//! arguments read as the call's operands, the call's results are replaced by the copied
//! terminator's operands, and the call is erased. Calls inside the copies are inlined in
//! the next round, up to [`MAX_ROUNDS`] rounds, so nesting that deep (or recursion, which
//! XLA does not have) leaves calls in place rather than looping. A call inside its own
//! callee is never inlined. Functions left without callers stay; `symbol-dce` erases the
//! private ones.
//!
//! Invariant: every value computed is computed as before, on the same operands; only the
//! call boundary disappears. Locations are the callee's, so diagnostics still point into
//! the function.

use std::collections::HashMap;

use xla_ir::pass::{Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::{AttrData, Body, Diagnostic, InsertPoint, OpId, OpTrait, ValueMapping, WalkOrder};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "inline",
    name: "Inliner",
    summary: "Inline calls of the module's single-block functions into their callers",
    anchor: PassAnchor::Op(xla_ir::pass::MODULE_OP),
    options: &[],
};

/// How many times calls exposed by inlining are inlined in turn.
pub const MAX_ROUNDS: usize = 16;

/// The pass; see the module documentation.
#[derive(Default)]
pub struct Inline {
    /// How many calls the last run inlined.
    pub inlined: usize,
}

/// The registry's constructor.
pub fn create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(Inline::default()))
}

impl Pass for Inline {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, module: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        self.inlined = inline_calls(body, module);
        Ok(())
    }
}

/// Inlines the calls of `module` (see the module documentation); returns how many.
pub fn inline_calls(body: &mut Body<'_>, module: OpId) -> usize {
    let mut inlined = 0;
    for _ in 0..MAX_ROUNDS {
        let functions = top_level_symbols(body, module);
        let calls: Vec<OpId> = body.nested_ops(module, WalkOrder::PreOrder).into_iter().filter(|op| is_call(body, *op)).collect();
        let mut this_round = 0;
        for call in calls {
            let Some(callee) = callee_of(body, call, &functions) else { continue };
            if body.is_ancestor(callee, call) || !inline_call(body, call, callee) {
                continue;
            }
            this_round += 1;
        }
        inlined += this_round;
        if this_round == 0 {
            break;
        }
    }
    inlined
}

/// Whether `op` is a call.
fn is_call(body: &Body<'_>, op: OpId) -> bool {
    body.ctx().op_def(body.op(op).name).is_some_and(|def| def.has_trait(OpTrait::CallLike))
}

/// The module's top-level symbols by name.
fn top_level_symbols(body: &Body<'_>, module: OpId) -> HashMap<String, OpId> {
    let mut symbols = HashMap::new();
    for &region in &body.op(module).regions {
        for &block in &body.region(region).blocks {
            for op in body.block_ops(block) {
                if let Some(name) = body.symbol_name(op) {
                    symbols.insert(name.to_string(), op);
                }
            }
        }
    }
    symbols
}

/// The function `call` names with its one flat symbol reference, if the module has it.
fn callee_of(body: &Body<'_>, call: OpId, functions: &HashMap<String, OpId>) -> Option<OpId> {
    let ctx = body.ctx();
    let mut references = body.op(call).attributes.iter().filter_map(|a| match ctx.attr_data(a.value) {
        AttrData::SymbolRef(path) => Some(path.clone()),
        _ => None,
    });
    let path = references.next()?;
    if references.next().is_some() {
        return None;
    }
    let [name] = path[..] else { return None };
    functions.get(ctx.symbol_str(name)).copied()
}

/// Inlines `call` of `callee` when the callee's shape allows (see the module
/// documentation); returns whether it did.
fn inline_call(body: &mut Body<'_>, call: OpId, callee: OpId) -> bool {
    let [region] = body.op(callee).regions[..] else { return false };
    let [block] = body.region(region).blocks[..] else { return false };
    let Some(terminator) = body.last_op(block) else { return false };
    let ctx = body.ctx();
    let returns = ctx.op_def(body.op(terminator).name).is_some_and(|def| def.has_trait(OpTrait::ReturnLike));
    let params = body.block(block).args.clone();
    let (operands, results) = (body.op(call).operands.clone(), body.op(call).results.clone());
    let returned = body.op(terminator).operands.clone();
    let same_types = |a: &[xla_ir::ValueId], b: &[xla_ir::ValueId]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| body.value_type(*x) == body.value_type(*y))
    };
    if !returns || !same_types(&params, &operands) || !same_types(&returned, &results) {
        return false;
    }
    let mut mapping = ValueMapping::new();
    for (param, operand) in params.iter().zip(&operands) {
        mapping.map(*param, *operand);
    }
    let ops: Vec<OpId> = body.block_ops(block).filter(|op| *op != terminator).collect();
    for op in ops {
        let copy = body.clone_op(op, &mut mapping);
        body.insert_op(copy, InsertPoint::Before(call));
    }
    for (result, value) in results.iter().zip(&returned) {
        let replacement = mapping.lookup(*value);
        body.replace_all_uses(*result, replacement);
    }
    body.erase_op(call);
    true
}
