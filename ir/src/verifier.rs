//! Verifier placeholder: the real verifier replaces this file.
use crate::{Body, Diagnostic, OpId};

/// Verifies `op` and everything nested in it.
pub fn verify(_body: &Body, _op: OpId) -> Result<(), Vec<Diagnostic>> {
    Ok(())
}
