// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// reshape-identity: reshape(x) : T == x when x : T.

// CHECK-LABEL: func.func @identity
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:     hlo.reshape
// CHECK:         return %[[X]]
func.func @identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reshape-of-reshape: reshape(reshape(x)) == reshape(x).

// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.+]]: tensor<6xf32>)
// CHECK:         %[[R:.+]] = hlo.reshape %[[X]] : (tensor<6xf32>) -> tensor<3x2xf32>
// CHECK-NOT:     hlo.reshape
// CHECK:         return %[[R]]
func.func @chain(%x: tensor<6xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = hlo.reshape %0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// A chain back to the original type vanishes (reshape-of-reshape, then reshape-identity).

// CHECK-LABEL: func.func @round_trip
// CHECK-SAME:    (%[[X:.+]]: tensor<8xf32>)
// CHECK-NOT:     hlo.reshape
// CHECK:         return %[[X]]
func.func @round_trip(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.reshape %x : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
  %1 = hlo.reshape %0 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// broadcast-in-dim-of-unit-reshape: a bias reshaped to [1, 1, 1, C] and broadcast is the
// bias broadcast along its own dimension.

// CHECK-LABEL: func.func @bias
// CHECK-SAME:    (%[[B:.+]]: tensor<8xf32>)
// CHECK:         %[[R:.+]] = hlo.broadcast_in_dim %[[B]], dims = [3] : (tensor<8xf32>) -> tensor<2x4x4x8xf32>
// CHECK-NOT:     hlo.reshape
// CHECK:         return %[[R]]
func.func @bias(%b: tensor<8xf32>) -> tensor<2x4x4x8xf32> {
  %0 = hlo.reshape %b : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x4x4x8xf32>
  return %1 : tensor<2x4x4x8xf32>
}

// -----

// A reshape that regroups dimensions is not a unit-dim insertion: the broadcast stays.

// CHECK-LABEL: func.func @regroup
// CHECK:         hlo.reshape
// CHECK:         hlo.broadcast_in_dim
func.func @regroup(%x: tensor<6xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}
