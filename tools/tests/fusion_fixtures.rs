//! `fusion` never changes results: every fixture (both texts) is interpreted before and
//! after `fusion` and the results compared bit for bit (the interpreter runs a fusion's
//! region, the very ops that were outside it). The test also counts the fusions of each
//! kind the fixtures get, and requires some of each.

#[allow(dead_code)]
mod support;

use support::{manifest, repo_root};
use xla_interp::closeness::Tolerance;
use xla_tools::opt::OptConfig;
use xla_tools::run::{run, RunConfig};

/// Runs `pipeline` on `text`: the printed module.
fn opt(name: &str, text: &str, pipeline: &str) -> String {
    let config = OptConfig { input_name: name.to_string(), pipeline: Some(pipeline.to_string()), verify_each: true, ..OptConfig::default() };
    let output = xla_tools::opt::run(&config, text);
    assert!(output.success, "{name}: {pipeline} failed:\n{}", output.stderr);
    output.stdout
}

#[test]
fn fusion_keeps_every_fixture_result() {
    let dir = repo_root().join("fixtures");
    let scratch = std::env::temp_dir().join(format!("xla-fusion-fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let mut failures = Vec::new();
    let mut runs = 0;
    let mut kinds = [0usize; 4];
    for fixture in manifest(&dir) {
        for form in ["stablehlo.mlir", "hlo"] {
            let program = dir.join(format!("{}.{form}", fixture.name));
            let Ok(text) = std::fs::read_to_string(&program) else { continue };
            let name = program.display().to_string();
            let original = opt(&name, &text, "builtin.module(canonicalize)");
            let fused = opt(&name, &original, "builtin.module(fusion)");
            for (i, kind) in ["kind = loop", "kind = input", "kind = output"].iter().enumerate() {
                kinds[i] += fused.matches(kind).count();
            }
            kinds[3] += fused.lines().filter_map(|l| l.split_once(" = hlo.fusion")).filter(|(lhs, _)| lhs.contains(':')).count();
            let expected = scratch.join(format!("{}.{}.npz", fixture.name, form.replace('.', "_")));
            let mut config = RunConfig::new(&name);
            config.interpret = true;
            config.inputs = vec![dir.join(format!("{}.inputs.npz", fixture.name))];
            config.output = Some(expected.clone());
            let before = run(&config, &original);
            if !before.success {
                failures.push(format!("{name} does not run before fusion:\n{}", before.stderr));
                continue;
            }
            config.output = None;
            config.check = Some(expected);
            config.tolerance = Tolerance::EXACT;
            let after = run(&config, &fused);
            runs += 1;
            if !after.success {
                failures.push(format!("{name} after fusion:\n{}\n{fused}", after.stderr));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("fusion over {runs} fixture texts: {} loop, {} input, {} output fusions, {} with several results", kinds[0], kinds[1], kinds[2], kinds[3]);
    assert!(runs >= 2 * 67, "only {runs} fixture runs");
    assert!(failures.is_empty(), "{} of {runs} runs differ:\n{}", failures.len(), failures.join("\n"));
    assert!(kinds[0] > 0 && kinds[1] > 0, "the fixtures should get loop and input fusions: {kinds:?}");
}
