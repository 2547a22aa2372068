//! Tests of textual pipelines and the pass manager, with passes that record what they ran
//! on in a `trace` attribute of the top-level operation.

use super::*;
use crate::testing::{self, TestIr};
use crate::{Body, Context, Diagnostic, OpId};

/// Appends `entry` and the name of `op` (its symbol, else its op name) to the `trace`
/// attribute of the outermost operation.
fn trace(body: &mut Body<'_>, op: OpId, entry: &str) {
    let ctx = body.ctx();
    let mut root = op;
    while let Some(parent) = body.parent_op(root) {
        root = parent;
    }
    let who = match body.symbol_name(op) {
        Some(symbol) => format!("@{symbol}"),
        None => body.op_name(op).to_string(),
    };
    let old = body.attr(root, "trace").and_then(|a| ctx.as_string(a)).unwrap_or_default().to_string();
    let new = if old.is_empty() { format!("{entry}:{who}") } else { format!("{old} {entry}:{who}") };
    body.set_attr(root, "trace", ctx.string_attr(&new));
}

fn trace_of(body: &Body<'_>, root: OpId) -> String {
    body.attr(root, "trace").and_then(|a| body.ctx().as_string(a)).unwrap_or_default().to_string()
}

static MARK: PassInfo = PassInfo {
    argument: "mark",
    name: "Mark",
    summary: "Records that it ran",
    anchor: PassAnchor::Any,
    options: &[
        OptionSpec { name: "label", kind: OptionKind::String, default: "m", help: "What to record" },
        OptionSpec { name: "times", kind: OptionKind::UInt, default: "1", help: "How often to record it" },
    ],
};

struct Mark {
    label: String,
    times: u64,
}

impl Pass for Mark {
    fn info(&self) -> &'static PassInfo {
        &MARK
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        for _ in 0..self.times {
            trace(body, op, &self.label);
        }
        Ok(())
    }
}

/// A pass that records `entry` and does nothing else, anchored as `info` says.
struct Simple {
    info: &'static PassInfo,
    run: fn(&mut Body<'_>, OpId, &mut PassContext) -> Result<(), Vec<Diagnostic>>,
}

impl Pass for Simple {
    fn info(&self) -> &'static PassInfo {
        self.info
    }

    fn run(&mut self, body: &mut Body<'_>, op: OpId, cx: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        (self.run)(body, op, cx)
    }
}

macro_rules! simple_pass {
    ($info:ident, $create:ident, $argument:literal, $name:literal, $anchor:expr, $run:expr) => {
        static $info: PassInfo =
            PassInfo { argument: $argument, name: $name, summary: $name, anchor: $anchor, options: &[] };
        fn $create(_: &PassOptions) -> Result<Box<dyn Pass>, String> {
            Ok(Box::new(Simple { info: &$info, run: $run }))
        }
    };
}

simple_pass!(MARK_FUNC, create_mark_func, "mark-func", "MarkFunc", PassAnchor::Op(FUNC_OP), |body, op, _| {
    trace(body, op, "F");
    Ok(())
});
simple_pass!(MARK_MODULE, create_mark_module, "mark-module", "MarkModule", PassAnchor::Op(MODULE_OP), |body, op, _| {
    trace(body, op, "M");
    Ok(())
});
simple_pass!(FAIL, create_fail, "fail", "Fail", PassAnchor::Any, |body, op, _| {
    Err(vec![Diagnostic::error(body.op(op).location, "failed here")])
});
simple_pass!(FAIL_SILENTLY, create_fail_silently, "fail-silently", "FailSilently", PassAnchor::Any, |_, _, _| {
    Err(Vec::new())
});
simple_pass!(EMIT_ERROR, create_emit_error, "emit-error", "EmitError", PassAnchor::Any, |body, op, cx| {
    cx.error(body.op(op).location, "first problem");
    cx.error(body.op(op).location, "second problem");
    Ok(())
});
simple_pass!(WARN, create_warn, "warn", "Warn", PassAnchor::Any, |body, op, cx| {
    cx.warning(body.op(op).location, "careful");
    cx.remark(body.op(op).location, "noted");
    Ok(())
});
simple_pass!(BREAK_IR, create_break_ir, "break-ir", "BreakIR", PassAnchor::Any, |body, op, _| {
    let unit = body.ctx().unit_attr();
    body.set_attr(op, "broken", unit);
    Ok(())
});

fn create_mark(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let times = options.uint("times");
    if times == 0 {
        return Err("'times' must be at least 1".to_string());
    }
    Ok(Box::new(Mark { label: options.string("label").to_string(), times }))
}

