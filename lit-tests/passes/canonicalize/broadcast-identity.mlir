// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// The folders of add and multiply see their identities through a broadcast scalar
// constant. Each holds exactly, NaNs and signed
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

// The subtract folder: x - broadcast(+0.0) == x, with the zero on the right only.
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

// -----

// The and and or folders: p | broadcast(false) == p,
// broadcast(true) & p == p, and x & broadcast(-1) == x (all bits set) for integers.
// CHECK-LABEL: func.func @and_or
// CHECK-SAME:    (%[[P:[^:]+]]: tensor<4xi1>, %[[X:[^:]+]]: tensor<4xi32>)
// CHECK-NOT:     hlo.or
// CHECK-NOT:     hlo.and
// CHECK:         return %[[P]], %[[P]], %[[X]]
func.func @and_or(%p: tensor<4xi1>, %x: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi32>) {
  %f = hlo.constant dense<false> : tensor<i1>
  %fb = hlo.broadcast_in_dim %f, dims = [] : (tensor<i1>) -> tensor<4xi1>
  %0 = hlo.or %p, %fb : tensor<4xi1>
  %t = hlo.constant dense<true> : tensor<i1>
  %tb = hlo.broadcast_in_dim %t, dims = [] : (tensor<i1>) -> tensor<4xi1>
  %1 = hlo.and %tb, %p : tensor<4xi1>
  %m = hlo.constant dense<-1> : tensor<i32>
  %mb = hlo.broadcast_in_dim %m, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %2 = hlo.and %x, %mb : tensor<4xi32>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi32>
}

// -----

// p | true and x & 0x7FFFFFFF are not identities.
// CHECK-LABEL: func.func @and_or_not_identities
// CHECK:         hlo.or
// CHECK:         hlo.and
func.func @and_or_not_identities(%p: tensor<4xi1>, %x: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>) {
  %t = hlo.constant dense<true> : tensor<i1>
  %tb = hlo.broadcast_in_dim %t, dims = [] : (tensor<i1>) -> tensor<4xi1>
  %0 = hlo.or %p, %tb : tensor<4xi1>
  %m = hlo.constant dense<2147483647> : tensor<i32>
  %mb = hlo.broadcast_in_dim %m, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %1 = hlo.and %x, %mb : tensor<4xi32>
  return %0, %1 : tensor<4xi1>, tensor<4xi32>
}
