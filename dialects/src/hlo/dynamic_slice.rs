//! `hlo.dynamic_slice` and `hlo.dynamic_update_slice`: XLA's `DynamicSlice` and
//! `DynamicUpdateSlice`, which read or overwrite a block of a tensor at start indices known
//! only at run time.
//!
//! Shape rules (operation semantics): one 0-d integer start index per operand dimension, all
//! of one type; a dynamic slice has the static `slice_sizes`, and a dynamic update slice the
//! operand's type. At run time the start indices are clamped so the block fits.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Dim, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::{
    check_len, check_start_indices, dim_to_string, list, parse_operands_then_comma, parse_trailing_types, print_trailing_types, tensor,
    upper_bound,
};

/// Extracts a block of static size at start indices computed at run time.
///
/// XLA's `DynamicSlice`: one 0-d integer start index per operand dimension (all of one
/// type) and `slice_sizes` with `0 <= size <= dimension size`. Each start index is clamped
/// to `[0, size - slice_size]` before the block is read, so the slice is always in bounds.
///
/// Example: `%0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>`
#[op(
    name = "hlo.dynamic_slice",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_dynamic_slice,
    print = print_dynamic_slice,
    parse = parse_dynamic_slice
)]
pub struct DynamicSliceOp {
    #[operand]
    operand: AnyTensor,
    /// One 0-d integer tensor per operand dimension.
    #[operand]
    start_indices: Variadic<AnyTensor>,
    /// The size of the block in each dimension.
    #[attr]
    slice_sizes: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.dynamic_slice`.
pub fn infer_dynamic_slice(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let rank = operand.dims.len();
    check_start_indices(cx.ctx, &cx.operand_types[1..], rank)?;
    let sizes = cx.i64_array("slice_sizes")?;
    check_len("slice_sizes", sizes, rank, "the operand")?;
    for (d, (&size, &dim)) in sizes.iter().zip(&operand.dims).enumerate() {
        if size < 0 {
            return Err(format!("slice_sizes[{d}] = {size} must be non-negative"));
        }
        if upper_bound(dim).is_some_and(|n| size > n) {
            return Err(format!("slice_sizes[{d}] = {size} exceeds the size {} of operand dimension {d}", dim_to_string(dim)));
        }
    }
    Ok(vec![tensor(cx.ctx, sizes.iter().map(|&s| Dim::Static(s)).collect(), operand.element)])
}

/// Prints ` %x, %i, %j, sizes = [2, 2] : (types) -> type`.
fn print_dynamic_slice(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = p.ctx();
    let operands = body.op(op).operands.clone();
    p.print(" ");
    p.print_operands(&operands);
    match body.attr(op, "slice_sizes").and_then(|a| ctx.as_int_array(a)) {
        Some(sizes) => {
            p.print(&format!(", sizes = {}", list(sizes)));
            print_trailing_types(p, op, &["slice_sizes"]);
        }
        None => print_trailing_types(p, op, &[]),
    }
}

fn parse_dynamic_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let (operands, comma) = parse_operands_then_comma(p)?;
    if comma {
        p.expect_keyword("sizes")?;
        p.expect(TokenKind::Equal)?;
        let sizes = p.parse_int_list()?;
        state.set_attr(p.ctx().symbol("slice_sizes"), p.ctx().i64_array_attr(&sizes));
    }
    parse_trailing_types(p, state, &operands)
}

/// Overwrites a block of a tensor, at start indices computed at run time, with an update.
///
/// XLA's `DynamicUpdateSlice`: the update has the operand's rank and element type and is no
/// larger in any dimension; one 0-d integer start index per operand dimension (all of one
/// type), each clamped to `[0, size - update size]`. The result has the operand's type.
///
/// Example: `%0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>`
#[op(
    name = "hlo.dynamic_update_slice",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_dynamic_update_slice,
    print = print_dynamic_update_slice,
    parse = parse_dynamic_update_slice
)]
pub struct DynamicUpdateSliceOp {
    #[operand]
    operand: AnyTensor,
    /// The block written into the operand.
    #[operand]
    update: AnyTensor,
    /// One 0-d integer tensor per operand dimension.
    #[operand]
    start_indices: Variadic<AnyTensor>,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.dynamic_update_slice`.
pub fn infer_dynamic_update_slice(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let (operand, update) = (cx.tensor(0)?, cx.tensor(1)?);
    let rank = operand.dims.len();
    if update.element != operand.element {
        return Err(format!(
            "the update element type {} differs from the operand element type {}",
            ctx.type_to_string(update.element),
            ctx.type_to_string(operand.element)
        ));
    }
    if update.dims.len() != rank {
        return Err(format!("the update has rank {}, but the operand has rank {rank}", update.dims.len()));
    }
    for (d, (&u, &o)) in update.dims.iter().zip(&operand.dims).enumerate() {
        if let (Some(u_size), Some(o_size)) = (u.static_size(), upper_bound(o)) {
            if u_size > o_size {
                return Err(format!(
                    "update dimension {d} has size {u_size}, which exceeds the size {} of operand dimension {d}",
                    dim_to_string(o)
                ));
            }
        }
    }
    check_start_indices(ctx, &cx.operand_types[2..], rank)?;
    Ok(vec![cx.operand_types[0]])
}

/// Prints ` %x, %u, %i, %j : (types) -> type`.
fn print_dynamic_update_slice(p: &mut OpPrinter, op: OpId) {
    let operands = p.body().op(op).operands.clone();
    p.print(" ");
    p.print_operands(&operands);
    print_trailing_types(p, op, &[]);
}

fn parse_dynamic_update_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_optional_operand_list()?;
    parse_trailing_types(p, state, &operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, TensorType, TypeData};

