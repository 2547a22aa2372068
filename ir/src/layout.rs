//! XLA's layouts at work: validating a [`Layout`] against a shape, and mapping between
//! multi-dimensional indices and linear positions in a buffer (XLA's `IndexUtil`).
//!
//! A layout lists dimensions from most minor (fastest varying) to most major. A padded
//! layout gives each dimension a padded size no smaller than its size; the buffer then holds
//! the product of the padded sizes, and positions outside the logical shape are padding.
//!
//! Example (XLA's): a `[2 x 3]` array `[[a, b, c], [d, e, f]]` with minor_to_major `{0, 1}`
//! is laid out `a d b e c f`; with padded dimensions `[3, 5]` it is
//! `a d 0 b e 0 c f 0 0 0 0 0 0 0`.
//!
//! Invariant: for a valid layout, [`linear_index`] and [`multi_index`] are inverse
//! bijections between in-bounds indices and the non-padding positions of the buffer.

use crate::{Dim, Layout};

impl Layout {
    /// Checks the layout against a shape's dimensions: `minor_to_major` is a permutation of
    /// the dimensions, and padded sizes (when given) are one per dimension and no smaller
    /// than the dimension (than its bound, for a bounded one).
    pub fn validate(&self, dims: &[Dim]) -> Result<(), String> {
        let rank = dims.len();
        let mut seen = vec![false; rank];
        if self.minor_to_major.len() != rank {
            return Err(format!(
                "layout minor_to_major {:?} has {} entries, but the shape has rank {rank}",
                self.minor_to_major,
                self.minor_to_major.len()
            ));
        }
        for &d in &self.minor_to_major {
            let slot = usize::try_from(d).ok().and_then(|d| seen.get_mut(d));
            match slot {
                Some(seen) if !*seen => *seen = true,
                _ => {
                    return Err(format!(
                        "layout minor_to_major {:?} is not a permutation of the dimensions 0..{rank}",
                        self.minor_to_major
                    ))
                }
            }
        }
        if let Some(padded) = &self.padded_dims {
            if padded.len() != rank {
                return Err(format!("layout has {} padded dimensions, but the shape has rank {rank}", padded.len()));
            }
            for (i, (&p, dim)) in padded.iter().zip(dims).enumerate() {
                let size = match dim {
                    Dim::Static(n) | Dim::Bounded(n) => Some(*n),
                    Dim::Unknown => None,
                };
                if size.is_some_and(|n| p < n) || p < 0 {
                    return Err(format!(
                        "padded dimension {i} ({p}) is smaller than the dimension ({})",
                        size.map_or("?".to_string(), |n| n.to_string())
                    ));
                }
            }
        }
        Ok(())
    }

    /// The sizes the buffer is laid out with: the padded sizes, or the shape itself.
    fn physical<'a>(&'a self, shape: &'a [i64]) -> &'a [i64] {
        self.padded_dims.as_deref().unwrap_or(shape)
    }

    /// The stride of each dimension of `shape` in a buffer laid out with this layout, in
    /// elements (valid for the shape: [`Layout::validate`] accepted it).
    pub fn strides(&self, shape: &[i64]) -> Vec<i64> {
        let physical = self.physical(shape);
        let mut strides = vec![0; shape.len()];
        let mut stride = 1i64;
        for &d in &self.minor_to_major {
            strides[d as usize] = stride;
            stride = stride.saturating_mul(physical[d as usize]);
        }
        strides
    }
}

/// The number of elements the buffer of `shape` with `layout` holds, padding included
/// (`i64::MAX` when the product does not fit, for a type the readers and the verifier
/// reject).
pub fn buffer_len(shape: &[i64], layout: &Layout) -> i64 {
    crate::types::checked_element_count(layout.physical(shape)).unwrap_or(i64::MAX)
}

/// The position of element `index` of `shape` in a buffer laid out with `layout` (valid for
/// the shape), or `None` when the index is out of bounds (or the position does not fit in
/// `i64`, for a shape too large to exist).
pub fn linear_index(shape: &[i64], layout: &Layout, index: &[i64]) -> Option<i64> {
    if index.len() != shape.len() || index.iter().zip(shape).any(|(i, n)| *i < 0 || i >= n) {
        return None;
    }
    layout.strides(shape).iter().zip(index).try_fold(0i64, |position, (s, i)| position.checked_add(s.checked_mul(*i)?))
}

