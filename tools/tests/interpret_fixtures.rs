//! Every JAX fixture (fixtures/, and the shared benchmark corpus when it is present) runs on
//! the reference interpreter from both of its texts, StableHLO and HLO, as read and after
//! canonicalization, and matches XLA CPU's outputs.
//!
//! Agreement: integers, predicates and fixtures whose manifest tolerance is 0 must be
//! bit-exact. A float must be within a number of units in the last place of its format,
//! the manifest's relative tolerance `rtol` expressed in ulps of the fixture's
//! widest-precision float output (`rtol / 2^-23` for f32, so `rtol = 1e-4` allows 839
//! ulps), or within `atol + rtol * rms(expected array)` (the manifest's absolute
//! tolerance, plus the norm-wise term of `xla_interp::closeness`). XLA CPU sums dot
//! products and reductions in `f32`, in its own order, and computes transcendentals with
//! its own polynomials, while the interpreter rounds the exact result once: a matmul's
//! element that cancels to 0.007 from terms of magnitude 16 differs from XLA's by 1.4e-5,
//! far beyond its own ulps but a millionth of the array's scale.

use std::path::{Path, PathBuf};

use xla_interp::closeness::Tolerance;
use xla_tools::opt::OptConfig;
use xla_tools::run::{run, RunConfig};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tools/ has a parent").to_path_buf()
}

/// One fixture of a manifest: its name and float tolerance.
struct Fixture {
    name: String,
    tolerance: Tolerance,
}

fn manifest(dir: &Path) -> Vec<Fixture> {
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("the directory has a manifest.json");
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).expect("manifest.json is a JSON list");
    entries
        .iter()
        .map(|entry| {
            let name = entry["name"].as_str().expect("every fixture has a name").to_string();
            let rtol = entry["tol"]["rtol"].as_f64().unwrap_or(0.0);
            let atol = entry["tol"]["atol"].as_f64().unwrap_or(0.0);
            let epsilon = entry["outputs"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|output| machine_epsilon(output["dtype"].as_str()?))
                .fold(f64::INFINITY, f64::min);
            let tolerance = if rtol == 0.0 && atol == 0.0 {
                Tolerance::EXACT
            } else {
                let max_ulps = if epsilon.is_finite() { (rtol / epsilon).ceil() as u128 } else { 0 };
                Tolerance { max_ulps: max_ulps.max(1), atol, normwise_rtol: rtol }
            };
            Fixture { name, tolerance }
        })
        .collect()
}

/// The distance from 1 to the next value of a NumPy float dtype (complex: of its parts).
fn machine_epsilon(dtype: &str) -> Option<f64> {
    Some(match dtype {
        "float64" | "complex128" => 2f64.powi(-52),
        "float32" | "complex64" => 2f64.powi(-23),
        "float16" => 2f64.powi(-10),
        "bfloat16" => 2f64.powi(-7),
        _ => return None,
    })
}

/// Runs every fixture of `dir` from each text form present; the failures, rendered.
fn run_all(dir: &Path, forms: &[&str]) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut runs = 0;
    for fixture in manifest(dir) {
        for form in forms {
            let program = dir.join(format!("{}.{form}", fixture.name));
            let Ok(text) = std::fs::read_to_string(&program) else { continue };
            let mut config = RunConfig::new(&program.display().to_string());
            config.inputs = vec![dir.join(format!("{}.inputs.npz", fixture.name))];
            config.check = Some(dir.join(format!("{}.expected.npz", fixture.name)));
            config.tolerance = fixture.tolerance;
            let output = run(&config, &text);
            runs += 1;
            if !output.success {
                failures.push(format!("{} ({form}):\n{}", fixture.name, output.stderr));
            }
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
    assert!(runs >= 4 * 67, "only {runs} fixture runs");
    assert!(failures.is_empty(), "{} of {runs} runs failed:\n{}", failures.len(), failures.join("\n"));
}

/// The shared benchmark corpus lives outside the repository (`../shared/corpus/public`,
/// or `$XLA_CORPUS_DIR`); a clean clone elsewhere has none, and then this test says so.
#[test]
fn the_shared_corpus_matches_xla() {
    let dir = std::env::var_os("XLA_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/corpus/public"));
    if !dir.join("manifest.json").is_file() {
        eprintln!("note: no shared corpus at {}; skipped", dir.display());
        return;
    }
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
