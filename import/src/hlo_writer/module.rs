//! The module level of the writer: which function is the entry, in which order
//! computations are printed, the `HloModule` header, and how a block becomes a computation.
//!
//! - Every `func.func` becomes a computation named after it; the entry is `main`, else the
//!   only public function, else the only function. Regions of hlo ops become computations
//!   named after the op and the region (`reduce_body.7`, `while_cond.3`), unless a region
//!   equals a function's body, whose computation it then names ([`super::sharing`]).
//! - HLO computations cannot capture values: a `while` or `conditional` passes in the
//!   values its regions use from outside ([`ModuleWriter::captures`]), a constant from
//!   outside is written again where it is used, and anything else is an error.
//! - XLA reads a computation only after the computations it calls, so callees (functions
//!   and regions) are printed before their callers and the entry comes last; a call cycle is
//!   an error, since HLO computations cannot recurse.
//! - The header is `HloModule NAME, entry_computation_layout={(params)->result}` with every
//!   shape's layout, NAME being the module's `sym_name` (or `module`).
//!
//! Invariant: every error is a diagnostic at the location of the op that cannot be written.

use std::collections::HashMap;

use xla_dialects::builtin::BuiltinOp;
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::{HloOp, HloOpKind};
use xla_ir::{Attribute, BlockId, Body, Context, Diagnostic, Op, OpId, OpRef, RegionId, Type, ValueId, WalkOrder};

use super::computation::{Computation, Inst};
use super::names::{sanitize, Names};
use super::shape::{shape_text, tuple_of};
use super::sharing::{blocks_equal, is_return};
use crate::opcode_spelling::opcode_of;

/// How a block's arguments become parameters.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Params {
    /// Argument `i` is `parameter(i)`.
    Direct,
    /// The arguments are the elements of one tuple `parameter(0)` (a `while` carrying several
    /// values).
    Tupled,
}

/// Values of an enclosing computation that a region receives, and whether it returns them
/// unchanged after its own results (a `while` body must, to keep its loop state's shape).
#[derive(Clone, Debug, Default)]
pub(crate) struct Captured {
    pub values: Vec<ValueId>,
    pub pass_through: bool,
}

/// Where a function is in being written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Progress {
    Writing,
    Done,
}

/// Writes one module; see the module documentation.
pub(crate) struct ModuleWriter<'b, 'c> {
    pub(crate) body: &'b Body<'c>,
    pub(crate) ctx: &'c Context,
    pub(crate) names: Names,
    /// Finished computations, in printing order.
    computations: Vec<String>,
    /// Functions by symbol name, with their HLO names.
    funcs: HashMap<String, (OpId, String)>,
    progress: HashMap<String, Progress>,
    entry: Option<OpId>,
}

impl<'b, 'c> ModuleWriter<'b, 'c> {
    pub(crate) fn new(body: &'b Body<'c>) -> Self {
        ModuleWriter {
            body,
            ctx: body.ctx(),
            names: Names::default(),
            computations: Vec::new(),
            funcs: HashMap::new(),
            progress: HashMap::new(),
            entry: None,
        }
    }

    /// The HLO text of `module`, a `builtin.module` of functions.
    pub(crate) fn write(mut self, module: OpId) -> Result<String, Diagnostic> {
        let body = self.body;
        if !matches!(BuiltinOp::of(body, module), Some(BuiltinOp::Module(_))) {
            return Err(OpRef::new(body, module).error("is not a builtin.module; only a module of functions is written as HLO"));
        }
        let mut order = Vec::new();
        for &region in &body.op(module).regions {
            for &block in &body.region(region).blocks {
                for op in body.block_ops(block) {
                    if !matches!(FuncDialectOp::of(body, op), Some(FuncDialectOp::Func(_))) {
                        return Err(OpRef::new(body, op).error("has no HLO text form at module level; only functions do"));
                    }
                    order.push((self.symbol_name(op), op));
                }
            }
        }
        let entry = choose_entry(body, module, &order)?;
        self.entry = Some(entry);
        for (symbol, op) in &order {
            let name = self.names.exact_or_variant(symbol);
            self.funcs.insert(symbol.clone(), (*op, name));
        }
        for (symbol, op) in &order {
            if *op != entry {
                self.function(symbol, *op)?;
            }
        }
        let entry_symbol = self.symbol_name(entry);
        let entry_name = self.funcs.get(&entry_symbol).map(|(_, n)| n.clone()).unwrap_or_else(|| sanitize(&entry_symbol));
        let (entry_text, layout) = self.function_computation(entry, entry_name, true)?;
        self.computations.push(entry_text);
        let module_name = body.symbol_name(module).map_or_else(|| "module".to_string(), sanitize);
        let mut out = format!("HloModule {module_name}, entry_computation_layout={{{layout}}}\n");
        for c in &self.computations {
            out.push('\n');
            out.push_str(c);
        }
        Ok(out)
    }

