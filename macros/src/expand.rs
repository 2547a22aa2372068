//! The expansion of `#[op]`: a `Copy` view struct, its `Op` impl with the static `OpDef`,
//! typed accessors and a typed builder.
//!
//! The expansion is a table and short calls into `xla_ir::op_support` and
//! `xla_ir::constraints`; it holds no logic of its own, so reading it (with
//! `cargo expand`) shows exactly what an op is.
//!
//! Invariant: every check that can fail at compile time is reported as a `syn::Error` on
//! the user's token, and everything else (trait names, constraint types, hook signatures)
//! is emitted with the user's span so the compiler's own errors point there too.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, ItemStruct, LitStr, Path};

use crate::args::OpArgs;
use crate::docs::summary_and_description;
use crate::family::expand_family;
use crate::fields::{parse_fields, FieldKind, Multiplicity, OpField};
use crate::format::{validate_format, FormatNames};

/// Everything the expansion needs, checked.
struct OpModel {
    name: LitStr,
    summary: String,
    description: String,
    fields: Vec<OpField>,
    traits: Vec<Ident>,
    infer: Option<Path>,
    format: Option<LitStr>,
}

/// Expands `#[op(args)] item`.
pub fn expand(args: OpArgs, item: ItemStruct) -> syn::Result<TokenStream> {
    if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
        return Err(syn::Error::new(item.generics.span(), "an op struct takes no generic parameters"));
    }
    let model = check(&args, &item)?;
    Ok(generate(&args, &item, &model))
}

fn check(args: &OpArgs, item: &ItemStruct) -> syn::Result<OpModel> {
    let name = args
        .name
        .clone()
        .ok_or_else(|| syn::Error::new(Span::call_site(), "#[op] needs `name = \"dialect.op\"`"))?;
    if !name.value().contains('.') {
        return Err(syn::Error::new(name.span(), "an op name is `dialect.op`, with the dialect's prefix"));
    }
    let mut fields = parse_fields(&item.fields)?;
    let mut traits = Vec::new();
    let mut infer = args.infer.clone();
    let mut format = args.format.clone();
    if let Some(family) = &args.family {
        if let Some(field) = fields.first() {
            return Err(syn::Error::new(
                field.ident.span(),
                format!("an op of family `{}` takes its operands and results from the family; remove this field", family.ident),
            ));
        }
        let parts = expand_family(family)?;
        fields = parts.fields;
        traits = parts.traits;
        infer = infer.or(Some(parts.infer));
        if format.is_none() && args.print.is_none() {
            format = Some(LitStr::new(parts.format, family.ident.span()));
        }
    }
    for t in &args.traits {
        if !traits.iter().any(|known| known == t) {
            traits.push(t.clone());
        }
    }
    check_custom_assembly(args)?;
    let (summary, description) = summary_and_description(&item.attrs).ok_or_else(|| {
        syn::Error::new(
            item.ident.span(),
            "an op needs a doc comment: its first paragraph is the summary, the rest the description",
        )
    })?;
    if let Some(format) = &format {
        let names = |kind| fields.iter().filter(|f| f.kind == kind).map(|f| f.ident.to_string()).collect::<Vec<_>>();
        let (operands, results, attributes, regions) =
            (names(FieldKind::Operand), names(FieldKind::Result), names(FieldKind::Attr), names(FieldKind::Region));
        validate_format(
            &format.value(),
            &FormatNames {
                operands: &operands,
                results: &results,
                attributes: &attributes,
                regions: &regions,
                infers_results: infer.is_some(),
                same_operands_and_result_type: traits.iter().any(|t| t == "SameOperandsAndResultType" || t == "Broadcasting"),
            },
        )
        .map_err(|message| syn::Error::new(format.span(), format!("invalid format: {message}")))?;
    }
    Ok(OpModel { name, summary, description, fields, traits, infer, format })
}

/// `format` excludes `print`/`parse`, which come together.
fn check_custom_assembly(args: &OpArgs) -> syn::Result<()> {
    match (&args.format, &args.print, &args.parse) {
        (Some(format), Some(_), _) | (Some(format), _, Some(_)) => {
            Err(syn::Error::new(format.span(), "give either `format` or `print` and `parse`, not both"))
        }
        (None, Some(print), None) => Err(syn::Error::new(print.span(), "`print` needs a matching `parse`")),
        (None, None, Some(parse)) => Err(syn::Error::new(parse.span(), "`parse` needs a matching `print`")),
        _ => Ok(()),
    }
}

fn generate(args: &OpArgs, item: &ItemStruct, model: &OpModel) -> TokenStream {
    let ident = &item.ident;
    let vis = &item.vis;
    let attrs = &item.attrs;
    let def = generate_def(args, model);
    let accessors = generate_accessors(model);
    let builder = generate_builder(model);
    quote! {
        #(#attrs)*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #vis struct #ident(pub ::xla_ir::OpId);

        impl ::xla_ir::Op for #ident {
            const DEF: &'static ::xla_ir::OpDef = &#def;

            fn from_id_unchecked(id: ::xla_ir::OpId) -> Self {
                #ident(id)
            }

            fn id(self) -> ::xla_ir::OpId {
                self.0
            }
        }

        impl #ident {
            #accessors
            #builder
        }
    }
}

