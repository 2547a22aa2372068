//! Functions and calls.
//!
//! A loop-level `func.func @f(memref<A>, memref<B>, ...)` (destination-passing, no
//! results) becomes `llvm.func @f(!llvm.ptr, !llvm.ptr, ..., %options: !llvm.ptr) -> i32`:
//! a pointer per buffer (a scalar argument keeps its value type), the run options pointer
//! last (passed on to calls and runtime calls), and a status: 0 once every buffer the body
//! allocated is freed, non-zero from a failed allocation, call or runtime call.
//! `func.call @g(...)` becomes `llvm.call @g(..., %options) : (...) -> i32` followed by an
//! early exit when the status is not 0. A declaration keeps its lowered signature and
//! external linkage.

use xla_dialects::func::{function_signature, CallOp, FuncOp};
use xla_dialects::llvm::{IcmpPredicate, LlvmOpKind, ptr_type};
use xla_ir::{Body, Op, Diagnostic, OpId, OpState, RegionId, Type, TypeData, ValueId};

use super::lowering::FnLowering;
use super::types::{lowered_type, unsupported_type};

/// The name of a function; empty for an op that is not one.
pub fn function_name<'c>(body: &Body<'c>, func: OpId) -> &'c str {
    FuncOp::cast(body, func).map_or("", |func| func.sym_name(body))
}

/// The llvm type of the lowered function: pointers and scalars, the run options, `-> i32`.
fn lowered_signature(body: &Body, func: OpId) -> Result<Type, Diagnostic> {
    let ctx = body.ctx();
    let at = |message: String| Diagnostic::error(body.op(func).location, message);
    let (inputs, results) = function_signature(body, func).ok_or_else(|| at("a function without a function type".into()))?;
    if !results.is_empty() {
        return Err(at("lower-to-llvm lowers loop-level functions, which return nothing: lower the module with lower-to-loops first".into()));
    }
    let mut lowered = inputs.iter().map(|t| lowered_type(ctx, *t).ok_or_else(|| at(unsupported_type(ctx, *t)))).collect::<Result<Vec<_>, _>>()?;
    lowered.push(ptr_type(ctx));
    Ok(ctx.function_type(lowered, vec![ctx.int_type(32)]))
}

/// Lowers the loop-level `func` into a new, detached `llvm.func` of the same name with
/// `linkage` (a declaration keeps external linkage), and the internal functions outlined
/// from its parallel nests ([`super::parallel`]), also detached. With `buffers_unaliased`
/// (an entry that only its wrapper calls) every buffer parameter is `noalias`; otherwise
/// only the arena is.
pub fn lower_function(body: &mut Body<'_>, func: OpId, linkage: &str, buffers_unaliased: bool, options: super::Options) -> Result<(OpId, Vec<OpId>), Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(func).location;
    let function_type = lowered_signature(body, func)?;
    let old_region = body.op(func).regions.first().copied();
    let old_entry = old_region.and_then(|r| body.entry_block(r));
    let region = body.create_region();
    let name = function_name(body, func).to_string();
    let mut outlined = Vec::new();
    let linkage = match old_entry {
        Some(old_entry) => {
            if old_region.is_some_and(|r| body.region(r).blocks.len() > 1) {
                return Err(Diagnostic::error(loc, "lower-to-llvm handles functions of one block only"));
            }
            outlined = lower_body(body, function_type, region, old_entry, (loc, options), name)?;
            linkage
        }
        None => "external",
    };
    let mut state = OpState::new(ctx.symbol(LlvmOpKind::Func.name()), loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(function_name(body, func)));
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(function_type));
    if linkage != "external" {
        state.set_attr(ctx.symbol("linkage"), ctx.string_attr(linkage));
    }
    let inputs = function_signature(body, func).map(|(inputs, _)| inputs).unwrap_or_default();
    let noalias: Vec<usize> = if buffers_unaliased && old_entry.is_some() {
        // The entry ABI's promise (see `unaliased_entries`): no result overlaps another
        // buffer, and the arguments are only read, so LLVM needs no runtime alias checks
        // (and no scalar copy of each vectorized loop) between them.
        let ptr = ptr_type(ctx);
        (0..inputs.len()).filter(|&i| lowered_type(ctx, inputs[i]) == Some(ptr)).collect()
    } else if xla_dialects::loops::arena::arena_bytes(body, func).is_some() && !inputs.is_empty() {
        // The arena is the last buffer: only the function's temporaries live in it, so no
        // other argument's memory overlaps it, which lets LLVM vectorize loops that read
        // arguments and write temporaries (or the converse) without runtime alias checks.
        vec![inputs.len() - 1]
    } else {
        Vec::new()
    };
    if !noalias.is_empty() {
        let positions = noalias.iter().map(|&i| ctx.int_attr(i as i128, ctx.int_type(64))).collect();
        state.set_attr(ctx.symbol(super::NOALIAS_PARAMS_ATTR), ctx.array_attr(positions));
    }
    state.regions.push(region);
    Ok((body.create_op(state), outlined))
}

