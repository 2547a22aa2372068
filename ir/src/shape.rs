//! Shape relations from TensorFlow's shape inference model, over tensor types.
//!
//! `merge` combines two descriptions of the same shape into the most precise one that both
//! allow (`[2,?]` merge `[?,2]` = `[2,2]`) and fails when they disagree; `relax` gives the
//! most precise shape that admits both (`[2,2]` relax `[3,2]` = `[?,2]`). Two types are
//! compatible when they merge. A bounded dimension `<=N` admits any size up to `N`.

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

/// Whether `a` and `b` can describe the same value: equal, or tensors whose shapes merge
/// (layouts are not compared: a value's layout is assigned later).
pub fn compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    match (ctx.type_data(a), ctx.type_data(b)) {
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
