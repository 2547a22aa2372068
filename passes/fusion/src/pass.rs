//! The `fusion` pass: every function of the module, each block of its body and of the
//! bodies of its `hlo.while` and `hlo.conditional` ops (reducers and fusions are left
//! alone), decided ([`crate::decide`]) then outlined ([`crate::outline`]).
//!
//! Options: `dump-graph=FILE.dot` writes the fused graph of the module's functions
//! ([`crate::dot`]); `max-fused-ops`, `max-duplicates` and `max-outputs` bound the
//! heuristics ([`crate::decide::Limits`]). A bad value is an error located in the pipeline
//! text; a file that cannot be written is an error at the module.

use xla_dialects::func::FuncOp;
use xla_dialects::hlo::HloOp;
use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions, MODULE_OP};
use xla_ir::{BlockId, Body, Diagnostic, Op, OpId};

use crate::decide::{decide, Limits};
use crate::graph::BlockGraph;

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "fusion",
    name: "Fusion",
    summary: "Fuse hlo ops into hlo.fusion ops: loop (elementwise and data movement into consumers), input (producers into reductions), output (dot + bias + activation), multi-output (siblings sharing an operand)",
    anchor: PassAnchor::Op(MODULE_OP),
    options: &[
        OptionSpec {
            name: "dump-graph",
            kind: OptionKind::String,
            default: "",
            help: "Write the fused dataflow graph to this file as graphviz dot",
        },
        OptionSpec { name: "max-fused-ops", kind: OptionKind::UInt, default: "64", help: "The most ops one fusion holds (at least 2)" },
        OptionSpec {
            name: "max-duplicates",
            kind: OptionKind::UInt,
            default: "4",
            help: "The most fusions a cheap producer with several consumers is duplicated into",
        },
        OptionSpec { name: "max-outputs", kind: OptionKind::UInt, default: "4", help: "The most roots a multi-output fusion has (at least 1)" },
    ],
};

/// The pass.
pub struct Fusion {
    /// Where to write the fused graph, if anywhere.
    pub dump_graph: Option<String>,
    /// The heuristics' limits.
    pub limits: Limits,
}

/// Builds the pass from its options.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let bounded = |name: &str, least: u64| -> Result<usize, String> {
        let value = options.uint(name);
        if value < least {
            return Err(format!("option '{name}' of pass 'fusion' must be at least {least}, found {value}"));
        }
        usize::try_from(value).map_err(|_| format!("option '{name}' of pass 'fusion' is too large"))
    };
    let limits = Limits { max_fused_ops: bounded("max-fused-ops", 2)?, max_duplicates: bounded("max-duplicates", 0)?, max_outputs: bounded("max-outputs", 1)? };
    let dump = options.string("dump-graph");
    Ok(Box::new(Fusion { dump_graph: (!dump.is_empty()).then(|| dump.to_string()), limits }))
}

impl Pass for Fusion {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, module: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let functions = run_on_module(body, module, self.limits)?;
        if let Some(path) = &self.dump_graph {
            let text = crate::dot::render(body, &functions);
            std::fs::write(path, text).map_err(|e| vec![Diagnostic::error(body.op(module).location, format!("fusion cannot write the graph to '{path}': {e}"))])?;
        }
        Ok(())
    }
}

/// Fuses every function of `module` within `limits`; returns the functions.
pub fn run_on_module(body: &mut Body, module: OpId, limits: Limits) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    let functions: Vec<OpId> = body
        .op(module)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|op| FuncOp::cast(body, *op).is_some())
        .collect();
    let mut errors = Vec::new();
    for &func in &functions {
        for block in computation_blocks(body, func) {
            if let Err(e) = fuse_block(body, block, limits) {
                errors.push(e);
            }
        }
    }
    if errors.is_empty() {
        Ok(functions)
    } else {
        Err(errors)
    }
}

/// Fuses the ops of one block.
pub fn fuse_block(body: &mut Body, block: BlockId, limits: Limits) -> Result<Vec<OpId>, Diagnostic> {
    let Some(parent) = body.block_parent_op(block) else { return Ok(Vec::new()) };
    let graph = BlockGraph::build(body, block);
    let plan = decide(body, &graph, limits, parent)?;
    crate::outline::outline(body, block, &graph, &plan)
}

/// The blocks of `func` holding computations to fuse: its body's, and those of the regions
/// of `hlo.while` and `hlo.conditional` ops in them, nested ones first.
fn computation_blocks(body: &Body, func: OpId) -> Vec<BlockId> {
    let mut blocks = Vec::new();
    let mut stack: Vec<BlockId> = body.op(func).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).collect();
    while let Some(block) = stack.pop() {
        for op in body.block_ops(block) {
            if matches!(HloOp::of(body, op), Some(HloOp::While(_) | HloOp::Conditional(_))) {
                stack.extend(body.op(op).regions.iter().flat_map(|r| body.region(*r).blocks.clone()));
            }
        }
        blocks.push(block);
    }
    blocks.reverse();
    blocks
}
