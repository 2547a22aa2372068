//! Expansion of `chlo.top_k`: a stable descending sort of the operand along its last
//! dimension, carrying an iota of indices, then the first `k` of both.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, InsertPoint, OpState, Signedness, TensorType, Type, TypeData, ValueId};

use super::emit::Emitter;

/// `top_k(x, k) = (slice(v), slice(i))` where `(v, i) = sort(x, iota)` along the last
/// dimension, stable, by `a > b` (floats in total order, so NaN sorts first), and each slice
/// keeps the first `k` entries of that dimension. Equal values keep the lower index first.
pub(crate) fn top_k(em: &mut Emitter, x: ValueId, expected: &[Type]) -> Result<Vec<ValueId>, Diagnostic> {
    let ctx = em.ctx();
    let k = em
        .b
        .body
        .attr(em.op, "k")
        .and_then(|a| super::super::attr_text::int_attr(ctx, a))
        .ok_or_else(|| em.error("requires integer attribute 'k'"))?;
    let t = em.tensor(x)?;
    let shape = t.static_shape().ok_or_else(|| em.error("can be expanded only for static shapes"))?;
    let (&last, _) = shape.split_last().ok_or_else(|| em.error("needs an operand of rank 1 or more"))?;
    if k < 0 || k > last {
        return Err(em.error(format!("k = {k} must be in [0, {last}], the size of the last dimension")));
    }
    let &[_, indices_type] = expected else {
        return Err(em.error("has two results, the values and the indices"));
    };
    let index_element = ctx.as_tensor(indices_type).map(|t| t.element).ok_or_else(|| em.error("needs tensor results"))?;
    let dim = shape.len() as i64 - 1;
    let iota_type = em.with_element(em.ty(x), index_element);
    let iota = em.one(HloOpKind::Iota, &[], &[("iota_dimension", ctx.i64_attr(dim))], Some(iota_type))?;
    // The comparator: (a, b, i, j) -> a > b.
    let compare_type = match ctx.type_data(t.element) {
        TypeData::Float(_) => "TOTALORDER",
        TypeData::Integer { signedness: Signedness::Unsigned, .. } | TypeData::Integer { width: 1, .. } => "UNSIGNED",
        _ => "SIGNED",
    };
    let location = em.b.location;
    let scalar = |element| ctx.ty(TypeData::Tensor(TensorType { dims: Vec::new(), element, layout: None }));
    let body = &mut *em.b.body;
    let region = body.create_region();
    let block = body.append_block(region);
    let a = body.add_block_arg(block, scalar(t.element));
    let b = body.add_block_arg(block, scalar(t.element));
    body.add_block_arg(block, scalar(index_element));
    body.add_block_arg(block, scalar(index_element));
    let mut gt = OpState::new(ctx.symbol(HloOpKind::Compare.name()), location);
    gt.operands = vec![a, b];
    gt.result_types = vec![scalar(ctx.int_type(1))];
    gt.set_attr(ctx.symbol("comparison_direction"), ctx.string_attr("GT"));
    gt.set_attr(ctx.symbol("compare_type"), ctx.string_attr(compare_type));
    let gt = body.create_op(gt);
    body.insert_op(gt, InsertPoint::BlockEnd(block));
    let mut ret = OpState::new(ctx.symbol(HloOpKind::Return.name()), location);
    ret.operands = vec![body.result(gt, 0)];
    let ret = body.create_op(ret);
    body.insert_op(ret, InsertPoint::BlockEnd(block));
    let mut sort = em.b.state(HloOpKind::Sort.name());
    sort.operands = vec![x, iota];
    sort.regions = vec![region];
    sort.set_attr(ctx.symbol("dimension"), ctx.i64_attr(dim));
    sort.set_attr(ctx.symbol("is_stable"), ctx.bool_attr(true));
    let sort = em.b.create_inferred(HloOpKind::Sort.def(), sort)?;
    let sorted = em.b.body.op(sort).results.clone();
    let start = vec![0i64; shape.len()];
    let mut limit = shape.clone();
    limit[shape.len() - 1] = k;
    let strides = vec![1i64; shape.len()];
    let attrs = [
        ("start_indices", ctx.i64_array_attr(&start)),
        ("limit_indices", ctx.i64_array_attr(&limit)),
        ("strides", ctx.i64_array_attr(&strides)),
    ];
    let values = em.one(HloOpKind::Slice, &[sorted[0]], &attrs, None)?;
    let indices = em.one(HloOpKind::Slice, &[sorted[1]], &attrs, None)?;
    Ok(vec![values, indices])
}
