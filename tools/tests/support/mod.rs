//! What the tool tests share: where the fixtures are, their manifests and the float
//! tolerance each fixture's outputs are compared with; [`differential`] runs a program
//! compiled and interpreted.
//!
//! Tolerance: integers, predicates and fixtures whose manifest tolerance is 0 must be
//! bit-exact. A float must be within a number of units in the last place of its own
//! output's format, the manifest's relative tolerance `rtol` expressed in ulps of that
//! format (`floor(rtol / 2^-23)` for f32, so `rtol = 1e-4` allows 838 ulps, and one of bf16),
//! or within the absolute floor `atol + rtol * min(rms(expected array), 64 |expected|)`
//! (the manifest's absolute tolerance, plus the bounded norm-wise term of
//! `xla_interp::closeness`). XLA CPU sums dot
//! products and reductions in `f32`, in its own order, and computes transcendentals with
//! its own polynomials: a matmul's element that cancels to 0.007 from terms of magnitude
//! 16 differs from another summation order's by 1.4e-5, far beyond its own ulps but a
//! millionth of the array's scale.
//!
//! Negative control: every run that matches also checks that its results fail against
//! each expected array perturbed by a relative error of `1e-3` (`1e-2` for 16-bit
//! formats), so that no tolerance accepts any value ([`perturbed_expectations_fail`]).

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

pub mod differential;

use std::path::{Path, PathBuf};

use xla_interp::arrays::read_npz;
use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{ElementType, Literal};
use xla_ir::{float_format, FloatKind, Scalar};

#[allow(unused_imports)] // Each test binary uses a part of the module.
pub use xla_testing::{corpus_dir, repo_root};

/// One fixture of a manifest: its name, float tolerance and output element types.
pub struct Fixture {
    pub name: String,
    pub tolerance: Tolerance,
    /// The element type of each output, from the manifest's NumPy dtypes.
    pub outputs: Vec<ElementType>,
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
            let outputs = entry["outputs"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|output| {
                    let dtype = output["dtype"].as_str().expect("every output has a dtype");
                    element_type(dtype).unwrap_or_else(|| panic!("{name}: unknown dtype {dtype}"))
                })
                .collect();
            Fixture { name, tolerance: Tolerance::relative(rtol, atol), outputs }
        })
        .collect()
}

/// The element type of a NumPy dtype name as the manifests spell them.
fn element_type(dtype: &str) -> Option<ElementType> {
    let int = |bits, signed| ElementType::Int { bits, signed };
    Some(match dtype {
        "bool" => ElementType::Pred,
        "int8" => int(8, true),
        "int16" => int(16, true),
        "int32" => int(32, true),
        "int64" => int(64, true),
        "uint8" => int(8, false),
        "uint16" => int(16, false),
        "uint32" => int(32, false),
        "uint64" => int(64, false),
        "float16" => ElementType::Float(FloatKind::F16),
        "bfloat16" => ElementType::Float(FloatKind::BF16),
        "float32" => ElementType::F32,
        "float64" => ElementType::F64,
        "complex64" => ElementType::Complex(FloatKind::F32),
        "complex128" => ElementType::Complex(FloatKind::F64),
        _ => return None,
    })
}

/// The relative error the fixture checks must detect in a float output: `1e-2` of a 16-bit
/// format, `1e-3` of wider ones.
fn detectable_error(kind: FloatKind) -> f64 {
    if kind.bit_width() <= 16 { 1e-2 } else { 1e-3 }
}

/// `expected` with every float element (complex: both parts) multiplied by one plus the
/// format's detectable error and rounded to the format, integers plus one; an array of
/// zeros gets the error added instead.
fn perturbed(expected: &Literal) -> Literal {
    let element = expected.element;
    let all_zero = (0..expected.len()).all(|i| matches!(expected.get(i), Scalar::Float(x) if x == 0.0) || expected.get(i) == Scalar::Complex(0.0, 0.0));
    let shift = |kind: FloatKind, x: f64| {
        let error = detectable_error(kind);
        let moved = if all_zero { x + error } else { x * (1.0 + error) };
        float_format::decode(kind, float_format::encode(kind, moved))
    };
    Literal::from_fn(element, expected.shape.clone(), |i| match (element, expected.get(i)) {
        (ElementType::Float(kind), Scalar::Float(x)) => Scalar::Float(shift(kind, x)),
        (ElementType::Complex(kind), Scalar::Complex(re, im)) => Scalar::Complex(shift(kind, re), shift(kind, im)),
        (ElementType::Pred, Scalar::Int(v)) => Scalar::Int(1 - v),
        (_, Scalar::Int(v)) => Scalar::Int(if v == 0 { 1 } else { v - v.signum() }),
        (_, other) => other,
    })
}

/// The negative control of a fixture check: with each output's expected array perturbed
/// in turn ([`perturbed`]), comparing the results a run wrote to `results` with the
/// fixture's tolerance must fail. Returns how many outputs were checked (empty outputs
/// cannot be perturbed), or which perturbed output was accepted.
pub fn perturbed_expectations_fail(fixture: &Fixture, results: &Path, expected: &Path) -> Result<usize, String> {
    let actual = read_npz(results, &fixture.outputs)?;
    let wanted = read_npz(expected, &fixture.outputs)?;
    if actual.len() != wanted.len() {
        return Err(format!("{} results, {} expected arrays", actual.len(), wanted.len()));
    }
    let mut checked = 0;
    for (i, ((_, got), (name, want))) in actual.iter().zip(&wanted).enumerate() {
        if want.is_empty() {
            continue;
        }
        if compare(got, want, fixture.tolerance).is_err() {
            return Err(format!("output {i} ('{name}') does not match even unperturbed"));
        }
        if compare(got, &perturbed(want), fixture.tolerance).is_ok() {
            return Err(format!("output {i} ('{name}', {:?}) still matches with its expected array perturbed: the check cannot fail", want.element));
        }
        checked += 1;
    }
    Ok(checked)
}

/// A path for a temporary file of this test process, ending in `name`: unique to the call,
/// since the tests of one binary run in parallel threads and may ask for the same name.
pub fn temp_path(name: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("xla-tools-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary directory can be made");
    dir.join(format!("{call}-{name}"))
}
