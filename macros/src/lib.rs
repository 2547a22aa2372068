//! The `#[op]` procedural macro: declares IR operations from annotated Rust structs, as
//! MLIR's ODS does from TableGen records.
//!
//! ```text
//! /// Elementwise addition of two tensors of the same type.
//! #[op(name = "hlo.add", family = ElementwiseBinary, traits = [Pure, Commutative], fold = fold_add)]
//! pub struct AddOp;
//! ```
//!
//! Keys: `name` (required), `family`, `traits = [..]` (variants of `xla_ir::OpTrait`),
//! `infer`, `verify`, `fold`, `print`, `parse` (functions with the signatures of
//! `xla_ir::op_def`), `patterns = [..]` (statics implementing `RewritePattern + Sync`) and
//! `format` (a declarative assembly format, validated here). Fields are marked `#[operand]`,
//! `#[result]`, `#[attr]` or `#[region]` and typed with `xla_ir::constraints`.
//!
//! The struct becomes a `Copy` view `pub struct AddOp(pub OpId)` implementing `xla_ir::Op`
//! with a static `OpDef`, accessors per field and a typed `build` that runs shape inference.
//! The doc comment's first paragraph is the op's summary, the rest its description.
//!
//! Invariants: the expansion calls only public, documented functions of `xla_ir`; every
//! error is a `syn::Error` spanned on the token at fault (see `tests/ui`).

mod args;
mod docs;
mod expand;
mod family;
mod fields;
mod format;

use proc_macro::TokenStream;
use syn::{parse_macro_input, ItemStruct};

/// Declares an operation; see the crate documentation.
#[proc_macro_attribute]
pub fn op(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut op_args = args::OpArgs::default();
    let parser = syn::meta::parser(|meta| op_args.parse_entry(meta));
    parse_macro_input!(args with parser);
    let item = parse_macro_input!(item as ItemStruct);
    expand::expand(op_args, item).unwrap_or_else(syn::Error::into_compile_error).into()
}