fn registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    registry.register(&MARK, create_mark);
    registry.register(&MARK_FUNC, create_mark_func);
    registry.register(&MARK_MODULE, create_mark_module);
    registry.register(&FAIL, create_fail);
    registry.register(&FAIL_SILENTLY, create_fail_silently);
    registry.register(&EMIT_ERROR, create_emit_error);
    registry.register(&WARN, create_warn);
    registry.register(&BREAK_IR, create_break_ir);
    registry
}

/// Fails on any operation carrying a `broken` attribute.
fn verify_not_broken(body: &Body, op: OpId) -> Result<(), Vec<Diagnostic>> {
    let mut ops = body.nested_ops(op, crate::WalkOrder::PreOrder);
    ops.push(op);
    let errors: Vec<Diagnostic> = ops
        .into_iter()
        .filter(|o| body.attr(*o, "broken").is_some())
        .map(|o| Diagnostic::error(body.op(o).location, "the operation is broken"))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A module holding `@f`, an unregistered op, `@g`, and `@h` inside a `test.region` (so not
/// directly in the module).
fn module(body: &mut Body<'_>) -> OpId {
    let mut ir = TestIr::new(body);
    let (module, block) = ir.module();
    ir.func_in(block, "f");
    ir.unregistered(block, "other.op");
    ir.func_in(block, "g");
    let (_, inner) = ir.nested(block, "test.region");
    ir.func_in(inner, "h");
    module
}

fn parse(ctx: &Context, text: &str) -> Result<PassManager, Vec<Diagnostic>> {
    PassManager::parse(ctx, &registry(), MODULE_OP, text)
}

/// The rendered diagnostics of a pipeline that must not parse.
fn parse_error(text: &str) -> String {
    let ctx = testing::context();
    match parse(&ctx, text) {
        Ok(pm) => panic!("'{text}' parsed as {}", pm.pipeline_string()),
        Err(errors) => errors.iter().map(|e| e.render(&ctx)).collect(),
    }
}

fn roundtrip(text: &str) -> String {
    let ctx = testing::context();
    match parse(&ctx, text) {
        Ok(pm) => pm.pipeline_string(),
        Err(errors) => panic!("'{text}' does not parse: {}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()),
    }
}

// ---- Parsing -----------------------------------------------------------------------------

#[test]
fn parses_nested_pipelines_with_options() {
    assert_eq!(
        roundtrip("builtin.module(func.func(mark{label=a times=2},mark-func),mark-module)"),
        "builtin.module(func.func(mark{label=a times=2},mark-func),mark-module)"
    );
    assert_eq!(
        roundtrip(" builtin.module( func.func( mark , mark-func ) , mark{ label='x y' } ) "),
        "builtin.module(func.func(mark{label=m times=1},mark-func),mark{label=\"x y\" times=1})"
    );
}

#[test]
fn a_pipeline_without_the_root_anchor_runs_on_the_root() {
    assert_eq!(roundtrip("mark-module,func.func(mark-func)"), "builtin.module(mark-module,func.func(mark-func))");
    assert_eq!(roundtrip("any(mark)"), "builtin.module(any(mark{label=m times=1}))");
}

#[test]
fn empty_pipelines_are_fine() {
    assert_eq!(roundtrip(""), "builtin.module()");
    assert_eq!(roundtrip("builtin.module()"), "builtin.module()");
    assert_eq!(roundtrip("func.func()"), "builtin.module(func.func())");
}

#[test]
fn unknown_passes_are_located_and_suggested() {
    assert_eq!(
        parse_error("builtin.module(func.func(mark-fnuc))"),
        "<pipeline>:1:26: error: unknown pass 'mark-fnuc'; did you mean 'mark-func'?\n\
         builtin.module(func.func(mark-fnuc))\n\
         \x20                        ^\n"
    );
    assert_eq!(
        parse_error("mark,zzzzzzzz,func.func(qqqqqqqqq)"),
        "<pipeline>:1:6: error: unknown pass 'zzzzzzzz'\n\
         mark,zzzzzzzz,func.func(qqqqqqqqq)\n\
         \x20    ^\n\
         <pipeline>:1:25: error: unknown pass 'qqqqqqqqq'\n\
         mark,zzzzzzzz,func.func(qqqqqqqqq)\n\
         \x20                       ^\n"
    );
}

#[test]
fn unbalanced_parentheses_are_located() {
    assert_eq!(
        parse_error("builtin.module(func.func(mark)"),
        "<pipeline>:1:31: error: expected ')' to close 'builtin.module('\n\
         builtin.module(func.func(mark)\n\
         \x20                             ^\n\
         <pipeline>:1:15: note: the '(' opened here\n\
         builtin.module(func.func(mark)\n\
         \x20             ^\n"
    );
    assert_eq!(
        parse_error("func.func(mark))"),
        "<pipeline>:1:16: error: unbalanced ')': no '(' is open here\n\
         func.func(mark))\n\
         \x20              ^\n"
    );
    assert_eq!(
        parse_error("func.func(mark mark)"),
        "<pipeline>:1:16: error: expected ',' or ')', found 'm'\n\
         func.func(mark mark)\n\
         \x20              ^\n"
    );
}

#[test]
fn missing_and_misplaced_elements_are_located() {
    assert_eq!(
        parse_error("mark,,mark"),
        "<pipeline>:1:6: error: expected a pass or operation name, found ','\n\
         mark,,mark\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("mark,"),
        "<pipeline>:1:6: error: expected a pass or operation name, found the end of the pipeline\n\
         mark,\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("mark mark"),
        "<pipeline>:1:6: error: expected ',' between pipeline elements, found 'm'\n\
         mark mark\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("mark(mark)"),
        "<pipeline>:1:1: error: expected an operation name with a dialect prefix (as in func.func) before '(', \
         found 'mark'; 'mark' is a pass, whose options go in braces: mark{...}\n\
         mark(mark)\n\
         ^\n"
    );
}

#[test]
fn passes_under_the_wrong_anchor_are_rejected() {
    assert_eq!(
        parse_error("builtin.module(func.func(mark-module))"),
        "<pipeline>:1:26: error: pass 'mark-module' runs on 'builtin.module' operations and cannot be nested \
         under 'func.func'\n\
         builtin.module(func.func(mark-module))\n\
         \x20                        ^\n"
    );
    assert_eq!(
        parse_error("mark,mark-func"),
        "<pipeline>:1:6: error: pass 'mark-func' runs on 'func.func' operations and cannot be nested under \
         'builtin.module'; nest it as func.func(mark-func)\n\
         mark,mark-func\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("any(mark-func)"),
        "<pipeline>:1:5: error: pass 'mark-func' runs on 'func.func' operations and cannot be nested under 'any'\n\
         any(mark-func)\n\
         \x20   ^\n"
    );
}

#[test]
fn bad_options_are_located() {
    assert_eq!(
        parse_error("func.func(mark{label=a times=x})"),
        "<pipeline>:1:30: error: option 'times' of pass 'mark': invalid value 'x': expected an unsigned integer\n\
         func.func(mark{label=a times=x})\n\
         \x20                            ^\n"
    );
    assert_eq!(
        parse_error("mark{lable=a}"),
        "<pipeline>:1:6: error: unknown option 'lable' for pass 'mark' (options: label, times)\n\
         mark{lable=a}\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("mark-func{x=1}"),
        "<pipeline>:1:11: error: pass 'mark-func' has no options, found 'x'\n\
         mark-func{x=1}\n\
         \x20         ^\n"
    );
    assert_eq!(
        parse_error("mark{times=0}"),
        "<pipeline>:1:6: error: invalid options for pass 'mark': 'times' must be at least 1\n\
         mark{times=0}\n\
         \x20    ^\n"
    );
    assert_eq!(
        parse_error("mark{label=a"),
        "<pipeline>:1:13: error: expected '}' to close the options of 'mark'\n\
         mark{label=a\n\
         \x20           ^\n\
         <pipeline>:1:5: note: the '{' opened here\n\
         mark{label=a\n\
         \x20   ^\n"
    );
    assert_eq!(
        parse_error("mark{label=\"a}"),
        "<pipeline>:1:12: error: unterminated quoted string\n\
         mark{label=\"a}\n\
         \x20          ^\n"
    );
}

#[test]
fn braces_and_quotes_nest_inside_options() {
    assert_eq!(roundtrip("mark{label={a}b}"), "builtin.module(mark{label=\"{a}b\" times=1})");
    assert_eq!(roundtrip("mark{label={a b}}"), "builtin.module(mark{label=\"a b\" times=1})");
    assert_eq!(roundtrip("mark{label='}'}"), "builtin.module(mark{label=\"}\" times=1})");
}

#[test]
fn implicit_nesting_follows_pass_anchors() {
    let ctx = testing::context();
    let mut pm = PassManager::new(MODULE_OP);
    pm.add_pipeline(&ctx, &registry(), "mark-func,mark-func,mark,mark-func", Nesting::Implicit)
        .expect("flags nest implicitly");
    assert_eq!(
        pm.pipeline_string(),
        "builtin.module(func.func(mark-func,mark-func),mark{label=m times=1},func.func(mark-func))"
    );
    // As in MLIR, implicit nesting nests whatever the pass anchors on.
    let mut func_pm = PassManager::new(FUNC_OP);
    assert!(func_pm.add_pass(registry().create("mark-module", "").expect("builds")).is_ok());
    assert_eq!(func_pm.pipeline_string(), "func.func(builtin.module(mark-module))");
    let instance = registry().create("mark-module", "").expect("builds");
    let error = func_pm.root_mut().add_pass(instance, Nesting::Explicit).expect_err("explicit nesting is required");
    assert_eq!(error, "pass 'mark-module' runs on 'builtin.module' operations and cannot be nested under 'func.func'");
}

proptest::proptest! {
    /// Any text, however broken, parses or gives located diagnostics; it never panics.
    #[test]
    fn pipeline_parsing_never_panics(text in "[a-z.,(){}=' \"\\-é]{0,40}") {
        let ctx = testing::context();
        if let Err(errors) = parse(&ctx, &text) {
            proptest::prop_assert!(!errors.is_empty());
            for error in errors {
                proptest::prop_assert!(error.render(&ctx).starts_with("<pipeline>:"));
            }
        }
    }
}

// ---- Running -----------------------------------------------------------------------------

/// Runs `pipeline` on the test module with `instrumentation`; the trace, the result, and
/// what instrumentation wrote.
fn run(pipeline: &str, instrumentation: Instrumentation) -> (String, Result<Vec<Diagnostic>, Vec<Diagnostic>>, String) {
    let ctx = testing::context();
    let mut body = Body::new(&ctx);
    let module = module(&mut body);
    let mut pm = match parse(&ctx, pipeline) {
        Ok(pm) => pm,
        Err(errors) => panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()),
    };
    pm.instrumentation = instrumentation;
    let mut out = Vec::new();
    let result = pm.run_with_output(&mut body, module, &mut out);
    (trace_of(&body, module), result, String::from_utf8_lossy(&out).into_owned())
}

fn messages(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics.iter().map(|d| format!("{}: {}", d.severity.name(), d.message)).collect()
}

#[test]
fn nested_pipelines_run_on_each_direct_child_in_order() {
    let (trace, result, _) =
        run("builtin.module(mark{label=a},func.func(mark{label=b},mark-func),mark-module)", Instrumentation::default());
    assert!(result.is_ok());
    assert_eq!(trace, "a:builtin.module b:@f F:@f b:@g F:@g M:builtin.module");
}

#[test]
fn any_runs_on_every_direct_child() {
    let (trace, result, _) = run("any(mark)", Instrumentation::default());
    assert!(result.is_ok());
    assert_eq!(trace, "m:@f m:other.op m:@g m:test.region");
}

#[test]
fn the_root_must_match_the_anchor() {
    let ctx = testing::context();
    let mut body = Body::new(&ctx);
    let (func, _) = TestIr::new(&mut body).func("f");
    let mut pm = PassManager::new(MODULE_OP);
    let errors = pm.run_with_output(&mut body, func, &mut Vec::new()).expect_err("a function is not a module");
    assert_eq!(
        messages(&errors),
        vec!["error: the pass pipeline runs on 'builtin.module' operations, not on 'func.func'"]
    );
}

#[test]
fn a_failing_pass_stops_the_pipeline() {
    let (trace, result, _) = run("mark{label=a},func.func(fail),mark{label=b}", Instrumentation::default());
    assert_eq!(trace, "a:builtin.module");
    assert_eq!(messages(&result.expect_err("fails")), vec!["error: failed here"]);

    let (_, result, _) = run("fail-silently", Instrumentation::default());
    assert_eq!(messages(&result.expect_err("fails")), vec!["error: pass 'fail-silently' failed"]);

    let (trace, result, _) = run("warn,emit-error,mark", Instrumentation::default());
    assert_eq!(trace, "");
    assert_eq!(
        messages(&result.expect_err("an emitted error fails the pass")),
        vec!["warning: careful", "remark: noted", "error: first problem", "error: second problem"]
    );
}

#[test]
fn warnings_and_remarks_do_not_fail() {
    let (trace, result, _) = run("warn,mark", Instrumentation::default());
    assert_eq!(trace, "m:builtin.module");
    assert_eq!(messages(&result.expect("warnings do not fail")), vec!["warning: careful", "remark: noted"]);
}

#[test]
fn verify_each_stops_at_the_first_invalid_ir() {
    let instrumentation =
        Instrumentation { verify_each: true, verifier: verify_not_broken, ..Instrumentation::default() };
    let (trace, result, _) = run("mark{label=a},func.func(break-ir),mark{label=b}", instrumentation.clone());
    assert_eq!(trace, "a:builtin.module");
    assert_eq!(messages(&result.expect_err("verification fails")), vec!["error: the operation is broken"]);

    let (trace, result, _) = run("mark{label=a},func.func(break-ir),mark{label=b}", Instrumentation::default());
    assert_eq!(trace, "a:builtin.module b:builtin.module");
    assert!(result.is_ok());
}

/// The dump headers in instrumentation output.
fn headers(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("// -----//")).collect()
}

#[test]
fn prints_ir_after_all_passes() {
    let instrumentation = Instrumentation { print_ir_after_all: true, ..Instrumentation::default() };
    let (_, _, out) = run("func.func(mark-func),mark", instrumentation);
    assert_eq!(
        headers(&out),
        vec![
            "// -----// IR Dump After MarkFunc (mark-func) //----- //",
            "// -----// IR Dump After MarkFunc (mark-func) //----- //",
            "// -----// IR Dump After Mark (mark) //----- //",
        ]
    );
    assert!(out.ends_with("\n\n"), "each dump ends with a blank line");
}

#[test]
fn prints_ir_before_and_after_selected_passes() {
    let instrumentation = Instrumentation {
        print_ir_before: vec!["mark".to_string()],
        print_ir_after: vec!["mark-module".to_string()],
        ..Instrumentation::default()
    };
    let (_, _, out) = run("mark-module,func.func(mark-func),mark", instrumentation);
    assert_eq!(
        headers(&out),
        vec![
            "// -----// IR Dump After MarkModule (mark-module) //----- //",
            "// -----// IR Dump Before Mark (mark) //----- //"
        ]
    );
}

#[test]
fn prints_ir_after_failure_and_in_module_scope() {
    let instrumentation =
        Instrumentation { print_ir_after_failure: true, print_module_scope: true, ..Instrumentation::default() };
    let (_, _, out) = run("func.func(mark-func,fail)", instrumentation.clone());
    assert_eq!(
        headers(&out),
        vec!["// -----// IR Dump After Fail Failed (fail) ('func.func' operation: @f) //----- //"]
    );

    let instrumentation = Instrumentation { print_ir_before_all: true, ..instrumentation };
    let (_, _, out) = run("mark", instrumentation);
    assert_eq!(headers(&out), vec!["// -----// IR Dump Before Mark (mark) ('builtin.module' operation) //----- //"]);
}

#[test]
fn timing_reports_every_pass_in_pipeline_order() {
    let instrumentation = Instrumentation { timing: true, verify_each: true, ..Instrumentation::default() };
    let (_, result, out) = run("mark{label=a},func.func(mark-func,mark{label=b}),mark-module", instrumentation);
    assert!(result.is_ok());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("==={}===", "-".repeat(73)));
    assert_eq!(lines[1].trim(), "... Execution time report ...");
    assert_eq!(lines[2], lines[0]);
    assert!(lines[3].starts_with("  Total Execution Time: ") && lines[3].ends_with(" seconds"), "{}", lines[3]);
    assert_eq!(lines[4], "");
    assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
    // Each row is `  SSSS.SSSS (PPP.P%)  name`, with the name indented by nesting depth.
    let names: Vec<&str> = lines[6..]
        .iter()
        .map(|line| {
            let (time, rest) = line.split_at(19);
            let seconds = time.trim().split(' ').next().unwrap_or_default();
            assert!(seconds.parse::<f64>().is_ok(), "{line}");
            assert!(time.ends_with("%)"), "{line}");
            rest.strip_prefix("  ").unwrap_or(rest)
        })
        .collect();
    assert_eq!(
        names,
        vec!["Mark", "'func.func' Pipeline", "  MarkFunc", "  Mark", "  Verifier", "MarkModule", "Verifier", "Total"]
    );
    assert!(lines.last().is_some_and(|l| l.contains("(100.0%)")));
}

#[test]
fn the_timing_report_is_kept_without_printing() {
    let ctx = testing::context();
    let mut body = Body::new(&ctx);
    let module = module(&mut body);
    let mut pm = parse(&ctx, "mark,func.func(mark-func)").expect("parses");
    let mut out = Vec::new();
    assert!(pm.run_with_output(&mut body, module, &mut out).is_ok());
    assert!(out.is_empty());
    let report = pm.timing_report().expect("a report");
    let names: Vec<&str> = report.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, vec!["Mark", "'func.func' Pipeline", "MarkFunc"]);
}
