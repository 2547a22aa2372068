//! Printer placeholder: the real printer replaces this file.
use crate::{Body, OpId};

/// How to print.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// Print every operation in the generic form.
    pub generic: bool,
    /// Print `loc(...)` after every operation.
    pub debug_info: bool,
}

/// Prints `op` (usually a module) and everything nested in it.
pub fn print_op(_body: &Body, _op: OpId, _options: &PrintOptions) -> String {
    String::new()
}

pub struct OpPrinter;
