//! Pass managers: a nest of pass lists, each anchored on an operation name, and the
//! top-level [`PassManager`] that runs it with instrumentation.
//!
//! An [`OpPassManager`] holds, in order, passes and nested pass managers. Running it on an
//! operation runs each pass on that operation, and each nested manager on every operation
//! of the nested manager's anchor that sits directly in the operation's regions (as MLIR's
//! pass adaptor does: `builtin.module(func.func(cse))` runs `cse` on the functions of the
//! module, one after the other). A function nested in a nested module needs its own level:
//! `builtin.module(builtin.module(func.func(cse)))`.
//!
//! Invariants: every pass in a manager accepts the manager's anchor (checked when it is
//! added); the pipeline stops at the first failing pass or failing verification; the
//! manager's timing fields describe the last run only.

use std::fmt;
use std::io::Write;
use std::time::{Duration, Instant};

use super::instrumentation::Instrumentation;
use super::pipeline;
use super::registry::{PassInstance, PassRegistry};
use super::timing::{TimingReport, TimingRow};
use super::{PassAnchor, PassContext, MODULE_OP};
use crate::{Body, Context, Diagnostic, OpId, Severity};

/// The anchor of a pass manager that runs on any operation.
const ANY: &str = "any";

/// What adding a pass whose anchor differs from the manager's does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Nesting {
    /// It is an error (textual pipelines say where each pass runs).
    Explicit,
    /// The pass goes into a nested manager for its anchor, reusing the last entry when it is
    /// one (command-line flags such as `--cse --my-func-pass`).
    Implicit,
}

enum Entry {
    Pass { instance: PassInstance, elapsed: Duration },
    Nested { manager: OpPassManager, elapsed: Duration },
}

/// A list of passes and nested pass managers anchored on one operation name.
pub struct OpPassManager {
    anchor: String,
    entries: Vec<Entry>,
    /// Time spent verifying after this manager's passes in the last run, when it verified.
    verify_elapsed: Option<Duration>,
}

impl OpPassManager {
    /// A manager for operations named `anchor` (`any` for every operation).
    pub fn new(anchor: &str) -> OpPassManager {
        OpPassManager { anchor: anchor.to_string(), entries: Vec::new(), verify_elapsed: None }
    }

    /// The operation name this manager runs on, or `any`.
    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    fn accepts(&self, op_name: &str) -> bool {
        self.anchor == ANY || self.anchor == op_name
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a pass; see [`Nesting`] for passes anchored elsewhere. The error says why the
    /// pass cannot run here.
    pub fn add_pass(&mut self, instance: PassInstance, nesting: Nesting) -> Result<(), String> {
        let info = instance.info();
        let PassAnchor::Op(wanted) = info.anchor else {
            self.entries.push(Entry::Pass { instance, elapsed: Duration::ZERO });
            return Ok(());
        };
        if wanted == self.anchor {
            self.entries.push(Entry::Pass { instance, elapsed: Duration::ZERO });
            return Ok(());
        }
        if nesting == Nesting::Explicit || self.anchor == ANY {
            return Err(format!(
                "pass '{}' runs on '{wanted}' operations and cannot be nested under '{}'{}",
                info.argument,
                self.anchor,
                // Nesting goes down, and modules hold everything: only there is the fix clear.
                if self.anchor == MODULE_OP {
                    format!("; nest it as {wanted}({})", info.argument)
                } else {
                    String::new()
                }
            ));
        }
        let reuse = matches!(self.entries.last(), Some(Entry::Nested { manager, .. }) if manager.anchor == wanted);
        if !reuse {
            self.nest(wanted);
        }
        match self.entries.last_mut() {
            Some(Entry::Nested { manager, .. }) => manager.add_pass(instance, nesting),
            _ => unreachable!("a nested manager was just ensured"),
        }
    }

    /// Appends a new nested manager for `anchor` and returns it.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.entries.push(Entry::Nested { manager: OpPassManager::new(anchor), elapsed: Duration::ZERO });
        match self.entries.last_mut() {
            Some(Entry::Nested { manager, .. }) => manager,
            _ => unreachable!("a nested manager was just pushed"),
        }
    }

    /// The pipeline as text: `builtin.module(func.func(cse),canonicalize{max-iterations=10})`.
    pub fn pipeline_string(&self) -> String {
        self.to_string()
    }

