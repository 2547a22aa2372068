//! Textual pass pipelines: `builtin.module(func.func(canonicalize{max-iterations=3},cse),dce)`.
//!
//! Grammar (whitespace is allowed around elements and commas):
//!
//! ```text
//! pipeline := (element (',' element)*)?
//! element  := op-name '(' pipeline ')'      a nested pipeline on ops named op-name, or `any`
//!           | pass-name ('{' options '}')?  a registered pass with options
//! ```
//!
//! Operation names have a dialect prefix (`func.func`), pass names do not (`cse`). A
//! pipeline that is one element naming the root's anchor (`builtin.module(...)`) describes
//! the root itself; otherwise its elements are added to the root.
//!
//! Invariants: parsing never panics; the text is registered with the context as the source
//! [`PIPELINE_FILE`] and every error is a diagnostic at the line and column of the offending
//! token, so it renders with the pipeline and a caret. Syntax errors stop at the first;
//! errors in passes (unknown names, bad options, wrong anchors) are all reported.

use super::manager::{Nesting, OpPassManager};
use super::options::skip_quoted;
use super::registry::{CreateError, PassRegistry};
use crate::{Context, Diagnostic, Location};

/// The pseudo file name pipeline diagnostics point into.
pub const PIPELINE_FILE: &str = "<pipeline>";

/// One parsed element, with byte offsets into the pipeline text.
#[derive(Debug)]
enum Element<'t> {
    Pass { name: &'t str, at: usize, options: Option<(usize, &'t str)> },
    Nested { anchor: &'t str, at: usize, elements: Vec<Element<'t>> },
}

/// Parses `text` and adds its passes to `root`.
pub(crate) fn parse_into(
    root: &mut OpPassManager,
    ctx: &Context,
    registry: &PassRegistry,
    text: &str,
    nesting: Nesting,
) -> Result<(), Vec<Diagnostic>> {
    ctx.add_source(PIPELINE_FILE, text, 1);
    let source = Source { ctx, text };
    let elements = Parser { text, pos: 0 }.parse_pipeline().map_err(|e| vec![e.into_diagnostic(&source)])?;
    let elements = match <[Element; 1]>::try_from(elements) {
        Ok([Element::Nested { anchor, elements, .. }]) if anchor == root.anchor() => elements,
        Ok([single]) => vec![single],
        Err(elements) => elements,
    };
    let mut errors = Vec::new();
    build(root, elements, &source, registry, nesting, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn build(
    target: &mut OpPassManager,
    elements: Vec<Element<'_>>,
    source: &Source<'_>,
    registry: &PassRegistry,
    nesting: Nesting,
    errors: &mut Vec<Diagnostic>,
) {
    for element in elements {
        match element {
            Element::Nested { anchor, at, elements } => {
                if anchor != "any" && !anchor.contains('.') {
                    let hint = if registry.get(anchor).is_some() {
                        format!("; '{anchor}' is a pass, whose options go in braces: {anchor}{{...}}")
                    } else {
                        String::new()
                    };
                    errors.push(Diagnostic::error(
                        source.loc(at),
                        format!("expected an operation name with a dialect prefix (as in func.func) before '(', found '{anchor}'{hint}"),
                    ));
                    continue;
                }
                let nested = target.nest(anchor);
                build(nested, elements, source, registry, nesting, errors);
            }
            Element::Pass { name, at, options } => {
                let (options_at, options_text) = options.unwrap_or((at + name.len(), ""));
                let instance = match registry.create(name, options_text) {
                    Ok(instance) => instance,
                    Err(CreateError::UnknownPass { suggestion }) => {
                        let hint = suggestion.map(|s| format!("; did you mean '{s}'?")).unwrap_or_default();
                        errors.push(Diagnostic::error(source.loc(at), format!("unknown pass '{name}'{hint}")));
                        continue;
                    }
                    Err(CreateError::BadOption(e)) => {
                        errors.push(Diagnostic::error(source.loc(options_at + e.offset), e.message));
                        continue;
                    }
                    Err(CreateError::Rejected(message)) => {
                        errors.push(Diagnostic::error(
                            source.loc(options_at),
                            format!("invalid options for pass '{name}': {message}"),
                        ));
                        continue;
                    }
                };
                if let Err(message) = target.add_pass(instance, nesting) {
                    errors.push(Diagnostic::error(source.loc(at), message));
                }
            }
        }
    }
}

/// The pipeline text as a diagnostics source.
struct Source<'a> {
    ctx: &'a Context,
    text: &'a str,
}

impl Source<'_> {
    /// The location of byte `offset` (1-based line and byte column, as diagnostics render).
    fn loc(&self, offset: usize) -> Location {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        self.ctx.file_loc(PIPELINE_FILE, line, (offset - line_start) as u32 + 1)
    }
}

