//! Reading StableHLO's attribute syntax, from the op text (pretty forms) and from the text of
//! dialect attributes the IR keeps opaque (`#stablehlo.gather<offset_dims = [1], ...>`,
//! `#stablehlo<comparison_direction GT>`), with one set of functions over a
//! [`TokenStream`]: the parser itself, or [`TextTokens`] over an attribute's text.
//!
//! Also here: reading the values StableHLO attributes take in the generic form, where one
//! list may be an `array<i64: ...>`, a `dense<...> : tensor<...>` or a `[...]` of integers.
//!
//! Invariant: nothing here panics on any text; errors are diagnostics at the current token
//! (pretty forms) or at the op that holds the attribute (opaque text, whose own position the
//! IR does not keep).

use xla_ir::parser::lexer::{Lexer, Token, TokenKind};
use xla_ir::parser::OpParser;
use xla_ir::{AttrData, Attribute, Context, Diagnostic, Location, Scalar};

/// A stream of tokens with located errors.
pub(crate) trait TokenStream<'s> {
    /// The current token.
    fn current(&self) -> Token<'s>;
    /// Moves past the current token.
    fn advance(&mut self);
    /// An error at the current token.
    fn error_here(&self, message: String) -> Diagnostic;
}

impl<'s> TokenStream<'s> for OpParser<'s, '_, '_> {
    fn current(&self) -> Token<'s> {
        self.token()
    }

    fn advance(&mut self) {
        let kind = self.token().kind;
        self.accept(kind);
    }

    fn error_here(&self, message: String) -> Diagnostic {
        self.error(message)
    }
}

/// Tokens of an attribute's text; errors point at the op holding the attribute.
pub(crate) struct TextTokens<'s> {
    lexer: Lexer<'s>,
    tok: Token<'s>,
    loc: Location,
    /// What is being read, for messages: "#stablehlo.gather<...>".
    what: String,
}

impl<'s> TextTokens<'s> {
    pub(crate) fn new(text: &'s str, loc: Location, what: impl Into<String>) -> Self {
        let mut lexer = Lexer::new(text);
        let tok = lexer.next_token();
        TextTokens { lexer, tok, loc, what: what.into() }
    }

    /// Whether every token has been read.
    pub(crate) fn at_end(&self) -> bool {
        self.tok.kind == TokenKind::Eof
    }
}

impl<'s> TokenStream<'s> for TextTokens<'s> {
    fn current(&self) -> Token<'s> {
        self.tok
    }

    fn advance(&mut self) {
        self.tok = self.lexer.next_token();
    }

    fn error_here(&self, message: String) -> Diagnostic {
        Diagnostic::error(self.loc, format!("in {}: {message}", self.what))
    }
}

/// How the current token reads in "found X".
pub(crate) fn describe<'s>(t: &impl TokenStream<'s>) -> String {
    let tok = t.current();
    match tok.kind {
        TokenKind::Eof => "end of input".to_string(),
        _ => format!("'{}'", tok.text),
    }
}

pub(crate) fn is<'s>(t: &impl TokenStream<'s>, kind: TokenKind) -> bool {
    t.current().kind == kind
}

/// Consumes a token of `kind` when it is next.
pub(crate) fn accept<'s>(t: &mut impl TokenStream<'s>, kind: TokenKind) -> bool {
    if is(t, kind) {
        t.advance();
        true
    } else {
        false
    }
}

/// Consumes a token of `kind` or fails with "expected ..., found ...".
pub(crate) fn expect<'s>(t: &mut impl TokenStream<'s>, kind: TokenKind) -> Result<Token<'s>, Diagnostic> {
    let tok = t.current();
    if tok.kind == kind {
        t.advance();
        Ok(tok)
    } else {
        Err(t.error_here(format!("expected {}, found {}", kind.describe(), describe(t))))
    }
}

/// Consumes the bare word `word` when it is next.
pub(crate) fn accept_word<'s>(t: &mut impl TokenStream<'s>, word: &str) -> bool {
    let tok = t.current();
    if tok.kind == TokenKind::BareIdent && tok.text == word {
        t.advance();
        true
    } else {
        false
    }
}