/// Builds the body of the lowered function `name` in `region` from the loop-level
/// `old_entry`; returns the functions outlined from it.
fn lower_body(
    body: &mut Body<'_>,
    function_type: Type,
    region: RegionId,
    old_entry: xla_ir::BlockId,
    (loc, options): (xla_ir::Location, super::Options),
    name: String,
) -> Result<Vec<OpId>, Diagnostic> {
    let ctx = body.ctx();
    let inputs = match ctx.type_data(function_type) {
        TypeData::Function { inputs, .. } => inputs.clone(),
        _ => Vec::new(),
    };
    let entry = body.append_block(region);
    let args: Vec<_> = inputs.iter().map(|ty| body.add_block_arg(entry, *ty)).collect();
    let (run_options, params) = match args.split_last() {
        Some((run_options, params)) => (*run_options, params.to_vec()),
        None => return Err(Diagnostic::error(loc, "lower-to-llvm: a function without its run options")),
    };
    let mut l = FnLowering::new(body, region, entry, run_options, loc);
    l.flush_denormals = options.flush_denormals;
    l.name = name;
    l.arena_ranges = super::memory::arena_ranges(l.body, old_entry);
    l.outline_nests = super::parallel::outermost_nests(l.body, old_entry) > super::parallel::OUTLINE_NESTS_ABOVE;
    let old_params = l.body.block(old_entry).args.clone();
    for (old, new) in old_params.into_iter().zip(params) {
        l.bind(old, new);
    }
    l.push_scope();
    l.lower_ops(old_entry)?;
    l.pop_scope();
    let ok = l.i32_const(0);
    l.ret(Some(ok));
    let outlined = std::mem::take(&mut l.outlined);
    Ok(super::share_outlined::share_identical(body, region, outlined))
}

/// Lowers `func.call @g(...)` to a call passing the run options, and an early exit on a
/// non-zero status.
pub fn call(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    if !l.body.op(op).results.is_empty() {
        return Err(l.error("lower-to-llvm lowers loop-level calls, which return nothing: lower the module with lower-to-loops first"));
    }
    let callee = CallOp::from_id_unchecked(op).callee(l.body);
    let callee = l.ctx().flat_symbol_name(callee).ok_or_else(|| l.error("func.call needs a flat callee"))?.to_string();
    let mut args = l.operands(op)?;
    args.push(l.options);
    let status_type = l.ctx().int_type(32);
    let status = l.call_value(&callee, &args, status_type);
    l.exit_on_error(status);
    Ok(())
}

impl FnLowering<'_, '_> {
    /// Ends the function with `status` (an `i32`) when it is not 0.
    pub fn exit_on_error(&mut self, status: ValueId) {
        let ok = self.i32_const(0);
        let failed = self.icmp(IcmpPredicate::Ne, status, ok);
        self.exit_if(failed, status);
    }
}

/// Whether `op` is a `func.func`.
pub fn is_function(body: &Body, op: OpId) -> bool {
    FuncOp::cast(body, op).is_some()
}
