//! Dense element literals: the payload of `dense<...>` attributes.
//!
//! Elements are stored little-endian, each in the whole number of bytes its element type
//! needs (`i1` and sub-byte integers and floats take one byte, `complex<f32>` eight). A splat
//! stores one element. Floats narrower than `f32` are converted with round-to-nearest-even
//! by [`crate::float_format`].
//!
//! Textual forms: `dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>`, a splat `dense<0.0> :
//! tensor<4xf32>`, raw bytes `dense<"0x0000803F"> : tensor<f32>`, complex elements `(1.0, 2.0)`,
//! and non-finite floats as their bit pattern `0x7FC00000`.

use std::fmt::Write;

use crate::float_format;
use crate::types::checked_element_count;
use crate::{Context, FloatKind, Signedness, TensorType, Type, TypeData};

/// The elements of a dense literal of tensor type `ty`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DenseElements {
    pub ty: Type,
    pub splat: bool,
    pub data: Vec<u8>,
}

/// One element value, as the parser reads it and the printer writes it.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Scalar {
    Int(i128),
    Float(f64),
    Complex(f64, f64),
}

/// How an element type is stored.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElementKind {
    Int { width: u32, signedness: Signedness },
    Float(FloatKind),
    Complex(FloatKind),
}

impl ElementKind {
    /// The storage kind of a scalar type, or `None` when the type cannot be an element.
    pub fn of(ctx: &Context, ty: Type) -> Option<ElementKind> {
        match ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                Some(ElementKind::Int { width: *width, signedness: *signedness })
            }
            TypeData::Index => Some(ElementKind::Int { width: 64, signedness: Signedness::Signed }),
            TypeData::Float(k) => Some(ElementKind::Float(*k)),
            TypeData::Complex(e) => match ctx.type_data(*e) {
                TypeData::Float(k) => Some(ElementKind::Complex(*k)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Bytes one element takes.
    pub fn byte_width(self) -> usize {
        match self {
            ElementKind::Int { width, .. } => (width as usize).div_ceil(8),
            ElementKind::Float(k) => (k.bit_width() as usize).div_ceil(8),
            ElementKind::Complex(k) => 2 * (k.bit_width() as usize).div_ceil(8),
        }
    }

    /// Encodes `value`, or says why it does not fit.
    pub fn encode(self, value: Scalar, out: &mut Vec<u8>) -> Result<(), String> {
        match (self, value) {
            (ElementKind::Int { width, signedness }, Scalar::Int(v)) => {
                let fits = if width >= 128 {
                    true
                } else if width == 1 {
                    v == 0 || v == 1 || v == -1
                } else {
                    match signedness {
                        // Signless integers accept the unsigned range too, as MLIR does.
                        Signedness::Signless => v >= -(1i128 << (width - 1)) && v < (1i128 << width),
                        Signedness::Signed => v >= -(1i128 << (width - 1)) && v < (1i128 << (width - 1)),
                        Signedness::Unsigned => v >= 0 && v < (1i128 << width),
                    }
                };
                if !fits {
                    return Err(format!("integer value {v} does not fit in {width} bits"));
                }
                let bytes = v.to_le_bytes();
                let n = self.byte_width();
                out.extend_from_slice(&bytes[..n]);
                if width == 1 {
                    *out.last_mut().expect("one byte was pushed") &= 1;
                }
                Ok(())
            }
            (ElementKind::Float(k), Scalar::Float(v)) => {
                push_bits(out, float_format::encode(k, v), self.byte_width());
                Ok(())
            }
            (ElementKind::Float(k), Scalar::Int(bits)) => {
                // A hexadecimal integer written for a float element is its bit pattern.
                push_bits(out, bits as u64, (k.bit_width() as usize).div_ceil(8));
                Ok(())
            }
            (ElementKind::Complex(k), Scalar::Complex(re, im)) => {
                let half = self.byte_width() / 2;
                push_bits(out, float_format::encode(k, re), half);
                push_bits(out, float_format::encode(k, im), half);
                Ok(())
            }
            (ElementKind::Int { .. }, _) => Err("expected an integer element".into()),
            (ElementKind::Float(_), _) => Err("expected a floating-point element".into()),
            (ElementKind::Complex(_), _) => Err("expected a complex element `(re, im)`".into()),
        }
    }

    /// Decodes the element stored in `bytes`.
    pub fn decode(self, bytes: &[u8]) -> Scalar {
        match self {
            ElementKind::Int { width, signedness } => {
                let raw = read_wide_bits(bytes);
                if width == 1 {
                    return Scalar::Int((raw & 1) as i128);
                }
                let value = if signedness != Signedness::Unsigned && width < 128 {
                    let shift = 128 - width;
                    ((raw as i128) << shift) >> shift
                } else {
                    raw as i128
                };
                Scalar::Int(value)
            }
            ElementKind::Float(k) => Scalar::Float(float_format::decode(k, read_bits(bytes))),
            ElementKind::Complex(k) => {
                let half = bytes.len() / 2;
                Scalar::Complex(
                    float_format::decode(k, read_bits(&bytes[..half])),
                    float_format::decode(k, read_bits(&bytes[half..])),
                )
            }
        }
    }
}

fn push_bits(out: &mut Vec<u8>, bits: u64, bytes: usize) {
    out.extend_from_slice(&bits.to_le_bytes()[..bytes]);
}

/// Reads up to 16 little-endian bytes (integers up to 128 bits wide).
fn read_wide_bits(bytes: &[u8]) -> u128 {
    let mut buf = [0u8; 16];
    let n = bytes.len().min(16);
    buf[..n].copy_from_slice(&bytes[..n]);
    u128::from_le_bytes(buf)
}

fn read_bits(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    buf[..bytes.len()].copy_from_slice(bytes);
    u64::from_le_bytes(buf)
}

impl DenseElements {
    /// The element kind and shape of the literal's tensor type.
    fn layout(&self, ctx: &Context) -> Option<(ElementKind, Vec<i64>)> {
        let tensor = ctx.as_tensor(self.ty)?;
        Some((ElementKind::of(ctx, tensor.element)?, tensor.static_shape()?))
    }

    /// Builds a literal from element values in row-major order (one value makes a splat).
    pub fn from_scalars(ctx: &Context, ty: Type, values: &[Scalar]) -> Result<DenseElements, String> {
        let tensor = ctx.as_tensor(ty).ok_or("a dense literal needs a tensor type")?;
        let kind = ElementKind::of(ctx, tensor.element).ok_or("unsupported element type for a dense literal")?;
        let count = element_count(tensor)?;
        let splat = values.len() == 1 && count != 1;
        if !splat && values.len() as i64 != count {
            return Err(format!("expected {count} elements, found {}", values.len()));
        }
        let mut data = Vec::with_capacity(values.len() * kind.byte_width());
        for v in values {
            kind.encode(*v, &mut data)?;
        }
        Ok(DenseElements { ty, splat, data })
    }

    /// Builds a literal from raw little-endian bytes (the `"0x..."` form).
    pub fn from_bytes(ctx: &Context, ty: Type, data: Vec<u8>) -> Result<DenseElements, String> {
        let tensor = ctx.as_tensor(ty).ok_or("a dense literal needs a tensor type")?;
        let kind = ElementKind::of(ctx, tensor.element).ok_or("unsupported element type for a dense literal")?;
        let count = element_count(tensor)?;
        let width = kind.byte_width();
        if data.len() == width && count != 1 {
            return Ok(DenseElements { ty, splat: true, data });
        }
        let bytes = u128::from(count.unsigned_abs()) * width as u128;
        if data.len() as u128 != bytes {
            return Err(format!("expected {bytes} bytes of data for {count} elements, found {}", data.len()));
        }
        Ok(DenseElements { ty, splat: false, data })
    }

    /// The number of elements of the literal's type.
    pub fn len(&self, ctx: &Context) -> usize {
        self.layout(ctx).and_then(|(_, shape)| checked_element_count(&shape)).map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    pub fn is_empty(&self, ctx: &Context) -> bool {
        self.len(ctx) == 0
    }

    /// Element `i` in row-major order.
    pub fn get(&self, ctx: &Context, i: usize) -> Option<Scalar> {
        let (kind, _) = self.layout(ctx)?;
        let width = kind.byte_width();
        let start = if self.splat { 0 } else { i * width };
        self.data.get(start..start + width).map(|bytes| kind.decode(bytes))
    }

    /// Whether every element equals `value` (a splat or a literal whose elements all match).
    pub fn all_equal(&self, ctx: &Context, value: Scalar) -> bool {
        if self.splat {
            return self.is_empty(ctx) || self.get(ctx, 0) == Some(value);
        }
        (0..self.len(ctx)).all(|i| self.get(ctx, i) == Some(value))
    }

    /// Writes `dense<...> : type`.
    pub fn write(&self, out: &mut String, ctx: &Context) {
        out.push_str("dense<");
        match self.layout(ctx) {
            Some((kind, shape)) => {
                let element = ctx.element_type(self.ty);
                if self.splat {
                    write_element(out, &self.data, kind, element, ctx);
                } else {
                    let mut index = 0;
                    write_nested(out, &shape, &self.data, kind, element, ctx, &mut index);
                }
            }
            None => {
                out.push_str("\"0x");
                for b in &self.data {
                    let _ = write!(out, "{b:02X}");
                }
                out.push('"');
            }
        }
        out.push_str("> : ");
        ctx.write_type(out, self.ty);
    }
}

/// The number of elements of a dense literal's tensor type, or why it has none.
fn element_count(tensor: &TensorType) -> Result<i64, String> {
    let shape = tensor.static_shape().ok_or("a dense literal needs a static shape")?;
    checked_element_count(&shape).ok_or_else(|| "the literal's type has more elements than fit in 64 bits".to_string())
}

fn write_nested(
    out: &mut String,
    shape: &[i64],
    data: &[u8],
    kind: ElementKind,
    element: Type,
    ctx: &Context,
    index: &mut usize,
) {
    match shape.split_first() {
        None => {
            let width = kind.byte_width();
            write_element(out, &data[*index * width..(*index + 1) * width], kind, element, ctx);
            *index += 1;
        }
        Some((&n, rest)) => {
            out.push('[');
            for i in 0..n {
                if i > 0 {
                    out.push_str(", ");
                }
                write_nested(out, rest, data, kind, element, ctx, index);
            }
            out.push(']');
        }
    }
}

/// Writes the element stored in `bytes`; a non-finite float prints as its stored bit
/// pattern, so NaN payloads survive a round trip.
fn write_element(out: &mut String, bytes: &[u8], kind: ElementKind, element: Type, ctx: &Context) {
    let value = kind.decode(bytes);
    match (kind, value) {
        (ElementKind::Float(k), Scalar::Float(v)) if !v.is_finite() => write_bits(out, read_bits(bytes), k),
        (ElementKind::Complex(k), Scalar::Complex(..)) => {
            let half = bytes.len() / 2;
            let part_type = ctx.float_type(k);
            out.push('(');
            write_element(out, &bytes[..half], ElementKind::Float(k), part_type, ctx);
            out.push_str(", ");
            write_element(out, &bytes[half..], ElementKind::Float(k), part_type, ctx);
            out.push(')');
        }
        _ => write_scalar(out, value, element, ctx),
    }
}

fn write_bits(out: &mut String, bits: u64, kind: FloatKind) {
    let digits = (kind.bit_width() as usize).div_ceil(4);
    let _ = write!(out, "0x{bits:0digits$X}");
}

fn write_scalar(out: &mut String, value: Scalar, element: Type, ctx: &Context) {
    match value {
        Scalar::Int(v) => {
            if matches!(ctx.type_data(element), TypeData::Integer { width: 1, .. }) {
                out.push_str(if v != 0 { "true" } else { "false" });
            } else {
                let _ = write!(out, "{v}");
            }
        }
        Scalar::Float(v) => write_float(out, v, element, ctx),
        Scalar::Complex(re, im) => {
            let part = match ctx.type_data(element) {
                TypeData::Complex(p) => *p,
                _ => element,
            };
            out.push('(');
            write_float(out, re, part, ctx);
            out.push_str(", ");
            write_float(out, im, part, ctx);
            out.push(')');
        }
    }
}

/// Writes a float so that it reads back to the same bits: the shortest decimal that round
/// trips for its type, always with a `.`, and non-finite values as their bit pattern.
pub fn write_float(out: &mut String, value: f64, ty: Type, ctx: &Context) {
    let kind = match ctx.type_data(ty) {
        TypeData::Float(k) => *k,
        _ => FloatKind::F64,
    };
    if !value.is_finite() {
        let bits = float_format::encode(kind, value);
        let digits = (kind.bit_width() as usize).div_ceil(4);
        let _ = write!(out, "0x{bits:0digits$X}");
        return;
    }
    let mut s = if kind == FloatKind::F64 { format!("{value:?}") } else { format!("{:?}", value as f32) };
    if !s.contains('.') {
        match s.find('e') {
            Some(e) => s.insert_str(e, ".0"),
            None => s.push_str(".0"),
        }
    }
    out.push_str(&s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_type_whose_element_count_overflows_has_no_literal() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let huge = ctx.tensor_type(&[4294967296, 4294967296], f32);
        let message = "the literal's type has more elements than fit in 64 bits";
        assert_eq!(DenseElements::from_scalars(&ctx, huge, &[Scalar::Float(1.0), Scalar::Float(2.0)]), Err(message.into()));
        assert_eq!(DenseElements::from_bytes(&ctx, huge, vec![0; 8]), Err(message.into()));
        let splat = DenseElements { ty: huge, splat: true, data: vec![0; 4] };
        assert_eq!(splat.len(&ctx), 0);
    }

    #[test]
    fn byte_counts_do_not_overflow() {
        let ctx = Context::new();
        let wide = ctx.tensor_type(&[i64::MAX], ctx.float_type(FloatKind::F64));
        let error = DenseElements::from_bytes(&ctx, wide, vec![0; 16]).expect_err("too few bytes");
        assert_eq!(error, format!("expected {} bytes of data for {} elements, found 16", i64::MAX as u128 * 8, i64::MAX));
    }

    #[test]
    fn a_splat_compares_one_element() {
        let ctx = Context::new();
        let ty = ctx.tensor_type(&[1 << 40], ctx.int_type(8));
        let splat = DenseElements::from_scalars(&ctx, ty, &[Scalar::Int(3)]).expect("a splat");
        assert!(splat.all_equal(&ctx, Scalar::Int(3)));
        assert!(!splat.all_equal(&ctx, Scalar::Int(4)));
    }
}
