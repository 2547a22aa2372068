//! `symbol-dce`: erases private symbols nothing refers to, as MLIR's pass of that name.
//!
//! A symbol is an operation with a `sym_name` directly inside a symbol table (a module). It
//! is dead when its `sym_visibility` is `"private"` and no symbol reference (`@name`, in any
//! attribute of any operation, arrays and dictionaries included) names it outside its own
//! body. Erasing one may kill the symbols only it referred to, so the pass repeats until
//! nothing changes. Readers leave such functions behind: XLA's HLO text keeps a reduction's
//! computation as its own function after the reader copies it into the `hlo.reduce`.
//!
//! Invariant: public symbols and symbols of unknown visibility are never erased.

use std::collections::HashSet;

use xla_ir::pass::{Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::{AttrData, Attribute, Body, Context, Diagnostic, OpId, WalkOrder};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "symbol-dce",
    name: "SymbolDCE",
    summary: "Erase private symbols (functions) that nothing refers to",
    anchor: PassAnchor::Op(xla_ir::pass::MODULE_OP),
    options: &[],
};

/// The pass; see the module documentation.
#[derive(Default)]
pub struct SymbolDce {
    /// The names of the symbols the last run erased, in order.
    pub erased: Vec<String>,
}

/// The registry's constructor.
pub fn create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(SymbolDce::default()))
}

impl Pass for SymbolDce {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, module: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        self.erased.clear();
        let ctx = body.ctx();
        loop {
            let symbols: Vec<OpId> = body.op(module).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).flat_map(|b| body.block_ops(b).collect::<Vec<_>>()).collect();
            let mut dead = None;
            for &symbol in &symbols {
                let Some(name) = body.symbol_name(symbol) else { continue };
                let private = body.attr(symbol, "sym_visibility").and_then(|a| ctx.as_string(a)) == Some("private");
                if private && !referenced_outside(body, module, symbol, name) {
                    dead = Some((symbol, name.to_string()));
                    break;
                }
            }
            let Some((symbol, name)) = dead else { return Ok(()) };
            body.erase_op(symbol);
            self.erased.push(name);
        }
    }
}

/// Whether any operation in `module` but outside `symbol` refers to `@name`.
fn referenced_outside(body: &Body, module: OpId, symbol: OpId, name: &str) -> bool {
    let ctx = body.ctx();
    let inside: HashSet<OpId> = body.nested_ops(symbol, WalkOrder::PreOrder).into_iter().chain([symbol]).collect();
    body.nested_ops(module, WalkOrder::PreOrder)
        .into_iter()
        .filter(|op| !inside.contains(op))
        .any(|op| body.op(op).attributes.iter().any(|a| refers_to(ctx, a.value, name)))
}

/// Whether `attr` (or an attribute nested in it) is a symbol reference to `name`.
fn refers_to(ctx: &Context, attr: Attribute, name: &str) -> bool {
    match ctx.attr_data(attr) {
        AttrData::SymbolRef(path) => path.first().is_some_and(|s| ctx.symbol_str(*s) == name),
        AttrData::Array(items) => items.iter().any(|a| refers_to(ctx, *a, name)),
        AttrData::Dictionary(entries) => entries.iter().any(|e| refers_to(ctx, e.value, name)),
        _ => false,
    }
}
