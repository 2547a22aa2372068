//! The lexer of MLIR's textual syntax.
//!
//! Tokens are produced on demand from a byte offset, so the parser can re-lex from any
//! token's start; it does that for tensor shapes (`2x?x<=8xf32`), whose dimension lists are
//! read character by character as MLIR's own parser does. The lexer never fails: malformed
//! input becomes an [`TokenKind::Error`] token that the parser reports with its location.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    Eof,
    Error,
    /// `foo`, `hlo.add`, `f32`, `x`.
    BareIdent,
    /// `%name`, `%0`, `%0#1`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `@name` or `@"quoted name"`.
    AtIdent,
    /// `#alias`, `#hlo`.
    HashIdent,
    /// `!alias`, `!hlo.token`.
    BangIdent,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Comma,
    Colon,
    ColonColon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    Ellipsis,
    Vertical,
}

impl TokenKind {
    /// How a token of this kind is named in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Eof => "end of file",
            TokenKind::Error => "invalid token",
            TokenKind::BareIdent => "identifier",
            TokenKind::PercentIdent => "SSA value",
            TokenKind::CaretIdent => "block name",
            TokenKind::AtIdent => "symbol name",
            TokenKind::HashIdent => "'#' identifier",
            TokenKind::BangIdent => "'!' identifier",
            TokenKind::Integer => "integer",
            TokenKind::Float => "float",
            TokenKind::String => "string",
            TokenKind::LParen => "'('",
            TokenKind::RParen => "')'",
            TokenKind::LBrace => "'{'",
            TokenKind::RBrace => "'}'",
            TokenKind::LSquare => "'['",
            TokenKind::RSquare => "']'",
            TokenKind::Less => "'<'",
            TokenKind::Greater => "'>'",
            TokenKind::Comma => "','",
            TokenKind::Colon => "':'",
            TokenKind::ColonColon => "'::'",
            TokenKind::Equal => "'='",
            TokenKind::Arrow => "'->'",
            TokenKind::Question => "'?'",
            TokenKind::Star => "'*'",
            TokenKind::Plus => "'+'",
            TokenKind::Minus => "'-'",
            TokenKind::Ellipsis => "'...'",
            TokenKind::Vertical => "'|'",
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub struct Token<'s> {
    pub kind: TokenKind,
    /// The token's text, quotes and sigils included.
    pub text: &'s str,
    /// Byte offset of the token's first character.
    pub start: usize,
}

pub struct Lexer<'s> {
    src: &'s str,
    pub pos: usize,
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Lexer { src, pos: 0 }
    }

    pub fn src(&self) -> &'s str {
        self.src
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.src.as_bytes().get(self.pos + ahead).copied().unwrap_or(0)
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            let c = self.peek(0);
            if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' {
                self.pos += 1;
            } else if c == b'/' && self.peek(1) == b'/' {
                while self.pos < self.src.len() && self.peek(0) != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn token(&self, kind: TokenKind, start: usize) -> Token<'s> {
        Token { kind, text: &self.src[start..self.pos], start }
    }

    pub fn next_token(&mut self) -> Token<'s> {
        self.skip_trivia();
        let start = self.pos;
        let c = self.peek(0);
        if self.pos >= self.src.len() {
            return self.token(TokenKind::Eof, start);
        }
        self.pos += 1;
        let single = |kind| kind;
        let kind = match c {
            b'(' => single(TokenKind::LParen),
            b')' => TokenKind::RParen,
            b'{' => TokenKind::LBrace,
            b'}' => TokenKind::RBrace,
            b'[' => TokenKind::LSquare,
            b']' => TokenKind::RSquare,
            b'<' => TokenKind::Less,
            b'>' => TokenKind::Greater,
            b',' => TokenKind::Comma,
            b'=' => TokenKind::Equal,
            b'?' => TokenKind::Question,
            b'*' => TokenKind::Star,
            b'+' => TokenKind::Plus,
            b'|' => TokenKind::Vertical,
            b':' => {
                if self.peek(0) == b':' {
                    self.pos += 1;
                    TokenKind::ColonColon
                } else {
                    TokenKind::Colon
                }
            }
            b'-' => {
                if self.peek(0) == b'>' {
                    self.pos += 1;
                    TokenKind::Arrow
                } else {
                    TokenKind::Minus
                }
            }
            b'.' => {
                if self.peek(0) == b'.' && self.peek(1) == b'.' {
                    self.pos += 2;
                    TokenKind::Ellipsis
                } else {
                    TokenKind::Error
                }
            }
            b'"' => self.lex_string(),
            b'%' => self.lex_sigil(TokenKind::PercentIdent, true),
            b'^' => self.lex_sigil(TokenKind::CaretIdent, false),
            b'#' => self.lex_sigil(TokenKind::HashIdent, false),
            b'!' => self.lex_sigil(TokenKind::BangIdent, false),
            b'@' => {
                if self.peek(0) == b'"' {
                    self.pos += 1;
                    match self.lex_string() {
                        TokenKind::String => TokenKind::AtIdent,
                        other => other,
                    }
                } else {
                    self.lex_sigil(TokenKind::AtIdent, false)
                }
            }
            b'0'..=b'9' => self.lex_number(c),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while is_ident_char(self.peek(0)) {
                    self.pos += 1;
                }
                TokenKind::BareIdent
            }
            _ => {
                // Step over a whole UTF-8 character so the error token is valid text.
                while !self.src.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                TokenKind::Error
            }
        };
        self.token(kind, start)
    }

    fn lex_sigil(&mut self, kind: TokenKind, result_number: bool) -> TokenKind {
        let begin = self.pos;
        while is_suffix_char(self.peek(0)) {
            self.pos += 1;
        }
        if self.pos == begin {
            return TokenKind::Error;
        }
        if result_number && self.peek(0) == b'#' && self.peek(1).is_ascii_digit() {
            self.pos += 1;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        kind
    }

    fn lex_string(&mut self) -> TokenKind {
        loop {
            match self.peek(0) {
                0 if self.pos >= self.src.len() => return TokenKind::Error,
                b'\n' => return TokenKind::Error,
                b'"' => {
                    self.pos += 1;
                    return TokenKind::String;
                }
                b'\\' => self.pos += 2.min(self.src.len() - self.pos),
                _ => self.pos += 1,
            }
        }
    }

    fn lex_number(&mut self, first: u8) -> TokenKind {
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return TokenKind::Integer;
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' || self.peek(1) == b'.' {
            return TokenKind::Integer;
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit() || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        TokenKind::Float
    }
}

/// The value of a string token (quotes removed, escapes decoded), or why it is malformed.
pub fn unescape(token_text: &str) -> Result<String, String> {
    let inner = token_text.strip_prefix('@').unwrap_or(token_text);
    let inner = inner.strip_prefix('"').and_then(|s| s.strip_suffix('"')).ok_or("unterminated string")?;
    let bytes = inner.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let next = *bytes.get(i + 1).ok_or("unterminated escape")?;
        match next {
            b'"' | b'\\' => out.push(next),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            _ => {
                let hex = inner.get(i + 1..i + 3).ok_or("bad escape")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| format!("bad escape '\\{hex}'"))?);
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    String::from_utf8(out).map_err(|_| "string is not valid UTF-8".to_string())
}
