//! The second code generator, for differential testing: the loop level exported to
//! upstream dialects ([`crate::export`]), lowered by MLIR's own conversion passes
//! ([`PIPELINE`]: complex → arith, scf → cf, memref/math/arith/complex/func/cf/ub → llvm,
//! with the bare-pointer calling convention, so a buffer is a pointer as in our ABI),
//! translated to LLVM IR by MLIR, and compiled by the same target machine as our own path
//! (`xla_lowering::CodegenTarget`, `default<O3>`), with the entry wrappers of the AOT ABI
//! added in LLVM IR. `xla-run --backend=mlir` runs it; `tools/tests/mlir.rs` requires every
//! fixture it compiles to give the results of our loop → llvm → inkwell path.
//!
//! Differences from our lowering, outside the results of a successful run: a failed
//! `malloc` is not checked (MLIR's `memref.alloc` lowering does not). A failed runtime call
//! ends the function's work as ours does (the export guards what follows it, see
//! [`crate::export`]). What keeps results equal: libm's functions are called directly
//! (`expm1f`, not MLIR's `exp(x) - 1`) and declared pure as ours are (so loops vectorize
//! into libmvec alike), and their subnormal operands and results are flushed as ours are
//! under the wrapper's flush-to-zero mode; complex numbers compute with our formulas
//! (`export/complex.rs`), only their part-wise ops going through `complex` ops.

use inkwell::context::{AsContextRef, Context as LlvmContext};
use inkwell::module::{Linkage, Module as LlvmModule};
use inkwell::AddressSpace;
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;
use xla_ir::{Body, Diagnostic, OpId};
use xla_lowering::to_llvm::{EntrySignature, EntrySpec};
use xla_lowering::{to_llvm, to_loops, CodegenTarget, CompileOptions, Compiled, OutputKind, PhaseTimes};

use crate::export::export_module_with;
use crate::session::Session;

/// MLIR's passes from the exported module to the llvm dialect.
pub const PIPELINE: &str = "builtin.module(convert-complex-to-standard,convert-scf-to-cf,finalize-memref-to-llvm,\
convert-math-to-llvm{approximate-log1p=false},convert-arith-to-llvm,convert-complex-to-llvm,\
convert-func-to-llvm{use-bare-ptr-memref-call-conv=true},convert-cf-to-llvm,convert-ub-to-llvm,reconcile-unrealized-casts)";

/// The pipeline of `xla_lowering::compile_hlo` with MLIR's lowering from the loop level:
/// the functions the entries reach, `fusion` (unless `options.fuse` is off), `lower-to-loops`, the export,
/// [`PIPELINE`], MLIR's translation to LLVM IR, an entry wrapper per `entries`, and the
/// object for the CPU `options` names. Every failure is a located diagnostic (MLIR's
/// included).
pub fn compile_hlo(body: &mut Body, module_op: OpId, entries: &[EntrySpec], options: &CompileOptions) -> Result<Compiled, Vec<Diagnostic>> {
    let at_module = |body: &Body, message: String| vec![Diagnostic::error(body.op(module_op).location, message)];
    let target = CodegenTarget::for_cpu(&options.cpu).map_err(|m| at_module(body, m))?.with_vector_math(options.vector_math);
    let roots: Vec<&str> = entries.iter().map(|e| e.function.as_str()).collect();
    let mut phases = PhaseTimes::default();
    phases.time("inline", || xla_lowering::inline_into_entries(body, module_op, &roots));
    if options.fuse {
        phases.time("fusion", || xla_fusion::pass::run_on_module(body, module_op, xla_fusion::decide::Limits::default()))?;
        phases.time("Verifier", || xla_ir::verifier::verify(body, module_op))?;
    }
    phases.time("lower-to-loops", || to_loops::lower_module(body, module_op, to_loops::Options::default()))?;
    phases.time("Verifier", || xla_ir::verifier::verify(body, module_op))?;
    let mut signatures = Vec::new();
    for spec in entries {
        let func = to_llvm::find_function(body, module_op, &spec.function)
            .ok_or_else(|| at_module(body, format!("there is no function @{} to compile as the entry", spec.function)))?;
        signatures.push((spec.clone(), to_llvm::entry_signature(body, func).map_err(|e| vec![e])?));
    }
    let llcx = LlvmContext::create();
    let module = phases.time("MLIR export, lowering and translation to LLVM IR", || translate_to_llvm(&llcx, body, module_op))?;
    // As in our own lowering, the module's functions are internal and only the wrappers
    // are exported: a function named like a libc one (`@remainder`) must not be bound to
    // libc's by the dynamic linker.
    for function in module.get_functions().filter(|f| f.count_basic_blocks() > 0) {
        function.set_linkage(Linkage::Internal);
        // The code runs with subnormals flushed (the wrappers set FTZ/DAZ), as our own
        // lowering tells LLVM, so that constants LLVM folds are flushed alike.
        for key in ["denormal-fp-math", "denormal-fp-math-f32"] {
            function.add_attribute(inkwell::attributes::AttributeLoc::Function, llcx.create_string_attribute(key, "preserve-sign,preserve-sign"));
        }
    }
    // libm's functions without memory effects (errno ignored), as our translation declares
    // them, so that loops calling them vectorize into libmvec alike.
    for name in xla_lowering::translate::ops::PURE_MATH_FUNCTIONS {
        if let Some(function) = module.get_function(name) {
            for attribute in ["memory", "nounwind", "willreturn", "nosync", "nofree"] {
                let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(attribute);
                function.add_attribute(inkwell::attributes::AttributeLoc::Function, llcx.create_enum_attribute(kind, 0));
            }
        }
    }
    for (spec, signature) in &signatures {
        add_entry_wrapper(&llcx, &module, spec, signature).map_err(|m| at_module(body, m))?;
    }
    module.verify().map_err(|e| at_module(body, format!("LLVM's verifier rejected the module MLIR translated: {}", e.to_string())))?;
    target.configure(&module);
    if options.optimize {
        phases.time("LLVM optimization", || target.optimize(&module)).map_err(|m| at_module(body, m))?;
    }
    let object = phases.time("object emission", || target.emit(&module, OutputKind::Object)).map_err(|m| at_module(body, m))?;
    Ok(Compiled { object, entries: signatures, phases })
}

