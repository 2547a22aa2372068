//! Opcodes that apply a computation: `reduce`, `reduce-window`, `select-and-scatter`,
//! `scatter`, `sort`, `map`, and `topk`.
//!
//! The computation (`to_apply`, `select`, `scatter`) is copied into the op's region; a
//! variadic op's tuple result becomes one result per element.
//!
//! Decision: `topk(x), k=K, largest=true` has no hlo op; it becomes what XLA's own expander
//! makes of it: a stable `hlo.sort` of `x` with an `hlo.iota` of indices along the last
//! dimension, ordered by `GT` (`LT` when `largest=false`), then `hlo.slice` of the first `K`.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Type, ValueId};

use super::attrs::{read_window, Window};
use super::cursor::PResult;
use super::emitter::Emitter;
use super::opcodes::Inst;
use super::values::HloValue;

/// `reduce(inputs..., inits...), dimensions={...}, to_apply=f` → `hlo.reduce`.
pub fn reduce(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dims = e.required_ints(inst, "dimensions")?;
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    let attrs = vec![("dimensions", e.ctx.i64_array_attr(&dims))];
    e.emit_multi(inst, HloOpKind::Reduce, operands, attrs, vec![region])
}

/// The window attribute, or the empty window XLA defaults to.
fn window(e: &Emitter, inst: &Inst) -> PResult<Window> {
    Ok(e.read_attr(inst, "window", read_window)?.unwrap_or_default())
}

/// `[[lo, hi], ...]`.
fn padding_attr(e: &Emitter, pad: &[[i64; 2]]) -> xla_ir::Attribute {
    e.ctx.array_attr(pad.iter().map(|p| e.ctx.i64_array_attr(p)).collect())
}

/// `reduce-window(inputs..., inits...), window={...}, to_apply=f` → `hlo.reduce_window`.
pub fn reduce_window(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let w = window(e, inst)?;
    if w.rhs_reversal.iter().any(|r| *r != 0) {
        return Err(e.attr_error(inst, "window", "'reduce-window' cannot reverse its window".to_string()));
    }
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    let mut attrs = vec![("window_dimensions", e.ctx.i64_array_attr(&w.size))];
    if !w.stride.is_empty() {
        attrs.push(("window_strides", e.ctx.i64_array_attr(&w.stride)));
    }
    if !w.lhs_dilate.is_empty() {
        attrs.push(("base_dilations", e.ctx.i64_array_attr(&w.lhs_dilate)));
    }
    if !w.rhs_dilate.is_empty() {
        attrs.push(("window_dilations", e.ctx.i64_array_attr(&w.rhs_dilate)));
    }
    if !w.pad.is_empty() {
        attrs.push(("padding", padding_attr(e, &w.pad)));
    }
    e.emit_multi(inst, HloOpKind::ReduceWindow, operands, attrs, vec![region])
}

/// `select-and-scatter(x, source, init), window={...}, select=f, scatter=g` →
/// `hlo.select_and_scatter`.
pub fn select_and_scatter(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let w = window(e, inst)?;
    let dilated = w.lhs_dilate.iter().chain(&w.rhs_dilate).any(|d| *d != 1) || w.rhs_reversal.iter().any(|r| *r != 0);
    if dilated {
        return Err(e.attr_error(inst, "window", "'select-and-scatter' supports no window dilation or reversal".to_string()));
    }
    let operands = e.operand_values(inst)?;
    let select = e.region_attr(inst, "select", false)?;
    let scatter = e.region_attr(inst, "scatter", false)?;
    let mut attrs = vec![("window_dimensions", e.ctx.i64_array_attr(&w.size))];
    if !w.stride.is_empty() {
        attrs.push(("window_strides", e.ctx.i64_array_attr(&w.stride)));
    }
    if !w.pad.is_empty() {
        attrs.push(("padding", padding_attr(e, &w.pad)));
    }
    e.emit_single(inst, HloOpKind::SelectAndScatter, operands, attrs, vec![select, scatter])
}

/// `scatter(inputs..., indices, updates...), ...` → `hlo.scatter`.
pub fn scatter(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut attrs = Vec::new();
    for name in ["update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims"] {
        let values = e.required_ints(inst, name)?;
        attrs.push((name, e.ctx.i64_array_attr(&values)));
    }
    for name in ["input_batching_dims", "scatter_indices_batching_dims"] {
        let values = e.ints_attr(inst, name)?.unwrap_or_default();
        attrs.push((name, e.ctx.i64_array_attr(&values)));
    }
    let index_vector_dim = e.required_int(inst, "index_vector_dim")?;
    attrs.push(("index_vector_dim", e.ctx.i64_attr(index_vector_dim)));
    for name in ["indices_are_sorted", "unique_indices"] {
        if let Some(flag) = e.bool_attr(inst, name)? {
            attrs.push((name, e.ctx.bool_attr(flag)));
        }
    }
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    e.emit_multi(inst, HloOpKind::Scatter, operands, attrs, vec![region])
}

