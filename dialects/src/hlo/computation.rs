//! Regions used as XLA computations: the bodies of `hlo.while`, the branches of
//! `hlo.conditional` and the reducers of the collectives.
//!
//! XLA passes computations by name; here a computation is a single-block region whose entry
//! block arguments are the parameters and whose `hlo.return` gives the results. The ops that
//! own such regions check them with [`verify_computation`], which names the region, the
//! argument or result, the type found and the type expected with where that expectation
//! comes from ("the type of operand #1").

use xla_ir::shape::compatible;
use xla_ir::{Diagnostic, Op, OpRef, RegionId, Type};

/// The signature a computation region must have: one expected type per parameter and per
/// result, and for each a phrase saying why (`origin(i)`: "the type of operand #1").
pub(crate) struct Signature<'a> {
    pub args: &'a [Type],
    pub arg_origin: &'a dyn Fn(usize) -> String,
    pub results: &'a [Type],
    pub result_origin: &'a dyn Fn(usize) -> String,
}

/// Checks that `region` of `op`, called `name` in messages ("the body", "branch #1"), is a
/// single block taking `signature.args` and ending with an `hlo.return` of
/// `signature.results`. Types are compared with [`compatible`], so an unknown dimension on
/// one side matches any size on the other.
pub(crate) fn verify_computation(op: OpRef, region: RegionId, name: &str, signature: &Signature) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let blocks = &body.region(region).blocks;
    let &[block] = blocks.as_slice() else {
        return Err(op.error(format!("{name} must have exactly one block, found {}", blocks.len())));
    };
    let mismatch = |what: String, actual: Type, expected: Type, origin: String| {
        op.error(format!(
            "{what} has type {}, expected {} ({origin})",
            ctx.type_to_string(actual),
            ctx.type_to_string(expected)
        ))
    };
    let args = &body.block(block).args;
    if args.len() != signature.args.len() {
        return Err(op.error(format!("{name} takes {} arguments, expected {}", args.len(), signature.args.len())));
    }
    for (i, (arg, expected)) in args.iter().zip(signature.args).enumerate() {
        let actual = body.value_type(*arg);
        if !compatible(ctx, actual, *expected) {
            return Err(mismatch(format!("{name} argument #{i}"), actual, *expected, (signature.arg_origin)(i)));
        }
    }
    let Some(terminator) = body.last_op(block) else {
        return Err(op.error(format!("{name} is empty; it must end with hlo.return")));
    };
    if body.op_name(terminator) != super::ReturnOp::DEF.name {
        return Err(op.error(format!("{name} must end with hlo.return, found '{}'", body.op_name(terminator))));
    }
    let returned = &body.op(terminator).operands;
    if returned.len() != signature.results.len() {
        return Err(op.error(format!("{name} returns {} values, expected {}", returned.len(), signature.results.len())));
    }
    for (i, (value, expected)) in returned.iter().zip(signature.results).enumerate() {
        let actual = body.value_type(*value);
        if !compatible(ctx, actual, *expected) {
            return Err(mismatch(format!("{name} result #{i}"), actual, *expected, (signature.result_origin)(i)));
        }
    }
    Ok(())
}

/// "the type of operand #i", the usual origin of an expected type.
pub(crate) fn operand_origin(i: usize) -> String {
    format!("the type of operand #{i}")
}