/// Consumes the bare word `word` or fails.
pub(crate) fn expect_word<'s>(t: &mut impl TokenStream<'s>, word: &str) -> Result<(), Diagnostic> {
    if accept_word(t, word) {
        Ok(())
    } else {
        Err(t.error_here(format!("expected '{word}', found {}", describe(t))))
    }
}

/// Reads a bare word.
pub(crate) fn word<'s>(t: &mut impl TokenStream<'s>, what: &str) -> Result<&'s str, Diagnostic> {
    let tok = t.current();
    if tok.kind == TokenKind::BareIdent {
        t.advance();
        Ok(tok.text)
    } else {
        Err(t.error_here(format!("expected {what}, found {}", describe(t))))
    }
}

/// Reads an optionally negative integer that fits in 64 bits.
pub(crate) fn int<'s>(t: &mut impl TokenStream<'s>) -> Result<i64, Diagnostic> {
    let negative = accept(t, TokenKind::Minus);
    let tok = t.current();
    if tok.kind != TokenKind::Integer {
        return Err(t.error_here(format!("expected integer, found {}", describe(t))));
    }
    let value = match tok.text.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => tok.text.parse::<i64>().ok(),
    };
    let value = value.ok_or_else(|| t.error_here(format!("integer '{}' does not fit in 64 bits", tok.text)))?;
    t.advance();
    Ok(if negative { -value } else { value })
}

/// Reads `[1, 2, 3]` (possibly empty).
pub(crate) fn int_list<'s>(t: &mut impl TokenStream<'s>) -> Result<Vec<i64>, Diagnostic> {
    expect(t, TokenKind::LSquare)?;
    let mut values = Vec::new();
    if accept(t, TokenKind::RSquare) {
        return Ok(values);
    }
    loop {
        values.push(int(t)?);
        if accept(t, TokenKind::RSquare) {
            return Ok(values);
        }
        expect(t, TokenKind::Comma)?;
    }
}

/// Reads `[[0, 1], [2, 3]]` (possibly empty).
pub(crate) fn nested_int_list<'s>(t: &mut impl TokenStream<'s>) -> Result<Vec<Vec<i64>>, Diagnostic> {
    expect(t, TokenKind::LSquare)?;
    let mut rows = Vec::new();
    if accept(t, TokenKind::RSquare) {
        return Ok(rows);
    }
    loop {
        rows.push(int_list(t)?);
        if accept(t, TokenKind::RSquare) {
            return Ok(rows);
        }
        expect(t, TokenKind::Comma)?;
    }
}

/// Reads `[true, false]` or `[1, 0]` as flags.
pub(crate) fn bool_list<'s>(t: &mut impl TokenStream<'s>) -> Result<Vec<bool>, Diagnostic> {
    expect(t, TokenKind::LSquare)?;
    let mut values = Vec::new();
    if accept(t, TokenKind::RSquare) {
        return Ok(values);
    }
    loop {
        let value = if accept_word(t, "true") {
            true
        } else if accept_word(t, "false") {
            false
        } else if is(t, TokenKind::Integer) {
            int(t)? != 0
        } else {
            return Err(t.error_here(format!("expected 'true' or 'false', found {}", describe(t))));
        };
        values.push(value);
        if accept(t, TokenKind::RSquare) {
            return Ok(values);
        }
        expect(t, TokenKind::Comma)?;
    }
}

/// One field value of a StableHLO struct attribute (`key = value`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FieldValue {
    Int(i64),
    List(Vec<i64>),
    Word(String),
}

/// Reads `key = value, key = value` up to (not including) `>` or the end of input; values
/// are integers, integer lists or bare words.
pub(crate) fn struct_fields<'s>(t: &mut impl TokenStream<'s>) -> Result<Vec<(String, FieldValue)>, Diagnostic> {
    let mut fields = Vec::new();
    while !is(t, TokenKind::Greater) && !is(t, TokenKind::Eof) {
        let key = word(t, "a field name")?.to_string();
        expect(t, TokenKind::Equal)?;
        let value = if is(t, TokenKind::LSquare) {
            FieldValue::List(int_list(t)?)
        } else if is(t, TokenKind::BareIdent) {
            FieldValue::Word(word(t, "a value")?.to_string())
        } else {
            FieldValue::Int(int(t)?)
        };
        fields.push((key, value));
        if !accept(t, TokenKind::Comma) {
            break;
        }
    }
    Ok(fields)
}

