//! Identical outlined loop nests share one function.
//!
//! A model of identical layers lowers the same fused kernels once per layer: the nests
//! outlined from its entry ([`super::parallel`]) come out the same but for their names,
//! since an outlined function reads everything it uses from its context and re-emits its
//! constants. LLVM would optimize and emit each copy again; here every function whose
//! printed form (its name left out) equals an earlier one's is dropped, and the caller's
//! references (`llvm.call`'s `callee`, `llvm.mlir.addressof`'s `function`) name the one
//! kept.
//!
//! Invariant: two functions are merged only when their printed forms, which show every
//! op, attribute, type and value reference of their bodies, are equal, so the kept one
//! computes what the dropped one did from the same context.

use std::collections::HashMap;

use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::{AttrData, Body, OpId, RegionId};


/// The attributes that name the function an op calls or takes the address of.
const FUNCTION_REFERENCES: [&str; 2] = ["callee", "function"];

/// Keeps the first of each set of identical functions among `outlined` (not yet inserted
/// anywhere) and points the references in `caller` at it; returns the functions kept.
pub fn share_identical(body: &mut Body, caller: RegionId, outlined: Vec<OpId>) -> Vec<OpId> {
    let mut first_with_form: HashMap<String, String> = HashMap::new();
    let mut replaced: HashMap<String, String> = HashMap::new();
    let mut kept = Vec::new();
    for func in outlined {
        let ctx = body.ctx();
        let name = body.attr(func, "sym_name").and_then(|a| ctx.as_string(a)).unwrap_or_default().to_string();
        let form = print_op(body, func, &PrintOptions::default()).replacen(&name, "", 1);
        match first_with_form.get(&form) {
            Some(first) => {
                replaced.insert(name, first.clone());
                body.erase_op(func);
            }
            None => {
                first_with_form.insert(form, name);
                kept.push(func);
            }
        }
    }
    if !replaced.is_empty() {
        redirect(body, caller, &replaced);
    }
    kept
}

/// Renames the function references of the ops in `region` (at any depth) by `replaced`.
fn redirect(body: &mut Body, region: RegionId, replaced: &HashMap<String, String>) {
    let ctx = body.ctx();
    for block in body.region(region).blocks.clone() {
        for op in body.block_ops(block).collect::<Vec<_>>() {
            for attr_name in FUNCTION_REFERENCES {
                let Some(attr) = body.attr(op, attr_name) else { continue };
                let AttrData::SymbolRef(path) = ctx.attr_data(attr) else { continue };
                let [symbol] = path[..] else { continue };
                if let Some(kept) = replaced.get(ctx.symbol_str(symbol)) {
                    body.set_attr(op, attr_name, ctx.symbol_ref_attr(vec![ctx.symbol(kept)]));
                }
            }
            for inner in body.op(op).regions.clone() {
                redirect(body, inner, replaced);
            }
        }
    }
}
