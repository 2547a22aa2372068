//! Invalid HLO text: every error is one diagnostic at `file:line:col`, rendered with the
//! source line and a caret, saying what was expected and what was found.

mod hlo_text_support;

use hlo_text_support::{entry, err};

/// Asserts the whole rendered diagnostic (header, source line, caret).
#[track_caller]
fn assert_diagnostic(text: &str, expected: &str) {
    let rendered = err(text);
    assert!(rendered.starts_with(expected), "expected\n{expected}\nfound\n{rendered}");
}

#[test]
fn truncated_files() {
    assert_diagnostic("", "test.hlo:1:1: error: expected 'HloModule' at the start of HLO text, found end of file\n");
    assert_diagnostic("HloModule m\n", "test.hlo:2:1: error: expected a computation, found end of file\n");
    assert_diagnostic(
        "HloModule m\n\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(p",
        "test.hlo:5:27: error: expected ',' or ')' after an operand, found end of file\n",
    );
    assert_diagnostic(
        "HloModule m\n\nENTRY e {\n  p = f32[2] parameter(0)\n",
        "test.hlo:5:1: error: expected '}' to end computation 'e', found end of file\n",
    );
    assert_diagnostic(
        "HloModule m\n\nENTRY e {\n  ROOT p = f32[2",
        "test.hlo:4:17: error: expected ',' or ']' in the dimensions, found end of file\n",
    );
    assert_diagnostic(
        "HloModule m\n\nENTRY e {\n  ROOT s = f32[] constant(\"abc)\n}\n",
        "test.hlo:4:27: error: found an unterminated string in the operand of 'constant'\n",
    );
}

#[test]
fn unknown_and_unsupported_opcodes() {
    assert_diagnostic(
        &entry("  p = f32[2] parameter(0)\n  ROOT r = f32[2] frobnicate(p)"),
        "test.hlo:5:19: error: unknown HLO opcode 'frobnicate'\n  ROOT r = f32[2] frobnicate(p)\n                  ^\n",
    );
    assert_diagnostic(
        &entry("  p = s32[2] parameter(0)\n  ROOT r = s32[2] ragged-all-to-all(p)"),
        "test.hlo:5:19: error: HLO opcode 'ragged-all-to-all' has no counterpart in the hlo dialect\n",
    );
    assert_diagnostic(
        &entry("  p = f32[2] parameter(0)\n  ROOT r = f32[2] cosh(p)"),
        "test.hlo:5:19: error: HLO opcode 'cosh' has no counterpart in the hlo dialect\n",
    );
}

#[test]
fn bad_shapes() {
    assert_diagnostic(
        &entry("  ROOT p = f33[2] parameter(0)"),
        "test.hlo:4:12: error: expected an opcode followed by '(', found 'f33'\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[2,-3] parameter(0)"),
        "test.hlo:4:18: error: a dimension size must not be negative, found -3\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[2,x] parameter(0)"),
        "test.hlo:4:18: error: expected a dimension size, '?' or '<=N', found 'x'\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[4294967296,4294967296,4294967296] parameter(0)"),
        "test.hlo:4:12: error: the shape f32[4294967296,4294967296,4294967296] is too large: the product of its dimension sizes overflows i64\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[9223372036854775807,4] parameter(0)"),
        "test.hlo:4:12: error: the shape f32[9223372036854775807,4] is too large: the product of its dimension sizes overflows i64\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[0,4294967296,4294967296] parameter(0)"),
        "test.hlo:4:12: error: the shape f32[0,4294967296,4294967296] is too large: the product of its dimension sizes overflows i64\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = f32[<=4611686018427387904] parameter(0)"),
        "test.hlo:4:12: error: the shape f32[<=4611686018427387904] is too large: its size in bytes overflows i64\n",
    );
    assert_diagnostic(
        "HloModule m, entry_computation_layout={(f32[2,3]{0,0})->f32[2,3]{1,0}}\n\nENTRY e {\n  ROOT p = f32[2,3] parameter(0)\n}\n",
        "test.hlo:1:41: error: layout minor_to_major [0, 0] is not a permutation of the dimensions 0..2\n",
    );
    assert_diagnostic(
        &entry("  ROOT p = (f32[2], s32[] parameter(0)"),
        "test.hlo:4:27: error: expected ',' or ')' in a tuple shape, found 'parameter'\n",
    );
}

