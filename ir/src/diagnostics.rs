//! Diagnostics: errors, warnings and notes at source locations, rendered as MLIR renders
//! them: `file:line:col: error: message`, then the source line and a caret under the column.
//!
//! Rendering is a few lines of our own rather than a crate's: lit tests, `FileCheck` and
//! `--verify-diagnostics` read exactly this one-line header, which users of MLIR tools know.
//! Notes (`previous definition here`) attach to their diagnostic and render after it.

use std::fmt::Write;

use crate::{Context, Location};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

/// One message at a location, with notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub location: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn new(severity: Severity, location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity, location, message: message.into(), notes: Vec::new() }
    }

    pub fn error(location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, location, message)
    }

    pub fn warning(location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, location, message)
    }

    /// Attaches a note.
    pub fn with_note(mut self, location: Location, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Diagnostic::new(Severity::Note, location, message));
        self
    }

    /// Renders the diagnostic and its notes.
    pub fn render(&self, ctx: &Context) -> String {
        let mut out = String::new();
        self.render_into(ctx, &mut out);
        for note in &self.notes {
            note.render_into(ctx, &mut out);
        }
        out
    }

    fn render_into(&self, ctx: &Context, out: &mut String) {
        match ctx.file_line_col(self.location) {
            Some((file, line, col)) => {
                let _ = writeln!(out, "{file}:{line}:{col}: {}: {}", self.severity.name(), self.message);
                if let Some(text) = ctx.source_line(file, line) {
                    let _ = writeln!(out, "{text}");
                    let caret_at = text.char_indices().take_while(|(i, _)| *i + 1 < col as usize).count();
                    let pad: String = text.chars().take(caret_at).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                    let _ = writeln!(out, "{pad}^");
                }
            }
            None => {
                let mut loc = String::new();
                ctx.write_location(&mut loc, self.location);
                let _ = writeln!(out, "{loc}: {}: {}", self.severity.name(), self.message);
            }
        }
    }
}
