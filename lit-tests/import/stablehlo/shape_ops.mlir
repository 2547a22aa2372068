// RUN: xla-opt %s --split-input-file | FileCheck %s

// Shape and data-movement ops: the pretty forms JAX prints, then the generic forms with
// their `array<i64: ...>` attributes.

// CHECK-LABEL: func.func @pretty_forms
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<f32>, %[[I:.*]]: tensor<i32>)
// CHECK:         %[[B:.*]] = hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK:         %[[T:.*]] = hlo.transpose %[[X]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK:         %[[FLAT:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK:         hlo.slice %[[X]] [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK:         hlo.slice %[[FLAT]] [1:6:2] : (tensor<6xf32>) -> tensor<3xf32>
// CHECK:         hlo.pad %[[X]], %[[S]], low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
// CHECK:         hlo.concatenate %[[X]], %[[B]], dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK:         %[[DS:.*]] = hlo.dynamic_slice %[[X]], %[[I]], %[[I]], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
// CHECK:         hlo.dynamic_update_slice %[[X]], %[[DS]], %[[I]], %[[I]]
// CHECK:         hlo.iota dim = 1 : tensor<2x3xi32>
// CHECK:         hlo.rev %[[X]], dims = [0] : tensor<2x3xf32>
// CHECK:         hlo.broadcast %[[S]], sizes = [4] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         hlo.get_dimension_size %[[X]], dim = 1
// CHECK:         func.return %[[T]]
func.func @pretty_forms(%x: tensor<2x3xf32>, %s: tensor<f32>, %i: tensor<i32>) -> tensor<3x2xf32> {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %3 = stablehlo.slice %x [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.slice %2 [1:6:2] : (tensor<6xf32>) -> tensor<3xf32>
  %5 = stablehlo.pad %x, %s, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  %6 = stablehlo.concatenate %x, %0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %7 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  %8 = stablehlo.dynamic_update_slice %x, %7, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %9 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %10 = stablehlo.reverse %x, dims = [0] : tensor<2x3xf32>
  %11 = stablehlo.broadcast %s, sizes = [4] : (tensor<f32>) -> tensor<4xf32>
  %12 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  return %1 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @generic_forms
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<f32>, %[[I:.*]]: tensor<i32>)
// CHECK:         hlo.slice %[[X]] [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         hlo.iota dim = 0 : tensor<4xui32>
// CHECK:         %[[T:.*]] = hlo.transpose %[[X]], dims = [1, 0]
// CHECK:         %[[FLAT:.*]] = hlo.reshape %[[X]]
// CHECK:         hlo.broadcast_in_dim %[[FLAT]], dims = [1] : (tensor<6xf32>) -> tensor<2x6xf32>
// CHECK:         hlo.concatenate %[[X]], %[[X]], dim = 1
// CHECK:         hlo.pad %[[X]], %[[S]], low = [1, 0], high = [0, 0], interior = [0, 0]
// CHECK:         hlo.dynamic_slice %[[X]], %[[I]], %[[I]], sizes = [1, 1]
// CHECK:         func.return %[[T]]
func.func @generic_forms(%x: tensor<2x3xf32>, %s: tensor<f32>, %i: tensor<i32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.slice"(%x) <{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 1, 3>, strides = array<i64: 1, 1>}> : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %1 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4xui32>
  %2 = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = "stablehlo.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 1>}> : (tensor<6xf32>) -> tensor<2x6xf32>
  %5 = "stablehlo.concatenate"(%x, %x) <{dimension = 1 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %6 = "stablehlo.pad"(%x, %s) <{edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  %7 = "stablehlo.dynamic_slice"(%x, %i, %i) <{slice_sizes = array<i64: 1, 1>}> : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
  return %2 : tensor<3x2xf32>
}
