//! NumPy `.npy` and `.npz` files to and from literals, through the `npyz` crate: how
//! `xla-run` reads its inputs and writes its outputs, and how tests read XLA's.
//!
//! Element types map to NumPy's dtypes: `pred` is `bool`, `sN`/`uN` are `intN`/`uintN`
//! (2- and 4-bit integers take a byte), `f16`/`f32`/`f64` and `c64`/`c128` are NumPy's own.
//! NumPy has no `bf16` or 8-bit float dtype: files keep them as their bit patterns, in an
//! unsigned integer (as JAX's exports do) or a void (`|V2`, as `ml_dtypes` saves them) of
//! the same width; reading such a file needs the element type it is meant to have.
//!
//! Invariants: a literal read back from what [`write_npy`] wrote is equal to the original,
//! bit for bit; malformed files and dtypes that do not fit the expected element type are
//! errors, never panics.

use std::io::{Read, Seek, Write};
use std::path::Path;

use npyz::{DType, Deserialize, NpyFile, Order, TypeChar, WriterBuilder};
use num_complex::{Complex32, Complex64};
use xla_ir::{FloatKind, Scalar};

use crate::element::ElementType;
use crate::index::{for_each_index, linear_index};
use crate::literal::{Elements, Literal};
use crate::ops::convert::{scalar_bits, scalar_from_bits};

/// Reads one `.npy` file. `expected` is the element type the array is meant to have; it
/// decides how bit patterns stored as integers are read (see the module), and is
/// otherwise only a hint.
pub fn read_npy(reader: impl Read, expected: Option<ElementType>) -> Result<Literal, String> {
    let file = NpyFile::new(reader).map_err(|e| format!("not a .npy file: {e}"))?;
    let shape: Vec<i64> = file.shape().iter().map(|&d| d as i64).collect();
    let order = file.order();
    let DType::Plain(type_str) = file.dtype() else {
        return Err("structured (record) arrays are not supported".into());
    };
    let (type_char, size) = (type_str.type_char(), type_str.size_field());
    let elements_in_file_order = match (type_char, size) {
        (TypeChar::Bool, 1) => ints::<bool>(file, |b| b as i128).map(|v| (ElementType::Pred, v))?,
        (TypeChar::Int, 1) => ints::<i8>(file, i128::from).map(|v| (int(8, true), v))?,
        (TypeChar::Int, 2) => ints::<i16>(file, i128::from).map(|v| (int(16, true), v))?,
        (TypeChar::Int, 4) => ints::<i32>(file, i128::from).map(|v| (int(32, true), v))?,
        (TypeChar::Int, 8) => ints::<i64>(file, i128::from).map(|v| (int(64, true), v))?,
        (TypeChar::Uint, 1) => ints::<u8>(file, i128::from).map(|v| (int(8, false), v))?,
        (TypeChar::Uint, 2) => ints::<u16>(file, i128::from).map(|v| (int(16, false), v))?,
        (TypeChar::Uint, 4) => ints::<u32>(file, i128::from).map(|v| (int(32, false), v))?,
        (TypeChar::Uint, 8) => ints::<u64>(file, i128::from).map(|v| (int(64, false), v))?,
        (TypeChar::Float, 2) => floats::<half::f16>(file, half::f16::to_f64).map(|v| (ElementType::Float(FloatKind::F16), v))?,
        (TypeChar::Float, 4) => floats::<f32>(file, f64::from).map(|v| (ElementType::F32, v))?,
        (TypeChar::Float, 8) => floats::<f64>(file, |x| x).map(|v| (ElementType::F64, v))?,
        (TypeChar::Complex, 8) => {
            let values = read_vec::<Complex32>(file)?;
            (ElementType::Complex(FloatKind::F32), Elements::Complex(values.iter().map(|z| Complex64::new(z.re.into(), z.im.into())).collect()))
        }
        (TypeChar::Complex, 16) => (ElementType::Complex(FloatKind::F64), Elements::Complex(read_vec::<Complex64>(file)?)),
        (TypeChar::RawData, 1) => raw::<1>(file).map(|v| (int(8, false), v))?,
        (TypeChar::RawData, 2) => raw::<2>(file).map(|v| (int(16, false), v))?,
        _ => return Err(format!("the dtype '{type_str}' is not supported")),
    };
    let (stored, elements) = elements_in_file_order;
    let elements = if order == Order::Fortran && shape.len() > 1 { fortran_to_c(&shape, elements) } else { elements };
    let literal = Literal { element: stored, shape, elements };
    Ok(match expected {
        Some(expected) => reinterpret(literal, expected),
        None => literal,
    })
}

