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
use crate::{TensorType, Type, TypeData};

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
