//! Per-thread scratch buffers for the kernels' packed operands: allocated once per thread
//! (and grown to the largest size asked for), then lent to every later product on that
//! thread, so that a product neither allocates nor zeroes its packing space (up to 4 MiB of
//! `B` and 200 KiB of `A` per call before).
//!
//! Invariants: a buffer's contents are whatever its last borrower left (every element is
//! initialized; the packing routines write each element they later read); a buffer is lent
//! to one borrower at a time, and a nested request on the same thread (a pool thread that,
//! waiting inside one product, runs part of another) gets a fresh allocation instead; the
//! sizes asked for are bounded by the kernels' block constants.

use std::cell::RefCell;

thread_local! {
    static PACKED_A: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static PACKED_B: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Which buffer: the packed `A` of a work item, or the packed `B` of a product.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Slot {
    PackedA,
    PackedB,
}

/// An element type every bit pattern of which is a value, of at most 4 bytes and an
/// alignment dividing 4.
///
/// # Safety
/// Implementors satisfy the above.
pub(crate) unsafe trait Plain: Copy {}

// SAFETY: plain numbers of 4 or 2 bytes.
unsafe impl Plain for f32 {}
unsafe impl Plain for u32 {}
unsafe impl Plain for u16 {}

/// Calls `f` with `len` elements of the thread's buffer `slot` (or of a fresh allocation
/// when that buffer is already lent).
pub(crate) fn with<T: Plain, R>(slot: Slot, len: usize, f: impl FnOnce(&mut [T]) -> R) -> R {
    let words = (len * std::mem::size_of::<T>()).div_ceil(4);
    let lend = |buffer: &mut Vec<u32>| -> R {
        if buffer.len() < words {
            buffer.resize(words, 0);
        }
        // SAFETY: the buffer holds at least `len` initialized elements of `T` (any bit
        // pattern is one, the alignment of `u32` suffices), borrowed mutably here alone.
        f(unsafe { std::slice::from_raw_parts_mut(buffer.as_mut_ptr() as *mut T, len) })
    };
    let key = match slot {
        Slot::PackedA => &PACKED_A,
        Slot::PackedB => &PACKED_B,
    };
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffer) => lend(&mut buffer),
        Err(_) => lend(&mut Vec::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_reused_and_nested_requests_get_their_own() {
        let first = with(Slot::PackedA, 100, |s: &mut [f32]| {
            s.fill(1.5);
            // A nested request while the buffer is lent: a fresh one.
            with(Slot::PackedA, 10, |inner: &mut [f32]| {
                assert!(inner.iter().all(|&x| x == 0.0));
                inner.fill(7.0);
            });
            s.as_ptr() as usize
        });
        let second = with(Slot::PackedA, 50, |s: &mut [u16]| {
            // The same memory, still holding what the first borrower wrote.
            assert_eq!(s[0], (1.5f32.to_bits() & 0xffff) as u16);
            s.as_ptr() as usize
        });
        assert_eq!(first, second);
    }
}
