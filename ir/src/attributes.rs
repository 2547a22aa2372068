//! Attributes: compile-time constant data attached to operations.
//!
//! Attributes are interned in the [`Context`](crate::Context) like types and compared by
//! id. The kinds are MLIR's builtin ones: unit, bool, typed integers and floats, strings,
//! types, arrays, dense integer arrays (`array<i64: 1, 2>`), dictionaries, symbol references,
//! dense element literals (`dense<[1.0, 2.0]> : tensor<2xf32>`, see [`crate::dense`]) and
//! dialect attributes kept as text (`#hlo<comparison_direction EQ>`).
//!
//! Invariant: floats are stored as the bits of an `f64` so attributes hash and compare
//! exactly (`-0.0 != 0.0`, NaN payloads are kept).

use std::fmt::Write;

use crate::dense::DenseElements;
use crate::{Context, Symbol, Type};

/// An interned attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attribute(pub(crate) u32);

/// An attribute with a name, as operations and dictionaries hold them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttribute {
    pub name: Symbol,
    pub value: Attribute,
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    Unit,
    Bool(bool),
    /// An integer of the given integer or index type: `3 : i64`.
    Integer { value: i128, ty: Type },
    /// A float of the given float type, stored as `f64` bits: `1.5 : f32`.
    Float { bits: u64, ty: Type },
    String(String),
    Type(Type),
    Array(Vec<Attribute>),
    /// `array<i64: 1, 2, 3>`: a dense array of integers of type `element`.
    DenseIntArray { element: Type, values: Vec<i64> },
    /// `{a = 1 : i32, b}`: sorted by name, names unique.
    Dictionary(Vec<NamedAttribute>),
    /// `@root::@nested`.
    SymbolRef(Vec<Symbol>),
    DenseElements(DenseElements),
    /// A dialect attribute kept as text: `#hlo<comparison_direction EQ>` has dialect `hlo` and
    /// body `<comparison_direction EQ>`; `#hlo.dot<...>` has dialect `hlo` and body `.dot<...>`.
    Opaque { dialect: String, body: String },
}

impl Context {
    pub fn unit_attr(&self) -> Attribute {
        self.intern_attr(AttrData::Unit)
    }

    pub fn bool_attr(&self, value: bool) -> Attribute {
        self.intern_attr(AttrData::Bool(value))
    }

    pub fn int_attr(&self, value: i128, ty: Type) -> Attribute {
        self.intern_attr(AttrData::Integer { value, ty })
    }

    pub fn i64_attr(&self, value: i64) -> Attribute {
        self.int_attr(value as i128, self.int_type(64))
    }

    pub fn float_attr(&self, value: f64, ty: Type) -> Attribute {
        self.intern_attr(AttrData::Float { bits: value.to_bits(), ty })
    }

    pub fn string_attr(&self, value: &str) -> Attribute {
        self.intern_attr(AttrData::String(value.to_string()))
    }

    pub fn type_attr(&self, ty: Type) -> Attribute {
        self.intern_attr(AttrData::Type(ty))
    }

    pub fn array_attr(&self, elements: Vec<Attribute>) -> Attribute {
        self.intern_attr(AttrData::Array(elements))
    }

    /// `array<i64: ...>`.
    pub fn i64_array_attr(&self, values: &[i64]) -> Attribute {
        self.intern_attr(AttrData::DenseIntArray { element: self.int_type(64), values: values.to_vec() })
    }

    /// A dictionary; entries are sorted by name so equal dictionaries intern equally.
    pub fn dictionary_attr(&self, mut entries: Vec<NamedAttribute>) -> Attribute {
        entries.sort_by(|a, b| self.symbol_str(a.name).cmp(self.symbol_str(b.name)));
        self.intern_attr(AttrData::Dictionary(entries))
    }

    pub fn symbol_ref_attr(&self, path: Vec<Symbol>) -> Attribute {
        self.intern_attr(AttrData::SymbolRef(path))
    }

    pub fn dense_attr(&self, dense: DenseElements) -> Attribute {
        self.intern_attr(AttrData::DenseElements(dense))
    }

    /// The integer values of an `array<iN: ...>` attribute.
    pub fn as_int_array(&self, attr: Attribute) -> Option<&[i64]> {
        match self.attr_data(attr) {
            AttrData::DenseIntArray { values, .. } => Some(values),
            _ => None,
        }
    }

