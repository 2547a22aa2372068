//! `simplify` never changes results: every fixture (both texts) is interpreted before and
//! after `simplify` and the results compared, integers and predicates exactly and floats
//! within a few ulps (the rules that run by default are exact; the slack covers nothing
//! today and is there for reductions whose order XLA leaves open). The test also checks
//! that no fixture reaches the time limit at the default settings, and prints the op counts
//! before and after.

#[allow(dead_code)]
mod support;

use support::{manifest, repo_root};
use xla_interp::closeness::Tolerance;
use xla_tools::opt::OptConfig;
use xla_tools::run::{run, RunConfig};

/// Runs `pipeline` on `text`: the printed module and the diagnostics.
fn opt(name: &str, text: &str, pipeline: &str) -> (String, String) {
    let config = OptConfig {
        input_name: name.to_string(),
        pipeline: Some(pipeline.to_string()),
        verify_each: true,
        ..OptConfig::default()
    };
    let output = xla_tools::opt::run(&config, text);
    assert!(output.success, "{name}: {pipeline} failed:\n{}", output.stderr);
    (output.stdout, output.stderr)
}

/// The number of ops in printed IR (lines defining values or returning).
fn op_count(text: &str) -> usize {
    text.lines().filter(|l| l.contains(" = hlo.") || l.trim_start().starts_with("hlo.")).count()
}

#[test]
fn simplify_keeps_every_fixture_result() {
    let dir = repo_root().join("fixtures");
    let scratch = std::env::temp_dir().join(format!("xla-simplify-fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let mut failures = Vec::new();
    let (mut runs, mut before, mut after, mut changed) = (0, 0, 0, 0);
    for fixture in manifest(&dir) {
        for form in ["stablehlo.mlir", "hlo"] {
            let program = dir.join(format!("{}.{form}", fixture.name));
            let Ok(text) = std::fs::read_to_string(&program) else { continue };
            let name = program.display().to_string();
            // The baseline is the canonical form, so the comparison isolates simplify.
            let (canonical, _) = opt(&name, &text, "builtin.module(canonicalize,cse,dce)");
            let (simplified, remarks) = opt(&name, &canonical, "builtin.module(func.func(simplify{stats=true}),dce)");
            assert!(!remarks.contains("(time limit)"), "{name} reached simplify's time limit:\n{remarks}");
            before += op_count(&canonical);
            after += op_count(&simplified);
            changed += usize::from(canonical != simplified);
            let expected = scratch.join(format!("{}.{}.npz", fixture.name, form.replace('.', "_")));
            let mut config = RunConfig::new(&name);
            config.interpret = true;
            config.inputs = vec![dir.join(format!("{}.inputs.npz", fixture.name))];
            config.output = Some(expected.clone());
            let original = run(&config, &canonical);
            if !original.success {
                failures.push(format!("{name} does not run before simplify:\n{}", original.stderr));
                continue;
            }
            config.output = None;
            config.check = Some(expected);
            config.tolerance = Tolerance::new(4, 0.0);
            let output = run(&config, &simplified);
            runs += 1;
            if !output.success {
                failures.push(format!("{name} after simplify:\n{}\n{simplified}", output.stderr));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("simplify over {runs} fixture texts: {before} hlo ops before, {after} after; {changed} texts changed");
    assert!(runs >= 2 * 67, "only {runs} fixture runs");
    assert!(failures.is_empty(), "{} of {runs} runs differ:\n{}", failures.len(), failures.join("\n"));
}
