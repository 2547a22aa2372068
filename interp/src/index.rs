//! Multi-dimensional indices over row-major shapes: element counts, strides, conversions
//! between a multi-index and a row-major position, and iteration over every index of a
//! shape in row-major order.
//!
//! Invariant: shapes hold non-negative sizes; a rank-0 shape has one element, the empty
//! index.

/// The number of elements of `shape`.
pub fn num_elements(shape: &[i64]) -> usize {
    shape.iter().product::<i64>().max(0) as usize
}

/// The row-major strides of `shape`, in elements.
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// The row-major position of `index` in `shape`.
pub fn linear_index(shape: &[i64], index: &[i64]) -> usize {
    debug_assert_eq!(shape.len(), index.len());
    let mut position = 0i64;
    for (&size, &i) in shape.iter().zip(index) {
        debug_assert!((0..size).contains(&i), "index {index:?} out of shape {shape:?}");
        position = position * size + i;
    }
    position as usize
}

/// The multi-index of row-major `position` in `shape`.
pub fn multi_index(shape: &[i64], mut position: usize) -> Vec<i64> {
    let mut index = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let size = shape[d].max(1) as usize;
        index[d] = (position % size) as i64;
        position /= size;
    }
    index
}

/// Calls `f` with every index of `shape` in row-major order.
pub fn for_each_index(shape: &[i64], mut f: impl FnMut(&[i64])) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let mut index = vec![0i64; shape.len()];
    loop {
        f(&index);
        if !advance(shape, &mut index) {
            return;
        }
    }
}

/// Moves `index` to the next one of `shape` in row-major order; false after the last one.
pub fn advance(shape: &[i64], index: &mut [i64]) -> bool {
    for d in (0..shape.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return true;
        }
        index[d] = 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_indices_agree() {
        let shape = [2, 3, 4];
        assert_eq!(row_major_strides(&shape), vec![12, 4, 1]);
        let mut seen = 0;
        for_each_index(&shape, |index| {
            assert_eq!(linear_index(&shape, index), seen);
            assert_eq!(multi_index(&shape, seen), index);
            seen += 1;
        });
        assert_eq!(seen, 24);
    }

    #[test]
    fn scalars_have_one_index_and_empty_shapes_none() {
        let mut count = 0;
        for_each_index(&[], |index| {
            assert!(index.is_empty());
            count += 1;
        });
        assert_eq!(count, 1);
        for_each_index(&[2, 0], |_| panic!("an empty shape has no index"));
        assert_eq!(num_elements(&[2, 0]), 0);
    }
}
