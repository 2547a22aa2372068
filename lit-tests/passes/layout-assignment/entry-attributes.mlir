// RUN: xla-opt %s --split-input-file --layout-assignment | FileCheck %s

// Entry layouts from argument and result attributes: `xla.layout` (the layout as types
// print it, padding included) and JAX's `mhlo.layout_mode` (`default`, `auto` or a
// minor-to-major list). Given layouts beat everything: the elementwise ops compute in them.

// CHECK-LABEL: func.func @attrs(
// CHECK-SAME:    %arg0: tensor<4x5x6xf32, {0, 2, 1}>
// CHECK-SAME:    %arg1: tensor<3x5xf32, {0, 1}>
// CHECK-SAME:    %arg2: tensor<3x5xf32> {mhlo.layout_mode = "default"}
// CHECK-SAME:    -> (tensor<4x5x6xf32, {0, 2, 1}> {{.*}}, tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = zero>
// CHECK-NEXT:    %[[A:.+]] = hlo.abs %arg0 : tensor<4x5x6xf32, {0, 2, 1}>
// CHECK-NEXT:    %[[S:.+]] = hlo.sqrt %arg1 : (tensor<3x5xf32, {0, 1}>) -> tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = zero>
// CHECK-NEXT:    func.return %[[A]], %[[S]]
func.func @attrs(%arg0: tensor<4x5x6xf32> {xla.layout = "{0, 2, 1}"}, %arg1: tensor<3x5xf32> {mhlo.layout_mode = "{0,1}"}, %arg2: tensor<3x5xf32> {mhlo.layout_mode = "default"})
    -> (tensor<4x5x6xf32> {xla.layout = "{0,2,1}"}, tensor<3x5xf32> {xla.layout = "{1, 0}, padded = [4, 8], padding = zero"}) {
  %0 = hlo.abs %arg0 : tensor<4x5x6xf32>
  %1 = hlo.sqrt %arg1 : tensor<3x5xf32>
  func.return %0, %1 : tensor<4x5x6xf32>, tensor<3x5xf32>
}

// -----

// Priorities: a use's want beats an operand's layout of equal priority, so the product is
// computed row-major for the transpose, which then moves nothing and becomes a bitcast.

// CHECK-LABEL: func.func @priorities
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %arg0, %arg1 : (tensor<2x3xf32, {0, 1}>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[T:.+]] = hlo.bitcast %[[M]] : (tensor<2x3xf32>) -> tensor<3x2xf32, {0, 1}>
// CHECK-NEXT:    func.return %[[T]]
func.func @priorities(%arg0: tensor<2x3xf32> {xla.layout = "{0,1}"}, %arg1: tensor<2x3xf32>) -> (tensor<3x2xf32> {xla.layout = "{0,1}"}) {
  %0 = hlo.multiply %arg0, %arg1 : tensor<2x3xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}

// -----

// A transpose's bitcast layout is an operator preference: a given result layout beats it,
// and the transpose stays (it writes the result in its layout directly).

// CHECK-LABEL: func.func @given_beats_bitcast
// CHECK-NEXT:    %[[T:.+]] = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    func.return %[[T]]
func.func @given_beats_bitcast(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
