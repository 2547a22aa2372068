//! The pass infrastructure: passes, their options, the registry, textual pipelines and the
//! pass manager with its instrumentation (verification, IR printing, timing).
//!
//! A pass is an object implementing [`Pass`] described by a static [`PassInfo`]: its
//! pipeline name (`cse`), display name (`CSE`), summary, the operation it anchors on and its
//! typed options. A [`PassRegistry`] maps names to constructors taking parsed options; a
//! pipeline string such as `builtin.module(func.func(canonicalize{max-iterations=3},cse),dce)`
//! is parsed against a registry into a nest of [`OpPassManager`]s, which a [`PassManager`]
//! runs with the [`Instrumentation`] a tool asked for.
//!
//! Invariants:
//! - A pass only runs on operations named as its anchor says (or on any operation when it is
//!   [`PassAnchor::Any`]); a pipeline that nests a pass under another anchor is rejected
//!   when it is parsed, never discovered at run time.
//! - A pass fails by returning `Err` or by emitting an error through its [`PassContext`];
//!   warnings and remarks never fail it. The first failure stops the pipeline.
//! - Nothing here panics on user input: pipeline and option text produce located
//!   diagnostics pointing into the pipeline string.

mod instrumentation;
mod manager;
mod options;
mod pipeline;
mod registry;
mod timing;

#[cfg(test)]
mod tests;

pub use instrumentation::{Instrumentation, VerifyHook};
pub use manager::{Nesting, OpPassManager, PassManager};
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue, PassOptions};
pub use pipeline::PIPELINE_FILE;
pub use registry::{CreateError, PassConstructor, PassInstance, PassRegistration, PassRegistry};
pub use timing::{TimingReport, TimingRow};

use crate::{Body, Diagnostic, Location, OpId, Severity};

/// The operation name of modules, the usual root of a pipeline.
pub const MODULE_OP: &str = "builtin.module";
/// The operation name of functions, the usual anchor of function passes.
pub const FUNC_OP: &str = "func.func";

/// The operations a pass can run on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PassAnchor {
    /// Any operation (canonicalize, cse, dce): the pass looks only inside the op it is given.
    Any,
    /// Only operations of this name: `builtin.module`, `func.func`.
    Op(&'static str),
}

impl PassAnchor {
    /// Whether a pass with this anchor may run on operations named `op_name`.
    pub fn accepts(self, op_name: &str) -> bool {
        match self {
            PassAnchor::Any => true,
            PassAnchor::Op(name) => name == op_name,
        }
    }

    /// The anchor as a pipeline writes it: `any` or the op name.
    pub fn name(self) -> &'static str {
        match self {
            PassAnchor::Any => "any",
            PassAnchor::Op(name) => name,
        }
    }
}

/// The static description of a pass: what the registry lists and pipelines name.
#[derive(Debug)]
pub struct PassInfo {
    /// The name in pipelines and flags: `cse`, `canonicalize`.
    pub argument: &'static str,
    /// The name in IR dumps and timing reports: `CSE`, `Canonicalizer`.
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    pub anchor: PassAnchor,
    pub options: &'static [OptionSpec],
}

/// A transformation or analysis over the operations nested in one anchor operation.
pub trait Pass {
    /// The pass's static description.
    fn info(&self) -> &'static PassInfo;

    /// Runs on `op`, an operation the anchor accepts. Returns `Err` with the errors when the
    /// pass fails; warnings and remarks go through `cx`.
    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>>;
}

/// What a running pass can report without failing, and errors it collects before failing.
#[derive(Default, Debug)]
pub struct PassContext {
    diagnostics: Vec<Diagnostic>,
}

impl PassContext {
    pub fn new() -> PassContext {
        PassContext::default()
    }

    /// Emits a diagnostic. An error fails the pass once it returns, even when it returns
    /// `Ok`, so a pass may report several errors before stopping.
    pub fn emit(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub fn error(&mut self, location: Location, message: impl Into<String>) {
        self.emit(Diagnostic::error(location, message));
    }

    pub fn warning(&mut self, location: Location, message: impl Into<String>) {
        self.emit(Diagnostic::warning(location, message));
    }

    pub fn remark(&mut self, location: Location, message: impl Into<String>) {
        self.emit(Diagnostic::new(Severity::Remark, location, message));
    }

    /// Whether an error was emitted.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }

    /// The diagnostics emitted so far, in order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Takes the diagnostics emitted so far.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}