/// Exports `module_op` (at the loop level), lowers it with [`PIPELINE`] and translates it
/// to LLVM IR in `llcx`.
pub fn translate_to_llvm<'l>(llcx: &'l LlvmContext, body: &Body, module_op: OpId) -> Result<LlvmModule<'l>, Vec<Diagnostic>> {
    let session = Session::new();
    let fallback = body.op(module_op).location;
    let mut module = export_module_with(&session, body, module_op, true)?;
    let pm = PassManager::new(session.context());
    parse_pass_pipeline(pm.as_operation_pass_manager(), PIPELINE)
        .map_err(|e| vec![Diagnostic::error(fallback, format!("MLIR does not read the pipeline {PIPELINE}: {e}"))])?;
    if pm.run(&mut module).is_err() {
        let mut errors = session.take_diagnostics(body.ctx(), fallback);
        if errors.is_empty() {
            errors.push(Diagnostic::error(fallback, "MLIR's lowering to the llvm dialect failed"));
        }
        return Err(errors);
    }
    // SAFETY: the operation is a module of the llvm dialect, alive for the call; the LLVM
    // context is inkwell's, the module returned is owned by the caller (inkwell's Module).
    let raw = unsafe { mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llcx.as_ctx_ref() as _) };
    if raw.is_null() {
        let mut errors = session.take_diagnostics(body.ctx(), fallback);
        errors.push(Diagnostic::error(fallback, "MLIR could not translate the module to LLVM IR"));
        return Err(errors);
    }
    Ok(unsafe { LlvmModule::new(raw as _) })
}

/// `int32_t SYMBOL(void *const *args, void *const *results, void *temp, const
/// XlaRunOptions *opts)`: loads each buffer's pointer, runs the entry with MXCSR's
/// flush-to-zero and denormals-are-zero bits set (as our wrapper and XLA CPU do; x86 only)
/// and returns its status.
fn add_entry_wrapper<'l>(llcx: &'l LlvmContext, module: &LlvmModule<'l>, spec: &EntrySpec, signature: &EntrySignature) -> Result<(), String> {
    let entry = module.get_function(&spec.function).ok_or_else(|| format!("MLIR's module has no function @{}", spec.function))?;
    let ptr = llcx.ptr_type(AddressSpace::default());
    let i32_ty = llcx.i32_type();
    let i64_ty = llcx.i64_type();
    let fn_type = i32_ty.fn_type(&[ptr.into(), ptr.into(), ptr.into(), ptr.into()], false);
    let wrapper = module.add_function(&spec.symbol, fn_type, Some(Linkage::External));
    let builder = llcx.create_builder();
    builder.position_at_end(llcx.append_basic_block(wrapper, "entry"));
    let param = |i: u32| wrapper.get_nth_param(i).expect("four parameters").into_pointer_value();
    let (args, results, opts) = (param(0), param(1), param(3));
    let mut call_args = Vec::new();
    let fail = |e: inkwell::builder::BuilderError| e.to_string();
    for (table, count) in [(args, signature.args.len()), (results, signature.results.len())] {
        for i in 0..count {
            let slot = unsafe { builder.build_in_bounds_gep(ptr, table, &[i64_ty.const_int(i as u64, false)], "slot") }.map_err(fail)?;
            call_args.push(builder.build_load(ptr, slot, "buffer").map_err(fail)?.into());
        }
    }
    call_args.push(opts.into());
    let x86 = module.get_triple().as_str().to_string_lossy().starts_with("x86_64") || cfg!(target_arch = "x86_64");
    let saved = if x86 {
        let slot = builder.build_alloca(i32_ty, "mxcsr").map_err(fail)?;
        let new_slot = builder.build_alloca(i32_ty, "mxcsr.ftz").map_err(fail)?;
        let void = llcx.void_type().fn_type(&[ptr.into()], false);
        let stmxcsr = module.get_function("llvm.x86.sse.stmxcsr").unwrap_or_else(|| module.add_function("llvm.x86.sse.stmxcsr", void, None));
        let ldmxcsr = module.get_function("llvm.x86.sse.ldmxcsr").unwrap_or_else(|| module.add_function("llvm.x86.sse.ldmxcsr", void, None));
        builder.build_call(stmxcsr, &[slot.into()], "").map_err(fail)?;
        let old = builder.build_load(i32_ty, slot, "old").map_err(fail)?.into_int_value();
        let flushed = builder.build_or(old, i32_ty.const_int(0x8040, false), "ftz").map_err(fail)?;
        builder.build_store(new_slot, flushed).map_err(fail)?;
        builder.build_call(ldmxcsr, &[new_slot.into()], "").map_err(fail)?;
        Some((slot, ldmxcsr))
    } else {
        None
    };
    let status = builder.build_call(entry, &call_args, "status").map_err(fail)?;
    let status = status.try_as_basic_value().basic().ok_or("the entry returns no status")?;
    if let Some((slot, ldmxcsr)) = saved {
        builder.build_call(ldmxcsr, &[slot.into()], "").map_err(fail)?;
    }
    builder.build_return(Some(&status)).map_err(fail)?;
    Ok(())
}
