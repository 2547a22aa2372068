//! Shape and data-movement opcodes: `constant`, `iota`, `broadcast`, `reshape`,
//! `transpose`, `reverse`, `slice`, `dynamic-slice`, `dynamic-update-slice`, `concatenate`,
//! `pad`, `gather`, `get-dimension-size`, `set-dimension-size`, `copy`, `bitcast`, `tuple`
//! and `get-tuple-element`.
//!
//! Decisions:
//! - `broadcast(x), dimensions={...}` is `hlo.broadcast_in_dim` (HLO's broadcast maps
//!   operand dimensions to result dimensions; `hlo.broadcast` only adds major ones).
//! - `copy` is `hlo.copy`, an identity on values that changes the layout. Layout
//!   assignment drops the copies it reads and decides the layouts anew.
//! - `bitcast` reinterprets a buffer under a new shape and layout. Without layouts in the
//!   types it becomes what it means logically: a transpose to the operand's physical
//!   (major-to-minor) order, a reshape to the result's physical dimensions, and a transpose
//!   back to the result's logical order, each left out when it is an identity.
//! - The old `dynamic-slice(x, indices)` form with one index vector is split into scalar
//!   indices with `hlo.slice` + `hlo.reshape`.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Dim, TypeData, ValueId};

use super::attrs::{read_padding_config, read_slice};
use super::cursor::PResult;
use super::emitter::Emitter;
use super::literal::{parse_literal, Literal};
use super::opcodes::Inst;
use super::shape::{default_layout, plain_type};
use super::values::HloValue;

/// `constant(literal)` → `hlo.constant` (a tuple literal gives a virtual tuple of them).
pub fn constant(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let shape = e.shape_of(inst)?;
    let mut c = e.cursor(inst.ast.raw_operands.unwrap_or((0, 0)));
    let literal = parse_literal(&mut c, e.ctx, shape)?;
    Ok(constant_value(e, inst, literal))
}

fn constant_value(e: &mut Emitter, inst: &Inst, literal: Literal) -> HloValue {
    match literal {
        Literal::Dense(dense) => {
            let ty = dense.ty;
            let value = e.ctx.dense_attr(dense);
            let op = e.op(HloOpKind::Constant.def(), Vec::new(), vec![ty], vec![("value", value)], Vec::new(), inst.loc);
            HloValue::Value(e.body.result(op, 0))
        }
        Literal::Elided(dense) => {
            let ty = dense.ty;
            let value = e.ctx.dense_attr(dense);
            let marker = e.ctx.unit_attr();
            let op = e.op(HloOpKind::Constant.def(), Vec::new(), vec![ty], vec![("value", value), ("xla.elided_literal", marker)], Vec::new(), inst.loc);
            HloValue::Value(e.body.result(op, 0))
        }
        Literal::Tuple(elements) => HloValue::Tuple(elements.into_iter().map(|l| constant_value(e, inst, l)).collect()),
    }
}

/// `iota(), iota_dimension=d` → `hlo.iota`.
pub fn iota(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.required_int(inst, "iota_dimension")?;
    let attrs = vec![("iota_dimension", e.ctx.i64_attr(dim))];
    e.emit_single(inst, HloOpKind::Iota, Vec::new(), attrs, Vec::new())
}

/// `broadcast(x), dimensions={...}` → `hlo.broadcast_in_dim` (no dimensions for a scalar).
pub fn broadcast(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operand = e.operand_value(inst, 0)?;
    let dims = match e.ints_attr(inst, "dimensions")? {
        Some(dims) => dims,
        None if rank(e, operand) == Some(0) => Vec::new(),
        None => {
            e.required(inst, "dimensions")?;
            Vec::new()
        }
    };
    let attrs = vec![("broadcast_dimensions", e.ctx.i64_array_attr(&dims))];
    e.emit_single(inst, HloOpKind::BroadcastInDim, vec![operand], attrs, Vec::new())
}

/// `reshape(x)` → `hlo.reshape`.
pub fn reshape(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operand = e.operand_value(inst, 0)?;
    e.emit_single(inst, HloOpKind::Reshape, vec![operand], Vec::new(), Vec::new())
}

