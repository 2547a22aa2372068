//! Equal blocks of an array along one dimension: splitting an array into them and
//! concatenating arrays along a dimension, the data movement of the collectives.
//!
//! With the dimension `d` of a row-major shape, an array is `outer` rows (the product of
//! the dimensions before `d`), each holding `size(d)` slabs of `inner` elements (the
//! product of the dimensions after `d`); splitting and concatenating move whole slabs.
//!
//! Invariant: the arrays concatenated have one element type and equal sizes in every
//! dimension but `d`; a split divides `size(d)` evenly. Violations are errors.

use crate::index::num_elements;
use crate::literal::{Elements, Literal};

/// The products of the dimensions of `shape` before and after `dim`.
fn outer_inner(shape: &[i64], dim: usize) -> (usize, usize) {
    (num_elements(&shape[..dim]), num_elements(&shape[dim + 1..]))
}

/// `literal` split into `parts` blocks of equal size along `dim`, in order.
pub fn split(literal: &Literal, dim: usize, parts: usize) -> Result<Vec<Literal>, String> {
    let size = *literal.shape.get(dim).ok_or_else(|| format!("dimension {dim} is out of range for {}", literal.shape_string()))?;
    let size = size.max(0) as usize;
    if parts == 0 || size % parts != 0 {
        return Err(format!("dimension {dim} of {} does not split into {parts} equal blocks", literal.shape_string()));
    }
    let block = size / parts;
    let (outer, inner) = outer_inner(&literal.shape, dim);
    let mut shape = literal.shape.clone();
    shape[dim] = block as i64;
    Ok((0..parts)
        .map(|k| {
            let positions = (0..outer).flat_map(|o| {
                let start = (o * size + k * block) * inner;
                start..start + block * inner
            });
            Literal::new(literal.element, shape.clone(), literal.elements.select(positions))
        })
        .collect())
}

/// `parts` concatenated along `dim`, in order.
pub fn concatenate(parts: &[&Literal], dim: usize) -> Result<Literal, String> {
    let first = parts.first().ok_or("nothing to concatenate")?;
    if dim >= first.rank() {
        return Err(format!("dimension {dim} is out of range for {}", first.shape_string()));
    }
    let mut shape = first.shape.clone();
    shape[dim] = 0;
    for part in parts {
        let same_other_dims = part.rank() == first.rank()
            && part.shape.iter().zip(&first.shape).enumerate().all(|(d, (a, b))| d == dim || a == b);
        if part.element != first.element || !same_other_dims {
            return Err(format!(
                "cannot concatenate {} and {} along dimension {dim}",
                first.shape_string(),
                part.shape_string()
            ));
        }
        shape[dim] += part.shape[dim];
    }
    let (outer, inner) = outer_inner(&first.shape, dim);
    let mut elements = Elements::with_capacity(first.element, num_elements(&shape));
    for o in 0..outer {
        for part in parts {
            let slab = part.shape[dim].max(0) as usize * inner;
            for i in o * slab..(o + 1) * slab {
                elements.push(part.get(i));
            }
        }
    }
    Ok(Literal::new(first.element, shape, elements))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::ElementType;

    fn iota(shape: &[i64]) -> Literal {
        let count = shape.iter().product::<i64>() as i128;
        Literal::new(ElementType::S32, shape.to_vec(), Elements::Int((0..count).collect()))
    }

    #[test]
    fn splitting_and_concatenating_are_inverse() {
        let array = iota(&[2, 4]);
        let halves = split(&array, 1, 2).expect("splits");
        assert_eq!(halves[0].ints(), Some(&[0, 1, 4, 5][..]));
        assert_eq!(halves[1].ints(), Some(&[2, 3, 6, 7][..]));
        assert_eq!(concatenate(&[&halves[0], &halves[1]], 1).expect("concatenates"), array);
        let rows = split(&array, 0, 2).expect("splits");
        assert_eq!(rows[1].ints(), Some(&[4, 5, 6, 7][..]));
        let stacked = concatenate(&[&rows[1], &rows[0]], 0).expect("concatenates");
        assert_eq!(stacked.ints(), Some(&[4, 5, 6, 7, 0, 1, 2, 3][..]));
    }

    #[test]
    fn uneven_splits_and_mismatched_parts_are_errors() {
        assert!(split(&iota(&[3]), 0, 2).is_err());
        assert!(split(&iota(&[3]), 1, 1).is_err());
        assert!(concatenate(&[&iota(&[2, 2]), &iota(&[2, 3])], 0).is_err());
        assert!(concatenate(&[&iota(&[2, 2]), &iota(&[2, 3])], 1).is_ok());
    }
}
