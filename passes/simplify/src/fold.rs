//! Constant folding through the reference interpreter.
//!
//! An op whose operands are all known constants is evaluated by building a tiny module
//! (`func.func @fold(<operands>) { %r = <op>(...); return %r }`) beside the program, in the
//! same `Context`, and running [`xla_interp::Interpreter`] on it. The interpreter is the
//! compiler's oracle, so folding computes exactly what running the program would.
//!
//! Invariants: only ops the e-graph models are folded (pure, one result, no regions but a
//! modeled reduce's reducer), and only those whose result is a function of their operands
//! ([`is_function_of_operands`]); a result larger than the bound in elements is not folded
//! (the caller checks the bound before asking); any evaluation error means "not a constant".

use xla_dialects::builtin::ModuleOp;
use xla_dialects::func::{FuncOp, ReturnOp};
use xla_dialects::hlo::HloOpKind;
use xla_interp::{Interpreter, Literal, Value};
use xla_ir::dense::Scalar;
use xla_ir::{Attribute, Body, Builder, Context, DenseElements, InsertPoint, Op, Type};

use crate::from_egraph::create_op;
use crate::language::HloNode;

/// Whether an op of kind `kind` computes a function of its operands, so that folding it
/// gives what running it would. The random number generators and the replica id compute
/// values their operands do not determine (although some are declared `Pure`), so they are
/// never folded. An exhaustive `match`, so that a new hlo op is classified here before the
/// crate builds.
pub fn is_function_of_operands(kind: HloOpKind) -> bool {
    match kind {
        HloOpKind::RngUniform | HloOpKind::RngNormal | HloOpKind::RngBitGenerator | HloOpKind::ReplicaId | HloOpKind::PartitionId => false,
        HloOpKind::Add
        | HloOpKind::BroadcastInDim
        | HloOpKind::Constant
        | HloOpKind::DotGeneral
        | HloOpKind::Maximum
        | HloOpKind::Multiply
        | HloOpKind::Reduce
        | HloOpKind::Return
        | HloOpKind::Subtract
        | HloOpKind::Divide
        | HloOpKind::Remainder
        | HloOpKind::Minimum
        | HloOpKind::Power
        | HloOpKind::Atan2
        | HloOpKind::And
        | HloOpKind::Or
        | HloOpKind::Xor
        | HloOpKind::ShiftLeft
        | HloOpKind::ShiftRightArithmetic
        | HloOpKind::ShiftRightLogical
        | HloOpKind::Complex
        | HloOpKind::Abs
        | HloOpKind::Ceil
        | HloOpKind::Floor
        | HloOpKind::Cosine
        | HloOpKind::Sine
        | HloOpKind::Tan
        | HloOpKind::Tanh
        | HloOpKind::Exponential
        | HloOpKind::ExponentialMinusOne
        | HloOpKind::Log
        | HloOpKind::LogPlusOne
        | HloOpKind::Logistic
        | HloOpKind::Negate
        | HloOpKind::Not
        | HloOpKind::Popcnt
        | HloOpKind::CountLeadingZeros
        | HloOpKind::Real
        | HloOpKind::Imag
        | HloOpKind::IsFinite
        | HloOpKind::RoundNearestAfz
        | HloOpKind::RoundNearestEven
        | HloOpKind::Rsqrt
        | HloOpKind::Sqrt
        | HloOpKind::Cbrt
        | HloOpKind::Sign
        | HloOpKind::Erf
        | HloOpKind::Compare
        | HloOpKind::Select
        | HloOpKind::Clamp
        | HloOpKind::ConvertElementType
        | HloOpKind::BitcastConvertType
        | HloOpKind::ReducePrecision
        | HloOpKind::Map
        | HloOpKind::Iota
        | HloOpKind::While
        | HloOpKind::Fusion
        | HloOpKind::Conditional
        | HloOpKind::Call
        | HloOpKind::AfterAll
        | HloOpKind::Infeed
        | HloOpKind::Outfeed
        | HloOpKind::Send
        | HloOpKind::Recv
        | HloOpKind::AllGather
        | HloOpKind::AllReduce
        | HloOpKind::AllToAll
        | HloOpKind::CollectivePermute
        | HloOpKind::CollectiveBroadcast
        | HloOpKind::ReduceScatter
        | HloOpKind::CustomCall
        | HloOpKind::Dot
        | HloOpKind::ReduceWindow
        | HloOpKind::SelectAndScatter
        | HloOpKind::Convolution
        | HloOpKind::Fft
        | HloOpKind::Cholesky
        | HloOpKind::TriangularSolve
        | HloOpKind::BatchNormInference
        | HloOpKind::BatchNormTraining
        | HloOpKind::BatchNormGrad
        | HloOpKind::Reshape
        | HloOpKind::Collapse
        | HloOpKind::Transpose
        | HloOpKind::Copy
        | HloOpKind::Bitcast
        | HloOpKind::Broadcast
        | HloOpKind::Concatenate
        | HloOpKind::Slice
        | HloOpKind::DynamicSlice
        | HloOpKind::DynamicUpdateSlice
        | HloOpKind::Pad
        | HloOpKind::Rev
        | HloOpKind::GetDimensionSize
        | HloOpKind::SetDimensionSize
        | HloOpKind::Gather
        | HloOpKind::Scatter
        | HloOpKind::Sort
        | HloOpKind::Tuple
        | HloOpKind::GetTupleElement
        | HloOpKind::OptimizationBarrier => true,
    }
}

