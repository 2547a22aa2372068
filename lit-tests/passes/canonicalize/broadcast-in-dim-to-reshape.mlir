// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// broadcast-in-dim-to-reshape:
//   broadcast_in_dim(x, increasing dims) == reshape(x) when only size-1 dims are added.

// CHECK-LABEL: func.func @unit_dims
// CHECK-SAME:    (%[[X:.+]]: tensor<128xf32>)
// CHECK:         %[[R:.+]] = hlo.reshape %[[X]] : (tensor<128xf32>) -> tensor<128x1xf32>
// CHECK-NOT:     hlo.broadcast_in_dim
// CHECK:         return %[[R]]
func.func @unit_dims(%x: tensor<128xf32>) -> tensor<128x1xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
  return %0 : tensor<128x1xf32>
}

// -----

// A scalar to a [1, 1] tensor is a reshape too.

// CHECK-LABEL: func.func @scalar
// CHECK:         hlo.reshape %{{.*}} : (tensor<f32>) -> tensor<1x1xf32>
func.func @scalar(%x: tensor<f32>) -> tensor<1x1xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// Replicating data is a real broadcast.

// CHECK-LABEL: func.func @replicates
// CHECK:         hlo.broadcast_in_dim
// CHECK-NOT:     hlo.reshape
func.func @replicates(%x: tensor<128xf32>) -> tensor<128x4xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<128xf32>) -> tensor<128x4xf32>
  return %0 : tensor<128x4xf32>
}

// -----

// Expanding a size-1 operand dimension replicates data too.

// CHECK-LABEL: func.func @expands_a_unit_dim
// CHECK:         hlo.broadcast_in_dim
func.func @expands_a_unit_dim(%x: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Reordered dimensions are a transpose, not a reshape.

// CHECK-LABEL: func.func @reordered
// CHECK:         hlo.broadcast_in_dim
func.func @reordered(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
