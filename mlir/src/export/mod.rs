//! Export of the loop level to upstream MLIR: `func`, `scf`, `memref`, `arith`, `math`,
//! `complex` and (for the pointers of runtime calls) `llvm`, built through melior and
//! checked by MLIR's verifier. `xla-opt --emit=mlir-upstream` prints it.
//!
//! The mapping (docs/mlir.md has it as a table):
//! - `func.func @f(memref<A>, ...)` becomes `func.func @f(memref<A>, ..., %opts: !llvm.ptr)
//!   -> i32`: the buffers, the run options every runtime call needs, and a status (0, or the
//!   first non-zero status of a runtime call or call, kept in a `memref.alloca` slot).
//!   `func.call` passes `%opts` on and folds the callee's status into the caller's. A
//!   failed call ends the function's work as our lowering's early return does: structured
//!   control flow has no early exit, so the ops after each op that calls something are
//!   nested in an `scf.if` on the status being 0 (its results stand for the block's
//!   terminator's operands, `ub.poison` when skipped), and a loop's body that calls
//!   something is so guarded from its start (a skipped `scf.while` condition is false).
//! - `memref<2x3xf32, {0, 1}>` becomes `memref<2x3xf32, strided<[1, 2]>>` (the layout's
//!   strides over the padded sizes); a row-major layout is the identity layout, except for
//!   an empty buffer of rank 2 or more (`memref<3x0xf32, strided<[0, 1]>>`: MLIR's
//!   bare-pointer convention and `memref.alloc` lowering refuse the identity layout there).
//!   `uiN` is the signless `iN` (the ops pick signed or unsigned forms from our type);
//!   `complex<f32>` is `complex<f32>` (`complex.rs`).
//! - `loop.alloc` is `memref.alloc` (of the flat buffer then `memref.reinterpret_cast`
//!   when the layout is not row-major), `memref.dealloc`ed where the region it was
//!   allocated in ends, as the llvm lowering frees it (MLIR's path does not run
//!   buffer-assignment, so `loop.arena_buffer` is a located error); `loop.load`/`loop.store` are
//!   `memref.load`/`memref.store` at the same logical indices.
//! - `loop.for` is `scf.for` (iter_args), `loop.parallel` `scf.parallel` (step 1,
//!   `scf.reduce` terminator), `loop.while` `scf.while`, `loop.if` `scf.if`.
//! - Scalars have XLA's semantics, spelled out where arith's differ (`scalar.rs`).
//! - `loop.call_runtime @xla_rt_f(...)` is `func.call @xla_rt_f(...)` of a private
//!   declaration `(..., !llvm.ptr) -> i32`: buffers go as `!llvm.ptr` (their aligned
//!   pointer), `index` as `i64`, the options last.
//!
//! Not exported (located errors): float formats other than f16, bf16, f32 and f64 (the f8
//! formats), complex numbers of other parts, ops of other dialects.
//!
//! Invariants: ops are known by type, never by name. Every op is dispatched through
//! [`LoopLevelOp`] with an exhaustive `match` on the `loop` and `func` dialects' op enums,
//! so a new op of either is a compile error here until the export handles or refuses it;
//! attributes, operands and regions are read through the ops' typed views. Those views
//! assume a verified module (required attributes present and of their kinds), as the tools
//! give it: they verify what they read, and passes keep the module valid.

mod complex;
mod scalar;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use melior::ir::attribute::{Attribute, StringAttribute, TypeAttribute};
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike, OperationPrintingFlags};
use melior::ir::TypeLike;
use melior::ir::r#type::FunctionType;
use melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type as MType, Value};
use mlir_sys::{MlirBlock, MlirOperation, MlirType, MlirValue};
use xla_dialects::builtin::BuiltinOp;
use xla_dialects::func::{CallOp, FuncDialectOp, FuncOp};
use xla_dialects::loops::{AllocOp, ArenaBufferOp, CallRuntimeOp, ConstantOp, ForOp, IfOp, LiteralOp, LoopOp, ParallelOp, WhileOp};
use xla_ir::{AttrData, Body, Context, Diagnostic, FloatKind, Op, OpId, RegionId, Signedness, Symbol, Type, TypeData, ValueId, WalkOrder};

use crate::session::Session;

/// Exports `module` (a `builtin.module` at the loop level) into `session`'s context and
/// verifies the result with MLIR's verifier. Errors are located at the op that could not
/// be exported, or are MLIR's verifier diagnostics, located where our ops were.
pub fn export_module<'m>(session: &'m Session, body: &Body, module: OpId) -> Result<Module<'m>, Vec<Diagnostic>> {
    export_module_with(session, body, module, false)
}

/// [`export_module`], calling libm's `expm1`, `log1p`, `cbrt`, `tan`, `tanh`, `erf` and
/// `atan2` directly instead of the `math` ops when `libm_calls` (for MLIR's lowering to
/// LLVM, whose `math` lowering approximates some of them).
pub fn export_module_with<'m>(session: &'m Session, body: &Body, module: OpId, libm_calls: bool) -> Result<Module<'m>, Vec<Diagnostic>> {
    let ctx = body.ctx();
    let mctx = session.context();
    let location = Exporter::location_of(mctx, ctx, body.op(module).location);
    let mut out = Module::new(location);
    let mut exporter = Exporter::new(mctx, body, module, &out, libm_calls);
    if let Some(BuiltinOp::Module(module_op)) = BuiltinOp::of(body, module) {
        if let Some(name) = module_op.sym_name(body) {
            let mut op = out.as_operation_mut();
            op.set_attribute("sym_name", StringAttribute::new(mctx, name).into());
        }
    }
    let exported = exporter.module_body(module).and_then(|()| exporter.runtime_declarations());
    // What MLIR refused comes first: the errors after it may follow from its stand-ins.
    if let Some(failure) = exporter.failure.take() {
        return Err(vec![failure]);
    }
    exported.map_err(|d| vec![d])?;
    if !out.as_operation().verify() {
        let mut errors = session.take_diagnostics(ctx, body.op(module).location);
        if errors.is_empty() {
            errors.push(Diagnostic::error(body.op(module).location, "MLIR's verifier rejected the exported module"));
        }
        return Err(errors);
    }
    Ok(out)
}

/// What the export fails with when MLIR cannot read `type_text` as the type, or
/// `attr_text` as the value, of an `arith.constant` it builds for `module`, or `None` when
/// MLIR reads both: the error path of [`Exporter::parse_type`] and [`Exporter::build`],
/// which no module of ours reaches (their texts are the exporter's own), for tests.
#[doc(hidden)]
pub fn constant_refusal(body: &Body, module: OpId, type_text: &str, attr_text: &str) -> Option<Diagnostic> {
    let session = Session::new();
    let out = Module::new(Exporter::location_of(session.context(), body.ctx(), body.op(module).location));
    let mut exporter = Exporter::new(session.context(), body, module, &out, false);
    let ty = exporter.parse_type(type_text);
    exporter.value("arith.constant", &[], ty, &[("value", attr_text.to_string())]);
    exporter.failure.take()
}

