//! Checks of the arguments that arrive through the C ABI, shared by every entry point.
//!
//! Invariants:
//! - an entry point turns every raw argument into Rust values through these functions
//!   before it touches memory, so a null pointer, a negative size or a size whose byte
//!   count overflows is an [`XlaStatus::InvalidArgument`] error, never undefined behaviour;
//! - a pointer may be null exactly when the buffer it names has no elements;
//! - scratch memory is allocated with [`try_vec`], so an allocation that fails is an
//!   [`XlaStatus::OutOfMemory`] error, not an abort.
//!
//! What the runtime cannot check, the caller promises (the header says so per function):
//! that a non-null pointer points to as many valid elements as the sizes say.

use std::mem::size_of;

use crate::status::{RtError, RtResult, XlaStatus};

/// `value` as a size, or an error naming `what` when it is negative.
pub fn size(what: &str, value: i64) -> RtResult<usize> {
    usize::try_from(value).map_err(|_| RtError::invalid(format!("{what} = {value} is negative")))
}

/// The number of elements of a shape, or an error when a dimension is negative or the
/// product overflows.
pub fn element_count(dims: &[i64]) -> RtResult<usize> {
    dims.iter().enumerate().try_fold(1usize, |count, (i, &d)| {
        let d = size(&format!("dimension {i}"), d)?;
        count.checked_mul(d).ok_or_else(|| RtError::invalid(format!("the shape {dims:?} has too many elements")))
    })
}

/// The product of `factors` as a size, or an error naming `what` when it overflows.
pub fn product(what: &str, factors: &[usize]) -> RtResult<usize> {
    factors
        .iter()
        .try_fold(1usize, |acc, &f| acc.checked_mul(f))
        .ok_or_else(|| RtError::invalid(format!("{what} overflows")))
}

/// Checks that buffer `what` is not null unless it holds no elements, and that its byte
/// size fits the address space.
pub fn buffer<T>(what: &str, ptr: *const T, elements: usize) -> RtResult<()> {
    if elements.checked_mul(size_of::<T>()).is_none_or(|bytes| bytes > isize::MAX as usize) {
        return Err(RtError::invalid(format!("{what} has too many elements ({elements})")));
    }
    if ptr.is_null() && elements > 0 {
        return Err(RtError::invalid(format!("{what} is null")));
    }
    Ok(())
}

/// Checks that pointer `what` is not null.
pub fn not_null<T>(what: &str, ptr: *const T) -> RtResult<()> {
    if ptr.is_null() {
        return Err(RtError::invalid(format!("{what} is null")));
    }
    Ok(())
}

/// The `len` values at `ptr`, copied; `ptr` may be null only when `len` is 0.
///
/// # Safety
/// A non-null `ptr` points to `len` readable values.
pub unsafe fn read_array<T: Copy>(what: &str, ptr: *const T, len: usize) -> RtResult<Vec<T>> {
    buffer(what, ptr, len)?;
    Ok(slice(ptr, len).to_vec())
}

/// The `len` elements at `ptr` as a slice; empty (and never dereferenced) when `len` is 0.
///
/// # Safety
/// When `len > 0`, `ptr` points to `len` valid elements that nothing writes during `'a`.
pub unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    if len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

/// The `len` elements at `ptr` as a mutable slice; empty when `len` is 0.
///
/// # Safety
/// When `len > 0`, `ptr` points to `len` valid elements that nothing else reads or writes
/// during `'a`.
pub unsafe fn slice_mut<'a, T>(ptr: *mut T, len: usize) -> &'a mut [T] {
    if len == 0 {
        &mut []
    } else {
        std::slice::from_raw_parts_mut(ptr, len)
    }
}

/// A vector of `len` copies of `value`, or [`XlaStatus::OutOfMemory`].
pub fn try_vec<T: Clone>(len: usize, value: T) -> RtResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| RtError::out_of_memory(len.saturating_mul(size_of::<T>())))?;
    v.resize(len, value);
    Ok(v)
}

