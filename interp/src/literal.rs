//! Literals: dense arrays of one element type, the values the interpreter computes with.
//!
//! A [`Literal`] has an [`ElementType`], a static shape and its elements in row-major
//! order, whatever layout the tensor type names: layouts say how compiled code stores an
//! array, not what the array is, so the interpreter reads and writes logical values only.
//!
//! Elements are stored by kind: integers and `pred` as `i128` (every integer of up to 64
//! bits, signed or not, is exact), floats of every format as `f64` (exact, see
//! [`crate::element`]), complex numbers as pairs of `f64`.
//!
//! Invariants: `elements.len()` is the product of `shape`; the storage kind matches the
//! element type; every element is representable in the element type.

use num_complex::Complex64;
use xla_ir::dense::ElementKind;
use xla_ir::{float_format, Context, DenseElements, FloatKind, Scalar, Signedness, Type};

use crate::element::{round_to_format, ElementType};
use crate::index::{num_elements, row_major_strides};

/// The elements of a literal, by storage kind.
#[derive(Clone, PartialEq, Debug)]
pub enum Elements {
    /// `pred` (0 or 1) and integers.
    Int(Vec<i128>),
    /// Every float format.
    Float(Vec<f64>),
    /// Complex numbers.
    Complex(Vec<Complex64>),
}