    /// The `sym_name` of a function (empty when it has none, which the verifier rejects).
    fn symbol_name(&self, func: OpId) -> String {
        self.body.symbol_name(func).unwrap_or("").to_string()
    }

    /// The HLO name of function `symbol`, writing its computation first if that is not done
    /// yet; `caller` is the op naming it, for errors.
    pub(crate) fn callee(&mut self, symbol: &str, caller: OpId) -> Result<String, Diagnostic> {
        let Some((op, name)) = self.funcs.get(symbol).cloned() else {
            return Err(self.error(caller, format!("calls @{symbol}, which is not a function of the module")));
        };
        if Some(op) == self.entry {
            return Err(self.error(caller, format!("calls the entry function @{symbol}; XLA's entry computation cannot be called")));
        }
        match self.progress.get(symbol) {
            Some(Progress::Done) => Ok(name),
            Some(Progress::Writing) => {
                Err(self.error(caller, format!("calls @{symbol} recursively; HLO computations cannot recurse")))
            }
            None => self.function(symbol, op).map(|()| name),
        }
    }

    /// The HLO name of the function a symbol reference attribute names.
    pub(crate) fn callee_attr(&mut self, attr: Attribute, caller: OpId) -> Result<String, Diagnostic> {
        match self.ctx.attr_data(attr) {
            xla_ir::AttrData::SymbolRef(path) if path.len() == 1 => {
                let symbol = self.ctx.symbol_str(path[0]).to_string();
                self.callee(&symbol, caller)
            }
            _ => Err(self.error(caller, format!("names {} where a function symbol was expected", self.ctx.attr_to_string(attr)))),
        }
    }

    /// Writes the computation of function `symbol` unless it is written.
    fn function(&mut self, symbol: &str, op: OpId) -> Result<(), Diagnostic> {
        if self.progress.contains_key(symbol) {
            return Ok(());
        }
        self.progress.insert(symbol.to_string(), Progress::Writing);
        let name = self.funcs.get(symbol).map(|(_, n)| n.clone()).unwrap_or_else(|| sanitize(symbol));
        let (text, _) = self.function_computation(op, name, false)?;
        self.computations.push(text);
        self.progress.insert(symbol.to_string(), Progress::Done);
        Ok(())
    }

    /// The text of function `func`'s computation and its program shape `(params)->result`.
    fn function_computation(&mut self, func: OpId, name: String, entry: bool) -> Result<(String, String), Diagnostic> {
        let region = self.body.op(func).regions.first().copied();
        let block = region.and_then(|r| self.single_block(func, r, "body").transpose()).transpose()?;
        let Some(block) = block else {
            return Err(self.error(func, "is a declaration; HLO has no external functions"));
        };
        let mut comp = Computation::new(name);
        self.block_computation(&mut comp, block, Params::Direct, func)?;
        let params = self
            .body
            .block(block)
            .args
            .iter()
            .map(|a| self.shape(self.body.value_type(*a), func))
            .collect::<Result<Vec<_>, _>>()?;
        let result = comp.root_shape().unwrap_or("()").to_string();
        Ok((comp.text(entry), format!("({})->{result}", params.join(", "))))
    }

    /// Writes region `region` of `op` as a computation named after the op and `label`, with
    /// its arguments passed as `params`; returns the computation's name.
    pub(crate) fn region_computation(&mut self, op: OpId, region: RegionId, label: &str, params: Params) -> Result<String, Diagnostic> {
        self.region_computation_with(op, region, label, params, &Captured::default())
    }

    /// [`Self::region_computation`] for a region that also receives `captured` values of the
    /// enclosing computation (as further elements of its tuple parameter), and passes them
    /// back out after its own results when `captured.pass_through` (a `while` body).
    pub(crate) fn region_computation_with(
        &mut self,
        op: OpId,
        region: RegionId,
        label: &str,
        params: Params,
        captured: &Captured,
    ) -> Result<String, Diagnostic> {
        let Some(block) = self.single_block(op, region, label)? else {
            return Err(self.error(op, format!("region '{label}' is empty; an HLO computation needs a body")));
        };
        if params == Params::Direct && captured.values.is_empty() {
            if let Some(symbol) = self.function_equal_to(block) {
                return self.callee(&symbol, op);
            }
        }
        let base = self.body.op_name(op).split_once('.').map_or("region", |(_, n)| n);
        let name = self.names.numbered(&format!("{base}_{label}"));
        let mut comp = Computation::new(name.clone());
        self.block_computation_with(&mut comp, block, params, op, captured)?;
        self.computations.push(comp.text(false));
        Ok(name)
    }

