//! `lower-to-llvm`: the `loop` dialect to the `llvm` dialect (docs/lowering.md).
//!
//! Every loop-level `func.func` (buffers in destination-passing style) becomes an
//! `llvm.func` of pointers returning an `i32` status ([`functions`]); its body's
//! structured control flow becomes blocks and branches with block arguments
//! ([`control_flow`]), each loop's back edge with a hint of how LLVM may unroll and vectorize it
//! ([`loop_hints`]); buffers become pointers addressed through their layouts
//! ([`memory`]); scalar ops get XLA's exact semantics, the reference interpreter's
//! ([`arith`], [`math`], [`compare`], [`convert`]), complex numbers packed in one
//! integer and taken apart for arithmetic ([`complex`]), minifloats (`f8`, `f6`, `f4`)
//! kept as their codes, decoded to compute and encoded back ([`minifloat`]); runtime calls pass the run options
//! and return their status ([`runtime`]). Then an entry wrapper with the ABI of
//! docs/lowering.md calls the entry function ([`entry`]). [`types`] says what each type
//! becomes, [`lowering`] holds the state of one function and [`emit`] builds llvm ops.
//!
//! Options: `entry=NAME` is the function to wrap (by default `main` when the module has
//! one, else none), `name=SYMBOL` the wrapper's symbol (by default `xla_<entry>`),
//! `flush-denormals` (on by default) whether the wrapper runs the entry with subnormal
//! floats flushed to zero, as XLA CPU does. With a wrapper, the lowered functions get
//! internal linkage, so that only the wrapper is exported; without one they keep external
//! linkage.
//!
//! Any op it does not lower is a located error ("lower-to-llvm does not handle 'x' yet");
//! the module is then left as it was. It never panics.

pub mod arith;
pub mod complex;
pub mod compare;
pub mod control_flow;
pub mod convert;
pub mod emit;
pub mod entry;
pub mod functions;
pub mod loop_bounds;
pub mod loop_hints;
pub mod lowering;
pub mod math;
pub mod memory;
pub mod minifloat;
pub mod parallel;
mod share_outlined;
pub mod runtime;
pub mod types;
pub mod approximations;

use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::{Body, Diagnostic, InsertPoint, OpId};

pub use entry::{default_symbol, entry_signature, EntrySignature, EntrySpec, NUM_RESULTS_ATTR};
pub use memory::BufferLayout;
pub use types::Scalar;

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "lower-to-llvm",
    name: "LowerToLlvm",
    summary: "Lower loop-level functions to the llvm dialect, with an entry wrapper of the AOT ABI",
    anchor: PassAnchor::Op(xla_ir::pass::MODULE_OP),
    options: &[
        OptionSpec {
            name: "entry",
            kind: OptionKind::String,
            default: "",
            help: "The function the entry wrapper calls (default: main when there is one, else no wrapper)",
        },
        OptionSpec { name: "name", kind: OptionKind::String, default: "", help: "The entry wrapper's symbol (default: xla_<entry>)" },
        OptionSpec {
            name: "flush-denormals",
            kind: OptionKind::Bool,
            default: "true",
            help: "Run the entry with subnormal floats flushed to zero (x86 MXCSR FTZ and DAZ), as XLA CPU does",
        },
    ],
};

/// How the pass lowers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether entry wrappers flush subnormal floats to zero around the call (and calls of
    /// libm, which classify their operands by their bits, get them flushed explicitly).
    pub flush_denormals: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { flush_denormals: true }
    }
}

/// The pass; see the module documentation.
#[derive(Default)]
pub struct LowerToLlvm {
    /// The function to wrap, if given.
    pub entry: Option<String>,
    /// The wrapper's symbol, if given.
    pub name: Option<String>,
    /// How it lowers.
    pub options: Options,
}

/// The registry's constructor.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let given = |name: &str| Some(options.string(name).to_string()).filter(|s| !s.is_empty());
    let lowering = Options { flush_denormals: options.bool("flush-denormals") };
    Ok(Box::new(LowerToLlvm { entry: given("entry"), name: given("name"), options: lowering }))
}

impl Pass for LowerToLlvm {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, module: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let function = match &self.entry {
            Some(entry) => Some(entry.clone()),
            None => find_function(body, module, "main").map(|_| "main".to_string()),
        };
        let entries: Vec<EntrySpec> = function
            .into_iter()
            .map(|f| EntrySpec { symbol: self.name.clone().unwrap_or_else(|| default_symbol(&f)), function: f })
            .collect();
        lower_module(body, module, &entries, self.options)
    }
}