/// A literal stored as unsigned bits (or a narrower integer type) read as `expected`
/// when that is a float type of the same width, or an integer type of at most the width.
fn reinterpret(literal: Literal, expected: ElementType) -> Literal {
    let bits_of_float = matches!(expected, ElementType::Float(_))
        && matches!(literal.element, ElementType::Int { signed: false, .. })
        && literal.element.bit_width() == expected.byte_width() as u32 * 8;
    let narrow_int = matches!(expected, ElementType::Int { .. })
        && literal.element.is_integer()
        && expected.byte_width() == literal.element.byte_width()
        && expected.bit_width() < literal.element.bit_width();
    if !(bits_of_float || narrow_int) {
        return literal;
    }
    Literal::from_fn(expected, literal.shape.clone(), |i| match literal.get(i) {
        Scalar::Int(v) if bits_of_float => scalar_from_bits(expected, literal.element.to_bits(v)),
        Scalar::Int(v) => Scalar::Int(expected.wrap(v)),
        other => other,
    })
}

fn int(bits: u32, signed: bool) -> ElementType {
    ElementType::Int { bits, signed }
}

fn read_vec<T: Deserialize>(file: NpyFile<impl Read>) -> Result<Vec<T>, String> {
    file.into_vec::<T>().map_err(|e| format!("cannot read the array's data: {e}"))
}

fn ints<T: Deserialize>(file: NpyFile<impl Read>, f: fn(T) -> i128) -> Result<Elements, String> {
    Ok(Elements::Int(read_vec::<T>(file)?.into_iter().map(f).collect()))
}

fn floats<T: Deserialize>(file: NpyFile<impl Read>, f: fn(T) -> f64) -> Result<Elements, String> {
    Ok(Elements::Float(read_vec::<T>(file)?.into_iter().map(f).collect()))
}

/// Void elements of `N` bytes as little-endian unsigned integers.
fn raw<const N: usize>(file: NpyFile<impl Read>) -> Result<Elements, String> {
    let values = read_vec::<npyz::FixedSizeBytes<N>>(file)?;
    Ok(Elements::Int(
        values
            .iter()
            .map(|bytes| bytes.0.iter().rev().fold(0i128, |acc, &b| (acc << 8) | b as i128))
            .collect(),
    ))
}

/// Elements stored column-major reordered row-major.
fn fortran_to_c(shape: &[i64], elements: Elements) -> Elements {
    let reversed: Vec<i64> = shape.iter().rev().copied().collect();
    let mut positions = Vec::with_capacity(elements.len());
    for_each_index(shape, |index| {
        let transposed: Vec<i64> = index.iter().rev().copied().collect();
        positions.push(linear_index(&reversed, &transposed));
    });
    elements.select(positions)
}

/// Reads every array of a `.npz` file, in the archive's order. `expected` gives the
/// element type meant for each array in that order, where known.
pub fn read_npz(path: &Path, expected: &[ElementType]) -> Result<Vec<(String, Literal)>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    read_npz_from(std::io::BufReader::new(file), expected).map_err(|e| format!("{}: {e}", path.display()))
}

/// As [`read_npz`], from any seekable reader.
pub fn read_npz_from(reader: impl Read + Seek, expected: &[ElementType]) -> Result<Vec<(String, Literal)>, String> {
    let mut archive = npyz::npz::NpzArchive::new(reader).map_err(|e| format!("not a .npz archive: {e}"))?;
    let zip = archive.zip_archive();
    let mut arrays = Vec::new();
    // The zip directory keeps the order the arrays were written in.
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| format!("cannot read entry {i}: {e}"))?;
        let Some(name) = entry.name().strip_suffix(".npy").map(str::to_string) else { continue };
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).map_err(|e| format!("cannot read array '{name}': {e}"))?;
        let literal = read_npy(&bytes[..], expected.get(arrays.len()).copied()).map_err(|e| format!("array '{name}': {e}"))?;
        arrays.push((name, literal));
    }
    Ok(arrays)
}

