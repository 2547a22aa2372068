//! Writes a module holding every op of docs/ops.md (every registered `hlo` and `check` op,
//! in `hlo_writer_inputs/all_ops.mlir`) and checks that the text passes XLA's grammar and
//! spells each op with the opcode XLA gives it. Registering an op without adding it to the
//! module fails this test, so the writer keeps up with the dialect.

mod hlo_writer_support;

use hlo_writer_support::{context, write};

const ALL_OPS: &str = include_str!("hlo_writer_inputs/all_ops.mlir");

/// The registered ops HLO text has no spelling of, which the writer refuses with a located
/// error: `check.expect_serialized_eq` compares with the interpreter's probes.
const NO_HLO_FORM: &[&str] = &["check.expect_serialized_eq"];

#[test]
fn the_module_covers_every_registered_op() {
    let ctx = context();
    let missing: Vec<&str> = ctx
        .registered_ops()
        .iter()
        .map(|def| def.name)
        .filter(|name| (name.starts_with("hlo.") || name.starts_with("check.")) && !NO_HLO_FORM.contains(name))
        .filter(|name| !ALL_OPS.contains(&format!("{name} ")) && !ALL_OPS.contains(&format!("{name}(")) && !ALL_OPS.contains(&format!("{name}:")))
        .collect();
    assert!(missing.is_empty(), "all_ops.mlir does not use {missing:?}");
}

#[test]
fn every_op_is_written_with_its_xla_opcode() {
    let text = write(ALL_OPS);
    let opcodes = [
        "abs", "ceil", "floor", "cosine", "sine", "tan", "tanh", "exponential", "exponential-minus-one", "log",
        "log-plus-one", "logistic", "negate", "round-nearest-afz", "round-nearest-even", "rsqrt", "sqrt", "cbrt", "sign",
        "erf", "not", "popcnt", "count-leading-zeros", "real", "imag", "is-finite", "complex", "add", "subtract",
        "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2", "and", "or", "xor", "shift-left",
        "shift-right-arithmetic", "shift-right-logical", "compare", "select", "clamp", "convert", "bitcast-convert",
        "reduce-precision", "iota", "constant", "map", "broadcast", "reshape", "transpose", "copy", "bitcast", "concatenate", "slice",
        "dynamic-slice", "dynamic-update-slice", "pad", "reverse", "get-dimension-size", "set-dimension-size", "gather",
        "scatter", "sort", "tuple", "get-tuple-element", "opt-barrier", "reduce", "reduce-window", "select-and-scatter",
        "dot", "convolution", "fft", "cholesky", "triangular-solve", "batch-norm-inference", "batch-norm-training",
        "batch-norm-grad", "while", "conditional", "call", "custom-call", "infeed", "outfeed", "send", "send-done",
        "recv", "recv-done", "after-all", "all-gather", "all-reduce", "all-to-all", "collective-permute", "collective-broadcast",
        "reduce-scatter", "replica-id", "rng", "rng-bit-generator", "parameter", "fusion",
    ];
    for opcode in opcodes {
        assert!(text.contains(&format!(" {opcode}(")), "no `{opcode}(` in:\n{text}");
    }
    for target in ["check.expect_eq", "check.expect_almost_eq", "check.expect_close"] {
        assert!(text.contains(&format!("custom_call_target=\"{target}\"")), "no custom call to {target}");
    }
}
