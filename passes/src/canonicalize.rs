//! `canonicalize`: the greedy rewrite driver with every registered canonicalization.
//!
//! The patterns are those of every operation registered in the context (`OpDef::patterns`)
//! followed by the generic ones ([`CONSTANT_TO_RIGHT`], [`ZERO_ELEMENT_RESULT_TO_CONSTANT`]);
//! the driver also folds operations and erases dead ones (see
//! [`xla_ir::rewrite::apply_patterns_greedily`]). The pass runs on any operation and
//! rewrites what is nested in it.
//!
//! Options, as MLIR's canonicalizer: `max-iterations` bounds the sweeps; `max-num-rewrites`
//! bounds the rewrites (`-1` for no bound); `test-convergence` makes not reaching a fixed
//! point an error (otherwise it is a warning); `disable-patterns` and `enable-patterns`
//! select patterns by name. Invariant: a name in those lists that matches no pattern is
//! reported, since a misspelt name would otherwise silently select nothing.

use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::rewrite::{apply_patterns_greedily, GreedyConfig, RewritePattern};
use xla_ir::{Body, Diagnostic, OpId};

use crate::commute_constants::CONSTANT_TO_RIGHT;
use crate::empty_results::ZERO_ELEMENT_RESULT_TO_CONSTANT;

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "canonicalize",
    name: "Canonicalizer",
    summary: "Fold, erase dead operations and apply every registered canonicalization pattern",
    anchor: PassAnchor::Any,
    options: &[
        OptionSpec {
            name: "max-iterations",
            kind: OptionKind::UInt,
            default: "10",
            help: "Sweeps over the IR before giving up",
        },
        OptionSpec {
            name: "max-num-rewrites",
            kind: OptionKind::Int,
            default: "-1",
            help: "Rewrites before giving up, or -1 for no limit",
        },
        OptionSpec {
            name: "test-convergence",
            kind: OptionKind::Bool,
            default: "false",
            help: "Fail when the rewrites do not reach a fixed point",
        },
        OptionSpec {
            name: "disable-patterns",
            kind: OptionKind::List(&OptionKind::String),
            default: "",
            help: "Patterns to leave out, by name",
        },
        OptionSpec {
            name: "enable-patterns",
            kind: OptionKind::List(&OptionKind::String),
            default: "",
            help: "Patterns to use, by name (all when empty)",
        },
    ],
};

/// The canonicalizer; see the module documentation.
pub struct Canonicalize {
    config: GreedyConfig,
    test_convergence: bool,
    disabled: Vec<String>,
    enabled: Vec<String>,
}

impl Canonicalize {
    /// The canonicalizer with the default options.
    pub fn new() -> Canonicalize {
        Canonicalize {
            config: GreedyConfig::default(),
            test_convergence: false,
            disabled: Vec::new(),
            enabled: Vec::new(),
        }
    }

    /// The canonicalizer for parsed options.
    pub fn from_options(options: &PassOptions) -> Result<Canonicalize, String> {
        let max_iterations = u32::try_from(options.uint("max-iterations"))
            .ok()
            .filter(|n| *n > 0)
            .ok_or("'max-iterations' must be between 1 and 4294967295")?;
        let max_rewrites = match options.int("max-num-rewrites") {
            -1 => None,
            n => Some(u64::try_from(n).ok().filter(|n| *n > 0).ok_or("'max-num-rewrites' must be positive or -1")?),
        };
        let strings = |name| options.string_list(name).into_iter().map(str::to_string).collect();
        Ok(Canonicalize {
            config: GreedyConfig { max_iterations, max_rewrites, fold: true },
            test_convergence: options.bool("test-convergence"),
            disabled: strings("disable-patterns"),
            enabled: strings("enable-patterns"),
        })
    }

    fn selected(&self, pattern: &dyn RewritePattern) -> bool {
        let name = pattern.name();
        !self.disabled.iter().any(|d| d == name) && (self.enabled.is_empty() || self.enabled.iter().any(|e| e == name))
    }
}

impl Default for Canonicalize {
    fn default() -> Canonicalize {
        Canonicalize::new()
    }
}

/// The registry's constructor.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    Ok(Box::new(Canonicalize::from_options(options)?))
}

