//! `hlo.call`: XLA's `Call`, which runs a computation (here a `func.func` of the enclosing
//! module) on arguments and returns its results.
//!
//! [`find_function`] resolves a symbol reference to a `func.func` of the nearest enclosing
//! symbol table; `hlo.custom_call` uses it for its called computations.

use xla_ir::constraints::{AnyType, SymbolRefAttr, Variadic};
use xla_ir::{Attribute, AttrData, Diagnostic, Op, OpId, OpRef, OpTrait, Type, TypeData};
use xla_macros::op;

use crate::func::FuncOp;

/// Calls the function `to_apply` of the enclosing module on the operands.
///
/// XLA's `Call(computation, args...)`: the arity and types of the operands are the callee's
/// parameters, and the results are its results.
///
/// Example: `%0 = hlo.call @f(%a, %b) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>`
#[op(
    name = "hlo.call",
    traits = [CallLike],
    verify = verify_call,
    format = "$to_apply `(` $operands `)` attr-dict `:` functional-type(operands, results)"
)]
pub struct CallOp {
    /// The function called, a flat reference to a `func.func`.
    #[attr]
    to_apply: SymbolRefAttr,
    /// The arguments.
    #[operand]
    operands: Variadic<AnyType>,
    /// The callee's results.
    #[result]
    results: Variadic<AnyType>,
}

/// What a symbol reference resolves to.
pub(crate) enum Callee {
    /// A `func.func` with its parameter and result types.
    Function { inputs: Vec<Type>, results: Vec<Type> },
    /// No enclosing symbol table: the reference cannot be checked (a detached op).
    Unchecked,
}

/// Resolves `reference` (named `what` in messages, e.g. "'to_apply'") to a `func.func` of the
/// symbol table nearest to `op`; errors when it is not a flat reference or names no function.
pub(crate) fn find_function(op: OpRef, reference: Attribute, what: &str) -> Result<Callee, Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    // A flat reference: resolving only the leaf of `@m::@g` would find another function.
    let name = match ctx.attr_data(reference) {
        AttrData::SymbolRef(path) if path.len() == 1 => ctx.symbol_str(path[0]),
        _ => {
            return Err(op.error(format!("{what} must be a flat symbol reference, found {}", ctx.attr_to_string(reference))));
        }
    };
    let mut scope = body.parent_op(op.id);
    while let Some(s) = scope {
        if ctx.op_def(body.op(s).name).is_some_and(|d| d.has_trait(OpTrait::SymbolTable)) {
            break;
        }
        scope = body.parent_op(s);
    }
    let Some(table) = scope else { return Ok(Callee::Unchecked) };
    let is_callee = |f: &OpId| {
        body.op_name(*f) == FuncOp::DEF.name && body.attr(*f, "sym_name").and_then(|a| ctx.as_string(a)) == Some(name)
    };
    let found = body.op(table).regions.iter().flat_map(|r| body.region(*r).blocks.iter()).find_map(|b| body.block_ops(*b).find(is_callee));
    let function = found.ok_or_else(|| op.error(format!("{what} @{name} does not reference a func.func of the module")))?;
    let signature = body.attr(function, "function_type").and_then(|a| ctx.attr_type(a)).map(|t| ctx.type_data(t));
    match signature {
        Some(TypeData::Function { inputs, results }) => Ok(Callee::Function { inputs: inputs.clone(), results: results.clone() }),
        // The function's own verifier reports a malformed signature.
        _ => Ok(Callee::Unchecked),
    }
}

/// Checks that `to_apply` names a `func.func` whose type is the call's.
pub fn verify_call(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let Some(reference) = op.attr("to_apply") else { return Err(op.error("requires attribute 'to_apply'")) };
    let Callee::Function { inputs, results } = find_function(op, reference, "'to_apply'")? else { return Ok(()) };
    let (operand_types, result_types) = (op.operand_types(), op.result_types());
    if inputs != operand_types || results != result_types {
        return Err(op.error(format!(
            "has type {}, but its callee {} has type {}",
            ctx.type_to_string(ctx.function_type(operand_types, result_types)),
            ctx.attr_to_string(reference),
            ctx.type_to_string(ctx.function_type(inputs, results))
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder};

    #[test]
    fn a_detached_call_cannot_resolve_its_callee_and_is_not_checked() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ty]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let f = [ctx.symbol("f")];
        let call = CallOp::build(&mut b, &args, &f, &[ty]).expect("no inference");
        assert_eq!(call.to_apply(&body), &f);
        assert_eq!(call.operands(&body), &args[..]);
        assert!(verify(&body, call).is_ok());
        let nested = [ctx.symbol("m"), ctx.symbol("f")];
        let call = CallOp::build(&mut Builder::at_end(&mut body, block, ctx.unknown_loc()), &args, &nested, &[ty]).expect("built");
        assert_eq!(verify_error(&body, call), "'to_apply' must be a flat symbol reference, found @m::@f");
    }
}
