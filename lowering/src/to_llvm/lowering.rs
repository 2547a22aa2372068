//! The state of lowering one loop-level function to an `llvm.func`: where new ops go, what
//! each loop value became, the allocations live at the current point, and the dispatch of
//! each loop op to its family.
//!
//! Structured control flow becomes blocks: a construct creates its blocks detached and
//! appends each to the function's region when code starts going there
//! ([`FnLowering::enter_block`]), so the printed function reads in program order. A region
//! of a loop op is lowered by [`FnLowering::lower_region`] in a scope of its own: the
//! buffers allocated in it are freed when it ends, and an early exit (a failed call or
//! allocation) frees those of every enclosing scope before it returns its status.
//!
//! Invariant: a loop value is bound before any op using it is lowered (regions are single
//! blocks lowered in order, and structured control flow only passes values through block
//! arguments), so every emitted op is placed where the values it uses dominate it.

use std::collections::HashMap;

use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::HloOp;
use xla_dialects::loops::LoopOp;
use xla_dialects::llvm::{IcmpPredicate, LlvmOpKind};
use xla_ir::{Attribute, BlockId, Body, Diagnostic, Location, OpId, RegionId, ValueId};

use super::{arith, compare, complex, control_flow, convert, functions, math, memory, runtime};

/// How one loop op is lowered.
pub type LowerFn = for<'a, 'c> fn(&mut FnLowering<'a, 'c>, OpId) -> Result<(), Diagnostic>;

/// The lowering of every op that may appear in a loop-level function body: an exhaustive
/// `match` on the loop dialect's ops (terminators are handled by the construct that owns
/// their region, so they have none), plus `func.call`.
fn lowering_of(body: &Body, op: OpId) -> Option<LowerFn> {
    if let Some(FuncDialectOp::Call(_)) = FuncDialectOp::of(body, op) {
        return Some(functions::call);
    }
    Some(match LoopOp::of(body, op)? {
        LoopOp::Constant(_) => convert::constant,
        LoopOp::Convert(_) => convert::convert,
        LoopOp::Bitcast(_) => convert::bitcast,
        LoopOp::Real(_) | LoopOp::Imag(_) => complex::part,
        LoopOp::Complex(_) => complex::build,
        LoopOp::ComplexAbs(_) => complex::abs,
        LoopOp::Arith(_) => arith::arith,
        LoopOp::Math(_) => math::math,
        LoopOp::Compare(_) => compare::compare,
        LoopOp::Select(_) => compare::select,
        LoopOp::Load(_) => memory::load,
        LoopOp::Store(_) => memory::store,
        LoopOp::Alloc(_) => memory::alloc,
        LoopOp::Literal(_) => memory::literal,
        LoopOp::ArenaBuffer(_) => memory::arena_buffer,
        LoopOp::For(_) => control_flow::for_loop,
        LoopOp::Parallel(_) => control_flow::parallel,
        LoopOp::While(_) => control_flow::while_loop,
        LoopOp::If(_) => control_flow::if_op,
        LoopOp::CallRuntime(_) => runtime::call_runtime,
        LoopOp::Yield(_) | LoopOp::Condition(_) => return None,
    })
}

