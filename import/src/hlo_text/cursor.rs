//! A cursor over a range of tokens, with the small readers every part of the HLO grammar
//! shares: punctuation, keywords, integers, booleans, strings and braced integer lists.
//!
//! The module parser walks the whole file with one cursor; an attribute's value is kept as
//! a token range and read later by a cursor limited to that range, so a reader cannot run
//! past its value. Past its end a cursor sees [`TokenKind::Eof`].
//!
//! Invariant: every failure is a located [`Diagnostic`] saying what was expected and what
//! was found; nothing here panics on any token sequence.

use xla_ir::Diagnostic;

use super::lexer::{unescape, TokenKind};
use super::source::Source;

/// The result of the readers of this module and their callers.
pub type PResult<T> = Result<T, Diagnostic>;

/// A position in the tokens of a [`Source`], limited to `end`.
pub struct Cursor<'a, 't, 'c> {
    pub src: &'a Source<'t, 'c>,
    pub pos: usize,
    pub end: usize,
}

impl<'a, 't, 'c> Cursor<'a, 't, 'c> {
    /// A cursor over the whole file.
    pub fn new(src: &'a Source<'t, 'c>) -> Self {
        Cursor { src, pos: 0, end: src.tokens.len() }
    }

    /// A cursor over tokens `start..end`.
    pub fn range(src: &'a Source<'t, 'c>, start: usize, end: usize) -> Self {
        Cursor { src, pos: start, end }
    }

    /// The kind of the token `ahead` places after the current one.
    pub fn kind_at(&self, ahead: usize) -> TokenKind {
        let i = self.pos + ahead;
        if i >= self.end {
            TokenKind::Eof
        } else {
            self.src.token(i).kind
        }
    }

    pub fn kind(&self) -> TokenKind {
        self.kind_at(0)
    }

    pub fn is(&self, kind: TokenKind) -> bool {
        self.kind() == kind
    }

    pub fn at_end(&self) -> bool {
        self.is(TokenKind::Eof)
    }

