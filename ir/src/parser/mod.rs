//! The parser of MLIR's textual syntax: the generic form of every operation, the custom
//! form of registered operations (declarative formats and hand-written hooks), types,
//! attributes, `#alias`/`!alias` definitions and `loc(...)`.
//!
//! Invariant: the parser never panics; the first error stops parsing and comes back as a
//! [`Diagnostic`] at the offending token's `file:line:col`. Operations without an explicit
//! `loc(...)` get the location of their first token.
//!
//! Values are scoped as MLIR scopes them: names defined in a region are visible in the
//! regions nested in it unless an operation is `IsolatedFromAbove`; uses before definitions
//! (graph regions, later blocks) go through placeholders resolved at the definition.

mod attributes;
pub mod lexer;
mod ops;
mod types;

use std::collections::HashMap;

use lexer::{Lexer, Token, TokenKind};

use crate::{Attribute, Body, BlockId, Context, Diagnostic, Location, OpId, Type, ValueId};

pub use ops::UnresolvedOperand;

/// The result of parsing [`Result<T, Diagnostic>`].
pub type PResult<T> = Result<T, Diagnostic>;

/// A parsed module: the body holding it and its top-level operation.
pub struct Module<'c> {
    pub body: Body<'c>,
    pub op: OpId,
}

/// Parses `text` (the contents of `file`, starting at line `first_line` of it) into a module.
/// A file whose top level is not a single `module` gets an implicit `builtin.module`.
pub fn parse_source<'c>(ctx: &'c Context, file: &str, text: &str, first_line: u32) -> PResult<Module<'c>> {
    ctx.add_source(file, text, first_line);
    let mut body = Body::new(ctx);
    let op = {
        let mut parser = Parser::new(&mut body, file, text, first_line);
        parser.parse_top_level()?
    };
    Ok(Module { body, op })
}

/// The names visible in one region.
#[derive(Default)]
struct Scope {
    /// Defined value groups: `%x` names all results of one operation (`%x#1` one of them).
    values: HashMap<String, (Vec<ValueId>, Location)>,
    /// Uses seen before their definition: the placeholder standing in for `%name#index`.
    forward: HashMap<(String, usize), (ValueId, Location)>,
    /// Blocks by label, with whether the label has been defined yet.
    blocks: HashMap<String, (BlockId, Option<Location>, Location)>,
    /// Whether names of enclosing scopes are hidden (an isolated region).
    isolated: bool,
}

/// The parser; custom assembly hooks see it as [`OpParser`].
pub struct Parser<'s, 'b, 'c> {
    lexer: Lexer<'s>,
    tok: Token<'s>,
    file: &'s str,
    first_line: u32,
    line_starts: Vec<usize>,
    pub body: &'b mut Body<'c>,
    ctx: &'c Context,
    type_aliases: HashMap<String, Type>,
    attr_aliases: HashMap<String, Attribute>,
    loc_aliases: HashMap<String, Location>,
    scopes: Vec<Scope>,
    /// The dialect whose ops may drop their prefix (`return` in a `func.func` is `func.return`).
    default_dialects: Vec<&'static str>,
    /// A detached block whose arguments stand in for forward references.
    forward_block: Option<BlockId>,
}

/// What custom assembly hooks receive.
pub type OpParser<'s, 'b, 'c> = Parser<'s, 'b, 'c>;

impl<'s, 'b, 'c> Parser<'s, 'b, 'c> {
    fn new(body: &'b mut Body<'c>, file: &'s str, text: &'s str, first_line: u32) -> Self {
        let mut lexer = Lexer::new(text);
        let tok = lexer.next_token();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let ctx = body.ctx();
        Parser {
            lexer,
            tok,
            file,
            first_line,
            line_starts,
            body,
            ctx,
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            loc_aliases: HashMap::new(),
            scopes: vec![Scope::default()],
            default_dialects: Vec::new(),
            forward_block: None,
        }
    }

