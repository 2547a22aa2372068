// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// XLA's implicit broadcasting of binary elementwise ops: degenerate (size 1) dimensions,
// scalars, and broadcast_dimensions mapping a lower-rank operand into a higher-rank one.
// Shape inference gives the broadcast result type; differing types print the functional
// type.

// CHECK-LABEL: func.func @degenerate_dims
// CHECK:         hlo.add %{{.*}}, %{{.*}} : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
func.func @degenerate_dims(%x: tensor<2x1xf32>, %y: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = "hlo.add"(%x, %y) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scalar
// CHECK:         hlo.multiply %{{.*}}, %{{.*}} : (tensor<f32>, tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @scalar(%s: tensor<f32>, %x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = hlo.multiply %s, %x : (tensor<f32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// A bias added along dimension 1: the [3] operand maps to dimension 1 of [2, 3].

// CHECK-LABEL: func.func @bias
// CHECK:         hlo.add %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @bias(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %x, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The lower-rank operand may come first; its dimensions may also be degenerate.

// CHECK-LABEL: func.func @lower_rank_first
// CHECK:         hlo.maximum %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
func.func @lower_rank_first(%x: tensor<2x1xf32>, %y: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "hlo.maximum"(%x, %y) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Equal types keep the one-type form.

// CHECK-LABEL: func.func @same_types
// CHECK:         hlo.add %{{.*}}, %{{.*}} : tensor<2x3xf32>
func.func @same_types(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %x, %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
