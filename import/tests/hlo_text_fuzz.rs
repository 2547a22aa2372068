//! The reader never panics: corpus files mutated by truncation, byte edits, deletions,
//! duplications and token insertions either import (and verify) or fail with one
//! diagnostic located at `file:line:col` of the input. A few built-in modules are mutated
//! too, for forms the corpus lacks; without the corpus the test fails.

mod hlo_text_support;

use proptest::prelude::*;
use xla_import::hlo_text::parse_hlo_text;

/// Built-in modules, used with or without the corpus.
const BUILT_IN: &[&str] = &[
    "HloModule m, entry_computation_layout={(f32[2,3]{1,0}, s32[])->(f32[3,2]{0,1}, s32[])}

add { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b) }

ENTRY %main (x: f32[2,3], i: s32[]) -> (f32[3,2], s32[]) {
  %x = f32[2,3]{1,0} parameter(0)
  %i = s32[] parameter(1)
  %t = f32[3,2]{0,1} transpose(%x), dimensions={1,0}
  %z = f32[] constant(0)
  %r = f32[3] reduce(%t, %z), dimensions={1}, to_apply=add
  %c = f32[2,2] constant({ {1, 2}, {3, nan} }), metadata={op_name=\"c\"}
  %w = f32[1,2,2,1] reshape(%c)
  %v = f32[1,2,2,1] convolution(%w, %w), window={size=2x2 pad=1_0x1_0}, dim_labels=b01f_01io->b01f
  ROOT %tu = (f32[3,2]{0,1}, s32[]) tuple(%t, %i)
}
",
    "HloModule w

c { p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(10)
  ROOT lt = pred[] compare(i, n), direction=LT }

b { p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f32[4] get-tuple-element(p), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  ROOT t = (s32[], f32[4]) tuple(j, x) }

ENTRY e {
  x = f32[4] parameter(0)
  z = s32[] constant(0)
  w = (s32[], f32[4]) while((s32[], f32[4]) tuple(z, x)), condition=c, body=b
  ROOT r = f32[4] get-tuple-element(w), index=1
}
",
];

/// Small pieces of HLO syntax to insert.
const PIECES: &[&str] = &[
    "ROOT ", "tuple(", ")", "(", "{", "}", "{...}", "f32[]", "s32[2,3]{1,0}", "%x", ", ", "=", "nan(0x1)", "-inf", "\"", "/*", "[0:2]",
    "dimensions={0}", "to_apply=", "ENTRY ", "parameter(0)", "<=", "?", "->", "1e309", "18446744073709551616", "token[]", "(", "\n",
];

/// The texts to mutate, read once.
fn sources() -> &'static [String] {
    static SOURCES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SOURCES.get_or_init(read_sources)
}

fn read_sources() -> Vec<String> {
    let mut out: Vec<String> = BUILT_IN.iter().map(|s| s.to_string()).collect();
    let files = xla_testing::corpus_files(".hlo");
    out.extend(files.iter().map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))));
    out
}

/// One way of breaking a text.
#[derive(Clone, Debug)]
enum Mutation {
    Truncate(f64),
    Replace(f64, u8),
    Delete(f64, usize),
    Duplicate(f64, usize),
    Insert(f64, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    prop_oneof![
        at.clone().prop_map(Mutation::Truncate),
        (at.clone(), proptest::sample::select(b"{}()[],=%:\"-_x0123456789abfsuROOT.\n /*?<>".to_vec())).prop_map(|(a, b)| Mutation::Replace(a, b)),
        (at.clone(), 1..40usize).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (at.clone(), 1..60usize).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (at, 0..PIECES.len()).prop_map(|(a, i)| Mutation::Insert(a, i)),
    ]
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let pos = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
        match m {
            Mutation::Truncate(f) => {
                let p = pos(*f, bytes.len());
                bytes.truncate(p);
            }
            Mutation::Replace(f, b) => {
                let p = pos(*f, bytes.len());
                if p < bytes.len() {
                    bytes[p] = *b;
                }
            }
            Mutation::Delete(f, n) => {
                let p = pos(*f, bytes.len());
                let end = (p + n).min(bytes.len());
                bytes.drain(p..end);
            }
            Mutation::Duplicate(f, n) => {
                let p = pos(*f, bytes.len());
                let end = (p + n).min(bytes.len());
                let piece = bytes[p..end].to_vec();
                bytes.splice(p..p, piece);
            }
            Mutation::Insert(f, i) => {
                let p = pos(*f, bytes.len());
                bytes.splice(p..p, PIECES[*i].bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads `text`; a failure must be located in the input.
fn check(text: &str) -> Result<(), TestCaseError> {
    let ctx = hlo_text_support::context();
    match parse_hlo_text(&ctx, "fuzz.hlo", text) {
        Ok(module) => {
            prop_assert!(xla_ir::verifier::verify(&module.body, module.op).is_ok());
        }
        Err(d) => {
            let located = ctx.file_line_col(d.location);
            prop_assert!(located.is_some_and(|(file, _, _)| file == "fuzz.hlo"), "unlocated error: {}", d.render(&ctx));
            prop_assert!(d.render(&ctx).starts_with("fuzz.hlo:"));
        }
    }
    Ok(())
}

proptest! {
    // 256 cases each by default; `PROPTEST_CASES=100000` searches harder.
    #[test]
    fn mutated_modules_never_panic(index in any::<proptest::sample::Index>(), mutations in proptest::collection::vec(mutation(), 1..4)) {
        let sources = sources();
        let text = apply(&sources[index.index(sources.len())], &mutations);
        check(&text)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in "HloModule [a-z]{1,3}[ -~\n]{0,200}") {
        check(&text)?;
    }
}

#[test]
fn every_prefix_of_a_module_is_read_or_located() {
    for text in BUILT_IN {
        for end in (0..text.len()).step_by(7) {
            let ctx = hlo_text_support::context();
            if let Err(d) = parse_hlo_text(&ctx, "prefix.hlo", &text[..end]) {
                assert!(ctx.file_line_col(d.location).is_some(), "unlocated: {}", d.render(&ctx));
            }
        }
    }
}