    pub fn ctx(&self) -> &'c Context {
        self.ctx
    }

    // ---- Tokens and locations ------------------------------------------------------------

    /// The current token.
    pub fn token(&self) -> Token<'s> {
        self.tok
    }

    fn bump(&mut self) -> Token<'s> {
        let t = self.tok;
        self.tok = self.lexer.next_token();
        t
    }

    /// Restarts lexing at byte offset `pos`.
    fn reset_to(&mut self, pos: usize) {
        self.lexer.pos = pos;
        self.tok = self.lexer.next_token();
    }

    /// The location of byte offset `offset`.
    pub fn loc_at(&self, offset: usize) -> Location {
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let line_text_start = self.line_starts[line];
        let col = self.lexer.src()[line_text_start..offset.min(self.lexer.src().len())].chars().count() + 1;
        self.ctx.file_loc(self.file, self.first_line + line as u32, col as u32)
    }

    /// The location of the current token.
    pub fn loc(&self) -> Location {
        self.loc_at(self.tok.start)
    }

    /// An error at the current token. A malformed token is reported for what it is, as
    /// MLIR's lexer reports it, rather than as whatever the parser expected there.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        let unterminated_string = self.tok.kind == TokenKind::Error && (self.tok.text.starts_with('"') || self.tok.text.starts_with("@\""));
        if unterminated_string {
            return Diagnostic::error(self.loc(), "expected '\"' in string literal");
        }
        Diagnostic::error(self.loc(), message)
    }

    /// The current token for an "expected ..., found X" message.
    pub fn describe_current(&self) -> String {
        match self.tok.kind {
            TokenKind::Eof => "end of file".to_string(),
            _ => format!("'{}'", self.tok.text),
        }
    }

    /// Consumes a token of `kind` or fails with "expected ...".
    pub fn expect(&mut self, kind: TokenKind) -> PResult<Token<'s>> {
        if self.tok.kind == kind {
            Ok(self.bump())
        } else {
            Err(self.error(format!("expected {}, found {}", kind.describe(), self.describe_current())))
        }
    }

    /// Consumes a token of `kind` when it is next.
    pub fn accept(&mut self, kind: TokenKind) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    /// The kind of the token after the current one.
    pub fn peek_kind(&self) -> TokenKind {
        let mut lookahead = Lexer::new(self.lexer.src());
        lookahead.pos = self.tok.start + self.tok.text.len();
        lookahead.next_token().kind
    }

    pub fn is(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }

    /// Consumes the bare keyword `kw` or fails.
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.accept_keyword(kw) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{kw}', found {}", self.describe_current())))
        }
    }

    /// Consumes the bare keyword `kw` when it is next.
    pub fn accept_keyword(&mut self, kw: &str) -> bool {
        if self.tok.kind == TokenKind::BareIdent && self.tok.text == kw {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Parses a bare identifier.
    pub fn parse_identifier(&mut self) -> PResult<&'s str> {
        Ok(self.expect(TokenKind::BareIdent)?.text)
    }

    /// Parses a string literal's value.
    pub fn parse_string(&mut self) -> PResult<String> {
        let t = self.expect(TokenKind::String)?;
        lexer::unescape(t.text).map_err(|m| Diagnostic::error(self.loc_at(t.start), m))
    }

    /// Parses `@name` and returns the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        let t = self.expect(TokenKind::AtIdent)?;
        if t.text.starts_with("@\"") {
            lexer::unescape(t.text).map_err(|m| Diagnostic::error(self.loc_at(t.start), m))
        } else {
            Ok(t.text[1..].to_string())
        }
    }

    /// Parses an optionally negative integer.
    pub fn parse_integer(&mut self) -> PResult<i128> {
        let negative = self.accept(TokenKind::Minus);
        let t = self.expect(TokenKind::Integer)?;
        let value = parse_int_text(t.text).ok_or_else(|| Diagnostic::error(self.loc_at(t.start), "integer is too large"))?;
        Ok(if negative { -value } else { value })
    }

    /// Parses an optionally negative float or integer as an `f64` (hexadecimal integers are
    /// `f64` bit patterns).
    pub fn parse_f64(&mut self) -> PResult<f64> {
        let negative = self.accept(TokenKind::Minus);
        let t = self.bump();
        let value = match t.kind {
            TokenKind::Float => t.text.parse::<f64>().ok(),
            TokenKind::Integer if t.text.starts_with("0x") => parse_int_text(t.text).map(|bits| f64::from_bits(bits as u64)),
            TokenKind::Integer => t.text.parse::<f64>().ok(),
            _ => None,
        };
        let value = value.ok_or_else(|| Diagnostic::error(self.loc_at(t.start), format!("expected a number, found '{}'", t.text)))?;
        Ok(if negative { -value } else { value })
    }

    /// Parses `[[0, 1], [2, 3]]` (possibly empty) into an array of `array<i64: ...>`.
    pub fn parse_nested_int_list(&mut self) -> PResult<Attribute> {
        self.expect(TokenKind::LSquare)?;
        let mut entries = Vec::new();
        if !self.accept(TokenKind::RSquare) {
            loop {
                let list = self.parse_int_list()?;
                entries.push(self.ctx.i64_array_attr(&list));
                if self.accept(TokenKind::RSquare) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        Ok(self.ctx.array_attr(entries))
    }

    /// Parses `[1, 2, 3]` (possibly empty).
    pub fn parse_int_list(&mut self) -> PResult<Vec<i64>> {
        self.expect(TokenKind::LSquare)?;
        let mut values = Vec::new();
        if !self.accept(TokenKind::RSquare) {
            loop {
                let start = self.loc();
                let v = self.parse_integer()?;
                values.push(i64::try_from(v).map_err(|_| Diagnostic::error(start, "integer does not fit in 64 bits"))?);
                if self.accept(TokenKind::RSquare) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        Ok(values)
    }

    // ---- Top level -----------------------------------------------------------------------

    fn parse_top_level(&mut self) -> PResult<OpId> {
        let predefined = self.predefine_location_aliases()?;
        let module_region = self.body.create_region();
        let block = self.body.append_block(module_region);
        let start = self.loc();
        loop {
            match self.tok.kind {
                TokenKind::Eof => break,
                TokenKind::HashIdent if predefined.contains(&self.tok.start) => {
                    // Defined before the main pass; read past it.
                    self.bump();
                    self.expect(TokenKind::Equal)?;
                    self.parse_location()?;
                }
                TokenKind::HashIdent if self.alias_definition_follows() => self.parse_attr_alias_def()?,
                TokenKind::BangIdent if self.alias_definition_follows() => self.parse_type_alias_def()?,
                _ => {
                    self.parse_operation(block)?;
                }
            }
        }
        self.finish_scope()?;
        // A file holding exactly one `builtin.module` is that module; anything else is
        // wrapped in an implicit one.
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        if let [single] = ops[..] {
            if self.body.op_name(single) == "builtin.module" {
                self.body.detach_op(single);
                return Ok(single);
            }
        }
        let mut state = crate::OpState::new(self.ctx.symbol("builtin.module"), start);
        state.regions.push(module_region);
        Ok(self.body.create_op(state))
    }

    /// Defines the top-level location aliases (`#loc3 = loc("f.py":3:0)`) before anything
    /// else, since MLIR prints them after the operations that use them; returns where they
    /// start so that the main pass reads past them.
    fn predefine_location_aliases(&mut self) -> PResult<std::collections::HashSet<usize>> {
        let mut lexer = Lexer::new(self.lexer.src());
        let mut tokens = Vec::new();
        loop {
            let t = lexer.next_token();
            if t.kind == TokenKind::Eof {
                break;
            }
            tokens.push(t);
        }
        let mut depth = 0i64;
        let mut starts = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            match t.kind {
                TokenKind::LBrace | TokenKind::LParen | TokenKind::LSquare => depth += 1,
                TokenKind::RBrace | TokenKind::RParen | TokenKind::RSquare => depth -= 1,
                TokenKind::HashIdent if depth == 0 => {
                    let defines_loc = tokens.get(i + 1).is_some_and(|n| n.kind == TokenKind::Equal)
                        && tokens.get(i + 2).is_some_and(|n| n.kind == TokenKind::BareIdent && n.text == "loc");
                    if defines_loc {
                        starts.push(t.start);
                    }
                }
                _ => {}
            }
        }
        for &at in &starts {
            self.reset_to(at);
            self.parse_attr_alias_def()?;
        }
        self.reset_to(0);
        Ok(starts.into_iter().collect())
    }

    /// Whether the current `#name`/`!name` token starts an alias definition (`#name = ...`).
    fn alias_definition_follows(&self) -> bool {
        let mut lookahead = Lexer::new(self.lexer.src());
        lookahead.pos = self.tok.start + self.tok.text.len();
        lookahead.next_token().kind == TokenKind::Equal
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = t.text[1..].to_string();
        if name.contains('.') {
            return Err(Diagnostic::error(self.loc_at(t.start), "alias names may not contain '.'"));
        }
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return Err(Diagnostic::error(self.loc_at(t.start), format!("redefinition of attribute alias '#{name}'")));
        }
        self.expect(TokenKind::Equal)?;
        if self.tok.kind == TokenKind::BareIdent && self.tok.text == "loc" {
            let loc = self.parse_location()?;
            self.loc_aliases.insert(name, loc);
            return Ok(());
        }
        let value = self.parse_attribute()?;
        self.attr_aliases.insert(name, value);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = t.text[1..].to_string();
        if name.contains('.') {
            return Err(Diagnostic::error(self.loc_at(t.start), "alias names may not contain '.'"));
        }
        if self.type_aliases.contains_key(&name) {
            return Err(Diagnostic::error(self.loc_at(t.start), format!("redefinition of type alias '!{name}'")));
        }
        self.expect(TokenKind::Equal)?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }
}

/// The value of a decimal or `0x` hexadecimal integer token.
fn parse_int_text(text: &str) -> Option<i128> {
    match text.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok().and_then(|v| i128::try_from(v).ok()),
        None => text.parse().ok(),
    }
}

impl Scope {
    fn isolated() -> Scope {
        Scope { isolated: true, ..Scope::default() }
    }
}