/// The state of lowering one function; see the module documentation.
pub struct FnLowering<'a, 'c> {
    /// The module's arena: the loop ops are read from it and the llvm ops built in it.
    pub body: &'a mut Body<'c>,
    /// The block new ops are appended to.
    pub block: BlockId,
    /// The location of new ops: the loop op being lowered.
    pub loc: Location,
    /// The region of the new `llvm.func`, where new blocks go.
    pub(super) region: RegionId,
    /// The new function's entry block, where constants are hoisted.
    pub(super) entry: BlockId,
    /// The last constant hoisted; the next goes after it.
    pub(super) last_constant: Option<OpId>,
    /// The hoisted constants, by value (typed attributes, so one per value and type).
    pub(super) constants: HashMap<Attribute, ValueId>,
    /// The value of each integer constant, for folding address arithmetic.
    pub(super) known: HashMap<ValueId, i128>,
    /// What each loop value became.
    values: HashMap<ValueId, ValueId>,
    /// The buffers allocated in each enclosing region, innermost last.
    scopes: Vec<Vec<ValueId>>,
    /// The run options pointer the function received, passed on to calls.
    pub options: ValueId,
    /// Whether the code runs with subnormal floats flushed to zero, so that operands and
    /// results of libm calls are flushed explicitly (libm tells subnormals by their bits).
    pub flush_denormals: bool,
    /// The name of the function being lowered, which outlined bodies are named after.
    pub(super) name: String,
    /// Whether this is an outlined parallel body, whose nests stay sequential.
    pub(super) in_outlined: bool,
    /// Whether each outermost `loop.parallel` nest too small for the thread pool is still
    /// outlined into a function of its own ([`super::parallel::OUTLINE_NESTS_ABOVE`]).
    pub(super) outline_nests: bool,
    /// The functions outlined from this one's parallel nests (detached `llvm.func`s).
    pub(super) outlined: Vec<OpId>,
    /// The byte ranges `[start, end)` of the function's arena buffers, for the alias scopes
    /// of their loads and stores ([`super::memory`]).
    pub(super) arena_ranges: Vec<(u64, u64)>,
    /// In an outlined nest, the arena ranges of its captured buffers in capture order,
    /// which name their alias scopes ([`super::share_outlined`]); empty elsewhere.
    pub(super) scope_labels: Vec<(u64, u64)>,
}

impl<'a, 'c> FnLowering<'a, 'c> {
    /// A lowering emitting into `entry`, the entry block of the new function's `region`,
    /// whose run options pointer is `options`.
    pub fn new(body: &'a mut Body<'c>, region: RegionId, entry: BlockId, options: ValueId, loc: Location) -> Self {
        FnLowering {
            body,
            block: entry,
            loc,
            region,
            entry,
            last_constant: None,
            constants: HashMap::new(),
            known: HashMap::new(),
            values: HashMap::new(),
            scopes: Vec::new(),
            options,
            flush_denormals: false,
            name: String::new(),
            in_outlined: false,
            outline_nests: false,
            outlined: Vec::new(),
            arena_ranges: Vec::new(),
            scope_labels: Vec::new(),
        }
    }