    pub fn as_string(&self, attr: Attribute) -> Option<&str> {
        match self.attr_data(attr) {
            AttrData::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_dense(&self, attr: Attribute) -> Option<&DenseElements> {
        match self.attr_data(attr) {
            AttrData::DenseElements(d) => Some(d),
            _ => None,
        }
    }

    /// The type an attribute carries when it is a typed value (integers, floats, dense
    /// literals) or a type attribute's type.
    pub fn attr_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr_data(attr) {
            AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } | AttrData::Type(ty) => Some(*ty),
            AttrData::DenseElements(d) => Some(d.ty),
            _ => None,
        }
    }

    /// Writes the textual form of `attr`.
    pub fn write_attr(&self, out: &mut String, attr: Attribute) {
        match self.attr_data(attr) {
            AttrData::Unit => out.push_str("unit"),
            AttrData::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            AttrData::Integer { value, ty } => {
                let is_i1 = matches!(self.type_data(*ty), crate::TypeData::Integer { width: 1, .. });
                if is_i1 {
                    out.push_str(if *value != 0 { "true" } else { "false" });
                } else {
                    let _ = write!(out, "{value}");
                    if *ty != self.int_type(64) {
                        out.push_str(" : ");
                        self.write_type(out, *ty);
                    }
                }
            }
            AttrData::Float { bits, ty } => {
                crate::dense::write_float(out, f64::from_bits(*bits), *ty, self);
                if *ty != self.float_type(crate::FloatKind::F64) {
                    out.push_str(" : ");
                    self.write_type(out, *ty);
                }
            }
            AttrData::String(s) => write_string_literal(out, s),
            AttrData::Type(t) => self.write_type(out, *t),
            AttrData::Array(elements) => {
                out.push('[');
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_attr(out, *e);
                }
                out.push(']');
            }
            AttrData::DenseIntArray { element, values } => {
                out.push_str("array<");
                self.write_type(out, *element);
                if !values.is_empty() {
                    out.push_str(": ");
                    let is_i1 = matches!(self.type_data(*element), crate::TypeData::Integer { width: 1, .. });
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        if is_i1 {
                            out.push_str(if *v != 0 { "true" } else { "false" });
                        } else {
                            let _ = write!(out, "{v}");
                        }
                    }
                }
                out.push('>');
            }
            AttrData::Dictionary(entries) => self.write_attr_dict(out, entries),
            AttrData::SymbolRef(path) => {
                for (i, s) in path.iter().enumerate() {
                    if i > 0 {
                        out.push_str("::");
                    }
                    out.push('@');
                    write_symbol_name(out, self.symbol_str(*s));
                }
            }
            AttrData::DenseElements(d) => d.write(out, self),
            AttrData::Opaque { dialect, body } => {
                let _ = write!(out, "#{dialect}{body}");
            }
        }
    }

    /// Writes `{a = 1 : i32, b}`.
    pub fn write_attr_dict(&self, out: &mut String, entries: &[NamedAttribute]) {
        out.push('{');
        for (i, entry) in entries.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_identifier_or_string(out, self.symbol_str(entry.name));
            if self.attr_data(entry.value) != &AttrData::Unit {
                out.push_str(" = ");
                self.write_attr(out, entry.value);
            }
        }
        out.push('}');
    }

    /// The textual form of `attr`, for messages.
    pub fn attr_to_string(&self, attr: Attribute) -> String {
        let mut s = String::new();
        self.write_attr(&mut s, attr);
        s
    }
}

/// Writes a quoted string with MLIR's escapes (`\"`, `\\`, `\n`, `\t`, and `\XX` hex).
pub fn write_string_literal(out: &mut String, s: &str) {
    out.push('"');
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// Whether `s` can be printed as a bare identifier (`[A-Za-z_][A-Za-z0-9_$.]*`).
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// Writes an attribute name bare when it can be, quoted otherwise.
pub fn write_identifier_or_string(out: &mut String, s: &str) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        write_string_literal(out, s);
    }
}

/// Writes a symbol name (after `@`) bare when it can be, quoted otherwise.
pub fn write_symbol_name(out: &mut String, s: &str) {
    write_identifier_or_string(out, s)
}
