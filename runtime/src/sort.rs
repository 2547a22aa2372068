//! XLA's `Sort`: `N` operands of one shape sorted together along one dimension, in place,
//! ordered by a comparator that compiled code provides.
//!
//! The comparator sees, for two positions of a line, one pointer per operand to that
//! position's element (`lhs[i]` points into operand `i`), so it can compare keys, values
//! or any mix of them, as XLA's comparator computation does.
//!
//! Invariants:
//! - the sort is stable: elements the comparator does not order keep their relative
//!   order (a stable sort is also a valid unstable one, so one algorithm serves both);
//! - it is a merge sort of an index permutation that calls `less(right, left)` once per
//!   comparison and never assumes the comparator is a strict weak order: an inconsistent
//!   comparator gives some permutation of each line, never a crash or an endless loop;
//! - the comparator's pointers point into the operands as they were before the call: the
//!   permutation is applied to every operand after the line is sorted;
//! - different lines are sorted in parallel (at most `opts->num_threads` at a time), so
//!   the comparator may be called from several threads at once with the same `ctx`;
//!   `num_threads = 1` keeps every call on the calling thread;
//! - operands must not overlap one another (`XLA_RT_INVALID_ARGUMENT`).

use std::ffi::c_void;

use crate::args::{self, SendPtr};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};
use crate::thread_pool;

/// The comparator: whether the elements `lhs` point to (one per operand) sort strictly
/// before those `rhs` point to.
pub type XlaSortLessFn = unsafe extern "C-unwind" fn(lhs: *const *const c_void, rhs: *const *const c_void, ctx: *mut c_void) -> bool;

/// The validated description of one sort.
struct SortProblem {
    /// Base pointer and element size in bytes of each operand.
    operands: Vec<(SendPtr<u8>, usize)>,
    /// Products of the dimensions before, at and after the sorted one.
    outer: usize,
    len: usize,
    inner: usize,
    less: XlaSortLessFn,
    ctx: SendPtr<c_void>,
}

impl SortProblem {
    /// The number of lines to sort.
    fn lines(&self) -> usize {
        self.outer * self.inner
    }

    /// The element offset (in elements) of position `t` of line `line`.
    fn offset(&self, line: usize, t: usize) -> usize {
        let (o, j) = (line / self.inner, line % self.inner);
        (o * self.len + t) * self.inner + j
    }
}

/// Per-thread scratch: the permutation, a merge buffer, the comparator's pointer arrays
/// and a byte buffer for applying the permutation.
struct Scratch {
    perm: Vec<usize>,
    merge: Vec<usize>,
    lhs: Vec<*const c_void>,
    rhs: Vec<*const c_void>,
    bytes: Vec<u8>,
}

impl Scratch {
    fn new(p: &SortProblem) -> RtResult<Scratch> {
        let widest = p.operands.iter().map(|o| o.1).max().unwrap_or(0);
        let line_bytes = args::product("a line's size in bytes", &[widest, p.len])?;
        Ok(Scratch {
            perm: args::try_vec(p.len, 0)?,
            merge: args::try_vec(p.len, 0)?,
            lhs: args::try_vec(p.operands.len(), std::ptr::null())?,
            rhs: args::try_vec(p.operands.len(), std::ptr::null())?,
            bytes: args::try_vec(line_bytes, 0)?,
        })
    }
}

/// Sorts line `line` of every operand.
///
/// # Safety
/// The problem's operands are valid and the line is not touched by anyone else.
unsafe fn sort_line(p: &SortProblem, line: usize, s: &mut Scratch) {
    s.perm.iter_mut().enumerate().for_each(|(i, x)| *x = i);
    let Scratch { perm, merge, lhs, rhs, bytes } = s;
    let mut less = |a: usize, b: usize| {
        for (i, &(base, size)) in p.operands.iter().enumerate() {
            lhs[i] = base.get().add(p.offset(line, a) * size) as *const c_void;
            rhs[i] = base.get().add(p.offset(line, b) * size) as *const c_void;
        }
        (p.less)(lhs.as_ptr(), rhs.as_ptr(), p.ctx.get())
    };
    merge_sort(perm, merge, &mut less);
    for &(base, size) in &p.operands {
        permute(p, line, base.get(), size, perm, bytes);
    }
}

/// Applies `perm` to line `line` of one operand: position `t` gets the old element at
/// `perm[t]`.
///
/// # Safety
/// As for [`sort_line`]; `bytes` holds at least `len * size` bytes.
unsafe fn permute(p: &SortProblem, line: usize, base: *mut u8, size: usize, perm: &[usize], bytes: &mut [u8]) {
    for (t, &from) in perm.iter().enumerate() {
        let src = base.add(p.offset(line, from) * size);
        std::ptr::copy_nonoverlapping(src, bytes.as_mut_ptr().add(t * size), size);
    }
    for t in 0..perm.len() {
        std::ptr::copy_nonoverlapping(bytes.as_ptr().add(t * size), base.add(p.offset(line, t) * size), size);
    }
}

/// A stable bottom-up merge sort of `items` by `less`, through `buffer` (as long as
/// `items`). An element of the right run moves ahead only when it is strictly less.
pub fn merge_sort(items: &mut [usize], buffer: &mut [usize], less: &mut impl FnMut(usize, usize) -> bool) {
    let n = items.len();
    let mut width = 1;
    while width < n {
        for start in (0..n).step_by(2 * width) {
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            merge(&items[start..mid], &items[mid..end], &mut buffer[start..end], less);
        }
        items.copy_from_slice(&buffer[..n]);
        width *= 2;
    }
}

