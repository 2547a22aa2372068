//! NumPy `.npy` and `.npz` files to and from literals: how `xla-run` reads its inputs and
//! writes its outputs, and how tests read XLA's. `.npy` files are parsed here (header and
//! data, see [`read_npy`]) and written by the `npyz` crate; `.npz` archives are opened
//! with its zip reader.
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

use npyz::WriterBuilder;
use num_complex::{Complex32, Complex64};
use xla_ir::{FloatKind, Scalar};

use crate::element::ElementType;
use crate::index::{for_each_index, linear_index};
use crate::literal::{Elements, Literal};
use crate::ops::convert::{scalar_bits, scalar_from_bits};

/// The most bytes a `.npy` header may take. NumPy's own headers take 128 bytes or a few
/// multiples of 64 for long shapes; `numpy.load` refuses headers over 10000 bytes unless
/// told otherwise. A larger claim is a malformed (or hostile) file, refused before any
/// of it is read.
pub const MAX_HEADER_BYTES: usize = 1 << 20;

/// Reads one `.npy` file. `expected` is the element type the array is meant to have; it
/// decides how bit patterns stored as integers are read (see the module), and is
/// otherwise only a hint.
///
/// The header is parsed here, strictly (a dict of `descr`, `fortran_order` and `shape`),
/// and its shape checked (the element count and byte size must fit in 63 bits) before
/// any data is read; the data is then read as it arrives, never allocated up front from
/// the header's claim, so a huge shape in a small file is a prompt error, not an
/// allocation. Exactly the header's bytes of data are read: a reader may hold more.
pub fn read_npy(mut reader: impl Read, expected: Option<ElementType>) -> Result<Literal, String> {
    let header = read_header(&mut reader).map_err(|e| format!("not a .npy file: {e}"))?;
    let dtype = match &header.descr {
        Descr::Plain(text) => Dtype::parse(text)?,
        Descr::Record => return Err("structured (record) arrays are not supported".into()),
    };
    let count = header.element_count()?;
    let bytes = count
        .checked_mul(dtype.size)
        .filter(|&b| b <= i64::MAX as usize)
        .ok_or_else(|| format!("the shape {:?} of '{}' elements needs more bytes than any file holds", header.shape, dtype.text))?;
    let data = read_up_to(&mut reader, bytes).map_err(|e| format!("cannot read the array's data: {e}"))?;
    if data.len() < bytes {
        return Err(format!(
            "the data is truncated: the shape {:?} of '{}' elements needs {bytes} bytes, the file holds {}",
            header.shape,
            dtype.text,
            data.len()
        ));
    }
    let elements = decode(&dtype, &data, count)?;
    drop(data);
    let shape: Vec<i64> = header.shape.iter().map(|&d| d as i64).collect();
    let elements = if header.fortran_order && shape.len() > 1 { fortran_to_c(&shape, elements)? } else { elements };
    let literal = Literal { element: dtype.element, shape, elements };
    Ok(match expected {
        Some(expected) => reinterpret(literal, expected),
        None => literal,
    })
}

/// What a `.npy` header says about its array.
#[derive(Debug)]
struct Header {
    descr: Descr,
    fortran_order: bool,
    shape: Vec<u64>,
}

impl Header {
    /// The number of elements, or why the shape is unusable: a dimension or a product of
    /// dimensions (zeros skipped, since NumPy's strides still multiply the others) that
    /// does not fit in 63 bits.
    fn element_count(&self) -> Result<usize, String> {
        let too_large = || format!("the shape {:?} has too many elements", self.shape);
        let mut nonzero: u64 = 1;
        for &d in &self.shape {
            nonzero = nonzero.checked_mul(d.max(1)).filter(|&p| p <= i64::MAX as u64).ok_or_else(too_large)?;
        }
        let count = if self.shape.contains(&0) { 0 } else { nonzero };
        usize::try_from(count).map_err(|_| too_large())
    }
}

/// A header's `descr`.
#[derive(Debug)]
enum Descr {
    /// A dtype string (`'<f4'`).
    Plain(String),
    /// A list of fields: a structured array.
    Record,
}