/// `transpose(x), dimensions={...}` → `hlo.transpose`.
pub fn transpose(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let perm = e.required_ints(inst, "dimensions")?;
    let operand = e.operand_value(inst, 0)?;
    let attrs = vec![("permutation", e.ctx.i64_array_attr(&perm))];
    e.emit_single(inst, HloOpKind::Transpose, vec![operand], attrs, Vec::new())
}

/// `reverse(x), dimensions={...}` → `hlo.rev`.
pub fn reverse(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dims = e.required_ints(inst, "dimensions")?;
    let operand = e.operand_value(inst, 0)?;
    let attrs = vec![("dimensions", e.ctx.i64_array_attr(&dims))];
    e.emit_single(inst, HloOpKind::Rev, vec![operand], attrs, Vec::new())
}

/// `slice(x), slice={[a:b:s], ...}` → `hlo.slice`.
pub fn slice(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.required(inst, "slice")?;
    let (starts, limits, strides) = e.read_attr(inst, "slice", read_slice)?.unwrap_or_default();
    let operand = e.operand_value(inst, 0)?;
    let attrs = vec![
        ("start_indices", e.ctx.i64_array_attr(&starts)),
        ("limit_indices", e.ctx.i64_array_attr(&limits)),
        ("strides", e.ctx.i64_array_attr(&strides)),
    ];
    e.emit_single(inst, HloOpKind::Slice, vec![operand], attrs, Vec::new())
}

/// The rank of a tensor value.
fn rank(e: &Emitter, v: ValueId) -> Option<usize> {
    e.ctx.as_tensor(e.body.value_type(v)).map(|t| t.dims.len())
}

/// The start indices from operand `first` on: scalars as written, or the elements of one
/// index vector (the old form), each sliced out and reshaped to a scalar.
fn start_indices(e: &mut Emitter, inst: &Inst, first: usize) -> PResult<Vec<ValueId>> {
    let indices: Vec<ValueId> = (first..inst.operands.len()).map(|k| e.operand_value(inst, k)).collect::<PResult<_>>()?;
    let &[vector] = indices.as_slice() else { return Ok(indices) };
    let ty = e.body.value_type(vector);
    let Some(tensor) = e.ctx.as_tensor(ty).cloned() else { return Ok(indices) };
    let [Dim::Static(n)] = tensor.dims[..] else { return Ok(indices) };
    // One index per operand dimension; any other length is left for the verifier to report.
    let rank = e.operand_value(inst, 0).ok().and_then(|v| rank(e, v));
    if rank != Some(n as usize) {
        return Ok(indices);
    }
    let scalar = e.ctx.tensor_type(&[], tensor.element);
    let piece = e.ctx.tensor_type(&[1], tensor.element);
    let mut scalars = Vec::new();
    for i in 0..n {
        let attrs = vec![
            ("start_indices", e.ctx.i64_array_attr(&[i])),
            ("limit_indices", e.ctx.i64_array_attr(&[i + 1])),
            ("strides", e.ctx.i64_array_attr(&[1])),
        ];
        let sliced = e.op(HloOpKind::Slice.def(), vec![vector], vec![piece], attrs, Vec::new(), inst.loc);
        let sliced = e.body.result(sliced, 0);
        let reshaped = e.op(HloOpKind::Reshape.def(), vec![sliced], vec![scalar], Vec::new(), Vec::new(), inst.loc);
        scalars.push(e.body.result(reshaped, 0));
    }
    Ok(scalars)
}

/// `dynamic-slice(x, i, j), dynamic_slice_sizes={...}` → `hlo.dynamic_slice`.
pub fn dynamic_slice(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let sizes = e.required_ints(inst, "dynamic_slice_sizes")?;
    let mut operands = vec![e.operand_value(inst, 0)?];
    operands.extend(start_indices(e, inst, 1)?);
    let attrs = vec![("slice_sizes", e.ctx.i64_array_attr(&sizes))];
    e.emit_single(inst, HloOpKind::DynamicSlice, operands, attrs, Vec::new())
}

/// `dynamic-update-slice(x, update, i, j)` → `hlo.dynamic_update_slice`.
pub fn dynamic_update_slice(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut operands = vec![e.operand_value(inst, 0)?, e.operand_value(inst, 1)?];
    operands.extend(start_indices(e, inst, 2)?);
    e.emit_single(inst, HloOpKind::DynamicUpdateSlice, operands, Vec::new(), Vec::new())
}

