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

// -----

// broadcast-in-dim-of-unit-reshape also when the reshape removes size-1 dimensions (as XLA's
// HLO writes a keepdims mean): the removed dimension takes the free result dimension after
// its neighbour's.

// CHECK-LABEL: func.func @removed_unit
// CHECK-SAME:    (%[[X:.+]]: tensor<16x1xf32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.broadcast_in_dim %[[X]], dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x64xf32>
// CHECK-NEXT:    return %[[R]]
func.func @removed_unit(%x: tensor<16x1xf32>) -> tensor<16x64xf32> {
  %0 = hlo.reshape %x : (tensor<16x1xf32>) -> tensor<16xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [0] : (tensor<16xf32>) -> tensor<16x64xf32>
  return %1 : tensor<16x64xf32>
}

// -----

// Inserted and removed at once: [1, 8, 1] to [1, 8], broadcast to rank 4; the leading 1
// keeps its entry, the trailing one takes the free dimension 3.

// CHECK-LABEL: func.func @both
// CHECK-SAME:    (%[[X:.+]]: tensor<1x8x1xf32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.broadcast_in_dim %[[X]], dims = [0, 2, 3] : (tensor<1x8x1xf32>) -> tensor<5x6x8x7xf32>
// CHECK-NEXT:    return %[[R]]
func.func @both(%x: tensor<1x8x1xf32>) -> tensor<5x6x8x7xf32> {
  %0 = hlo.reshape %x : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<5x6x8x7xf32>
  return %1 : tensor<5x6x8x7xf32>
}

// -----

// No free result dimension before the one the 8 maps to: the reshape stays, since the
// dimensions would have to change order.

// CHECK-LABEL: func.func @no_free_dimension
// CHECK:         hlo.reshape
// CHECK:         hlo.broadcast_in_dim
func.func @no_free_dimension(%x: tensor<1x8xf32>) -> tensor<8x3xf32> {
  %0 = hlo.reshape %x : (tensor<1x8xf32>) -> tensor<8xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x3xf32>
  return %1 : tensor<8x3xf32>
}
