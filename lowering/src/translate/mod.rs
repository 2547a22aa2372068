//! Translation of a module of `llvm.func`s to an LLVM module through inkwell.
//!
//! The llvm dialect has one op per LLVM instruction, so translation is a table
//! ([`ops::translation_of`]) from op to builder call, plus the structure around it:
//! - every `llvm.global_constant` becomes a private, 64-byte aligned constant array of its
//!   bytes, defined before any function;
//! - every `llvm.func` is declared first (so calls between functions resolve in any order)
//!   with its linkage (and `noalias` on the parameters its `noalias_params` lists); a function with a body is then translated block by block
//!   ([`function`]): blocks with arguments become basic blocks with phis;
//! - calls to functions the module does not define are declared from the call's types
//!   (runtime and libm functions), and calls to `@llvm.*` intrinsics declare the intrinsic on
//!   first use;
//! - the result goes through LLVM's verifier; its complaints become a diagnostic located at
//!   the function LLVM rejected.
//!
//! A module that still holds ops of another level (hlo, loop, func) is a located error
//! asking to lower it first; nothing is translated then.
//!
//! Invariant: translation never panics and never hands LLVM something its verifier would
//! abort on; every failure is a [`Diagnostic`].

pub mod function;
pub mod ops;
pub mod types;

use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage as LlvmLinkage, Module};
use inkwell::values::FunctionValue;
use xla_dialects::llvm::func::{function_name, signature};
use xla_dialects::llvm::{FuncOp, GlobalConstantOp, Linkage};
use xla_ir::op_def::OpRef;
use xla_ir::{AttrData, Body, Diagnostic, Op, OpId, WalkOrder};

use function::FunctionTranslator;

/// Translates `module_op` (a `builtin.module` of `llvm.func`s) into a new LLVM module named
/// `name` without a target (see [`translate_into`] to translate for one).
pub fn translate_module<'ll>(llcx: &'ll LlvmContext, body: &Body, module_op: OpId, name: &str) -> Result<Module<'ll>, Vec<Diagnostic>> {
    let module = llcx.create_module(name);
    translate_into(llcx, &module, body, module_op)?;
    Ok(module)
}

/// Translates `module_op` into `module` (of context `llcx`), which is empty and may carry a
/// target triple and data layout already (they decide the default alignment of loads and
/// stores).
pub fn translate_into<'ll>(llcx: &'ll LlvmContext, module: &Module<'ll>, body: &Body, module_op: OpId) -> Result<(), Vec<Diagnostic>> {
    check_llvm_level(body, module_op).map_err(|e| vec![e])?;
    define_globals(llcx, module, body, module_op);
    let functions = declare_functions(llcx, module, body, module_op)?;
    let mut errors = Vec::new();
    for &(func, value) in &functions {
        let Some(&region) = body.op(func).regions.first() else { continue };
        if body.entry_block(region).is_none() {
            continue;
        }
        let translator = FunctionTranslator::new(body, llcx, module, value);
        if let Err(e) = translator.translate(func, region) {
            errors.push(e);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    verify_module(module, body, module_op, &functions).map_err(|e| vec![e])
}

/// Every op must be an `llvm.func` directly in the module or an llvm op with a translation
/// inside one; the first that is not is reported.
pub fn check_llvm_level(body: &Body, module_op: OpId) -> Result<(), Diagnostic> {
    let not_llvm = |op: OpId| {
        OpRef::new(body, op).error("is not in the llvm dialect: lower the module to the llvm dialect before translating it to LLVM IR")
    };
    for &region in &body.op(module_op).regions {
        for &block in &body.region(region).blocks {
            for op in body.block_ops(block) {
                if GlobalConstantOp::cast(body, op).is_some() {
                    continue;
                }
                if FuncOp::cast(body, op).is_none() {
                    return Err(not_llvm(op));
                }
                if let Some(inner) = body.nested_ops(op, WalkOrder::PreOrder).into_iter().find(|o| ops::translation_of(body, *o).is_none()) {
                    return Err(not_llvm(inner));
                }
            }
        }
    }
    Ok(())
}

/// Adds every `llvm.global_constant` of the module to `module`: a private, unnamed-address
/// constant array of its bytes, 64-byte aligned (the entry ABI's buffer alignment).
fn define_globals<'ll>(llcx: &'ll LlvmContext, module: &Module<'ll>, body: &Body, module_op: OpId) {
    let ctx = body.ctx();
    let ops = body.op(module_op).regions.iter().flat_map(|r| body.region(*r).blocks.iter()).flat_map(|b| body.block_ops(*b));
    for op in ops.filter(|op| GlobalConstantOp::cast(body, *op).is_some()).collect::<Vec<_>>() {
        let name = body.attr(op, "sym_name").and_then(|a| ctx.as_string(a)).unwrap_or_default();
        let bytes = body.attr(op, "value").and_then(|a| ctx.as_dense(a)).map(|d| if d.splat { d.data.repeat(d.len(ctx)) } else { d.data.clone() }).unwrap_or_default();
        let initializer = llcx.const_string(&bytes, false);
        let global = module.add_global(initializer.get_type(), None, name);
        global.set_initializer(&initializer);
        global.set_constant(true);
        global.set_linkage(LlvmLinkage::Private);
        global.set_unnamed_addr(true);
        global.set_alignment(64);
    }
}