    fn reset_timing(&mut self) {
        self.verify_elapsed = None;
        for entry in &mut self.entries {
            match entry {
                Entry::Pass { elapsed, .. } => *elapsed = Duration::ZERO,
                Entry::Nested { manager, elapsed } => {
                    *elapsed = Duration::ZERO;
                    manager.reset_timing();
                }
            }
        }
    }

    fn timing_rows(&self, depth: usize, rows: &mut Vec<TimingRow>) {
        for entry in &self.entries {
            match entry {
                Entry::Pass { instance, elapsed } => {
                    rows.push(TimingRow { depth, name: instance.info().name.to_string(), elapsed: *elapsed })
                }
                Entry::Nested { manager, elapsed } => {
                    rows.push(TimingRow { depth, name: format!("'{}' Pipeline", manager.anchor), elapsed: *elapsed });
                    manager.timing_rows(depth + 1, rows);
                }
            }
        }
        if let Some(elapsed) = self.verify_elapsed {
            rows.push(TimingRow { depth, name: "Verifier".to_string(), elapsed });
        }
    }

    /// Runs the entries on `op`; false when a pass or verification failed.
    fn run_on(&mut self, body: &mut Body<'_>, op: OpId, run: &mut Run<'_>) -> bool {
        let OpPassManager { entries, verify_elapsed, .. } = self;
        for entry in entries.iter_mut() {
            match entry {
                Entry::Pass { instance, elapsed } => {
                    let info = instance.info();
                    run.instrumentation.before_pass(run.out, body, op, info);
                    let start = Instant::now();
                    let mut cx = PassContext::new();
                    let result = instance.pass.run(body, op, &mut cx);
                    *elapsed += start.elapsed();
                    let mut failed = cx.has_errors() || result.is_err();
                    run.diagnostics.extend(cx.take_diagnostics());
                    if let Err(errors) = result {
                        if errors.is_empty() && !run.has_errors() {
                            let location = body.op(op).location;
                            run.diagnostics
                                .push(Diagnostic::error(location, format!("pass '{}' failed", info.argument)));
                        }
                        run.diagnostics.extend(errors);
                    }
                    if !failed && run.instrumentation.verify_each {
                        let start = Instant::now();
                        let verified = (run.instrumentation.verifier)(body, op);
                        *verify_elapsed = Some(verify_elapsed.unwrap_or_default() + start.elapsed());
                        if let Err(errors) = verified {
                            failed = true;
                            run.diagnostics.extend(errors);
                        }
                    }
                    run.instrumentation.after_pass(run.out, body, op, info, failed);
                    if failed {
                        return false;
                    }
                }
                Entry::Nested { manager, elapsed } => {
                    let start = Instant::now();
                    let targets = direct_children(body, op, |name| manager.accepts(name));
                    let ok = targets.into_iter().all(|t| body.is_erased(t) || manager.run_on(body, t, run));
                    *elapsed += start.elapsed();
                    if !ok {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Writes the pipeline as text.
impl fmt::Display for OpPassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.anchor)?;
        for (i, entry) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match entry {
                Entry::Pass { instance, .. } => write!(f, "{}{}", instance.info().argument, instance.options)?,
                Entry::Nested { manager, .. } => write!(f, "{manager}")?,
            }
        }
        f.write_str(")")
    }
}

/// The operations directly in `op`'s regions whose names `accept` takes.
fn direct_children(body: &Body<'_>, op: OpId, accept: impl Fn(&str) -> bool) -> Vec<OpId> {
    let mut out = Vec::new();
    for &region in &body.op(op).regions {
        for &block in &body.region(region).blocks {
            out.extend(body.block_ops(block).filter(|&child| accept(body.op_name(child))));
        }
    }
    out
}

/// The state of one run: where instrumentation writes and the diagnostics so far.
struct Run<'a> {
    instrumentation: &'a Instrumentation,
    out: &'a mut dyn Write,
    diagnostics: Vec<Diagnostic>,
}

impl Run<'_> {
    fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }
}

