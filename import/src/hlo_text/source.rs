//! The input text with its tokens, and the mapping from byte offsets to `file:line:col`
//! locations that every diagnostic and every created op carries.
//!
//! Invariant: [`Source::loc`] accepts any offset (past the end included) and never panics;
//! columns count characters, not bytes, as the IR parser's do.

use xla_ir::{Context, Diagnostic, Location};

use super::lexer::{tokenize, Token, TokenKind};

/// The text being read, its tokens and its file name.
pub struct Source<'t, 'c> {
    pub ctx: &'c Context,
    pub file: &'t str,
    pub text: &'t str,
    pub tokens: Vec<Token>,
    line_starts: Vec<usize>,
    /// The line of the file the text's first line is (past 1 for a split input's chunks).
    first_line: u32,
}

impl<'t, 'c> Source<'t, 'c> {
    /// Lexes `text`, which starts at line `first_line` of `file`, and registers it with
    /// `ctx` so diagnostics can quote its lines.
    pub fn new(ctx: &'c Context, file: &'t str, text: &'t str, first_line: u32) -> Self {
        let first_line = first_line.max(1);
        ctx.add_source(file, text, first_line);
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Source { ctx, file, text, tokens: tokenize(text), line_starts, first_line }
    }

    /// The location of byte offset `offset`.
    pub fn loc(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let line_start = self.line_starts.get(line).copied().unwrap_or(0);
        let col = self.text.get(line_start..offset).map_or(offset - line_start, |s| s.chars().count()) + 1;
        self.ctx.file_loc(self.file, (line as u32).saturating_add(self.first_line), col as u32)
    }

    /// An error at byte offset `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc(offset), message)
    }

    /// Token `i`, or the final end-of-file token when `i` is past the end.
    pub fn token(&self, i: usize) -> Token {
        self.tokens.get(i).or(self.tokens.last()).copied().unwrap_or(Token { kind: TokenKind::Eof, start: 0, end: 0 })
    }

    /// The text of token `i`.
    pub fn text_of(&self, i: usize) -> &'t str {
        let t = self.token(i);
        self.text.get(t.start..t.end).unwrap_or("")
    }

    /// How token `i` is named in "found ..." messages.
    pub fn describe(&self, i: usize) -> String {
        let t = self.token(i);
        match t.kind {
            TokenKind::Eof => "end of file".to_string(),
            TokenKind::Error => {
                let text = self.text_of(i);
                if text.starts_with('"') || text.starts_with('\'') {
                    "an unterminated string".to_string()
                } else if text.starts_with("/*") {
                    "an unterminated comment".to_string()
                } else {
                    format!("invalid character '{text}'")
                }
            }
            _ => {
                let text = self.text_of(i);
                let short: String = text.chars().take(40).collect();
                if short.len() < text.len() {
                    format!("'{short}...'")
                } else {
                    format!("'{short}'")
                }
            }
        }
    }
}
