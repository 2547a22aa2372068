//! Code generation: `hlo` → `loop` → `llvm` dialect, then translation of the `llvm` dialect
//! to an LLVM module with inkwell, `default<O3>`, and object and C header emission through
//! a `TargetMachine` (see ARCHITECTURE.md, "lowering/", and docs/lowering.md, the
//! contract of each level).
//!
//! - [`to_loops`]: the pass `lower-to-loops`, hlo to the loop dialect (destination-passing
//!   functions over buffers, elemental loop nests); it uses no LLVM;
//! - [`to_llvm`]: the pass `lower-to-llvm`, loop to the llvm dialect (pointers, blocks and
//!   branches, XLA's scalar semantics, an entry wrapper of the AOT ABI); it uses no LLVM
//!   either;
//! - [`translate`]: a module of `llvm.func`s to an LLVM module, a table from op to builder
//!   call;
//! - [`target`]: a target machine for the host or a named x86-64 CPU, `default<O3>`, and
//!   emission of objects, assembly and LLVM IR;
//! - [`compile`]: the two together, as `xla-opt --emit=llvm-ir|asm` and tests use them;
//!   [`compile_hlo`]: the whole pipeline from hlo to an object with entries, as `xla-aotc`
//!   and `xla-run` use it;
//! - [`native`]: an object linked into a shared library, loaded and its entries called;
//! - [`header`]: the C header declaring an entry of the AOT ABI;
//! - [`phases`]: the wall time of each phase of a compilation (`--timing`);
//! - [`vector_math`]: loops calling libm functions vectorize into glibc's `libmvec`.
//!
//! Architecture Invariant: this crate and the tools are the only ones that link LLVM.
//! `ir`, `dialects`, `passes` and `interp` build and test without it, so a change there
//! never waits on llvm-sys.

#![deny(missing_docs)]

pub mod header;
pub mod native;
pub mod phases;
pub mod target;
pub mod to_llvm;
pub mod to_loops;
pub mod translate;
pub mod vector_math;

use inkwell::context::Context as LlvmContext;
use xla_dialects::func::FuncOp;
use xla_ir::{Body, Diagnostic, Op, OpId};

pub use phases::PhaseTimes;
pub use target::{host_target_triple, CodegenTarget, OutputKind, DEFAULT_CPU, NAMED_CPUS};

/// Registers the passes of this crate (`lower-to-loops`, `lower-to-llvm`).
pub fn register_passes(registry: &mut xla_ir::pass::PassRegistry) {
    registry.register(&to_loops::INFO, to_loops::create);
    registry.register(&to_llvm::INFO, to_llvm::create);
}

/// How [`compile`] generates code.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// The CPU to generate code for: `host` or one of [`NAMED_CPUS`].
    pub cpu: String,
    /// Whether to run `default<O3>` before emitting.
    pub optimize: bool,
    /// Whether `compile_hlo` runs `layout-assignment` first (on by default; off only to
    /// measure what it saves).
    pub assign_layouts: bool,
    /// The vector width in bytes layout assignment pads minor dimensions of intermediate
    /// values to, where that pays (0, the default: no padding).
    pub vector_bytes: u32,
    /// Whether `compile_hlo` runs `buffer-assignment` between lower-to-loops and
    /// lower-to-llvm, placing temporaries in each entry's `temp` arena (on by default; off
    /// only to measure what it saves, every temporary then being `malloc`ed).
    pub assign_buffers: bool,
    /// Whether `compile_hlo` runs `fusion` after layout assignment (on by default; off
    /// only to measure what it saves).
    pub fuse: bool,
    /// Whether loops calling libm's functions vectorize into `libmvec` (on by default); off,
    /// every transcendental is libm's scalar function, for results that do not depend on
    /// the CPU's vector width (see `CodegenTarget::with_vector_math`).
    pub vector_math: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions { cpu: DEFAULT_CPU.to_string(), optimize: true, assign_layouts: true, vector_bytes: 0, fuse: true, assign_buffers: true, vector_math: true }
    }
}

/// Translates `module_op` (a `builtin.module` of `llvm.func`s) to LLVM IR for the target
/// `options` names, optimizes it when asked, and emits it as `output`. Every failure (ops
/// not at the llvm level, an unknown CPU, LLVM's verifier) is a diagnostic located in the
/// module; nothing panics.
pub fn compile(body: &Body, module_op: OpId, options: &CompileOptions, output: OutputKind) -> Result<Vec<u8>, Vec<Diagnostic>> {
    compile_timed(body, module_op, options, output, &mut PhaseTimes::default())
}

