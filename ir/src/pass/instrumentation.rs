//! Instrumentation: what the pass manager does around each pass, as `mlir-opt`'s flags ask.
//!
//! - `verify_each` runs the verifier on the pass's operation after every pass; a failure
//!   stops the pipeline with the verifier's diagnostics.
//! - `print_ir_before_all`, `print_ir_before`, `print_ir_after_all`, `print_ir_after` and
//!   `print_ir_after_failure` dump the operation the pass ran on, under mlir-opt's header:
//!   `// -----// IR Dump After CSE (cse) //----- //`. Pass lists name passes by their
//!   pipeline argument (`cse`). With `print_module_scope` the header names the operation
//!   (`('func.func' operation: @f)`) and the whole top-level operation is printed.
//! - `timing` writes a per-pass wall-time table after the run (see [`super::TimingReport`]).
//!
//! Invariant: instrumentation only reads the IR; a failure to write the dump is ignored, as
//! a closed stderr must not change what the compiler computes.

use std::io::Write;

use super::PassInfo;
use crate::printer::{print_op, PrintOptions};
use crate::{verifier, Body, Diagnostic, OpId};

/// Verifies an operation and everything nested in it.
pub type VerifyHook = fn(&Body, OpId) -> Result<(), Vec<Diagnostic>>;

/// The instrumentation a tool asks for; everything is off by default.
#[derive(Clone, Debug)]
pub struct Instrumentation {
    /// Verify after each pass (`--verify-each`; on in tests).
    pub verify_each: bool,
    /// The verifier `verify_each` runs: [`verifier::verify`] unless a test replaces it.
    pub verifier: VerifyHook,
    pub print_ir_before_all: bool,
    /// Pass arguments (`cse`) to dump the IR before.
    pub print_ir_before: Vec<String>,
    pub print_ir_after_all: bool,
    /// Pass arguments to dump the IR after.
    pub print_ir_after: Vec<String>,
    /// Dump the IR after a pass that failed (or whose result failed to verify).
    pub print_ir_after_failure: bool,
    /// Print the whole top-level operation rather than the one the pass ran on.
    pub print_module_scope: bool,
    /// How dumps print.
    pub print_options: PrintOptions,
    /// Write the execution time report after the run (`--timing`).
    pub timing: bool,
}

impl Default for Instrumentation {
    fn default() -> Instrumentation {
        Instrumentation {
            verify_each: false,
            verifier: verifier::verify,
            print_ir_before_all: false,
            print_ir_before: Vec::new(),
            print_ir_after_all: false,
            print_ir_after: Vec::new(),
            print_ir_after_failure: false,
            print_module_scope: false,
            print_options: PrintOptions::default(),
            timing: false,
        }
    }
}

impl Instrumentation {
    pub(crate) fn before_pass(&self, out: &mut dyn Write, body: &Body<'_>, op: OpId, info: &PassInfo) {
        if self.print_ir_before_all || self.print_ir_before.iter().any(|p| p == info.argument) {
            self.dump(out, body, op, &format!("IR Dump Before {}", describe(info)));
        }
    }

    pub(crate) fn after_pass(&self, out: &mut dyn Write, body: &Body<'_>, op: OpId, info: &PassInfo, failed: bool) {
        if failed {
            if self.print_ir_after_failure {
                self.dump(out, body, op, &format!("IR Dump After {} Failed ({})", info.name, info.argument));
            }
        } else if self.print_ir_after_all || self.print_ir_after.iter().any(|p| p == info.argument) {
            self.dump(out, body, op, &format!("IR Dump After {}", describe(info)));
        }
    }

    fn dump(&self, out: &mut dyn Write, body: &Body<'_>, op: OpId, title: &str) {
        let mut text = format!("// -----// {title}");
        let mut target = op;
        if self.print_module_scope {
            text.push_str(&format!(" ('{}' operation", body.op_name(op)));
            if let Some(name) = body.symbol_name(op) {
                text.push_str(&format!(": @{name}"));
            }
            text.push(')');
            while let Some(parent) = body.parent_op(target) {
                target = parent;
            }
        }
        text.push_str(" //----- //\n");
        text.push_str(&print_op(body, target, &self.print_options));
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push('\n');
        let _ = out.write_all(text.as_bytes());
    }
}

/// `CSE (cse)`: a pass's display name and pipeline argument, as dump headers show them.
fn describe(info: &PassInfo) -> String {
    format!("{} ({})", info.name, info.argument)
}
