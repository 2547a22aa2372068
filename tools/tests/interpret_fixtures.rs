//! Every JAX fixture (fixtures/, and the shared benchmark corpus when it is present) runs on
//! the reference interpreter from both of its texts, StableHLO and HLO, as read and after
//! canonicalization, and matches XLA CPU's outputs.
//!
//! Agreement is within each fixture's tolerance (see `support`), and each run's results
//! must fail against its expected arrays perturbed (the negative control): XLA CPU sums in `f32` in
//! its own order and computes transcendentals with its own polynomials, while the
//! interpreter rounds the exact result once.

mod support;

use std::path::Path;

use support::{corpus_dir, manifest, perturbed_expectations_fail, repo_root, temp_path};
use xla_tools::opt::OptConfig;
use xla_tools::run::{run, RunConfig};

/// Runs every fixture of `dir` from each text form present; the failures, rendered.
fn run_all(dir: &Path, forms: &[&str]) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut runs = 0;
    for fixture in manifest(dir) {
        for form in forms {
            let program = dir.join(format!("{}.{form}", fixture.name));
            let Ok(text) = std::fs::read_to_string(&program) else { continue };
            let mut config = RunConfig::new(&program.display().to_string());
            config.interpret = true;
            config.inputs = vec![dir.join(format!("{}.inputs.npz", fixture.name))];
            let expected = dir.join(format!("{}.expected.npz", fixture.name));
            config.check = Some(expected.clone());
            config.tolerance = fixture.tolerance;
            let results = temp_path(&format!("{}.{form}.interpreted.npz", fixture.name));
            config.output = Some(results.clone());
            let output = run(&config, &text);
            runs += 1;
            if !output.success {
                failures.push(format!("{} ({form}):\n{}", fixture.name, output.stderr));
            } else if let Err(message) = perturbed_expectations_fail(&fixture, &results, &expected) {
                failures.push(format!("{} ({form}), negative control: {message}", fixture.name));
            }
            let _ = std::fs::remove_file(&results);
            config.output = None;
            // The canonical form computes the same: every canonicalization pattern and
            // folder that fires on the fixture keeps XLA's results.
            let canonical = canonicalize(&program.display().to_string(), &text);
            let output = run(&config, &canonical);
            runs += 1;
            if !output.success {
                failures.push(format!("{} ({form}, canonicalized):\n{}", fixture.name, output.stderr));
            }
        }
    }
    (runs, failures)
}

/// `text` after `symbol-dce,canonicalize,cse,dce`, printed.
fn canonicalize(name: &str, text: &str) -> String {
    let config = OptConfig {
        input_name: name.to_string(),
        pipeline: Some("builtin.module(symbol-dce,canonicalize,cse,dce)".into()),
        verify_each: true,
        ..OptConfig::default()
    };
    let output = xla_tools::opt::run(&config, text);
    assert!(output.success, "{name} does not canonicalize: {}", output.stderr);
    output.stdout
}

#[test]
fn every_fixture_matches_xla() {
    let (runs, failures) = run_all(&repo_root().join("fixtures"), &["stablehlo.mlir", "hlo"]);
    assert!(runs >= 4 * 69, "only {runs} fixture runs");
    assert!(failures.is_empty(), "{} of {runs} runs failed:\n{}", failures.len(), failures.join("\n"));
}

/// The shared benchmark corpus lives outside the repository (`../shared/corpus/public`,
/// or `$XLA_CORPUS_DIR`); without it this test fails.
#[test]
fn the_shared_corpus_matches_xla() {
    let dir = corpus_dir();
    let (runs, failures) = run_all(&dir, &["stablehlo.mlir", "hlo"]);
    assert!(runs >= 4 * 25, "only {runs} corpus runs");
    assert!(failures.is_empty(), "{} of {runs} runs failed:\n{}", failures.len(), failures.join("\n"));
}

/// Inputs meant for another program are errors that name the argument, never panics:
/// each fixture runs on the next fixture's inputs.
#[test]
fn inputs_of_another_program_are_diagnosed() {
    let dir = repo_root().join("fixtures");
    let fixtures = manifest(&dir);
    let mut diagnosed = 0;
    for (fixture, other) in fixtures.iter().zip(fixtures.iter().cycle().skip(1)) {
        let program = dir.join(format!("{}.stablehlo.mlir", fixture.name));
        let text = std::fs::read_to_string(&program).expect("every fixture has a StableHLO text");
        let mut config = RunConfig::new(&program.display().to_string());
        config.interpret = true;
        config.inputs = vec![dir.join(format!("{}.inputs.npz", other.name))];
        let output = run(&config, &text);
        if !output.success {
            assert!(
                output.stderr.contains("argument") || output.stderr.contains("--input gave"),
                "{} on {}'s inputs: {}",
                fixture.name,
                other.name,
                output.stderr
            );
            diagnosed += 1;
        }
    }
    assert!(diagnosed >= 60, "only {diagnosed} mismatched runs were diagnosed");
}
