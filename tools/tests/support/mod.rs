//! What the tool tests share: where the fixtures are, their manifests and the float
//! tolerance each fixture's outputs are compared with; [`differential`] runs a program
//! compiled and interpreted.
//!
//! Tolerance: integers, predicates and fixtures whose manifest tolerance is 0 must be
//! bit-exact. A float must be within a number of units in the last place of its format,
//! the manifest's relative tolerance `rtol` expressed in ulps of the fixture's
//! widest-precision float output (`rtol / 2^-23` for f32, so `rtol = 1e-4` allows 839
//! ulps), or within `atol + rtol * rms(expected array)` (the manifest's absolute
//! tolerance, plus the norm-wise term of `xla_interp::closeness`). XLA CPU sums dot
//! products and reductions in `f32`, in its own order, and computes transcendentals with
//! its own polynomials: a matmul's element that cancels to 0.007 from terms of magnitude
//! 16 differs from another summation order's by 1.4e-5, far beyond its own ulps but a
//! millionth of the array's scale.

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

pub mod differential;

use std::path::{Path, PathBuf};

use xla_interp::closeness::Tolerance;

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tools/ has a parent").to_path_buf()
}

/// The shared benchmark corpus (`../shared/corpus/public`, or `$XLA_CORPUS_DIR`), when
/// this checkout has one beside it.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("XLA_CORPUS_DIR").map(PathBuf::from).unwrap_or_else(|| repo_root().join("../shared/corpus/public"));
    dir.join("manifest.json").is_file().then_some(dir)
}

/// One fixture of a manifest: its name and float tolerance.
pub struct Fixture {
    pub name: String,
    pub tolerance: Tolerance,
}

/// The fixtures of `dir/manifest.json`.
pub fn manifest(dir: &Path) -> Vec<Fixture> {
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
