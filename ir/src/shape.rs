//! Shape relations from TensorFlow's shape inference model, over tensor types.
//!
//! `merge` combines two descriptions of the same shape into the most precise one that both
//! allow (`[2,?]` merge `[?,2]` = `[2,2]`) and fails when they disagree; `relax` gives the
//! most precise shape that admits both (`[2,2]` relax `[3,2]` = `[?,2]`). Two types are
//! compatible when they merge. A bounded dimension `<=N` admits any size up to `N`. On types,
//! `merge_types` also merges an unranked tensor with any tensor of its element type, and
//! `relax_types` relaxes tensors of different ranks to an unranked one.

use crate::{Context, Dim, TensorType, Type, TypeData};

/// The most precise dimension both `a` and `b` allow, or `None` when they disagree.
pub fn merge_dim(a: Dim, b: Dim) -> Option<Dim> {
    match (a, b) {
        (Dim::Unknown, d) | (d, Dim::Unknown) => Some(d),
        (Dim::Static(x), Dim::Static(y)) => (x == y).then_some(a),
        (Dim::Static(x), Dim::Bounded(n)) | (Dim::Bounded(n), Dim::Static(x)) => (x <= n).then_some(Dim::Static(x)),
        (Dim::Bounded(x), Dim::Bounded(y)) => Some(Dim::Bounded(x.min(y))),
    }
}

/// The most precise dimension that admits both `a` and `b`.
pub fn relax_dim(a: Dim, b: Dim) -> Dim {
    match (a, b) {
        _ if a == b => a,
        (Dim::Bounded(x) | Dim::Static(x), Dim::Bounded(y)) | (Dim::Bounded(x), Dim::Static(y)) => Dim::Bounded(x.max(y)),
        _ => Dim::Unknown,
    }
}

/// Merges two tensor shapes of the same rank and element type.
pub fn merge(a: &TensorType, b: &TensorType) -> Option<Vec<Dim>> {
    if a.dims.len() != b.dims.len() || a.element != b.element {
        return None;
    }
    a.dims.iter().zip(&b.dims).map(|(x, y)| merge_dim(*x, *y)).collect()
}

/// Relaxes two tensor shapes of the same rank.
pub fn relax(a: &TensorType, b: &TensorType) -> Option<Vec<Dim>> {
    (a.dims.len() == b.dims.len()).then(|| a.dims.iter().zip(&b.dims).map(|(x, y)| relax_dim(*x, *y)).collect())
}

/// The most precise type that admits both `a` and `b`, tensors of one element type:
/// the relaxed dims when the ranks agree, an unranked tensor when they do not
/// (`[2,?] relax [?,2] = [?,?]`, `[2,2] relax [3,2] = [?,2]`, `[2] relax [2,2] = *`).
pub fn relax_types(ctx: &Context, a: Type, b: Type) -> Option<Type> {
    let element = ctx.tensor_element(a)?;
    if ctx.tensor_element(b)? != element {
        return None;
    }
    match (ctx.as_tensor(a), ctx.as_tensor(b)) {
        (Some(x), Some(y)) if x.dims.len() == y.dims.len() => {
            let dims = relax(x, y)?;
            let layout = if x.layout == y.layout { x.layout.clone() } else { None };
            Some(ctx.ty(TypeData::Tensor(TensorType { dims, element, layout })))
        }
        _ => Some(ctx.ty(TypeData::UnrankedTensor(element))),
    }
}

/// The most precise type both `a` and `b` allow: an unranked tensor merges with any tensor
/// of its element type; ranked tensors merge dimension by dimension and must agree in rank
/// (`[2,?] merge [?,2] = [2,2]`; `[2,2] merge [1,2]` fails).
pub fn merge_types(ctx: &Context, a: Type, b: Type) -> Option<Type> {
    if a == b {
        return Some(a);
    }
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::UnrankedTensor(e), _) if ctx.tensor_element(b) == Some(*e) => Some(b),
        (_, TypeData::UnrankedTensor(e)) if ctx.tensor_element(a) == Some(*e) => Some(a),
        (TypeData::Tensor(x), TypeData::Tensor(y)) => {
            let dims = merge(x, y)?;
            let layout = x.layout.clone().or_else(|| y.layout.clone());
            Some(ctx.ty(TypeData::Tensor(TensorType { dims, element: x.element, layout })))
        }
        _ => None,
    }
}

/// Whether `a` and `b` can describe the same value: equal, or tensors whose shapes merge
/// (layouts are not compared: a value's layout is assigned later).
pub fn compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    match (ctx.type_data(a), ctx.type_data(b)) {
        (TypeData::UnrankedTensor(_), _) | (_, TypeData::UnrankedTensor(_)) => merge_types(ctx, a, b).is_some(),
        (TypeData::Tensor(x), TypeData::Tensor(y)) => merge(x, y).is_some(),
        (TypeData::Tuple(xs), TypeData::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| compatible(ctx, *x, *y))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of TensorFlow's shape inference documentation, on types.
    #[test]
    fn the_documented_examples_hold_on_types() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let t = |dims: &[Dim]| ctx.ty(TypeData::Tensor(TensorType { dims: dims.to_vec(), element: f32, layout: None }));
        use Dim::*;
        assert_eq!(merge_types(&ctx, t(&[Static(2), Unknown]), t(&[Unknown, Static(2)])), Some(t(&[Static(2), Static(2)])));
        assert_eq!(merge_types(&ctx, t(&[Static(2), Static(2)]), t(&[Static(1), Static(2)])), None);
        assert_eq!(relax_types(&ctx, t(&[Static(2), Unknown]), t(&[Unknown, Static(2)])), Some(t(&[Unknown, Unknown])));
        assert_eq!(relax_types(&ctx, t(&[Static(2), Static(2)]), t(&[Static(3), Static(2)])), Some(t(&[Unknown, Static(2)])));
        let unranked = ctx.ty(TypeData::UnrankedTensor(f32));
        assert_eq!(relax_types(&ctx, t(&[Static(2)]), t(&[Static(2), Static(2)])), Some(unranked));
        assert_eq!(merge_types(&ctx, unranked, t(&[Static(3)])), Some(t(&[Static(3)])));
        assert!(compatible(&ctx, unranked, t(&[Static(3), Unknown])));
        assert!(!compatible(&ctx, t(&[Static(3)]), t(&[Static(3), Static(1)])));
    }

    #[test]
    fn merge_and_relax_follow_the_inference_context_rules() {
        use Dim::*;
        assert_eq!(merge_dim(Static(2), Unknown), Some(Static(2)));
        assert_eq!(merge_dim(Static(2), Static(3)), None);
        assert_eq!(merge_dim(Static(3), Bounded(8)), Some(Static(3)));
        assert_eq!(merge_dim(Static(9), Bounded(8)), None);
        assert_eq!(relax_dim(Static(2), Static(3)), Unknown);
        assert_eq!(relax_dim(Static(2), Static(2)), Static(2));
        assert_eq!(relax_dim(Static(2), Unknown), Unknown);
    }
}
