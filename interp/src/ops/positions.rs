//! Row-major position arithmetic shared by the data-movement ops (reshape, broadcast,
//! transpose, slice, pad, gather, scatter, sort, ...).
//!
//! These ops compute no new values: each result element is some operand element. Their
//! evaluators therefore compute, for every result element in row-major order, the position
//! of its source, and build the result with [`Elements::select`] in one pass, with no
//! per-element conversion to and from [`xla_ir::Scalar`]. Most of these maps are affine
//! (a base position plus one step per result dimension), which [`affine_positions`] walks
//! without a multiplication per element.
//!
//! Invariant: every position these helpers return lies inside the buffer it indexes when
//! their callers' checks hold; the callers check the run-time shapes first, so that a
//! dynamic dimension whose size disagrees with the attributes is an error, never a panic.

use crate::element::ElementType;
use crate::index::num_elements;
use crate::literal::Elements;

/// The positions `base + sum(index[d] * steps[d])` for every index of `shape`, in
/// row-major order. Steps may be negative or zero; the caller makes every position valid.
pub fn affine_positions(shape: &[i64], base: i64, steps: &[i64]) -> Vec<usize> {
    debug_assert_eq!(shape.len(), steps.len());
    let count = num_elements(shape);
    let mut positions = Vec::with_capacity(count);
    if count == 0 {
        return positions;
    }
    let mut index = vec![0i64; shape.len()];
    let mut position = base;
    for _ in 0..count {
        positions.push(position as usize);
        // Advance the index like an odometer, keeping the position in step with it.
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            position += steps[d];
            if index[d] < shape[d] {
                break;
            }
            position -= steps[d] * shape[d];
            index[d] = 0;
        }
    }
    positions
}

/// The row-major positions in `shape` of the elements of its transpose by `permutation`:
/// entry `i` is where the `i`-th element (in row-major order) of the array whose dimension
/// `j` is dimension `permutation[j]` of `shape` lies in the original.
pub fn transpose_positions(shape: &[i64], permutation: &[usize]) -> Vec<usize> {
    let strides = crate::index::row_major_strides(shape);
    let sizes: Vec<i64> = permutation.iter().map(|&d| shape[d]).collect();
    let steps: Vec<i64> = permutation.iter().map(|&d| strides[d]).collect();
    affine_positions(&sizes, 0, &steps)
}

/// The storage of `parts` laid end to end, so that one position list can pick elements of
/// several tensors (or of a tensor and a padding value). The parts must share a storage
/// kind, as tensors of one element type do.
pub fn joined(parts: &[&Elements]) -> Result<Elements, String> {
    let (first, rest) = parts.split_first().ok_or("internal error: nothing to join")?;
    let mut out = (*first).clone();
    for part in rest {
        match (&mut out, part) {
            (Elements::Int(a), Elements::Int(b)) => a.extend_from_slice(b),
            (Elements::Float(a), Elements::Float(b)) => a.extend_from_slice(b),
            (Elements::Complex(a), Elements::Complex(b)) => a.extend_from_slice(b),
            _ => return Err("internal error: tensors of different storage kinds were joined".into()),
        }
    }
    Ok(out)
}

/// `count` zeros of `element`'s storage kind: the content of elements XLA leaves
/// unspecified.
pub fn zeros(element: ElementType, count: usize) -> Elements {
    match element {
        ElementType::Pred | ElementType::Int { .. } => Elements::Int(vec![0; count]),
        ElementType::Float(_) => Elements::Float(vec![0.0; count]),
        ElementType::Complex(_) => Elements::Complex(vec![num_complex::Complex64::new(0.0, 0.0); count]),
    }
}

/// Attribute value `value`, named `what` in messages, as a dimension of a tensor of rank
/// `rank`.
pub fn dimension(op: &str, what: &str, value: i64, rank: usize) -> Result<usize, String> {
    usize::try_from(value)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("{op}: {what} = {value} is not a dimension of a tensor of rank {rank}"))
}

/// Each entry of `values` as a dimension of a tensor of rank `rank` (see [`dimension`]).
pub fn dimensions(op: &str, what: &str, values: &[i64], rank: usize) -> Result<Vec<usize>, String> {
    values.iter().enumerate().map(|(i, &v)| dimension(op, &format!("{what}[{i}]"), v, rank)).collect()
}

/// As [`dimensions`], also failing when a dimension appears twice.
pub fn distinct_dimensions(op: &str, what: &str, values: &[i64], rank: usize) -> Result<Vec<usize>, String> {
    let dims = dimensions(op, what, values, rank)?;
    let mut seen = vec![false; rank];
    for &d in &dims {
        if std::mem::replace(&mut seen[d], true) {
            return Err(format!("{op}: {what} names dimension {d} twice"));
        }
    }
    Ok(dims)
}

/// Fails unless `list` (named `what`) has one entry per dimension of a tensor of rank
/// `rank`.
pub fn check_len(op: &str, what: &str, list: &[i64], rank: usize) -> Result<(), String> {
    if list.len() != rank {
        return Err(format!("{op}: {what} has {} entries, but the operand has rank {rank}", list.len()));
    }
    Ok(())
}

/// A start index clamped, as XLA clamps dynamic-slice and gather starts, into
/// `[0, size - window]`, so that a window of `window` elements fits in `size`. The caller
/// has checked `window <= size`.
pub fn clamp_start(start: i128, size: i64, window: i64) -> i64 {
    start.clamp(0, i128::from(size - window)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposed_positions_walk_the_permuted_shape() {
        // The transpose of a 2x3 array lists its columns.
        assert_eq!(transpose_positions(&[2, 3], &[1, 0]), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(transpose_positions(&[2, 3], &[0, 1]), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(transpose_positions(&[2, 1, 2], &[2, 0, 1]), vec![0, 2, 1, 3]);
        assert_eq!(transpose_positions(&[], &[]), vec![0]);
        assert!(transpose_positions(&[2, 0], &[1, 0]).is_empty());
    }

    #[test]
    fn affine_walks_follow_row_major_order() {
        // A transpose of a 2x3 tensor: result [3, 2] reads operand strides [1, 3].
        assert_eq!(affine_positions(&[3, 2], 0, &[1, 3]), vec![0, 3, 1, 4, 2, 5]);
        // A reversal of 4 elements.
        assert_eq!(affine_positions(&[4], 3, &[-1]), vec![3, 2, 1, 0]);
        // A broadcast repeats with a zero step.
        assert_eq!(affine_positions(&[2, 2], 0, &[0, 1]), vec![0, 1, 0, 1]);
        assert_eq!(affine_positions(&[], 5, &[]), vec![5]);
        assert!(affine_positions(&[3, 0], 0, &[1, 1]).is_empty());
    }

    #[test]
    fn starts_clamp_into_the_window() {
        assert_eq!(clamp_start(-5, 4, 2), 0);
        assert_eq!(clamp_start(3, 4, 2), 2);
        assert_eq!(clamp_start(1, 4, 2), 1);
        assert_eq!(clamp_start(u64::MAX as i128, 4, 4), 0);
    }
}