#[test]
fn wrong_operand_counts() {
    assert_diagnostic(
        &entry("  p = f32[2] parameter(0)\n  ROOT r = f32[2] add(p)"),
        "test.hlo:5:22: error: 'add' takes 2 operands, found 1\n  ROOT r = f32[2] add(p)\n                     ^\n",
    );
    assert_diagnostic(
        &entry("  p = f32[2] parameter(0)\n  ROOT r = f32[2] negate(p, p)"),
        "test.hlo:5:25: error: 'negate' takes 1 operand, found 2\n",
    );
    assert_diagnostic(
        &entry("  p = f32[2] parameter(0)\n  z = f32[] constant(0)\n  ROOT r = f32[] reduce(p, z, z), dimensions={0}, to_apply=e"),
        "test.hlo:6:24: error: 'reduce' takes an even, non-zero number of operands, found 3\n",
    );
}

#[test]
fn names_and_references() {
    assert_diagnostic(
        &entry("  ROOT r = f32[2] negate(q)"),
        "test.hlo:4:26: error: use of undefined instruction 'q'\n",
    );
    let duplicate = err(&entry("  p = f32[2] parameter(0)\n  p = f32[2] negate(p)\n  ROOT r = f32[2] negate(p)"));
    assert!(duplicate.starts_with("test.hlo:5:3: error: instruction 'p' is defined twice\n"), "{duplicate}");
    assert!(duplicate.contains("test.hlo:4:3: note: first defined here\n"), "{duplicate}");
    assert_diagnostic(
        &entry("  a = f32[2] negate(b)\n  ROOT b = f32[2] negate(a)"),
        "test.hlo:5:26: error: instruction 'b' depends on itself through operand 'a'\n",
    );
    assert_diagnostic(
        &entry("  p = f32[] parameter(0)\n  ROOT c = f32[] call(p), to_apply=nowhere"),
        "test.hlo:5:36: error: computation 'nowhere' does not exist\n",
    );
    assert_diagnostic(
        "HloModule m\n\nf {\n  p = f32[] parameter(0)\n  ROOT c = f32[] call(p), to_apply=f\n}\n\nENTRY e {\n  p = f32[] parameter(0)\n  ROOT c = f32[] map(p), to_apply=f\n}\n",
        "test.hlo:5:36: error: computation 'f' is called recursively; HLO has no recursion\n",
    );
    assert_diagnostic(
        &entry("  p = f32[] parameter(0)\n  q = f32[] parameter(2)\n  ROOT r = f32[] add(p, q)"),
        "test.hlo:5:3: error: parameter numbers of computation 'main' must be 0, 1, ...; parameter 1 is missing\n",
    );
}

#[test]
fn attributes() {
    assert_diagnostic(
        &entry("  p = f32[2,3] parameter(0)\n  ROOT t = f32[3,2] transpose(p)"),
        "test.hlo:5:21: error: 'transpose' needs attribute 'dimensions'\n",
    );
    assert_diagnostic(
        &entry("  p = f32[2,3] parameter(0)\n  ROOT t = f32[3,2] transpose(p), dimensions={1;0}"),
        "test.hlo:5:48: error: found invalid character ';' in the value of attribute 'dimensions'\n",
    );
    assert_diagnostic(
        &entry("  p = f32[2,3] parameter(0)\n  ROOT t = f32[3,2] transpose(p), dimensions"),
        "test.hlo:6:1: error: expected '=' after attribute 'dimensions', found '}'\n",
    );
    assert_diagnostic(
        &entry("  x = f32[1,4,4,1] parameter(0)\n  ROOT c = f32[1,4,4,1] convolution(x, x), window={size=3x3}, dim_labels=b01f_01io->b0f"),
        "test.hlo:5:74: error: expected dimension labels like 'b01f_01io->b01f', found 'b01f_01io->b0f': the input, kernel and output have 2, 2 and 1 spatial dimensions\n",
    );
}

#[test]
fn shapes_that_disagree_with_the_ops_are_verifier_errors_at_the_instruction() {
    assert_diagnostic(
        &entry("  a = f32[2] parameter(0)\n  b = f32[3] parameter(1)\n  ROOT r = f32[2] add(a, b)"),
        "test.hlo:6:8: error: 'hlo.add' op ",
    );
    assert_diagnostic(
        &entry("  a = f32[2] parameter(0)\n  ROOT r = f32[3] get-tuple-element(a), index=0"),
        "test.hlo:5:8: error: get-tuple-element of a value that is not a tuple (tensor<2xf32>)\n",
    );
    assert_diagnostic(
        &entry("  a = (f32[2], s32[]) parameter(0)\n  ROOT r = f32[3] get-tuple-element(a), index=0"),
        "test.hlo:5:8: error: 'get-tuple-element' gives a value of type tensor<2xf32>, but the instruction's shape is f32[3]\n",
    );
}