/// `concatenate(a, b), dimensions={d}` → `hlo.concatenate`.
pub fn concatenate(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let operands = e.operand_values(inst)?;
    let attrs = vec![("dimension", e.ctx.i64_attr(dim))];
    e.emit_single(inst, HloOpKind::Concatenate, operands, attrs, Vec::new())
}

/// `pad(x, v), padding=lo_hi_interior x ...` → `hlo.pad`.
pub fn pad(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.required(inst, "padding")?;
    let padding = e.read_attr(inst, "padding", read_padding_config)?.unwrap_or_default();
    let low: Vec<i64> = padding.iter().map(|p| p[0]).collect();
    let high: Vec<i64> = padding.iter().map(|p| p[1]).collect();
    let interior: Vec<i64> = padding.iter().map(|p| p[2]).collect();
    let operands = e.operand_values(inst)?;
    let attrs = vec![
        ("edge_padding_low", e.ctx.i64_array_attr(&low)),
        ("edge_padding_high", e.ctx.i64_array_attr(&high)),
        ("interior_padding", e.ctx.i64_array_attr(&interior)),
    ];
    e.emit_single(inst, HloOpKind::Pad, operands, attrs, Vec::new())
}

/// `gather(x, indices), offset_dims=..., ...` → `hlo.gather`.
pub fn gather(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut attrs = Vec::new();
    for name in ["offset_dims", "collapsed_slice_dims", "start_index_map", "slice_sizes"] {
        let values = e.required_ints(inst, name)?;
        attrs.push((name, e.ctx.i64_array_attr(&values)));
    }
    for name in ["operand_batching_dims", "start_indices_batching_dims"] {
        let values = e.ints_attr(inst, name)?.unwrap_or_default();
        attrs.push((name, e.ctx.i64_array_attr(&values)));
    }
    let index_vector_dim = e.required_int(inst, "index_vector_dim")?;
    attrs.push(("index_vector_dim", e.ctx.i64_attr(index_vector_dim)));
    if let Some(sorted) = e.bool_attr(inst, "indices_are_sorted")? {
        attrs.push(("indices_are_sorted", e.ctx.bool_attr(sorted)));
    }
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::Gather, operands, attrs, Vec::new())
}

/// `get-dimension-size(x), dimensions={d}` → `hlo.get_dimension_size`.
pub fn get_dimension_size(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let operands = e.operand_values(inst)?;
    let attrs = vec![("dimension", e.ctx.i64_attr(dim))];
    e.emit_single(inst, HloOpKind::GetDimensionSize, operands, attrs, Vec::new())
}

/// `set-dimension-size(x, size), dimensions={d}` → `hlo.set_dimension_size`.
pub fn set_dimension_size(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let operands = e.operand_values(inst)?;
    let attrs = vec![("dimension", e.ctx.i64_attr(dim))];
    e.emit_single(inst, HloOpKind::SetDimensionSize, operands, attrs, Vec::new())
}

/// `copy(x)` → `hlo.copy` (see the module documentation).
pub fn copy(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operand = e.operand_value(inst, 0)?;
    let ty = match e.declared_type(inst) {
        Some(ty) => ty,
        None => without_layout(e, e.body.value_type(operand)),
    };
    if e.ctx.as_tensor(ty).is_none() {
        // Copying a tuple or a token changes nothing a value can show.
        return Ok(inst.operands[0].clone());
    }
    let op = e.op(HloOpKind::Copy.def(), vec![operand], vec![ty], Vec::new(), Vec::new(), inst.loc);
    Ok(HloValue::Value(e.body.result(op, 0)))
}

/// `ty` without its layout.
fn without_layout(e: &Emitter, ty: xla_ir::Type) -> xla_ir::Type {
    match e.ctx.as_tensor(ty) {
        Some(t) if t.layout.is_some() => {
            let mut t = t.clone();
            t.layout = None;
            e.ctx.ty(TypeData::Tensor(t))
        }
        _ => ty,
    }
}

