//! The entry wrapper of docs/lowering.md's ABI:
//! `int32_t NAME(void *const *args, void *const *results, void *temp, const XlaRunOptions *opts)`.
//!
//! `llvm.func @NAME(%args, %results, %temp, %opts) -> i32` loads the pointer to each
//! argument buffer from `args` and to each result buffer from `results`, calls the lowered
//! function with them and `%opts`, and returns its status. Which of the loop-level
//! function's buffers are results is recorded by lower-to-loops in the function's
//! [`NUM_RESULTS_ATTR`] attribute: the last that many, before the arena when it has one.
//!
//! `temp` is the entry function's arena when buffer assignment gave it one (its
//! `loop.arena_bytes` attribute, the header's `NAME_TEMP_BYTES`; the function's last
//! argument): the wrapper passes `temp` on, so a caller that keeps one `temp` of
//! `NAME_TEMP_BYTES` bytes, `NAME_ALIGN`-aligned, runs the entry with no allocation at all.
//! When `temp` is NULL the wrapper allocates the arena itself (`aligned_alloc`, 64 bytes
//! aligned; status 2, `XLA_RT_OUT_OF_MEMORY`, with the runtime told why, when that fails) and frees it before
//! returning, so callers written before the entry needed scratch memory keep working. An
//! entry without an arena ignores `temp`.
//!
//! By default the wrapper sets the x86 MXCSR's flush-to-zero and denormals-are-zero bits
//! around the call, as XLA CPU does, so that subnormal floats are flushed as XLA's results
//! (and the interpreter's, by default) have them; the caller's mode is restored before
//! returning.

use xla_dialects::llvm::{IcmpPredicate, LlvmOpKind, ptr_type};
use xla_ir::{Body, Diagnostic, OpId, OpState, Type, ValueId};

use xla_dialects::loops::arena::{arena_bytes, ARENA_ALIGNMENT};

use xla_dialects::func::function_signature;

use super::functions::function_name;
use super::lowering::FnLowering;

/// The attribute lower-to-loops sets on each function it lowers: how many of its trailing
/// buffer arguments are result buffers (the leaves of the hlo function's results).
pub const NUM_RESULTS_ATTR: &str = "loop.num_results";

/// An entry to wrap: the loop-level function it calls and the wrapper's symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySpec {
    /// The function the wrapper calls (`main`).
    pub function: String,
    /// The wrapper's symbol, `NAME` in the ABI.
    pub symbol: String,
}

impl EntrySpec {
    /// The entry for `function` with the default symbol, `xla_<function>` (never a C
    /// program's `main`).
    pub fn new(function: &str) -> EntrySpec {
        EntrySpec { function: function.to_string(), symbol: default_symbol(function) }
    }
}

/// The default symbol of the entry wrapping `function`: `xla_` and the name with every
/// character C identifiers do not allow replaced by `_`.
pub fn default_symbol(function: &str) -> String {
    let cleaned: String = function.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    format!("xla_{cleaned}")
}

/// The buffers of an entry: the memref types of its arguments and of its results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySignature {
    /// The argument buffers, in order.
    pub args: Vec<Type>,
    /// The result buffers, in order.
    pub results: Vec<Type>,
    /// The bytes of scratch memory (`temp`) the entry needs: its function's arena (0 when
    /// it has none).
    pub temp_bytes: u64,
}

/// The argument and result buffers of the loop-level function `func`, split by its
/// [`NUM_RESULTS_ATTR`], and the size of its arena (its last argument, when buffer
/// assignment gave it one); an error when it has no [`NUM_RESULTS_ATTR`], or has an
/// argument that is no buffer.
pub fn entry_signature(body: &Body, func: OpId) -> Result<EntrySignature, Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(func).location;
    let name = function_name(body, func);
    let (mut inputs, _) = function_signature(body, func).unwrap_or_default();
    let temp_bytes = arena_bytes(body, func).unwrap_or(0);
    if temp_bytes > 0 && inputs.pop().is_none() {
        return Err(Diagnostic::error(loc, format!("the entry @{name} records an arena but takes no arguments")));
    }
    if let Some(bad) = inputs.iter().find(|t| ctx.as_memref(**t).is_none()) {
        return Err(Diagnostic::error(loc, format!("the entry @{name} takes {}: an entry takes buffers only", ctx.type_to_string(*bad))));
    }
    let count = body.attr(func, NUM_RESULTS_ATTR).and_then(|a| match ctx.attr_data(a) {
        xla_ir::AttrData::Integer { value, .. } => usize::try_from(*value).ok(),
        _ => None,
    });
    let Some(count) = count.filter(|n| *n <= inputs.len()) else {
        return Err(Diagnostic::error(
            loc,
            format!("the entry @{name} does not say which of its buffers are results: lower it with lower-to-loops, which records {NUM_RESULTS_ATTR}"),
        ));
    };
    let split = inputs.len() - count;
    Ok(EntrySignature { args: inputs[..split].to_vec(), results: inputs[split..].to_vec(), temp_bytes })
}

/// The MXCSR bits that flush subnormal results to zero (FTZ, bit 15) and read subnormal
/// operands as zero (DAZ, bit 6).
const FTZ_DAZ: i128 = 0x8040;

