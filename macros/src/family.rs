//! Op families: declarations shared by many ops, so each member is one line.
//!
//! - `ElementwiseUnary`: operand `operand`, result `result`;
//! - `ElementwiseBinary`: operands `lhs`, `rhs`, result `result`.
//!
//! Both take an optional element constraint, `family = ElementwiseBinary(IntOrPredTensor)`
//! (default `NumericTensor`) and add the traits `Pure` and `Elementwise`. Unary ops add
//! `SameOperandsAndResultType` and infer with `xla_ir::families::infer_same_as_operands`;
//! binary ops follow XLA's implicit broadcasting: an optional `broadcast_dimensions`
//! attribute, the trait `Broadcasting` and `xla_ir::families::infer_broadcasting_binary`.
//! They print as `$lhs `,` $rhs attr-dict `:` type($result)` (unary: `$operand attr-dict `:`
//! type($result)`), with the functional type when operand and result types differ. An
//! explicit `infer` or `format` in the declaration replaces the family's.
//!
//! Invariant: a family op declares no fields of its own; the family supplies them all.

use quote::quote_spanned;
use syn::{Ident, Path, Type};

use crate::args::FamilyArg;
use crate::fields::{FieldKind, Multiplicity, OpField};

/// What a family contributes to an op.
pub struct FamilyParts {
    pub fields: Vec<OpField>,
    pub traits: Vec<Ident>,
    pub infer: Path,
    pub format: &'static str,
}

/// The names of the families, for the message about an unknown one.
const FAMILIES: &str = "ElementwiseUnary, ElementwiseBinary";

/// Expands `family = ...` into its fields, traits, shape function and format.
pub fn expand_family(family: &FamilyArg) -> syn::Result<FamilyParts> {
    let span = family.ident.span();
    let element: Type = match &family.element {
        Some(ty) => ty.clone(),
        None => syn::parse_quote_spanned!(span=> ::xla_ir::constraints::NumericTensor),
    };
    let (operands, format): (&[&str], _) = match family.ident.to_string().as_str() {
        "ElementwiseUnary" => (&["operand"], "$operand attr-dict `:` type($result)"),
        "ElementwiseBinary" => (&["lhs", "rhs"], "$lhs `,` $rhs attr-dict `:` type($result)"),
        other => {
            return Err(syn::Error::new(span, format!("unknown family `{other}`; expected one of {FAMILIES}")));
        }
    };
    let field = |kind, name: &str| OpField {
        kind,
        ident: Ident::new(name, span),
        ty: element.clone(),
        inner: element.clone(),
        multiplicity: Multiplicity::One,
        docs: Vec::new(),
    };
    let mut fields: Vec<OpField> = operands.iter().map(|name| field(FieldKind::Operand, name)).collect();
    fields.push(field(FieldKind::Result, "result"));
    let binary = operands.len() == 2;
    if binary {
        // XLA's implicit broadcasting: `broadcast_dimensions` maps a lower-rank operand.
        let array: Type = syn::parse_quote_spanned!(span=> ::xla_ir::constraints::I64ArrayAttr);
        fields.push(OpField {
            kind: FieldKind::Attr,
            ident: Ident::new("broadcast_dimensions", span),
            ty: syn::parse_quote_spanned!(span=> Option<::xla_ir::constraints::I64ArrayAttr>),
            inner: array,
            multiplicity: Multiplicity::Optional,
            docs: Vec::new(),
        });
    }
    let shape_trait = if binary { "Broadcasting" } else { "SameOperandsAndResultType" };
    let traits = ["Pure", "Elementwise", shape_trait].iter().map(|t| Ident::new(t, span)).collect();
    let infer = if binary {
        syn::parse2(quote_spanned!(span=> ::xla_ir::families::infer_broadcasting_binary))?
    } else {
        syn::parse2(quote_spanned!(span=> ::xla_ir::families::infer_same_as_operands))?
    };
    Ok(FamilyParts { fields, traits, infer, format })
}