/// A syntax error, with an optional note (where the unclosed bracket opened).
struct SyntaxError {
    at: usize,
    message: String,
    note: Option<(usize, String)>,
}

impl SyntaxError {
    fn new(at: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError { at, message: message.into(), note: None }
    }

    fn into_diagnostic(self, source: &Source<'_>) -> Diagnostic {
        let diagnostic = Diagnostic::error(source.loc(self.at), self.message);
        match self.note {
            Some((at, note)) => diagnostic.with_note(source.loc(at), note),
            None => diagnostic,
        }
    }
}

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += self.peek().map_or(0, char::len_utf8);
        }
    }

    /// What is at the cursor, for messages: `'x'` or `the end of the pipeline`.
    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the pipeline".to_string(),
        }
    }

    /// The whole text: a list, then nothing.
    fn parse_pipeline(&mut self) -> Result<Vec<Element<'t>>, SyntaxError> {
        let elements = self.parse_list()?;
        match self.peek() {
            None => Ok(elements),
            Some(')') => Err(SyntaxError::new(self.pos, "unbalanced ')': no '(' is open here")),
            Some(_) => Err(SyntaxError::new(
                self.pos,
                format!("expected ',' between pipeline elements, found {}", self.found()),
            )),
        }
    }

    /// Elements separated by commas; stops before `)` or the end.
    fn parse_list(&mut self) -> Result<Vec<Element<'t>>, SyntaxError> {
        let mut elements = Vec::new();
        self.skip_whitespace();
        if matches!(self.peek(), None | Some(')')) {
            return Ok(elements);
        }
        loop {
            elements.push(self.parse_element()?);
            self.skip_whitespace();
            if self.peek() != Some(',') {
                return Ok(elements);
            }
            self.pos += 1;
            self.skip_whitespace();
        }
    }

    fn parse_element(&mut self) -> Result<Element<'t>, SyntaxError> {
        let at = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) {
            self.pos += 1;
        }
        let name = &self.text[at..self.pos];
        if name.is_empty() {
            return Err(SyntaxError::new(at, format!("expected a pass or operation name, found {}", self.found())));
        }
        match self.peek() {
            Some('(') => {
                let open = self.pos;
                self.pos += 1;
                let elements = self.parse_list()?;
                match self.peek() {
                    Some(')') => {
                        self.pos += 1;
                        Ok(Element::Nested { anchor: name, at, elements })
                    }
                    None => Err(SyntaxError {
                        at: self.pos,
                        message: format!("expected ')' to close '{name}('"),
                        note: Some((open, "the '(' opened here".to_string())),
                    }),
                    Some(_) => Err(SyntaxError::new(self.pos, format!("expected ',' or ')', found {}", self.found()))),
                }
            }
            Some('{') => {
                let open = self.pos;
                let close = self.matching_brace(open).map_err(|e| match e {
                    Some(error) => error,
                    None => SyntaxError {
                        at: self.text.len(),
                        message: format!("expected '}}' to close the options of '{name}'"),
                        note: Some((open, "the '{' opened here".to_string())),
                    },
                })?;
                self.pos = close + 1;
                Ok(Element::Pass { name, at, options: Some((open + 1, &self.text[open + 1..close])) })
            }
            _ => Ok(Element::Pass { name, at, options: None }),
        }
    }

    /// The offset of the `}` closing the `{` at `open`, skipping quoted strings and nested
    /// braces; `Err(None)` when it is missing.
    fn matching_brace(&self, open: usize) -> Result<usize, Option<SyntaxError>> {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        let mut i = open;
        while i < bytes.len() {
            match bytes[i] {
                b'"' | b'\'' => {
                    i = skip_quoted(self.text, i).map_err(|e| Some(SyntaxError::new(e.offset, e.message)))?;
                    continue;
                }
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(i);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Err(None)
    }
}
