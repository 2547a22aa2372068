//! Evaluation errors: what went wrong while running a program, and where.
//!
//! An op's evaluator returns a message; the interpreter attaches the location of the op
//! that failed, and keeps the innermost location when the error comes out of a nested
//! region or a called function, so the diagnostic points at the op that really failed.

use xla_ir::{Diagnostic, Location};

/// An error while evaluating.
#[derive(Clone, PartialEq, Debug)]
pub struct EvalError {
    pub message: String,
    /// The op that failed, once known.
    pub location: Option<Location>,
}

/// The result of evaluating something.
pub type EvalResult<T> = Result<T, EvalError>;

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError { message: message.into(), location: None }
    }

    pub fn at(location: Location, message: impl Into<String>) -> EvalError {
        EvalError { message: message.into(), location: Some(location) }
    }

    /// The error located at `location` unless it already has a location.
    pub fn or_at(mut self, location: Location) -> EvalError {
        self.location.get_or_insert(location);
        self
    }

    /// The error as a diagnostic; `fallback` locates errors that have no op (bad inputs).
    pub fn to_diagnostic(&self, fallback: Location) -> Diagnostic {
        Diagnostic::error(self.location.unwrap_or(fallback), self.message.clone())
    }
}

impl From<String> for EvalError {
    fn from(message: String) -> EvalError {
        EvalError::new(message)
    }
}

impl From<&str> for EvalError {
    fn from(message: &str) -> EvalError {
        EvalError::new(message)
    }
}