/// Exports `module` and prints it in MLIR's custom form (the generic form when `generic`).
pub fn export_text(body: &Body, module: OpId, generic: bool) -> Result<String, Vec<Diagnostic>> {
    let session = Session::new();
    let out = export_module(&session, body, module)?;
    Ok(print_module(&out, generic))
}

/// Prints a module as `mlir-opt` does (custom form, or the generic form).
pub fn print_module(module: &Module, generic: bool) -> String {
    let mut flags = OperationPrintingFlags::new();
    if generic {
        flags = flags.print_generic_operation_form();
    }
    let mut text = module.as_operation().to_string_with_flags(flags).unwrap_or_else(|_| module.as_operation().to_string());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// What is needed to build one op.
pub(crate) struct Exporter<'m, 'b, 'c> {
    pub(crate) mctx: &'m melior::Context,
    pub(crate) body: &'b Body<'c>,
    /// Our values and their MLIR counterparts.
    values: HashMap<ValueId, MlirValue>,
    types: HashMap<Type, MlirType>,
    /// Where ops are appended.
    block: MlirBlock,
    /// The location of the op being exported.
    loc: Location<'m>,
    /// The run options of the function being exported.
    opts: Option<MlirValue>,
    /// The function's status slot (`memref<i32>`), made at the first call.
    status: Option<MlirValue>,
    /// The runtime functions called: their argument types (the options included).
    runtime: BTreeMap<String, (Vec<MlirType>, OpId)>,
    /// Per block being exported, the buffers allocated in it.
    allocs: Vec<Vec<MlirValue>>,
    /// Whether libm functions are called directly (see `scalar.rs`, `libm_or`).
    pub(crate) libm_calls: bool,
    /// The libm functions called: their arity and type.
    pub(crate) libm: BTreeMap<String, (usize, MlirType)>,
    /// The `memref.global`s the literals became: name, type and initial value (as text).
    globals: Vec<(String, String, String)>,
    /// Where the op being exported is, in our IR: where a failure of MLIR's is reported.
    here: xla_ir::Location,
    /// The first thing MLIR refused (a type or attribute it cannot read, an op it cannot
    /// build), located at the op being exported. Building goes on with stand-ins that keep
    /// every MLIR object valid; the export then fails with this diagnostic.
    failure: RefCell<Option<Diagnostic>>,
}

/// How an exported block ends.
#[derive(Copy, Clone, PartialEq, Eq)]
enum End {
    /// `func.return` of the status.
    Return,
    /// The terminator of a region of ours.
    Region(Terminator),
    /// `scf.yield` of the terminator's operands, out of a guard's `scf.if`.
    Guarded,
}

/// How a region of ours ends, by the op it belongs to.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Terminator {
    /// `scf.yield` (for, if, while's do region).
    Yield,
    /// `scf.reduce` (parallel).
    Reduce,
    /// `scf.condition` (while's cond region).
    Condition,
}

/// An op of ours by its dialect: what the exporter dispatches on. The loop level is made
/// of the `loop` and `func` dialects, matched exhaustively; an op of any other dialect is
/// refused as a whole.
#[derive(Copy, Clone)]
enum LoopLevelOp {
    /// An op of the `loop` dialect: buffers, loops and scalars.
    Loop(LoopOp),
    /// An op of the `func` dialect: functions, calls and returns.
    Func(FuncDialectOp),
    /// An op of another dialect (`hlo`, `llvm`, `check`, `builtin`) or an unregistered one.
    OtherDialect,
}

impl LoopLevelOp {
    /// The dialect and typed view of `op`.
    fn of(body: &Body, op: OpId) -> LoopLevelOp {
        if let Some(loop_op) = LoopOp::of(body, op) {
            LoopLevelOp::Loop(loop_op)
        } else if let Some(func_op) = FuncDialectOp::of(body, op) {
            LoopLevelOp::Func(func_op)
        } else {
            LoopLevelOp::OtherDialect
        }
    }

    /// Whether the op calls something (a function or the runtime), whose status the
    /// function then folds into its own.
    fn is_call(self) -> bool {
        matches!(self, LoopLevelOp::Loop(LoopOp::CallRuntime(_)) | LoopLevelOp::Func(FuncDialectOp::Call(_)))
    }
}

/// What exporting one op of a block did.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Exported {
    /// The op was exported; the block goes on.
    Op,
    /// The op was the block's terminator: the block is ended.
    BlockEnd,
}

impl<'m, 'b, 'c> Exporter<'m, 'b, 'c> {
    /// An exporter of `module` (of `body`) into `out`, at the module's location.
    fn new(mctx: &'m melior::Context, body: &'b Body<'c>, module: OpId, out: &Module<'m>, libm_calls: bool) -> Self {
        let here = body.op(module).location;
        Exporter {
            mctx,
            body,
            values: HashMap::new(),
            types: HashMap::new(),
            block: out.body().to_raw(),
            loc: Self::location_of(mctx, body.ctx(), here),
            opts: None,
            status: None,
            runtime: BTreeMap::new(),
            allocs: Vec::new(),
            libm_calls,
            libm: BTreeMap::new(),
            globals: Vec::new(),
            here,
            failure: RefCell::new(None),
        }
    }