/// [`compile`], timing translation to LLVM IR, LLVM's optimization and emission in
/// `phases`.
pub fn compile_timed(body: &Body, module_op: OpId, options: &CompileOptions, output: OutputKind, phases: &mut PhaseTimes) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let at_module = |message: String| vec![Diagnostic::error(body.op(module_op).location, message)];
    let target = CodegenTarget::for_cpu(&options.cpu).map_err(at_module)?.with_vector_math(options.vector_math);
    let llcx = LlvmContext::create();
    let module = llcx.create_module(&module_name(body, module_op));
    target.configure(&module);
    phases.time("translation to LLVM IR", || translate::translate_into(&llcx, &module, body, module_op))?;
    if options.optimize {
        phases.time("LLVM optimization", || target.optimize(&module)).map_err(at_module)?;
    }
    let emission = match output {
        OutputKind::Object => "object emission",
        _ => "emission",
    };
    phases.time(emission, || target.emit(&module, output)).map_err(at_module)
}

/// An object compiled from hlo, and its entries.
pub struct Compiled {
    /// The object file (position-independent).
    pub object: Vec<u8>,
    /// Each entry wrapper with the buffers it takes (memref types of the module's context).
    pub entries: Vec<(to_llvm::EntrySpec, to_llvm::EntrySignature)>,
    /// The wall time of each phase of the compilation.
    pub phases: PhaseTimes,
}

/// The whole pipeline, as `xla-aotc` and `xla-run` run it: keeps the functions the
/// entries call with their calls inlined ([`inline_into_entries`]), hoists the products of
/// scanned slices out of their loops (`hoist-scanned-dots`), assigns layouts
/// (`layout-assignment`), fuses (`fusion`), lowers the hlo `module_op` in place to loops
/// (`lower-to-loops`), places their temporaries in arenas (`buffer-assignment`; each
/// entry's `temp_bytes` is its arena) and lowers them to the llvm dialect with a wrapper
/// for each of
/// `entries` (`lower-to-llvm`), verifying after each step, and compiles it to an object for
/// the CPU `options` names. An unknown CPU is reported before any work; every failure is a
/// located diagnostic.
pub fn compile_hlo(body: &mut Body, module_op: OpId, entries: &[to_llvm::EntrySpec], options: &CompileOptions) -> Result<Compiled, Vec<Diagnostic>> {
    let mut phases = PhaseTimes::default();
    let signatures = lower_hlo_timed(body, module_op, entries, options, &mut phases)?;
    let object = compile_timed(body, module_op, options, OutputKind::Object, &mut phases)?;
    Ok(Compiled { object, entries: signatures, phases })
}

/// [`compile_hlo`] up to the llvm dialect: the module lowered in place, with a wrapper per
/// entry, and each entry's signature (its buffers and `temp_bytes`). An unknown CPU is
/// reported before any work; every failure is a located diagnostic.
pub fn lower_hlo(
    body: &mut Body,
    module_op: OpId,
    entries: &[to_llvm::EntrySpec],
    options: &CompileOptions,
) -> Result<Vec<(to_llvm::EntrySpec, to_llvm::EntrySignature)>, Vec<Diagnostic>> {
    lower_hlo_timed(body, module_op, entries, options, &mut PhaseTimes::default())
}