    /// The context types and attributes are interned in.
    pub fn ctx(&self) -> &'c xla_ir::Context {
        self.body.ctx()
    }

    /// An error at the op being lowered.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc, message)
    }

    /// Records that the loop value `old` became `new`.
    pub fn bind(&mut self, old: ValueId, new: ValueId) {
        self.values.insert(old, new);
    }

    /// What the loop value `old` became.
    pub fn value(&self, old: ValueId) -> Result<ValueId, Diagnostic> {
        self.values.get(&old).copied().ok_or_else(|| self.error("lower-to-llvm: a value is used before it is defined"))
    }

    /// What the operands of `op` became.
    pub fn operands(&self, op: OpId) -> Result<Vec<ValueId>, Diagnostic> {
        self.body.op(op).operands.iter().map(|v| self.value(*v)).collect()
    }

    /// Lowers `op`, at its own location.
    pub fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        self.loc = self.body.op(op).location;
        let name = self.body.op_name(op);
        match lowering_of(self.body, op) {
            Some(lower) => lower(self, op),
            None if HloOp::of(self.body, op).is_some() => {
                Err(self.error(format!("lower-to-llvm does not handle '{name}': lower the module with lower-to-loops first")))
            }
            None => Err(self.error(format!("lower-to-llvm does not handle '{name}' yet"))),
        }
    }

    /// Lowers the ops of `block` before its terminator, in order, and returns the
    /// terminator.
    pub fn lower_ops(&mut self, block: BlockId) -> Result<Option<OpId>, Diagnostic> {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        let Some((&last, rest)) = ops.split_last() else { return Ok(None) };
        for &op in rest {
            self.lower_op(op)?;
        }
        let is_terminator = matches!(LoopOp::of(self.body, last), Some(LoopOp::Yield(_) | LoopOp::Condition(_)))
            || matches!(FuncDialectOp::of(self.body, last), Some(FuncDialectOp::Return(_)));
        if !is_terminator {
            self.lower_op(last)?;
            return Ok(None);
        }
        Ok(Some(last))
    }

    /// Lowers the single block of `region` with its arguments bound to `args`, in a scope
    /// of its own whose buffers are freed at its end, and returns what its terminator
    /// passes on (for `loop.condition`, the predicate first), lowered.
    pub fn lower_region(&mut self, region: RegionId, args: &[ValueId]) -> Result<Vec<ValueId>, Diagnostic> {
        let blocks = self.body.region(region).blocks.clone();
        let [block] = blocks[..] else {
            return Err(self.error("lower-to-llvm handles regions of one block only"));
        };
        let params = self.body.block(block).args.clone();
        if params.len() != args.len() {
            return Err(self.error("lower-to-llvm: a region's arguments do not match the values passed to it"));
        }
        for (param, arg) in params.into_iter().zip(args) {
            self.bind(param, *arg);
        }
        self.push_scope();
        let terminator = self.lower_ops(block)?;
        let passed = match terminator {
            Some(op) => {
                self.loc = self.body.op(op).location;
                self.check_no_buffers(op)?;
                self.operands(op)?
            }
            None => Vec::new(),
        };
        self.pop_scope();
        Ok(passed)
    }

    /// Buffers may not leave a region (they would outlive the scope that frees them).
    fn check_no_buffers(&self, terminator: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        let buffer = self.body.op(terminator).operands.iter().any(|v| ctx.as_memref(self.body.value_type(*v)).is_some());
        if buffer {
            return Err(self.error("lower-to-llvm does not handle buffers passed out of a region yet"));
        }
        Ok(())
    }

    // ---- Scopes of allocations -------------------------------------------------------

    /// Opens the scope of a region.
    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    /// Closes the innermost scope, freeing its buffers at the end of the current block.
    pub fn pop_scope(&mut self) {
        let buffers = self.scopes.pop().unwrap_or_default();
        for buffer in buffers.into_iter().rev() {
            self.free(buffer);
        }
    }

    /// Records a buffer allocated in the innermost scope.
    pub fn track_allocation(&mut self, buffer: ValueId) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(buffer);
        }
    }

    /// Frees every buffer live at this point, innermost first: what an early exit does.
    pub fn free_all(&mut self) {
        let live: Vec<ValueId> = self.scopes.iter().flatten().copied().collect();
        for buffer in live.into_iter().rev() {
            self.free(buffer);
        }
    }

    /// Ends the function with `XLA_RT_OUT_OF_MEMORY` when `failed` holds, an allocation of
    /// `bytes` bytes having returned NULL: says so through the runtime's
    /// [`memory::OUT_OF_MEMORY_HOOK`] when the runtime is linked (the hook is declared
    /// `extern_weak`, so its address is null otherwise), then frees the buffers live here.
    /// Code goes on in a new block where `failed` does not hold.
    pub fn exit_if_out_of_memory(&mut self, failed: ValueId, bytes: ValueId) {
        let ctx = self.ctx();
        let (fail, _) = self.new_block(&[]);
        let (next, _) = self.new_block(&[]);
        self.cond_br(failed, (fail, &[]), (next, &[]));
        self.enter_block(fail);
        let hook = ctx.symbol_ref_attr(vec![ctx.symbol(memory::OUT_OF_MEMORY_HOOK)]);
        let address = self.value_op(LlvmOpKind::AddressOf.name(), &[], xla_dialects::llvm::ptr_type(ctx), &[("function", hook)]);
        let address = self.cast(LlvmOpKind::PtrToInt, address, ctx.int_type(64));
        let zero = self.i64_const(0);
        let linked = self.icmp(IcmpPredicate::Ne, address, zero);
        let (report, _) = self.new_block(&[]);
        let (exit, _) = self.new_block(&[]);
        self.cond_br(linked, (report, &[]), (exit, &[]));
        self.enter_block(report);
        self.call(memory::OUT_OF_MEMORY_HOOK, &[bytes], None);
        self.br(exit, &[]);
        self.enter_block(exit);
        self.free_all();
        let status = self.i32_const(memory::OUT_OF_MEMORY);
        self.ret(Some(status));
        self.enter_block(next);
    }

    /// Ends the function with `status` when `failed` holds: the buffers live here are freed
    /// first. Code goes on in a new block where `failed` does not hold.
    pub fn exit_if(&mut self, failed: ValueId, status: ValueId) {
        let (fail, _) = self.new_block(&[]);
        let (next, _) = self.new_block(&[]);
        self.cond_br(failed, (fail, &[]), (next, &[]));
        self.enter_block(fail);
        self.free_all();
        self.ret(Some(status));
        self.enter_block(next);
    }
}
