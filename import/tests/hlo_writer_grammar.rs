//! The grammar checker the writer's tests use (`hlo_writer_support/grammar.rs`) against
//! text XLA printed itself: every corpus file, unoptimized and optimized, must pass it; and
//! against text XLA would reject, which must fail it. This is what makes "the output
//! passes the checker" mean "XLA's parser reads it".

mod hlo_writer_support;

use hlo_writer_support::grammar::{check, lex, Tok};

#[test]
fn every_corpus_file_passes() {
    // The corpus lives beside the repository; the test fails without it.
    let files = xla_testing::corpus_files(".hlo");
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a readable corpus file");
        if let Err(e) = check(&text) {
            panic!("{}: {e}", path.display());
        }
    }
    assert!(files.len() >= 25, "expected the corpus's HLO files, found {}", files.len());
}

#[test]
fn tokens_lex_as_xla_lexes_them() {
    let toks = lex("x.1 = f32[<=8,?]{0,1} convolution(a, b), window={size=3x3 pad=1_1x-1_0}, dim_labels=b01f_01io->b01f, c=-inf, d=nan(0x1f), e=1e-05, f=\"s\\\"\"").expect("lexes");
    let expected = [
        Tok::Ident("x.1".into()),
        Tok::Equal,
        Tok::PrimitiveType("f32".into()),
        Tok::LSquare,
        Tok::Leq,
        Tok::Int("8".into()),
        Tok::Comma,
        Tok::Question,
        Tok::RSquare,
    ];
    assert_eq!(&toks[..expected.len()], &expected);
    assert!(toks.contains(&Tok::DxD("3x3".into())));
    assert!(toks.contains(&Tok::Pad("1_1x-1_0".into())));
    assert!(toks.contains(&Tok::DimLabels("b01f_01io->b01f".into())));
    assert!(toks.contains(&Tok::NegInf));
    assert!(toks.contains(&Tok::Decimal("nan".into())));
    assert!(toks.contains(&Tok::Decimal("1e-05".into())));
    assert!(toks.contains(&Tok::Str("s\\\"".into())));
    assert!(lex("x = f32[] constant(1e)").is_ok(), "`1e` lexes as an int then an identifier");
    assert!(lex("x = f32[] $").is_err());
}

#[test]
fn what_xla_rejects_fails() {
    let header = "HloModule m, entry_computation_layout={(f32[])->f32[]}\n\n";
    let bad = [
        ("ENTRY e {\n  x.1 = f32[] parameter(0)\n  ROOT y.2 = f32[] frobnicate(x.1)\n}\n", "unknown opcode"),
        ("ENTRY e {\n  ROOT y.2 = f32[] negate(x.1)\n}\n", "not defined before it"),
        ("ENTRY e {\n  x.1 = f32[] parameter(0)\n  ROOT y.2 = f32[] negate(x.1), dimensions={0}\n}\n", "takes no attribute"),
        ("ENTRY e {\n  x.1 = f32[] parameter(0)\n  ROOT y.2 = f32[] call(x.1), to_apply=f\n}\n", "not defined before it"),
        ("ENTRY e {\n  x.1 = f32[] parameter(0)\n  ROOT y.2 = f32[] reduce(x.1, x.1), dimensions={}\n}\n", "requires attribute to_apply"),
        ("ENTRY e {\n  ROOT x.1 = f32[ parameter(0)\n}\n", "dimension"),
        ("e {\n  ROOT x.1 = f32[] parameter(0)\n}\n", "exactly one ENTRY"),
        ("ENTRY e {\n  ROOT x.1 = f32[] parameter(0)\n  ROOT y.2 = f32[] negate(x.1)\n}\n", "2 ROOTs"),
        ("ENTRY e {\n  x.1 = f32[] parameter(0)\n  x.1 = f32[] negate(x.1)\n}\n", "defined twice"),
        ("ENTRY e {\n  x.1 = f32[] constant(foo)\n}\n", "in a literal"),
    ];
    for (body, why) in bad {
        let text = format!("{header}{body}");
        match check(&text) {
            Ok(()) => panic!("accepted:\n{text}"),
            Err(e) => assert!(e.contains(why), "{e:?} does not say {why:?}"),
        }
    }
}