/// A dtype this reader supports: one of NumPy's booleans, integers, floats or complex
/// numbers, or a void of 1 or 2 bytes (bf16 and f8 bits, see the module).
#[derive(Debug)]
struct Dtype {
    /// As the header spells it (`<f4`).
    text: String,
    /// The element type it is read as.
    element: ElementType,
    /// Bytes per element.
    size: usize,
    big_endian: bool,
    kind: Kind,
}

/// How the bytes of an element become a scalar.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Kind {
    Bool,
    Int,
    Uint,
    Float,
    Complex,
    Void,
}

impl Dtype {
    /// The dtype a `descr` string names, or why it is not supported.
    fn parse(text: &str) -> Result<Dtype, String> {
        let unsupported = || format!("the dtype '{text}' is not supported");
        let mut chars = text.chars();
        let big_endian = match chars.next() {
            Some('<' | '|' | '=') => false,
            Some('>') => true,
            _ => return Err(unsupported()),
        };
        let code = chars.next().ok_or_else(unsupported)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(unsupported());
        }
        let size: usize = digits.parse().map_err(|_| unsupported())?;
        let (kind, element) = match (code, size) {
            ('b', 1) => (Kind::Bool, ElementType::Pred),
            ('i', 1 | 2 | 4 | 8) => (Kind::Int, int(size as u32 * 8, true)),
            ('u', 1 | 2 | 4 | 8) => (Kind::Uint, int(size as u32 * 8, false)),
            ('f', 2) => (Kind::Float, ElementType::Float(FloatKind::F16)),
            ('f', 4) => (Kind::Float, ElementType::F32),
            ('f', 8) => (Kind::Float, ElementType::F64),
            ('c', 8) => (Kind::Complex, ElementType::Complex(FloatKind::F32)),
            ('c', 16) => (Kind::Complex, ElementType::Complex(FloatKind::F64)),
            ('V', 1 | 2) => (Kind::Void, int(size as u32 * 8, false)),
            _ => return Err(unsupported()),
        };
        // A void is raw bytes, read little-endian whatever the byte-order mark says.
        let big_endian = big_endian && kind != Kind::Void;
        Ok(Dtype { text: text.to_string(), element, size, big_endian, kind })
    }
}

/// Reads the magic string, the version, the header length and the header, and parses it.
fn read_header(reader: &mut impl Read) -> Result<Header, String> {
    let mut preamble = [0u8; 8];
    reader.read_exact(&mut preamble).map_err(|_| "the file is shorter than the magic string \\x93NUMPY and a version".to_string())?;
    if &preamble[..6] != b"\x93NUMPY" {
        return Err("the magic string \\x93NUMPY is missing".into());
    }
    let length = match (preamble[6], preamble[7]) {
        (1, 0) => {
            let mut length = [0u8; 2];
            reader.read_exact(&mut length).map_err(|_| "the header length is truncated".to_string())?;
            u16::from_le_bytes(length) as usize
        }
        (2 | 3, 0) => {
            let mut length = [0u8; 4];
            reader.read_exact(&mut length).map_err(|_| "the header length is truncated".to_string())?;
            u32::from_le_bytes(length) as usize
        }
        (major, minor) => return Err(format!("the format version {major}.{minor} is not supported")),
    };
    if length > MAX_HEADER_BYTES {
        return Err(format!("the header claims {length} bytes, more than the {MAX_HEADER_BYTES} a header may take"));
    }
    let text = read_up_to(reader, length)?;
    if text.len() < length {
        return Err(format!("the header is truncated: it claims {length} bytes, the file holds {}", text.len()));
    }
    parse_header(&text)
}

/// Up to `limit` bytes of `reader`: fewer only when it ends first. The buffer grows with
/// the bytes that arrive, each step reserved fallibly, so a large `limit` that the reader
/// does not back costs nothing and one it does is an error when memory runs out.
fn read_up_to(reader: &mut impl Read, limit: usize) -> Result<Vec<u8>, String> {
    const STEP: usize = 1 << 20;
    let mut bytes: Vec<u8> = Vec::new();
    while bytes.len() < limit {
        let want = (limit - bytes.len()).min(bytes.len().max(STEP));
        bytes.try_reserve_exact(want).map_err(|_| format!("cannot allocate {} bytes for the file's data", bytes.len() + want))?;
        let before = bytes.len();
        let read = reader.by_ref().take(want as u64).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
        debug_assert_eq!(bytes.len(), before + read);
        if read < want {
            break;
        }
    }
    Ok(bytes)
}

