//! The padding of padded result buffers, written with their layout's padding value: a
//! function whose result has a layout with `padded = [...]` and a `padding` other than
//! `unknown` ends by calling `xla_rt_fill_padding` on that result buffer, so the caller
//! finds XLA's promised values there (zero, one, the lowest or the highest value of the
//! element type) and not what the buffer held before.
//!
//! Invariant: only result buffers are filled (a temporary's padding is never read: loads
//! and stores address logical elements), once, after every element is written.

use xla_ir::{Layout, PaddingValue, Scalar, Signedness, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};
use crate::to_llvm::BufferLayout;

impl Lowering<'_, '_> {
    /// Fills the padding of every padded leaf buffer of `results` (see the module).
    pub fn fill_result_padding(&mut self, results: &[Lowered]) -> Emitted<()> {
        for result in results {
            for leaf in result.leaves() {
                let Lowered::Buffer(buffer) = leaf else { continue };
                self.fill_padding(buffer)?;
            }
        }
        Ok(())
    }

    /// Fills the padding of `buffer` when its layout is padded with a known value.
    fn fill_padding(&mut self, buffer: ValueId) -> Emitted<()> {
        let ctx = self.ctx();
        let Some(memref) = ctx.as_memref(self.body.value_type(buffer)).cloned() else { return Ok(()) };
        let Some(layout) = memref.layout.clone() else { return Ok(()) };
        let (Some(padded), Some(padding)) = (layout.padded_dims.clone(), layout.padding_value) else { return Ok(()) };
        let Some(value) = padding_scalar(ctx, padding, memref.element) else { return Ok(()) };
        let shape = self.buffer_shape(buffer)?;
        let storage = BufferLayout::of(ctx, &memref).map_err(|m| self.error(m))?;
        let mut geometry = Vec::with_capacity(2 * shape.len());
        for &d in &effective_minor_to_major(&layout, shape.len()) {
            let d = usize::try_from(d).map_err(|_| self.error("a layout with a negative dimension"))?;
            geometry.push(shape[d]);
            geometry.push(padded[d]);
        }
        let geometry = self.i64_buffer(&geometry)?;
        let rank = self.index(shape.len() as i64);
        let element_bytes = self.index(storage.element.storage_bytes());
        let value_type = self.memref_type(ctx.tensor_type(&[1], memref.element))?;
        let value_buffer = self.alloc(value_type);
        let value = self.scalar(value, memref.element)?;
        let zero = self.index(0);
        self.store(value, value_buffer, &[zero]);
        self.call_runtime("xla_rt_fill_padding", &[buffer, element_bytes, geometry, rank, value_buffer])
    }
}

/// The layout's minor-to-major order (row-major when it lists none).
fn effective_minor_to_major(layout: &Layout, rank: usize) -> Vec<i64> {
    if layout.minor_to_major.len() == rank {
        layout.minor_to_major.clone()
    } else {
        Layout::row_major(rank).minor_to_major
    }
}

/// The element of type `element` a padding value stands for (`None` for `unknown`):
/// zero, one, and the lowest and highest values (infinities for floats, the integer
/// extremes, `false` and `true` for predicates; complex numbers with a zero imaginary part).
fn padding_scalar(ctx: &xla_ir::Context, padding: PaddingValue, element: Type) -> Option<Scalar> {
    let (low, high) = match ctx.type_data(element) {
        TypeData::Integer { width: 1, .. } => (Scalar::Int(0), Scalar::Int(1)),
        TypeData::Integer { width, signedness } => {
            let width = *width;
            if *signedness == Signedness::Unsigned {
                (Scalar::Int(0), Scalar::Int((1i128 << width) - 1))
            } else {
                (Scalar::Int(-(1i128 << (width - 1))), Scalar::Int((1i128 << (width - 1)) - 1))
            }
        }
        TypeData::Float(_) => (Scalar::Float(f64::NEG_INFINITY), Scalar::Float(f64::INFINITY)),
        TypeData::Complex(_) => (Scalar::Complex(f64::NEG_INFINITY, 0.0), Scalar::Complex(f64::INFINITY, 0.0)),
        _ => return None,
    };
    let zero_or_one = |one: bool| match ctx.type_data(element) {
        TypeData::Float(_) => Scalar::Float(if one { 1.0 } else { 0.0 }),
        TypeData::Complex(_) => Scalar::Complex(if one { 1.0 } else { 0.0 }, 0.0),
        _ => Scalar::Int(i128::from(one)),
    };
    match padding {
        PaddingValue::Zero => Some(zero_or_one(false)),
        PaddingValue::One => Some(zero_or_one(true)),
        PaddingValue::Lowest => Some(low),
        PaddingValue::Highest => Some(high),
        PaddingValue::Unknown => None,
    }
}
