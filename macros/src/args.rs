//! The arguments of `#[op(...)]`: `name`, `family`, `traits`, hooks and `format`.
//!
//! Invariant: every key appears at most once, `name` is present, and an unknown key or a
//! malformed value is a `syn::Error` spanned on the offending token.

use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::{bracketed, parenthesized, Ident, LitStr, Path, Token, Type};

/// `family = ElementwiseBinary` or `family = ElementwiseBinary(IntOrPredTensor)`.
pub struct FamilyArg {
    pub ident: Ident,
    /// The element constraint given in parentheses, if any.
    pub element: Option<Type>,
}

/// Everything `#[op(...)]` says, as written.
#[derive(Default)]
pub struct OpArgs {
    pub name: Option<LitStr>,
    pub family: Option<FamilyArg>,
    pub traits: Vec<Ident>,
    pub infer: Option<Path>,
    pub verify: Option<Path>,
    pub fold: Option<Path>,
    pub print: Option<Path>,
    pub parse: Option<Path>,
    pub patterns: Vec<Path>,
    pub format: Option<LitStr>,
    /// The keys read so far, to reject a repeated one.
    seen: Vec<String>,
}

/// The keys `#[op(...)]` accepts, for the message about an unknown one.
const KEYS: &str = "name, family, traits, infer, verify, fold, print, parse, patterns, format";

impl OpArgs {
    /// Reads one `key = value` entry.
    pub fn parse_entry(&mut self, meta: ParseNestedMeta) -> syn::Result<()> {
        let Some(key) = meta.path.get_ident().map(|i| i.to_string()) else {
            return Err(meta.error(format!("expected one of the keys {KEYS}")));
        };
        if self.seen.contains(&key) {
            return Err(meta.error(format!("the key `{key}` is given twice")));
        }
        self.seen.push(key.clone());
        match key.as_str() {
            "name" => self.name = Some(meta.value()?.parse()?),
            "format" => self.format = Some(meta.value()?.parse()?),
            "infer" => self.infer = Some(meta.value()?.parse()?),
            "verify" => self.verify = Some(meta.value()?.parse()?),
            "fold" => self.fold = Some(meta.value()?.parse()?),
            "print" => self.print = Some(meta.value()?.parse()?),
            "parse" => self.parse = Some(meta.value()?.parse()?),
            "family" => {
                let input = meta.value()?;
                let ident: Ident = input.parse()?;
                let element = if input.peek(syn::token::Paren) {
                    let content;
                    parenthesized!(content in input);
                    Some(content.parse()?)
                } else {
                    None
                };
                self.family = Some(FamilyArg { ident, element });
            }
            "traits" => {
                let content;
                let value = meta.value()?;
                bracketed!(content in value);
                let list = Punctuated::<Ident, Token![,]>::parse_terminated(&content)?;
                self.traits = list.into_iter().collect();
            }
            "patterns" => {
                let content;
                let value = meta.value()?;
                bracketed!(content in value);
                let list = Punctuated::<Path, Token![,]>::parse_terminated(&content)?;
                self.patterns = list.into_iter().collect();
            }
            _ => return Err(meta.error(format!("unknown key `{key}`; expected one of {KEYS}"))),
        }
        Ok(())
    }
}
