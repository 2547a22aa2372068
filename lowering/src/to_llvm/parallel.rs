//! The outer dimension of a `loop.parallel` nest on the runtime's thread pool.
//!
//! A nest with enough work (its constant trip count times a rough per-iteration cost of at
//! least [`PARALLEL_MIN_WORK`]) is outlined: its body, with the loops of its inner
//! dimensions, becomes an internal `llvm.func @F.parallel.K(%begin: i64, %end: i64, %ctx:
//! !llvm.ptr)` running the outer iterations `lower + [begin, end)`, and the nest itself
//! becomes a call
//!
//! ```text
//! %ctx = llvm.alloca i128 {count = N + 1} : !llvm.ptr      // in the entry block
//! llvm.store %captured_i, (getelementptr %ctx[i] : i128)   // every value the body uses
//! %f = llvm.addressof @F.parallel.K : !llvm.ptr
//! %s = llvm.call @xla_rt_parallel_for(%n, %f, %ctx, %opts) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
//! ```
//!
//! with an early exit on a non-zero status. The context is one 16-byte slot per value the
//! body uses from outside (buffer pointers, scalars, the bounds; the run options last),
//! which the outlined function loads back; constants are re-emitted there instead, so
//! address arithmetic still folds.
//!
//! In a function of more than [`OUTLINE_NESTS_ABOVE`] outermost nests (a whole model's
//! entry), every outermost nest is outlined the same way, and one too small for the pool
//! becomes a direct `llvm.call @F.nest.K(0, n, %ctx)` of a `noinline` function: LLVM's
//! loop passes then work on many small functions rather than one whose loops they would
//! revisit quadratically, and identical kernels (a model's layers) become one function
//! ([`super::share_outlined`]). Alias scopes inside an outlined nest are named by capture
//! order, not by arena offsets, so that the copies of a kernel read the same.
//!
//! Invariants:
//! - results are bit-identical to the sequential nest: every iteration writes disjoint
//!   elements (the `loop.parallel` invariant) and runs the same scalar code; the outlined
//!   function sets MXCSR's flush-to-zero bits itself when the entry does, since worker
//!   threads do not inherit the caller's floating-point mode (a nest called directly runs
//!   in the caller's);
//! - only a body that cannot exit early is outlined (no `loop.alloc`, `loop.call_runtime`
//!   or `func.call` anywhere inside it), so the outlined function returns nothing; a body
//!   using arena buffers (`loop.arena_buffer`, an address that cannot fail) is outlined,
//!   and buffer assignment never puts one inside a `loop.parallel`, so iterations never
//!   share one;
//! - only the outermost parallel nest is outlined: nests inside an outlined body stay
//!   sequential loops (the pool runs one level of parallelism).

use std::collections::HashSet;

use xla_dialects::llvm::{LlvmOpKind, ptr_type};
use xla_dialects::func::FuncDialectOp;
use xla_dialects::loops::LoopOp;
use xla_ir::{Body, Builder, Diagnostic, InsertPoint, OpId, OpState, RegionId, ValueId};

use super::loop_bounds::loop_trip_counts;
use super::lowering::FnLowering;

/// The least estimated work (trip count times per-iteration cost, in ops) for which a
/// nest runs on the thread pool. Vectorized elementwise code runs about 10 such ops per
/// nanosecond, so 2^22 is some 400 us of sequential work; handing chunks to the pool and
/// waiting for them measured 20 to 40 us on the shared 2-core machine (a threshold of
/// 2^16 made the corpus's small elementwise cases several times slower there).
pub const PARALLEL_MIN_WORK: u64 = 1 << 22;

/// The most outermost `loop.parallel` nests a function keeps inline. Above it, every such
/// nest becomes a function of its own, called directly when it is too small for the pool:
/// LLVM's loop passes recompute function-wide analyses after each loop they change, so
/// their time grows with the square of a function's loops. A 24-layer transformer's entry
/// of some 700 nests took 3.7 s to optimize as one function.
pub const OUTLINE_NESTS_ABOVE: usize = 32;

/// The number of outermost `loop.parallel` nests in `block` and the regions of its ops
/// (not counting nests inside them).
pub fn outermost_nests(body: &Body, block: xla_ir::BlockId) -> usize {
    body.block_ops(block)
        .map(|op| {
            if matches!(LoopOp::of(body, op), Some(LoopOp::Parallel(_))) {
                1
            } else {
                body.op(op).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).map(|b| outermost_nests(body, b)).sum()
            }
        })
        .sum()
}

/// The trip count assumed for a nested loop whose bounds are not constants.
const UNKNOWN_TRIP_COUNT: u64 = 16;