/// A copy of `items`, or [`XlaStatus::OutOfMemory`].
pub fn try_copy<T: Clone>(items: &[T]) -> RtResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(items.len()).map_err(|_| RtError::out_of_memory(std::mem::size_of_val(items)))?;
    v.extend_from_slice(items);
    Ok(v)
}

/// The byte range `[start, end)` that `elements` values of `T` at `ptr` occupy.
pub fn byte_range<T>(ptr: *const T, elements: usize) -> (usize, usize) {
    let start = ptr as usize;
    (start, start.saturating_add(elements.saturating_mul(size_of::<T>())))
}

/// Checks that the byte ranges of `first` and `second` (named by `names`) do not overlap;
/// empty ranges overlap nothing.
pub fn disjoint(names: (&str, &str), first: (usize, usize), second: (usize, usize)) -> RtResult<()> {
    let empty = |r: (usize, usize)| r.0 >= r.1;
    if empty(first) || empty(second) || first.1 <= second.0 || second.1 <= first.0 {
        return Ok(());
    }
    Err(RtError::invalid(format!("{} and {} overlap", names.0, names.1)))
}

/// Checks that an output range either is exactly an input range (an in-place operation)
/// or does not overlap it.
pub fn same_or_disjoint(names: (&str, &str), input: (usize, usize), output: (usize, usize)) -> RtResult<()> {
    if input == output {
        return Ok(());
    }
    disjoint(names, input, output)
}

/// An enumerator out of range: an [`XlaStatus::InvalidArgument`] error.
pub fn bad_enum(what: &str, value: i32) -> RtError {
    RtError::new(XlaStatus::InvalidArgument, format!("{what} = {value} is not a valid value"))
}

/// A raw pointer that may cross threads. The runtime uses it for buffers whose parts
/// different threads read or write; each use says why those parts are disjoint.
#[derive(Debug)]
pub struct SendPtr<T>(pub *mut T);

impl<T> Clone for SendPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for SendPtr<T> {}

// SAFETY: a `SendPtr` is only an address; every dereference is justified where it happens
// (disjoint parts per thread, or a caller-promised thread-safe context).
unsafe impl<T> Send for SendPtr<T> {}
// SAFETY: as for `Send`.
unsafe impl<T> Sync for SendPtr<T> {}

impl<T> SendPtr<T> {
    /// The address, as a method so that closures capture the whole `SendPtr` (which is
    /// `Send`) rather than its raw-pointer field (which is not).
    pub fn get(self) -> *mut T {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_counts_reject_negative_and_overflowing_values() {
        assert_eq!(size("m", 3), Ok(3));
        assert_eq!(size("m", -1).unwrap_err().message, "m = -1 is negative");
        assert_eq!(element_count(&[2, 3, 4]), Ok(24));
        assert_eq!(element_count(&[]), Ok(1));
        assert!(element_count(&[i64::MAX, i64::MAX]).is_err());
        assert!(element_count(&[2, -3]).is_err());
    }

    #[test]
    fn null_is_allowed_only_for_empty_buffers() {
        assert!(buffer::<f32>("a", std::ptr::null(), 0).is_ok());
        assert_eq!(buffer::<f32>("a", std::ptr::null(), 1).unwrap_err().message, "a is null");
    }

    #[test]
    fn overlapping_ranges_are_found() {
        assert!(disjoint(("a", "b"), (0, 8), (8, 16)).is_ok());
        assert!(disjoint(("a", "b"), (0, 9), (8, 16)).is_err());
        assert!(disjoint(("a", "b"), (4, 4), (0, 16)).is_ok());
        assert!(same_or_disjoint(("a", "b"), (0, 8), (0, 8)).is_ok());
        assert!(same_or_disjoint(("a", "b"), (0, 8), (4, 12)).is_err());
    }
}
