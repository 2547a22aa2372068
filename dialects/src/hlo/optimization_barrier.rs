//! `hlo.optimization_barrier`: XLA's `OptimizationBarrier`, which passes its operands
//! through unchanged and keeps optimizations from moving computations across it.

use xla_ir::constraints::{AnyType, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::parse_attr_dict_into;

/// Passes values through unchanged, blocking optimizations that move work across it.
///
/// XLA's `OptimizationBarrier`: the results are the operands, with the same types; every
/// computation an operand depends on is evaluated before any that depends on a result.
/// Passes must not look through it; it is `Pure` (as in StableHLO), so an unused barrier
/// may be removed and identical ones merged. Without operands its custom form is
/// `hlo.optimization_barrier : ()`.
///
/// Example: `%0:2 = hlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<i32>`
#[op(
    name = "hlo.optimization_barrier",
    traits = [Pure],
    infer = infer_optimization_barrier,
    print = print_optimization_barrier,
    parse = parse_optimization_barrier
)]
pub struct OptimizationBarrierOp {
    /// The values passed through.
    #[operand]
    inputs: Variadic<AnyType>,
    /// The same values, with the same types.
    #[result]
    results: Variadic<AnyType>,
}

/// The shape function of `hlo.optimization_barrier`: the operand types.
pub fn infer_optimization_barrier(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(cx.operand_types.to_vec())
}

/// Prints ` %a, %b : ta, tb`, or ` : ()` without operands.
fn print_optimization_barrier(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    if !data.operands.is_empty() {
        p.print(" ");
        p.print_operands(&data.operands.clone());
    }
    p.print_attr_dict(&data.attributes, &[]);
    let types: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    if types.is_empty() {
        p.print(" : ()");
    } else {
        p.print(" : ");
        p.print_types(&types);
    }
}

fn parse_optimization_barrier(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_optional_operand_list()?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let types = if p.is(TokenKind::LParen) { p.parse_paren_type_list()? } else { p.parse_type_list()? };
    if types.len() != operands.len() {
        return Err(Diagnostic::error(at, format!("expected {} operand type(s), found {}", operands.len(), types.len())));
    }
    state.operands = p.resolve_operands(&operands, &types)?;
    state.result_types = types;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, Op, OpTrait};

    #[test]
    fn results_mirror_operands() {
        let ctx = context();
        let types = [ctx.tensor_type(&[2], ctx.f32_type()), ctx.tensor_type(&[], ctx.int_type(32))];
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &types);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let barrier = OptimizationBarrierOp::build(&mut b, &args).expect("any types");
        let results: Vec<Type> = barrier.results(&body).iter().map(|v| body.value_type(*v)).collect();
        assert_eq!(results, types);
        assert_eq!(barrier.inputs(&body), &args[..]);
        assert!(verify(&body, barrier).is_ok());
        assert!(OptimizationBarrierOp::DEF.has_trait(OpTrait::Pure));
    }
}
