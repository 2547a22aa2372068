//! Reading upstream MLIR into our IR: MLIR's own parser reads the text (any form it reads:
//! custom or generic, every upstream dialect, unregistered dialects allowed) and MLIR's
//! verifier checks it; the module is then printed in the generic form with every location
//! (`loc("file":line:col)`, no aliases) and read by our parser, which keeps ops it has no
//! definition of as unregistered ops. So programs printed by other MLIR tools come in
//! with their locations, and MLIR's parse and verify errors are ours, located in the input.

use melior::ir::operation::{OperationLike, OperationPrintingFlags, OperationRef};
use melior::StringRef;
use xla_ir::parser::{parse_source, Module};
use xla_ir::{Context, Diagnostic};

use crate::session::{locate, Session};

/// Reads `text` (chunk of `file` starting at line `first_line`) with MLIR's parser into a
/// module of our IR.
pub fn read_upstream<'c>(ctx: &'c Context, file: &str, text: &str, first_line: u32) -> Result<Module<'c>, Vec<Diagnostic>> {
    ctx.add_source(file, text, first_line);
    let fallback = ctx.file_loc(file, first_line, 1);
    let session = Session::new();
    session.allow_unregistered(true);
    let errors = |session: &Session| -> Vec<Diagnostic> { session.take_recorded().iter().map(|r| locate(ctx, r, fallback)).collect() };
    // MLIR numbers lines from the start of what it reads: padding the chunk with the lines
    // before it makes its locations those of the file.
    let padded = format!("{}{text}", "\n".repeat(first_line.saturating_sub(1) as usize));
    // SAFETY: the strings outlive the call; the operation returned is owned here (and
    // destroyed below).
    let raw = unsafe {
        mlir_sys::mlirOperationCreateParse(session.context().to_raw(), StringRef::new(&padded).to_raw(), StringRef::new(file).to_raw())
    };
    if raw.ptr.is_null() {
        let mut found = errors(&session);
        if found.is_empty() {
            found.push(Diagnostic::error(fallback, "MLIR cannot parse the input"));
        }
        return Err(found);
    }
    let printed = {
        let op = unsafe { OperationRef::from_raw(raw) };
        let verified = op.verify();
        let printed = op
            .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false).use_local_scope())
            .unwrap_or_default();
        unsafe { mlir_sys::mlirOperationDestroy(raw) };
        if !verified {
            let mut found = errors(&session);
            if found.is_empty() {
                found.push(Diagnostic::error(fallback, "MLIR's verifier rejected the input"));
            }
            return Err(found);
        }
        printed
    };
    let generic_name = format!("{file} (generic form printed by MLIR)");
    // Kept so that a diagnostic of our parser quotes the line it stopped at.
    ctx.add_source(&generic_name, &printed, 1);
    let module = parse_source(ctx, &generic_name, &printed, 1).map_err(|d| vec![d])?;
    Ok(module)
}
