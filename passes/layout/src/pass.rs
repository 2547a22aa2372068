//! The `layout-assignment` pass: every function of the module, its entry layouts first
//! ([`crate::entry::apply_attributes`]), then [`crate::assign::assign_function`].
//!
//! Option `stats`: a remark per function with the copies inserted, the transposes made
//! bitcasts, the layout changes of the input dropped and the values padded. Option
//! `vector-bytes` (0, off, by default) pads minor dimensions to the vector width
//! ([`crate::vector_padding`]).

use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions, MODULE_OP};
use xla_dialects::func::FuncOp;
use xla_ir::{Body, Diagnostic, Op, OpId};

use crate::assign::assign_function;
use xla_dialects::func::function_signature;

use crate::entry::apply_attributes;
use crate::vector_padding::pad_minor_dimensions;

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "layout-assignment",
    name: "LayoutAssignment",
    summary: "A layout for every tensor value: given entry layouts, operator preferences, row-major by default; copies where they conflict; transposes that move nothing become bitcasts",
    anchor: PassAnchor::Op(MODULE_OP),
    options: &[
        OptionSpec {
            name: "stats",
            kind: OptionKind::Bool,
            default: "false",
            help: "Report, per function, the copies inserted and the transposes made bitcasts",
        },
        OptionSpec {
            name: "vector-bytes",
            kind: OptionKind::UInt,
            default: "0",
            help: "Pad the minor dimension of intermediate values to vectors of this many bytes where that pays (0: off)",
        },
    ],
};

/// The pass.
pub struct LayoutAssignment {
    stats: bool,
    vector_bytes: u32,
}

/// Builds the pass from its options.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let vector_bytes = u32::try_from(options.uint("vector-bytes")).map_err(|_| "vector-bytes must be below 2^32".to_string())?;
    Ok(Box::new(LayoutAssignment { stats: options.bool("stats"), vector_bytes }))
}

/// Runs layout assignment on every function of `module`, padding minor dimensions to
/// vectors of `vector_bytes` bytes where that pays (0: never).
pub fn run_on_module(body: &mut Body, module: OpId, vector_bytes: u32) -> Result<Vec<(OpId, crate::assign::Stats)>, Vec<Diagnostic>> {
    let functions: Vec<OpId> = body
        .op(module)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|op| FuncOp::cast(body, *op).is_some())
        .collect();
    let mut all = Vec::new();
    for func in functions {
        apply_attributes(body, func).map_err(|d| vec![d])?;
        let Some((_, results)) = function_signature(body, func) else { continue };
        let mut stats = assign_function(body, func, &results);
        if vector_bytes > 0 {
            stats.padded = pad_minor_dimensions(body, func, vector_bytes);
        }
        all.push((func, stats));
    }
    Ok(all)
}

impl Pass for LayoutAssignment {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let stats = run_on_module(body, op, self.vector_bytes)?;
        if self.stats {
            for (func, s) in stats {
                let name = body.symbol_name(func).unwrap_or("?").to_string();
                let message = format!(
                    "layout-assignment @{name}: {} copies inserted, {} transposes made bitcasts, {} layout changes of the input dropped, {} values padded to the vector width",
                    s.copies, s.bitcasts, s.dropped, s.padded
                );
                cx.remark(body.op(func).location, message);
            }
        }
        Ok(())
    }
}
