//! Errors of the StableHLO reader: each is one diagnostic at `file:line:col` of the input,
//! saying what was expected and what was found. These pin the exact rendering and column;
//! `lit-tests/import/stablehlo/invalid.mlir` checks the messages of every error family with
//! `xla-opt --verify-diagnostics`.

mod support;

use support::{func, import_error};

/// The first line of the rendered diagnostic for `body` (op lines inside `@main(%a:
/// tensor<2xf32>, %b: tensor<2xf32>)`, whose first op is on line 3).
fn error_of(body: &str) -> String {
    let text = func("%a: tensor<2xf32>, %b: tensor<2xf32>", "tensor<2xf32>", &format!("{body}\n    return %a : tensor<2xf32>"));
    import_error(&text).lines().next().unwrap_or_default().to_string()
}

#[test]
fn bad_comparison_direction_points_at_the_keyword() {
    assert_eq!(
        error_of("    %0 = stablehlo.compare XX, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"),
        "input.mlir:3:28: error: expected a comparison direction (EQ, NE, GE, GT, LE or LT), found 'XX'"
    );
}

#[test]
fn bad_keyword_says_what_was_expected() {
    assert_eq!(
        error_of("    %0 = stablehlo.broadcast_in_dim %a, dimz = [0] : (tensor<2xf32>) -> tensor<2xf32>"),
        "input.mlir:3:41: error: expected 'dims', found 'dimz'"
    );
    assert_eq!(
        error_of("    %0 = stablehlo.slice %a [0:2 1:3] : (tensor<2xf32>) -> tensor<2xf32>"),
        "input.mlir:3:34: error: expected ',', found '1'"
    );
    assert_eq!(
        error_of("    %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] y [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>"),
        "input.mlir:3:63: error: expected 'x', found 'y'"
    );
    assert_eq!(
        error_of("    %0 = stablehlo.dot_general %a, %b, outer = [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>"),
        "input.mlir:3:40: error: expected 'batching_dims', 'contracting_dims', 'precision' or 'algorithm', found 'outer'"
    );
    assert_eq!(
        error_of("    %0 = stablehlo.reduce_precision %a, format = f5m2 : tensor<2xf32>"),
        "input.mlir:3:50: error: expected a format eXmY (exponent and mantissa bits), found 'f5m2'"
    );
}

#[test]
fn generic_only_ops_in_pretty_form_are_rejected() {
    assert_eq!(
        error_of("    %0 = stablehlo.gather %a"),
        "input.mlir:3:5: error: 'stablehlo.gather' has no pretty form in StableHLO; write it in MLIR's generic form (\"stablehlo.gather\"(...) ...)"
    );
}

#[test]
fn unsupported_ops_are_named() {
    assert_eq!(
        error_of("    %0 = \"stablehlo.einsum\"(%a, %b) {einsum_config = \"i,i->\"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>"),
        "input.mlir:3:5: error: 'stablehlo.einsum' op is not supported by the StableHLO reader"
    );
    assert_eq!(
        error_of("    %0 = \"chlo.zeta\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"),
        "input.mlir:3:5: error: 'chlo.zeta' op has no expansion into hlo in the StableHLO reader"
    );
}

#[test]
fn bad_struct_attributes_are_reported_at_their_op() {
    assert_eq!(
        error_of(
            "    %0 = \"stablehlo.gather\"(%a, %b) <{dimension_numbers = #stablehlo.gather<offset_dims = [], bogus = 1, index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>"
        ),
        "input.mlir:3:5: error: in #stablehlo.gather<...>: unknown field 'bogus'"
    );
    assert_eq!(
        error_of("    %0 = \"stablehlo.compare\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"),
        "input.mlir:3:5: error: 'stablehlo.compare' op requires attribute 'comparison_direction' (#stablehlo<comparison_direction ...>)"
    );
    assert_eq!(
        error_of(
            "    %0 = \"stablehlo.convolution\"(%a, %b) {dimension_numbers = #stablehlo.conv<[b, 0, 2, f]x[0, i, o]->[b, 0, f]>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"
        ),
        "input.mlir:3:5: error: in #stablehlo.conv<...>: spatial dimensions must be numbered 0, 1, ... without gaps"
    );
}

#[test]
fn convolution_dimension_errors_point_into_the_op() {
    assert_eq!(
        error_of("    %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, q]x[0, i, o]->[b, 0, f], window = {} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"),
        "input.mlir:3:61: error: expected 'b', 'f' or a spatial dimension number, found 'q'"
    );
}

#[test]
fn reduce_applies_only_binary_ops() {
    assert_eq!(
        error_of("    %0 = stablehlo.reduce(%a init: %b) applies stablehlo.tanh across dimensions = [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>"),
        "input.mlir:3:48: error: expected a binary stablehlo op after 'applies', found 'stablehlo.tanh'"
    );
}

#[test]
fn verifier_errors_keep_the_source_location() {
    let error = error_of("    %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>");
    assert!(error.starts_with("input.mlir:3:5: error: 'hlo.add' op result #0 has type tensor<3xf32>"), "{error}");
}

#[test]
fn chlo_expansions_need_static_shapes() {
    let text = func(
        "%x: tensor<?xf32>",
        "tensor<?xf32>",
        "    %0 = chlo.sinh %x : tensor<?xf32> -> tensor<?xf32>\n    return %0 : tensor<?xf32>",
    );
    assert_eq!(
        import_error(&text).lines().next().unwrap_or_default(),
        "input.mlir:3:5: error: 'chlo.sinh' op can be expanded only for static shapes, found tensor<?xf32>"
    );
}

#[test]
fn while_needs_its_regions() {
    assert_eq!(
        error_of("    %0 = stablehlo.while(%i = %a) : tensor<2xf32> cond {\n      stablehlo.return %i : tensor<2xf32>\n    }"),
        "input.mlir:6:5: error: expected 'do', found 'return'"
    );
}

#[test]
fn reading_without_registering_is_an_error() {
    let ctx = xla_ir::Context::new();
    let error = xla_import::stablehlo::parse_stablehlo(&ctx, "x.mlir", "module {}").err().expect("an error");
    assert!(error.render(&ctx).starts_with("x.mlir:1:1: error: the StableHLO reader needs its dialects"));
}