/// Whether `op` may end the function early or allocate (an allocation, a runtime call or a
/// call): a body containing one is not outlined.
fn ends_early_or_allocates(body: &Body, op: OpId) -> bool {
    matches!(LoopOp::of(body, op), Some(LoopOp::Alloc(_) | LoopOp::CallRuntime(_)))
        || matches!(FuncDialectOp::of(body, op), Some(FuncDialectOp::Call(_)))
}

/// Lowers the `loop.parallel` `op` (whose lowered bounds are `operands`) through the thread
/// pool when it qualifies (see the module); returns whether it did.
pub fn try_outline(l: &mut FnLowering, op: OpId, operands: &[ValueId]) -> Result<bool, Diagnostic> {
    let rank = operands.len() / 2;
    if l.in_outlined || rank == 0 {
        return Ok(false);
    }
    let Some(trips) = (0..rank).map(|d| Some((l.known_int(operands[rank + d])? - l.known_int(operands[d])?).max(0))).collect::<Option<Vec<i128>>>() else {
        return Ok(false);
    };
    let region = l.body.op(op).regions[0];
    if trips[0] < 1 || (trips[0] < 2 && !l.outline_nests) || !outlinable(l.body, region) {
        return Ok(false);
    }
    let iterations = trips.iter().fold(1u64, |acc, t| acc.saturating_mul(u64::try_from(*t).unwrap_or(u64::MAX)));
    let on_the_pool = iterations.saturating_mul(region_cost(l.body, region)) >= PARALLEL_MIN_WORK;
    if !on_the_pool && !l.outline_nests {
        return Ok(false);
    }
    outline(l, op, region, trips[0], on_the_pool)?;
    Ok(true)
}

/// Whether no op inside `region` (at any depth) [ends early or allocates](ends_early_or_allocates).
fn outlinable(body: &Body, region: RegionId) -> bool {
    body.region(region).blocks.iter().all(|b| {
        body.block_ops(*b).all(|op| !ends_early_or_allocates(body, op) && body.op(op).regions.iter().all(|r| outlinable(body, *r)))
    })
}

/// A rough count of the ops one run of `region` executes: nested loops multiply their
/// body's count by their trip count (constant bounds) or [`UNKNOWN_TRIP_COUNT`].
fn region_cost(body: &Body, region: RegionId) -> u64 {
    let mut cost = 0u64;
    for &block in &body.region(region).blocks {
        for op in body.block_ops(block) {
            let inner: u64 = body.op(op).regions.iter().map(|r| region_cost(body, *r)).sum();
            let trips = loop_trip_counts(body, op)
                .iter()
                .map(|t| t.map_or(UNKNOWN_TRIP_COUNT, |t| u64::try_from(t).unwrap_or(u64::MAX)))
                .fold(1u64, u64::saturating_mul);
            cost = cost.saturating_add(1).saturating_add(inner.saturating_mul(trips));
        }
    }
    cost
}

/// The values `op` and its region use but do not define, in order of first use: the
/// ones `loop.constant`s define (re-emitted in the outlined function) apart from the rest
/// (passed through the context).
fn captures(body: &Body, op: OpId) -> (Vec<OpId>, Vec<ValueId>) {
    let mut defined = HashSet::new();
    let mut used = Vec::new();
    collect(body, op, &mut defined, &mut used);
    let mut seen = HashSet::new();
    let (mut constants, mut values) = (Vec::new(), Vec::new());
    for v in used {
        if defined.contains(&v) || !seen.insert(v) {
            continue;
        }
        match body.defining_op(v).filter(|d| matches!(LoopOp::of(body, *d), Some(LoopOp::Constant(_)))) {
            Some(def) => constants.push(def),
            None => values.push(v),
        }
    }
    (constants, values)
}

/// Records the values `op` (and its regions, at any depth) defines and uses.
fn collect(body: &Body, op: OpId, defined: &mut HashSet<ValueId>, used: &mut Vec<ValueId>) {
    used.extend(body.op(op).operands.iter().copied());
    defined.extend(body.op(op).results.iter().copied());
    for &region in &body.op(op).regions {
        for &block in &body.region(region).blocks {
            defined.extend(body.block(block).args.iter().copied());
            for inner in body.block_ops(block) {
                collect(body, inner, defined, used);
            }
        }
    }
}