    /// The text of the current token ("" at the end).
    pub fn text(&self) -> &'t str {
        self.text_at(0)
    }

    pub fn text_at(&self, ahead: usize) -> &'t str {
        if self.kind_at(ahead) == TokenKind::Eof {
            ""
        } else {
            self.src.text_of(self.pos + ahead)
        }
    }

    /// The byte offset of the current token (the end of the range's last token at its end).
    pub fn offset(&self) -> usize {
        if self.pos < self.end {
            self.src.token(self.pos).start
        } else if self.end > 0 && self.end <= self.src.tokens.len() {
            self.src.token(self.end - 1).end
        } else {
            self.src.text.len()
        }
    }

    /// Whether the current token starts right where the previous one ends.
    pub fn adjacent_to_previous(&self) -> bool {
        !self.at_end() && self.pos > 0 && self.src.token(self.pos - 1).end == self.src.token(self.pos).start
    }

    /// Moves past the current token and returns its index.
    pub fn bump(&mut self) -> usize {
        let i = self.pos;
        if self.pos < self.end {
            self.pos += 1;
        }
        i
    }

    /// Consumes a token of `kind` when it is next.
    pub fn accept(&mut self, kind: TokenKind) -> bool {
        if self.is(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Whether the current token is the word `word`.
    pub fn is_word(&self, word: &str) -> bool {
        self.is(TokenKind::Word) && self.text() == word
    }

    /// Consumes the word `word` when it is next.
    pub fn accept_word(&mut self, word: &str) -> bool {
        if self.is_word(word) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// How the current token is named in messages.
    pub fn describe(&self) -> String {
        if self.pos >= self.end && self.end < self.src.tokens.len() {
            // A limited range ends here, not the file.
            "the end of the value".to_string()
        } else {
            self.src.describe(self.pos.min(self.end))
        }
    }

    /// An error at the current token.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        self.src.error(self.offset(), message)
    }

    /// "expected `what`, found ..." at the current token.
    pub fn expected(&self, what: &str) -> Diagnostic {
        self.error(format!("expected {what}, found {}", self.describe()))
    }

    /// Consumes a token of `kind` or fails with "expected ...".
    pub fn expect(&mut self, kind: TokenKind) -> PResult<usize> {
        if self.is(kind) {
            Ok(self.bump())
        } else {
            Err(self.expected(kind.describe()))
        }
    }

    /// Consumes a token of `kind` or fails with "expected `what`".
    pub fn expect_what(&mut self, kind: TokenKind, what: &str) -> PResult<usize> {
        if self.is(kind) {
            Ok(self.bump())
        } else {
            Err(self.expected(what))
        }
    }

    /// Skips one item: a bracketed group with everything in it, or one token. Stops at an
    /// unmatched closer or the end without consuming it; returns whether it consumed any.
    pub fn skip_item(&mut self) -> bool {
        let start = self.pos;
        let mut depth = 0usize;
        loop {
            let kind = self.kind();
            if kind == TokenKind::Eof || (kind.is_close() && depth == 0) {
                return self.pos > start;
            }
            self.bump();
            if kind.is_open() {
                depth += 1;
            } else if kind.is_close() {
                depth -= 1;
            }
            if depth == 0 {
                return true;
            }
        }
    }

    /// Reads a signed 64-bit integer.
    pub fn parse_i64(&mut self) -> PResult<i64> {
        if !self.is(TokenKind::Number) {
            return Err(self.expected("an integer"));
        }
        let value = parse_int_text(self.text()).ok_or_else(|| self.expected("an integer"))?;
        self.bump();
        Ok(value)
    }

    /// Reads a non-negative integer that fits in 64 bits.
    pub fn parse_non_negative(&mut self, what: &str) -> PResult<i64> {
        let at = self.offset();
        let value = self.parse_i64()?;
        if value < 0 {
            return Err(self.src.error(at, format!("{what} must not be negative, found {value}")));
        }
        Ok(value)
    }

    /// Reads `true` or `false`.
    pub fn parse_bool(&mut self) -> PResult<bool> {
        if self.accept_word("true") {
            Ok(true)
        } else if self.accept_word("false") {
            Ok(false)
        } else {
            Err(self.expected("'true' or 'false'"))
        }
    }

    /// Reads a string literal's value.
    pub fn parse_string(&mut self) -> PResult<String> {
        if !self.is(TokenKind::String) {
            return Err(self.expected("a string"));
        }
        let at = self.offset();
        let value = unescape(self.text()).map_err(|m| self.src.error(at, m))?;
        self.bump();
        Ok(value)
    }

    /// Reads a list of integers between `open` and `close` separated by `sep`:
    /// `{1,2}` or `[0:4:2]`.
    pub fn parse_int_list(&mut self, open: TokenKind, close: TokenKind, sep: TokenKind) -> PResult<Vec<i64>> {
        self.expect(open)?;
        let mut values = Vec::new();
        if self.accept(close) {
            return Ok(values);
        }
        loop {
            values.push(self.parse_i64()?);
            if self.accept(close) {
                return Ok(values);
            }
            if !self.accept(sep) {
                return Err(self.expected(&format!("{} or {}", sep.describe(), close.describe())));
            }
        }
    }

    /// Reads `{1,2,3}`.
    pub fn parse_braced_ints(&mut self) -> PResult<Vec<i64>> {
        self.parse_int_list(TokenKind::LBrace, TokenKind::RBrace, TokenKind::Comma)
    }

    /// Reads `{{0,1},{2,3}}`.
    pub fn parse_braced_int_lists(&mut self) -> PResult<Vec<Vec<i64>>> {
        self.expect(TokenKind::LBrace)?;
        let mut lists = Vec::new();
        if self.accept(TokenKind::RBrace) {
            return Ok(lists);
        }
        loop {
            lists.push(self.parse_braced_ints()?);
            if self.accept(TokenKind::RBrace) {
                return Ok(lists);
            }
            if !self.accept(TokenKind::Comma) {
                return Err(self.expected("',' or '}'"));
            }
        }
    }

    /// Fails unless the range is used up.
    pub fn expect_end(&self, what: &str) -> PResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected {} after {what}", self.describe())))
        }
    }
}

/// The value of a decimal integer token (optionally negative); `None` when it is not one or
/// does not fit in 64 bits.
pub fn parse_int_text(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}
