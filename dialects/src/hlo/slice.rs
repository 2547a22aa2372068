//! `hlo.slice`: XLA's `Slice`, a strided sub-tensor at static indices.
//!
//! Shape rule (operation semantics): in each dimension the result has
//! `ceil((limit - start) / stride)` elements, for `0 <= start <= limit <= size` and
//! `stride >= 1`. A slice that keeps the whole of a bounded dimension keeps it bounded (it
//! stays dynamic, as in XLA); every other result dimension is static.
//!
//! Custom form: `hlo.slice %x [0:2, 1:5:2]`, one `start:limit` or `start:limit:stride` per
//! dimension (a stride of 1 is not printed).

use xla_ir::constraints::{AnyTensor, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Dim, OpId, OpState, Type};
use xla_macros::op;

use super::shape_checks::{check_len, dim_to_string, parse_trailing_types, print_trailing_types, tensor, upper_bound};

/// Extracts a strided sub-tensor at static start and limit indices.
///
/// XLA's `Slice`: in dimension `d` the result takes the operand's elements
/// `start_indices[d], start_indices[d] + strides[d], ...` below `limit_indices[d]`. Each list
/// has one entry per dimension, with `0 <= start <= limit <= size` and `stride >= 1`.
///
/// Example: `%0 = hlo.slice %x [0:2, 1:5:2] : (tensor<4x6xf32>) -> tensor<2x2xf32>`
#[op(
    name = "hlo.slice",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_slice,
    patterns = [super::slicing_patterns::SLICE_IDENTITY, super::slicing_patterns::SLICE_OF_PAD],
    print = print_slice,
    parse = parse_slice
)]
pub struct SliceOp {
    #[operand]
    operand: AnyTensor,
    /// The first index taken in each dimension.
    #[attr]
    start_indices: I64ArrayAttr,
    /// The index in each dimension at which the slice stops (exclusive).
    #[attr]
    limit_indices: I64ArrayAttr,
    /// The step between taken indices in each dimension.
    #[attr]
    strides: I64ArrayAttr,
    #[result]
    result: AnyTensor,
}

/// The shape function of `hlo.slice`.
pub fn infer_slice(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let rank = operand.dims.len();
    let starts = cx.i64_array("start_indices")?;
    let limits = cx.i64_array("limit_indices")?;
    let strides = cx.i64_array("strides")?;
    for (name, values) in [("start_indices", starts), ("limit_indices", limits), ("strides", strides)] {
        check_len(name, values, rank, "the operand")?;
    }
    let mut dims = Vec::with_capacity(rank);
    for (d, &size) in operand.dims.iter().enumerate() {
        let (start, limit, stride) = (starts[d], limits[d], strides[d]);
        if start < 0 {
            return Err(format!("start_indices[{d}] = {start} must be non-negative"));
        }
        if start > limit {
            return Err(format!("start_indices[{d}] = {start} exceeds limit_indices[{d}] = {limit}"));
        }
        if upper_bound(size).is_some_and(|n| limit > n) {
            return Err(format!("limit_indices[{d}] = {limit} exceeds the size {} of operand dimension {d}", dim_to_string(size)));
        }
        if stride < 1 {
            return Err(format!("strides[{d}] = {stride} must be positive"));
        }
        // 0 <= start <= limit and stride >= 1: the difference and the quotient fit.
        let length = ((limit - start) as u64).div_ceil(stride as u64) as i64;
        let keeps_bounded_whole = size == Dim::Bounded(limit) && start == 0 && stride == 1;
        dims.push(if keeps_bounded_whole { Dim::Bounded(length) } else { Dim::Static(length) });
    }
    Ok(vec![tensor(cx.ctx, dims, operand.element)])
}

/// Prints ` %x [start:limit(:stride)?, ...] : (type) -> type`.
fn print_slice(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = p.ctx();
    let operands = body.op(op).operands.clone();
    p.print(" ");
    p.print_operands(&operands);
    let lists: Vec<Option<&[i64]>> =
        ["start_indices", "limit_indices", "strides"].iter().map(|n| body.attr(op, n).and_then(|a| ctx.as_int_array(a))).collect();
    let elided: &[&str] = match lists[..] {
        [Some(starts), Some(limits), Some(strides)] if starts.len() == limits.len() && limits.len() == strides.len() => {
            let ranges: Vec<String> = (0..starts.len())
                .map(|d| match strides[d] {
                    1 => format!("{}:{}", starts[d], limits[d]),
                    stride => format!("{}:{}:{stride}", starts[d], limits[d]),
                })
                .collect();
            p.print(&format!(" [{}]", ranges.join(", ")));
            &["start_indices", "limit_indices", "strides"]
        }
        // Lists that do not line up have no bracketed form; they stay in the dictionary.
        _ => {
            p.print(" []");
            &[]
        }
    };
    print_trailing_types(p, op, elided);
}

