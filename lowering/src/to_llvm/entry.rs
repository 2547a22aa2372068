//! The entry wrapper of docs/lowering.md's ABI:
//! `int32_t NAME(void *const *args, void *const *results, void *temp, const XlaRunOptions *opts)`.
//!
//! `llvm.func @NAME(%args, %results, %temp, %opts) -> i32` loads the pointer to each
//! argument buffer from `args` and to each result buffer from `results`, calls the lowered
//! function with them and `%opts`, and returns its status. Which of the loop-level
//! function's buffers are results is recorded by lower-to-loops in the function's
//! [`NUM_RESULTS_ATTR`] attribute: the last that many. `temp` is unused today (the entry
//! needs no scratch memory from its caller: `NAME_TEMP_BYTES` is 0).
//!
//! By default the wrapper sets the x86 MXCSR's flush-to-zero and denormals-are-zero bits
//! around the call, as XLA CPU does, so that subnormal floats are flushed as XLA's results
//! (and the interpreter's, by default) have them; the caller's mode is restored before
//! returning.

use xla_dialects::llvm::ptr_type;
use xla_ir::{Body, Diagnostic, OpId, OpState, Type, ValueId};

use super::functions::{function_name, signature};
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
}

/// The argument and result buffers of the loop-level function `func`, split by its
/// [`NUM_RESULTS_ATTR`]; an error when it has none, or has an argument that is no buffer.
pub fn entry_signature(body: &Body, func: OpId) -> Result<EntrySignature, Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(func).location;
    let name = function_name(body, func);
    let (inputs, _) = signature(body, func).unwrap_or_default();
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
    Ok(EntrySignature { args: inputs[..split].to_vec(), results: inputs[split..].to_vec() })
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
        let slot = self.value_op("llvm.alloca", &[], ptr, &[("elem_type", elem)]);
        self.call("llvm.x86.sse.stmxcsr", &[slot], None);
        let caller_mode = self.load(slot, i32_ty);
        let bits = self.int_const(FTZ_DAZ, i32_ty);
        let flushing = self.binary("or", caller_mode, bits);
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
    let (args, results, options) = (params[0], params[1], params[3]);
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
    buffers.push(options);
    let saved = if flush_denormals { Some(l.set_flush_denormals()) } else { None };
    let status = l.call_value(&spec.function, &buffers, ctx.int_type(32));
    if let Some((slot, caller_mode)) = saved {
        l.restore_fp_mode(slot, caller_mode);
    }
    l.ret(Some(status));
    let mut state = OpState::new(ctx.symbol("llvm.func"), loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&spec.symbol));
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(vec![ptr; 4], vec![ctx.int_type(32)])));
    state.regions.push(region);
    Ok(body.create_op(state))
}
