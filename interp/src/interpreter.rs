//! The evaluation engine: runs functions, regions and blocks of a verified module, one op
//! at a time, dispatching each op to its evaluator in [`crate::ops`].
//!
//! Values live in frames, one per running region or function: a lookup searches from the
//! innermost frame outwards, so regions that use values from above (as XLA's computations
//! cannot, but StableHLO's regions can) see them. A frame is dropped, with its values, when
//! its region returns.
//!
//! Invariants: the module has been verified (operand counts, types and terminators are
//! as declared), so a missing value or a wrong value kind is an interpreter bug and becomes
//! an error, never a panic; every result an op computes is checked against its declared
//! type before anyone uses it; no result larger than [`Options::max_result_bytes`] is
//! ever allocated.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use xla_dialects::func::{function_signature, FuncDialectOp};
use xla_ir::{Body, BlockId, Context, Location, OpId, OpTrait, RegionId, Symbol, Type, TypeData, ValueId};

use crate::collectives::Process;
use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::index::num_elements;
use crate::ops;
use crate::value::Value;

/// Limits and run-wide settings.
#[derive(Clone, Debug)]
pub struct Options {
    /// The largest result, in bytes of its element type, an op may produce.
    pub max_result_bytes: u64,
    /// The seed of `hlo.rng_uniform` and `hlo.rng_normal`, whose stream XLA leaves to the
    /// implementation.
    pub rng_seed: u64,
    /// Whether elementwise arithmetic on `f32` and `f64` reads subnormal operands as zero
    /// and flushes subnormal results to zero, as XLA CPU does (it runs with the FTZ and DAZ
    /// modes set): `log(1e-45)` is `-inf` there.
    pub flush_denormals: bool,
    /// The most ops a run may evaluate, when set: a program that does not terminate (a
    /// wrong loop bound in lowered code) then ends in an error instead of running forever.
    pub max_ops: Option<u64>,
}

impl Default for Options {
    fn default() -> Options {
        Options { max_result_bytes: 4 << 30, rng_seed: 42, flush_denormals: true, max_ops: None }
    }
}

/// A failed `check.*` op: where it is and what differed. Checks do not stop the program.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckFailure {
    pub location: Location,
    pub message: String,
}

/// The interpreter of one module.
pub struct Interpreter<'m, 'c> {
    body: &'m Body<'c>,
    functions: HashMap<&'c str, OpId>,
    frames: Vec<HashMap<ValueId, Rc<Value>>>,
    pub options: Options,
    /// The checks that failed so far, in program order.
    pub check_failures: Vec<CheckFailure>,
    /// This run's place in the process grid (one process unless collectives are set up).
    pub process: Arc<Process>,
    /// Where `interpreter.run_parallel` runs its programs when set (compiled code, say);
    /// unset, it interprets them in threads of its own.
    pub program_runner: Option<Arc<dyn crate::ops::run_parallel::ProgramRunner>>,
    /// Values `hlo.infeed` takes, front first.
    pub infeed: std::collections::VecDeque<Value>,
    /// Values `hlo.outfeed` gave, in order.
    pub outfeed: Vec<Value>,
    /// The values each `interpreter.probe` recorded, by probe id, in the order recorded.
    pub probes: HashMap<String, Vec<Value>>,
    /// The state of `hlo.rng_uniform`/`hlo.rng_normal`: `None` until the first draw, which
    /// seeds it from [`Options::rng_seed`] (so a seed set after [`Interpreter::new`] counts).
    pub(crate) rng_state: Option<u64>,
    /// How many ops this interpreter has evaluated (see [`Options::max_ops`]).
    pub ops_evaluated: u64,
}

impl<'m, 'c> Interpreter<'m, 'c> {
    /// An interpreter of the functions directly inside `module`.
    pub fn new(body: &'m Body<'c>, module: OpId) -> Interpreter<'m, 'c> {
        let mut functions = HashMap::new();
        for &region in &body.op(module).regions {
            for &block in &body.region(region).blocks {
                for op in body.block_ops(block) {
                    if let Some(FuncDialectOp::Func(func)) = FuncDialectOp::of(body, op) {
                        functions.insert(func.sym_name(body), op);
                    }
                }
            }
        }
        Interpreter {
            body,
            functions,
            frames: Vec::new(),
            options: Options::default(),
            check_failures: Vec::new(),
            process: Arc::new(Process::single()),
            program_runner: None,
            probes: HashMap::new(),
            infeed: Default::default(),
            outfeed: Vec::new(),
            rng_state: None,
            ops_evaluated: 0,
        }
    }

    pub fn body(&self) -> &'m Body<'c> {
        self.body
    }

    pub fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    /// The function named `name`.
    pub fn function(&self, name: &str) -> Option<OpId> {
        self.functions.get(name).copied()
    }