/// `Some(path)` with the path's span, or `None`.
fn hook(path: Option<&Path>) -> TokenStream {
    match path {
        Some(path) => quote_spanned!(path.span()=> ::std::option::Option::Some(#path)),
        None => quote!(::std::option::Option::None),
    }
}

fn generate_def(args: &OpArgs, model: &OpModel) -> TokenStream {
    let name = &model.name;
    let (summary, description) = (&model.summary, &model.description);
    let traits = model.traits.iter().map(|t| quote_spanned!(t.span()=> ::xla_ir::OpTrait::#t));
    let defs = |kind: FieldKind, function: &str| {
        let function = Ident::new(function, Span::call_site());
        let entries = model.fields.iter().filter(|f| f.kind == kind).map(|f| {
            let (ty, field_name) = (&f.ty, f.ident.to_string());
            if f.kind == FieldKind::Region && f.multiplicity == Multiplicity::Variadic {
                return quote_spanned!(ty.span()=> ::xla_ir::constraints::variadic_region_def(#field_name));
            }
            quote_spanned!(ty.span()=> ::xla_ir::constraints::#function::<#ty>(#field_name))
        });
        quote!(&[#(#entries),*])
    };
    let operands = defs(FieldKind::Operand, "value_def");
    let results = defs(FieldKind::Result, "value_def");
    let attributes = defs(FieldKind::Attr, "attr_def");
    let regions = defs(FieldKind::Region, "region_def");
    let infer = hook(model.infer.as_ref());
    let verify = hook(args.verify.as_ref());
    let fold = hook(args.fold.as_ref());
    let print = hook(args.print.as_ref());
    let parse = hook(args.parse.as_ref());
    let patterns = args.patterns.iter().map(|p| quote_spanned!(p.span()=> &#p));
    let format = match &model.format {
        Some(format) => quote!(::std::option::Option::Some(#format)),
        None => quote!(::std::option::Option::None),
    };
    quote! {
        ::xla_ir::OpDef {
            name: #name,
            summary: #summary,
            description: #description,
            traits: &[#(#traits),*],
            operands: #operands,
            results: #results,
            attributes: #attributes,
            regions: #regions,
            infer: #infer,
            verify: #verify,
            fold: #fold,
            patterns: &[#(#patterns),*],
            format: #format,
            print: #print,
            parse: #parse,
        }
    }
}

/// The doc comment of an accessor: the field's own, or a line naming it.
fn accessor_docs(field: &OpField, what: &str) -> TokenStream {
    if field.docs.is_empty() {
        let line = format!(" The `{}` {what}.", field.ident);
        quote!(#[doc = #line])
    } else {
        let docs = &field.docs;
        quote!(#(#docs)*)
    }
}

fn generate_accessors(model: &OpModel) -> TokenStream {
    let mut out = TokenStream::new();
    let def = quote!(<Self as ::xla_ir::Op>::DEF);
    for kind in [FieldKind::Operand, FieldKind::Result, FieldKind::Attr, FieldKind::Region] {
        for (index, field) in model.fields.iter().filter(|f| f.kind == kind).enumerate() {
            let (name, inner) = (&field.ident, &field.inner);
            let name_str = name.to_string();
            let accessor = match (kind, field.multiplicity) {
                (FieldKind::Operand | FieldKind::Result, multiplicity) => {
                    let (single, optional, group) = if kind == FieldKind::Operand {
                        ("operand", "optional_operand", "operand_group")
                    } else {
                        ("result", "optional_result", "result_group")
                    };
                    let (function, returns) = match multiplicity {
                        Multiplicity::One => (single, quote!(::xla_ir::ValueId)),
                        Multiplicity::Optional => (optional, quote!(::std::option::Option<::xla_ir::ValueId>)),
                        Multiplicity::Variadic => (group, quote!(&'b [::xla_ir::ValueId])),
                    };
                    let function = Ident::new(function, Span::call_site());
                    quote! {
                        pub fn #name<'b>(self, body: &'b ::xla_ir::Body<'_>) -> #returns {
                            ::xla_ir::op_support::#function(body, self.0, #def, #index)
                        }
                    }
                }
                (FieldKind::Attr, Multiplicity::Optional) => quote! {
                    pub fn #name<'c>(self, body: &::xla_ir::Body<'c>)
                        -> ::std::option::Option<<#inner as ::xla_ir::constraints::AttrKind>::Value<'c>> {
                        ::xla_ir::op_support::optional_attr::<#inner>(body, self.0, #name_str)
                    }
                },
                (FieldKind::Attr, _) => quote! {
                    pub fn #name<'c>(self, body: &::xla_ir::Body<'c>) -> <#inner as ::xla_ir::constraints::AttrKind>::Value<'c> {
                        ::xla_ir::op_support::required_attr::<#inner>(body, self.0, #name_str)
                    }
                },
                (FieldKind::Region, Multiplicity::Variadic) => quote! {
                    pub fn #name<'b>(self, body: &'b ::xla_ir::Body<'_>) -> &'b [::xla_ir::RegionId] {
                        &body.op(self.0).regions[#index..]
                    }
                },
                (FieldKind::Region, _) => quote! {
                    pub fn #name(self, body: &::xla_ir::Body<'_>) -> ::xla_ir::RegionId {
                        body.op(self.0).regions[#index]
                    }
                },
            };
            let what = match kind {
                FieldKind::Operand => "operand",
                FieldKind::Result => "result",
                FieldKind::Attr => "attribute",
                FieldKind::Region => "region",
            };
            let docs = accessor_docs(field, what);
            out.extend(quote!(#docs #accessor));
        }
    }
    out
}

fn generate_builder(model: &OpModel) -> TokenStream {
    let builder = Ident::new("builder", Span::mixed_site());
    let state = Ident::new("state", Span::mixed_site());
    let def = quote!(<Self as ::xla_ir::Op>::DEF);
    let mut params = Vec::new();
    let mut fill = Vec::new();
    let mut variadic_operands = Vec::new();
    for field in model.fields.iter().filter(|f| f.kind == FieldKind::Operand) {
        let name = &field.ident;
        let (ty, push) = match field.multiplicity {
            Multiplicity::One => (quote!(::xla_ir::ValueId), quote!(#state.operands.push(#name);)),
            Multiplicity::Optional => {
                (quote!(::std::option::Option<::xla_ir::ValueId>), quote!(#state.operands.extend(#name);))
            }
            Multiplicity::Variadic => {
                let name_str = name.to_string();
                variadic_operands.push(quote!((#name_str, #name.len())));
                (quote!(&[::xla_ir::ValueId]), quote!(#state.operands.extend_from_slice(#name);))
            }
        };
        params.push(quote!(#name: #ty));
        fill.push(push);
    }
    if variadic_operands.len() > 1 {
        fill.push(quote!(::xla_ir::op_support::check_equal_group_sizes(#def, &#state, &[#(#variadic_operands),*])?;));
    }
    let present = Ident::new("present", Span::mixed_site());
    for field in model.fields.iter().filter(|f| f.kind == FieldKind::Attr) {
        let (name, inner) = (&field.ident, &field.inner);
        let name_str = name.to_string();
        let value_type = quote!(<#inner as ::xla_ir::constraints::AttrKind>::Value<'_>);
        let set = |value: &Ident| {
            quote!(::xla_ir::op_support::set_attr::<#inner>(#builder.ctx(), &mut #state, #name_str, #value);)
        };
        if field.multiplicity == Multiplicity::Optional {
            let set = set(&present);
            params.push(quote!(#name: ::std::option::Option<#value_type>));
            fill.push(quote!(if let ::std::option::Option::Some(#present) = #name { #set }));
        } else {
            params.push(quote!(#name: #value_type));
            fill.push(set(name));
        }
    }
    if model.infer.is_none() {
        for field in model.fields.iter().filter(|f| f.kind == FieldKind::Result) {
            let name = format_ident!("{}_type", field.ident);
            let (ty, push) = match field.multiplicity {
                Multiplicity::One => (quote!(::xla_ir::Type), quote!(#state.result_types.push(#name);)),
                Multiplicity::Optional => {
                    (quote!(::std::option::Option<::xla_ir::Type>), quote!(#state.result_types.extend(#name);))
                }
                Multiplicity::Variadic => (quote!(&[::xla_ir::Type]), quote!(#state.result_types.extend_from_slice(#name);)),
            };
            params.push(quote!(#name: #ty));
            fill.push(push);
        }
    }
    for field in model.fields.iter().filter(|f| f.kind == FieldKind::Region) {
        if field.multiplicity == Multiplicity::Variadic {
            let count = format_ident!("{}_count", field.ident);
            params.push(quote!(#count: usize));
            fill.push(quote!(for _ in 0..#count { #state.regions.push(#builder.body.create_region()); }));
        } else {
            fill.push(quote!(#state.regions.push(#builder.body.create_region());));
        }
    }
    let doc = format!(
        " Creates `{}` at the builder's cursor{}.",
        model.name.value(),
        if model.infer.is_some() { "; shape inference gives the result types" } else { "" }
    );
    let regions_doc = model
        .fields
        .iter()
        .any(|f| f.kind == FieldKind::Region)
        .then(|| quote!(#[doc = ""] #[doc = " Each region is created empty: add its blocks through the region accessors."]));
    quote! {
        #[doc = #doc]
        #regions_doc
        #[allow(clippy::too_many_arguments)]
        pub fn build(#builder: &mut ::xla_ir::Builder<'_, '_>, #(#params),*)
            -> ::std::result::Result<Self, ::xla_ir::Diagnostic> {
            let mut #state = #builder.state(#def.name);
            #(#fill)*
            #builder.create_inferred(#def, #state).map(Self)
        }
    }
}
