//! Types: the builtin type system shared by every dialect.
//!
//! Types are interned in the [`Context`](crate::Context) and referred to by [`Type`], a
//! `Copy` id; two types are equal exactly when their ids are equal. The builtin types are
//! MLIR's (integers, floats, `index`, `complex`, `tuple`, functions, `none`) plus a tensor
//! type that carries XLA's shape model: every dimension is static, unknown (`?`) or bounded
//! (`<=N`), and a tensor may carry an XLA [`Layout`]. Dialects add types of their own as
//! [`TypeData::Opaque`] (`!hlo.token`).
//!
//! Textual form: `tensor<2x?x<=8xf32>`, unranked `tensor<*xf32>`, with a layout `tensor<2x3xf32, {0, 1}>` and a padded
//! layout `tensor<2x3xf32, {0, 1}, padded = [3, 5], padding = zero>`.

use std::fmt::Write;

use crate::Context;

/// An interned type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

/// Whether an integer type is signless (`i32`), signed (`si32`) or unsigned (`ui32`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// The floating-point formats, with MLIR's spelling.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    TF32,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
}

impl FloatKind {
    /// Every format, in the order the parser tries their names.
    pub const ALL: [FloatKind; 16] = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::TF32,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F4E2M1FN,
    ];

    /// The MLIR spelling of the format.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F4E2M1FN => "f4E2M1FN",
        }
    }

    /// The storage width in bits.
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 | FloatKind::TF32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F4E2M1FN => 4,
            _ => 8,
        }
    }
}

/// One dimension of a tensor shape, as XLA's shape model has them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Dim {
    /// A dimension whose size is known: `4`.
    Static(i64),
    /// A dimension whose size is not known until run time: `?`.
    Unknown,
    /// A dynamic dimension with a static upper bound: `<=8`.
    Bounded(i64),
}

impl Dim {
    /// The size when it is static.
    pub fn static_size(self) -> Option<i64> {
        match self {
            Dim::Static(n) => Some(n),
            _ => None,
        }
    }
}

/// What fills the padding of a padded layout (XLA's `PaddingValue`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PaddingValue {
    Zero,
    One,
    Lowest,
    Highest,
    Unknown,
}

impl PaddingValue {
    pub const ALL: [PaddingValue; 5] = [
        PaddingValue::Zero,
        PaddingValue::One,
        PaddingValue::Lowest,
        PaddingValue::Highest,
        PaddingValue::Unknown,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PaddingValue::Zero => "zero",
            PaddingValue::One => "one",
            PaddingValue::Lowest => "lowest",
            PaddingValue::Highest => "highest",
            PaddingValue::Unknown => "unknown",
        }
    }
}

/// XLA's Layout: the order of dimensions in memory from most minor (fastest varying) to most
/// major, and optionally the padded size of each dimension and what fills the padding.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    pub minor_to_major: Vec<i64>,
    pub padded_dims: Option<Vec<i64>>,
    pub padding_value: Option<PaddingValue>,
}

impl Layout {
    /// The default layout of a rank-`rank` shape: major-to-minor (row-major), `{rank-1, ..., 0}`.
    pub fn row_major(rank: usize) -> Layout {
        Layout { minor_to_major: (0..rank as i64).rev().collect(), padded_dims: None, padding_value: None }
    }
}

/// A ranked tensor: element type, dimensions and an optional layout.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TensorType {
    pub dims: Vec<Dim>,
    pub element: Type,
    pub layout: Option<Layout>,
}

impl TensorType {
    /// The static sizes of every dimension, or `None` when any dimension is not static.
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        self.dims.iter().map(|d| d.static_size()).collect()
    }

    /// The number of elements, when the shape is static and the count fits in `i64` (a type
    /// whose count does not fit is one that every reader and the verifier reject, see
    /// [`array_size_error`]).
    pub fn num_elements(&self) -> Option<i64> {
        self.static_shape().and_then(|s| checked_element_count(&s))
    }

    /// Why a value of this type cannot be held in memory, when it cannot: see
    /// [`array_size_error`]. Static and bounded dimensions count at their size (bound),
    /// unknown ones as one, and a padded layout at its padded sizes; `element_bytes` is the
    /// width of one element.
    pub fn size_error(&self, element_bytes: u64) -> Option<&'static str> {
        let sizes: Vec<i64> = self
            .dims
            .iter()
            .map(|d| match d {
                Dim::Static(n) | Dim::Bounded(n) => *n,
                Dim::Unknown => 1,
            })
            .collect();
        array_size_error(&sizes, element_bytes).or_else(|| {
            let padded = self.layout.as_ref()?.padded_dims.as_ref()?;
            array_size_error(padded, element_bytes).map(|_| "the product of its padded sizes overflows i64")
        })
    }
}