/// `sort(keys, values...), dimensions={d}, is_stable=true, to_apply=f` → `hlo.sort`.
pub fn sort(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let dim = e.single_dimension(inst, "dimensions")?;
    let mut attrs = vec![("dimension", e.ctx.i64_attr(dim))];
    if let Some(stable) = e.bool_attr(inst, "is_stable")? {
        attrs.push(("is_stable", e.ctx.bool_attr(stable)));
    }
    let operands = e.operand_values(inst)?;
    let region = e.region_attr(inst, "to_apply", false)?;
    e.emit_multi(inst, HloOpKind::Sort, operands, attrs, vec![region])
}

/// `map(a, b), dimensions={...}, to_apply=f` → `hlo.map` (over every dimension).
pub fn map(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operands = e.operand_values(inst)?;
    let dims = match e.ints_attr(inst, "dimensions")? {
        Some(dims) => dims,
        None => {
            let rank = e.ctx.as_tensor(e.body.value_type(operands[0])).map_or(0, |t| t.dims.len());
            (0..rank as i64).collect()
        }
    };
    let region = e.region_attr(inst, "to_apply", false)?;
    let attrs = vec![("dimensions", e.ctx.i64_array_attr(&dims))];
    e.emit_single(inst, HloOpKind::Map, operands, attrs, vec![region])
}

/// `topk(x), k=K, largest=true` → sort with indices, then slice (see the module docs).
pub fn topk(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let k = e.required_int(inst, "k")?;
    let largest = e.bool_attr(inst, "largest")?.unwrap_or(true);
    let x = e.operand_value(inst, 0)?;
    let x_type = e.body.value_type(x);
    let tensor = e.ctx.as_tensor(x_type).cloned().ok_or_else(|| e.error(inst.ast.operands_offset, "'topk' needs an array operand"))?;
    let Some(sizes) = tensor.static_shape().filter(|s| !s.is_empty()) else {
        return Err(e.error(inst.ast.operands_offset, "'topk' needs an operand of static shape and rank at least 1"));
    };
    let last = sizes.len() - 1;
    if k < 0 || k > sizes[last] {
        return Err(e.attr_error(inst, "k", format!("k = {k} is not in [0, {}]", sizes[last])));
    }
    let element = tensor.element;
    let x = if tensor.layout.is_some() { e.coerce(x, e.ctx.tensor_type(&sizes, element), inst.loc, "the operand")? } else { x };
    let i32_type = e.ctx.int_type(32);
    let indices_type = e.ctx.tensor_type(&sizes, i32_type);
    let iota = e.op(HloOpKind::Iota.def(), Vec::new(), vec![indices_type], vec![("iota_dimension", e.ctx.i64_attr(last as i64))], Vec::new(), inst.loc);
    let iota = e.body.result(iota, 0);
    let comparator = comparator(e, inst, element, i32_type, if largest { "GT" } else { "LT" });
    let x_plain = e.body.value_type(x);
    let attrs = vec![("dimension", e.ctx.i64_attr(last as i64)), ("is_stable", e.ctx.bool_attr(true))];
    let sorted = e.op(HloOpKind::Sort.def(), vec![x, iota], vec![x_plain, indices_type], attrs, vec![comparator], inst.loc);
    let sorted: Vec<ValueId> = e.body.op(sorted).results.clone();
    let mut limits = sizes.clone();
    limits[last] = k;
    let zeros = vec![0i64; sizes.len()];
    let ones = vec![1i64; sizes.len()];
    let mut outputs = Vec::new();
    for (value, el) in sorted.into_iter().zip([element, i32_type]) {
        let ty: Type = e.ctx.tensor_type(&limits, el);
        let attrs = vec![
            ("start_indices", e.ctx.i64_array_attr(&zeros)),
            ("limit_indices", e.ctx.i64_array_attr(&limits)),
            ("strides", e.ctx.i64_array_attr(&ones)),
        ];
        let op = e.op(HloOpKind::Slice.def(), vec![value], vec![ty], attrs, Vec::new(), inst.loc);
        outputs.push(HloValue::Value(e.body.result(op, 0)));
    }
    Ok(HloValue::Tuple(outputs))
}

/// The comparator region of `topk`'s sort: `direction` on the values, indices ignored.
fn comparator(e: &mut Emitter, inst: &Inst, element: Type, index: Type, direction: &str) -> xla_ir::RegionId {
    let region = e.body.create_region();
    let block = e.body.append_block(region);
    let scalar = e.ctx.tensor_type(&[], element);
    let scalar_index = e.ctx.tensor_type(&[], index);
    let lhs = e.body.add_block_arg(block, scalar);
    let rhs = e.body.add_block_arg(block, scalar);
    e.body.add_block_arg(block, scalar_index);
    e.body.add_block_arg(block, scalar_index);
    let saved = std::mem::replace(&mut e.block, block);
    let pred = e.ctx.tensor_type(&[], e.ctx.int_type(1));
    let attrs = vec![("comparison_direction", e.ctx.string_attr(direction))];
    let compare = e.op(HloOpKind::Compare.def(), vec![lhs, rhs], vec![pred], attrs, Vec::new(), inst.loc);
    let result = e.body.result(compare, 0);
    e.op(HloOpKind::Return.def(), vec![result], Vec::new(), Vec::new(), Vec::new(), inst.loc);
    e.block = saved;
    region
}
