// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.convolution: the nine dimension-number attributes print as XLA's dim_labels, the
// window attributes as one `window = {...}` clause holding those present; the result
// shape is inferred.

// A 3x3 convolution with "same" padding, NHWC input, HWIO kernel.
// CHECK-LABEL: func.func @same_padding
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<1x4x4x3xf32>, %[[W:[^:]+]]: tensor<3x3x3x8xf32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.convolution %[[X]], %[[W]], dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x4x4x8xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convolution"(%{{.+}}, %{{.+}}) {batch_group_count = 1, feature_group_count = 1, input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, lhs_dilation = array<i64: 1, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>, padding = [array<i64: 1, 1>, array<i64: 1, 1>], rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>
func.func @same_padding(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// -----

// NCHW with OIHW kernels; the window attributes are optional (strides and dilations 1,
// padding 0) and the clause is left out when none is given.
// CHECK-LABEL: func.func @nchw_valid
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, dim_labels = bf01_oi01->bf01, feature_group_count = 1, batch_group_count = 1 : (tensor<8x3x5x5xf32>, tensor<16x3x2x2xf32>) -> tensor<8x16x4x4xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convolution"(%{{.+}}, %{{.+}}) {batch_group_count = 1, feature_group_count = 1, input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = array<i64: 2, 3>, kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = array<i64: 2, 3>} : (tensor<8x3x5x5xf32>, tensor<16x3x2x2xf32>) -> tensor<8x16x4x4xf32>
func.func @nchw_valid(%x: tensor<8x3x5x5xf32>, %w: tensor<16x3x2x2xf32>) -> tensor<8x16x4x4xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = bf01_oi01->bf01, feature_group_count = 1, batch_group_count = 1 : (tensor<8x3x5x5xf32>, tensor<16x3x2x2xf32>) -> tensor<8x16x4x4xf32>
  return %0 : tensor<8x16x4x4xf32>
}

// -----

// Strides, negative padding, both dilations and window reversal. Spatial dimension 0: 7
// cropped by [-1, 0] is 6; windows of 3 by 2 give 2. Spatial dimension 1: 4 dilated by 2
// is 7; a kernel of 2 dilated by 3 spans 4, giving 4.
// CHECK-LABEL: func.func @general_window
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, dim_labels = b01f_01io->b01f, window = {stride = [2, 1], pad = {{\[\[}}-1, 0], [0, 0]], lhs_dilate = [1, 2], rhs_dilate = [1, 3], reverse = [1, 0]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x7x4x3xf32>, tensor<3x2x3x5xf32>) -> tensor<2x2x4x5xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         lhs_dilation = array<i64: 1, 2>,
// GENERIC-SAME:    padding = [array<i64: -1, 0>, array<i64: 0, 0>], rhs_dilation = array<i64: 1, 3>, window_reversal = array<i64: 1, 0>, window_strides = array<i64: 2, 1>}
func.func @general_window(%x: tensor<2x7x4x3xf32>, %w: tensor<3x2x3x5xf32>) -> tensor<2x2x4x5xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {reverse = [1, 0], rhs_dilate = [1, 3], lhs_dilate = [1, 2], pad = [[-1, 0], [0, 0]], stride = [2, 1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x7x4x3xf32>, tensor<3x2x3x5xf32>) -> tensor<2x2x4x5xf32>
  return %0 : tensor<2x2x4x5xf32>
}

// -----

// Depthwise: 6 input features in 6 groups; the kernel has 1 input feature and 12 output
// features (2 per group).
// CHECK-LABEL: func.func @depthwise
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, dim_labels = b01f_01io->b01f, feature_group_count = 6, batch_group_count = 1 : (tensor<1x5x5x6xf32>, tensor<3x3x1x12xf32>) -> tensor<1x3x3x12xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convolution"(%{{.+}}, %{{.+}}) {batch_group_count = 1, feature_group_count = 6,
func.func @depthwise(%x: tensor<1x5x5x6xf32>, %w: tensor<3x3x1x12xf32>) -> tensor<1x3x3x12xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 6, batch_group_count = 1 : (tensor<1x5x5x6xf32>, tensor<3x3x1x12xf32>) -> tensor<1x3x3x12xf32>
  return %0 : tensor<1x3x3x12xf32>
}

// -----

// Batch groups (a filter gradient): batch 8 in 4 groups gives an output batch of 2. The
// labels may start with a digit and put the dimensions in any order; precision_config
// prints in the attribute dictionary.
// CHECK-LABEL: func.func @batch_groups
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, dim_labels = 0fb_i0o->f0b, feature_group_count = 1, batch_group_count = 4 {precision_config = ["HIGHEST", "DEFAULT"]} : (tensor<3x2x8xf32>, tensor<2x3x4xf32>) -> tensor<4x1x2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convolution"(%{{.+}}, %{{.+}}) {batch_group_count = 4, feature_group_count = 1, input_batch_dimension = 2, input_feature_dimension = 1, input_spatial_dimensions = array<i64: 0>, kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = array<i64: 1>, output_batch_dimension = 2, output_feature_dimension = 0, output_spatial_dimensions = array<i64: 1>, precision_config = ["HIGHEST", "DEFAULT"]}
func.func @batch_groups(%x: tensor<3x2x8xf32>, %w: tensor<2x3x4xf32>) -> tensor<4x1x2xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = 0fb_i0o->f0b, feature_group_count = 1, batch_group_count = 4 {precision_config = ["HIGHEST", "DEFAULT"]} : (tensor<3x2x8xf32>, tensor<2x3x4xf32>) -> tensor<4x1x2xf32>
  return %0 : tensor<4x1x2xf32>
}

// -----

// A 3-d convolution of integers, and unknown and bounded sizes: an unknown kernel size
// gives an unknown output size; a bounded input size gives a bounded one.
// CHECK-LABEL: func.func @dynamic_3d
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, dim_labels = b012f_012io->b012f, feature_group_count = 1, batch_group_count = 1 : (tensor<?x<=9x5x5x2xi32>, tensor<3x?x2x2x4xi32>) -> tensor<?x<=7x?x4x4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convolution"(%{{.+}}, %{{.+}}) {{.+}} : (tensor<?x<=9x5x5x2xi32>, tensor<3x?x2x2x4xi32>) -> tensor<?x<=7x?x4x4xi32>
func.func @dynamic_3d(%x: tensor<?x<=9x5x5x2xi32>, %w: tensor<3x?x2x2x4xi32>) -> tensor<?x<=7x?x4x4xi32> {
  %0 = hlo.convolution %x, %w, dim_labels = b012f_012io->b012f, feature_group_count = 1, batch_group_count = 1 : (tensor<?x<=9x5x5x2xi32>, tensor<3x?x2x2x4xi32>) -> tensor<?x<=7x?x4x4xi32>
  return %0 : tensor<?x<=7x?x4x4xi32>
}

// -----

// Dimension numbers that dim_labels cannot spell (more than ten spatial dimensions: the
// digits stop at 9) print as attributes in the dictionary.
// CHECK-LABEL: func.func @no_labels
// CHECK:         hlo.convolution %{{.+}}, %{{.+}}, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 12, input_spatial_dimensions = array<i64: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11>
func.func @no_labels(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, %w: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 12, input_spatial_dimensions = array<i64: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11>, kernel_input_feature_dimension = 11, kernel_output_feature_dimension = 12, kernel_spatial_dimensions = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10>, output_batch_dimension = 0, output_feature_dimension = 12, output_spatial_dimensions = array<i64: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11>} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}
