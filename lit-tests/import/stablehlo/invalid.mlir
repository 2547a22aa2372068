// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The StableHLO reader's errors: one located diagnostic, at the op or at the token that is
// wrong, saying what was expected and what was found.

// An op StableHLO does not have, in the pretty form and in the generic form.

func.func @unknown_pretty_op(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{custom op 'stablehlo.frobnicate' is unknown}}
  %0 = stablehlo.frobnicate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @unsupported_generic_op(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.einsum' op is not supported by the StableHLO reader}}
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "i,i->"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @generic_only_op_in_pretty_form(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.gather' has no pretty form in StableHLO; write it in MLIR's generic form}}
  %0 = stablehlo.gather %a
  return %0 : tensor<2xf32>
}

// -----

// Types: only !stablehlo.token exists.

// expected-error @+1 {{'func.func' op uses type !stablehlo.tok, which the StableHLO reader does not know (its only type is !stablehlo.token)}}
func.func @unknown_type(%a: tuple<tensor<2xf32>, !stablehlo.tok>) {
  return
}

// -----

// Malformed dimension numbers.

func.func @gather_unknown_field(%a: tensor<2xf32>, %i: tensor<1x1xi32>) -> tensor<1xf32> {
  // expected-error @+1 {{in #stablehlo.gather<...>: unknown field 'bogus'}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [], bogus = 1, index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<2xf32>, tensor<1x1xi32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @scatter_unclosed_list(%a: tensor<2xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{unbalanced '>' in dialect type or attribute}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<2xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @convolution_bad_dimension_label(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, found 'q'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, q, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_spatial_gap(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{in #stablehlo.conv<...>: spatial dimensions must be numbered 0, 1, ... without gaps}}
  %0 = "stablehlo.convolution"(%x, %w) {dimension_numbers = #stablehlo.conv<[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]>} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @dot_general_bad_separator(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{expected 'x', found 'y'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] y [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_general_unknown_clause(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{expected 'batching_dims', 'contracting_dims', 'precision' or 'algorithm', found 'outer'}}
  %0 = stablehlo.dot_general %a, %b, outer = [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Bad windows.

func.func @window_unknown_field(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{expected a window field (stride, pad, lhs_dilate, rhs_dilate or reverse), found 'strides'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @window_wrong_rank(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_strides has 3 entries, expected 2 (one per spatial dimension)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1, 1]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @window_bad_padding(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op padding[0] must be a [low, high] pair, found [0, 0, 0]}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0, 0], [0, 0]]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @reduce_window_wrong_rank(%x: tensor<4x4xf32>, %z: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'hlo.reduce_window' op window_dimensions has 3 entries, expected 2 (one per input dimension)}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// chlo ops without an expansion, and expansions that need static shapes.

func.func @unsupported_chlo_generic(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'chlo.zeta' op has no expansion into hlo in the StableHLO reader}}
  %0 = "chlo.zeta"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @unsupported_chlo_pretty(%n: tensor<2xf32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'chlo.polygamma' op has no expansion into hlo in the StableHLO reader}}
  %0 = chlo.polygamma %n, %x : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @chlo_dynamic_shape(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'chlo.sinh' op can be expanded only for static shapes, found tensor<?xf32>}}
  %0 = chlo.sinh %x : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Bad keywords and missing parts.

func.func @bad_comparison_direction(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error @+1 {{expected a comparison direction (EQ, NE, GE, GT, LE or LT), found 'XX'}}
  %0 = stablehlo.compare XX, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @missing_comparison_direction(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error @+1 {{'stablehlo.compare' op requires attribute 'comparison_direction' (#stablehlo<comparison_direction ...>)}}
  %0 = "stablehlo.compare"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @reduce_applies_unary(%a: tensor<2xf32>, %b: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected a binary stablehlo op after 'applies', found 'stablehlo.tanh'}}
  %0 = stablehlo.reduce(%a init: %b) applies stablehlo.tanh across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bad_reduce_precision_format(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected a format eXmY (exponent and mantissa bits), found 'f5m2'}}
  %0 = stablehlo.reduce_precision %a, format = f5m2 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @while_without_body(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.while(%i = %a) : tensor<2xf32> cond {
    stablehlo.return %i : tensor<2xf32>
  }
  // expected-error @+1 {{expected 'do', found 'return'}}
  return %0 : tensor<2xf32>
}

// -----

// The hlo op a StableHLO op becomes is verified, at the StableHLO op's location.

func.func @result_type_mismatch(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.add' op result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>}}
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A dynamic op whose shape is computed at run time: dynamic shapes are not supported yet.

func.func @dynamic_reshape_of_a_computed_shape(%x: tensor<6xi64>, %shape: tensor<2xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op the output shape (operand 1) is computed at run time; dynamic shapes are not supported yet, only constant ones}}
  %0 = stablehlo.dynamic_reshape %x, %shape : (tensor<6xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// A constant shape that disagrees with the result type.

func.func @dynamic_iota_of_another_shape() -> tensor<3x4xi64> {
  %shape = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.dynamic_iota' op the output shape [4, 3] differs from the result's shape [3, 4]}}
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

// A check's backend_config holds its options; an option the check does not have is an error.

func.func @check_with_unknown_option(%a: tensor<2xf32>) {
  // expected-error @+1 {{custom call to check.expect_close: backend_config names an option the check does not have (backend_config "tolerance=0.1")}}
  stablehlo.custom_call @check.expect_close(%a, %a) {backend_config = "tolerance=0.1"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