/// The number of elements of an array with dimension sizes `sizes` (one for a scalar), or
/// `None` when a size is negative or the product does not fit in `i64`.
pub fn checked_element_count(sizes: &[i64]) -> Option<i64> {
    if sizes.iter().any(|&n| n < 0) {
        return None;
    }
    if sizes.contains(&0) {
        return Some(0);
    }
    sizes.iter().try_fold(1i64, |count, &n| count.checked_mul(n))
}

/// Why an array of dimension sizes `sizes` and elements of `element_bytes` bytes is too
/// large to exist, or `None` when it is not: the product of the sizes (zeros counted as
/// one) or that product times `element_bytes` overflows `i64`. Negative sizes are left to
/// other checks.
///
/// Counting zeros as one makes the rule hold for every part of a shape: when an array
/// passes, the product of any subset of its sizes, and its byte size, fit in `i64`, so no
/// element count, stride or offset computed from it overflows, in any order.
pub fn array_size_error(sizes: &[i64], element_bytes: u64) -> Option<&'static str> {
    let mut product: i64 = 1;
    for &n in sizes {
        match product.checked_mul(n.max(1)) {
            Some(p) => product = p,
            None => return Some("the product of its dimension sizes overflows i64"),
        }
    }
    let bytes = i64::try_from(element_bytes.max(1)).ok().and_then(|width| product.checked_mul(width));
    match bytes {
        Some(_) => None,
        None => Some("its size in bytes overflows i64"),
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Integer { width: u32, signedness: Signedness },
    Float(FloatKind),
    Index,
    None,
    Complex(Type),
    Tensor(TensorType),
    /// A buffer holding a tensor's elements in memory, `memref<2x3xf32, {0, 1}>`: the loop
    /// level's view of an array, with the same shape model and layout as a tensor.
    MemRef(TensorType),
    /// A tensor of unknown rank, `tensor<*xf32>`: what relaxing shapes of different ranks
    /// gives (TensorFlow's unknown shape). XLA's own shapes are always ranked.
    UnrankedTensor(Type),
    Tuple(Vec<Type>),
    Function { inputs: Vec<Type>, results: Vec<Type> },
    /// A dialect type kept as text: `!hlo.token` has dialect `hlo` and body `token`.
    Opaque { dialect: String, body: String },
}

impl Context {
    /// The signless integer type `iN`.
    pub fn int_type(&self, width: u32) -> Type {
        self.intern_type(TypeData::Integer { width, signedness: Signedness::Signless })
    }

