// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `reshape-reshape`.
// STATS: remark: simplify @reshape_reshape: {{.*}} reshape-reshape=
// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.reshape %[[ARG0]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<3x2xf32>
func.func @reshape_reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// Rule `transpose-identity`.
// STATS: remark: simplify @transpose_identity: {{.*}} transpose-identity=
// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<2x3xf32>
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Rule `transpose-transpose`.
// STATS: remark: simplify @transpose_transpose: {{.*}} transpose-transpose=
// CHECK-LABEL: func.func @transpose_transpose
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x3x2xf32>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.transpose %[[ARG0]], dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    func.return %[[ARG0]], %[[V0]] : tensor<2x3x4xf32>, tensor<4x3x2xf32>
func.func @transpose_transpose(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x3x2xf32>) {
  %0 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = hlo.transpose %0, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %2 = hlo.transpose %0, dims = [1, 0, 2] : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32>
  return %1, %2 : tensor<2x3x4xf32>, tensor<4x3x2xf32>
}

// -----

// Rule `broadcast-identity`.
// STATS: remark: simplify @broadcast_identity: {{.*}} broadcast-identity=
// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<2x3xf32>
func.func @broadcast_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Rule `broadcast-broadcast`.
// STATS: remark: simplify @broadcast_broadcast: {{.*}} broadcast-broadcast=
// CHECK-LABEL: func.func @broadcast_broadcast
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.broadcast_in_dim %[[ARG0]], dims = [2] : (tensor<3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x4x3xf32>
func.func @broadcast_broadcast(%x: tensor<3xf32>) -> tensor<2x4x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}

// -----

// Rule `reshape-of-scalar-broadcast`.
// STATS: remark: simplify @reshape_of_scalar_broadcast: {{.*}} reshape-of-scalar-broadcast=
// CHECK-LABEL: func.func @reshape_of_scalar_broadcast
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.broadcast_in_dim %[[ARG0]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x3xf32>
func.func @reshape_of_scalar_broadcast(%x: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