/// The top-level pass manager: a root [`OpPassManager`] and the instrumentation to run it
/// with.
///
/// ```
/// use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
/// use xla_ir::{Body, Context, OpState};
///
/// let ctx = Context::new();
/// // A tool registers its passes here (`xla_passes::register_all(&mut registry)`), and
/// // gives a pipeline such as "builtin.module(func.func(canonicalize,cse),dce)".
/// let registry = PassRegistry::new();
/// let mut pm = match PassManager::parse(&ctx, &registry, MODULE_OP, "builtin.module()") {
///     Ok(pm) => pm,
///     Err(errors) => panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()),
/// };
/// pm.instrumentation.verify_each = true;
/// pm.instrumentation.print_ir_after = vec!["cse".to_string()];
///
/// let mut body = Body::new(&ctx);
/// let module = body.create_op(OpState::new(ctx.symbol(MODULE_OP), ctx.unknown_loc()));
/// let warnings = pm.run(&mut body, module).expect("an empty pipeline succeeds");
/// assert!(warnings.is_empty());
/// ```
pub struct PassManager {
    root: OpPassManager,
    /// What to do around each pass; off by default except the verifier hook.
    pub instrumentation: Instrumentation,
    last_timing: Option<TimingReport>,
}

impl PassManager {
    /// An empty pipeline for operations named `anchor` (usually [`super::MODULE_OP`]).
    pub fn new(anchor: &str) -> PassManager {
        PassManager { root: OpPassManager::new(anchor), instrumentation: Instrumentation::default(), last_timing: None }
    }

    /// A pass manager for `anchor` holding the textual pipeline `text`, nested explicitly.
    pub fn parse(
        ctx: &Context,
        registry: &PassRegistry,
        anchor: &str,
        text: &str,
    ) -> Result<PassManager, Vec<Diagnostic>> {
        let mut pm = PassManager::new(anchor);
        pm.add_pipeline(ctx, registry, text, Nesting::Explicit)?;
        Ok(pm)
    }

    /// Appends the passes of a textual pipeline (see [`pipeline`](super::pipeline) for the
    /// grammar). The text may name the root (`builtin.module(cse)`) or list what runs on it
    /// (`cse,func.func(dce)`). Errors point into the text, registered with the context as
    /// the source file [`super::PIPELINE_FILE`].
    pub fn add_pipeline(
        &mut self,
        ctx: &Context,
        registry: &PassRegistry,
        text: &str,
        nesting: Nesting,
    ) -> Result<(), Vec<Diagnostic>> {
        pipeline::parse_into(&mut self.root, ctx, registry, text, nesting)
    }

    /// Appends a pass, nesting it implicitly under its anchor when it needs one.
    pub fn add_pass(&mut self, instance: PassInstance) -> Result<(), String> {
        self.root.add_pass(instance, Nesting::Implicit)
    }

    pub fn root(&self) -> &OpPassManager {
        &self.root
    }

    pub fn root_mut(&mut self) -> &mut OpPassManager {
        &mut self.root
    }

    /// The pipeline as text, as `--dump-pass-pipeline` shows it.
    pub fn pipeline_string(&self) -> String {
        self.root.to_string()
    }

    /// Runs the pipeline on `op`, writing instrumentation output to stderr. See
    /// [`PassManager::run_with_output`].
    pub fn run(&mut self, body: &mut Body<'_>, op: OpId) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let stderr = std::io::stderr();
        let mut lock = stderr.lock();
        self.run_with_output(body, op, &mut lock)
    }

    /// Runs the pipeline on `op`, writing IR dumps and the timing report to `out`.
    ///
    /// On success returns the warnings and remarks the passes emitted; on failure returns
    /// every diagnostic emitted, in order, errors included. The IR is left as the failing
    /// pass left it.
    pub fn run_with_output(
        &mut self,
        body: &mut Body<'_>,
        op: OpId,
        out: &mut dyn Write,
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let name = body.op_name(op);
        if !self.root.accepts(name) {
            let message = format!("the pass pipeline runs on '{}' operations, not on '{name}'", self.root.anchor);
            return Err(vec![Diagnostic::error(body.op(op).location, message)]);
        }
        self.root.reset_timing();
        let start = Instant::now();
        let mut run = Run { instrumentation: &self.instrumentation, out, diagnostics: Vec::new() };
        let ok = self.root.run_on(body, op, &mut run);
        let total = start.elapsed();
        let Run { diagnostics, out, .. } = run;
        let mut rows = Vec::new();
        self.root.timing_rows(0, &mut rows);
        let report = TimingReport { rows, total };
        if self.instrumentation.timing {
            let _ = out.write_all(report.render().as_bytes());
        }
        self.last_timing = Some(report);
        if ok {
            Ok(diagnostics)
        } else {
            Err(diagnostics)
        }
    }

    /// The timing of the last run (recorded whether or not `timing` is on).
    pub fn timing_report(&self) -> Option<&TimingReport> {
        self.last_timing.as_ref()
    }
}
