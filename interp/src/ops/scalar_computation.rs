//! Computations that an op runs once per element, on 0-d tensors: the comparator of
//! `hlo.sort` and the update computation of `hlo.scatter`.
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

use xla_dialects::hlo::{CompareOp, ComparisonDirection, ComparisonType, ConstantOp};
use xla_ir::{Body, Context, Op, OpId, RegionId, Scalar, ValueId};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::compare::compare_scalars;
use crate::ops::elementwise_binary::{binary_of, Binary};

/// A computation on scalars, translated into instructions when possible.
pub struct ScalarComputation {
    region: RegionId,
    /// The element types of the arguments, for running the region itself.
    arguments: Vec<ElementType>,
    /// The instructions, when every op of the region has one.
    program: Option<Program>,
    /// Registers of the program: the arguments, then one per instruction.
    registers: Vec<Scalar>,
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
    Compare { direction: ComparisonDirection, total: bool, lhs: usize, rhs: usize },
    Select { pred: usize, on_true: usize, on_false: usize },
}

impl ScalarComputation {
    /// The computation of `region`, whose arguments have the element types `arguments`.
    pub fn new(cx: &OpCx, region: RegionId, arguments: Vec<ElementType>) -> ScalarComputation {
        let program = translate(cx.body(), region);
        ScalarComputation { region, arguments, program, registers: Vec::new() }
    }

    /// Runs the computation on `args` (one per argument) and returns its results.
    pub fn call(&mut self, cx: &mut OpCx, args: &[Scalar]) -> EvalResult<Vec<Scalar>> {
        match &self.program {
            Some(program) => program.run(args, &mut self.registers).map_err(EvalError::from),
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
    fn run(&self, args: &[Scalar], registers: &mut Vec<Scalar>) -> Result<Vec<Scalar>, String> {
        if args.len() != self.arity {
            return Err(format!("the computation takes {} arguments, {} were given", self.arity, args.len()));
        }
        registers.clear();
        registers.extend_from_slice(args);
        for instruction in &self.instructions {
            let value = match *instruction {
                Instruction::Constant(value) => value,
                Instruction::Binary { binary, element, lhs, rhs } => binary
                    .compute(element, registers[lhs], registers[rhs])
                    .map_err(|e| format!("in the computation: {e}"))?,
                Instruction::Compare { direction, total, lhs, rhs } => {
                    let holds = compare_scalars(direction, total, registers[lhs], registers[rhs]).map_err(|e| format!("in the computation: {e}"))?;
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
        if body.op_name(op) == "hlo.return" {
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
    let name = body.op_name(op);
    Some(match (name, operands) {
        ("hlo.constant", []) => {
            let constant = ConstantOp::cast(body, op)?;
            Instruction::Constant(Literal::from_dense(body.ctx(), constant.value(body)).ok()?.get(0))
        }
        ("hlo.compare", &[lhs, rhs]) => {
            let compare = CompareOp::cast(body, op)?;
            let total = compare.compare_type(body) == Some(ComparisonType::TotalOrder);
            Instruction::Compare { direction: compare.comparison_direction(body), total, lhs, rhs }
        }
        ("hlo.select", &[pred, on_true, on_false]) => Instruction::Select { pred, on_true, on_false },
        (_, &[lhs, rhs]) => {
            let result = body.value_type(body.op(op).results[0]);
            let element = ElementType::of(body.ctx(), body.ctx().element_type(result))?;
            Instruction::Binary { binary: binary_of(name)?, element, lhs, rhs }
        }
        _ => return None,
    })
}

/// Whether `ty` is a 0-d tensor of an element type the interpreter knows.
fn is_scalar(ctx: &Context, ty: xla_ir::Type) -> bool {
    ctx.as_tensor(ty).is_some_and(|t| t.dims.is_empty() && ElementType::of(ctx, t.element).is_some())
}