    /// The unsigned integer type `uiN`.
    pub fn uint_type(&self, width: u32) -> Type {
        self.intern_type(TypeData::Integer { width, signedness: Signedness::Unsigned })
    }

    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.intern_type(TypeData::Float(kind))
    }

    pub fn f32_type(&self) -> Type {
        self.float_type(FloatKind::F32)
    }

    pub fn index_type(&self) -> Type {
        self.intern_type(TypeData::Index)
    }

    pub fn function_type(&self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeData::Function { inputs, results })
    }

    /// A tensor of static shape without a layout.
    pub fn tensor_type(&self, shape: &[i64], element: Type) -> Type {
        let dims = shape.iter().map(|&n| Dim::Static(n)).collect();
        self.intern_type(TypeData::Tensor(TensorType { dims, element, layout: None }))
    }

    /// A buffer of static shape without a layout.
    pub fn memref_type(&self, shape: &[i64], element: Type) -> Type {
        let dims = shape.iter().map(|&n| Dim::Static(n)).collect();
        self.intern_type(TypeData::MemRef(TensorType { dims, element, layout: None }))
    }

    /// The buffer, if `ty` is a memref.
    pub fn as_memref(&self, ty: Type) -> Option<&TensorType> {
        match self.type_data(ty) {
            TypeData::MemRef(t) => Some(t),
            _ => None,
        }
    }

    /// The tensor, if `ty` is one.
    pub fn as_tensor(&self, ty: Type) -> Option<&TensorType> {
        match self.type_data(ty) {
            TypeData::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The element type of a tensor (ranked or not), or the type itself for a scalar type.
    pub fn element_type(&self, ty: Type) -> Type {
        self.tensor_element(ty).unwrap_or(ty)
    }

    /// The element type of a ranked or unranked tensor.
    pub fn tensor_element(&self, ty: Type) -> Option<Type> {
        match self.type_data(ty) {
            TypeData::Tensor(t) => Some(t.element),
            TypeData::UnrankedTensor(element) => Some(*element),
            _ => None,
        }
    }

    pub fn is_float(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Float(_))
    }

    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Integer { .. })
    }

    pub fn is_complex(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Complex(_))
    }

    /// Writes the textual form of `ty`.
    pub fn write_type(&self, out: &mut String, ty: Type) {
        match self.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(out, "{prefix}{width}");
            }
            TypeData::Float(kind) => out.push_str(kind.name()),
            TypeData::Index => out.push_str("index"),
            TypeData::None => out.push_str("none"),
            TypeData::Complex(e) => {
                out.push_str("complex<");
                self.write_type(out, *e);
                out.push('>');
            }
            TypeData::Tensor(t) => self.write_shaped_type(out, "tensor", t),
            TypeData::MemRef(t) => self.write_shaped_type(out, "memref", t),
            TypeData::UnrankedTensor(element) => {
                out.push_str("tensor<*x");
                self.write_type(out, *element);
                out.push('>');
            }
            TypeData::Tuple(elements) => {
                out.push_str("tuple<");
                self.write_type_list(out, elements);
                out.push('>');
            }
            TypeData::Function { inputs, results } => {
                out.push('(');
                self.write_type_list(out, inputs);
                out.push_str(") -> ");
                self.write_result_types(out, results);
            }
            TypeData::Opaque { dialect, body } => {
                let _ = write!(out, "!{dialect}.{body}");
            }
        }
    }

    /// Writes `a, b, c`.
    pub fn write_type_list(&self, out: &mut String, types: &[Type]) {
        for (i, t) in types.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_type(out, *t);
        }
    }

    /// Writes result types as MLIR does: a single non-function type bare, otherwise in parens.
    pub fn write_result_types(&self, out: &mut String, results: &[Type]) {
        let bare = results.len() == 1 && !matches!(self.type_data(results[0]), TypeData::Function { .. });
        if bare {
            self.write_type(out, results[0]);
        } else {
            out.push('(');
            self.write_type_list(out, results);
            out.push(')');
        }
    }

    fn write_shaped_type(&self, out: &mut String, keyword: &str, t: &TensorType) {
        out.push_str(keyword);
        out.push('<');
        for d in &t.dims {
            match d {
                Dim::Static(n) => {
                    let _ = write!(out, "{n}");
                }
                Dim::Unknown => out.push('?'),
                Dim::Bounded(n) => {
                    let _ = write!(out, "<={n}");
                }
            }
            out.push('x');
        }
        self.write_type(out, t.element);
        if let Some(layout) = &t.layout {
            out.push_str(", {");
            write_i64_list(out, &layout.minor_to_major);
            out.push('}');
            if let Some(padded) = &layout.padded_dims {
                out.push_str(", padded = [");
                write_i64_list(out, padded);
                out.push(']');
            }
            if let Some(value) = layout.padding_value {
                let _ = write!(out, ", padding = {}", value.name());
            }
        }
        out.push('>');
    }

    /// The bytes one element of type `element` takes in memory, as dense literals and the
    /// lowering store it: a whole number of bytes, at least one; `index` takes eight, a
    /// complex number both of its parts. A dialect type counts as one byte.
    pub fn element_bytes(&self, element: Type) -> u64 {
        match self.type_data(element) {
            TypeData::Integer { width, .. } => u64::from(width.div_ceil(8)).max(1),
            TypeData::Index => 8,
            TypeData::Float(kind) => u64::from(kind.bit_width().div_ceil(8)).max(1),
            TypeData::Complex(part) => 2 * self.element_bytes(*part),
            _ => 1,
        }
    }

    /// Checks that values of type `ty` can exist: for a tensor or memref (and the elements of
    /// a tuple), that [`TensorType::size_error`] finds nothing. The error names the type and
    /// says what overflows.
    pub fn check_type_size(&self, ty: Type) -> Result<(), String> {
        match self.type_data(ty) {
            TypeData::Tensor(t) | TypeData::MemRef(t) => match t.size_error(self.element_bytes(t.element)) {
                Some(why) => Err(format!("the type {} is too large: {why}", self.type_to_string(ty))),
                None => Ok(()),
            },
            TypeData::Tuple(elements) => elements.iter().try_for_each(|&e| self.check_type_size(e)),
            _ => Ok(()),
        }
    }

    /// The textual form of `ty`, for messages.
    pub fn type_to_string(&self, ty: Type) -> String {
        let mut s = String::new();
        self.write_type(&mut s, ty);
        s
    }
}