/// Adds every `llvm.func` to `module` with its type and linkage.
fn declare_functions<'ll>(
    llcx: &'ll LlvmContext,
    module: &Module<'ll>,
    body: &Body,
    module_op: OpId,
) -> Result<Vec<(OpId, FunctionValue<'ll>)>, Vec<Diagnostic>> {
    let ctx = body.ctx();
    let mut functions = Vec::new();
    let mut errors = Vec::new();
    let ops = body.op(module_op).regions.iter().flat_map(|r| body.region(*r).blocks.iter()).flat_map(|b| body.block_ops(*b));
    for func in ops.filter(|op| FuncOp::cast(body, *op).is_some()).collect::<Vec<_>>() {
        let r = OpRef::new(body, func);
        let (inputs, results) = signature(r).unwrap_or_default();
        let ty = match types::function_type(llcx, ctx, &inputs, &results) {
            Ok(ty) => ty,
            Err(bad) => {
                errors.push(r.error(format!("type {} has no LLVM type", ctx.type_to_string(bad))));
                continue;
            }
        };
        let linkage = match FuncOp::from_id_unchecked(func).linkage(body) {
            None | Some(Linkage::External) => LlvmLinkage::External,
            Some(Linkage::Internal) => LlvmLinkage::Internal,
            Some(Linkage::Private) => LlvmLinkage::Private,
            Some(Linkage::ExternWeak) => LlvmLinkage::ExternalWeak,
        };
        let function = module.add_function(function_name(r), ty, Some(linkage));
        if let Some(mode) = body.attr(func, crate::to_llvm::DENORMAL_FP_MATH_ATTR).and_then(|a| ctx.as_string(a)) {
            // For f32 and for the other formats alike, outputs then inputs.
            let both = format!("{mode},{mode}");
            for key in ["denormal-fp-math", "denormal-fp-math-f32"] {
                function.add_attribute(inkwell::attributes::AttributeLoc::Function, llcx.create_string_attribute(key, &both));
            }
        }
        if body.attr(func, crate::to_llvm::NOINLINE_ATTR).is_some() {
            let noinline = llcx.create_enum_attribute(inkwell::attributes::Attribute::get_named_enum_kind_id("noinline"), 0);
            function.add_attribute(inkwell::attributes::AttributeLoc::Function, noinline);
        }
        if let Some(AttrData::Array(params)) = body.attr(func, crate::to_llvm::NOALIAS_PARAMS_ATTR).map(|a| ctx.attr_data(a)) {
            let noalias = llcx.create_enum_attribute(inkwell::attributes::Attribute::get_named_enum_kind_id("noalias"), 0);
            for param in params.iter().filter_map(|p| match ctx.attr_data(*p) {
                AttrData::Integer { value, .. } => u32::try_from(*value).ok(),
                _ => None,
            }) {
                function.add_attribute(inkwell::attributes::AttributeLoc::Param(param), noalias);
            }
        }
        functions.push((func, function));
    }
    if errors.is_empty() {
        Ok(functions)
    } else {
        Err(errors)
    }
}

/// Runs LLVM's verifier over `module`; a failure is located at the first function LLVM
/// rejects (or at the module when it rejects none of them alone).
fn verify_module(module: &Module, body: &Body, module_op: OpId, functions: &[(OpId, FunctionValue)]) -> Result<(), Diagnostic> {
    let Err(message) = module.verify() else { return Ok(()) };
    let rejected = functions.iter().find(|(_, f)| !f.verify(false)).map(|(op, _)| *op).unwrap_or(module_op);
    // One line, as diagnostics are: LLVM puts the offending IR on lines of its own.
    let message = message.to_string_lossy();
    let message: Vec<&str> = message.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    Err(Diagnostic::error(
        body.op(rejected).location,
        format!("LLVM's verifier rejects the translated module: {}", message.join("; ")),
    ))
}