/// The fields of a struct attribute by name; missing lists read as empty.
pub(crate) struct Fields {
    fields: Vec<(String, FieldValue)>,
    loc: Location,
    what: String,
}

impl Fields {
    pub(crate) fn new(fields: Vec<(String, FieldValue)>, loc: Location, what: impl Into<String>) -> Fields {
        Fields { fields, loc, what: what.into() }
    }

    fn get(&self, key: &str) -> Option<&FieldValue> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The list field `key`, empty when absent.
    pub(crate) fn list(&self, key: &str) -> Result<Vec<i64>, Diagnostic> {
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(FieldValue::List(v)) => Ok(v.clone()),
            Some(other) => Err(self.mismatch(key, "a list of integers", other)),
        }
    }

    /// The integer field `key`, or `default` when absent.
    pub(crate) fn int_or(&self, key: &str, default: Option<i64>) -> Result<i64, Diagnostic> {
        match (self.get(key), default) {
            (Some(FieldValue::Int(v)), _) => Ok(*v),
            (None, Some(d)) => Ok(d),
            (None, None) => Err(Diagnostic::error(self.loc, format!("in {}: expected field '{key}'", self.what))),
            (Some(other), _) => Err(self.mismatch(key, "an integer", other)),
        }
    }

    /// Checks that every field is one of `known`.
    pub(crate) fn only(&self, known: &[&str]) -> Result<(), Diagnostic> {
        match self.fields.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            Some((k, _)) => Err(Diagnostic::error(self.loc, format!("in {}: unknown field '{k}'", self.what))),
            None => Ok(()),
        }
    }

    fn mismatch(&self, key: &str, expected: &str, found: &FieldValue) -> Diagnostic {
        Diagnostic::error(self.loc, format!("in {}: field '{key}' must be {expected}, found {found:?}", self.what))
    }
}

/// The dialect and body of an opaque dialect attribute: `#stablehlo.gather<...>` is
/// (`stablehlo`, `.gather<...>`).
pub(crate) fn opaque(ctx: &Context, attr: Attribute) -> Option<(&str, &str)> {
    match ctx.attr_data(attr) {
        AttrData::Opaque { dialect, body } => Some((dialect.as_str(), body.as_str())),
        _ => None,
    }
}

/// The mnemonic and inner text of a StableHLO (or chlo, mhlo) struct attribute:
/// `#stablehlo.gather<a = [1]>` is (`gather`, `a = [1]`).
pub(crate) fn struct_attr(ctx: &Context, attr: Attribute) -> Option<(&str, &str)> {
    let (dialect, body) = opaque(ctx, attr)?;
    if !matches!(dialect, "stablehlo" | "chlo" | "mhlo") {
        return None;
    }
    let body = body.strip_prefix('.')?;
    let (mnemonic, rest) = body.split_once('<')?;
    Some((mnemonic, rest.strip_suffix('>')?))
}

/// The value of an enumerated attribute, as a bare string: `#stablehlo<comparison_direction
/// GT>` (of kind `comparison_direction`) and the string attribute `"GT"` are both `GT`.
pub(crate) fn enum_value(ctx: &Context, attr: Attribute, kind: &str) -> Option<String> {
    if let Some(s) = ctx.as_string(attr) {
        return Some(s.to_string());
    }
    let (dialect, body) = opaque(ctx, attr)?;
    if !matches!(dialect, "stablehlo" | "chlo" | "mhlo") {
        return None;
    }
    let inner = body.strip_prefix('<')?.strip_suffix('>')?.trim();
    let (found_kind, value) = inner.split_once(char::is_whitespace)?;
    (found_kind == kind).then(|| value.trim().to_string())
}