    /// The names of the functions in module order.
    pub fn function_names(&self) -> Vec<&'c str> {
        let mut named: Vec<(&'c str, OpId)> = self.functions.iter().map(|(n, op)| (*n, *op)).collect();
        named.sort_by_key(|(_, op)| self.position(*op));
        named.into_iter().map(|(n, _)| n).collect()
    }

    fn position(&self, op: OpId) -> usize {
        let block = self.body.op_block(op);
        block.map_or(0, |b| self.body.block_ops(b).position(|o| o == op).unwrap_or(0))
    }

    /// The input and result types of function `func`.
    pub fn signature(&self, func: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
        function_signature(self.body, func)
    }

    /// Calls the function named `name` on `args`, checking them against its signature.
    pub fn call(&mut self, name: &str, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let func = self.function(name).ok_or_else(|| EvalError::new(format!("no function named @{name}")))?;
        let location = self.body.op(func).location;
        let (inputs, _) = self.signature(func).ok_or_else(|| EvalError::at(location, "the function has no type"))?;
        if args.len() != inputs.len() {
            return Err(EvalError::at(
                location,
                format!("@{name} takes {} arguments, {} were given", inputs.len(), args.len()),
            ));
        }
        for (i, (arg, &ty)) in args.iter().zip(&inputs).enumerate() {
            if !arg.conforms_to(self.ctx(), ty) {
                return Err(EvalError::at(
                    location,
                    format!(
                        "argument {i} of @{name} must be {}, found {}",
                        type_description(self.ctx(), ty),
                        arg.describe()
                    ),
                ));
            }
        }
        self.call_function(func, args)
    }

    /// Calls function `func` (its arguments already checked by its caller's verifier).
    pub fn call_function(&mut self, func: OpId, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let region = *self.body.op(func).regions.first().ok_or_else(|| {
            EvalError::at(self.body.op(func).location, "cannot call a function declaration: it has no body")
        })?;
        self.run_region(region, args)
    }

    /// Runs the entry block of `region` with `args` as its arguments and returns the
    /// operands of its terminator.
    pub fn run_region(&mut self, region: RegionId, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let block = self.body.entry_block(region).ok_or_else(|| EvalError::new("a region without a block"))?;
        self.frames.push(HashMap::new());
        let result = self.run_block(block, args);
        self.frames.pop();
        result
    }

    fn run_block(&mut self, block: BlockId, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let body = self.body;
        let params = &body.block(block).args;
        if params.len() != args.len() {
            return Err(EvalError::new(format!("a block of {} arguments was given {}", params.len(), args.len())));
        }
        for (&param, arg) in params.iter().zip(args) {
            self.bind(param, arg);
        }
        for op in body.block_ops(block) {
            let returns = body.ctx().op_def(body.op(op).name).is_some_and(|def| def.has_trait(OpTrait::ReturnLike));
            if returns {
                return body.op(op).operands.iter().map(|&v| Ok((*self.lookup(v)?).clone())).collect();
            }
            self.eval_op(op).map_err(|e| e.or_at(body.op(op).location))?;
        }
        Err(EvalError::new("a block ended without a terminator"))
    }

    fn bind(&mut self, v: ValueId, value: Value) {
        let frame = self.frames.last_mut().expect("a frame is pushed before a block runs");
        frame.insert(v, Rc::new(value));
    }

    /// The value of `v`, from the innermost frame that has it.
    pub fn lookup(&self, v: ValueId) -> EvalResult<Rc<Value>> {
        self.frames
            .iter()
            .rev()
            .find_map(|frame| frame.get(&v))
            .cloned()
            .ok_or_else(|| EvalError::new("a value was used before it was computed"))
    }

    fn eval_op(&mut self, op: OpId) -> EvalResult<()> {
        let body = self.body;
        let name = body.op_name(op);
        self.ops_evaluated += 1;
        if let Some(limit) = self.options.max_ops.filter(|limit| self.ops_evaluated > *limit) {
            return Err(EvalError::new(format!("the run evaluated more than {limit} ops, the limit set")));
        }
        for &result in &body.op(op).results {
            self.check_size(body.value_type(result))?;
        }
        let evaluate = ops::evaluator(body, op).ok_or_else(|| EvalError::new(format!("the interpreter cannot run '{name}'")))?;
        let operands = body.op(op).operands.iter().map(|&v| self.lookup(v)).collect::<EvalResult<Vec<_>>>()?;
        let results = evaluate(&mut OpCx { interp: self, op }, &operands)?;
        let declared = &body.op(op).results;
        if results.len() != declared.len() {
            return Err(EvalError::new(format!(
                "internal error: '{name}' computed {} results for {} declared",
                results.len(),
                declared.len()
            )));
        }
        for (i, (value, &result)) in results.into_iter().zip(declared).enumerate() {
            let ty = body.value_type(result);
            if !value.conforms_to(self.ctx(), ty) {
                return Err(EvalError::new(format!(
                    "result {i} of '{name}' is {} at run time, but its type is {}",
                    value.describe(),
                    type_description(self.ctx(), ty)
                )));
            }
            self.bind(result, value);
        }
        Ok(())
    }