    #[test]
    fn dynamic_slice_has_the_slice_sizes() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let i32_scalar = ctx.tensor_type(&[], ctx.int_type(32));
        let bounded = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Bounded(4), Dim::Unknown], element: f32, layout: None }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 4], f32), bounded, i32_scalar, i32_scalar]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let slice = DynamicSliceOp::build(&mut b, args[0], &args[2..], &[2, 4]).expect("valid");
        let of_dynamic = DynamicSliceOp::build(&mut b, args[1], &args[2..], &[4, 100]).expect("valid");
        assert_eq!(body.value_type(slice.result(&body)), ctx.tensor_type(&[2, 4], f32));
        assert_eq!(body.value_type(of_dynamic.result(&body)), ctx.tensor_type(&[4, 100], f32));
        assert_eq!(slice.start_indices(&body), &args[2..]);
        assert_eq!(slice.slice_sizes(&body), &[2, 4]);
        assert!(verify(&body, slice).is_ok());
    }

    #[test]
    fn dynamic_slice_checks_indices_and_sizes() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let i32_scalar = ctx.tensor_type(&[], ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[4, 4], f32),
                i32_scalar,
                ctx.tensor_type(&[], ctx.int_type(64)),
                ctx.tensor_type(&[1], ctx.int_type(32)),
                ctx.tensor_type(&[], ctx.int_type(1)),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |indices: &[xla_ir::ValueId], sizes: &[i64]| {
            DynamicSliceOp::build(&mut b, args[0], indices, sizes).expect_err("invalid").message
        };
        let prefix = "'hlo.dynamic_slice' op ";
        assert_eq!(error(&args[1..2], &[1, 1]), format!("{prefix}needs one start index per operand dimension (2), found 1"));
        assert_eq!(
            error(&[args[1], args[3]], &[1, 1]),
            format!("{prefix}start index #1 must be a 0-d integer tensor, found tensor<1xi32>")
        );
        assert_eq!(
            error(&[args[4], args[4]], &[1, 1]),
            format!("{prefix}start index #0 must be a 0-d integer tensor, found tensor<i1>")
        );
        assert_eq!(
            error(&[args[1], args[2]], &[1, 1]),
            format!("{prefix}start index #1 has type tensor<i64>, but start index #0 has type tensor<i32>")
        );
        let two = [args[1], args[1]];
        assert_eq!(error(&two, &[1]), format!("{prefix}slice_sizes has 1 entries, but the operand has rank 2"));
        assert_eq!(error(&two, &[1, -1]), format!("{prefix}slice_sizes[1] = -1 must be non-negative"));
        assert_eq!(error(&two, &[5, 1]), format!("{prefix}slice_sizes[0] = 5 exceeds the size 4 of operand dimension 0"));
    }

    #[test]
    fn dynamic_update_slice_keeps_the_operand_type() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let i32_scalar = ctx.tensor_type(&[], ctx.int_type(32));
        let operand = ctx.tensor_type(&[4, 4], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[operand, ctx.tensor_type(&[2, 4], f32), i32_scalar, ctx.tensor_type(&[5, 1], f32), ctx.tensor_type(&[2], f32)],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let update = DynamicUpdateSliceOp::build(&mut b, args[0], args[1], &[args[2], args[2]]).expect("valid");
        assert_eq!(body.value_type(update.result(&body)), operand);
        assert_eq!((update.operand(&body), update.update(&body)), (args[0], args[1]));
        assert!(verify(&body, update).is_ok());
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |u, indices: &[xla_ir::ValueId]| DynamicUpdateSliceOp::build(&mut b, args[0], u, indices).expect_err("invalid").message;
        let prefix = "'hlo.dynamic_update_slice' op ";
        let two = [args[2], args[2]];
        assert_eq!(
            error(args[3], &two),
            format!("{prefix}update dimension 0 has size 5, which exceeds the size 4 of operand dimension 0")
        );
        assert_eq!(error(args[4], &two), format!("{prefix}the update has rank 1, but the operand has rank 2"));
        assert_eq!(error(args[2], &two), format!("{prefix}the update element type i32 differs from the operand element type f32"));
        assert_eq!(error(args[1], &two[..1]), format!("{prefix}needs one start index per operand dimension (2), found 1"));
    }
}
