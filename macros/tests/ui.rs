//! Compile tests of `#[op]`: declarations that must expand and run (`ui/pass`), and
//! mistakes whose errors must point at the offending token (`ui/fail`, with the expected
//! compiler output in `.stderr`; refresh with `TRYBUILD=overwrite` and review the diff).

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass/*.rs");
    cases.compile_fail("tests/ui/fail/*.rs");
}
