// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `dot-transpose-lhs`.
// STATS: remark: simplify @dot_transpose_lhs: {{.*}} dot-transpose-lhs=
// CHECK-LABEL: func.func @dot_transpose_lhs
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<3x2xf32>, %[[ARG1:[^:]+]]: tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.dot_general %[[ARG0]], %[[ARG1]], batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x4xf32>
func.func @dot_transpose_lhs(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %1 = hlo.dot_general %0, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// Rule `dot-transpose-rhs`.
// STATS: remark: simplify @dot_transpose_rhs: {{.*}} dot-transpose-rhs=
// CHECK-LABEL: func.func @dot_transpose_rhs
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>, %[[ARG1:[^:]+]]: tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.dot_general %[[ARG0]], %[[ARG1]], batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x4xf32>
func.func @dot_transpose_rhs(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %0 = hlo.transpose %b, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %1 = hlo.dot_general %a, %0, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// Rule `dot-zero-int`.
// STATS: remark: simplify @dot_zero_int: {{.*}} dot-zero-int=
// CHECK-LABEL: func.func @dot_zero_int
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xi32>) -> tensor<2x4xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0> : tensor<2x4xi32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x4xi32>
func.func @dot_zero_int(%a: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %z = hlo.constant dense<0> : tensor<3x4xi32>
  %0 = hlo.dot_general %a, %z, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