/// [`lower_hlo`], timing each pass (and the verifier after it, one row for all its runs) in
/// `phases`.
pub fn lower_hlo_timed(
    body: &mut Body,
    module_op: OpId,
    entries: &[to_llvm::EntrySpec],
    options: &CompileOptions,
    phases: &mut PhaseTimes,
) -> Result<Vec<(to_llvm::EntrySpec, to_llvm::EntrySignature)>, Vec<Diagnostic>> {
    CodegenTarget::for_cpu(&options.cpu).map_err(|m| vec![Diagnostic::error(body.op(module_op).location, m)])?;
    let roots: Vec<&str> = entries.iter().map(|e| e.function.as_str()).collect();
    phases.time("inline", || inline_into_entries(body, module_op, &roots));
    let verify = |body: &Body, phases: &mut PhaseTimes| phases.time("Verifier", || xla_ir::verifier::verify(body, module_op));
    if phases.time("hoist-scanned-dots", || xla_scan::hoist_dots::run_on_module(body, module_op)) > 0 {
        verify(body, phases)?;
    }
    if options.assign_layouts {
        phases.time("layout-assignment", || xla_layout::pass::run_on_module(body, module_op, options.vector_bytes))?;
        verify(body, phases)?;
    }
    if options.fuse {
        phases.time("fusion", || xla_fusion::pass::run_on_module(body, module_op, xla_fusion::decide::Limits::default()))?;
        verify(body, phases)?;
    }
    phases.time("lower-to-loops", || to_loops::lower_module(body, module_op, to_loops::Options::default()))?;
    verify(body, phases)?;
    if options.assign_buffers {
        phases.time("buffer-assignment", || xla_buffers::pass::run_on_module(body, module_op, true));
        verify(body, phases)?;
    }
    let mut signatures = Vec::new();
    for spec in entries {
        let func = to_llvm::find_function(body, module_op, &spec.function).ok_or_else(|| {
            vec![Diagnostic::error(body.op(module_op).location, format!("there is no function @{} to compile as the entry", spec.function))]
        })?;
        signatures.push((spec.clone(), to_llvm::entry_signature(body, func).map_err(|e| vec![e])?));
    }
    phases.time("lower-to-llvm", || to_llvm::lower_module(body, module_op, entries, to_llvm::Options::default()))?;
    verify(body, phases)?;
    Ok(signatures)
}

/// Keeps the functions the entries `roots` reach ([`keep_reachable_functions`]) and
/// inlines every call among them (the `inline` pass, as XLA inlines calls before fusion),
/// then drops the functions no longer reached: what code generation starts from, so that
/// fusion and the loop nests see each entry as one dataflow graph.
pub fn inline_into_entries(body: &mut Body, module_op: OpId, roots: &[&str]) {
    keep_reachable_functions(body, module_op, roots);
    if xla_passes::inline::inline_calls(body, module_op) > 0 {
        keep_reachable_functions(body, module_op, roots);
    }
}

/// Erases the functions of `module_op` that no path of symbol references from `roots`
/// reaches, so that compiling an entry never fails on a function it does not call.
pub fn keep_reachable_functions(body: &mut Body, module_op: OpId, roots: &[&str]) {
    let ctx = body.ctx();
    let functions: Vec<(String, OpId)> = body
        .op(module_op)
        .regions
        .iter()
        .flat_map(|r| body.region(*r).blocks.clone())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter(|op| FuncOp::cast(body, *op).is_some())
        .filter_map(|op| body.symbol_name(op).map(|name| (name.to_string(), op)))
        .collect();
    let mut reached: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    let mut next = 0;
    while next < reached.len() {
        let name = reached[next].clone();
        next += 1;
        let Some(&(_, func)) = functions.iter().find(|(n, _)| *n == name) else { continue };
        for op in body.nested_ops(func, xla_ir::WalkOrder::PreOrder) {
            for attr in &body.op(op).attributes {
                collect_symbols(ctx, attr.value, &mut reached);
            }
        }
    }
    for (name, func) in functions {
        if !reached.contains(&name) {
            body.erase_op(func);
        }
    }
}

/// Adds the first symbol of every symbol reference in `attr` (arrays and dictionaries
/// included) to `names`, once.
pub(crate) fn collect_symbols(ctx: &xla_ir::Context, attr: xla_ir::Attribute, names: &mut Vec<String>) {
    match ctx.attr_data(attr) {
        xla_ir::AttrData::SymbolRef(path) => {
            if let Some(first) = path.first() {
                let name = ctx.symbol_str(*first).to_string();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        xla_ir::AttrData::Array(elements) => elements.iter().for_each(|e| collect_symbols(ctx, *e, names)),
        xla_ir::AttrData::Dictionary(entries) => entries.iter().for_each(|e| collect_symbols(ctx, e.value, names)),
        _ => {}
    }
}

/// The name of the LLVM module: the `builtin.module`'s `sym_name`, or `module`.
fn module_name(body: &Body, module_op: OpId) -> String {
    body.symbol_name(module_op).unwrap_or("module").to_string()
}