fn parse_slice(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operand = p.parse_operand()?;
    let (mut starts, mut limits, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    p.expect(TokenKind::LSquare)?;
    if !p.accept(TokenKind::RSquare) {
        loop {
            starts.push(parse_i64(p)?);
            p.expect(TokenKind::Colon)?;
            limits.push(parse_i64(p)?);
            strides.push(if p.accept(TokenKind::Colon) { parse_i64(p)? } else { 1 });
            if p.accept(TokenKind::RSquare) {
                break;
            }
            p.expect(TokenKind::Comma)?;
        }
    }
    let ctx = p.ctx();
    // `[]` is the form of a rank-0 slice, and of lists that did not line up, which then
    // follow in the attribute dictionary.
    let mut dict = OpState::new(state.name, state.location);
    let dict_at = p.loc();
    parse_trailing_types(p, &mut dict, std::slice::from_ref(&operand))?;
    if !starts.is_empty() || dict.attr(ctx.symbol("start_indices")).is_none() {
        for (name, values) in [("start_indices", &starts), ("limit_indices", &limits), ("strides", &strides)] {
            if dict.attr(ctx.symbol(name)).is_some() {
                return Err(Diagnostic::error(dict_at, format!("attribute '{name}' is given twice")));
            }
            dict.set_attr(ctx.symbol(name), ctx.i64_array_attr(values));
        }
    }
    state.operands = dict.operands;
    state.result_types = dict.result_types;
    state.attributes.extend(dict.attributes);
    Ok(())
}

fn parse_i64(p: &mut OpParser) -> Result<i64, Diagnostic> {
    let at = p.loc();
    let value = p.parse_integer()?;
    i64::try_from(value).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, TensorType, TypeData};

    #[test]
    fn lengths_round_up_by_the_stride() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let dynamic = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Bounded(8), Dim::Bounded(8), Dim::Unknown],
            element: f32,
            layout: None,
        }));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 6], f32), dynamic]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let slice = SliceOp::build(&mut b, args[0], &[0, 1], &[2, 6], &[1, 2]).expect("valid");
        let empty = SliceOp::build(&mut b, args[0], &[4, 3], &[4, 6], &[1, 4]).expect("valid");
        let bounded = SliceOp::build(&mut b, args[1], &[0, 0, 3], &[8, 4, 5], &[1, 1, 1]).expect("valid");
        assert_eq!(body.value_type(slice.result(&body)), ctx.tensor_type(&[2, 3], f32));
        assert_eq!(body.value_type(empty.result(&body)), ctx.tensor_type(&[0, 1], f32));
        assert_eq!(ctx.type_to_string(body.value_type(bounded.result(&body))), "tensor<<=8x4x2xf32>");
        assert_eq!((slice.start_indices(&body), slice.limit_indices(&body), slice.strides(&body)), (&[0, 1][..], &[2, 6][..], &[1, 2][..]));
        assert!(verify(&body, slice).is_ok());
    }

    #[test]
    fn indices_must_be_in_order_and_in_range() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 6], ctx.f32_type())]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |s: &[i64], l: &[i64], st: &[i64]| SliceOp::build(&mut b, args[0], s, l, st).expect_err("invalid").message;
        let prefix = "'hlo.slice' op ";
        assert_eq!(error(&[0], &[1, 1], &[1, 1]), format!("{prefix}start_indices has 1 entries, but the operand has rank 2"));
        assert_eq!(error(&[0, 0], &[1], &[1, 1]), format!("{prefix}limit_indices has 1 entries, but the operand has rank 2"));
        assert_eq!(error(&[0, 0], &[1, 1], &[1]), format!("{prefix}strides has 1 entries, but the operand has rank 2"));
        assert_eq!(error(&[0, -1], &[1, 1], &[1, 1]), format!("{prefix}start_indices[1] = -1 must be non-negative"));
        assert_eq!(error(&[3, 0], &[2, 1], &[1, 1]), format!("{prefix}start_indices[0] = 3 exceeds limit_indices[0] = 2"));
        assert_eq!(error(&[0, 0], &[1, 7], &[1, 1]), format!("{prefix}limit_indices[1] = 7 exceeds the size 6 of operand dimension 1"));
        assert_eq!(error(&[0, 0], &[1, 1], &[0, 1]), format!("{prefix}strides[0] = 0 must be positive"));
    }
}