/// Merges two sorted runs into `out`, taking from `left` on ties.
fn merge(left: &[usize], right: &[usize], out: &mut [usize], less: &mut impl FnMut(usize, usize) -> bool) {
    let (mut i, mut j) = (0, 0);
    for slot in out.iter_mut() {
        let take_right = i == left.len() || (j < right.len() && less(right[j], left[i]));
        if take_right {
            *slot = right[j];
            j += 1;
        } else {
            *slot = left[i];
            i += 1;
        }
    }
}

/// Validates the C arguments of one sort.
#[allow(clippy::too_many_arguments)]
unsafe fn problem(
    num_operands: i64,
    operands: *const *mut c_void,
    element_bytes: *const i64,
    dims: *const i64,
    rank: i64,
    dimension: i64,
    less: Option<XlaSortLessFn>,
    ctx: *mut c_void,
) -> RtResult<SortProblem> {
    let count = args::size("num_operands", num_operands)?;
    if count == 0 {
        return Err(RtError::invalid("num_operands must be at least 1"));
    }
    let less = less.ok_or_else(|| RtError::invalid("less is null"))?;
    let pointers = args::read_array("operands", operands, count)?;
    let sizes = args::read_array("element_bytes", element_bytes, count)?;
    let dims = args::read_array("dims", dims, args::size("rank", rank)?)?;
    let elements = args::element_count(&dims)?;
    let d = usize::try_from(dimension).ok().filter(|&d| d < dims.len());
    let d = d.ok_or_else(|| RtError::invalid(format!("dimension = {dimension} is not in [0, rank = {})", dims.len())))?;
    let mut ranges = Vec::new();
    let mut checked = Vec::new();
    for (i, (&ptr, &size)) in pointers.iter().zip(&sizes).enumerate() {
        let what = format!("operands[{i}]");
        let size = usize::try_from(size).ok().filter(|&s| s > 0);
        let size = size.ok_or_else(|| RtError::invalid(format!("element_bytes[{i}] must be positive")))?;
        let bytes = args::product(&format!("{what}'s size in bytes"), &[elements, size])?;
        args::buffer(&what, ptr as *const u8, bytes)?;
        let range = args::byte_range(ptr as *const u8, bytes);
        for (j, &other) in ranges.iter().enumerate() {
            args::disjoint((&format!("operands[{j}]"), &what), other, range)?;
        }
        ranges.push(range);
        checked.push((SendPtr(ptr as *mut u8), size));
    }
    let dims: Vec<usize> = dims.iter().map(|&x| x as usize).collect();
    Ok(SortProblem {
        operands: checked,
        outer: dims[..d].iter().product(),
        len: dims[d],
        inner: dims[d + 1..].iter().product(),
        less,
        ctx: SendPtr(ctx),
    })
}

/// Sorts `num_operands` arrays of the same row-major shape (`dims`, `rank` entries) along
/// `dimension`, in place, by `less`, stably. `operands[i]` points to operand `i`, whose
/// elements are `element_bytes[i]` bytes each. Returns 0, or `XLA_RT_INVALID_ARGUMENT`
/// for null pointers, non-positive element sizes, a dimension out of range or operands
/// that overlap.
///
/// # Safety
/// The arrays hold the elements the shape says; `less` may be called concurrently for
/// different lines (see the module documentation) and reads only what it is given.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_sort(
    num_operands: i64,
    operands: *const *mut c_void,
    element_bytes: *const i64,
    dims: *const i64,
    rank: i64,
    dimension: i64,
    less: Option<XlaSortLessFn>,
    ctx: *mut c_void,
    opts: *const XlaRunOptions,
) -> i32 {
    guard("xla_rt_sort", || {
        let p = problem(num_operands, operands, element_bytes, dims, rank, dimension, less, ctx)?;
        let options = RunOptions::from_ptr(opts)?;
        if p.len < 2 {
            return Ok(());
        }
        let p = &p;
        thread_pool::try_run_chunks(options.threads, p.lines(), move |begin, end| {
            let mut scratch = Scratch::new(p)?;
            // SAFETY: lines are disjoint parts of the operands, each sorted by one chunk.
            (begin..end).for_each(|line| unsafe { sort_line(p, line, &mut scratch) });
            Ok(())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_sort_is_stable() {
        let keys = [3, 1, 3, 2, 1, 3, 0, 2];
        let mut items: Vec<usize> = (0..keys.len()).collect();
        let mut buffer = vec![0; keys.len()];
        merge_sort(&mut items, &mut buffer, &mut |a, b| keys[a] < keys[b]);
        assert_eq!(items, [6, 1, 4, 3, 7, 0, 2, 5]);
    }

    #[test]
    fn an_inconsistent_comparator_still_gives_a_permutation() {
        let mut items: Vec<usize> = (0..37).collect();
        let mut buffer = vec![0; 37];
        let mut calls = 0u32;
        merge_sort(&mut items, &mut buffer, &mut |_, _| {
            calls += 1;
            calls % 3 == 0
        });
        items.sort();
        assert_eq!(items, (0..37).collect::<Vec<_>>());
    }
}