/// Parses a header: a Python dict literal with the string keys `descr` (a dtype string),
/// `fortran_order` (`True` or `False`) and `shape` (a tuple or list of integers), as
/// NumPy writes it. Other keys are ignored; nothing nests deeper than the shape, so the
/// parser needs no recursion.
fn parse_header(text: &[u8]) -> Result<Header, String> {
    let mut p = HeaderParser { text, at: 0 };
    p.expect(b'{')?;
    let (mut descr, mut fortran_order, mut shape) = (None, None, None);
    loop {
        p.skip_space();
        if p.eat(b'}') {
            break;
        }
        let key = p.string()?;
        p.expect(b':')?;
        let value = p.value()?;
        match (key.as_str(), value) {
            ("descr", HeaderValue::Str(s)) => descr = Some(Descr::Plain(s)),
            ("descr", HeaderValue::Nested) => descr = Some(Descr::Record),
            ("descr", _) => return Err("the header's 'descr' is not a dtype string".into()),
            ("fortran_order", HeaderValue::Bool(b)) => fortran_order = Some(b),
            ("fortran_order", _) => return Err("the header's 'fortran_order' is not True or False".into()),
            ("shape", HeaderValue::Ints(dims)) => shape = Some(dims),
            ("shape", _) => return Err("the header's 'shape' is not a tuple of integers".into()),
            _ => {}
        }
        p.skip_space();
        if p.eat(b'}') {
            break;
        }
        p.expect(b',')?;
    }
    p.skip_space();
    if p.at != text.len() {
        return Err(format!("the header has text after its dict, at byte {}", p.at));
    }
    let missing = |key: &str| format!("the header has no '{key}'");
    Ok(Header {
        descr: descr.ok_or_else(|| missing("descr"))?,
        fortran_order: fortran_order.ok_or_else(|| missing("fortran_order"))?,
        shape: shape.ok_or_else(|| missing("shape"))?,
    })
}

/// A value of a header's dict.
enum HeaderValue {
    Str(String),
    Bool(bool),
    Ints(Vec<u64>),
    /// A list or tuple holding something other than integers (a record dtype).
    Nested,
}

/// A cursor over a header's bytes.
struct HeaderParser<'a> {
    text: &'a [u8],
    at: usize,
}

impl HeaderParser<'_> {
    fn error(&self, what: &str) -> String {
        format!("the header is not a dict of descr, fortran_order and shape: {what} at byte {}", self.at)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Consumes `byte` after any spaces, if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_space();
        if self.peek() == Some(byte) {
            self.at += 1;
            return true;
        }
        false
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", byte as char)))
        }
    }

    /// A quoted string without escapes.
    fn string(&mut self) -> Result<String, String> {
        self.skip_space();
        let quote = match self.peek() {
            Some(q @ (b'\'' | b'"')) => q,
            _ => return Err(self.error("expected a quoted string")),
        };
        let start = self.at + 1;
        let length = self.text[start..].iter().position(|&b| b == quote || b == b'\\').ok_or_else(|| self.error("an unterminated string"))?;
        if self.text[start + length] == b'\\' {
            return Err(self.error("an escape in a string"));
        }
        self.at = start + length + 1;
        Ok(String::from_utf8_lossy(&self.text[start..start + length]).into_owned())
    }

    fn value(&mut self) -> Result<HeaderValue, String> {
        self.skip_space();
        let rest = &self.text[self.at..];
        for (word, value) in [(&b"True"[..], true), (&b"False"[..], false)] {
            if rest.starts_with(word) {
                self.at += word.len();
                return Ok(HeaderValue::Bool(value));
            }
        }
        match self.peek() {
            Some(b'\'' | b'"') => self.string().map(HeaderValue::Str),
            Some(open @ (b'(' | b'[')) => {
                self.at += 1;
                let close = if open == b'(' { b')' } else { b']' };
                let mut dims = Vec::new();
                loop {
                    if self.eat(close) {
                        return Ok(HeaderValue::Ints(dims));
                    }
                    self.skip_space();
                    if !self.peek().is_some_and(|b| b.is_ascii_digit() || b == b'-') {
                        self.skip_nested()?;
                        return Ok(HeaderValue::Nested);
                    }
                    dims.push(self.dimension()?);
                    if self.eat(close) {
                        return Ok(HeaderValue::Ints(dims));
                    }
                    self.expect(b',')?;
                }
            }
            _ => Err(self.error("expected a string, True, False or a tuple")),
        }
    }

    /// Skips the rest of a list or tuple whose opening bracket was consumed: brackets
    /// are counted (quoted strings skipped whole), not recursed into.
    fn skip_nested(&mut self) -> Result<(), String> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.peek() {
                None => return Err(self.error("an unterminated list")),
                Some(b'\'' | b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'(' | b'[') => depth += 1,
                Some(b')' | b']') => depth -= 1,
                Some(_) => {}
            }
            self.at += 1;
        }
        Ok(())
    }

    /// A non-negative decimal integer (Python 2's `L` suffix allowed) that fits in 63 bits.
    fn dimension(&mut self) -> Result<u64, String> {
        if self.peek() == Some(b'-') {
            return Err(self.error("a negative dimension"));
        }
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or_default();
        let value = digits.parse::<u64>().ok().filter(|&d| d <= i64::MAX as u64).ok_or_else(|| self.error(&format!("the dimension {digits} is too large")))?;
        if self.peek() == Some(b'L') {
            self.at += 1;
        }
        Ok(value)
    }
}

