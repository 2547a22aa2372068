//! The lexer of XLA's HLO text: the whole input becomes a vector of [`Token`]s with byte
//! offsets, so the parser can look ahead freely and attribute values can be kept as token
//! ranges and read later by the code that knows their syntax.
//!
//! Token classes follow XLA's `hlo_lexer.cc`, simplified where the parser can tell cases
//! apart itself:
//! - a [`TokenKind::Word`] is `[A-Za-z_][A-Za-z0-9_.-]*` (names, opcodes, keywords, element
//!   types, enumerators); a `-` ends the word when `>` follows, so `b01f_01io->b01f` is a
//!   word, an arrow and a word;
//! - a [`TokenKind::Number`] starts with a digit, or a `-` before a digit, and takes letters,
//!   digits, `_` and `.`, plus a `-`/`+` after `e`/`E` (exponents) and a `-` after `_` or `x`
//!   (negative paddings). So `1e-05`, `3x3`, `1_1x-1_2`, `0x7f` and `01bf` are one token
//!   each; what they mean is read from their text by whoever expects them;
//! - a [`TokenKind::Name`] is `%` followed by name characters;
//! - strings are double- or single-quoted with C escapes; `/* ... */` and `// ...` comments
//!   are skipped.
//!
//! Invariant: lexing never fails and never panics; a character that starts no token becomes
//! a [`TokenKind::Error`] token (as does an unterminated string or comment), which the parser
//! reports at its position with what it expected.

/// What a token is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    Eof,
    /// A malformed token: an unexpected character, an unterminated string or comment.
    Error,
    /// `add`, `f32`, `ROOT`, `kLoop`, `region_0.1`, `get-tuple-element`.
    Word,
    /// `%add.3`.
    Name,
    /// `12`, `-3`, `1e-05`, `3x3`, `1_1x1_1`, `0x7f`.
    Number,
    /// `"text"` or `'text'`, with C escapes.
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Comma,
    Colon,
    Equal,
    /// `->`.
    Arrow,
    /// `<=`.
    Leq,
    /// `...`.
    Dots,
    /// A `-` not followed by a digit (as in `-inf`, `-nan`).
    Minus,
    Question,
    Star,
    Plus,
    Hash,
    Tilde,
}

impl TokenKind {
    /// How the kind is named in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Eof => "end of file",
            TokenKind::Error => "invalid token",
            TokenKind::Word => "identifier",
            TokenKind::Name => "'%' name",
            TokenKind::Number => "number",
            TokenKind::String => "string",
            TokenKind::LParen => "'('",
            TokenKind::RParen => "')'",
            TokenKind::LBrace => "'{'",
            TokenKind::RBrace => "'}'",
            TokenKind::LSquare => "'['",
            TokenKind::RSquare => "']'",
            TokenKind::Comma => "','",
            TokenKind::Colon => "':'",
            TokenKind::Equal => "'='",
            TokenKind::Arrow => "'->'",
            TokenKind::Leq => "'<='",
            TokenKind::Dots => "'...'",
            TokenKind::Minus => "'-'",
            TokenKind::Question => "'?'",
            TokenKind::Star => "'*'",
            TokenKind::Plus => "'+'",
            TokenKind::Hash => "'#'",
            TokenKind::Tilde => "'~'",
        }
    }

    /// Whether the kind opens a bracketed group.
    pub fn is_open(self) -> bool {
        matches!(self, TokenKind::LParen | TokenKind::LBrace | TokenKind::LSquare)
    }

    /// Whether the kind closes a bracketed group.
    pub fn is_close(self) -> bool {
        matches!(self, TokenKind::RParen | TokenKind::RBrace | TokenKind::RSquare)
    }
}

/// One token: its kind and its byte range in the source.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// The token's text in `src`.
    pub fn text(self, src: &str) -> &str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

/// Splits `src` into tokens; the last one is always [`TokenKind::Eof`].
pub fn tokenize(src: &str) -> Vec<Token> {
    let mut lexer = Lexer { src: src.as_bytes(), pos: 0 };
    let mut tokens = Vec::new();
    loop {
        let token = lexer.next_token();
        tokens.push(token);
        if token.kind == TokenKind::Eof {
            return tokens;
        }
    }
}

struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.src.get(self.pos + ahead).copied()
    }

    fn token(&self, kind: TokenKind, start: usize) -> Token {
        Token { kind, start, end: self.pos }
    }

    fn next_token(&mut self) -> Token {
        loop {
            let start = self.pos;
            let Some(c) = self.peek(0) else { return self.token(TokenKind::Eof, start) };
            self.pos += 1;
            let single = |kind| Some(kind);
            let kind = match c {
                b' ' | b'\t' | b'\n' | b'\r' => None,
                b'(' => single(TokenKind::LParen),
                b')' => single(TokenKind::RParen),
                b'{' => single(TokenKind::LBrace),
                b'}' => single(TokenKind::RBrace),
                b'[' => single(TokenKind::LSquare),
                b']' => single(TokenKind::RSquare),
                b',' => single(TokenKind::Comma),
                b':' => single(TokenKind::Colon),
                b'=' => single(TokenKind::Equal),
                b'?' => single(TokenKind::Question),
                b'*' => single(TokenKind::Star),
                b'+' => single(TokenKind::Plus),
                b'#' => single(TokenKind::Hash),
                b'~' => single(TokenKind::Tilde),
                b'<' if self.peek(0) == Some(b'=') => {
                    self.pos += 1;
                    single(TokenKind::Leq)
                }
                b'-' if self.peek(0) == Some(b'>') => {
                    self.pos += 1;
                    single(TokenKind::Arrow)
                }
                b'-' if self.peek(0).is_some_and(|d| d.is_ascii_digit()) => {
                    self.lex_number_rest();
                    single(TokenKind::Number)
                }
                b'-' => single(TokenKind::Minus),
                b'.' if self.peek(0) == Some(b'.') && self.peek(1) == Some(b'.') => {
                    self.pos += 2;
                    single(TokenKind::Dots)
                }
                b'/' if self.peek(0) == Some(b'*') => {
                    if !self.skip_block_comment() {
                        // The error points at the comment's opening `/*`.
                        return Token { kind: TokenKind::Error, start, end: start + 2 };
                    }
                    None
                }
                b'/' if self.peek(0) == Some(b'/') => {
                    while self.peek(0).is_some_and(|c| c != b'\n' && c != b'\r') {
                        self.pos += 1;
                    }
                    None
                }
                b'"' | b'\'' => single(self.lex_string(c)),
                b'%' => {
                    while self.peek(0).is_some_and(is_name_char) {
                        self.pos += 1;
                    }
                    single(if self.pos > start + 1 { TokenKind::Name } else { TokenKind::Error })
                }
                c if c.is_ascii_digit() => {
                    self.lex_number_rest();
                    single(TokenKind::Number)
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    while let Some(c) = self.peek(0) {
                        let arrow_follows = c == b'-' && self.peek(1) == Some(b'>');
                        if !is_name_char(c) || arrow_follows {
                            break;
                        }
                        self.pos += 1;
                    }
                    single(TokenKind::Word)
                }
                _ => {
                    // One whole (possibly multi-byte) character is the error token.
                    while self.peek(0).is_some_and(|b| (b & 0xC0) == 0x80) {
                        self.pos += 1;
                    }
                    single(TokenKind::Error)
                }
            };
            if let Some(kind) = kind {
                return self.token(kind, start);
            }
        }
    }

    /// Consumes the rest of a number-like token (see the module documentation).
    fn lex_number_rest(&mut self) {
        while let Some(c) = self.peek(0) {
            let prev = self.src[self.pos - 1];
            let next_is_digit = self.peek(1).is_some_and(|d| d.is_ascii_digit());
            let sign_ok = match c {
                b'-' => matches!(prev, b'e' | b'E' | b'_' | b'x') && next_is_digit,
                b'+' => matches!(prev, b'e' | b'E') && next_is_digit,
                _ => false,
            };
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || sign_ok {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Skips a `/* ... */` comment whose `/` was consumed; false when it is unterminated.
    fn skip_block_comment(&mut self) -> bool {
        self.pos += 1;
        while let Some(c) = self.peek(0) {
            self.pos += 1;
            if c == b'*' && self.peek(0) == Some(b'/') {
                self.pos += 1;
                return true;
            }
        }
        false
    }

    /// Lexes a string whose opening `quote` was consumed.
    fn lex_string(&mut self, quote: u8) -> TokenKind {
        while let Some(c) = self.peek(0) {
            self.pos += 1;
            match c {
                b'\\' if self.peek(0).is_some() => self.pos += 1,
                c if c == quote => return TokenKind::String,
                _ => {}
            }
        }
        TokenKind::Error
    }
}

/// The value of a string token's text (quotes included), with C escapes resolved: `\n`,
/// `\t`, `\r`, `\\`, `\"`, `\'`, `\?`, octal `\NNN` and hex `\xHH`.
pub fn unescape(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 {
        return Err("unterminated string".to_string());
    }
    let inner = &bytes[1..bytes.len() - 1];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let c = inner[i];
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let Some(&e) = inner.get(i) else { return Err("a string ends with a lone '\\'".to_string()) };
        i += 1;
        match e {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'\\' | b'"' | b'\'' | b'?' => out.push(e),
            b'0'..=b'7' => {
                let mut value = u32::from(e - b'0');
                for _ in 0..2 {
                    match inner.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push(u8::try_from(value).map_err(|_| format!("octal escape \\{value:o} is out of range"))?);
            }
            b'x' => {
                let digits: Vec<u8> = inner[i..].iter().take(2).take_while(|d| d.is_ascii_hexdigit()).copied().collect();
                if digits.is_empty() {
                    return Err("expected hexadecimal digits after '\\x'".to_string());
                }
                i += digits.len();
                let text = String::from_utf8_lossy(&digits).into_owned();
                out.push(u8::from_str_radix(&text, 16).map_err(|e| e.to_string())?);
            }
            other => return Err(format!("unknown escape sequence '\\{}'", other as char)),
        }
    }
    String::from_utf8(out).map_err(|_| "the string is not valid UTF-8 once unescaped".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        tokenize(src).into_iter().map(|t| (t.kind, t.text(src))).collect()
    }

    #[test]
    fn words_numbers_and_patterns() {
        use TokenKind::*;
        assert_eq!(
            kinds("%get-tuple-element.4 = f32[2,3]{1,0} get-tuple-element(%t), index=0"),
            [
                (Name, "%get-tuple-element.4"),
                (Equal, "="),
                (Word, "f32"),
                (LSquare, "["),
                (Number, "2"),
                (Comma, ","),
                (Number, "3"),
                (RSquare, "]"),
                (LBrace, "{"),
                (Number, "1"),
                (Comma, ","),
                (Number, "0"),
                (RBrace, "}"),
                (Word, "get-tuple-element"),
                (LParen, "("),
                (Name, "%t"),
                (RParen, ")"),
                (Comma, ","),
                (Word, "index"),
                (Equal, "="),
                (Number, "0"),
                (Eof, ""),
            ]
        );
        assert_eq!(
            kinds("b01f_01io->b01f 0bf_0io->0bf 1e-05 -2 3x3 1_1x-1_2 -inf"),
            [
                (Word, "b01f_01io"),
                (Arrow, "->"),
                (Word, "b01f"),
                (Number, "0bf_0io"),
                (Arrow, "->"),
                (Number, "0bf"),
                (Number, "1e-05"),
                (Number, "-2"),
                (Number, "3x3"),
                (Number, "1_1x-1_2"),
                (Minus, "-"),
                (Word, "inf"),
                (Eof, ""),
            ]
        );
    }

    #[test]
    fn comments_strings_and_errors() {
        use TokenKind::*;
        assert_eq!(kinds("(/*index=5*/a) // rest\n'x' \"a\\\"b\""), [
            (LParen, "("),
            (Word, "a"),
            (RParen, ")"),
            (String, "'x'"),
            (String, "\"a\\\"b\""),
            (Eof, ""),
        ]);
        assert_eq!(kinds("\"open"), [(Error, "\"open"), (Eof, "")]);
        assert_eq!(kinds("/* open"), [(Error, "/*"), (Eof, "")]);
        assert_eq!(kinds("é<"), [(Error, "é"), (Error, "<"), (Eof, "")]);
        assert_eq!(kinds("<= ... %"), [(Leq, "<="), (Dots, "..."), (Error, "%"), (Eof, "")]);
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape("\"a\\n\\t\\\\\\\"\\x41\\101\""), Ok("a\n\t\\\"AA".to_string()));
        assert!(unescape("\"\\q\"").is_err());
    }
}
