//! Writing the padding of a padded buffer with its layout's padding value, as XLA's layouts
//! promise (`padded = [...]`, `padding = zero | one | lowest | highest`): compiled code
//! computes the logical elements and then calls [`xla_rt_fill_padding`] on each padded
//! result buffer.
//!
//! Invariant: only positions outside the logical shape are written; the elements are
//! untouched.

use std::ffi::c_void;

use crate::args;
use crate::status::{guard, RtError};

/// Writes the `element_bytes` bytes of `value` at every padding position of `buffer`,
/// whose `rank` dimensions are described by `geometry`, most minor first: for each, its
/// logical size then its padded size (positions are row-major over the padded sizes in that
/// order). Returns 0, or `XLA_RT_INVALID_ARGUMENT` for sizes that do not describe a buffer.
///
/// # Safety
/// `geometry` holds `2 * rank` `int64_t`; `value` holds `element_bytes` bytes; `buffer`
/// holds the product of the padded sizes times `element_bytes` bytes.
#[no_mangle]
pub unsafe extern "C" fn xla_rt_fill_padding(
    buffer: *mut u8,
    element_bytes: i64,
    geometry: *const i64,
    rank: i64,
    value: *const u8,
    _opts: *const c_void,
) -> i32 {
    guard("xla_rt_fill_padding", || {
        let (element_bytes, rank) = (args::size("element_bytes", element_bytes)?, args::size("rank", rank)?);
        args::buffer("geometry", geometry, 2 * rank)?;
        args::buffer("value", value, element_bytes)?;
        let geometry = args::slice(geometry, 2 * rank);
        let mut logical = Vec::with_capacity(rank);
        let mut padded = Vec::with_capacity(rank);
        for d in 0..rank {
            let (size, extent) = (args::size("a logical size", geometry[2 * d])?, args::size("a padded size", geometry[2 * d + 1])?);
            if size > extent {
                return Err(RtError::invalid(format!("dimension {d} has {size} elements but only {extent} positions")));
            }
            logical.push(size);
            padded.push(extent);
        }
        let positions = args::product("the padded positions", &padded)?;
        let bytes = args::product("the buffer's bytes", &[positions, element_bytes])?;
        args::buffer("buffer", buffer, bytes)?;
        let buffer = args::slice_mut(buffer, bytes);
        let value = args::slice(value, element_bytes);
        let mut index = vec![0usize; rank];
        for position in 0..positions {
            if index.iter().zip(&logical).any(|(i, size)| i >= size) {
                buffer[position * element_bytes..(position + 1) * element_bytes].copy_from_slice(value);
            }
            // The next index, the most minor dimension fastest.
            for (i, extent) in index.iter_mut().zip(&padded) {
                *i += 1;
                if *i < *extent {
                    break;
                }
                *i = 0;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_padding_positions_are_written() {
        // A 2x3 array, row-major (dimension 1 most minor), padded to 3x4: 12 positions.
        let mut buffer = [0u8; 12];
        for (i, b) in buffer.iter_mut().enumerate() {
            *b = i as u8;
        }
        let geometry = [3i64, 4, 2, 3];
        let value = [0xAAu8];
        // SAFETY: the arrays have the sizes the arguments say.
        let code = unsafe { xla_rt_fill_padding(buffer.as_mut_ptr(), 1, geometry.as_ptr(), 2, value.as_ptr(), std::ptr::null()) };
        assert_eq!(code, 0);
        assert_eq!(buffer, [0, 1, 2, 0xAA, 4, 5, 6, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA]);
    }

    #[test]
    fn a_logical_size_past_its_padding_is_invalid() {
        let mut buffer = [0u8; 4];
        let geometry = [5i64, 4];
        // SAFETY: as above; the call refuses before touching the buffer.
        let code = unsafe { xla_rt_fill_padding(buffer.as_mut_ptr(), 1, geometry.as_ptr(), 1, [0u8].as_ptr(), std::ptr::null()) };
        assert_eq!(code, crate::status::XlaStatus::InvalidArgument.code());
    }
}