/// The static sizes and the minor-to-major layout a bitcast operand or result has: the
/// layout of its IR type (the entry's parameters), else the one written on its shape,
/// else row-major.
fn physical(e: &Emitter, ty: xla_ir::Type, written: Option<&[i64]>, at: usize) -> PResult<(Vec<i64>, Vec<i64>, xla_ir::Type)> {
    let tensor = e.ctx.as_tensor(ty).ok_or_else(|| e.error(at, "'bitcast' needs array shapes"))?;
    let sizes = tensor.static_shape().ok_or_else(|| e.error(at, "'bitcast' needs static shapes"))?;
    let layout = match (&tensor.layout, written) {
        (Some(layout), _) => layout.minor_to_major.clone(),
        (None, Some(written)) => written.to_vec(),
        (None, None) => default_layout(sizes.len()),
    };
    let mut sorted = layout.clone();
    sorted.sort();
    if sorted != (0..sizes.len() as i64).collect::<Vec<_>>() {
        return Err(e.error(at, format!("layout {layout:?} is not a permutation of the {} dimensions", sizes.len())));
    }
    Ok((sizes, layout, tensor.element))
}

/// `bitcast(x)` → transpose, reshape, transpose (see the module documentation).
pub fn bitcast(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let shape = e.shape_of(inst)?;
    let operand = e.operand_value(inst, 0)?;
    let (in_sizes, in_layout, in_element) =
        physical(e, e.body.value_type(operand), inst.operand_layouts.first().cloned().flatten().as_deref(), inst.ast.offset)?;
    let result_type = plain_type(e.ctx, shape);
    let (out_sizes, out_layout, out_element) = physical(e, result_type, shape.layout(), shape.offset)?;
    let count = |s: &[i64]| s.iter().try_fold(1i64, |a, b| a.checked_mul(*b));
    if count(&in_sizes) != count(&out_sizes) {
        return Err(e.error(inst.ast.offset, "'bitcast' changes the number of elements; only a layout-preserving reinterpretation is supported"));
    }
    let mut value = operand;
    // To the operand's physical order: dimensions from major to minor.
    let in_order: Vec<i64> = in_layout.iter().rev().copied().collect();
    value = transpose_to(e, inst, value, &in_sizes, &in_order, in_element);
    // Reshape to the result's physical dimensions.
    let out_order: Vec<i64> = out_layout.iter().rev().copied().collect();
    let out_physical: Vec<i64> = out_order.iter().map(|d| out_sizes[*d as usize]).collect();
    let current = e.body.value_type(value);
    let target = e.ctx.tensor_type(&out_physical, in_element);
    if current != target {
        let op = e.op(HloOpKind::Reshape.def(), vec![value], vec![target], Vec::new(), Vec::new(), inst.loc);
        value = e.body.result(op, 0);
    }
    // Back to the result's logical order.
    let mut inverse = vec![0i64; out_order.len()];
    for (k, d) in out_order.iter().enumerate() {
        inverse[*d as usize] = k as i64;
    }
    value = transpose_to(e, inst, value, &out_physical, &inverse, in_element);
    if out_element != in_element {
        let ty = e.ctx.tensor_type(&out_sizes, out_element);
        let op = e.op(HloOpKind::BitcastConvertType.def(), vec![value], vec![ty], Vec::new(), Vec::new(), inst.loc);
        value = e.body.result(op, 0);
    }
    Ok(HloValue::Value(value))
}

/// `hlo.transpose` of `value` (of dimensions `sizes`) by `perm`, unless it is the identity.
fn transpose_to(e: &mut Emitter, inst: &Inst, value: ValueId, sizes: &[i64], perm: &[i64], element: xla_ir::Type) -> ValueId {
    if perm.iter().enumerate().all(|(i, p)| *p == i as i64) {
        return value;
    }
    let result: Vec<i64> = perm.iter().map(|p| sizes[*p as usize]).collect();
    let ty = e.ctx.tensor_type(&result, element);
    let attrs = vec![("permutation", e.ctx.i64_array_attr(perm))];
    let op = e.op(HloOpKind::Transpose.def(), vec![value], vec![ty], attrs, Vec::new(), inst.loc);
    e.body.result(op, 0)
}

/// `tuple(a, b)` → a virtual tuple (no op until one is needed).
pub fn tuple(_e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    Ok(HloValue::Tuple(inst.operands.clone()))
}

/// `get-tuple-element(t), index=i` → element `i`.
pub fn get_tuple_element(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let index = e.required_int(inst, "index")?;
    e.element(&inst.operands[0], index, inst.loc)
}