impl Elements {
    pub fn len(&self) -> usize {
        match self {
            Elements::Int(v) => v.len(),
            Elements::Float(v) => v.len(),
            Elements::Complex(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements at `positions`, in that order.
    pub fn select(&self, positions: impl IntoIterator<Item = usize>) -> Elements {
        match self {
            Elements::Int(v) => Elements::Int(positions.into_iter().map(|p| v[p]).collect()),
            Elements::Float(v) => Elements::Float(positions.into_iter().map(|p| v[p]).collect()),
            Elements::Complex(v) => Elements::Complex(positions.into_iter().map(|p| v[p]).collect()),
        }
    }

    /// Empty storage of the kind `element` needs, with room for `capacity` elements.
    pub fn with_capacity(element: ElementType, capacity: usize) -> Elements {
        match element {
            ElementType::Pred | ElementType::Int { .. } => Elements::Int(Vec::with_capacity(capacity)),
            ElementType::Float(_) => Elements::Float(Vec::with_capacity(capacity)),
            ElementType::Complex(_) => Elements::Complex(Vec::with_capacity(capacity)),
        }
    }

    /// As [`Elements::with_capacity`], or why the room cannot be allocated (rather than
    /// aborting, as an infallible allocation does).
    pub fn try_with_capacity(element: ElementType, capacity: usize) -> Result<Elements, String> {
        fn reserve<T>(capacity: usize) -> Result<Vec<T>, String> {
            let mut values = Vec::new();
            values
                .try_reserve_exact(capacity)
                .map_err(|_| format!("cannot allocate {} bytes for {capacity} elements", capacity.saturating_mul(std::mem::size_of::<T>())))?;
            Ok(values)
        }
        Ok(match element {
            ElementType::Pred | ElementType::Int { .. } => Elements::Int(reserve(capacity)?),
            ElementType::Float(_) => Elements::Float(reserve(capacity)?),
            ElementType::Complex(_) => Elements::Complex(reserve(capacity)?),
        })
    }

    /// `count` copies of `value`.
    pub fn splat(value: Scalar, count: usize) -> Elements {
        match value {
            Scalar::Int(v) => Elements::Int(vec![v; count]),
            Scalar::Float(v) => Elements::Float(vec![v; count]),
            Scalar::Complex(re, im) => Elements::Complex(vec![Complex64::new(re, im); count]),
        }
    }

    /// Element `i` as a [`Scalar`].
    pub fn get(&self, i: usize) -> Scalar {
        match self {
            Elements::Int(v) => Scalar::Int(v[i]),
            Elements::Float(v) => Scalar::Float(v[i]),
            Elements::Complex(v) => Scalar::Complex(v[i].re, v[i].im),
        }
    }

    /// Overwrites element `i` with `value`, which must be of the storage kind.
    pub fn set(&mut self, i: usize, value: Scalar) {
        match (self, value) {
            (Elements::Int(v), Scalar::Int(x)) => v[i] = x,
            (Elements::Float(v), Scalar::Float(x)) => v[i] = x,
            (Elements::Complex(v), Scalar::Complex(re, im)) => v[i] = Complex64::new(re, im),
            (storage, value) => unreachable!("a {value:?} stored into {} storage", storage.kind_name()),
        }
    }

    /// Appends `value`, which must be of the storage kind.
    pub fn push(&mut self, value: Scalar) {
        match (self, value) {
            (Elements::Int(v), Scalar::Int(x)) => v.push(x),
            (Elements::Float(v), Scalar::Float(x)) => v.push(x),
            (Elements::Complex(v), Scalar::Complex(re, im)) => v.push(Complex64::new(re, im)),
            (storage, value) => unreachable!("a {value:?} pushed onto {} storage", storage.kind_name()),
        }
    }

    /// Copies element `from` of `source` (of the same kind) to element `to` of `self`.
    pub fn copy_from(&mut self, to: usize, source: &Elements, from: usize) {
        match (self, source) {
            (Elements::Int(a), Elements::Int(b)) => a[to] = b[from],
            (Elements::Float(a), Elements::Float(b)) => a[to] = b[from],
            (Elements::Complex(a), Elements::Complex(b)) => a[to] = b[from],
            (a, b) => unreachable!("copy from {} storage into {} storage", b.kind_name(), a.kind_name()),
        }
    }

    fn kind_name(&self) -> &'static str {
        match self {
            Elements::Int(_) => "integer",
            Elements::Float(_) => "float",
            Elements::Complex(_) => "complex",
        }
    }
}

/// A dense array: element type, shape, and elements in row-major order.
#[derive(Clone, PartialEq, Debug)]
pub struct Literal {
    pub element: ElementType,
    pub shape: Vec<i64>,
    pub elements: Elements,
}

impl Literal {
    /// A literal from its parts, checking the element count and storage kind.
    pub fn new(element: ElementType, shape: Vec<i64>, elements: Elements) -> Literal {
        debug_assert_eq!(elements.len() as i64, shape.iter().product::<i64>(), "element count of shape {shape:?}");
        debug_assert_eq!(
            std::mem::discriminant(&elements),
            std::mem::discriminant(&Elements::with_capacity(element, 0)),
            "storage kind of {element:?}"
        );
        Literal { element, shape, elements }
    }

    /// A literal of `shape` whose every element is `value` (already of the element type).
    pub fn splat(element: ElementType, shape: Vec<i64>, value: Scalar) -> Literal {
        let count = num_elements(&shape);
        Literal::new(element, shape, Elements::splat(value, count))
    }

    /// A rank-0 literal.
    pub fn scalar(element: ElementType, value: Scalar) -> Literal {
        Literal::splat(element, vec![], value)
    }

    /// A literal of `shape` whose element at each row-major position is `f(position)`.
    pub fn from_fn(element: ElementType, shape: Vec<i64>, mut f: impl FnMut(usize) -> Scalar) -> Literal {
        let count = num_elements(&shape);
        let mut elements = Elements::with_capacity(element, count);
        for i in 0..count {
            elements.push(f(i));
        }
        Literal::new(element, shape, elements)
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn len(&self) -> usize {
        self.elements.len()
    }

    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// The element at row-major position `i`.
    pub fn get(&self, i: usize) -> Scalar {
        self.elements.get(i)
    }

    /// The element at multi-dimensional `index`.
    pub fn at(&self, index: &[i64]) -> Scalar {
        self.get(crate::index::linear_index(&self.shape, index))
    }

    /// The integer elements, when the literal holds integers or predicates.
    pub fn ints(&self) -> Option<&[i128]> {
        match &self.elements {
            Elements::Int(v) => Some(v),
            _ => None,
        }
    }

    /// The float elements, when the literal holds floats.
    pub fn floats(&self) -> Option<&[f64]> {
        match &self.elements {
            Elements::Float(v) => Some(v),
            _ => None,
        }
    }

    /// The strides of the row-major layout of the shape.
    pub fn strides(&self) -> Vec<i64> {
        row_major_strides(&self.shape)
    }

    /// The value of a rank-0 (or one-element) integer literal, such as a start index.
    pub fn as_index(&self) -> Option<i128> {
        match (&self.elements, self.len()) {
            (Elements::Int(v), 1) => Some(v[0]),
            _ => None,
        }
    }

    /// The same elements with another shape of equal element count.
    pub fn reshaped(mut self, shape: Vec<i64>) -> Literal {
        debug_assert_eq!(num_elements(&shape), self.len());
        self.shape = shape;
        self
    }

    /// The literal of a dense attribute, or why it cannot be one.
    pub fn from_dense(ctx: &Context, dense: &DenseElements) -> Result<Literal, String> {
        let tensor = ctx.as_tensor(dense.ty).ok_or("a dense literal needs a tensor type")?;
        let shape = tensor.static_shape().ok_or("a dense literal needs a static shape")?;
        let element = ElementType::of(ctx, tensor.element)
            .ok_or_else(|| format!("unsupported element type {}", ctx.type_to_string(tensor.element)))?;
        let count = num_elements(&shape);
        let kind = ElementKind::of(ctx, tensor.element).ok_or("unsupported element type")?;
        let width = kind.byte_width();
        let mut elements = Elements::with_capacity(element, count);
        for i in 0..count {
            let start = if dense.splat { 0 } else { i * width };
            let bytes = dense.data.get(start..start + width).ok_or("a dense literal has fewer elements than its type")?;
            let value = match (element, kind.decode(bytes)) {
                // `i1` decodes as 0 or 1 already; signless integers are signed.
                (_, Scalar::Int(v)) => Scalar::Int(element.wrap(v)),
                (_, other) => other,
            };
            elements.push(value);
        }
        Ok(Literal::new(element, shape, elements))
    }

    /// The dense attribute payload of this literal, with tensor type `ty`.
    pub fn to_dense(&self, ctx: &Context, ty: Type) -> Result<DenseElements, String> {
        let values: Vec<Scalar> = (0..self.len()).map(|i| self.get(i)).collect();
        if values.is_empty() {
            return Ok(DenseElements { ty, splat: false, data: Vec::new() });
        }
        DenseElements::from_scalars(ctx, ty, &values)
    }

    /// The MLIR tensor type of this literal (no layout).
    pub fn tensor_type(&self, ctx: &Context) -> Type {
        ctx.tensor_type(&self.shape, self.element.to_type(ctx))
    }

    /// A short description: `f32[2,3]`.
    pub fn shape_string(&self) -> String {
        shape_string(self.element, &self.shape)
    }

    /// The elements as XLA CPU lays out a dense array in memory: row-major, each element
    /// in [`ElementType::byte_width`] little-endian bytes (`pred` and sub-byte integers one
    /// per byte, sign-extended when signed; floats by their bits; complex numbers as the
    /// real then the imaginary part). What compiled code reads and writes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let width = self.element.byte_width();
        let mut bytes = Vec::with_capacity(self.len() * width);
        for i in 0..self.len() {
            match (self.element, self.get(i)) {
                (ElementType::Float(kind), Scalar::Float(x)) => push_bits(&mut bytes, float_format::encode(kind, x), width),
                (ElementType::Complex(kind), Scalar::Complex(re, im)) => {
                    push_bits(&mut bytes, float_format::encode(kind, re), width / 2);
                    push_bits(&mut bytes, float_format::encode(kind, im), width / 2);
                }
                (_, Scalar::Int(v)) => bytes.extend_from_slice(&v.to_le_bytes()[..width]),
                _ => bytes.extend(std::iter::repeat_n(0, width)),
            }
        }
        bytes
    }

    /// The literal of `element` and `shape` whose elements `bytes` holds as
    /// [`Literal::to_bytes`] lays them out, or why it cannot be (a length that does not
    /// fit the shape, elements that cannot be allocated). A `pred` byte other than 0 reads
    /// as 1.
    pub fn from_bytes(element: ElementType, shape: Vec<i64>, bytes: &[u8]) -> Result<Literal, String> {
        let width = element.byte_width();
        let count = num_elements(&shape);
        if count.checked_mul(width) != Some(bytes.len()) {
            return Err(format!("{} bytes do not hold the {count} elements of {}", bytes.len(), shape_string(element, &shape)));
        }
        let mut elements = Elements::try_with_capacity(element, count).map_err(|e| format!("{}: {e}", shape_string(element, &shape)))?;
        for chunk in bytes.chunks_exact(width) {
            let bits = |part: &[u8]| part.iter().rev().fold(0u128, |acc, b| acc << 8 | u128::from(*b));
            elements.push(match element {
                ElementType::Pred => Scalar::Int((bits(chunk) != 0) as i128),
                ElementType::Int { .. } => Scalar::Int(element.from_bits(bits(chunk))),
                ElementType::Float(kind) => Scalar::Float(float_format::decode(kind, bits(chunk) as u64)),
                ElementType::Complex(kind) => {
                    let (re, im) = chunk.split_at(width / 2);
                    Scalar::Complex(float_format::decode(kind, bits(re) as u64), float_format::decode(kind, bits(im) as u64))
                }
            });
        }
        Ok(Literal::new(element, shape, elements))
    }
}

/// Appends the low `width` bytes of `bits`, little-endian.
fn push_bits(bytes: &mut Vec<u8>, bits: u64, width: usize) {
    bytes.extend_from_slice(&bits.to_le_bytes()[..width]);
}

/// XLA's spelling of a shape: `f32[2,3]`, `pred[]`.
pub fn shape_string(element: ElementType, shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("{}[{}]", element.name(), dims.join(","))
}

/// `value` (any scalar) as an element of `element`: integers wrap, floats round to the
/// format, complex numbers round both parts. Used where a computation produced a value in
/// a wider type than the element type.
pub fn normalize(element: ElementType, value: Scalar) -> Scalar {
    match (element, value) {
        (ElementType::Pred, Scalar::Int(v)) => Scalar::Int((v != 0) as i128),
        (ElementType::Int { .. }, Scalar::Int(v)) => Scalar::Int(element.wrap(v)),
        (ElementType::Float(kind), Scalar::Float(v)) => Scalar::Float(round_to_format(kind, v)),
        (ElementType::Complex(kind), Scalar::Complex(re, im)) => {
            Scalar::Complex(round_to_format(kind, re), round_to_format(kind, im))
        }
        (_, other) => other,
    }
}

/// Whether an MLIR integer type is unsigned; signless types are XLA's signed ones.
pub fn is_unsigned(signedness: Signedness) -> bool {
    signedness == Signedness::Unsigned
}

/// The format of a complex element type's parts.
pub fn complex_part_format(element: ElementType) -> Option<FloatKind> {
    match element {
        ElementType::Complex(kind) => Some(kind),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_literals_round_trip() {
        let ctx = Context::new();
        let ty = ctx.tensor_type(&[2, 2], ctx.uint_type(8));
        let dense = DenseElements::from_scalars(&ctx, ty, &[Scalar::Int(1), Scalar::Int(2), Scalar::Int(255), Scalar::Int(0)])
            .expect("fits");
        let literal = Literal::from_dense(&ctx, &dense).expect("a literal");
        assert_eq!(literal.element, ElementType::Int { bits: 8, signed: false });
        assert_eq!(literal.ints(), Some(&[1, 2, 255, 0][..]));
        assert_eq!(literal.at(&[1, 0]), Scalar::Int(255));
        assert_eq!(literal.to_dense(&ctx, ty).expect("encodes"), dense);
    }

    #[test]
    fn bytes_round_trip_in_xla_cpu_layout() {
        let s4 = ElementType::Int { bits: 4, signed: true };
        let literal = Literal::new(s4, vec![3], Elements::Int(vec![-8, 7, -1]));
        assert_eq!(literal.to_bytes(), vec![0xF8, 0x07, 0xFF]);
        assert_eq!(Literal::from_bytes(s4, vec![3], &literal.to_bytes()), Ok(literal));
        let bf16 = ElementType::Float(FloatKind::BF16);
        let floats = Literal::new(bf16, vec![2], Elements::Float(vec![1.0, -2.0]));
        assert_eq!(floats.to_bytes(), vec![0x80, 0x3F, 0x00, 0xC0]);
        assert_eq!(Literal::from_bytes(bf16, vec![2], &floats.to_bytes()), Ok(floats));
        let pred = Literal::from_bytes(ElementType::Pred, vec![2], &[0, 5]).expect("two bytes");
        assert_eq!(pred.ints(), Some(&[0, 1][..]));
        assert!(Literal::from_bytes(ElementType::F32, vec![2], &[0; 7]).is_err());
    }

    #[test]
    fn splat_literals_expand() {
        let ctx = Context::new();
        let ty = ctx.tensor_type(&[3], ctx.int_type(32));
        let dense = DenseElements::from_scalars(&ctx, ty, &[Scalar::Int(-7)]).expect("fits");
        let literal = Literal::from_dense(&ctx, &dense).expect("a literal");
        assert_eq!(literal.ints(), Some(&[-7, -7, -7][..]));
        assert_eq!(literal.shape_string(), "s32[3]");
    }
}
