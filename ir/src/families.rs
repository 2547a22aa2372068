//! Shape functions shared by families of operations.
//!
//! An `#[op(family = ...)]` declaration takes its shape function from here, so the ~40
//! elementwise operations share one implementation of their typing rule. Each function has
//! the [`InferFn`](crate::op_def::InferFn) signature and follows TensorFlow's
//! `InferenceContext` model: unknown dimensions merge with known ones ([`crate::shape`]), and
//! an error names the operand and the dimension that disagree.
//!
//! Invariant: the functions never panic, whatever the operand types; every failure is an
//! `Err` message that the builder or verifier prefixes with the operation's name.

use crate::op_def::InferContext;
use crate::shape::merge_dim;
use crate::{Dim, TensorType, Type, TypeData};

/// The shape function of elementwise operations: every operand is a tensor of one element
/// type, their shapes merge, and the single result has the merged type.
///
/// The result keeps the operands' layout when they all have the same one.
pub fn infer_same_as_operands(cx: &InferContext) -> Result<Vec<Type>, String> {
    let Some((first, rest)) = cx.operand_types.split_first() else {
        return Err("needs at least one operand to infer its result type".into());
    };
    let mut merged: TensorType = cx.tensor(0)?.clone();
    for (offset, ty) in rest.iter().enumerate() {
        let i = offset + 1;
        let tensor = cx.tensor(i)?;
        if tensor.element != merged.element {
            return Err(format!(
                "operand #{i} has element type {}, but operand #0 has {}",
                cx.ctx.type_to_string(tensor.element),
                cx.ctx.type_to_string(merged.element)
            ));
        }
        if tensor.dims.len() != merged.dims.len() {
            return Err(format!(
                "operand #{i} has rank {} ({}), but operand #0 has rank {} ({})",
                tensor.dims.len(),
                cx.ctx.type_to_string(*ty),
                merged.dims.len(),
                cx.ctx.type_to_string(*first)
            ));
        }
        for (d, (a, b)) in merged.dims.iter_mut().zip(&tensor.dims).enumerate() {
            *a = merge_dim(*a, *b).ok_or_else(|| {
                format!(
                    "operand #{i} ({}) disagrees with operand #0 ({}) in dimension {d}",
                    cx.ctx.type_to_string(*ty),
                    cx.ctx.type_to_string(*first)
                )
            })?;
        }
        if tensor.layout != merged.layout {
            merged.layout = None;
        }
    }
    Ok(vec![cx.ctx.ty(TypeData::Tensor(merged))])
}

/// The shape of XLA's implicit broadcasting of a binary operation (XLA's "Broadcasting"
/// semantics):
/// - operands of equal rank broadcast dimension by dimension: sizes must be equal, or one of
///   them 1 (a degenerate dimension), and the result takes the other;
/// - a scalar broadcasts to any shape;
/// - otherwise `broadcast_dimensions` maps each dimension of the lower-rank operand, in
///   increasing order, to a dimension of the higher-rank one, and the mapped pairs broadcast
///   as above.
///
/// Unknown dimensions merge with known ones; an unknown dimension against a 1 stays unknown.
pub fn broadcast_shapes(lhs: &TensorType, rhs: &TensorType, broadcast_dimensions: Option<&[i64]>) -> Result<Vec<Dim>, String> {
    let (low, high, low_name, high_name) =
        if lhs.dims.len() <= rhs.dims.len() { (lhs, rhs, "lhs", "rhs") } else { (rhs, lhs, "rhs", "lhs") };
    let (low_rank, high_rank) = (low.dims.len(), high.dims.len());
    let mapping: Vec<usize> = match broadcast_dimensions {
        Some(map) => {
            if map.len() != low_rank {
                return Err(format!(
                    "broadcast_dimensions has {} entries, but the lower-rank operand ({low_name}) has rank {low_rank}",
                    map.len()
                ));
            }
            let mut previous = None;
            let mut mapping = Vec::with_capacity(map.len());
            for (k, &d) in map.iter().enumerate() {
                if d < 0 || d as usize >= high_rank {
                    return Err(format!("broadcast_dimensions[{k}] = {d} is out of range for rank {high_rank}"));
                }
                if previous.is_some_and(|p| p >= d) {
                    return Err(format!("broadcast_dimensions must be strictly increasing, found {d} after {}", previous.unwrap_or(d)));
                }
                previous = Some(d);
                mapping.push(d as usize);
            }
            mapping
        }
        None if low_rank == high_rank => (0..low_rank).collect(),
        None if low_rank == 0 => Vec::new(),
        None => {
            return Err(format!(
                "operands of rank {} (lhs) and {} (rhs) need broadcast_dimensions to broadcast",
                lhs.dims.len(),
                rhs.dims.len()
            ))
        }
    };
    let mut dims = high.dims.clone();
    for (k, &d) in mapping.iter().enumerate() {
        dims[d] = broadcast_dim(low.dims[k], high.dims[d]).ok_or_else(|| {
            format!(
                "{low_name} dimension {k} ({}) and {high_name} dimension {d} ({}) cannot broadcast",
                dim_text(low.dims[k]),
                dim_text(high.dims[d])
            )
        })?;
    }
    Ok(dims)
}

