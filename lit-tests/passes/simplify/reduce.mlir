// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// A reduce whose reducer is one known binary op is modeled (its reducer named in the
// payload) and written back with a fresh region.

// Rule `reduce-of-broadcast`.
// STATS: remark: simplify @reduce_of_broadcast: {{.*}} reduce-of-broadcast=
// CHECK-LABEL: func.func @reduce_of_broadcast
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.maximum %[[ARG0]], %[[V0]] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<3xf32>
func.func @reduce_of_broadcast(%x: tensor<3xf32>) -> tensor<3xf32> {
  %init = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %1 = hlo.reduce(%0 init: %init) dimensions = [0] : (tensor<5x3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %1 : tensor<3xf32>
}

// -----

// Rule `reduce-add-of-broadcast-int`.
// STATS: remark: simplify @reduce_add_of_broadcast_int: {{.*}} reduce-add-of-broadcast-int=
// CHECK-LABEL: func.func @reduce_add_of_broadcast_int
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<3xi32>, %[[ARG1:[^:]+]]: tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<4> : tensor<i32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.multiply %[[ARG0]], %[[V0]] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT:    %[[V2:.+]] = hlo.add %[[V1]], %[[ARG1]] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<3xi32>
func.func @reduce_add_of_broadcast_int(%x: tensor<3xi32>, %init: tensor<i32>) -> tensor<3xi32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi32>) -> tensor<3x4xi32>
  %1 = hlo.reduce(%0 init: %init) dimensions = [1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %1 : tensor<3xi32>
}

// -----

// Rule `reduce-of-reshape`.
// STATS: remark: simplify @reduce_of_reshape: {{.*}} reduce-of-reshape=
// CHECK-LABEL: func.func @reduce_of_reshape
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x6xf32>, %[[ARG1:[^:]+]]: tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.reduce(%[[ARG0]] init : %[[ARG1]]) dimensions = [0, 1] : (tensor<2x6xf32>, tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    ^bb0(%[[ARG2:[^:]+]]: tensor<f32>, %[[ARG3:[^:]+]]: tensor<f32>):
// CHECK-NEXT:    %[[V1:.+]] = hlo.add %[[ARG2]], %[[ARG3]] : tensor<f32>
// CHECK-NEXT:    hlo.return %[[V1]] : tensor<f32>
func.func @reduce_of_reshape(%x: tensor<2x6xf32>, %init: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  %1 = hlo.reduce(%0 init: %init) dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %1 : tensor<f32>
}