/// Evaluates `node` on constant operands (each with its IR type), or `None` when the
/// interpreter cannot.
pub fn evaluate(ctx: &Context, node: &HloNode, operands: &[(Type, &Literal)]) -> Option<Literal> {
    if !node.op_kind().is_some_and(is_function_of_operands) {
        return None;
    }
    let mut body = Body::new(ctx);
    let location = ctx.unknown_loc();
    let inputs: Vec<Type> = operands.iter().map(|(t, _)| *t).collect();
    let mut builder = Builder::new(&mut body, location);
    let module = ModuleOp::build(&mut builder, None).ok()?;
    let func = FuncOp::build(&mut builder, "fold", ctx.function_type(inputs.clone(), vec![node.ty]), None, None, None).ok()?;
    let module_block = body.append_block(module.body(&body));
    body.insert_op(func.id(), InsertPoint::BlockEnd(module_block));
    let entry = body.append_block(func.body(&body));
    let args: Vec<_> = inputs.iter().map(|t| body.add_block_arg(entry, *t)).collect();

    let op = create_op(&mut body, node, args, location)?;
    body.insert_op(op, InsertPoint::BlockEnd(entry));
    let result = body.result(op, 0);
    ReturnOp::build(&mut Builder::at_end(&mut body, entry, location), &[result]).ok()?;

    let mut interpreter = Interpreter::new(&body, module.id());
    let args = operands.iter().map(|(_, l)| Value::Tensor((*l).clone())).collect();
    match interpreter.call("fold", args).ok()?.pop()? {
        Value::Tensor(literal) => Some(literal),
        _ => None,
    }
}

/// The dense attribute of `literal` as a value of tensor type `ty`: a splat when every
/// element has the same bits (so `-0.0` and `0.0` stay apart).
pub fn dense_attr(ctx: &Context, literal: &Literal, ty: Type) -> Option<Attribute> {
    let first = (!literal.is_empty()).then(|| literal.get(0));
    let same_bits = |a: Scalar, b: Scalar| match (a, b) {
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x.to_bits() == y.to_bits(),
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => a.to_bits() == c.to_bits() && b.to_bits() == d.to_bits(),
        _ => false,
    };
    let dense = match first {
        Some(first) if literal.len() > 1 && (1..literal.len()).all(|i| same_bits(literal.get(i), first)) => {
            DenseElements::from_scalars(ctx, ty, &[first]).ok()?
        }
        _ => literal.to_dense(ctx, ty).ok()?,
    };
    Some(ctx.dense_attr(dense))
}

/// The literal of a constant op's `value` attribute.
pub fn literal_of(ctx: &Context, value: Attribute) -> Option<Literal> {
    Literal::from_dense(ctx, ctx.as_dense(value)?).ok()
}
