//! Op families: declarations shared by many ops, so each member is one line.
//!
//! - `ElementwiseUnary`: operand `operand`, result `result`;
//! - `ElementwiseBinary`: operands `lhs`, `rhs`, result `result`.
//!
//! Both take an optional element constraint, `family = ElementwiseBinary(IntOrPredTensor)`
//! (default `NumericTensor`), add the traits `Pure`, `Elementwise` and
//! `SameOperandsAndResultType`, infer results with
//! `xla_ir::families::infer_same_as_operands`, and print as `$lhs `,` $rhs attr-dict `:`
//! type($result)` (unary: `$operand attr-dict `:` type($result)`). An explicit `infer` or
//! `format` in the declaration replaces the family's.
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
    let traits = ["Pure", "Elementwise", "SameOperandsAndResultType"].iter().map(|t| Ident::new(t, span)).collect();
    let infer = syn::parse2(quote_spanned!(span=> ::xla_ir::families::infer_same_as_operands))?;
    Ok(FamilyParts { fields, traits, infer, format })
}
