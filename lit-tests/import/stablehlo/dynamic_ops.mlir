// RUN: xla-opt %s --split-input-file | FileCheck %s

// Dynamic-shape ops whose shape operands are constants and whose results are static read
// as their static hlo ops, the constants becoming attributes (the constants themselves stay
// until a pass removes them).

// CHECK-LABEL: func.func @pretty_forms
// CHECK-SAME:    (%[[X:.*]]: tensor<1x6xi64>, %[[V:.*]]: tensor<i64>)
// CHECK:         hlo.iota dim = 1 : tensor<3x4xi64>
// CHECK:         %[[R:.*]] = hlo.reshape %[[X]] : (tensor<1x6xi64>) -> tensor<6xi64>
// CHECK:         hlo.broadcast_in_dim %[[R]], dims = [1] : (tensor<6xi64>) -> tensor<2x6xi64>
// CHECK:         hlo.pad %[[R]], %[[V]], low = [1], high = [2], interior = [1] : (tensor<6xi64>, tensor<i64>) -> tensor<14xi64>
// CHECK:         hlo.slice %[[R]] [1:5:2] : (tensor<6xi64>) -> tensor<2xi64>
func.func @pretty_forms(%x: tensor<1x6xi64>, %v: tensor<i64>) {
  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<3x4xi64>
  %flat = stablehlo.constant dense<6> : tensor<1xi64>
  %1 = stablehlo.dynamic_reshape %x, %flat : (tensor<1x6xi64>, tensor<1xi64>) -> tensor<6xi64>
  %dims = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %2 = stablehlo.dynamic_broadcast_in_dim %1, %dims, dims = [1] : (tensor<6xi64>, tensor<2xi64>) -> tensor<2x6xi64>
  %low = stablehlo.constant dense<1> : tensor<1xi64>
  %high = stablehlo.constant dense<2> : tensor<1xi64>
  %interior = stablehlo.constant dense<1> : tensor<1xi64>
  %3 = stablehlo.dynamic_pad %1, %v, %low, %high, %interior : (tensor<6xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<14xi64>
  %start = stablehlo.constant dense<1> : tensor<1xi64>
  %limit = stablehlo.constant dense<5> : tensor<1xi64>
  %stride = stablehlo.constant dense<2> : tensor<1xi64>
  %4 = stablehlo.real_dynamic_slice %1, %start, %limit, %stride : (tensor<6xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  return
}

// -----

// CHECK-LABEL: func.func @generic_forms
// CHECK:         hlo.gather
// CHECK-SAME:      slice_sizes = [1, 2, 2]
// CHECK:         hlo.convolution
// CHECK-SAME:      pad = {{\[\[}}1, 1], [1, 1]]
func.func @generic_forms(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>, %lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) {
  %sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  %padding = stablehlo.constant dense<1> : tensor<2x2xi64>
  %1 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
    window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return
}
