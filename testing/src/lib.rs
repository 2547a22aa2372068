//! What the test suites of several crates share about data kept outside the repository:
//! where the shared benchmark corpus (25 JAX programs with XLA CPU's outputs) is.
//!
//! Invariant: a test that needs the corpus never passes without it. CI always has the
//! corpus beside its clone, so a missing corpus is a broken set-up, and [`corpus_dir`]
//! panics with what to do instead of letting the test return early as if it had passed.

use std::path::{Path, PathBuf};

/// The repository root (this crate is one of its top-level folders).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("testing/ has a parent").to_path_buf()
}

/// Where the shared corpus is looked for: `$XLA_CORPUS_DIR`, else `corpus/public` of the
/// `shared/` folder beside the checkout.
pub fn corpus_location() -> PathBuf {
    match std::env::var_os("XLA_CORPUS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => repo_root().join("../shared/corpus/public"),
    }
}

/// The shared corpus directory (the one holding its `manifest.json`).
///
/// # Panics
/// When there is no corpus there: the tests that call this must not pass without it.
pub fn corpus_dir() -> PathBuf {
    let dir = corpus_location();
    if !dir.join("manifest.json").is_file() {
        panic!(
            "the shared benchmark corpus is missing: no manifest.json in {}; put the shared/ folder beside the checkout, or set XLA_CORPUS_DIR to its corpus/public",
            dir.display()
        );
    }
    dir
}

/// The corpus files whose names end in `suffix`, sorted by name.
///
/// # Panics
/// Without a corpus, or when its directory cannot be read.
pub fn corpus_files(suffix: &str) -> Vec<PathBuf> {
    let dir = corpus_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(suffix)))
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_there() {
        assert!(corpus_dir().join("manifest.json").is_file());
        assert!(corpus_files(".stablehlo.mlir").len() >= 25);
    }
}
