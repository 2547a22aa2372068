//! `hlo.dot` and `hlo.dot_general`: XLA's `Dot` and `DotGeneral`, sums of products over
//! contracting dimensions, batched over batching dimensions.
//!
//! XLA's semantics kept here: the result's dimensions are the batching dimensions (in the
//! order of `lhs_batching_dims`), then the free dimensions of `lhs`, then those of `rhs`,
//! each group in operand order; `hlo.dot` contracts the last dimension of `lhs` with the
//! first of `rhs`. Accumulation is that of [`crate::ops::products`]: in the result's element
//! type (`f32` for the formats narrower than it), wrapping for integers.
//!
//! The operands are first transposed into row-major `[batch, m, k]` and `[batch, n, k]`
//! buffers (`m` the free elements of `lhs`, `n` those of `rhs`, `k` the contracted ones), so
//! that every result element is one contiguous dot product.

use std::rc::Rc;

use xla_dialects::hlo::DotGeneralOp;

use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::products::{dot, forward_kernel, with_buffers, Accumulator, Buffer};
use crate::ops::positions::transpose_positions;
use crate::ops::support::{tensor, to_usize};
use crate::value::Value;

/// The dimension numbers of a dot product, checked against its operands.
pub struct DotDims {
    pub lhs_batching: Vec<usize>,
    pub rhs_batching: Vec<usize>,
    pub lhs_contracting: Vec<usize>,
    pub rhs_contracting: Vec<usize>,
}

pub(super) fn dot_op(cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    let last = lhs.rank().checked_sub(1).ok_or("the lhs of hlo.dot must have rank 1 or 2")?;
    let dims =
        DotDims { lhs_batching: vec![], rhs_batching: vec![], lhs_contracting: vec![last], rhs_contracting: vec![0] };
    Ok(vec![dot_general(lhs, rhs, &dims, cx.result_element(0)?)?.into()])
}

pub(super) fn dot_general_op(cx: &mut OpCx, op: DotGeneralOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let list = |dims: &[i64]| dims.iter().map(|&d| to_usize(d, "a dimension number")).collect::<Result<Vec<_>, _>>();
    let dims = DotDims {
        lhs_batching: list(op.lhs_batching_dims(body))?,
        rhs_batching: list(op.rhs_batching_dims(body))?,
        lhs_contracting: list(op.lhs_contracting_dims(body))?,
        rhs_contracting: list(op.rhs_contracting_dims(body))?,
    };
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    Ok(vec![dot_general(lhs, rhs, &dims, cx.result_element(0)?)?.into()])
}

/// The free dimensions of an operand of rank `rank`: neither batching nor contracting.
fn free_dims(rank: usize, batching: &[usize], contracting: &[usize]) -> Vec<usize> {
    (0..rank).filter(|d| !batching.contains(d) && !contracting.contains(d)).collect()
}

/// The sizes of `dims` of `shape`, or an error when one is out of range.
fn sizes_of(shape: &[i64], dims: &[usize], side: &str) -> Result<Vec<i64>, String> {
    dims.iter()
        .map(|&d| {
            shape
                .get(d)
                .copied()
                .ok_or_else(|| format!("{side} dimension {d} is out of range for rank {}", shape.len()))
        })
        .collect()
}

/// `DotGeneral(lhs, rhs, dims)` with elements of `element`.
pub fn dot_general(lhs: &Literal, rhs: &Literal, dims: &DotDims, element: crate::ElementType) -> EvalResult<Literal> {
    check_paired_sizes(lhs, rhs, dims)?;
    let lhs_free = free_dims(lhs.rank(), &dims.lhs_batching, &dims.lhs_contracting);
    let rhs_free = free_dims(rhs.rank(), &dims.rhs_batching, &dims.rhs_contracting);
    let product = |shape: &[i64], d: &[usize]| d.iter().map(|&d| shape[d] as usize).product::<usize>();
    let matmul = MatMul {
        batch: product(&lhs.shape, &dims.lhs_batching),
        m: product(&lhs.shape, &lhs_free),
        n: product(&rhs.shape, &rhs_free),
        k: product(&lhs.shape, &dims.lhs_contracting),
    };
    let a = gathered(lhs, &dims.lhs_batching, &lhs_free, &dims.lhs_contracting);
    let b = gathered(rhs, &dims.rhs_batching, &rhs_free, &dims.rhs_contracting);
    let mut shape = sizes_of(&lhs.shape, &dims.lhs_batching, "lhs")?;
    shape.extend(lhs_free.iter().map(|&d| lhs.shape[d]));
    shape.extend(rhs_free.iter().map(|&d| rhs.shape[d]));
    let elements = with_buffers(&a, &b, element, &matmul)?;
    Ok(Literal::new(element, shape, elements))
}

/// Checks that paired batching and contracting dimensions are in range and of equal sizes.
fn check_paired_sizes(lhs: &Literal, rhs: &Literal, dims: &DotDims) -> EvalResult<()> {
    for (what, l, r) in [
        ("batching", &dims.lhs_batching, &dims.rhs_batching),
        ("contracting", &dims.lhs_contracting, &dims.rhs_contracting),
    ] {
        if sizes_of(&lhs.shape, l, "lhs")? != sizes_of(&rhs.shape, r, "rhs")? {
            return Err(EvalError::new(format!(
                "the {what} dimensions differ: lhs {} along {l:?}, rhs {} along {r:?}",
                lhs.shape_string(),
                rhs.shape_string()
            )));
        }
    }
    Ok(())
}

/// The elements of `operand` as a row-major `[batch, free, contracting]` buffer.
fn gathered(operand: &Literal, batching: &[usize], free: &[usize], contracting: &[usize]) -> Buffer {
    let order: Vec<usize> = batching.iter().chain(free).chain(contracting).copied().collect();
    Buffer::gather(operand, &transpose_positions(&operand.shape, &order))
}

/// A batched product of `[batch, m, k]` by `[batch, n, k]` into `[batch, m, n]`.
struct MatMul {
    batch: usize,
    m: usize,
    n: usize,
    k: usize,
}

/// The rows of `b` one pass over the rows of `a` reuses: 64 rows of 1024 `f64` are 512 KiB,
/// which stay in a core's second-level cache.
const ROWS_PER_BLOCK: usize = 64;

impl MatMul {
    fn run<T: Accumulator>(&self, a: &[T], b: &[T]) -> Vec<T> {
        let (m, n, k) = (self.m, self.n, self.k);
        let mut out = vec![T::ZERO; self.batch * m * n];
        if k == 0 {
            return out;
        }
        for batch in 0..self.batch {
            let a = &a[batch * m * k..(batch + 1) * m * k];
            let b = &b[batch * n * k..(batch + 1) * n * k];
            let out = &mut out[batch * m * n..(batch + 1) * m * n];
            for first in (0..n).step_by(ROWS_PER_BLOCK) {
                let last = (first + ROWS_PER_BLOCK).min(n);
                for (row, out_row) in a.chunks_exact(k).zip(out.chunks_exact_mut(n.max(1))) {
                    for j in first..last {
                        out_row[j] = dot(row, &b[j * k..(j + 1) * k]);
                    }
                }
            }
        }
        out
    }
}

forward_kernel!(MatMul);
