//! The fields of an op struct: operands, results, attributes and regions.
//!
//! Each field carries exactly one of `#[operand]`, `#[result]`, `#[attr]` or `#[region]`,
//! and may carry doc comments (which document its accessor). Its type names a constraint
//! from `xla_ir::constraints`, wrapped in `Option<..>` (optional) or `Variadic<..>` (a group
//! of values); the wrapper is read syntactically here to choose the accessor's and the
//! builder's Rust types, and the type as written goes into the op's table so that the
//! compiler checks it.
//!
//! Invariant: a field's `inner` type is its type without the `Option`/`Variadic` wrapper.

use syn::spanned::Spanned;
use syn::{Attribute, Fields, GenericArgument, Ident, PathArguments, Type};

/// What a field declares.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FieldKind {
    Operand,
    Result,
    Attr,
    Region,
}

impl FieldKind {
    fn from_attr_name(name: &str) -> Option<FieldKind> {
        match name {
            "operand" => Some(FieldKind::Operand),
            "result" => Some(FieldKind::Result),
            "attr" => Some(FieldKind::Attr),
            "region" => Some(FieldKind::Region),
            _ => None,
        }
    }
}

/// How many values (or whether an attribute is present), read from the field's type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Multiplicity {
    One,
    Optional,
    Variadic,
}

/// One declared operand, result, attribute or region.
pub struct OpField {
    pub kind: FieldKind,
    pub ident: Ident,
    /// The type as written: `Option<ArrayAttr>`.
    pub ty: Type,
    /// The type inside `Option<..>` or `Variadic<..>`: `ArrayAttr`.
    pub inner: Type,
    pub multiplicity: Multiplicity,
    /// The field's doc attributes, kept for its accessor.
    pub docs: Vec<Attribute>,
}

/// Reads the fields of the op struct.
pub fn parse_fields(fields: &Fields) -> syn::Result<Vec<OpField>> {
    let named = match fields {
        Fields::Unit => return Ok(Vec::new()),
        Fields::Named(named) => named,
        Fields::Unnamed(_) => {
            return Err(syn::Error::new(
                fields.span(),
                "an op struct is a unit struct or has named fields marked #[operand], #[result], #[attr] or #[region]",
            ))
        }
    };
    let mut out = Vec::new();
    for field in &named.named {
        let ident = field.ident.clone().ok_or_else(|| syn::Error::new(field.span(), "expected a named field"))?;
        let mut kind = None;
        let mut docs = Vec::new();
        for attr in &field.attrs {
            if attr.path().is_ident("doc") {
                docs.push(attr.clone());
                continue;
            }
            let found = attr.path().get_ident().and_then(|i| FieldKind::from_attr_name(&i.to_string()));
            match (found, kind) {
                (Some(_), Some(_)) => {
                    return Err(syn::Error::new(attr.span(), "a field is exactly one of operand, result, attr or region"))
                }
                (Some(k), None) => {
                    attr.meta.require_path_only()?;
                    kind = Some(k);
                }
                (None, _) => {
                    return Err(syn::Error::new(
                        attr.span(),
                        "unexpected attribute on an op field; expected #[operand], #[result], #[attr] or #[region]",
                    ))
                }
            }
        }
        let Some(kind) = kind else {
            return Err(syn::Error::new(
                ident.span(),
                format!("field `{ident}` needs one of #[operand], #[result], #[attr] or #[region]"),
            ));
        };
        let (multiplicity, inner) = split_wrapper(&field.ty);
        match (kind, multiplicity) {
            (FieldKind::Attr, Multiplicity::Variadic) => {
                return Err(syn::Error::new(
                    field.ty.span(),
                    "an attribute cannot be variadic; use an array attribute such as ArrayAttr",
                ))
            }
            (FieldKind::Region, Multiplicity::Optional) => {
                return Err(syn::Error::new(field.ty.span(), "a region field has type `Region` or `Variadic<Region>`"))
            }
            _ => {}
        }
        out.push(OpField { kind, ident, ty: field.ty.clone(), inner, multiplicity, docs });
    }
    for kind in [FieldKind::Operand, FieldKind::Result] {
        check_groups_can_be_split(&out, kind)?;
    }
    let regions: Vec<&OpField> = out.iter().filter(|f| f.kind == FieldKind::Region).collect();
    if let Some(early) = regions.iter().rev().skip(1).find(|f| f.multiplicity == Multiplicity::Variadic) {
        return Err(syn::Error::new(early.ty.span(), "only the last region field may be `Variadic<Region>`"));
    }
    Ok(out)
}

/// Rejects operand (or result) declarations that `xla_ir::op_def::value_segments` cannot
/// split: an optional group beside any other optional or variadic group.
fn check_groups_can_be_split(fields: &[OpField], kind: FieldKind) -> syn::Result<()> {
    let flexible: Vec<&OpField> =
        fields.iter().filter(|f| f.kind == kind && f.multiplicity != Multiplicity::One).collect();
    let optional = flexible.iter().find(|f| f.multiplicity == Multiplicity::Optional);
    match optional {
        Some(optional) if flexible.len() > 1 => Err(syn::Error::new(
            optional.ty.span(),
            "an optional group cannot stand beside another optional or variadic group: their sizes could not be told apart",
        )),
        _ => Ok(()),
    }
}

/// Splits `Option<T>` and `Variadic<T>` into the wrapper and `T`.
fn split_wrapper(ty: &Type) -> (Multiplicity, Type) {
    if let Type::Path(path) = ty {
        if let Some(last) = path.path.segments.last() {
            let multiplicity = match last.ident.to_string().as_str() {
                "Option" => Some(Multiplicity::Optional),
                "Variadic" => Some(Multiplicity::Variadic),
                _ => None,
            };
            if let (Some(multiplicity), PathArguments::AngleBracketed(args)) = (multiplicity, &last.arguments) {
                if let [GenericArgument::Type(inner)] = args.args.iter().collect::<Vec<_>>().as_slice() {
                    return (multiplicity, (*inner).clone());
                }
            }
        }
    }
    (Multiplicity::One, ty.clone())
}
