//! `hlo.fusion`: XLA's `Fusion`, a group of ops the fusion pass decided to compute together,
//! as one region run on the fusion's operands.
//!
//! The region is one block whose arguments stand for the operands, in order, and whose
//! `hlo.return` gives the results; it sees nothing from above (constants it needs are
//! cloned inside or passed as operands), so the fused computation is self-contained as
//! XLA's `fused_computation` is. `kind` says how code generation emits it, as XLA's
//! `FusionKind`: `loop` (one loop nest over the output, every op composed elementally),
//! `input` (a reduction reading its fused producers elementally), `output` (a dot whose
//! result is finished by a bias add and an activation). More than one result is a
//! multi-output fusion: one loop nest storing every result.

use xla_ir::constraints::{AnyType, Region, Variadic};
use xla_ir::{Diagnostic, Op, OpRef, Type};
use xla_macros::op;

use super::computation::{operand_origin, verify_computation, Signature};

xla_ir::enum_attr! {
    /// How a fusion is emitted (XLA's `HloInstruction::FusionKind`: kLoop, kInput, kOutput).
    pub enum FusionKind: "a fusion kind" { Loop = "loop", Input = "input", Output = "output" }
}

/// A fused computation: the region run on the operands gives the results.
///
/// The region has one block taking the operands' types and ending in `hlo.return` of the
/// result types; it may not use values defined outside it. `kind` is `loop` (elementwise
/// and data movement composed into one loop nest over the output), `input` (producers
/// computed inside a reduction's loops) or `output` (a dot finished by a bias add and an
/// activation). Several results make a multi-output fusion, whose results are computed in
/// one pass.
///
/// Example: `%0 = hlo.fusion(%a, %b) kind = loop : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> { ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>): %s = hlo.add %x, %y : tensor<4xf32> hlo.return %s : tensor<4xf32> }`
#[op(
    name = "hlo.fusion",
    traits = [Pure, IsolatedFromAbove, SingleBlock],
    verify = verify_fusion,
    format = "`(` $operands `)` `kind` `=` $kind attr-dict `:` functional-type(operands, results) $body"
)]
pub struct FusionOp {
    /// The values the fused computation reads.
    #[operand]
    operands: Variadic<AnyType>,
    /// How the fusion is emitted.
    #[attr]
    kind: FusionKind,
    /// The fused computation: the operands to the results.
    #[region]
    body: Region,
    /// The fused computation's results.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks the region of `hlo.fusion`: one block taking the operand types and returning the
/// result types, and at least one result.
pub fn verify_fusion(op: OpRef) -> Result<(), Diagnostic> {
    let fusion = FusionOp::from_id_unchecked(op.id);
    let operands = op.operand_types();
    let results: Vec<Type> = op.result_types();
    if results.is_empty() {
        return Err(op.error("must have at least one result"));
    }
    let result_origin = |i: usize| format!("the type of result #{i}");
    let signature = Signature { args: &operands, arg_origin: &operand_origin, results: &results, result_origin: &result_origin };
    verify_computation(op, fusion.body(op.body), "the fused computation", &signature)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ReturnOp};
    use xla_ir::{Body, Builder};

    #[test]
    fn the_region_takes_the_operands_and_returns_the_results() {
        let ctx = context();
        let vector = ctx.tensor_type(&[4], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[vector, vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let fusion = FusionOp::build(&mut b, &args, FusionKind::Loop, &[vector]).expect("no inference");
        assert_eq!(fusion.kind(&body), FusionKind::Loop);
        assert_eq!(verify_error(&body, fusion), "the fused computation must have exactly one block, found 0");
        let region = fusion.body(&body);
        let inner = body.append_block(region);
        let x = body.add_block_arg(inner, vector);
        let y = body.add_block_arg(inner, vector);
        let mut b = Builder::at_end(&mut body, inner, ctx.unknown_loc());
        let sum = AddOp::build(&mut b, x, y, None).expect("same types").result(b.body);
        ReturnOp::build(&mut b, &[sum]).expect("no inference");
        assert_eq!(verify(&body, fusion).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn a_fusion_without_results_is_an_error() {
        let ctx = context();
        let vector = ctx.tensor_type(&[4], ctx.f32_type());
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[vector]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let fusion = FusionOp::build(&mut b, &args, FusionKind::Input, &[]).expect("no inference");
        assert_eq!(verify_error(&body, fusion), "must have at least one result");
    }
}
