//! `hlo.sort`: XLA's `Sort`, which sorts N tensors of one shape together along one
//! dimension, ordering by a comparator computation.
//!
//! Every line of the operands along `dimension` (all other indices fixed) is sorted
//! independently; the N operands move together, as if they were one tensor of tuples. To
//! order the elements at positions `i` and `j` of a line, the comparator runs on 2N 0-d
//! tensors `lhs0, rhs0, lhs1, rhs1, ...` (`lhsk` the element of operand `k` at `i`, `rhsk`
//! at `j`) and returns whether `i` sorts before `j`. With `is_stable` equal elements (neither
//! sorts before the other) keep their order; without it XLA allows any order of them, and
//! this evaluator keeps their order too: both use one stable merge sort.
//!
//! The comparator runs as a [`ScalarComputation`], directly on scalars when it can. The
//! merge sort never relies on the comparator being a strict weak order, so a bad
//! comparator gives some permutation, never a panic, and an error of the comparator stops
//! the sort.

use std::rc::Rc;

use xla_dialects::hlo::{HloOpKind, SortOp};
use xla_ir::Scalar;

use crate::error::EvalResult;
use crate::index::{num_elements, row_major_strides};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::positions::{affine_positions, dimension};
use crate::ops::scalar_computation::ScalarComputation;
use crate::ops::support::tensor;
use crate::value::Value;

const OP: &str = HloOpKind::Sort.name();

/// Lines no longer than this are sorted by insertion before being merged.
const INSERTION_RUN: usize = 8;

pub(super) fn sort(cx: &mut OpCx, op: SortOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let inputs: Vec<&Literal> = (0..operands.len()).map(|i| tensor(operands, i)).collect::<EvalResult<_>>()?;
    let first = *inputs.first().ok_or("hlo.sort: there are no inputs")?;
    if let Some(k) = inputs.iter().position(|input| input.shape != first.shape) {
        return Err(format!("{OP}: input #{k} ({}) has another shape than input #0 ({})", inputs[k].shape_string(), first.shape_string()).into());
    }
    let axis = dimension(OP, "dimension", op.dimension(cx.body()), first.rank())?;
    let region = *cx.regions().first().ok_or("hlo.sort: the comparator is missing")?;
    let arguments = inputs.iter().flat_map(|input| [input.element; 2]).collect();
    let computation = ScalarComputation::new(cx, region, arguments);
    let mut less = Comparator { cx, computation, inputs: &inputs, args: Vec::new() };
    let sources = sorted_positions(&first.shape, axis, &mut less)?;
    let results = inputs.iter().map(|input| {
        Literal::new(input.element, input.shape.clone(), input.elements.select(sources.iter().copied())).into()
    });
    Ok(results.collect())
}

/// For each row-major position of a tensor of `shape`, the position its element comes from
/// once every line along `axis` is sorted by `less`.
fn sorted_positions(shape: &[i64], axis: usize, less: &mut Comparator) -> EvalResult<Vec<usize>> {
    let strides = row_major_strides(shape);
    let (length, stride) = (shape[axis], strides[axis]);
    // The position of the first element of each line: every index with 0 along `axis`.
    let mut line_shape = shape.to_vec();
    line_shape[axis] = 1;
    let line_starts = if length == 0 { Vec::new() } else { affine_positions(&line_shape, 0, &strides) };
    let mut sources: Vec<usize> = (0..num_elements(shape)).collect();
    for start in line_starts {
        let mut line: Vec<usize> = (0..length).map(|k| (start as i64 + k * stride) as usize).collect();
        merge_sort(&mut line, &mut |a, b| less.call(a, b))?;
        for (k, source) in line.into_iter().enumerate() {
            sources[(start as i64 + k as i64 * stride) as usize] = source;
        }
    }
    Ok(sources)
}

/// The comparator of one sort, as a function of two positions.
struct Comparator<'x, 'i, 'm, 'c, 'l> {
    cx: &'x mut OpCx<'i, 'm, 'c>,
    computation: ScalarComputation,
    inputs: &'l [&'l Literal],
    args: Vec<Scalar>,
}

impl Comparator<'_, '_, '_, '_, '_> {
    /// Whether the elements at position `a` sort before those at position `b`.
    fn call(&mut self, a: usize, b: usize) -> EvalResult<bool> {
        self.args.clear();
        for input in self.inputs {
            self.args.extend([input.get(a), input.get(b)]);
        }
        match self.computation.call(self.cx, &self.args)?[..] {
            [Scalar::Int(before)] => Ok(before == 1),
            _ => Err(format!("{OP}: the comparator must return one 0-d predicate").into()),
        }
    }
}

/// Sorts `items` stably: an item moves before an earlier one only when `less` says it sorts
/// before it.
pub fn merge_sort<T: Copy>(items: &mut [T], less: &mut impl FnMut(T, T) -> EvalResult<bool>) -> EvalResult<()> {
    let mut buffer = Vec::with_capacity(items.len());
    sort_run(items, &mut buffer, less)
}

fn sort_run<T: Copy>(items: &mut [T], buffer: &mut Vec<T>, less: &mut impl FnMut(T, T) -> EvalResult<bool>) -> EvalResult<()> {
    if items.len() <= INSERTION_RUN {
        return insertion_sort(items, less);
    }
    let middle = items.len() / 2;
    sort_run(&mut items[..middle], buffer, less)?;
    sort_run(&mut items[middle..], buffer, less)?;
    // Two runs already in order need no merge.
    if !less(items[middle], items[middle - 1])? {
        return Ok(());
    }
    merge(items, middle, buffer, less)
}

/// Merges the sorted runs `items[..middle]` and `items[middle..]`; on ties the left run's
/// item comes first.
fn merge<T: Copy>(items: &mut [T], middle: usize, buffer: &mut Vec<T>, less: &mut impl FnMut(T, T) -> EvalResult<bool>) -> EvalResult<()> {
    buffer.clear();
    buffer.extend_from_slice(&items[..middle]);
    let (mut left, mut right, mut out) = (0, middle, 0);
    while left < buffer.len() && right < items.len() {
        if less(items[right], buffer[left])? {
            items[out] = items[right];
            right += 1;
        } else {
            items[out] = buffer[left];
            left += 1;
        }
        out += 1;
    }
    // What is left of the right run is already in place.
    let rest = buffer.len() - left;
    items[out..out + rest].copy_from_slice(&buffer[left..]);
    Ok(())
}

fn insertion_sort<T: Copy>(items: &mut [T], less: &mut impl FnMut(T, T) -> EvalResult<bool>) -> EvalResult<()> {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(items[j], items[j - 1])? {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_sort_is_stable() {
        let mut items: Vec<(i32, usize)> = [5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4].iter().copied().zip(0..).collect();
        let mut expected = items.clone();
        expected.sort_by_key(|&(key, _)| key);
        merge_sort(&mut items, &mut |a, b| Ok(a.0 < b.0)).expect("no error");
        assert_eq!(items, expected);
    }

    #[test]
    fn comparator_errors_stop_the_sort() {
        let mut items = [3, 2, 1];
        let error = merge_sort(&mut items, &mut |_, _| Err("boom".into())).expect_err("fails");
        assert_eq!(error.message, "boom");
    }
}
