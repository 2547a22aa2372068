//! What the test suites of several crates share: where the shared benchmark corpus (25
//! JAX programs with XLA CPU's outputs, kept outside the repository) is, and a small
//! seeded generator for deterministic mutation and property tests ([`SplitMix64`]).
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

/// SplitMix64, a small deterministic random generator: the same seed gives the same
/// numbers on every machine, so a failing mutation test names its case by its seed.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_there() {
        assert!(corpus_dir().join("manifest.json").is_file());
        assert!(corpus_files(".stablehlo.mlir").len() >= 25);
    }

    #[test]
    fn splitmix64_is_deterministic_and_in_range() {
        let (mut a, mut b) = (SplitMix64(42), SplitMix64(42));
        let firsts: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        assert_eq!(firsts, (0..4).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(firsts[0], firsts[1]);
        assert!((0..1000).all(|_| a.below(7) < 7));
        assert_eq!(a.below(0), 0);
    }
}
