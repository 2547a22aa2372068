//! Computations that an op runs once per element, on 0-d tensors: the comparator of
//! `hlo.sort`, the update computation of `hlo.scatter`, and the reducers of `hlo.reduce`,
//! `hlo.reduce_window` and `hlo.select_and_scatter` (N accumulators and N elements in, N
//! results out, as XLA defines them).
//!
//! Such a computation can run hundreds of thousands of times in one op (a sort of 16384
//! floats calls its comparator about 200,000 times), far too often to go through the engine
//! (frames, value maps, typed literals) each time. So a [`ScalarComputation`] first tries
//! to translate its region into a straight-line list of scalar instructions, which it then
//! runs directly on [`Scalar`]s. It translates only ops whose evaluators it can call on
//! scalars without any difference in meaning: `hlo.constant`, `hlo.compare` (through
//! [`compare_scalars`]), `hlo.select`, and the binary ops of [`binary_of`] (`add`,
//! `multiply`, `maximum`, `minimum`, `and`, `or`, `xor`), every operand and result a 0-d
//! tensor defined inside the region. Any other region (another op, a value from outside the
//! region, several blocks) runs through [`OpCx::run_region`], with the same results.

use xla_dialects::hlo::{ComparisonDirection, ComparisonType, HloOp};
use xla_ir::{Body, Context, OpId, RegionId, Scalar, ValueId};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::compare::compare_scalars;
use crate::ops::elementwise_binary::{binary_of, Binary};
use crate::ops::support::flush_subnormal;

/// A computation on scalars, translated into instructions when possible.
pub struct ScalarComputation {
    region: RegionId,
    /// The element types of the arguments, for running the region itself.
    arguments: Vec<ElementType>,
    /// The instructions, when every op of the region has one.
    program: Option<Program>,
    /// Registers of the program: the arguments, then one per instruction.
    registers: Vec<Scalar>,
    /// Whether arithmetic flushes subnormals, as the ops' own evaluators do under
    /// [`crate::interpreter::Options::flush_denormals`].
    flush_denormals: bool,
}

/// A region as straight-line code over registers.
struct Program {
    /// The number of arguments, which take the first registers.
    arity: usize,
    instructions: Vec<Instruction>,
    /// The registers the region returns.
    returns: Vec<usize>,
}

/// One op of the region, reading registers.
enum Instruction {
    Constant(Scalar),
    Binary { binary: &'static Binary, element: ElementType, lhs: usize, rhs: usize },
    /// A comparison, by the total order on floats when `total` is set.
    Compare { direction: ComparisonDirection, total: bool, element: ElementType, lhs: usize, rhs: usize },
    Select { pred: usize, on_true: usize, on_false: usize },
}

impl ScalarComputation {
    /// The computation of `region`, whose arguments have the element types `arguments`.
    pub fn new(cx: &OpCx, region: RegionId, arguments: Vec<ElementType>) -> ScalarComputation {
        let program = translate(cx.body(), region);
        let flush_denormals = cx.interp.options.flush_denormals;
        ScalarComputation { region, arguments, program, registers: Vec::new(), flush_denormals }
    }

    /// The computation of `region`, with the element types of its entry block's arguments.
    pub fn of_region(cx: &OpCx, region: RegionId) -> EvalResult<ScalarComputation> {
        let body = cx.body();
        let ctx = cx.ctx();
        let block = body.entry_block(region).ok_or("a scalar computation has no block")?;
        let arguments = body
            .block(block)
            .args
            .iter()
            .map(|&arg| {
                ElementType::of(ctx, ctx.element_type(body.value_type(arg)))
                    .ok_or_else(|| EvalError::new("a scalar computation takes an argument of an unknown element type"))
            })
            .collect::<EvalResult<Vec<_>>>()?;
        Ok(ScalarComputation::new(cx, region, arguments))
    }

    /// Applies a reducer to the accumulators `acc` and the elements `x` (one each per
    /// result), replacing the accumulators with its results.
    pub fn accumulate(&mut self, cx: &mut OpCx, acc: &mut [Scalar], x: &[Scalar]) -> EvalResult<()> {
        let results = self.apply(cx, acc, x)?;
        if results.len() != acc.len() {
            return Err(EvalError::new(format!("the computation returned {} values for {} accumulators", results.len(), acc.len())));
        }
        acc.copy_from_slice(&results);
        Ok(())
    }

    /// The results of the computation on the arguments `lhs` followed by `rhs`.
    pub fn apply(&mut self, cx: &mut OpCx, lhs: &[Scalar], rhs: &[Scalar]) -> EvalResult<Vec<Scalar>> {
        let args: Vec<Scalar> = lhs.iter().chain(rhs).copied().collect();
        self.call(cx, &args)
    }

    /// Applies a computation returning one predicate (`select`) to `a` and `b`.
    pub fn predicate(&mut self, cx: &mut OpCx, a: Scalar, b: Scalar) -> EvalResult<bool> {
        match self.call(cx, &[a, b])?.as_slice() {
            [Scalar::Int(p)] => Ok(*p != 0),
            other => Err(EvalError::new(format!("the computation must return one predicate, it returned {other:?}"))),
        }
    }