    /// A function of the module (not the entry) whose body equals `block`, if any.
    fn function_equal_to(&self, block: BlockId) -> Option<String> {
        let mut candidates: Vec<(&String, &(OpId, String))> = self.funcs.iter().collect();
        candidates.sort_by(|a, b| a.0.cmp(b.0));
        candidates.into_iter().find_map(|(symbol, (func, _))| {
            if Some(*func) == self.entry || self.progress.get(symbol) == Some(&Progress::Writing) {
                return None;
            }
            let region = self.body.op(*func).regions.first()?;
            let blocks = &self.body.region(*region).blocks;
            let [body_block] = blocks.as_slice() else { return None };
            blocks_equal(self.body, block, *body_block).then(|| symbol.clone())
        })
    }

    /// The values that ops nested in `op`'s regions use but that are defined outside `op`,
    /// in order of first use, leaving out constants (which are written again where used).
    pub(crate) fn captures(&self, op: OpId, regions: &[RegionId]) -> Vec<ValueId> {
        let mut out: Vec<ValueId> = Vec::new();
        for &region in regions {
            for &block in &self.body.region(region).blocks {
                for inner in self.body.block_ops(block) {
                    let mut nested = vec![inner];
                    nested.extend(self.body.nested_ops(inner, WalkOrder::PreOrder));
                    for user in nested {
                        for &v in &self.body.op(user).operands {
                            let inside = self
                                .body
                                .value_block(v)
                                .and_then(|b| self.body.block_parent_op(b))
                                .is_some_and(|owner| self.body.is_ancestor(op, owner));
                            let constant = self.body.defining_op(v).is_some_and(|d| matches!(HloOp::of(self.body, d), Some(HloOp::Constant(_))));
                            if !inside && !constant && !out.contains(&v) {
                                out.push(v);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The only block of `region`, `None` when it has none, or an error when it has several.
    fn single_block(&self, op: OpId, region: RegionId, label: &str) -> Result<Option<BlockId>, Diagnostic> {
        let blocks = &self.body.region(region).blocks;
        if blocks.len() > 1 {
            return Err(self.error(op, format!("region '{label}' has {} blocks; an HLO computation has one", blocks.len())));
        }
        Ok(blocks.first().copied())
    }

    /// Fills `comp` from `block`: parameters, instructions, and the terminator's operands as
    /// the ROOT. `owner` is the op holding the block, for errors.
    fn block_computation(&mut self, comp: &mut Computation, block: BlockId, params: Params, owner: OpId) -> Result<(), Diagnostic> {
        self.block_computation_with(comp, block, params, owner, &Captured::default())
    }

    /// [`Self::block_computation`] with `captured` values of the enclosing computation passed
    /// in after the block's arguments (only with [`Params::Tupled`]).
    fn block_computation_with(
        &mut self,
        comp: &mut Computation,
        block: BlockId,
        params: Params,
        owner: OpId,
        captured: &Captured,
    ) -> Result<(), Diagnostic> {
        let mut args = self.body.block(block).args.clone();
        args.extend(&captured.values);
        match params {
            Params::Direct => {
                for (i, arg) in args.iter().enumerate() {
                    let shape = self.shape(self.body.value_type(*arg), owner)?;
                    let name = self.names.numbered(&format!("Arg_{i}"));
                    let inst = comp.push(name, shape, "parameter", &[i.to_string()], &[]);
                    comp.bind(*arg, inst);
                }
            }
            Params::Tupled => {
                let types: Vec<Type> = args.iter().map(|a| self.body.value_type(*a)).collect();
                let shape = self.tuple_shape(&types, owner)?;
                let name = self.names.numbered("arg_tuple");
                let tuple = comp.push(name, shape, "parameter", &["0".to_string()], &[]);
                for (i, arg) in args.iter().enumerate() {
                    let element = self.shape(types[i], owner)?;
                    let gte = self.get_tuple_element(comp, tuple, element, i);
                    comp.bind(*arg, gte);
                }
            }
        }
        let mut terminated = false;
        for op in self.body.block_ops(block) {
            if is_return(self.body, op) {
                let mut operands = self.body.op(op).operands.clone();
                if captured.pass_through {
                    operands.extend(&captured.values);
                }
                self.set_root(comp, &operands, op)?;
                terminated = true;
            } else {
                self.write_op(comp, op)?;
            }
        }
        if !terminated {
            return Err(self.error(owner, "has a block without a terminator; an HLO computation needs a ROOT"));
        }
        Ok(())
    }

    /// Makes `values` the ROOT: the one value's instruction, or a `tuple` of them.
    fn set_root(&mut self, comp: &mut Computation, values: &[ValueId], op: OpId) -> Result<(), Diagnostic> {
        if let [value] = values {
            let inst = self.operand(comp, *value, op)?;
            comp.set_root(inst);
            return Ok(());
        }
        let inst = self.tuple(comp, values, op)?;
        comp.set_root(inst);
        Ok(())
    }

    /// Appends `tuple(values...)`.
    pub(crate) fn tuple(&mut self, comp: &mut Computation, values: &[ValueId], op: OpId) -> Result<Inst, Diagnostic> {
        let mut insts = Vec::with_capacity(values.len());
        for v in values {
            insts.push(self.operand(comp, *v, op)?);
        }
        let shapes: Vec<String> = insts.iter().map(|i| comp.shape(*i).to_string()).collect();
        let names: Vec<String> = insts.iter().map(|i| comp.name(*i).to_string()).collect();
        let opcode = opcode_of(HloOpKind::Tuple);
        let name = self.names.numbered(&opcode);
        Ok(comp.push(name, tuple_of(&shapes), &opcode, &names, &[]))
    }

    /// Appends `get-tuple-element(tuple), index=i` of shape `shape`.
    pub(crate) fn get_tuple_element(&mut self, comp: &mut Computation, tuple: Inst, shape: String, i: usize) -> Inst {
        let opcode = opcode_of(HloOpKind::GetTupleElement);
        let name = self.names.numbered(&opcode);
        let operand = comp.name(tuple).to_string();
        comp.push(name, shape, &opcode, &[operand], &[format!("index={i}")])
    }

    /// The instruction defining operand value `value` of `op`. A constant defined outside
    /// the computation (a region using a constant of its enclosing function) is written
    /// again inside it; any other value from outside is an error, since HLO computations
    /// cannot capture values (`while` and `conditional` pass theirs in; see
    /// [`Self::captures`]).
    pub(crate) fn operand(&mut self, comp: &mut Computation, value: ValueId, op: OpId) -> Result<Inst, Diagnostic> {
        if let Some(inst) = comp.inst_of(value) {
            return Ok(inst);
        }
        let defining = self.body.defining_op(value).and_then(|def| HloOp::of(self.body, def));
        match defining {
            Some(HloOp::Constant(constant)) => {
                self.check_declared(constant.id(), HloOpKind::Constant.def())?;
                let inst = self.constant_inst(comp, constant)?;
                comp.bind(value, inst);
                Ok(inst)
            }
            _ => Err(self.error(
                op,
                "uses a value defined outside its region; HLO computations cannot capture values, pass it as an operand",
            )),
        }
    }

    /// The names of the instructions defining `values`, operands of `op`.
    pub(crate) fn operand_names(&mut self, comp: &mut Computation, values: &[ValueId], op: OpId) -> Result<Vec<String>, Diagnostic> {
        let mut names = Vec::with_capacity(values.len());
        for v in values {
            let inst = self.operand(comp, *v, op)?;
            names.push(comp.name(inst).to_string());
        }
        Ok(names)
    }

    /// The HLO shape of `ty`, or an error at `op`.
    pub(crate) fn shape(&self, ty: Type, op: OpId) -> Result<String, Diagnostic> {
        shape_text(self.ctx, ty).map_err(|m| self.error(op, m))
    }

    /// The HLO shape of a tuple of `types`, or an error at `op`.
    pub(crate) fn tuple_shape(&self, types: &[Type], op: OpId) -> Result<String, Diagnostic> {
        let shapes = types.iter().map(|t| self.shape(*t, op)).collect::<Result<Vec<_>, _>>()?;
        Ok(tuple_of(&shapes))
    }

    /// An error at `op`, prefixed with its name as every op error is.
    pub(crate) fn error(&self, op: OpId, message: impl Into<String>) -> Diagnostic {
        OpRef::new(self.body, op).error(message)
    }
}

/// The entry function: `main`, else the only public function, else the only function.
fn choose_entry(body: &Body, module: OpId, funcs: &[(String, OpId)]) -> Result<OpId, Diagnostic> {
    if let Some((_, op)) = funcs.iter().find(|(name, _)| name == "main") {
        return Ok(*op);
    }
    let ctx = body.ctx();
    let public: Vec<&(String, OpId)> = funcs
        .iter()
        .filter(|(_, op)| body.attr(*op, "sym_visibility").and_then(|a| ctx.as_string(a)).is_none_or(|v| v == "public"))
        .collect();
    match (public.as_slice(), funcs) {
        ([(_, op)], _) | (_, [(_, op)]) => Ok(*op),
        _ => {
            let names: Vec<String> = public.iter().map(|(n, _)| format!("@{n}")).collect();
            Err(OpRef::new(body, module).error(format!(
                "has no entry function: name it @main or make it the only public function (public: {})",
                if names.is_empty() { "none".to_string() } else { names.join(", ") }
            )))
        }
    }
}