/// The `count` elements of `dtype` whose bytes `data` holds (at least `count * size`),
/// in file order; the storage is reserved fallibly.
fn decode(dtype: &Dtype, data: &[u8], count: usize) -> Result<Elements, String> {
    let chunks = data.chunks_exact(dtype.size).take(count);
    let bits = |chunk: &[u8]| -> u128 {
        let fold = |acc: u128, &b: &u8| (acc << 8) | u128::from(b);
        if dtype.big_endian {
            chunk.iter().fold(0, fold)
        } else {
            chunk.iter().rev().fold(0, fold)
        }
    };
    let width = dtype.size as u32 * 8;
    Ok(match dtype.kind {
        Kind::Bool => Elements::Int(try_collect(count, chunks.map(|c| (bits(c) != 0) as i128))?),
        Kind::Uint | Kind::Void => Elements::Int(try_collect(count, chunks.map(|c| bits(c) as i128))?),
        Kind::Int => {
            let shift = 128 - width;
            Elements::Int(try_collect(count, chunks.map(|c| ((bits(c) << shift) as i128) >> shift))?)
        }
        Kind::Float => Elements::Float(try_collect(count, chunks.map(|c| float(bits(c) as u64, width)))?),
        Kind::Complex => {
            let half = dtype.size / 2;
            Elements::Complex(try_collect(
                count,
                chunks.map(|c| {
                    let (re, im) = c.split_at(half);
                    Complex64::new(float(bits(re) as u64, width / 2), float(bits(im) as u64, width / 2))
                }),
            )?)
        }
    })
}