/// Writes `1, 2, 3`.
pub(crate) fn write_i64_list(out: &mut String, values: &[i64]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{v}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_counts_are_checked() {
        assert_eq!(checked_element_count(&[]), Some(1));
        assert_eq!(checked_element_count(&[2, 3, 4]), Some(24));
        assert_eq!(checked_element_count(&[4294967296, 4294967296]), None);
        assert_eq!(checked_element_count(&[i64::MAX, 4]), None);
        assert_eq!(checked_element_count(&[4294967296, 4294967296, 0]), Some(0));
        assert_eq!(checked_element_count(&[2, -3]), None);
    }

    #[test]
    fn array_sizes_must_fit_in_i64() {
        assert_eq!(array_size_error(&[2, 3], 4), None);
        assert_eq!(array_size_error(&[i64::MAX], 1), None);
        assert_eq!(array_size_error(&[4294967296, 4294967296], 4), Some("the product of its dimension sizes overflows i64"));
        // A zero size does not hide the product of the others.
        assert_eq!(array_size_error(&[0, 4294967296, 4294967296], 1), Some("the product of its dimension sizes overflows i64"));
        assert_eq!(array_size_error(&[i64::MAX], 4), Some("its size in bytes overflows i64"));
        assert_eq!(array_size_error(&[1 << 61], 4), Some("its size in bytes overflows i64"));
        assert_eq!(array_size_error(&[1 << 60], 4), None);
    }

    #[test]
    fn types_too_large_are_named() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let huge = ctx.tensor_type(&[4294967296, 4294967296], f32);
        assert_eq!(ctx.as_tensor(huge).and_then(TensorType::num_elements), None);
        assert_eq!(
            ctx.check_type_size(huge),
            Err("the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64".into())
        );
        let bytes = ctx.memref_type(&[1 << 62], ctx.float_type(FloatKind::F64));
        assert_eq!(ctx.check_type_size(bytes), Err(format!("the type memref<{}xf64> is too large: its size in bytes overflows i64", 1i64 << 62)));
        let bounded = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Bounded(1 << 40), Dim::Bounded(1 << 40)], element: f32, layout: None }));
        assert!(ctx.check_type_size(bounded).is_err());
        let unknown = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown, Dim::Static(1 << 40)], element: f32, layout: None }));
        assert_eq!(ctx.check_type_size(unknown), Ok(()));
        let padded = Layout { minor_to_major: vec![1, 0], padded_dims: Some(vec![1 << 40, 1 << 40]), padding_value: None };
        let padded = ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Static(2), Dim::Static(2)], element: f32, layout: Some(padded) }));
        assert!(ctx.check_type_size(padded).expect_err("padded").ends_with("the product of its padded sizes overflows i64"));
        let tuple = ctx.ty(TypeData::Tuple(vec![f32, huge]));
        assert!(ctx.check_type_size(tuple).is_err());
        assert_eq!(ctx.check_type_size(ctx.tensor_type(&[2, 3], f32)), Ok(()));
    }
}
