//! The `buffer-assignment` pass: every function of the module, callees first
//! ([`crate::calls`]): its calls get their callees' arenas, its temporaries their liveness
//! ([`crate::liveness`]) and in-place pairs ([`crate::in_place`]), one arena is packed
//! ([`crate::packing`]), and every placed `loop.alloc` becomes
//! `loop.arena_buffer %arena[offset]` of a new trailing argument `%arena: memref<Nxi8>`;
//! the function records `N` in `loop.arena_bytes`.
//!
//! Option `in-place` (on by default) allows in-place pairs; option `stats` reports, per
//! function, the arena's size, the buffers placed, the in-place pairs and the allocs left
//! to `malloc`, as remarks.
//!
//! Invariant: the module is verified, as the pass manager gives it, so the typed views
//! through which the pass reads functions, allocs and their attributes find what the ops
//! declare.

use std::collections::HashMap;

use xla_dialects::func::FuncOp;
use xla_dialects::loops::arena::{arena_type, ARENA_BYTES_ATTR};
use xla_dialects::loops::{ArenaBufferOp, LoopOp};
use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions, MODULE_OP};
use xla_ir::{Body, Builder, Diagnostic, InsertPoint, Op, OpId, TypeData, WalkOrder};

use crate::calls::{callees_first, functions, give_call_arenas};
use crate::liveness::{analyze, LiveRange, Temporary};
use crate::packing::{pack, Request};
use crate::schedule::Schedule;

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "buffer-assignment",
    name: "BufferAssignment",
    summary: "Place the loop level's temporaries in one temp arena per function: liveness over the program order, in-place reuse, greedy-by-size packing",
    anchor: PassAnchor::Op(MODULE_OP),
    options: &[
        OptionSpec {
            name: "in-place",
            kind: OptionKind::Bool,
            default: "true",
            help: "Let an elementwise nest write its result over a temporary it reads for the last time",
        },
        OptionSpec {
            name: "stats",
            kind: OptionKind::Bool,
            default: "false",
            help: "Report, per function, the arena's size, the buffers placed and the allocs left to malloc",
        },
    ],
};

/// What the pass did to one function.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The arena's size in bytes (0: the function has no arena).
    pub arena_bytes: u64,
    /// The allocs placed in the arena.
    pub placed: usize,
    /// The in-place pairs among them.
    pub in_place: usize,
    /// The allocs left to `malloc`.
    pub kept: usize,
}

/// The pass.
pub struct BufferAssignment {
    in_place: bool,
    stats: bool,
}

/// Builds the pass from its options.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(BufferAssignment { in_place: options.bool("in-place"), stats: options.bool("stats") }))
}

impl Pass for BufferAssignment {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let stats = run_on_module(body, op, self.in_place);
        if self.stats {
            for (func, s) in stats {
                let name = func.sym_name(body);
                let message = format!(
                    "buffer-assignment @{name}: arena of {} bytes, {} buffers placed ({} in place), {} left to malloc",
                    s.arena_bytes, s.placed, s.in_place, s.kept
                );
                cx.remark(body.op(func.id()).location, message);
            }
        }
        Ok(())
    }
}

/// Assigns the buffers of every function of `module`, callees first; returns what it did
/// to each function, in that order.
pub fn run_on_module(body: &mut Body, module: OpId, in_place: bool) -> Vec<(FuncOp, Stats)> {
    let functions = functions(body, module);
    let (order, recursive) = callees_first(body, &functions);
    let names: HashMap<FuncOp, String> = functions.iter().map(|(n, f)| (*f, n.clone())).collect();
    let mut arenas: HashMap<String, u64> = HashMap::new();
    let mut all = Vec::new();
    for func in order {
        give_call_arenas(body, func, &arenas);
        if recursive.contains(&func) {
            continue;
        }
        let stats = assign_function(body, func, in_place);
        if stats.arena_bytes > 0 {
            if let Some(name) = names.get(&func) {
                arenas.insert(name.clone(), stats.arena_bytes);
            }
        }
        all.push((func, stats));
    }
    all
}