    /// Runs the computation on `args` (one per argument) and returns its results.
    pub fn call(&mut self, cx: &mut OpCx, args: &[Scalar]) -> EvalResult<Vec<Scalar>> {
        match &self.program {
            Some(program) => program.run(args, &mut self.registers, self.flush_denormals).map_err(EvalError::from),
            None => self.run_region(cx, args),
        }
    }

    fn run_region(&self, cx: &mut OpCx, args: &[Scalar]) -> EvalResult<Vec<Scalar>> {
        let values = self.arguments.iter().zip(args).map(|(&element, &arg)| Literal::scalar(element, arg).into()).collect();
        let results = cx.run_region(self.region, values)?;
        results
            .iter()
            .map(|result| match result.tensor()? {
                literal if literal.len() == 1 => Ok(literal.get(0)),
                literal => Err(EvalError::new(format!("the computation returned {}, not a 0-d tensor", literal.shape_string()))),
            })
            .collect()
    }
}

impl Program {
    fn run(&self, args: &[Scalar], registers: &mut Vec<Scalar>, flush_denormals: bool) -> Result<Vec<Scalar>, String> {
        let flush = |element: ElementType, value: Scalar| if flush_denormals { flush_subnormal(element, value) } else { value };
        if args.len() != self.arity {
            return Err(format!("the computation takes {} arguments, {} were given", self.arity, args.len()));
        }
        registers.clear();
        registers.extend_from_slice(args);
        for instruction in &self.instructions {
            let value = match *instruction {
                Instruction::Constant(value) => value,
                Instruction::Binary { binary, element, lhs, rhs } => {
                    let (a, b) = (flush(element, registers[lhs]), flush(element, registers[rhs]));
                    flush(element, binary.compute(element, a, b).map_err(|e| format!("in the computation: {e}"))?)
                }
                Instruction::Compare { direction, total, element, lhs, rhs } => {
                    // A total order compares bits, so subnormals stay (as `hlo.compare` does).
                    let (a, b) = if total { (registers[lhs], registers[rhs]) } else { (flush(element, registers[lhs]), flush(element, registers[rhs])) };
                    let holds = compare_scalars(direction, total, a, b).map_err(|e| format!("in the computation: {e}"))?;
                    Scalar::Int(holds as i128)
                }
                Instruction::Select { pred, on_true, on_false } => {
                    if registers[pred] == Scalar::Int(1) { registers[on_true] } else { registers[on_false] }
                }
            };
            registers.push(value);
        }
        Ok(self.returns.iter().map(|&r| registers[r]).collect())
    }
}

/// The program of `region`, or `None` when some op of it has no instruction.
fn translate(body: &Body, region: RegionId) -> Option<Program> {
    let [block] = body.region(region).blocks[..] else { return None };
    let ctx = body.ctx();
    let mut registers: Vec<ValueId> = body.block(block).args.clone();
    let arity = registers.len();
    let mut instructions = Vec::new();
    for op in body.block_ops(block) {
        let register = |v: &ValueId| registers.iter().position(|r| r == v);
        let operands: Vec<usize> = body.op(op).operands.iter().map(register).collect::<Option<_>>()?;
        if matches!(HloOp::of(body, op), Some(HloOp::Return(_))) {
            return Some(Program { arity, instructions, returns: operands });
        }
        let values = body.op(op).operands.iter().chain(&body.op(op).results);
        if !values.clone().all(|&v| is_scalar(ctx, body.value_type(v))) || body.op(op).results.len() != 1 {
            return None;
        }
        instructions.push(instruction(body, op, &operands)?);
        registers.push(body.op(op).results[0]);
    }
    None
}

/// The instruction of `op`, whose operands are in registers `operands`.
fn instruction(body: &Body, op: OpId, operands: &[usize]) -> Option<Instruction> {
    let hlo_op = HloOp::of(body, op)?;
    Some(match (hlo_op, operands) {
        (HloOp::Constant(constant), []) => Instruction::Constant(Literal::from_dense(body.ctx(), constant.value(body)).ok()?.get(0)),
        (HloOp::Compare(compare), &[lhs, rhs]) => {
            let total = compare.compare_type(body) == Some(ComparisonType::TotalOrder);
            let operand = body.value_type(body.op(op).operands[0]);
            let element = ElementType::of(body.ctx(), body.ctx().element_type(operand))?;
            Instruction::Compare { direction: compare.comparison_direction(body), total, element, lhs, rhs }
        }
        (HloOp::Select(_), &[pred, on_true, on_false]) => Instruction::Select { pred, on_true, on_false },
        (_, &[lhs, rhs]) => {
            let result = body.value_type(body.op(op).results[0]);
            let element = ElementType::of(body.ctx(), body.ctx().element_type(result))?;
            Instruction::Binary { binary: binary_of(hlo_op.kind())?, element, lhs, rhs }
        }
        _ => return None,
    })
}

/// Whether `ty` is a 0-d tensor of an element type the interpreter knows.
fn is_scalar(ctx: &Context, ty: xla_ir::Type) -> bool {
    ctx.as_tensor(ty).is_some_and(|t| t.dims.is_empty() && ElementType::of(ctx, t.element).is_some())
}
