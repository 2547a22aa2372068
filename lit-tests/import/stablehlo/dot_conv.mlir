// RUN: xla-opt %s --split-input-file | FileCheck %s

// dot_general with and without batching dimensions and precision, dot, and convolution
// with its `dim_numbers` and `window` in the pretty form and in the generic form.

// CHECK-LABEL: func.func @dot_general
// CHECK-SAME:    (%[[A:.*]]: tensor<4x2x3xf32>, %[[B:.*]]: tensor<4x3x5xf32>, %[[M:.*]]: tensor<2x3xf32>, %[[N:.*]]: tensor<3x5xf32>)
// CHECK:         %[[BATCHED:.*]] = hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1]
// CHECK-SAME:      {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
// CHECK:         hlo.dot_general %[[M]], %[[N]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK:         hlo.dot_general %[[M]], %[[N]], batching_dims = [] x [], contracting_dims = [1] x [0] {precision_config = ["HIGH", "HIGH"]}
// CHECK:         hlo.dot %[[M]], %[[N]] {precision_config = ["DEFAULT", "DEFAULT"]} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK:         hlo.dot %[[M]], %[[N]] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK:         func.return %[[BATCHED]]
func.func @dot_general(%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>, %m: tensor<2x3xf32>, %n: tensor<3x5xf32>) -> tensor<4x2x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  %1 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  %2 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0], precision = [HIGH, HIGH] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  %3 = stablehlo.dot %m, %n, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  %4 = stablehlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<4x2x5xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_generic
// CHECK-SAME:    (%[[A:.*]]: tensor<4x2x3xf32>, %[[B:.*]]: tensor<4x3x5xf32>, %[[M:.*]]: tensor<2x3xf32>, %[[N:.*]]: tensor<3x5xf32>)
// CHECK:         hlo.dot_general %[[M]], %[[N]], batching_dims = [] x [], contracting_dims = [1] x [0] {precision_config = ["DEFAULT", "HIGHEST"]}
// CHECK:         hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
func.func @dot_general_generic(%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>, %m: tensor<2x3xf32>, %n: tensor<3x5xf32>) -> tensor<4x2x5xf32> {
  %0 = "stablehlo.dot_general"(%m, %n) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  %1 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  return %1 : tensor<4x2x5xf32>
}

// -----

// A bf16 x bf16 -> f32 dot (JAX's preferred_element_type): hlo wants one element type, so
// the operands are converted first.

// CHECK-LABEL: func.func @mixed_precision_dot
// CHECK-SAME:    (%[[A:.*]]: tensor<2x3xbf16>, %[[B:.*]]: tensor<3x4xbf16>)
// CHECK:         %[[WA:.*]] = hlo.convert_element_type %[[A]] : (tensor<2x3xbf16>) -> tensor<2x3xf32>
// CHECK:         %[[WB:.*]] = hlo.convert_element_type %[[B]] : (tensor<3x4xbf16>) -> tensor<3x4xf32>
// CHECK:         hlo.dot_general %[[WA]], %[[WB]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @mixed_precision_dot(%a: tensor<2x3xbf16>, %b: tensor<3x4xbf16>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The dimension numbers become hlo's dim_labels; the window keeps its fields; the
// precision config and group counts carry over.

// CHECK-LABEL: func.func @conv_nhwc
// CHECK-SAME:    (%[[X:.*]]: tensor<8x32x32x16xf32>, %[[W:.*]]: tensor<3x3x16x32xf32>)
// CHECK:         hlo.convolution %[[X]], %[[W]], dim_labels = b01f_01io->b01f,
// CHECK-SAME:      window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]},
// CHECK-SAME:      feature_group_count = 1, batch_group_count = 1 {precision_config = ["DEFAULT", "DEFAULT"]}
// CHECK-SAME:      : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x16x16x32xf32>
func.func @conv_nhwc(%x: tensor<8x32x32x16xf32>, %w: tensor<3x3x16x32xf32>) -> tensor<8x16x16x32xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x16x16x32xf32>
  return %0 : tensor<8x16x16x32xf32>
}

// -----

// CHECK-LABEL: func.func @conv_nchw_grouped
// CHECK:         hlo.convolution %{{.*}}, %{{.*}}, dim_labels = bf01_oi01->bf01,
// CHECK-SAME:      window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], rhs_dilate = [1, 1]}, feature_group_count = 2, batch_group_count = 1
func.func @conv_nchw_grouped(%x: tensor<1x4x9x9xf32>, %w: tensor<8x2x3x3xf32>) -> tensor<1x8x5x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x9x9xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x5x5xf32>
  return %0 : tensor<1x8x5x5xf32>
}

// -----

// CHECK-LABEL: func.func @conv_1d_input_dilation
// CHECK:         hlo.convolution %{{.*}}, %{{.*}}, dim_labels = b0f_0io->b0f, window = {pad = {{\[\[}}2, 2]], lhs_dilate = [2], rhs_dilate = [1]}
// CHECK-SAME:      -> tensor<1x17x4xf32>
func.func @conv_1d_input_dilation(%x: tensor<1x8x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x17x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], lhs_dilate = [2], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x2xf32>, tensor<3x2x4xf32>) -> tensor<1x17x4xf32>
  return %0 : tensor<1x17x4xf32>
}

// -----

// CHECK-LABEL: func.func @conv_generic
// CHECK:         hlo.convolution %{{.*}}, %{{.*}}, dim_labels = b01f_01io->b01f,
// CHECK-SAME:      window = {stride = [1, 1], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]}
func.func @conv_generic(%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %0 = "stablehlo.convolution"(%x, %w) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}