/// Lowers every `func.func` of `module` and adds a wrapper for each of `entries` at the
/// module's end. New functions are built beside the old ones, which go only when
/// everything succeeded, so a failure leaves the module unchanged.
pub fn lower_module(body: &mut Body<'_>, module: OpId, entries: &[EntrySpec], options: Options) -> Result<(), Vec<Diagnostic>> {
    let functions: Vec<OpId> = module_ops(body, module).into_iter().filter(|f| functions::is_function(body, *f)).collect();
    let linkage = if entries.is_empty() { "external" } else { "internal" };
    let unaliased = unaliased_entries(body, module, entries);
    let mut built = Vec::new();
    let mut errors = Vec::new();
    for &func in &functions {
        let buffers_unaliased = unaliased.iter().any(|name| name == functions::function_name(body, func));
        match functions::lower_function(body, func, linkage, buffers_unaliased, options) {
            Ok((new, outlined)) => {
                built.extend(outlined.into_iter().map(|f| (f, func)));
                built.push((new, func));
            }
            Err(e) => errors.push(e),
        }
    }
    for spec in entries {
        match wrap_entry(body, module, spec, options) {
            Ok(new) => built.push((new, module)),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let new_functions: Vec<OpId> = built.iter().map(|&(new, _)| new).collect();
    if let Some(hook) = memory::out_of_memory_hook(body, &new_functions, body.op(module).location) {
        built.push((hook, module));
    }
    for &(new, anchor) in &built {
        let at = if anchor == module { InsertPoint::BlockEnd(module_block(body, module)?) } else { InsertPoint::Before(anchor) };
        body.insert_op(new, at);
        let defined = body.op(new).regions.first().is_some_and(|r| !body.region(*r).blocks.is_empty());
        if options.flush_denormals && defined {
            // LLVM folds constants and simplifies as if subnormals were kept unless told
            // the function flushes them; the MXCSR bits alone only govern what runs.
            let ctx = body.ctx();
            body.set_attr(new, DENORMAL_FP_MATH_ATTR, ctx.string_attr("preserve-sign"));
        }
    }
    for &func in &functions {
        body.erase_op(func);
    }
    Ok(())
}

/// The attribute of an `llvm.func` listing the parameters (by position) that no other
/// parameter's memory overlaps, which translation marks `noalias`: a function's arena,
/// whose bytes are its own temporaries' only.
pub const NOALIAS_PARAMS_ATTR: &str = "noalias_params";

/// The attribute of an `llvm.func` that LLVM must not inline (`noinline`): the loop nests
/// outlined to keep functions small ([`parallel::OUTLINE_NESTS_ABOVE`]).
pub const NOINLINE_ATTR: &str = "noinline";

/// The attribute of an `llvm.func` naming the denormal mode its floating-point code runs
/// in (`preserve-sign`: subnormal inputs read as zero and subnormal results flushed to a
/// zero of their sign), which translation passes to LLVM as `denormal-fp-math`.
pub const DENORMAL_FP_MATH_ATTR: &str = "denormal_fp_math";

/// The functions of `entries` whose buffers may all be `noalias`: those only their wrappers
/// call. The entry ABI promises that no result buffer overlaps another buffer of the call
/// (arguments, which the entry only reads, may overlap each other), which a call from
/// inside the module (`func.call @main(%a, %a)`) need not keep.
fn unaliased_entries(body: &Body, module: OpId, entries: &[EntrySpec]) -> Vec<String> {
    let ctx = body.ctx();
    let mut referenced = Vec::new();
    for op in body.nested_ops(module, xla_ir::WalkOrder::PreOrder) {
        for attr in &body.op(op).attributes {
            if ctx.symbol_str(attr.name) != "sym_name" {
                crate::collect_symbols(ctx, attr.value, &mut referenced);
            }
        }
    }
    entries.iter().map(|e| e.function.clone()).filter(|f| !referenced.contains(f)).collect()
}

/// The wrapper of `spec`, after checking that its function exists and its symbol is free.
fn wrap_entry(body: &mut Body<'_>, module: OpId, spec: &EntrySpec, options: Options) -> Result<OpId, Diagnostic> {
    let at_module = |message: String| Diagnostic::error(body.op(module).location, message);
    let func = find_function(body, module, &spec.function).ok_or_else(|| at_module(format!("lower-to-llvm: there is no function @{} to wrap as the entry", spec.function)))?;
    if let Some(clash) = module_ops(body, module).into_iter().find(|op| body.symbol_name(*op) == Some(spec.symbol.as_str())) {
        return Err(Diagnostic::error(body.op(clash).location, format!("lower-to-llvm: the entry's symbol @{} is taken by this function; pick another name", spec.symbol)));
    }
    entry::build_entry(body, func, spec, options.flush_denormals)
}

/// The block of `module`'s body.
fn module_block(body: &Body, module: OpId) -> Result<xla_ir::BlockId, Vec<Diagnostic>> {
    body.op(module)
        .regions
        .first()
        .and_then(|r| body.entry_block(*r))
        .ok_or_else(|| vec![Diagnostic::error(body.op(module).location, "lower-to-llvm: the module has no body")])
}

/// The `func.func` named `name` directly in `module`.
pub fn find_function(body: &Body, module: OpId, name: &str) -> Option<OpId> {
    module_ops(body, module).into_iter().find(|op| functions::is_function(body, *op) && body.symbol_name(*op) == Some(name))
}

/// The ops directly inside `module`'s body.
fn module_ops(body: &Body, module: OpId) -> Vec<OpId> {
    body.op(module).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).flat_map(|b| body.block_ops(b).collect::<Vec<_>>()).collect()
}
