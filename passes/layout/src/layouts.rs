//! Small facts about layouts the pass needs: a tensor type's layout (row-major when it has
//! none), a type with another layout, and the layout that makes a transpose a bitcast.
//!
//! Invariant: types are normalized, so a row-major layout without padding is written as no
//! layout at all. Two types that describe the same buffer are then the same interned type,
//! and programs without given layouts come out of the pass exactly as they went in.

use xla_ir::{Context, Layout, Type, TypeData};

/// The layout of tensor type `ty` (row-major when it has none); `None` for other types.
pub fn layout_of(ctx: &Context, ty: Type) -> Option<Layout> {
    let t = ctx.as_tensor(ty)?;
    Some(t.layout.clone().unwrap_or_else(|| Layout::row_major(t.dims.len())))
}

/// Whether `layout` is the default one: row-major and unpadded.
pub fn is_default(layout: &Layout) -> bool {
    layout.padded_dims.is_none() && *layout == Layout::row_major(layout.minor_to_major.len())
}

/// Tensor type `ty` with `layout` (normalized: no layout for the default one); other types
/// as they are.
pub fn with_layout(ctx: &Context, ty: Type, layout: &Layout) -> Type {
    match ctx.as_tensor(ty) {
        Some(t) => {
            let mut t = t.clone();
            t.layout = if is_default(layout) { None } else { Some(layout.clone()) };
            ctx.ty(TypeData::Tensor(t))
        }
        None => ty,
    }
}

/// The layout of `transpose(x, permutation)` that keeps every element where it is in `x`'s
/// buffer: result dimension `i` is operand dimension `permutation[i]`, so the result lists,
/// from minor to major, the result positions of the operand's dimensions in the operand's
/// order. `None` for a padded operand layout (a bitcast needs none) or a bad permutation.
pub fn bitcast_layout(operand: &Layout, permutation: &[i64]) -> Option<Layout> {
    if operand.padded_dims.is_some() || operand.minor_to_major.len() != permutation.len() {
        return None;
    }
    let mut position = vec![None; permutation.len()];
    for (i, &d) in permutation.iter().enumerate() {
        *position.get_mut(usize::try_from(d).ok()?)? = Some(i as i64);
    }
    let minor_to_major = operand.minor_to_major.iter().map(|&d| position.get(usize::try_from(d).ok()?).copied().flatten()).collect::<Option<Vec<i64>>>()?;
    Some(Layout { minor_to_major, padded_dims: None, padding_value: None })
}

/// The layout the operand of `transpose(x, permutation)` needs for the result to have
/// `result` as a bitcast: the inverse of [`bitcast_layout`].
pub fn operand_layout_for(result: &Layout, permutation: &[i64]) -> Option<Layout> {
    if result.padded_dims.is_some() || result.minor_to_major.len() != permutation.len() {
        return None;
    }
    let minor_to_major = result.minor_to_major.iter().map(|&i| permutation.get(usize::try_from(i).ok()?).copied()).collect::<Option<Vec<i64>>>()?;
    Some(Layout { minor_to_major, padded_dims: None, padding_value: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(m2m: &[i64]) -> Layout {
        Layout { minor_to_major: m2m.to_vec(), padded_dims: None, padding_value: None }
    }

    #[test]
    fn a_transposed_row_major_matrix_is_column_major() {
        assert_eq!(bitcast_layout(&l(&[1, 0]), &[1, 0]), Some(l(&[0, 1])));
        // f32[4,6,5]{2,1,0} transposed by [2,0,1] is f32[5,4,6]{0,2,1}: XLA's example.
        assert_eq!(bitcast_layout(&l(&[2, 1, 0]), &[2, 0, 1]), Some(l(&[0, 2, 1])));
        assert_eq!(operand_layout_for(&l(&[0, 2, 1]), &[2, 0, 1]), Some(l(&[2, 1, 0])));
        assert_eq!(bitcast_layout(&l(&[1, 0]), &[0, 0]), None);
    }
}
