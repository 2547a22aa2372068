//! Constant folding through the reference interpreter.
//!
//! An op whose operands are all known constants is evaluated by building a tiny module
//! (`func.func @fold(<operands>) { %r = <op>(...); return %r }`) beside the program, in the
//! same `Context`, and running [`xla_interp::Interpreter`] on it. The interpreter is the
//! compiler's oracle, so folding computes exactly what running the program would.
//!
//! Invariants: only ops the e-graph models are folded (pure, one result, no regions), never
//! random number generators; a result larger than the bound in elements is not folded (the
//! caller checks the bound before asking); any evaluation error means "not a constant".

use xla_dialects::hlo::HloOpKind;
use xla_interp::{Interpreter, Literal, Value};
use xla_ir::dense::Scalar;
use xla_ir::{Attribute, Body, Context, DenseElements, InsertPoint, OpState, Type};

use crate::from_egraph::create_op;
use crate::language::HloNode;

/// Ops never folded although they look pure: their results are not functions of their
/// operands.
const NEVER_FOLDED: &[&str] = &["hlo.rng", HloOpKind::RngUniform.name(), HloOpKind::RngNormal.name(), HloOpKind::RngBitGenerator.name(), HloOpKind::ReplicaId.name()];

/// Whether op `name` may be folded at all.
pub fn foldable(name: &str) -> bool {
    !NEVER_FOLDED.contains(&name)
}

/// Evaluates `node` on constant operands (each with its IR type), or `None` when the
/// interpreter cannot.
pub fn evaluate(ctx: &Context, node: &HloNode, operands: &[(Type, &Literal)]) -> Option<Literal> {
    if !node.op_name(ctx).is_some_and(foldable) {
        return None;
    }
    let mut body = Body::new(ctx);
    let location = ctx.unknown_loc();
    let module_region = body.create_region();
    let module_block = body.append_block(module_region);
    let mut module = OpState::new(ctx.symbol("builtin.module"), location);
    module.regions.push(module_region);
    let module = body.create_op(module);

    let func_region = body.create_region();
    let entry = body.append_block(func_region);
    let inputs: Vec<Type> = operands.iter().map(|(t, _)| *t).collect();
    let args: Vec<_> = inputs.iter().map(|t| body.add_block_arg(entry, *t)).collect();
    let mut func = OpState::new(ctx.symbol("func.func"), location);
    func.set_attr(ctx.symbol("sym_name"), ctx.string_attr("fold"));
    func.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(inputs, vec![node.ty])));
    func.regions.push(func_region);
    let func = body.create_op(func);
    body.insert_op(func, InsertPoint::BlockEnd(module_block));

    let op = create_op(&mut body, node, args, location)?;
    body.insert_op(op, InsertPoint::BlockEnd(entry));
    let result = body.result(op, 0);
    let mut ret = OpState::new(ctx.symbol("func.return"), location);
    ret.operands = vec![result];
    let ret = body.create_op(ret);
    body.insert_op(ret, InsertPoint::BlockEnd(entry));

    let mut interpreter = Interpreter::new(&body, module);
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