/// The float of `width` bits (16, 32 or 64) whose bits are `bits`.
fn float(bits: u64, width: u32) -> f64 {
    match width {
        16 => half::f16::from_bits(bits as u16).to_f64(),
        32 => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

/// The `count` items of `items` in a vector reserved fallibly.
fn try_collect<T>(count: usize, items: impl Iterator<Item = T>) -> Result<Vec<T>, String> {
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| format!("cannot allocate {} bytes for the array's {count} elements", count.saturating_mul(std::mem::size_of::<T>())))?;
    values.extend(items);
    Ok(values)
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

/// Elements stored column-major reordered row-major.
fn fortran_to_c(shape: &[i64], elements: Elements) -> Result<Elements, String> {
    let reversed: Vec<i64> = shape.iter().rev().copied().collect();
    let mut positions = Vec::new();
    positions
        .try_reserve_exact(elements.len())
        .map_err(|_| format!("cannot allocate {} bytes to reorder a Fortran-order array", elements.len().saturating_mul(8)))?;
    for_each_index(shape, |index| {
        let transposed: Vec<i64> = index.iter().rev().copied().collect();
        positions.push(linear_index(&reversed, &transposed));
    });
    Ok(elements.select(positions))
}

/// Reads every array of a `.npz` file, in the archive's order. `expected` gives the
/// element type meant for each array in that order, where known.
pub fn read_npz(path: &Path, expected: &[ElementType]) -> Result<Vec<(String, Literal)>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    read_npz_from(std::io::BufReader::new(file), expected).map_err(|e| format!("{}: {e}", path.display()))
}

/// As [`read_npz`], from any seekable reader. Each array is read from its entry as it
/// decompresses (see [`read_npy`]), and the rest of the entry is then read through to
/// its end, in fixed-size pieces, so that its checksum is verified.
pub fn read_npz_from(reader: impl Read + Seek, expected: &[ElementType]) -> Result<Vec<(String, Literal)>, String> {
    let mut archive = npyz::npz::NpzArchive::new(reader).map_err(|e| format!("not a .npz archive: {e}"))?;
    let zip = archive.zip_archive();
    let mut arrays = Vec::new();
    // The zip directory keeps the order the arrays were written in.
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| format!("cannot read entry {i}: {e}"))?;
        let Some(name) = entry.name().strip_suffix(".npy").map(str::to_string) else { continue };
        let literal = read_npy(&mut entry, expected.get(arrays.len()).copied()).map_err(|e| format!("array '{name}': {e}"))?;
        std::io::copy(&mut entry, &mut std::io::sink()).map_err(|e| format!("array '{name}': cannot read the archive entry: {e}"))?;
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

    /// A version 1.0 `.npy` file with header text `header` followed by `data`.
    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
        bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
        bytes.extend_from_slice(header.as_bytes());
        bytes.extend_from_slice(data);
        bytes
    }

    /// The error of reading `bytes` as a `.npy` file.
    fn error(bytes: &[u8]) -> String {
        read_npy(bytes, None).expect_err("a malformed file")
    }

    #[test]
    fn huge_shapes_are_errors_before_any_allocation() {
        let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (150000, 150000), }\n";
        assert_eq!(error(&npy(header, &[0; 16])), "the data is truncated: the shape [150000, 150000] of '<f4' elements needs 90000000000 bytes, the file holds 16");
        let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }";
        assert_eq!(error(&npy(header, &[])), "the shape [4294967296, 4294967296] has too many elements");
        let header = "{'descr': '<c16', 'fortran_order': False, 'shape': (9223372036854775807,), }";
        assert_eq!(error(&npy(header, &[])), "the shape [9223372036854775807] of '<c16' elements needs more bytes than any file holds");
        let header = "{'descr': '<f4', 'fortran_order': True, 'shape': (0, 4294967296, 4294967296), }";
        assert_eq!(error(&npy(header, &[])), "the shape [0, 4294967296, 4294967296] has too many elements");
        let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (18446744073709551616,), }";
        assert!(error(&npy(header, &[])).contains("the dimension 18446744073709551616 is too large"));
    }

    #[test]
    fn an_empty_array_with_large_dimensions_reads() {
        let header = "{'descr': '<i4', 'fortran_order': True, 'shape': (0, 1000000000000), }";
        let literal = read_npy(&npy(header, &[])[..], None).expect("an empty array");
        assert_eq!((literal.shape.clone(), literal.len()), (vec![0, 1_000_000_000_000], 0));
    }

    #[test]
    fn truncated_files_are_errors() {
        let header = "{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }";
        let full = npy(header, &[1, 0, 2, 0, 3, 0]);
        assert_eq!(read_npy(&full[..], None).expect("reads").ints(), Some(&[1, 2, 3][..]));
        assert_eq!(error(&full[..full.len() - 1]), "the data is truncated: the shape [3] of '<i2' elements needs 6 bytes, the file holds 5");
        assert_eq!(error(&full[..20]), "not a .npy file: the header is truncated: it claims 57 bytes, the file holds 10");
        assert_eq!(error(&full[..9]), "not a .npy file: the header length is truncated");
        assert_eq!(error(&full[..5]), "not a .npy file: the file is shorter than the magic string \\x93NUMPY and a version");
    }

    #[test]
    fn bad_preambles_are_errors() {
        assert_eq!(error(b"\x93NUMPX\x01\x00\x00\x00"), "not a .npy file: the magic string \\x93NUMPY is missing");
        assert_eq!(error(b"\x93NUMPY\x04\x00\x00\x00"), "not a .npy file: the format version 4.0 is not supported");
        let mut huge = b"\x93NUMPY\x02\x00".to_vec();
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(error(&huge), "not a .npy file: the header claims 4294967295 bytes, more than the 1048576 a header may take");
    }

    #[test]
    fn unknown_dtypes_are_errors() {
        for (descr, message) in [
            ("<U5", "the dtype '<U5' is not supported"),
            ("<f16", "the dtype '<f16' is not supported"),
            ("<M8[ns]", "the dtype '<M8[ns]' is not supported"),
            ("|O", "the dtype '|O' is not supported"),
            ("f4", "the dtype 'f4' is not supported"),
            ("<i99999999999999999999", "the dtype '<i99999999999999999999' is not supported"),
            ("", "the dtype '' is not supported"),
        ] {
            let header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': (1,), }}");
            assert_eq!(error(&npy(&header, &[0; 16])), message);
        }
        let header = "{'descr': [('a', '<i4'), ('b', '<f4')], 'fortran_order': False, 'shape': (1,), }";
        assert_eq!(error(&npy(header, &[0; 8])), "structured (record) arrays are not supported");
    }

    #[test]
    fn bad_header_dicts_are_errors() {
        let bad = |header: &str| error(&npy(header, &[0; 8])).trim_start_matches("not a .npy file: ").to_string();
        assert_eq!(bad("{'descr': '<i4', 'shape': (1,)}"), "the header has no 'fortran_order'");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False}"), "the header has no 'shape'");
        assert_eq!(bad("{'fortran_order': False, 'shape': ()}"), "the header has no 'descr'");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': 'no', 'shape': (1,)}"), "the header's 'fortran_order' is not True or False");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False, 'shape': 1}"), "the header is not a dict of descr, fortran_order and shape: expected a string, True, False or a tuple at byte 50");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False, 'shape': (-1,)}"), "the header is not a dict of descr, fortran_order and shape: a negative dimension at byte 51");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False, 'shape': ('a',)}"), "the header's 'shape' is not a tuple of integers");
        assert_eq!(bad("{'descr': 5, 'fortran_order': False, 'shape': (1,)}"), "the header is not a dict of descr, fortran_order and shape: expected a string, True, False or a tuple at byte 10");
        assert_eq!(bad("{'descr': '<i4\\'', 'fortran_order': False, 'shape': (1,)}"), "the header is not a dict of descr, fortran_order and shape: an escape in a string at byte 10");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)} x"), "the header has text after its dict, at byte 56");
        assert_eq!(bad("{'descr': '<i4', 'fortran_order': False, 'shape': (1,)"), "the header is not a dict of descr, fortran_order and shape: expected ',' at byte 54");
        assert_eq!(bad("['descr']"), "the header is not a dict of descr, fortran_order and shape: expected '{' at byte 0");
        let nested = format!("{{'descr': '<i4', 'fortran_order': False, 'shape': {}1{}}}", "(".repeat(100_000), ")".repeat(100_000));
        let mut long = b"\x93NUMPY\x02\x00".to_vec();
        long.extend_from_slice(&(nested.len() as u32).to_le_bytes());
        long.extend_from_slice(nested.as_bytes());
        assert_eq!(error(&long), "not a .npy file: the header's 'shape' is not a tuple of integers");
    }

    #[test]
    fn fortran_order_and_big_endian_read_as_numpy_does() {
        let header = "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }";
        let data = [0, 1, 0, 4, 0, 2, 0, 5, 0, 3, 0, 6];
        let literal = read_npy(&npy(header, &data)[..], None).expect("reads");
        assert_eq!(literal.shape, vec![2, 3]);
        assert_eq!(literal.ints(), Some(&[1, 2, 3, 4, 5, 6][..]));
        let header = "{'descr': '<i1', 'fortran_order': False, 'shape': (2L,), }";
        assert_eq!(read_npy(&npy(header, &[0xff, 0x7f])[..], None).expect("reads").ints(), Some(&[-1, 127][..]));
    }

    #[test]
    fn data_beyond_the_shape_is_left_in_the_reader() {
        let header = "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }";
        let bytes = npy(header, &[7, 8, 9]);
        let mut reader = &bytes[..];
        assert_eq!(read_npy(&mut reader, None).expect("reads").ints(), Some(&[7, 8][..]));
        assert_eq!(reader, [9]);
    }
}
