//! Every JAX fixture whose ops the lowering handles runs compiled to native code, as
//! `xla-run` without `--interpret` runs it, from both of its texts (StableHLO and HLO), and
//! matches XLA CPU's outputs within the fixture's tolerance (`support`, shared with
//! `interpret_fixtures.rs`), and its results must fail against each expected array
//! perturbed (`support::perturbed_expectations_fail`). A fixture with an op the lowering does not handle yet is
//! reported by the lowering ("does not handle ...") and listed, not failed; how many
//! compiled must stay at least [`COMPILED_FLOOR`], so a regression that stops fixtures
//! from compiling fails the test. The shared benchmark corpus runs too when it is there.

mod support;

use std::path::Path;

use support::{corpus_dir, manifest, perturbed_expectations_fail, repo_root, temp_path};
use xla_tools::run::{run, RunConfig};

/// How many fixture runs (fixture x text form) compile and match XLA today; raise it as
/// the lowering grows.
const COMPILED_FLOOR: usize = 138;

/// What the runs of one directory gave.
#[derive(Default)]
struct Report {
    /// Runs that compiled and matched.
    compiled: Vec<String>,
    /// Runs the lowering cannot compile yet, with its reason.
    not_lowered: Vec<String>,
    /// Runs that failed otherwise, with the output.
    failures: Vec<String>,
}

/// Runs every fixture of `dir` natively from each text form present.
fn run_native(dir: &Path, forms: &[&str]) -> Report {
    let mut report = Report::default();
    for fixture in manifest(dir) {
        for form in forms {
            let program = dir.join(format!("{}.{form}", fixture.name));
            let Ok(text) = std::fs::read_to_string(&program) else { continue };
            let mut config = RunConfig::new(&program.display().to_string());
            config.inputs = vec![dir.join(format!("{}.inputs.npz", fixture.name))];
            let expected = dir.join(format!("{}.expected.npz", fixture.name));
            config.check = Some(expected.clone());
            config.tolerance = fixture.tolerance;
            let results = temp_path(&format!("{}.{form}.compiled.npz", fixture.name));
            config.output = Some(results.clone());
            let run_name = format!("{} ({form})", fixture.name);
            let output = run(&config, &text);
            if output.success {
                if let Err(message) = perturbed_expectations_fail(&fixture, &results, &expected) {
                    report.failures.push(format!("{run_name}, negative control: {message}"));
                }
                let _ = std::fs::remove_file(&results);
                report.compiled.push(run_name);
            } else if let Some(reason) = output.stderr.lines().find(|l| l.contains("does not handle")) {
                let reason = reason.split("error: ").nth(1).unwrap_or(reason);
                report.not_lowered.push(format!("{run_name}: {reason}"));
            } else {
                report.failures.push(format!("{run_name}:\n{}", output.stderr));
            }
        }
    }
    report
}

/// Prints what compiled and what did not.
fn print(what: &str, report: &Report) {
    eprintln!("{what}: {} runs compiled and match XLA", report.compiled.len());
    eprintln!("not lowered yet ({}):\n  {}", report.not_lowered.len(), report.not_lowered.join("\n  "));
}

#[test]
fn compiled_fixtures_match_xla() {
    let report = run_native(&repo_root().join("fixtures"), &["stablehlo.mlir", "hlo"]);
    print("fixtures", &report);
    assert!(report.failures.is_empty(), "{} runs failed:\n{}", report.failures.len(), report.failures.join("\n"));
    assert!(
        report.compiled.len() >= COMPILED_FLOOR,
        "only {} fixture runs compiled (at least {COMPILED_FLOOR} did before):\n  {}",
        report.compiled.len(),
        report.not_lowered.join("\n  ")
    );
}

/// The shared benchmark corpus lives outside the repository; without it this test fails.
#[test]
fn the_shared_corpus_compiled_matches_xla() {
    let dir = corpus_dir();
    let report = run_native(&dir, &["stablehlo.mlir"]);
    print("corpus", &report);
    assert!(report.compiled.len() >= 25, "only {} of the corpus's 25 programs compiled", report.compiled.len());
    assert!(report.failures.is_empty(), "{} runs failed:\n{}", report.failures.len(), report.failures.join("\n"));
}