    /// Fails when a value of type `ty` would be larger than the size limit.
    fn check_size(&self, ty: Type) -> EvalResult<()> {
        let ctx = self.ctx();
        let bytes = static_byte_size(ctx, ty);
        if bytes > self.options.max_result_bytes as u128 {
            return Err(EvalError::new(format!(
                "a result of type {} needs {bytes} bytes, more than the interpreter's limit of {} bytes",
                ctx.type_to_string(ty),
                self.options.max_result_bytes
            )));
        }
        Ok(())
    }
}

/// The bytes a value of type `ty` takes, counting its known and bounded dimensions.
pub fn static_byte_size(ctx: &Context, ty: Type) -> u128 {
    match ctx.type_data(ty) {
        TypeData::Tensor(tensor) | TypeData::MemRef(tensor) => {
            let width = ElementType::of(ctx, tensor.element).map_or(1, |e| e.byte_width()) as u128;
            tensor.dims.iter().fold(width, |acc, dim| {
                let size = match dim {
                    xla_ir::Dim::Static(n) | xla_ir::Dim::Bounded(n) => (*n).max(0) as u128,
                    xla_ir::Dim::Unknown => 1,
                };
                acc.saturating_mul(size)
            })
        }
        TypeData::Tuple(types) => types.iter().map(|&t| static_byte_size(ctx, t)).fold(0, u128::saturating_add),
        _ => 0,
    }
}

/// How a type reads in an error: XLA's spelling for static tensors (`f32[2,3]`), MLIR's
/// otherwise.
pub fn type_description(ctx: &Context, ty: Type) -> String {
    if let Some(tensor) = ctx.as_tensor(ty) {
        if let (Some(shape), Some(element)) = (tensor.static_shape(), ElementType::of(ctx, tensor.element)) {
            return crate::literal::shape_string(element, &shape);
        }
    }
    ctx.type_to_string(ty)
}

/// What an op's evaluator sees: the interpreter (to run regions and call functions) and
/// the op.
pub struct OpCx<'i, 'm, 'c> {
    pub interp: &'i mut Interpreter<'m, 'c>,
    pub op: OpId,
}

impl<'m, 'c> OpCx<'_, 'm, 'c> {
    pub fn body(&self) -> &'m Body<'c> {
        self.interp.body
    }

    pub fn ctx(&self) -> &'c Context {
        self.interp.body.ctx()
    }

    pub fn location(&self) -> Location {
        self.body().op(self.op).location
    }

    /// The declared type of result `i`.
    pub fn result_type(&self, i: usize) -> Type {
        self.body().value_type(self.body().op(self.op).results[i])
    }

    /// The element type of tensor result `i`.
    pub fn result_element(&self, i: usize) -> EvalResult<ElementType> {
        let ctx = self.ctx();
        let ty = self.result_type(i);
        ElementType::of(ctx, ctx.element_type(ty))
            .ok_or_else(|| EvalError::new(format!("result {i} has no element type the interpreter knows")))
    }

    /// The static shape of tensor result `i`.
    pub fn result_shape(&self, i: usize) -> EvalResult<Vec<i64>> {
        let ctx = self.ctx();
        ctx.as_tensor(self.result_type(i))
            .and_then(|t| t.static_shape())
            .ok_or_else(|| EvalError::new(format!("result {i} must have a static shape to be computed from its type")))
    }

    /// The number of elements of result `i`.
    pub fn result_len(&self, i: usize) -> EvalResult<usize> {
        Ok(num_elements(&self.result_shape(i)?))
    }

    /// The regions of the op.
    pub fn regions(&self) -> &'m [RegionId] {
        &self.body().op(self.op).regions
    }

    /// Runs `region` on `args`.
    pub fn run_region(&mut self, region: RegionId, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        self.interp.run_region(region, args)
    }

    /// Calls the function that the symbol reference `callee` (read as its path) names.
    pub fn call_symbol(&mut self, callee: &[Symbol], args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx();
        let name = callee.last().map(|&s| ctx.symbol_str(s)).ok_or("the callee is an empty symbol reference")?;
        let func = self.interp.function(name).ok_or_else(|| EvalError::new(format!("no function named @{name}")))?;
        self.interp.call_function(func, args)
    }
}

/// An op's evaluator: its operands' values in, its results' values out.
pub type EvalFn = fn(&mut OpCx, &[Rc<Value>]) -> EvalResult<Vec<Value>>;
