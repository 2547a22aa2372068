//! The `layout-assignment` pass: every function of the module, its entry layouts first
//! ([`crate::entry::apply_attributes`]), then [`crate::assign::assign_function`].
//!
//! Option `stats`: a remark per function with the copies inserted, the transposes made
//! bitcasts and the layout changes of the input dropped.

use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions, MODULE_OP};
use xla_ir::{Body, Diagnostic, OpId};

use crate::assign::assign_function;
use crate::entry::{apply_attributes, signature};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "layout-assignment",
    name: "LayoutAssignment",
    summary: "A layout for every tensor value: given entry layouts, operator preferences, row-major by default; copies where they conflict; transposes that move nothing become bitcasts",
    anchor: PassAnchor::Op(MODULE_OP),
    options: &[OptionSpec {
        name: "stats",
        kind: OptionKind::Bool,
        default: "false",
        help: "Report, per function, the copies inserted and the transposes made bitcasts",
    }],
};

/// The pass.
pub struct LayoutAssignment {
    stats: bool,
}

/// Builds the pass from its options.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(LayoutAssignment { stats: options.bool("stats") }))
}

/// Runs layout assignment on every function of `module`.
pub fn run_on_module(body: &mut Body, module: OpId) -> Result<Vec<(OpId, crate::assign::Stats)>, Vec<Diagnostic>> {
    let functions: Vec<OpId> = body
        .op(module)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|op| body.op_name(*op) == "func.func")
        .collect();
    let mut all = Vec::new();
    for func in functions {
        apply_attributes(body, func).map_err(|d| vec![d])?;
        let Some((_, results)) = signature(body, func) else { continue };
        all.push((func, assign_function(body, func, &results)));
    }
    Ok(all)
}

impl Pass for LayoutAssignment {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let stats = run_on_module(body, op)?;
        if self.stats {
            let ctx = body.ctx();
            for (func, s) in stats {
                let name = body.attr(func, "sym_name").and_then(|a| ctx.as_string(a)).unwrap_or("?").to_string();
                let message = format!(
                    "layout-assignment @{name}: {} copies inserted, {} transposes made bitcasts, {} layout changes of the input dropped",
                    s.copies, s.bitcasts, s.dropped
                );
                cx.remark(body.op(func).location, message);
            }
        }
        Ok(())
    }
}