    pub(crate) fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    /// Exports the functions of `module`.
    fn module_body(&mut self, module: OpId) -> Result<(), Diagnostic> {
        let body = self.body;
        for region in &body.op(module).regions {
            for &block in &body.region(*region).blocks {
                for op in body.block_ops(block) {
                    match LoopLevelOp::of(body, op) {
                        LoopLevelOp::Func(FuncDialectOp::Func(func)) => self.function(func)?,
                        LoopLevelOp::Func(FuncDialectOp::Call(_) | FuncDialectOp::Return(_))
                        | LoopLevelOp::Loop(_)
                        | LoopLevelOp::OtherDialect => {
                            let name = body.op_name(op);
                            return Err(self.error(op, format!("cannot export '{name}' at module level to upstream MLIR")));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Makes `op` the one being exported: the location of the ops built for it, and of
    /// what MLIR refuses.
    fn at(&mut self, op: OpId) {
        self.here = self.body.op(op).location;
        self.loc = Self::location_of(self.mctx, self.ctx(), self.here);
    }

    /// Records that MLIR refused something, unless something was refused before.
    fn fail(&self, message: String) {
        let mut failure = self.failure.borrow_mut();
        if failure.is_none() {
            *failure = Some(Diagnostic::error(self.here, message));
        }
    }

    pub(crate) fn error(&self, op: OpId, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.body.op(op).location, message)
    }

    fn location_of(mctx: &'m melior::Context, ctx: &Context, loc: xla_ir::Location) -> Location<'m> {
        match ctx.file_line_col(loc) {
            Some((file, line, col)) => Location::new(mctx, file, line as usize, col as usize),
            None => Location::unknown(mctx),
        }
    }

    // ---- types ------------------------------------------------------------------------

    /// The upstream type of one of ours.
    pub(crate) fn ty(&mut self, op: OpId, ty: Type) -> Result<MlirType, Diagnostic> {
        if let Some(t) = self.types.get(&ty) {
            return Ok(*t);
        }
        let text = self.type_text(op, ty)?;
        let parsed = MType::parse(self.mctx, &text).ok_or_else(|| self.error(op, format!("MLIR cannot read the type {text}")))?;
        self.types.insert(ty, parsed.to_raw());
        Ok(parsed.to_raw())
    }

    /// The type MLIR reads from `text`. When it cannot, the export fails ([`Self::fail`]),
    /// and `none` stands in for the type meanwhile.
    pub(crate) fn parse_type(&self, text: &str) -> MlirType {
        match MType::parse(self.mctx, text) {
            Some(t) => t.to_raw(),
            None => {
                self.fail(format!("MLIR cannot read the type {text}"));
                MType::none(self.mctx).to_raw()
            }
        }
    }

    fn type_text(&self, op: OpId, ty: Type) -> Result<String, Diagnostic> {
        let ctx = self.ctx();
        Ok(match ctx.type_data(ty) {
            TypeData::Integer { width, .. } => format!("i{width}"),
            TypeData::Index => "index".to_string(),
            TypeData::Complex(part) if matches!(ctx.type_data(*part), TypeData::Float(FloatKind::F32 | FloatKind::F64)) => {
                format!("complex<{}>", self.type_text(op, *part)?)
            }
            TypeData::Float(kind) => float_name(*kind)
                .ok_or_else(|| self.error(op, format!("the export to upstream MLIR does not handle {} yet", ctx.type_to_string(ty))))?
                .to_string(),
            TypeData::MemRef(tensor) => {
                let shape = tensor.static_shape().ok_or_else(|| self.error(op, format!("cannot export the dynamic buffer {}", ctx.type_to_string(ty))))?;
                let element = self.type_text(op, tensor.element)?;
                let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
                match explicit_layout(tensor.layout.as_ref(), &shape) {
                    None => format!("memref<{dims}{element}>"),
                    Some(layout) => {
                        let strides = strides(&shape, &layout);
                        let list: Vec<String> = strides.iter().map(|s| s.to_string()).collect();
                        format!("memref<{dims}{element}, strided<[{}]>>", list.join(", "))
                    }
                }
            }
            _ => return Err(self.error(op, format!("the export to upstream MLIR does not handle {} yet", ctx.type_to_string(ty)))),
        })
    }

    pub(crate) fn value_type(&self, v: MlirValue) -> MlirType {
        unsafe { mlir_sys::mlirValueGetType(v) }
    }

    // ---- building ops -----------------------------------------------------------------

    /// Builds `name` with operands, results, attributes (written in MLIR's syntax) and
    /// regions at the current location, appends it to the current block and returns its
    /// results.
    ///
    /// What MLIR refuses makes the export fail ([`Self::fail`]) without stopping this
    /// builder: an attribute it cannot read is left out, and for an op it cannot build the
    /// arguments of a detached block stand in for the results (making a block cannot fail).
    /// Those blocks are never destroyed, so the uses of their arguments stay valid for as
    /// long as the module that holds them; they leak only on that error.
    pub(crate) fn build(
        &mut self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attrs: &[(&str, String)],
        regions: Vec<Region<'m>>,
    ) -> Vec<MlirValue> {
        let operand_values: Vec<Value> = operands.iter().map(|v| unsafe { Value::from_raw(*v) }).collect();
        let result_types: Vec<MType> = results.iter().map(|t| unsafe { MType::from_raw(*t) }).collect();
        let attrs: Vec<(Identifier, Attribute)> = attrs
            .iter()
            .filter_map(|(k, v)| match Attribute::parse(self.mctx, v) {
                Some(attr) => Some((Identifier::new(self.mctx, k), attr)),
                None => {
                    self.fail(format!("MLIR cannot read the attribute {v} of {name}"));
                    None
                }
            })
            .collect();
        let built = OperationBuilder::new(name, self.loc)
            .add_operands(&operand_values)
            .add_results(&result_types)
            .add_attributes(&attrs)
            .add_regions_vec(regions)
            .build();
        match built {
            Ok(op) => {
                let raw = op.to_raw();
                std::mem::forget(op);
                unsafe { mlir_sys::mlirBlockAppendOwnedOperation(self.block, raw) };
                Self::results(raw, results.len())
            }
            Err(e) => {
                self.fail(format!("MLIR cannot build {name}: {e}"));
                let args: Vec<(MType, Location)> = result_types.iter().map(|t| (*t, self.loc)).collect();
                let block = Block::new(&args).into_raw();
                (0..results.len()).map(|i| Self::block_arg(block, i)).collect()
            }
        }
    }

    /// Builds an op with one result and returns the result.
    pub(crate) fn value(&mut self, name: &str, operands: &[MlirValue], result: MlirType, attrs: &[(&str, String)]) -> MlirValue {
        self.build(name, operands, &[result], attrs, Vec::new())[0]
    }

    fn results(op: MlirOperation, n: usize) -> Vec<MlirValue> {
        (0..n).map(|i| unsafe { mlir_sys::mlirOperationGetResult(op, i as isize) }).collect()
    }

    /// A region of one block with arguments of `types`; returns the region and the block.
    fn region(&self, types: &[MlirType]) -> (Region<'m>, MlirBlock) {
        let region = Region::new();
        let args: Vec<(MType, Location)> = types.iter().map(|t| (unsafe { MType::from_raw(*t) }, self.loc)).collect();
        let block = region.append_block(Block::new(&args));
        let raw = block.to_raw();
        (region, raw)
    }

    fn block_arg(block: MlirBlock, i: usize) -> MlirValue {
        unsafe { mlir_sys::mlirBlockGetArgument(block, i as isize) }
    }

    /// The MLIR value of one of ours.
    pub(crate) fn get(&self, op: OpId, v: ValueId) -> Result<MlirValue, Diagnostic> {
        self.values.get(&v).copied().ok_or_else(|| self.error(op, "internal: an operand was not exported before its use"))
    }

    fn operands(&self, op: OpId) -> Result<Vec<MlirValue>, Diagnostic> {
        self.body.op(op).operands.iter().map(|v| self.get(op, *v)).collect()
    }

    pub(crate) fn index_const(&mut self, value: i64) -> MlirValue {
        let index = self.parse_type("index");
        self.value("arith.constant", &[], index, &[("value", format!("{value} : index"))])
    }

    // ---- functions --------------------------------------------------------------------

    fn function(&mut self, func: FuncOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let ctx = self.ctx();
        let op = func.id();
        self.at(op);
        let name = func.sym_name(body).to_string();
        let inputs = match ctx.type_data(func.function_type(body)) {
            TypeData::Function { inputs, results } if results.is_empty() => inputs.clone(),
            TypeData::Function { .. } => return Err(self.error(op, format!("@{name} returns values: export the loop level (after --lower-to-loops), whose functions write result buffers"))),
            _ => return Err(self.error(op, format!("{} without a function type", FuncOp::DEF.name))),
        };
        let ptr = self.parse_type("!llvm.ptr");
        let i32_ty = self.parse_type("i32");
        let mut arg_types = inputs.iter().map(|t| self.ty(op, *t)).collect::<Result<Vec<_>, _>>()?;
        arg_types.push(ptr);
        let fn_type = FunctionType::new(
            self.mctx,
            &arg_types.iter().map(|t| unsafe { MType::from_raw(*t) }).collect::<Vec<_>>(),
            &[unsafe { MType::from_raw(i32_ty) }],
        );
        let mut attrs = vec![
            (Identifier::new(self.mctx, "sym_name"), StringAttribute::new(self.mctx, &name).into()),
            (Identifier::new(self.mctx, "function_type"), TypeAttribute::new(fn_type.into()).into()),
        ];
        let region = Region::new();
        match body.entry_block(func.body(body)) {
            None => attrs.push((Identifier::new(self.mctx, "sym_visibility"), StringAttribute::new(self.mctx, "private").into())),
            Some(entry) => {
                if let Some(v) = func.sym_visibility(body) {
                    attrs.push((Identifier::new(self.mctx, "sym_visibility"), StringAttribute::new(self.mctx, v).into()));
                }
                let args: Vec<(MType, Location)> = arg_types.iter().map(|t| (unsafe { MType::from_raw(*t) }, self.loc)).collect();
                let block = region.append_block(Block::new(&args)).to_raw();
                for (i, v) in body.block(entry).args.iter().enumerate() {
                    self.values.insert(*v, Self::block_arg(block, i));
                }
                self.opts = Some(Self::block_arg(block, inputs.len()));
                self.status = None;
                let saved = std::mem::replace(&mut self.block, block);
                let result = self.function_body(op, func.body(body));
                self.block = saved;
                result?;
            }
        }
        let func = OperationBuilder::new("func.func", self.loc)
            .add_attributes(&attrs)
            .add_regions([region])
            .build()
            .map_err(|e| self.error(op, format!("MLIR cannot build @{name}: {e}")))?;
        let raw = func.to_raw();
        std::mem::forget(func);
        unsafe { mlir_sys::mlirBlockAppendOwnedOperation(self.block, raw) };
        Ok(())
    }

    /// The ops of a function's single block; `func.return` returns the status.
    fn function_body(&mut self, func: OpId, region: RegionId) -> Result<(), Diagnostic> {
        let body = self.body;
        let blocks = &body.region(region).blocks;
        if blocks.len() != 1 {
            return Err(self.error(func, "the export to upstream MLIR handles functions of one block (the loop level's)"));
        }
        // The status slot comes first, so that every call below can reach it.
        if self.calls_anything(func) {
            let slot_type = self.parse_type("memref<i32>");
            let slot = self.value("memref.alloca", &[], slot_type, &[("operandSegmentSizes", "array<i32: 0, 0>".into())]);
            let i32_ty = self.parse_type("i32");
            let zero = self.value("arith.constant", &[], i32_ty, &[("value", "0 : i32".into())]);
            self.build("memref.store", &[zero, slot], &[], &[], Vec::new());
            self.status = Some(slot);
        }
        self.allocs.push(Vec::new());
        let ops: Vec<OpId> = body.block_ops(blocks[0]).collect();
        let result = self.export_ops(func, &ops, End::Return, false);
        self.allocs.pop();
        result
    }

    /// Exports `ops`, the rest of a block of `owner` ending with its terminator, into the
    /// current block, ending it as `end` says. In a function with a status slot, the ops
    /// after one that calls something run only while the status is 0: they are exported
    /// into an `scf.if` on it (whose results stand for the terminator's operands, poison
    /// when skipped), and so are all of them with `guard_first` (a loop's body, which runs
    /// again after a failure): a failed call ends the function's work, as our own
    /// lowering's early return does.
    fn export_ops(&mut self, owner: OpId, ops: &[OpId], end: End, guard_first: bool) -> Result<(), Diagnostic> {
        let body = self.body;
        // A condition alone is guarded too: after a failure its operands may be poison.
        if guard_first && (ops.len() > 1 || end == End::Region(Terminator::Condition)) {
            return self.guard(owner, ops, end);
        }
        for (i, &op) in ops.iter().enumerate() {
            self.at(op);
            if self.op(op, end)? == Exported::BlockEnd {
                return Ok(());
            }
            let rest = &ops[i + 1..];
            if self.status.is_some() && rest.len() > 1 && self.calls_in(op) {
                return self.guard(owner, rest, end);
            }
        }
        Err(Diagnostic::error(body.op(owner).location, "a region without its terminator"))
    }

    /// `scf.if %status_is_0 { ops } else { poison }`, then the end of the current block
    /// with the `scf.if`'s results.
    fn guard(&mut self, owner: OpId, ops: &[OpId], end: End) -> Result<(), Diagnostic> {
        let body = self.body;
        let Some(&terminator) = ops.last() else { return Ok(()) };
        let results = body.op(terminator).operands.iter().map(|v| self.ty(terminator, body.value_type(*v))).collect::<Result<Vec<_>, _>>()?;
        let slot = self.status.ok_or_else(|| self.error(owner, "internal: a call is guarded before the function has a status slot"))?;
        let (i32_ty, i1) = (self.parse_type("i32"), self.parse_type("i1"));
        let status = self.value("memref.load", &[slot], i32_ty, &[]);
        let zero = self.value("arith.constant", &[], i32_ty, &[("value", "0 : i32".into())]);
        let ok = self.value("arith.cmpi", &[status, zero], i1, &[("predicate", "0 : i64".into())]);
        let (then_region, then_block) = self.region(&[]);
        let saved = std::mem::replace(&mut self.block, then_block);
        self.allocs.push(Vec::new());
        let result = self.export_ops(owner, ops, End::Guarded, false);
        self.allocs.pop();
        self.block = saved;
        result?;
        // Without results, the else region is empty (printed as no else).
        if results.is_empty() {
            self.build("scf.if", &[ok], &[], &[], vec![then_region, Region::new()]);
            self.end_block(end, &[]);
            return Ok(());
        }
        let (else_region, else_block) = self.region(&[]);
        let saved = std::mem::replace(&mut self.block, else_block);
        let skipped: Vec<MlirValue> = results
            .iter()
            .enumerate()
            .map(|(i, t)| {
                if i == 0 && end == End::Region(Terminator::Condition) {
                    // A while loop whose condition is skipped ends.
                    self.value("arith.constant", &[], i1, &[("value", "false".into())])
                } else {
                    self.value("ub.poison", &[], *t, &[("value", "#ub.poison".into())])
                }
            })
            .collect();
        self.build("scf.yield", &skipped, &[], &[], Vec::new());
        self.block = saved;
        let values = self.build("scf.if", &[ok], &results, &[], vec![then_region, else_region]);
        self.end_block(end, &values);
        Ok(())
    }

    /// Frees the current block's buffers and ends it as `end` says, with `operands`.
    fn end_block(&mut self, end: End, operands: &[MlirValue]) {
        self.free_allocs();
        let name = match end {
            End::Return => {
                let i32_ty = self.parse_type("i32");
                let status = match self.status {
                    Some(slot) => self.value("memref.load", &[slot], i32_ty, &[]),
                    None => self.value("arith.constant", &[], i32_ty, &[("value", "0 : i32".into())]),
                };
                self.build("func.return", &[status], &[], &[], Vec::new());
                return;
            }
            End::Guarded | End::Region(Terminator::Yield) => "scf.yield",
            End::Region(Terminator::Reduce) => "scf.reduce",
            End::Region(Terminator::Condition) => "scf.condition",
        };
        self.build(name, operands, &[], &[], Vec::new());
    }

    /// Whether `op` is or holds a call (of a function or of the runtime).
    fn calls_in(&self, op: OpId) -> bool {
        let body = self.body;
        let is_call = |op: OpId| LoopLevelOp::of(body, op).is_call();
        is_call(op) || body.nested_ops(op, WalkOrder::PreOrder).into_iter().any(is_call)
    }

    /// Whether an op nested in `func` calls something.
    fn calls_anything(&self, func: OpId) -> bool {
        let body = self.body;
        body.nested_ops(func, WalkOrder::PreOrder).into_iter().any(|op| LoopLevelOp::of(body, op).is_call())
    }

    /// Frees the buffers allocated in the current block.
    fn free_allocs(&mut self) {
        let allocs = self.allocs.last().cloned().unwrap_or_default();
        for buffer in allocs.into_iter().rev() {
            self.build("memref.dealloc", &[buffer], &[], &[], Vec::new());
        }
    }

    /// Folds a call's status into the function's: the first non-zero one stays.
    fn fold_status(&mut self, status: MlirValue) {
        let Some(slot) = self.status else { return };
        let i32_ty = self.parse_type("i32");
        let i1 = self.parse_type("i1");
        let old = self.value("memref.load", &[slot], i32_ty, &[]);
        let zero = self.value("arith.constant", &[], i32_ty, &[("value", "0 : i32".into())]);
        let ok = self.value("arith.cmpi", &[old, zero], i1, &[("predicate", "0 : i64".into())]);
        let new = self.value("arith.select", &[ok, status, old], i32_ty, &[]);
        self.build("memref.store", &[new, slot], &[], &[], Vec::new());
    }

    // ---- ops --------------------------------------------------------------------------

    /// Exports `op`, one op of a block ending as `end` says: a terminator ends the
    /// current block, any other op is built and its results recorded.
    fn op(&mut self, op: OpId, end: End) -> Result<Exported, Diagnostic> {
        let body = self.body;
        let results: Vec<MlirValue> = match LoopLevelOp::of(body, op) {
            LoopLevelOp::Loop(loop_op) => match loop_op {
                LoopOp::Constant(constant) => vec![self.constant(constant)?],
                LoopOp::Alloc(alloc) => vec![self.alloc(alloc)?],
                LoopOp::Literal(literal) => vec![self.literal(literal)?],
                LoopOp::ArenaBuffer(_) => {
                    let name = ArenaBufferOp::DEF.name;
                    return Err(self.error(
                        op,
                        format!("the export to upstream MLIR does not handle arena buffers ('{name}'): export before --buffer-assignment, whose temporaries MLIR's path allocates with memref.alloc"),
                    ));
                }
                LoopOp::Load(load) => {
                    let operands = self.operands(op)?;
                    let ty = self.ty(op, body.value_type(load.result(body)))?;
                    vec![self.value("memref.load", &operands, ty, &[])]
                }
                LoopOp::Store(_) => {
                    let operands = self.operands(op)?;
                    self.build("memref.store", &operands, &[], &[], Vec::new());
                    vec![]
                }
                LoopOp::For(for_op) => self.for_op(for_op)?,
                LoopOp::Parallel(parallel) => self.parallel(parallel)?,
                LoopOp::While(while_op) => self.while_op(while_op)?,
                LoopOp::If(if_op) => self.if_op(if_op)?,
                LoopOp::Yield(_) | LoopOp::Condition(_) => {
                    let operands = self.operands(op)?;
                    self.end_block(end, &operands);
                    return Ok(Exported::BlockEnd);
                }
                LoopOp::Arith(arith) => vec![self.arith(arith)?],
                LoopOp::Math(math) => vec![self.math(math)?],
                LoopOp::Compare(compare) => vec![self.compare(compare)?],
                LoopOp::Select(select) => {
                    let operands = self.operands(op)?;
                    let ty = self.value_type(self.get(op, select.on_true(body))?);
                    vec![self.value("arith.select", &operands, ty, &[])]
                }
                LoopOp::Convert(convert) => vec![self.convert(convert)?],
                LoopOp::Bitcast(bitcast) => vec![self.bitcast(bitcast)?],
                LoopOp::Real(real) => vec![self.complex_part(op, real.operand(body), real.result(body), false)?],
                LoopOp::Imag(imag) => vec![self.complex_part(op, imag.operand(body), imag.result(body), true)?],
                LoopOp::Complex(complex) => vec![self.complex_build(complex)?],
                LoopOp::ComplexAbs(abs) => vec![self.complex_abs(abs)?],
                LoopOp::CallRuntime(call) => {
                    self.call_runtime(call)?;
                    vec![]
                }
            },
            LoopLevelOp::Func(func_op) => match func_op {
                FuncDialectOp::Call(call) => {
                    self.call(call)?;
                    vec![]
                }
                FuncDialectOp::Return(ret) => {
                    if !ret.operands(body).is_empty() {
                        let name = body.op_name(op);
                        return Err(self.error(op, format!("{name} with values: export the loop level (after --lower-to-loops)")));
                    }
                    self.end_block(end, &[]);
                    return Ok(Exported::BlockEnd);
                }
                FuncDialectOp::Func(_) => return Err(self.unexported(op)),
            },
            LoopLevelOp::OtherDialect => return Err(self.unexported(op)),
        };
        for (ours, theirs) in body.op(op).results.iter().zip(results) {
            self.values.insert(*ours, theirs);
        }
        Ok(Exported::Op)
    }

    /// The error for an op the export does not handle where it is.
    fn unexported(&self, op: OpId) -> Diagnostic {
        let name = self.body.op_name(op);
        self.error(op, format!("cannot export '{name}' to upstream MLIR (export the loop level, after --lower-to-loops)"))
    }

    fn constant(&mut self, constant: ConstantOp) -> Result<MlirValue, Diagnostic> {
        let ctx = self.ctx();
        let op = constant.id();
        let result_type = self.body.value_type(constant.result(self.body));
        let ty = self.ty(op, result_type)?;
        let value = constant.value(self.body);
        let text = match (ctx.attr_data(value), ctx.type_data(result_type)) {
            (AttrData::Bool(b), _) => b.to_string(),
            (AttrData::Integer { value, .. }, TypeData::Integer { width: 1, .. }) => (*value != 0).to_string(),
            (AttrData::Integer { value, .. }, TypeData::Integer { width, .. }) => format!("{} : i{width}", wrap_signed(*value, *width)),
            (AttrData::Integer { value, .. }, TypeData::Index) => format!("{value} : index"),
            (AttrData::Float { bits, .. }, TypeData::Float(kind)) => float_literal(f64::from_bits(*bits), *kind),
            _ => return Err(self.error(op, format!("cannot export the constant {}", ctx.attr_to_string(value)))),
        };
        Ok(self.value("arith.constant", &[], ty, &[("value", text)]))
    }

    pub(crate) fn constant_of(&mut self, ty: MlirType, text: String) -> MlirValue {
        self.value("arith.constant", &[], ty, &[("value", text)])
    }

    fn alloc(&mut self, alloc: AllocOp) -> Result<MlirValue, Diagnostic> {
        let ctx = self.ctx();
        let op = alloc.id();
        let ours = self.body.value_type(alloc.result(self.body));
        let ty = self.ty(op, ours)?;
        let name = AllocOp::DEF.name;
        let memref = ctx.as_memref(ours).ok_or_else(|| self.error(op, format!("{name} of no memref")))?;
        let shape = memref.static_shape().ok_or_else(|| self.error(op, format!("{name} of a dynamic shape")))?;
        let segments = ("operandSegmentSizes", "array<i32: 0, 0>".to_string());
        let (buffer, allocated) = match explicit_layout(memref.layout.as_ref(), &shape) {
            None => {
                let buffer = self.value("memref.alloc", &[], ty, &[segments]);
                (buffer, buffer)
            }
            Some(layout) => {
                // The flat buffer, padding included, seen through the layout's strides.
                let strides = strides(&shape, &layout);
                let len: i64 = shape.iter().zip(&strides).map(|(n, s)| (n - 1).max(0) * s).sum::<i64>() + 1;
                let len = layout.padded_dims.as_ref().map_or(len, |p| p.iter().product::<i64>().max(len));
                let element = self.type_text(op, memref.element)?;
                let flat_type = self.parse_type(&format!("memref<{len}x{element}>"));
                let flat = self.value("memref.alloc", &[], flat_type, &[segments]);
                let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                let view = self.value(
                    "memref.reinterpret_cast",
                    &[flat],
                    ty,
                    &[
                        ("operandSegmentSizes", "array<i32: 1, 0, 0, 0>".into()),
                        ("static_offsets", "array<i64: 0>".into()),
                        ("static_sizes", format!("array<i64: {}>", list(&shape))),
                        ("static_strides", format!("array<i64: {}>", list(&strides))),
                    ],
                );
                (view, flat)
            }
        };
        if let Some(allocs) = self.allocs.last_mut() {
            allocs.push(allocated);
        }
        Ok(buffer)
    }

    /// Exports the single block of `region` into `block` (whose arguments stand for its
    /// arguments), ending it with `terminator`.
    fn region_body(&mut self, owner: OpId, region: RegionId, block: MlirBlock, terminator: Terminator) -> Result<(), Diagnostic> {
        let body = self.body;
        let Some(ours) = body.entry_block(region) else { return Ok(()) };
        for (i, v) in body.block(ours).args.iter().enumerate() {
            self.values.insert(*v, Self::block_arg(block, i));
        }
        let saved = std::mem::replace(&mut self.block, block);
        let (saved_loc, saved_here) = (self.loc, self.here);
        self.allocs.push(Vec::new());
        // A loop's body runs again after a failed call: it does nothing once one failed.
        let is_loop = matches!(LoopOp::of(body, owner), Some(LoopOp::For(_) | LoopOp::Parallel(_) | LoopOp::While(_)));
        let guard_first = self.status.is_some() && is_loop && self.calls_in(owner);
        let ops: Vec<OpId> = body.block_ops(ours).collect();
        let result = self.export_ops(owner, &ops, End::Region(terminator), guard_first);
        self.allocs.pop();
        self.block = saved;
        (self.loc, self.here) = (saved_loc, saved_here);
        result
    }

    fn result_types(&mut self, op: OpId) -> Result<Vec<MlirType>, Diagnostic> {
        let body = self.body;
        body.op(op).results.iter().map(|v| self.ty(op, body.value_type(*v))).collect()
    }

    /// `scf.for`, whose operands (bounds, step, initial values) are ours in order.
    fn for_op(&mut self, for_op: ForOp) -> Result<Vec<MlirValue>, Diagnostic> {
        let op = for_op.id();
        let operands = self.operands(op)?;
        let results = self.result_types(op)?;
        let index = self.parse_type("index");
        let mut args = vec![index];
        args.extend(&results);
        let (region, block) = self.region(&args);
        self.region_body(op, for_op.body(self.body), block, Terminator::Yield)?;
        Ok(self.build("scf.for", &operands, &results, &[], vec![region]))
    }

    /// `scf.parallel` with steps of 1: our lower and upper bounds, then the steps.
    fn parallel(&mut self, parallel: ParallelOp) -> Result<Vec<MlirValue>, Diagnostic> {
        let op = parallel.id();
        let operands = self.operands(op)?;
        let rank = operands.len() / 2;
        let one = self.index_const(1);
        let mut all = operands.clone();
        all.extend(std::iter::repeat_n(one, rank));
        let index = self.parse_type("index");
        let (region, block) = self.region(&vec![index; rank]);
        self.region_body(op, parallel.body(self.body), block, Terminator::Reduce)?;
        self.build("scf.parallel", &all, &[], &[("operandSegmentSizes", format!("array<i32: {rank}, {rank}, {rank}, 0>"))], vec![region]);
        Ok(Vec::new())
    }

    /// `scf.while`: our condition region is its before region, our body its after region.
    fn while_op(&mut self, while_op: WhileOp) -> Result<Vec<MlirValue>, Diagnostic> {
        let op = while_op.id();
        let operands = self.operands(op)?;
        let inits: Vec<MlirType> = operands.iter().map(|v| self.value_type(*v)).collect();
        let results = self.result_types(op)?;
        let (before, before_block) = self.region(&inits);
        self.region_body(op, while_op.cond(self.body), before_block, Terminator::Condition)?;
        let (after, after_block) = self.region(&results);
        self.region_body(op, while_op.body(self.body), after_block, Terminator::Yield)?;
        Ok(self.build("scf.while", &operands, &results, &[], vec![before, after]))
    }

    /// `scf.if`, without an else region when ours is empty (and there are no results).
    fn if_op(&mut self, if_op: IfOp) -> Result<Vec<MlirValue>, Diagnostic> {
        let op = if_op.id();
        let operands = self.operands(op)?;
        let results = self.result_types(op)?;
        let (then_ours, else_ours) = (if_op.then_region(self.body), if_op.else_region(self.body));
        let (then_region, then_block) = self.region(&[]);
        self.region_body(op, then_ours, then_block, Terminator::Yield)?;
        let else_region = if self.body.entry_block(else_ours).is_some() {
            let (region, block) = self.region(&[]);
            self.region_body(op, else_ours, block, Terminator::Yield)?;
            region
        } else if results.is_empty() {
            Region::new()
        } else {
            return Err(self.error(op, format!("{} with results needs an else region", IfOp::DEF.name)));
        };
        Ok(self.build("scf.if", &operands, &results, &[], vec![then_region, else_region]))
    }

    /// A call of one of our functions: `func.call` of it with the run options last, whose
    /// status is folded into the caller's.
    fn call(&mut self, call: CallOp) -> Result<(), Diagnostic> {
        let op = call.id();
        let name = CallOp::DEF.name;
        if !call.results(self.body).is_empty() {
            return Err(self.error(op, format!("{name} with results: export the loop level (after --lower-to-loops)")));
        }
        let callee = self.flat_callee(op, call.callee(self.body))?;
        let mut operands = self.operands(op)?;
        operands.push(self.opts.ok_or_else(|| self.error(op, "internal: a call outside a function"))?);
        let i32_ty = self.parse_type("i32");
        let status = self.value("func.call", &operands, i32_ty, &[("callee", format!("@{callee}"))]);
        self.fold_status(status);
        Ok(())
    }

    /// The name `callee` (the symbol reference of `op`, a call) calls, when it is flat.
    fn flat_callee(&self, op: OpId, callee: &[Symbol]) -> Result<String, Diagnostic> {
        match callee {
            [name] => Ok(self.ctx().symbol_str(*name).to_string()),
            _ => Err(self.error(op, format!("{} needs a flat callee", self.body.op_name(op)))),
        }
    }

    fn call_runtime(&mut self, call: CallRuntimeOp) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        let body = self.body;
        let op = call.id();
        if !call.results(body).is_empty() {
            return Err(self.error(op, "the export to upstream MLIR does not handle runtime calls with results"));
        }
        let callee = self.flat_callee(op, call.callee(body))?;
        let ptr = self.parse_type("!llvm.ptr");
        let i64_ty = self.parse_type("i64");
        let index = self.parse_type("index");
        let mut args = Vec::new();
        for &v in call.operands(body) {
            let value = self.get(op, v)?;
            let ty = body.value_type(v);
            let arg = if ctx.as_memref(ty).is_some() {
                // The buffer's aligned pointer (its offset is 0).
                let address = self.value("memref.extract_aligned_pointer_as_index", &[value], index, &[]);
                let int = self.value("arith.index_cast", &[address], i64_ty, &[]);
                self.value("llvm.inttoptr", &[int], ptr, &[])
            } else if matches!(ctx.type_data(ty), TypeData::Index) {
                self.value("arith.index_cast", &[value], i64_ty, &[])
            } else {
                value
            };
            args.push(arg);
        }
        args.push(self.opts.ok_or_else(|| self.error(op, "internal: a runtime call outside a function"))?);
        let types: Vec<MlirType> = args.iter().map(|v| self.value_type(*v)).collect();
        match self.runtime.get(&callee) {
            Some((known, _)) if !types_equal(known, &types) => {
                return Err(self.error(op, format!("@{callee} is called with two different signatures")));
            }
            Some(_) => {}
            None => {
                self.runtime.insert(callee.clone(), (types, op));
            }
        }
        let i32_ty = self.parse_type("i32");
        let status = self.value("func.call", &args, i32_ty, &[("callee", format!("@{callee}"))]);
        self.fold_status(status);
        Ok(())
    }

    /// `loop.literal`: `memref.get_global` of a private constant `memref.global` holding the
    /// literal (its bytes in hex, or `true`/`false` for `i1`, whose hex form MLIR packs).
    fn literal(&mut self, literal: LiteralOp) -> Result<MlirValue, Diagnostic> {
        let (body, op) = (self.body, literal.id());
        let ours = body.value_type(literal.result(body));
        let memref = self.type_text(op, ours)?;
        let tensor = format!("tensor{}", memref.strip_prefix("memref").unwrap_or(&memref));
        let dense = literal.value(body);
        let is_pred = self.ctx().as_tensor(dense.ty).is_some_and(|t| matches!(self.ctx().type_data(t.element), TypeData::Integer { width: 1, .. }));
        let value = if is_pred {
            let shape = self.ctx().as_memref(ours).and_then(|m| m.static_shape()).unwrap_or_default();
            let bits: Vec<bool> = dense.data.iter().map(|b| b & 1 == 1).collect();
            if dense.splat {
                format!("dense<{}>", bits.first().copied().unwrap_or(false))
            } else {
                format!("dense<{}>", nested_bools(&bits, &shape))
            }
        } else {
            let hex: String = dense.data.iter().map(|b| format!("{b:02X}")).collect();
            format!("dense<\"0x{hex}\">")
        };
        let name = format!("literal_{}", self.globals.len());
        self.globals.push((name.clone(), memref, format!("{value} : {tensor}")));
        let ty = self.ty(op, ours)?;
        Ok(self.value("memref.get_global", &[], ty, &[("name", format!("@{name}"))]))
    }

    /// `func.func private @xla_rt_f(...) -> i32` for every runtime function called, and the
    /// `memref.global`s of the literals.
    fn runtime_declarations(&mut self) -> Result<(), Diagnostic> {
        for (name, ty, value) in std::mem::take(&mut self.globals) {
            let attrs = [
                ("sym_name", format!("\"{name}\"")),
                ("sym_visibility", "\"private\"".to_string()),
                ("type", ty),
                ("initial_value", value),
                ("constant", "unit".to_string()),
                ("alignment", "64 : i64".to_string()),
            ];
            self.build("memref.global", &[], &[], &attrs, Vec::new());
        }
        for (name, (arity, ty)) in std::mem::take(&mut self.libm) {
            let t = unsafe { MType::from_raw(ty) };
            let fn_type = FunctionType::new(self.mctx, &vec![t; arity], &[t]);
            let attrs = [
                (Identifier::new(self.mctx, "sym_name"), StringAttribute::new(self.mctx, &name).into()),
                (Identifier::new(self.mctx, "function_type"), TypeAttribute::new(fn_type.into()).into()),
                (Identifier::new(self.mctx, "sym_visibility"), StringAttribute::new(self.mctx, "private").into()),
            ];
            let Ok(func) = OperationBuilder::new("func.func", self.loc).add_attributes(&attrs).add_regions([Region::new()]).build() else {
                self.fail(format!("MLIR cannot build the declaration of @{name}"));
                continue;
            };
            let raw = func.to_raw();
            std::mem::forget(func);
            unsafe { mlir_sys::mlirBlockAppendOwnedOperation(self.block, raw) };
        }
        let i32_ty = self.parse_type("i32");
        for (name, (types, op)) in std::mem::take(&mut self.runtime) {
            self.at(op);
            let inputs: Vec<MType> = types.iter().map(|t| unsafe { MType::from_raw(*t) }).collect();
            let fn_type = FunctionType::new(self.mctx, &inputs, &[unsafe { MType::from_raw(i32_ty) }]);
            let attrs = [
                (Identifier::new(self.mctx, "sym_name"), StringAttribute::new(self.mctx, &name).into()),
                (Identifier::new(self.mctx, "function_type"), TypeAttribute::new(fn_type.into()).into()),
                (Identifier::new(self.mctx, "sym_visibility"), StringAttribute::new(self.mctx, "private").into()),
            ];
            let func = OperationBuilder::new("func.func", self.loc)
                .add_attributes(&attrs)
                .add_regions([Region::new()])
                .build()
                .map_err(|e| self.error(op, format!("MLIR cannot declare @{name}: {e}")))?;
            let raw = func.to_raw();
            std::mem::forget(func);
            unsafe { mlir_sys::mlirBlockAppendOwnedOperation(self.block, raw) };
        }
        Ok(())
    }

    // ---- scalar types -----------------------------------------------------------------

    /// What a scalar type of ours is, for the semantics of the ops on it.
    pub(crate) fn scalar(&self, op: OpId, ty: Type) -> Result<Scalar, Diagnostic> {
        let ctx = self.ctx();
        Ok(match ctx.type_data(ty) {
            TypeData::Integer { width: 1, .. } => Scalar::Pred,
            TypeData::Integer { width, signedness } => Scalar::Int { width: *width, signed: *signedness != Signedness::Unsigned },
            TypeData::Index => Scalar::Int { width: 64, signed: true },
            TypeData::Float(kind) if float_name(*kind).is_some() => Scalar::Float(*kind),
            TypeData::Complex(part) => match ctx.type_data(*part) {
                TypeData::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => Scalar::Complex(*kind),
                _ => return Err(self.error(op, format!("the export to upstream MLIR does not handle {} yet", ctx.type_to_string(ty)))),
            },
            _ => return Err(self.error(op, format!("the export to upstream MLIR does not handle {} yet", ctx.type_to_string(ty)))),
        })
    }
}

/// A scalar type by what its ops mean.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Scalar {
    Pred,
    Int { width: u32, signed: bool },
    Float(FloatKind),
    /// A complex number with parts of `f32` or `f64`.
    Complex(FloatKind),
}

impl Scalar {
    pub(crate) fn is_signed(self) -> bool {
        matches!(self, Scalar::Int { signed: true, .. })
    }
    pub(crate) fn width(self) -> u32 {
        match self {
            Scalar::Pred => 1,
            Scalar::Int { width, .. } => width,
            Scalar::Float(kind) => kind.bit_width(),
            Scalar::Complex(kind) => 2 * kind.bit_width(),
        }
    }
    pub(crate) fn is_narrow_float(self) -> bool {
        matches!(self, Scalar::Float(FloatKind::F16 | FloatKind::BF16))
    }
}

fn types_equal(a: &[MlirType], b: &[MlirType]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| unsafe { mlir_sys::mlirTypeEqual(*x, *y) })
}

pub(crate) fn float_name(kind: FloatKind) -> Option<&'static str> {
    match kind {
        FloatKind::F16 => Some("f16"),
        FloatKind::BF16 => Some("bf16"),
        FloatKind::F32 => Some("f32"),
        FloatKind::F64 => Some("f64"),
        _ => None,
    }
}

/// An exact float attribute: the bits in hexadecimal, as MLIR reads them.
pub(crate) fn float_literal(value: f64, kind: FloatKind) -> String {
    match kind {
        FloatKind::F16 => format!("0x{:04X} : f16", half::f16::from_f64(value).to_bits()),
        FloatKind::BF16 => format!("0x{:04X} : bf16", half::bf16::from_f64(value).to_bits()),
        FloatKind::F32 => format!("0x{:08X} : f32", (value as f32).to_bits()),
        _ => format!("0x{:016X} : f64", value.to_bits()),
    }
}

/// `value` as a signed integer of `width` bits (how MLIR prints a signless constant).
pub(crate) fn wrap_signed(value: i128, width: u32) -> i128 {
    if width >= 128 {
        return value;
    }
    let shift = 128 - width;
    (value << shift) >> shift
}

/// The layout a buffer of `shape` is exported with as `strided<[...]>`: one that is not
/// row-major, and the row-major one of an empty buffer of rank 2 or more, whose identity
/// layout MLIR's bare-pointer calling convention and `memref.alloc` lowering refuse (its
/// canonical strides fold the zero size away); `None` for the identity layout.
fn explicit_layout(layout: Option<&xla_ir::Layout>, shape: &[i64]) -> Option<xla_ir::Layout> {
    match layout {
        Some(layout) if !is_row_major(layout) => Some(layout.clone()),
        _ if shape.len() > 1 && shape.contains(&0) => Some(xla_ir::Layout::row_major(shape.len())),
        _ => None,
    }
}

fn is_row_major(layout: &xla_ir::Layout) -> bool {
    layout.padded_dims.is_none() && *layout == xla_ir::Layout::row_major(layout.minor_to_major.len())
}

/// The stride of each dimension in elements (`minor_to_major` over the padded sizes), as
/// the llvm lowering addresses buffers.
fn strides(shape: &[i64], layout: &xla_ir::Layout) -> Vec<i64> {
    let physical = layout.padded_dims.as_deref().unwrap_or(shape);
    let mut strides = vec![0; shape.len()];
    let mut stride = 1i64;
    for &d in &layout.minor_to_major {
        strides[d as usize] = stride;
        stride = stride.saturating_mul(physical[d as usize]);
    }
    strides
}

/// `values` (row-major, of `shape`) as MLIR's nested list of `true`/`false`.
fn nested_bools(values: &[bool], shape: &[i64]) -> String {
    match shape.split_first() {
        None => values.first().copied().unwrap_or(false).to_string(),
        Some((&n, rest)) => {
            let inner: usize = rest.iter().map(|&d| d.max(0) as usize).product();
            let items: Vec<String> = (0..n.max(0) as usize).map(|i| nested_bools(&values[(i * inner).min(values.len())..], rest)).collect();
            format!("[{}]", items.join(", "))
        }
    }
}
