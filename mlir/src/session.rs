//! One MLIR context with every upstream dialect registered, and the bridge from MLIR's
//! diagnostics to the project's own.
//!
//! Every MLIR diagnostic (parse errors, verifier errors, pass failures) goes to a handler
//! attached to the context, which records it and tells MLIR it was handled, so MLIR prints
//! nothing itself: [`Session::take_diagnostics`] turns the records into
//! [`xla_ir::Diagnostic`]s located in the project's context (a `file:line:col` location of
//! MLIR becomes ours, so the renderer shows the source line and a caret), and the tools
//! render them as every other diagnostic.

use std::cell::RefCell;
use std::rc::Rc;

use melior::diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity};
use melior::dialect::DialectRegistry;
use melior::ir::Location;
use melior::utility::{register_all_dialects, register_all_llvm_translations, register_all_passes};
use melior::Context as MlirContext;
use xla_ir::{Context, Diagnostic, Severity};

/// A diagnostic as MLIR reported it, before it is located in a project context.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub severity: Severity,
    /// `file:line:col` of MLIR's location, when it has one.
    pub at: Option<(String, u32, u32)>,
    pub message: String,
    pub notes: Vec<Recorded>,
}

/// An MLIR context with every upstream dialect and translation registered, whose
/// diagnostics are recorded instead of printed.
pub struct Session {
    context: MlirContext,
    recorded: Rc<RefCell<Vec<Recorded>>>,
}

impl Session {
    /// A fresh context: all upstream dialects registered and loaded, LLVM IR translations
    /// registered, unregistered dialects refused (see [`Session::allow_unregistered`]).
    pub fn new() -> Session {
        register_passes_once();
        let context = MlirContext::new();
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        register_all_llvm_translations(&context);
        let recorded = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&recorded);
        context.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut().push(record(&diagnostic));
            true
        });
        Session { context, recorded }
    }

    /// The MLIR context.
    pub fn context(&self) -> &MlirContext {
        &self.context
    }

    /// Lets the parser accept operations of dialects MLIR does not know.
    pub fn allow_unregistered(&self, allowed: bool) {
        self.context.set_allow_unregistered_dialects(allowed);
    }

    /// The diagnostics MLIR reported since the last call, located in `ctx` (a location
    /// without a file, line and column becomes `fallback`).
    pub fn take_diagnostics(&self, ctx: &Context, fallback: xla_ir::Location) -> Vec<Diagnostic> {
        let recorded = std::mem::take(&mut *self.recorded.borrow_mut());
        recorded.iter().map(|r| locate(ctx, r, fallback)).collect()
    }

    /// The diagnostics MLIR reported since the last call, as recorded.
    pub fn take_recorded(&self) -> Vec<Recorded> {
        std::mem::take(&mut *self.recorded.borrow_mut())
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// Registers MLIR's passes with its global registry, once per process (pipelines are parsed
/// by name).
fn register_passes_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(register_all_passes);
}

/// Turns a recorded MLIR diagnostic into one of ours.
pub fn locate(ctx: &Context, r: &Recorded, fallback: xla_ir::Location) -> Diagnostic {
    let location = match &r.at {
        Some((file, line, col)) => ctx.file_loc(file, *line, *col),
        None => fallback,
    };
    let mut d = Diagnostic::new(r.severity, location, r.message.clone());
    d.notes = r.notes.iter().map(|n| locate(ctx, n, fallback)).collect();
    d
}

fn record(d: &MlirDiagnostic) -> Recorded {
    let severity = match d.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Note => Severity::Note,
        DiagnosticSeverity::Remark => Severity::Remark,
    };
    let notes = (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| record(&n)).collect();
    Recorded { severity, at: file_line_col(d.location()), message: d.to_string(), notes }
}

/// The first `file:line:col` in an MLIR location (through names, call sites and fused
/// locations), as [`xla_ir::Context::file_line_col`] finds ours.
pub fn file_line_col(location: Location) -> Option<(String, u32, u32)> {
    if location.is_file_line_col_range() {
        let file = location.file_line_col_range_filename().as_string_ref().as_str().ok()?.to_string();
        let line = u32::try_from(location.file_line_col_range_start_line()).ok()?;
        let col = u32::try_from(location.file_line_col_range_start_column()).ok()?;
        return Some((file, line, col));
    }
    if location.is_name() {
        return file_line_col(location.name_child_location());
    }
    if location.is_call_site() {
        return file_line_col(location.call_site_callee());
    }
    if location.is_fused() {
        return (0..location.fused_num_locations()).find_map(|i| file_line_col(location.fused_location(i)));
    }
    None
}