impl Pass for Canonicalize {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        let ctx = body.ctx();
        let mut all: Vec<&dyn RewritePattern> = Vec::new();
        for def in ctx.registered_ops() {
            all.extend(def.patterns.iter().map(|p| *p as &dyn RewritePattern));
        }
        all.push(&CONSTANT_TO_RIGHT);
        all.push(&ZERO_ELEMENT_RESULT_TO_CONSTANT);
        let location = body.op(op).location;
        for name in self.disabled.iter().chain(&self.enabled) {
            if !all.iter().any(|p| p.name() == name) {
                cx.warning(location, format!("canonicalize: no pattern is named '{name}'"));
            }
        }
        let patterns: Vec<&dyn RewritePattern> = all.into_iter().filter(|p| self.selected(*p)).collect();
        match apply_patterns_greedily(body, op, &patterns, &self.config) {
            Ok(_) => Ok(()),
            Err(error) if self.test_convergence => Err(vec![error]),
            Err(error) => {
                cx.warning(error.location, error.message);
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
    use xla_ir::testing::{self, TestIr};
    use xla_ir::{BlockId, Context};

    /// Runs `pipeline` on a module holding the function that `build` fills; the function's
    /// block and the diagnostics (as `severity: message`), or the errors.
    fn run<'c>(
        ctx: &'c Context,
        pipeline: &str,
        build: impl FnOnce(&mut TestIr, BlockId),
    ) -> (Body<'c>, BlockId, Result<Vec<String>, Vec<String>>) {
        let mut registry = PassRegistry::new();
        crate::register_all(&mut registry);
        let mut body = Body::new(ctx);
        let mut ir = TestIr::new(&mut body);
        let (module, block) = ir.module();
        let (_, func) = ir.func_in(block, "f");
        build(&mut ir, func);
        let mut pm = match PassManager::parse(ctx, &registry, MODULE_OP, pipeline) {
            Ok(pm) => pm,
            Err(errors) => panic!("{}", errors.iter().map(|e| e.render(ctx)).collect::<String>()),
        };
        pm.instrumentation.verify_each = true;
        let show = |ds: Vec<Diagnostic>| ds.iter().map(|d| format!("{}: {}", d.severity.name(), d.message)).collect();
        let result = pm.run_with_output(&mut body, module, &mut Vec::new()).map(show).map_err(show);
        (body, func, result)
    }

    #[test]
    fn folds_and_materializes_constants() {
        let ctx = testing::context();
        let (body, func, result) = run(&ctx, "func.func(canonicalize)", |ir, b| {
            let two = ir.constant(b, 2);
            let three = ir.constant(b, 3);
            let sum = ir.add(b, two, three);
            ir.ret(b, &[sum]);
        });
        assert_eq!(result, Ok(vec![]));
        assert_eq!(testing::op_names(&body, func), vec!["test.const", "test.return"]);
        let ret = body.last_op(func).expect("a terminator");
        assert_eq!(testing::constant_of(&body, body.operand(ret, 0)), Some(5));
    }

    #[test]
    fn moves_constants_right_and_applies_op_patterns() {
        let ctx = testing::context();
        let (body, func, result) = run(&ctx, "canonicalize", |ir, b| {
            let x = ir.arg(b);
            let c = ir.constant(b, 4);
            let sum = ir.add(b, c, x);
            let neg = ir.neg(b, sum);
            let neg_neg = ir.neg(b, neg);
            ir.ret(b, &[neg_neg]);
        });
        assert_eq!(result, Ok(vec![]));
        assert_eq!(testing::op_names(&body, func), vec!["test.const", "test.add", "test.return"]);
        let add = body.defining_op(body.operand(body.last_op(func).expect("a terminator"), 0)).expect("an add");
        let x = body.block(func).args[0];
        assert_eq!(body.operand(add, 0), x, "the constant moved to the right");
        assert_eq!(testing::constant_of(&body, body.operand(add, 1)), Some(4));
    }

    #[test]
    fn patterns_can_be_disabled_and_enabled_by_name() {
        let ctx = testing::context();
        let build = |ir: &mut TestIr, b| {
            let x = ir.arg(b);
            let c = ir.constant(b, 4);
            let sum = ir.add(b, c, x);
            let neg = ir.neg(b, sum);
            let neg_neg = ir.neg(b, neg);
            ir.ret(b, &[neg_neg]);
        };
        let (body, func, _) = run(&ctx, "canonicalize{disable-patterns=double-negation}", build);
        assert_eq!(
            testing::op_names(&body, func),
            vec!["test.const", "test.add", "test.neg", "test.neg", "test.return"]
        );
        let (body, func, _) = run(&ctx, "canonicalize{enable-patterns=double-negation}", build);
        assert_eq!(testing::op_names(&body, func), vec!["test.const", "test.add", "test.return"]);
        let add = body.defining_op(body.operand(body.last_op(func).expect("a terminator"), 0)).expect("an add");
        assert_eq!(testing::constant_of(&body, body.operand(add, 0)), Some(4), "the constant stayed on the left");
        let (_, _, result) = run(&ctx, "canonicalize{disable-patterns=double-negaton}", build);
        assert_eq!(result, Ok(vec!["warning: canonicalize: no pattern is named 'double-negaton'".to_string()]));
    }

    #[test]
    fn non_convergence_warns_or_fails() {
        let ctx = testing::context();
        let build = |ir: &mut TestIr, b| {
            let two = ir.constant(b, 2);
            let sum = ir.add(b, two, two);
            ir.ret(b, &[sum]);
        };
        // One sweep that changes something does not show a fixed point.
        let (_, _, result) = run(&ctx, "func.func(canonicalize{max-iterations=1})", build);
        assert_eq!(result, Ok(vec!["warning: greedy rewriting did not converge after 1 iteration".to_string()]));
        let (_, _, result) = run(&ctx, "func.func(canonicalize{max-iterations=1 test-convergence})", build);
        assert_eq!(result, Err(vec!["error: greedy rewriting did not converge after 1 iteration".to_string()]));
        let (_, _, result) = run(&ctx, "func.func(canonicalize{max-iterations=2 test-convergence})", build);
        assert_eq!(result, Ok(vec![]));
    }

    #[test]
    fn bad_options_are_rejected_where_they_are_written() {
        let ctx = testing::context();
        let mut registry = PassRegistry::new();
        crate::register_all(&mut registry);
        let error = |text: &str| match PassManager::parse(&ctx, &registry, MODULE_OP, text) {
            Ok(_) => panic!("'{text}' parsed"),
            Err(errors) => errors.iter().map(|e| e.render(&ctx)).collect::<String>(),
        };
        assert_eq!(
            error("canonicalize{max-iterations=0}"),
            "<pipeline>:1:14: error: invalid options for pass 'canonicalize': 'max-iterations' must be between 1 \
             and 4294967295\n\
             canonicalize{max-iterations=0}\n\
             \x20            ^\n"
        );
        assert_eq!(
            error("canonicalize{max-num-rewrites=-2}"),
            "<pipeline>:1:14: error: invalid options for pass 'canonicalize': 'max-num-rewrites' must be positive \
             or -1\n\
             canonicalize{max-num-rewrites=-2}\n\
             \x20            ^\n"
        );
    }
}
