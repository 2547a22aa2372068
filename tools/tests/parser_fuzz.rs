//! Robustness of the parser and verifier: inputs derived from every lit test file
//! (truncations, byte mutations, spliced lines) and random bytes never panic, and every
//! rejection is a diagnostic located at `file:line:col`.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::Context;

fn lit_sources() -> Vec<String> {
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    collect(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests"), &mut files);
    files.sort();
    let mut chunks: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .flat_map(|text| text.split("// -----").map(str::to_string).collect::<Vec<_>>())
        .collect();
    // Seeds that do not depend on the lit tests existing.
    chunks.push("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = hlo.add %a, %a : tensor<2xf32>\n  func.return %0 : tensor<2xf32>\n}\n".into());
    chunks.push("\"t.a\"() {d = dense<[[1.0, 2.0]]> : tensor<1x2xf32>, x = array<i64: 1>} : () -> () loc(\"f\":1:2)\n".into());
    chunks
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// Whether a rendered diagnostic starts with `file:line:col: severity:`, or with `loc(...)`
/// for a location the input itself gave without a file.
fn is_located(rendered: &str) -> bool {
    let header = rendered.lines().next().unwrap_or("");
    if header.starts_with("loc(") {
        return true;
    }
    let Some((place, _)) = header.split_once(": error: ") else { return false };
    let mut parts = place.rsplitn(3, ':');
    let col = parts.next().is_some_and(|c| c.parse::<u32>().is_ok());
    let line = parts.next().is_some_and(|l| l.parse::<u32>().is_ok());
    col && line && parts.next().is_some_and(|f| !f.is_empty())
}

/// Parses, verifies and prints `text`; every error must be located.
fn check(ctx: &Context, text: &str) -> Result<(), TestCaseError> {
    match parse_source(ctx, "fuzz.mlir", text, 1) {
        Ok(module) => {
            if let Err(errors) = verify(&module.body, module.op) {
                for e in errors {
                    let rendered = e.render(ctx);
                    prop_assert!(is_located(&rendered), "unlocated: {rendered}");
                }
            } else {
                let printed = print_op(&module.body, module.op, &PrintOptions::default());
                prop_assert!(parse_source(ctx, "printed.mlir", &printed, 1).is_ok(), "printed IR does not parse:\n{printed}");
            }
        }
        Err(e) => {
            let rendered = e.render(ctx);
            prop_assert!(rendered.starts_with("fuzz.mlir:") && is_located(&rendered), "unlocated: {rendered}");
        }
    }
    Ok(())
}

fn truncate_at_char(s: &str, at: usize) -> &str {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    &s[..at]
}

proptest! {
    // 600 cases per property by default; `PROPTEST_CASES=N` runs more.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(600),
        ..ProptestConfig::default()
    })]

    #[test]
    fn truncations_never_panic(index in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let sources = lit_sources();
        let src = &sources[index.index(sources.len())];
        let ctx = context();
        check(&ctx, truncate_at_char(src, cut.index(src.len() + 1)))?;
    }

    #[test]
    fn mutations_never_panic(
        index in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let sources = lit_sources();
        let mut bytes = sources[index.index(sources.len())].clone().into_bytes();
        for (at, byte) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            // Mostly printable bytes and MLIR punctuation, sometimes anything.
            const ALPHABET: &[u8] = b"%^@#!<>()[]{}:,=-x?\"0123456789abcdefi \n";
            bytes[i] = if byte < 200 { ALPHABET[byte as usize % ALPHABET.len()] } else { byte };
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let ctx = context();
        check(&ctx, &text)?;
    }

    #[test]
    fn spliced_lines_never_panic(a in any::<prop::sample::Index>(), b in any::<prop::sample::Index>(), seed in any::<u64>()) {
        let sources = lit_sources();
        let x: Vec<&str> = sources[a.index(sources.len())].lines().collect();
        let y: Vec<&str> = sources[b.index(sources.len())].lines().collect();
        let mut lines = x.clone();
        if !y.is_empty() && !lines.is_empty() {
            let at = (seed as usize) % lines.len();
            lines.insert(at, y[(seed >> 32) as usize % y.len()]);
            lines.remove((seed >> 16) as usize % lines.len());
        }
        let ctx = context();
        check(&ctx, &lines.join("\n"))?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let ctx = context();
        check(&ctx, &String::from_utf8_lossy(&bytes))?;
    }
}