/// An integer list however the generic form writes it: `array<i64: 1, 2>`, `dense<[1, 2]> :
/// tensor<2xi64>` (a splat repeats), or `[1, 2]` (an array of integer attributes).
pub(crate) fn int_list_attr(ctx: &Context, attr: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_data(attr) {
        AttrData::DenseIntArray { values, .. } => Some(values.clone()),
        AttrData::DenseElements(d) => {
            let n = d.len(ctx);
            (0..n)
                .map(|i| match d.get(ctx, i)? {
                    Scalar::Int(v) => i64::try_from(v).ok(),
                    _ => None,
                })
                .collect()
        }
        AttrData::Array(elements) => elements
            .iter()
            .map(|e| match ctx.attr_data(*e) {
                AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// A list of integer lists: a 2-d `dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>` (padding,
/// replica groups) or an array of lists.
pub(crate) fn int_matrix_attr(ctx: &Context, attr: Attribute) -> Option<Vec<Vec<i64>>> {
    match ctx.attr_data(attr) {
        AttrData::DenseElements(d) => {
            let shape = ctx.as_tensor(d.ty)?.static_shape()?;
            let flat = int_list_attr(ctx, attr)?;
            match shape.as_slice() {
                [rows, cols] => {
                    let cols = usize::try_from(*cols).ok()?;
                    if cols == 0 {
                        return Some(vec![Vec::new(); usize::try_from(*rows).ok()?]);
                    }
                    Some(flat.chunks(cols).map(<[i64]>::to_vec).collect())
                }
                [0] => Some(Vec::new()),
                _ => None,
            }
        }
        AttrData::Array(rows) => rows.iter().map(|r| int_list_attr(ctx, *r)).collect(),
        _ => None,
    }
}

/// A list of flags: `array<i1: true, false>`, `dense<[true, false]> : tensor<2xi1>` or
/// integers.
pub(crate) fn bool_list_attr(ctx: &Context, attr: Attribute) -> Option<Vec<bool>> {
    match ctx.attr_data(attr) {
        AttrData::Array(elements) => elements
            .iter()
            .map(|e| match ctx.attr_data(*e) {
                AttrData::Bool(b) => Some(*b),
                AttrData::Integer { value, .. } => Some(*value != 0),
                _ => None,
            })
            .collect(),
        _ => int_list_attr(ctx, attr).map(|v| v.into_iter().map(|x| x != 0).collect()),
    }
}

/// An integer attribute's value.
pub(crate) fn int_attr(ctx: &Context, attr: Attribute) -> Option<i64> {
    match ctx.attr_data(attr) {
        AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

/// A boolean attribute's value (`true`, or an `i1` integer).
pub(crate) fn bool_attr(ctx: &Context, attr: Attribute) -> Option<bool> {
    match ctx.attr_data(attr) {
        AttrData::Bool(b) => Some(*b),
        AttrData::Integer { value, .. } => Some(*value != 0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_fields_read_lists_integers_and_words() {
        let ctx = Context::new();
        let loc = ctx.unknown_loc();
        let mut t = TextTokens::new("offset_dims = [1, 2], index_vector_dim = 1, kind = raw", loc, "test");
        let fields = struct_fields(&mut t).expect("valid fields");
        assert!(t.at_end());
        let fields = Fields::new(fields, loc, "test");
        assert_eq!(fields.list("offset_dims").expect("list"), vec![1, 2]);
        assert_eq!(fields.list("missing").expect("empty"), Vec::<i64>::new());
        assert_eq!(fields.int_or("index_vector_dim", None).expect("int"), 1);
        assert!(fields.int_or("offset_dims", None).is_err());
        assert!(fields.only(&["offset_dims", "index_vector_dim"]).is_err());
    }

    #[test]
    fn enum_values_read_from_opaque_and_string_attributes() {
        let ctx = Context::new();
        let opaque = ctx.attr(AttrData::Opaque { dialect: "stablehlo".into(), body: "<comparison_direction GT>".into() });
        assert_eq!(enum_value(&ctx, opaque, "comparison_direction").as_deref(), Some("GT"));
        assert_eq!(enum_value(&ctx, opaque, "comparison_type"), None);
        assert_eq!(enum_value(&ctx, ctx.string_attr("LT"), "comparison_direction").as_deref(), Some("LT"));
    }

    #[test]
    fn int_lists_read_every_generic_spelling() {
        let ctx = Context::new();
        assert_eq!(int_list_attr(&ctx, ctx.i64_array_attr(&[3, 4])), Some(vec![3, 4]));
        let array = ctx.array_attr(vec![ctx.i64_attr(1), ctx.i64_attr(2)]);
        assert_eq!(int_list_attr(&ctx, array), Some(vec![1, 2]));
        assert_eq!(int_list_attr(&ctx, ctx.string_attr("x")), None);
    }
}