/// Places the temporaries of `func` (a loop-level `func.func` of one block) in one arena;
/// a function of several blocks, or without a function type, is left as it is.
pub fn assign_function(body: &mut Body, func: FuncOp, in_place: bool) -> Stats {
    let ctx = body.ctx();
    let func_id = func.id();
    let [entry] = body.region(func.body(body)).blocks[..] else { return Stats::default() };
    let (inputs, results) = match ctx.type_data(func.function_type(body)) {
        TypeData::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => return Stats::default(),
    };
    if body.attr(func_id, ARENA_BYTES_ATTR).is_some() {
        return Stats::default();
    }
    let schedule = Schedule::of(body, func_id);
    let allocs: Vec<OpId> =
        body.nested_ops(func_id, WalkOrder::PreOrder).into_iter().filter(|op| matches!(LoopOp::of(body, *op), Some(LoopOp::Alloc(_)))).collect();
    let temporaries: Vec<Temporary> = allocs.iter().filter_map(|a| analyze(body, &schedule, func_id, *a).ok()).collect();
    let kept = allocs.len() - temporaries.len();
    let pairs = if in_place { crate::in_place::pairs(body, &schedule, &temporaries) } else { Vec::new() };
    // Each in-place chain is one buffer: its members' union of live ranges, their size.
    let mut group: Vec<usize> = (0..temporaries.len()).collect();
    for &(read, written) in &pairs {
        let root = find(&mut group, read);
        let other = find(&mut group, written);
        group[other] = root;
    }
    let mut requests: Vec<Request> = Vec::new();
    let mut request_of: HashMap<usize, usize> = HashMap::new();
    let mut member_request = Vec::with_capacity(temporaries.len());
    for (i, t) in temporaries.iter().enumerate() {
        let root = find(&mut group, i);
        let r = *request_of.entry(root).or_insert_with(|| {
            requests.push(Request { bytes: 0, range: t.range });
            requests.len() - 1
        });
        let request = &mut requests[r];
        request.bytes = request.bytes.max(t.bytes);
        request.range = LiveRange { start: request.range.start.min(t.range.start), end: request.range.end.max(t.range.end) };
        member_request.push(r);
    }
    let Some(packing) = pack(&requests) else { return Stats { kept: allocs.len(), ..Stats::default() } };
    if packing.size == 0 {
        return Stats { kept, ..Stats::default() };
    }
    let arena_ty = arena_type(ctx, packing.size);
    let arena = body.add_block_arg(entry, arena_ty);
    let mut new_inputs = inputs;
    new_inputs.push(arena_ty);
    body.set_attr(func_id, "function_type", ctx.type_attr(ctx.function_type(new_inputs, results)));
    if let Some(attrs) = func.arg_attrs(body) {
        let mut attrs = attrs.to_vec();
        attrs.push(ctx.dictionary_attr(Vec::new()));
        body.set_attr(func_id, "arg_attrs", ctx.array_attr(attrs));
    }
    body.set_attr(func_id, ARENA_BYTES_ATTR, ctx.int_attr(i128::from(packing.size), ctx.int_type(64)));
    for (t, &r) in temporaries.iter().zip(&member_request) {
        let buffer = body.result(t.alloc, 0);
        let buffer_type = body.value_type(buffer);
        let location = body.op(t.alloc).location;
        // An offset past `i64::MAX` (in an arena no memref type can hold) saturates, and the
        // verifier then rejects the buffer as outside its arena.
        let offset = i64::try_from(packing.offsets[r]).unwrap_or(i64::MAX);
        let mut builder = Builder::new(body, location);
        builder.set_insert_point(InsertPoint::Before(t.alloc));
        let placed = match ArenaBufferOp::build(&mut builder, arena, offset, buffer_type) {
            Ok(placed) => placed.result(body),
            Err(_) => unreachable!("an arena buffer infers nothing, so building one cannot fail"),
        };
        body.replace_all_uses(buffer, placed);
        body.erase_op(t.alloc);
    }
    share_identical_views(body, entry);
    Stats { arena_bytes: packing.size, placed: temporaries.len(), in_place: pairs.len(), kept }
}

/// Replaces every `loop.arena_buffer` of the function's entry block by the first one of the
/// block with the same offset and type: one SSA value per view of the arena. An in-place
/// pair (an elementwise nest writing over the temporary it reads) then reads and writes
/// through one pointer, which LLVM's vectorizer proves to be the same address at the same
/// index; through two pointers it emitted a runtime overlap check that failed for exactly
/// those buffers and ran the scalar loop (the softmax of `attention_prefill_large`: 20 of
/// its 38 ms).
fn share_identical_views(body: &mut Body, entry: xla_ir::BlockId) {
    let mut first: HashMap<(i64, xla_ir::Type), xla_ir::ValueId> = HashMap::new();
    let ops: Vec<OpId> = body.block_ops(entry).collect();
    for op in ops {
        let Some(view) = ArenaBufferOp::cast(body, op) else { continue };
        let result = view.result(body);
        let key = (view.offset(body), body.value_type(result));
        match first.get(&key) {
            Some(&earlier) => {
                body.replace_all_uses(result, earlier);
                body.erase_op(op);
            }
            None => {
                first.insert(key, result);
            }
        }
    }
}

/// The representative of `i`'s group, halving paths on the way.
fn find(group: &mut [usize], mut i: usize) -> usize {
    while group[i] != i {
        group[i] = group[group[i]];
        i = group[i];
    }
    i
}