/// One broadcast dimension pair: equal sizes, or a 1 against anything.
fn broadcast_dim(a: Dim, b: Dim) -> Option<Dim> {
    match (a, b) {
        (Dim::Static(1), other) | (other, Dim::Static(1)) => Some(other),
        _ => merge_dim(a, b),
    }
}

fn dim_text(d: Dim) -> String {
    match d {
        Dim::Static(n) => n.to_string(),
        Dim::Unknown => "?".to_string(),
        Dim::Bounded(n) => format!("<={n}"),
    }
}

/// The operands of a broadcasting binary op and their common element type.
fn broadcast_operands<'a>(cx: &'a InferContext) -> Result<(Vec<Dim>, &'a TensorType), String> {
    if cx.operand_types.len() != 2 {
        return Err(format!("expects 2 operands, found {}", cx.operand_types.len()));
    }
    let (lhs, rhs) = (cx.tensor(0)?, cx.tensor(1)?);
    if lhs.element != rhs.element {
        return Err(format!(
            "operand #1 has element type {}, but operand #0 has {}",
            cx.ctx.type_to_string(rhs.element),
            cx.ctx.type_to_string(lhs.element)
        ));
    }
    let map = match cx.attr("broadcast_dimensions") {
        Some(a) => Some(cx.ctx.as_int_array(a).ok_or("attribute 'broadcast_dimensions' must be an array<i64>")?),
        None => None,
    };
    Ok((broadcast_shapes(lhs, rhs, map)?, lhs))
}

/// The shape function of binary elementwise operations with XLA's implicit broadcasting
/// ([`broadcast_shapes`]): the result has the operands' element type and the broadcast shape.
/// Operands of equal type give exactly that type (layout included).
pub fn infer_broadcasting_binary(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (dims, lhs) = broadcast_operands(cx)?;
    if cx.operand_types[0] == cx.operand_types[1] {
        return Ok(vec![cx.operand_types[0]]);
    }
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: lhs.element, layout: None }))])
}

/// The shape function of comparisons: broadcasting as [`infer_broadcasting_binary`], with
/// `i1` (XLA's `pred`) elements.
pub fn infer_broadcasting_compare(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (dims, _) = broadcast_operands(cx)?;
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: cx.ctx.int_type(1), layout: None }))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Context, Dim, NamedAttribute};

    fn infer(ctx: &Context, operand_types: &[Type]) -> Result<Vec<Type>, String> {
        let attributes: [NamedAttribute; 0] = [];
        infer_same_as_operands(&InferContext { ctx, operand_types, attributes: &attributes })
    }

    fn tensor(ctx: &Context, dims: Vec<Dim>, element: Type) -> Type {
        ctx.ty(TypeData::Tensor(TensorType { dims, element, layout: None }))
    }

    #[test]
    fn equal_operands_give_their_type() {
        let ctx = Context::new();
        let t = ctx.tensor_type(&[2, 3], ctx.f32_type());
        assert_eq!(infer(&ctx, &[t, t]), Ok(vec![t]));
        assert_eq!(infer(&ctx, &[t]), Ok(vec![t]));
    }

    #[test]
    fn unknown_dimensions_merge_with_known_ones() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let a = tensor(&ctx, vec![Dim::Static(2), Dim::Unknown], f32);
        let b = tensor(&ctx, vec![Dim::Unknown, Dim::Static(3)], f32);
        assert_eq!(infer(&ctx, &[a, b]), Ok(vec![ctx.tensor_type(&[2, 3], f32)]));
        let bounded = tensor(&ctx, vec![Dim::Bounded(8), Dim::Unknown], f32);
        assert_eq!(infer(&ctx, &[bounded, bounded]), Ok(vec![bounded]));
    }

    #[test]
    fn disagreements_name_the_operand_and_dimension() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let a = ctx.tensor_type(&[2, 3], f32);
        let b = ctx.tensor_type(&[2, 4], f32);
        assert_eq!(
            infer(&ctx, &[a, b]),
            Err("operand #1 (tensor<2x4xf32>) disagrees with operand #0 (tensor<2x3xf32>) in dimension 1".into())
        );
        let c = ctx.tensor_type(&[2, 3], ctx.int_type(32));
        assert_eq!(infer(&ctx, &[a, c]), Err("operand #1 has element type i32, but operand #0 has f32".into()));
        let d = ctx.tensor_type(&[2], f32);
        assert_eq!(
            infer(&ctx, &[a, d]),
            Err("operand #1 has rank 1 (tensor<2xf32>), but operand #0 has rank 2 (tensor<2x3xf32>)".into())
        );
        assert_eq!(infer(&ctx, &[a, f32]), Err("operand #1 must be a tensor, found f32".into()));
        assert_eq!(infer(&ctx, &[]), Err("needs at least one operand to infer its result type".into()));
    }

    #[test]
    fn differing_layouts_are_dropped() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let row_major = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Static(3)],
            element: f32,
            layout: Some(crate::Layout::row_major(2)),
        }));
        let plain = ctx.tensor_type(&[2, 3], f32);
        assert_eq!(infer(&ctx, &[row_major, row_major]), Ok(vec![row_major]));
        assert_eq!(infer(&ctx, &[row_major, plain]), Ok(vec![plain]));
    }
}