/// The index of the element at `position` of a buffer of `shape` laid out with `layout`, or
/// `None` when the position is padding or past the buffer.
pub fn multi_index(shape: &[i64], layout: &Layout, position: i64) -> Option<Vec<i64>> {
    if position < 0 || position >= buffer_len(shape, layout) {
        return None;
    }
    let physical = layout.physical(shape);
    let strides = layout.strides(shape);
    let mut index = vec![0; shape.len()];
    for d in 0..shape.len() {
        index[d] = (position / strides[d]) % physical[d];
        if index[d] >= shape[d] {
            return None;
        }
    }
    Some(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn layout(minor_to_major: &[i64], padded: Option<&[i64]>) -> Layout {
        Layout { minor_to_major: minor_to_major.to_vec(), padded_dims: padded.map(<[i64]>::to_vec), padding_value: None }
    }

    /// The buffer of `[[a, b, c], [d, e, f]]`, with `0` for padding.
    fn lay_out(layout: &Layout) -> String {
        let shape = [2, 3];
        (0..buffer_len(&shape, layout))
            .map(|p| match multi_index(&shape, layout, p) {
                Some(i) => ["abc", "def"][i[0] as usize].chars().nth(i[1] as usize).unwrap_or('?'),
                None => '0',
            })
            .map(String::from)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_documented_examples() {
        assert_eq!(lay_out(&layout(&[1, 0], None)), "a b c d e f");
        assert_eq!(lay_out(&layout(&[0, 1], None)), "a d b e c f");
        assert_eq!(lay_out(&layout(&[0, 1], Some(&[3, 5]))), "a d 0 b e 0 c f 0 0 0 0 0 0 0");
        assert_eq!(linear_index(&[2, 3], &layout(&[0, 1], Some(&[3, 5])), &[1, 2]), Some(7));
        assert_eq!(linear_index(&[2, 3], &layout(&[0, 1], None), &[2, 0]), None);
    }

    #[test]
    fn sizes_too_large_saturate_instead_of_overflowing() {
        let huge = [4294967296, 4294967296];
        assert_eq!(buffer_len(&huge, &layout(&[1, 0], None)), i64::MAX);
        assert_eq!(buffer_len(&[2, 3], &layout(&[1, 0], Some(&[i64::MAX, 2]))), i64::MAX);
        assert_eq!(linear_index(&huge, &layout(&[1, 0], None), &[4294967295, 4294967295]), None);
        assert_eq!(multi_index(&huge, &layout(&[1, 0], None), 5), Some(vec![0, 5]));
    }

    #[test]
    fn validation_names_the_fault() {
        let dims = [Dim::Static(2), Dim::Static(3)];
        assert!(layout(&[0, 1], Some(&[3, 5])).validate(&dims).is_ok());
        assert_eq!(
            layout(&[0, 0], None).validate(&dims),
            Err("layout minor_to_major [0, 0] is not a permutation of the dimensions 0..2".into())
        );
        assert_eq!(
            layout(&[2, 0], None).validate(&dims),
            Err("layout minor_to_major [2, 0] is not a permutation of the dimensions 0..2".into())
        );
        assert_eq!(
            layout(&[0], None).validate(&dims),
            Err("layout minor_to_major [0] has 1 entries, but the shape has rank 2".into())
        );
        assert_eq!(
            layout(&[1, 0], Some(&[2, 2])).validate(&dims),
            Err("padded dimension 1 (2) is smaller than the dimension (3)".into())
        );
    }

    /// A shape, a valid layout for it (a random permutation, padded or not).
    fn shape_and_layout() -> impl Strategy<Value = (Vec<i64>, Layout)> {
        prop::collection::vec(0i64..5, 0..5)
            .prop_flat_map(|shape| {
                let rank = shape.len();
                let order = Just((0..rank as i64).collect::<Vec<_>>()).prop_shuffle();
                let padding = prop::option::of(prop::collection::vec(0i64..3, rank));
                (Just(shape), order, padding)
            })
            .prop_map(|(shape, order, padding)| {
                let padded = padding.map(|extra| shape.iter().zip(extra).map(|(n, e)| n + e).collect());
                let layout = Layout { minor_to_major: order, padded_dims: padded, padding_value: None };
                (shape, layout)
            })
    }

    proptest! {
        /// Every in-bounds index maps to a distinct position in the buffer and back; every
        /// other position is padding.
        #[test]
        fn linear_and_multi_indices_are_inverse_bijections((shape, layout) in shape_and_layout()) {
            let dims: Vec<Dim> = shape.iter().map(|n| Dim::Static(*n)).collect();
            prop_assert!(layout.validate(&dims).is_ok());
            let len = buffer_len(&shape, &layout);
            let mut hit = vec![false; len as usize];
            let count: i64 = shape.iter().product();
            let mut index = vec![0i64; shape.len()];
            for _ in 0..count {
                let p = linear_index(&shape, &layout, &index).expect("in bounds");
                prop_assert!(p >= 0 && p < len);
                prop_assert!(!hit[p as usize], "two indices share position {}", p);
                hit[p as usize] = true;
                prop_assert_eq!(multi_index(&shape, &layout, p), Some(index.clone()));
                // Next index, row-major.
                for d in (0..shape.len()).rev() {
                    index[d] += 1;
                    if index[d] < shape[d] {
                        break;
                    }
                    index[d] = 0;
                }
            }
            for (p, used) in hit.iter().enumerate() {
                if !used {
                    prop_assert_eq!(multi_index(&shape, &layout, p as i64), None);
                }
            }
        }
    }
}
