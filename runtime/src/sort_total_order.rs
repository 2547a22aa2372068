//! Sorting lines of floats ascending by the comparator JAX gives `jnp.sort` and
//! `lax.sort` of one float operand: zeros (of either sign) made `+0.0` and every NaN the
//! canonical NaN, then `compare LT ..., TOTALORDER`. The lowering calls these instead of
//! emitting a merge sort when the comparator is exactly that one
//! (`lowering/src/to_loops/sort_total_order.rs`), as XLA calls its runtime's sort.
//!
//! Invariants:
//! - the result is the one a stable sort by that comparator gives: every element is moved,
//!   never rewritten (a `-0.0` stays `-0.0`, a NaN keeps its payload); elements with equal
//!   keys keep their order (ties are broken by position);
//! - the keys are those the comparator sees in the caller's floating-point mode: when the
//!   calling thread reads subnormals as zero (MXCSR's DAZ, which compiled entries set, as
//!   XLA CPU does), a subnormal compares equal to zero and gets zero's key, on every
//!   thread that sorts a line;
//! - lines are the buffer's consecutive runs of `length` elements (the sorted dimension is
//!   the minor one of a dense row-major buffer) and are sorted in parallel, at most
//!   `opts->num_threads` at a time;
//! - nothing aborts: scratch memory that cannot be had is `XLA_RT_OUT_OF_MEMORY`.

use crate::args::{self, SendPtr};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};
use crate::thread_pool;

/// A float format the comparator is defined on.
trait TotalOrderFloat: Copy + Send + Sync {
    /// The key: an unsigned integer whose order is the comparator's order of the element.
    fn key(self, subnormals_are_zero: bool) -> u64;
}

/// The key of each float format: NaNs of either sign as the canonical quiet NaN, zeros of
/// either sign (and subnormals, when they read as zero) as `+0`, then the bits in order.
macro_rules! total_order_float {
    ($float:ty, $width:expr) => {
        impl TotalOrderFloat for $float {
            fn key(self, subnormals_are_zero: bool) -> u64 {
                let canonical = if self.is_nan() {
                    <$float>::NAN
                } else if self == 0.0 || (subnormals_are_zero && self.is_subnormal()) {
                    0.0
                } else {
                    self
                };
                ordered_bits(u64::from(canonical.to_bits()), $width)
            }
        }
    };
}

total_order_float!(f32, 32);
total_order_float!(f64, 64);

/// The bits of a float of `width` bits as an unsigned integer in the float's total order:
/// a negative value has every bit flipped (larger magnitudes come first), a positive one
/// its sign bit set (after every negative).
fn ordered_bits(bits: u64, width: u32) -> u64 {
    let sign = 1u64 << (width - 1);
    let mask = sign | (sign - 1);
    if bits & sign != 0 {
        !bits & mask
    } else {
        bits | sign
    }
}

/// Whether the calling thread's floating-point mode reads subnormal operands as zero.
fn subnormals_read_as_zero() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let mut mxcsr: u32 = 0;
        // SAFETY: `stmxcsr` stores the 32-bit MXCSR register into the given location.
        unsafe { std::arch::asm!("stmxcsr [{}]", in(reg) &mut mxcsr, options(nostack)) };
        mxcsr & (1 << 6) != 0
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Sorts every line of `data` (`lines` runs of `length` elements) as the module says.
///
/// # Safety
/// `data` holds `lines * length` elements (checked for overflow and null here).
unsafe fn sort_lines<T: TotalOrderFloat>(data: *mut T, lines: i64, length: i64, opts: *const XlaRunOptions) -> RtResult<()> {
    let (lines, length) = (args::size("lines", lines)?, args::size("length", length)?);
    let elements = args::product("lines * length", &[lines, length])?;
    args::buffer("data", data as *const T, elements)?;
    if u32::try_from(length).is_err() {
        return Err(RtError::invalid(format!("length = {length} does not fit 32 bits")));
    }
    let options = RunOptions::from_ptr(opts)?;
    if length < 2 {
        return Ok(());
    }
    let subnormals_are_zero = subnormals_read_as_zero();
    let data = SendPtr(data);
    thread_pool::try_run_chunks(options.threads, lines, move |begin, end| {
        let mut keys = args::try_vec(length, (0u64, 0u32))?;
        let mut line_copy = Vec::new();
        line_copy.try_reserve_exact(length).map_err(|_| RtError::out_of_memory(length * std::mem::size_of::<T>()))?;
        for line in begin..end {
            // SAFETY: lines are disjoint runs of the buffer, each sorted by one chunk.
            let values = unsafe { std::slice::from_raw_parts_mut(data.get().add(line * length), length) };
            line_copy.clear();
            line_copy.extend_from_slice(values);
            for (t, (slot, &x)) in keys.iter_mut().zip(values.iter()).enumerate() {
                *slot = (x.key(subnormals_are_zero), t as u32);
            }
            // The position breaks ties, so the unstable (in-place, allocation-free) sort
            // gives the stable order.
            keys.sort_unstable();
            for (value, &(_, from)) in values.iter_mut().zip(keys.iter()) {
                *value = line_copy[from as usize];
            }
        }
        Ok(())
    })
}

/// Sorts each of `lines` consecutive runs of `length` floats at `data` ascending, in
/// place, stably, by JAX's float comparator (see the module). Returns 0, or
/// `XLA_RT_INVALID_ARGUMENT` for a null `data`, negative sizes or a line longer than 2^32
/// elements, or `XLA_RT_OUT_OF_MEMORY`.
///
/// # Safety
/// `data` points to `lines * length` floats.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_sort_f32_total_order(data: *mut f32, lines: i64, length: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_sort_f32_total_order", || sort_lines(data, lines, length, opts))
}

/// [`xla_rt_sort_f32_total_order`] for `double`s.
///
/// # Safety
/// `data` points to `lines * length` doubles.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_sort_f64_total_order(data: *mut f64, lines: i64, length: i64, opts: *const XlaRunOptions) -> i32 {
    guard("xla_rt_sort_f64_total_order", || sort_lines(data, lines, length, opts))
}

#[cfg(test)]
mod tests {
    use super::TotalOrderFloat;

    #[test]
    fn keys_order_as_the_comparator() {
        let ascending = [f32::NEG_INFINITY, -1.5, -1e-30, 0.0, 1e-30, 2.0, f32::INFINITY, f32::NAN];
        for pair in ascending.windows(2) {
            assert!(pair[0].key(false) < pair[1].key(false), "{pair:?}");
        }
        // Zeros of both signs are equal, and so are all NaNs, whatever their sign.
        assert_eq!((-0.0f32).key(false), 0.0f32.key(false));
        assert_eq!((-f32::NAN).key(false), f32::NAN.key(false));
        assert_eq!(f64::from_bits(0xFFF0_0000_0000_0001).key(false), f64::NAN.key(false));
        // Subnormals are zero only when the caller reads them so.
        let tiny = f32::from_bits(1);
        assert!(tiny.key(false) > 0.0f32.key(false));
        assert_eq!(tiny.key(true), 0.0f32.key(true));
    }
}
