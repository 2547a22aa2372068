// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// add-of-broadcast-identity and multiply-of-broadcast-identity: the add and multiply
// identities seen through a broadcast scalar constant. Each holds exactly, NaNs and signed
// zeros included.

// x + broadcast(0) == x (integers, the broadcast on either side).
// CHECK-LABEL: func.func @add_zero_int
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xi32>)
// CHECK-NOT:     hlo.add
// CHECK:         return %[[X]], %[[X]]
func.func @add_zero_int(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %c = hlo.constant dense<0> : tensor<i32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  %0 = hlo.add %x, %b : tensor<2x3xi32>
  %1 = hlo.add %b, %x : tensor<2x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
}

// -----

// broadcast(1.0) * x == x (floats).
// CHECK-LABEL: func.func @mul_one_float
// CHECK-SAME:    (%[[X:.+]]: tensor<4xf32>)
// CHECK-NOT:     hlo.multiply
// CHECK:         return %[[X]]
func.func @mul_one_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<1.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = hlo.multiply %b, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x + broadcast(-0.0) == x for floats, but x + broadcast(+0.0) stays: -0.0 + 0.0 == +0.0.
// CHECK-LABEL: func.func @add_zero_float
// CHECK-SAME:    (%[[X:.+]]: tensor<4xf32>)
// CHECK:         %[[SUM:.+]] = hlo.add
// CHECK-NOT:     hlo.add
// CHECK:         return %[[X]], %[[SUM]]
func.func @add_zero_float(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %m = hlo.constant dense<-0.0> : tensor<f32>
  %bm = hlo.broadcast_in_dim %m, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %p = hlo.constant dense<0.0> : tensor<f32>
  %bp = hlo.broadcast_in_dim %p, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = hlo.add %x, %bm : tensor<4xf32>
  %1 = hlo.add %x, %bp : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A broadcast of a constant that is not the identity stays.
// CHECK-LABEL: func.func @mul_two
// CHECK:         hlo.multiply
func.func @mul_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<2.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = hlo.multiply %x, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// subtract-of-broadcast-identity: x - broadcast(+0.0) == x, with the zero on the right only.
// CHECK-LABEL: func.func @sub_zero
// CHECK-SAME:    (%[[X:.+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<0.0> : tensor<f32>
// CHECK-NEXT:    %[[B:.+]] = hlo.broadcast_in_dim %[[C]]
// CHECK-NEXT:    %[[NEG:.+]] = hlo.subtract %[[B]], %[[X]]
// CHECK-NEXT:    return %[[X]], %[[NEG]]
func.func @sub_zero(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = hlo.subtract %x, %b : tensor<4xf32>
  %1 = hlo.subtract %b, %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// x - (-0.0) is x + 0.0, which is +0.0 for x = -0.0: not an identity.
// CHECK-LABEL: func.func @sub_negative_zero
// CHECK:         hlo.subtract
func.func @sub_negative_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<-0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = hlo.subtract %x, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
