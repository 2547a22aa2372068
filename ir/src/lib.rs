//! The core IR of the compiler: an MLIR-style, arena-based representation.
//!
//! - [`Context`] interns types, attributes, symbols and locations and registers dialects.
//! - [`Body`] holds operations, values, blocks and regions in arenas addressed by typed ids
//!   ([`OpId`], [`ValueId`], [`BlockId`], [`RegionId`]), with exact use lists and block order
//!   kept apart from operation data.
//! - [`Builder`] creates operations at a cursor; walkers visit nested operations.
//! - [`op_def`] is what the `#[op]` macro declares, with the [`constraints`] its fields name,
//!   the shape functions of op [`families`], the runtime support of generated views
//!   ([`op_support`]) and the generated [`op_reference`]; [`verifier`] checks structure and
//!   declared constraints; [`successors`] says which operands a branch passes to which block;
//!   [`printer`] and [`parser`] speak MLIR's generic and custom forms;
//!   [`diagnostics`] render `file:line:col` errors with the source line and a caret.
//! - [`pass`] runs named passes from textual pipelines; [`rewrite`] holds patterns and the
//!   greedy rewrite driver; `testing` (tests and the `testing` feature) is a tiny dialect for
//!   unit tests of passes.
//!
//! Architecture Invariant: this crate links nothing from LLVM or MLIR and knows no dialect
//! but the structure every dialect shares; dialects plug in through [`op_def::DialectDef`].

pub mod attributes;
pub mod body;
pub mod builder;
pub mod clone;
pub mod constraints;
pub mod context;
pub mod dense;
pub mod dialect_decl;
pub mod dominance;
pub mod diagnostics;
pub mod entities;
pub mod families;
pub mod float_format;
pub mod format;
pub mod layout;
pub mod location;
pub mod op_def;
pub mod op_reference;
pub mod op_support;
pub mod parser;
pub mod pass;
pub mod printer;
pub mod rewrite;
pub mod shape;
pub mod successors;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod types;
pub mod verifier;
pub mod walk;

pub use attributes::{AttrData, Attribute, NamedAttribute};
pub use body::{Body, InsertPoint, OpData, OpState, Use, ValueData, ValueDef, SYMBOL_NAME_ATTR};
pub use builder::Builder;
pub use clone::ValueMapping;
pub use context::{Context, Symbol};
pub use dense::{DenseElements, Scalar};
pub use diagnostics::{Diagnostic, Severity};
pub use entities::{BlockId, OpId, RegionId, ValueId};
pub use location::{LocData, Location};
pub use op_def::{Op, OpDef, OpRef, OpTrait};
pub use types::{Dim, FloatKind, Layout, PaddingValue, Signedness, TensorType, Type, TypeData};
pub use walk::WalkOrder;
