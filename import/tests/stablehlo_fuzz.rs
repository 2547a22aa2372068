//! The StableHLO reader never panics: corpus programs and a few inline ones (the test fails
//! without the corpus) are mutated (truncated, bytes replaced, ranges deleted, lines swapped or repeated)
//! and imported; every outcome is a module or one diagnostic with a `file:line:col`.
//! `PROPTEST_CASES` sets the number of cases per property (256 by default).

mod support;

use proptest::prelude::*;
use xla_import::stablehlo::parse_stablehlo;

/// Seeds: the corpus's StableHLO files when present, plus inline programs covering the
/// forms the corpus lacks.
fn seeds() -> Vec<String> {
    let mut seeds = vec![
        support::func(
            "%x: tensor<4x8xf32>, %c: tensor<f32>, %p: tensor<i1>",
            "tensor<4xf32>",
            "    %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = \"stablehlo.if\"(%p) ({
      stablehlo.return %0 : tensor<4xf32>
    }, {
      %2 = chlo.lgamma %0 : tensor<4xf32> -> tensor<4xf32>
      stablehlo.return %2 : tensor<4xf32>
    }) : (tensor<i1>) -> tensor<4xf32>
    %3 = stablehlo.convolution(%x, %x) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %1 : tensor<4xf32>",
        ),
    ];
    let files = xla_testing::corpus_files(".stablehlo.mlir");
    seeds.extend(files.iter().map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))));
    seeds
}

/// Imports `text`; an error must be located in the input.
fn check(text: &str) {
    let ctx = support::context();
    if let Err(d) = parse_stablehlo(&ctx, "fuzz.mlir", text) {
        let located = ctx.file_line_col(d.location).is_some();
        assert!(located, "unlocated diagnostic: {}", d.message);
    }
}

/// Cuts `s` at the char boundary at or before `at`.
fn floor_boundary(s: &str, mut at: usize) -> usize {
    at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

const INTERESTING: &[u8] = b"%,:()[]{}<>=x0123456789-\"#!@^ \nabfio.";

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256), ..ProptestConfig::default() })]

    #[test]
    fn truncations_never_panic(seed in any::<prop::sample::Index>(), at in any::<prop::sample::Index>()) {
        let seeds = seeds();
        let text = seed.get(&seeds);
        let cut = floor_boundary(text, at.index(text.len() + 1));
        check(&text[..cut]);
    }

    #[test]
    fn replaced_bytes_never_panic(seed in any::<prop::sample::Index>(), edits in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..4)) {
        let seeds = seeds();
        let mut bytes = seed.get(&seeds).as_bytes().to_vec();
        for (at, with) in edits {
            if bytes.is_empty() { break; }
            let i = at.index(bytes.len());
            bytes[i] = *with.get(INTERESTING);
        }
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn deleted_ranges_never_panic(seed in any::<prop::sample::Index>(), start in any::<prop::sample::Index>(), len in 1usize..40) {
        let seeds = seeds();
        let text = seed.get(&seeds);
        let a = floor_boundary(text, start.index(text.len() + 1));
        let b = floor_boundary(text, a + len);
        check(&format!("{}{}", &text[..a], &text[b..]));
    }

    #[test]
    fn swapped_and_repeated_lines_never_panic(seed in any::<prop::sample::Index>(), i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>(), repeat in any::<bool>()) {
        let seeds = seeds();
        let mut lines: Vec<&str> = seed.get(&seeds).lines().collect();
        if !lines.is_empty() {
            let (a, b) = (i.index(lines.len()), j.index(lines.len()));
            if repeat { let l = lines[a]; lines.insert(b, l); } else { lines.swap(a, b); }
        }
        check(&lines.join("\n"));
    }

    #[test]
    fn changed_numbers_never_panic(seed in any::<prop::sample::Index>(), edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..10), 1..6)) {
        // Digits only: the text stays well formed, so shapes, dimension numbers and
        // attribute values change and the converters and verifiers see odd but parsable IR.
        let seeds = seeds();
        let mut bytes = seed.get(&seeds).as_bytes().to_vec();
        let digits: Vec<usize> = (0..bytes.len()).filter(|i| bytes[*i].is_ascii_digit()).collect();
        if !digits.is_empty() {
            for (at, digit) in edits {
                bytes[*at.get(&digits)] = b'0' + digit;
            }
        }
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn swapped_op_names_never_panic(seed in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), name in any::<prop::sample::Index>()) {
        // Every hook meets every other op's syntax.
        let seeds = seeds();
        let text = seed.get(&seeds);
        let names = op_names();
        let positions: Vec<usize> = text.match_indices("stablehlo.").map(|(i, _)| i).chain(text.match_indices("chlo.").map(|(i, _)| i)).collect();
        if !positions.is_empty() {
            let start = *at.get(&positions);
            let end = start + text[start..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_')).unwrap_or(text.len() - start);
            check(&format!("{}{}{}", &text[..start], name.get(&names), &text[end..]));
        }
    }
}

/// Every op name of the reader's dialects.
fn op_names() -> Vec<String> {
    let ctx = support::context();
    ["stablehlo", "chlo"]
        .iter()
        .filter_map(|d| ctx.dialect(d))
        .flat_map(|d| d.ops.iter().map(|o| o.name.to_string()))
        .collect()
}