impl FnLowering<'_, '_> {
    /// Sets FTZ and DAZ in the MXCSR register for the rest of the function; returns the
    /// stack slot used and the caller's MXCSR, which [`FnLowering::restore_fp_mode`] puts
    /// back.
    pub(super) fn set_flush_denormals(&mut self) -> (ValueId, ValueId) {
        let i32_ty = self.ctx().int_type(32);
        let ptr = ptr_type(self.ctx());
        let elem = self.ctx().type_attr(i32_ty);
        let slot = self.value_op(LlvmOpKind::Alloca.name(), &[], ptr, &[("elem_type", elem)]);
        self.call("llvm.x86.sse.stmxcsr", &[slot], None);
        let caller_mode = self.load(slot, i32_ty);
        let bits = self.int_const(FTZ_DAZ, i32_ty);
        let flushing = self.binary(LlvmOpKind::Or, caller_mode, bits);
        self.store(flushing, slot);
        self.call("llvm.x86.sse.ldmxcsr", &[slot], None);
        (slot, caller_mode)
    }

    /// Puts the caller's MXCSR back.
    pub(super) fn restore_fp_mode(&mut self, slot: ValueId, caller_mode: ValueId) {
        self.store(caller_mode, slot);
        self.call("llvm.x86.sse.ldmxcsr", &[slot], None);
    }
}

impl FnLowering<'_, '_> {
    /// The arena of `bytes` bytes the entry runs with: `temp`, or when `temp` is NULL a
    /// fresh `aligned_alloc` (a failure returns `XLA_RT_OUT_OF_MEMORY`). Returns the arena
    /// and what to `free` once the entry returns: the fresh allocation, or NULL.
    fn arena(&mut self, temp: ValueId, bytes: u64) -> (ValueId, ValueId) {
        let ctx = self.ctx();
        let (ptr, i64_ty) = (ptr_type(ctx), ctx.int_type(64));
        let zero = self.i64_const(0);
        let null = self.cast(LlvmOpKind::IntToPtr, zero, ptr);
        let address = self.cast(LlvmOpKind::PtrToInt, temp, i64_ty);
        let missing = self.icmp(IcmpPredicate::Eq, address, zero);
        let (allocate, _) = self.new_block(&[]);
        let (join, joined) = self.new_block(&[ptr, ptr]);
        self.cond_br(missing, (allocate, &[]), (join, &[temp, null]));
        self.enter_block(allocate);
        let alignment = self.i64_const(ARENA_ALIGNMENT as i64);
        let size = self.i64_const(i64::try_from(bytes).unwrap_or(i64::MAX));
        let fresh = self.call_value("aligned_alloc", &[alignment, size], ptr);
        let fresh_address = self.cast(LlvmOpKind::PtrToInt, fresh, i64_ty);
        let failed = self.icmp(IcmpPredicate::Eq, fresh_address, zero);
        self.exit_if_out_of_memory(failed, size);
        self.br(join, &[fresh, fresh]);
        self.enter_block(join);
        (joined[0], joined[1])
    }
}

/// Builds the detached wrapper `spec.symbol` of the loop-level function `func`; with
/// `flush_denormals` it runs the function with subnormal operands and results flushed to
/// zero (MXCSR's DAZ and FTZ), as XLA CPU runs its computations, and restores the caller's
/// mode before returning.
pub fn build_entry(body: &mut Body<'_>, func: OpId, spec: &EntrySpec, flush_denormals: bool) -> Result<OpId, Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(func).location;
    let entry_signature = entry_signature(body, func)?;
    let ptr = ptr_type(ctx);
    let region = body.create_region();
    let entry = body.append_block(region);
    let params: Vec<_> = (0..4).map(|_| body.add_block_arg(entry, ptr)).collect();
    let (args, results, temp, options) = (params[0], params[1], params[2], params[3]);
    let mut l = FnLowering::new(body, region, entry, options, loc);
    let mut buffers = Vec::new();
    for (array, count) in [(args, entry_signature.args.len()), (results, entry_signature.results.len())] {
        for i in 0..count {
            let slot = if i == 0 {
                array
            } else {
                let index = l.i64_const(i as i64);
                l.element_address(array, index, ptr)
            };
            buffers.push(l.load(slot, ptr));
        }
    }
    let owned = if entry_signature.temp_bytes > 0 {
        let (arena, owned) = l.arena(temp, entry_signature.temp_bytes);
        buffers.push(arena);
        Some(owned)
    } else {
        None
    };
    buffers.push(options);
    let saved = if flush_denormals { Some(l.set_flush_denormals()) } else { None };
    let status = l.call_value(&spec.function, &buffers, ctx.int_type(32));
    if let Some((slot, caller_mode)) = saved {
        l.restore_fp_mode(slot, caller_mode);
    }
    if let Some(owned) = owned {
        l.free(owned);
    }
    l.ret(Some(status));
    let mut state = OpState::new(ctx.symbol(LlvmOpKind::Func.name()), loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&spec.symbol));
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(vec![ptr; 4], vec![ctx.int_type(32)])));
    state.regions.push(region);
    Ok(body.create_op(state))
}
