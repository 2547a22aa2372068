//! The Context: interned types, attributes, symbols and locations, the registry of dialects
//! and operations, and the source files diagnostics point into.
//!
//! Interning goes through `&self` (append-only `elsa` collections), so shape inference,
//! builders and passes create types and attributes from a shared reference; references to
//! interned data live as long as the Context. Registration of dialects happens once, with
//! `&mut self`, before any IR is built.
//!
//! Architecture Invariant: every `Type`, `Attribute`, `Symbol` and `Location` is an index
//! into this Context; equal data has equal ids, so comparing ids compares structure.

use std::collections::HashMap;

use elsa::{FrozenIndexSet, FrozenVec};

use crate::attributes::{AttrData, Attribute};
use crate::location::{LocData, Location};
use crate::op_def::{DialectDef, OpDef};
use crate::types::{Type, TypeData};

/// An interned string: an attribute name, a symbol name, an operation name.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Symbol(pub(crate) u32);

/// A source buffer diagnostics can quote.
#[derive(Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// The line of the original file that the buffer's first line is (split inputs start
    /// past line 1).
    pub first_line: u32,
}

/// Owns everything interned and the registries; see the module documentation.
#[derive(Default)]
pub struct Context {
    types: FrozenIndexSet<Box<TypeData>>,
    attrs: FrozenIndexSet<Box<AttrData>>,
    symbols: FrozenIndexSet<Box<str>>,
    locations: FrozenIndexSet<Box<LocData>>,
    sources: FrozenVec<Box<SourceFile>>,
    ops: HashMap<Symbol, RegisteredOp>,
    dialects: HashMap<&'static str, &'static DialectDef>,
}

/// A registered operation: its definition, its dialect and its position in the dialect's
/// op list, which is the variant of the dialect's op enum (see [`crate::dialect!`]).
#[derive(Copy, Clone)]
pub struct RegisteredOp {
    pub def: &'static OpDef,
    pub dialect: &'static DialectDef,
    pub index: usize,
}

impl Context {
    pub fn new() -> Context {
        Context::default()
    }

    pub(crate) fn intern_type(&self, data: TypeData) -> Type {
        Type(self.types.insert_full(Box::new(data)).0 as u32)
    }

    /// Interns a type built by hand.
    pub fn ty(&self, data: TypeData) -> Type {
        self.intern_type(data)
    }

    pub fn type_data(&self, ty: Type) -> &TypeData {
        self.types.get_index(ty.0 as usize).expect("a Type is an index into its Context")
    }

    pub(crate) fn intern_attr(&self, data: AttrData) -> Attribute {
        Attribute(self.attrs.insert_full(Box::new(data)).0 as u32)
    }

    /// Interns an attribute built by hand.
    pub fn attr(&self, data: AttrData) -> Attribute {
        self.intern_attr(data)
    }

    pub fn attr_data(&self, attr: Attribute) -> &AttrData {
        self.attrs.get_index(attr.0 as usize).expect("an Attribute is an index into its Context")
    }

    /// Interns a string.
    pub fn symbol(&self, s: &str) -> Symbol {
        if let Some(i) = self.symbols.get_index_of(s) {
            return Symbol(i as u32);
        }
        Symbol(self.symbols.insert_full(s.into()).0 as u32)
    }

    pub fn symbol_str(&self, s: Symbol) -> &str {
        self.symbols.get_index(s.0 as usize).expect("a Symbol is an index into its Context")
    }

    /// The name a flat symbol reference (`@f`, read as its path) holds; `None` for a
    /// nested reference (`@module::@f`) or an empty path.
    pub fn flat_symbol_name(&self, path: &[Symbol]) -> Option<&str> {
        match path {
            [name] => Some(self.symbol_str(*name)),
            _ => None,
        }
    }

    pub(crate) fn intern_loc(&self, data: LocData) -> Location {
        Location(self.locations.insert_full(Box::new(data)).0 as u32)
    }

    /// Interns a location built by hand.
    pub fn loc(&self, data: LocData) -> Location {
        self.intern_loc(data)
    }

    pub fn loc_data(&self, loc: Location) -> &LocData {
        self.locations.get_index(loc.0 as usize).expect("a Location is an index into its Context")
    }

    /// Keeps a source buffer so diagnostics can quote its lines; returns its index.
    pub fn add_source(&self, name: &str, text: &str, first_line: u32) -> usize {
        self.sources.push(Box::new(SourceFile { name: name.to_string(), text: text.to_string(), first_line }));
        self.sources.len() - 1
    }

    /// The text of line `line` of source file `name`, when that line is held.
    pub fn source_line(&self, name: &str, line: u32) -> Option<&str> {
        (0..self.sources.len()).rev().filter_map(|i| self.sources.get(i)).find_map(|source| {
            if source.name != name || line < source.first_line {
                return None;
            }
            source.text.lines().nth((line - source.first_line) as usize)
        })
    }

    /// Registers a dialect and its operations. Registering the same dialect twice is a no-op.
    pub fn register_dialect(&mut self, dialect: &'static DialectDef) {
        if self.dialects.insert(dialect.name, dialect).is_some() {
            return;
        }
        for (index, op) in dialect.ops.iter().enumerate() {
            let name = self.symbol(op.name);
            self.ops.insert(name, RegisteredOp { def: op, dialect, index });
        }
    }

    /// The definition of a registered operation.
    pub fn op_def(&self, name: Symbol) -> Option<&'static OpDef> {
        self.ops.get(&name).map(|registered| registered.def)
    }

    /// A registered operation with its dialect and position: one hash lookup.
    pub fn registered_op(&self, name: Symbol) -> Option<RegisteredOp> {
        self.ops.get(&name).copied()
    }

    pub fn dialect(&self, name: &str) -> Option<&'static DialectDef> {
        self.dialects.get(name).copied()
    }

    /// Every registered operation, sorted by name.
    pub fn registered_ops(&self) -> Vec<&'static OpDef> {
        let mut ops: Vec<_> = self.ops.values().map(|registered| registered.def).collect();
        ops.sort_by_key(|op| op.name);
        ops
    }
}
