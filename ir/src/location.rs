//! Source locations: where an operation came from.
//!
//! Locations are interned like types. Every operation has one; the parser gives each
//! operation the file, line and column of its first token unless the text names a
//! `loc(...)`. The kinds are MLIR's: unknown, `"file":line:col`, named (`"name"` or
//! `"name"(child)`), call sites and fused locations, so `loc(...)` round-trips.

use std::fmt::Write;

use crate::{attributes::write_string_literal, Attribute, Context, Symbol};

/// An interned location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Location(pub(crate) u32);

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocData {
    Unknown,
    FileLineCol { file: Symbol, line: u32, col: u32 },
    Name { name: String, child: Option<Location> },
    CallSite { callee: Location, caller: Location },
    Fused { locations: Vec<Location>, metadata: Option<Attribute> },
}

impl Context {
    pub fn unknown_loc(&self) -> Location {
        self.intern_loc(LocData::Unknown)
    }

    pub fn file_loc(&self, file: &str, line: u32, col: u32) -> Location {
        let file = self.symbol(file);
        self.intern_loc(LocData::FileLineCol { file, line, col })
    }

    /// The first file, line and column found in `loc` (through names, call sites' callees
    /// and fused locations), which is where a diagnostic points.
    pub fn file_line_col(&self, loc: Location) -> Option<(&str, u32, u32)> {
        match self.loc_data(loc) {
            LocData::FileLineCol { file, line, col } => Some((self.symbol_str(*file), *line, *col)),
            LocData::Name { child, .. } => child.and_then(|c| self.file_line_col(c)),
            LocData::CallSite { callee, .. } => self.file_line_col(*callee),
            LocData::Fused { locations, .. } => locations.iter().find_map(|l| self.file_line_col(*l)),
            LocData::Unknown => None,
        }
    }

    /// Writes `loc(...)`.
    pub fn write_location(&self, out: &mut String, loc: Location) {
        out.push_str("loc(");
        self.write_location_body(out, loc);
        out.push(')');
    }

    fn write_location_body(&self, out: &mut String, loc: Location) {
        match self.loc_data(loc) {
            LocData::Unknown => out.push_str("unknown"),
            LocData::FileLineCol { file, line, col } => {
                write_string_literal(out, self.symbol_str(*file));
                let _ = write!(out, ":{line}:{col}");
            }
            LocData::Name { name, child } => {
                write_string_literal(out, name);
                if let Some(child) = child {
                    out.push('(');
                    self.write_location_body(out, *child);
                    out.push(')');
                }
            }
            LocData::CallSite { callee, caller } => {
                out.push_str("callsite(");
                self.write_location_body(out, *callee);
                out.push_str(" at ");
                self.write_location_body(out, *caller);
                out.push(')');
            }
            LocData::Fused { locations, metadata } => {
                out.push_str("fused");
                if let Some(m) = metadata {
                    out.push('<');
                    self.write_attr(out, *m);
                    out.push('>');
                }
                out.push('[');
                for (i, l) in locations.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_location_body(out, *l);
                }
                out.push(']');
            }
        }
    }
}
