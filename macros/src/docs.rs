//! Op documentation from doc comments: the first paragraph is the summary, the rest the
//! description, as MLIR's ODS splits `summary` and `description`.
//!
//! Invariant: the summary is one line (its paragraph's lines joined by spaces); the
//! description keeps its lines and has no leading or trailing blank lines.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The text of the doc attributes among `attrs`, one entry per line, without the single
/// space rustdoc puts after `///`. `None` when a doc attribute is not a string literal.
fn doc_lines(attrs: &[Attribute]) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    for attr in attrs {
        let Meta::NameValue(nv) = &attr.meta else { continue };
        if !nv.path.is_ident("doc") {
            continue;
        }
        let Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) = &nv.value else { return None };
        for line in text.value().split('\n') {
            lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_string());
        }
    }
    Some(lines)
}

/// The summary and description of an op documented by `attrs`.
pub fn summary_and_description(attrs: &[Attribute]) -> Option<(String, String)> {
    let lines = doc_lines(attrs)?;
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let end = lines[first..].iter().position(|l| l.trim().is_empty()).map_or(lines.len(), |n| first + n);
    let summary = lines[first..end].iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    let description = lines[end..].join("\n").trim_matches('\n').to_string();
    Some((summary, description))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(lines: &[&str]) -> Vec<Attribute> {
        lines.iter().map(|l| syn::parse_quote!(#[doc = #l])).collect()
    }

    #[test]
    fn first_paragraph_is_the_summary() {
        let attrs = docs(&[" Adds two", " tensors.", "", " Example:", "", "     indented", ""]);
        assert_eq!(
            summary_and_description(&attrs),
            Some(("Adds two tensors.".to_string(), "Example:\n\n    indented".to_string()))
        );
    }

    #[test]
    fn a_lone_paragraph_has_no_description() {
        let attrs = docs(&["", " Negates."]);
        assert_eq!(summary_and_description(&attrs), Some(("Negates.".to_string(), String::new())));
        assert_eq!(summary_and_description(&[]), None);
    }
}