/// Builds the outlined function of the nest `op` and the call that runs it over `trips`
/// outer iterations (see the module): through the thread pool (`on_the_pool`), or
/// directly, over all of them at once.
fn outline(l: &mut FnLowering, op: OpId, region: RegionId, trips: i128, on_the_pool: bool) -> Result<(), Diagnostic> {
    let ctx = l.ctx();
    let (constants, values) = captures(l.body, op);
    let lowered = values.iter().map(|v| l.value(*v)).collect::<Result<Vec<_>, _>>()?;
    let types: Vec<_> = lowered.iter().map(|v| l.body.value_type(*v)).collect();
    let name = format!("{}.{}.{}", l.name, if on_the_pool { "parallel" } else { "nest" }, l.outlined.len());
    let (i64_ty, ptr, slot_ty) = (ctx.int_type(64), ptr_type(ctx), ctx.int_type(128));

    // The caller: the context in the entry block (so a nest inside a loop reuses one
    // slot), filled here, then the runtime call.
    let count = ctx.int_attr(lowered.len() as i128 + 1, i64_ty);
    let mut state = OpState::new(ctx.symbol(LlvmOpKind::Alloca.name()), l.loc);
    state.set_attr(ctx.symbol("elem_type"), ctx.type_attr(slot_ty));
    state.set_attr(ctx.symbol("count"), count);
    state.result_types = vec![ptr];
    let mut b = Builder::new(l.body, l.loc);
    b.set_insert_point(InsertPoint::BlockStart(l.entry));
    let alloca = b.create(state);
    let context = l.body.result(alloca, 0);
    let stored: Vec<ValueId> = lowered.iter().copied().chain([l.options]).collect();
    for (i, v) in stored.into_iter().enumerate() {
        let index = l.i64_const(i as i64);
        let slot = l.element_address(context, index, slot_ty);
        l.store(v, slot);
    }
    let n = l.i64_const(i64::try_from(trips).map_err(|_| l.error("loop.parallel: the trip count does not fit i64"))?);
    if on_the_pool {
        let function = l.value_op(LlvmOpKind::AddressOf.name(), &[], ptr, &[("function", ctx.symbol_ref_attr(vec![ctx.symbol(&name)]))]);
        let options = l.options;
        let status = l.call_value("xla_rt_parallel_for", &[n, function, context, options], ctx.int_type(32));
        l.exit_on_error(status);
    } else {
        let zero = l.i64_const(0);
        l.call(&name, &[zero, n, context], None);
    }

    // The outlined function.
    let outlined_region = l.body.create_region();
    let entry = l.body.append_block(outlined_region);
    let begin = l.body.add_block_arg(entry, i64_ty);
    let end = l.body.add_block_arg(entry, i64_ty);
    let context = l.body.add_block_arg(entry, ptr);
    let flush = l.flush_denormals;
    let bounds: Vec<ValueId> = l.body.op(op).operands.clone();
    let loc = l.loc;
    let mut o = FnLowering::new(l.body, outlined_region, entry, context, loc);
    o.in_outlined = true;
    o.flush_denormals = flush;
    o.name = l.name.clone();
    // Only the captured buffers' ranges matter here; named by capture order, the same
    // kernel outlined from another layer reads the same (see `share_outlined`).
    let mut captured_ranges: Vec<(u64, u64)> = Vec::new();
    for v in &values {
        if let Some(range) = o.body.defining_op(*v).and_then(|d| super::memory::arena_range(o.body, d)) {
            if !captured_ranges.contains(&range) {
                captured_ranges.push(range);
            }
        }
    }
    o.arena_ranges = captured_ranges.clone();
    o.scope_labels = captured_ranges;
    let index = o.i64_const(lowered.len() as i64);
    let slot = o.element_address(context, index, slot_ty);
    o.options = o.load(slot, ptr);
    // A nest called directly runs on the caller's thread, in its floating-point mode.
    let saved = if flush && on_the_pool { Some(o.set_flush_denormals()) } else { None };
    for (i, (v, ty)) in values.iter().zip(&types).enumerate() {
        let index = o.i64_const(i as i64);
        let slot = o.element_address(context, index, slot_ty);
        let loaded = o.load(slot, *ty);
        o.bind(*v, loaded);
    }
    for def in constants {
        o.lower_op(def)?;
    }
    o.loc = loc;
    let rank = bounds.len() / 2;
    let mut lowers = bounds[..rank].iter().map(|v| o.value(*v)).collect::<Result<Vec<_>, _>>()?;
    let mut uppers = bounds[rank..].iter().map(|v| o.value(*v)).collect::<Result<Vec<_>, _>>()?;
    uppers[0] = o.binary(LlvmOpKind::Add, lowers[0], end);
    lowers[0] = o.binary(LlvmOpKind::Add, lowers[0], begin);
    o.loop_nest(region, &lowers, &uppers, true, &mut Vec::new())?;
    if let Some((slot, caller_mode)) = saved {
        o.restore_fp_mode(slot, caller_mode);
    }
    o.ret(None);
    let mut state = OpState::new(ctx.symbol(LlvmOpKind::Func.name()), loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&name));
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(vec![i64_ty, i64_ty, ptr], vec![])));
    state.set_attr(ctx.symbol("linkage"), ctx.string_attr("internal"));
    if !on_the_pool {
        // Inlined back, the nests would make the one large function again.
        state.set_attr(ctx.symbol(super::NOINLINE_ATTR), ctx.unit_attr());
    }
    state.regions.push(outlined_region);
    let func = l.body.create_op(state);
    l.outlined.push(func);
    Ok(())
}