/// The elements of a literal as NumPy stores them (see the module).
enum Column {
    Bool(Vec<bool>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    F16(Vec<half::f16>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    C64(Vec<Complex32>),
    C128(Vec<Complex64>),
}

/// Applies `$body` to the typed vector of a column, whatever its type.
macro_rules! with_column {
    ($column:expr, |$data:ident| $body:expr) => {
        match $column {
            Column::Bool($data) => $body,
            Column::I8($data) => $body,
            Column::I16($data) => $body,
            Column::I32($data) => $body,
            Column::I64($data) => $body,
            Column::U8($data) => $body,
            Column::U16($data) => $body,
            Column::U32($data) => $body,
            Column::U64($data) => $body,
            Column::F16($data) => $body,
            Column::F32($data) => $body,
            Column::F64($data) => $body,
            Column::C64($data) => $body,
            Column::C128($data) => $body,
        }
    };
}

fn column(literal: &Literal) -> Column {
    let ints = || literal.ints().map(<[i128]>::to_vec).unwrap_or_default();
    let floats = || literal.floats().map(<[f64]>::to_vec).unwrap_or_default();
    let bits = || (0..literal.len()).map(|i| scalar_bits(literal.element, literal.get(i))).collect::<Vec<u128>>();
    let complexes = || match &literal.elements {
        Elements::Complex(v) => v.clone(),
        _ => Vec::new(),
    };
    match literal.element {
        ElementType::Pred => Column::Bool(ints().into_iter().map(|v| v != 0).collect()),
        ElementType::Int { bits: b, signed: true } if b <= 8 => Column::I8(cast(ints())),
        ElementType::Int { bits: 16, signed: true } => Column::I16(cast(ints())),
        ElementType::Int { bits: 32, signed: true } => Column::I32(cast(ints())),
        ElementType::Int { signed: true, .. } => Column::I64(cast(ints())),
        ElementType::Int { bits: b, signed: false } if b <= 8 => Column::U8(cast(ints())),
        ElementType::Int { bits: 16, signed: false } => Column::U16(cast(ints())),
        ElementType::Int { bits: 32, signed: false } => Column::U32(cast(ints())),
        ElementType::Int { signed: false, .. } => Column::U64(cast(ints())),
        ElementType::Float(FloatKind::F16) => Column::F16(floats().into_iter().map(half::f16::from_f64).collect()),
        ElementType::Float(FloatKind::F32) => Column::F32(floats().into_iter().map(|x| x as f32).collect()),
        ElementType::Float(FloatKind::F64) => Column::F64(floats()),
        ElementType::Float(kind) if kind.bit_width() <= 8 => Column::U8(bits().into_iter().map(|b| b as u8).collect()),
        ElementType::Float(kind) if kind.bit_width() <= 16 => Column::U16(bits().into_iter().map(|b| b as u16).collect()),
        ElementType::Float(_) => Column::U32(bits().into_iter().map(|b| b as u32).collect()),
        ElementType::Complex(FloatKind::F64) => Column::C128(complexes()),
        ElementType::Complex(_) => Column::C64(complexes().into_iter().map(|z| Complex32::new(z.re as f32, z.im as f32)).collect()),
    }
}

fn cast<T: TryFrom<i128> + Default>(values: Vec<i128>) -> Vec<T> {
    values.into_iter().map(|v| T::try_from(v).unwrap_or_default()).collect()
}

fn io_error(e: std::io::Error) -> String {
    format!("cannot write the array: {e}")
}

/// Writes `literal` as a `.npy` file (see the module for the dtypes).
pub fn write_npy(literal: &Literal, out: impl Write) -> Result<(), String> {
    let shape: Vec<u64> = literal.shape.iter().map(|&d| d as u64).collect();
    with_column!(column(literal), |data| {
        let mut writer = npyz::WriteOptions::new().default_dtype().shape(&shape).writer(out).begin_nd().map_err(io_error)?;
        writer.extend(data).map_err(io_error)?;
        writer.finish().map_err(io_error)
    })
}

/// Writes `arrays` as an uncompressed `.npz` file.
pub fn write_npz(path: &Path, arrays: &[(String, Literal)]) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let mut npz = npyz::npz::NpzWriter::new(std::io::BufWriter::new(file));
    for (name, literal) in arrays {
        let shape: Vec<u64> = literal.shape.iter().map(|&d| d as u64).collect();
        with_column!(column(literal), |data| {
            let mut writer = npz.array(name, Default::default()).map_err(io_error)?.default_dtype().shape(&shape).begin_nd().map_err(io_error)?;
            writer.extend(data).map_err(io_error)?;
            writer.finish().map_err(io_error)?
        });
    }
    npz.zip_writer().finish().map_err(|e| format!("cannot finish {}: {e}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(literal: &Literal) -> Literal {
        let mut bytes = Vec::new();
        write_npy(literal, &mut bytes).expect("writes");
        read_npy(&bytes[..], Some(literal.element)).expect("reads")
    }

    #[test]
    fn every_kind_round_trips() {
        let cases = [
            Literal::new(ElementType::Pred, vec![3], Elements::Int(vec![1, 0, 1])),
            Literal::new(ElementType::S32, vec![2, 2], Elements::Int(vec![-1, 2, i32::MIN as i128, 4])),
            Literal::new(ElementType::U64, vec![1], Elements::Int(vec![u64::MAX as i128])),
            Literal::new(ElementType::Int { bits: 4, signed: true }, vec![2], Elements::Int(vec![-8, 7])),
            Literal::new(ElementType::F32, vec![2], Elements::Float(vec![0.5, f64::INFINITY])),
            Literal::new(ElementType::Float(FloatKind::F16), vec![1], Elements::Float(vec![1.5])),
            Literal::new(ElementType::Float(FloatKind::BF16), vec![2], Elements::Float(vec![1.0, -2.5])),
            Literal::new(ElementType::Float(FloatKind::F8E4M3FN), vec![1], Elements::Float(vec![448.0])),
            Literal::new(ElementType::Complex(FloatKind::F32), vec![1], Elements::Complex(vec![Complex64::new(1.0, -1.0)])),
            Literal::new(ElementType::F64, vec![], Elements::Float(vec![std::f64::consts::PI])),
        ];
        for literal in &cases {
            assert_eq!(&round_trip(literal), literal);
        }
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(read_npy(&b"not numpy"[..], None).is_err());
        assert!(read_npz_from(std::io::Cursor::new(b"PK not a zip".to_vec()), &[]).is_err());
    }
}
