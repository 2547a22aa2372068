// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{fast-math=true stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{fast-math=true stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `add-positive-zero`.
// STATS: remark: simplify @add_positive_zero: {{.*}} add-positive-zero=
// CHECK-LABEL: func.func @add_positive_zero
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @add_positive_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.add %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `multiply-zero-float`.
// STATS: remark: simplify @multiply_zero_float: {{.*}} multiply-zero-float=
// CHECK-LABEL: func.func @multiply_zero_float
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0.0> : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @multiply_zero_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.multiply %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `subtract-self-float`.
// STATS: remark: simplify @subtract_self_float: {{.*}} subtract-self-float=
// CHECK-LABEL: func.func @subtract_self_float
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0.0> : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @subtract_self_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.subtract %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `dot-zero-float`.
// STATS: remark: simplify @dot_zero_float: {{.*}} dot-zero-float=
// CHECK-LABEL: func.func @dot_zero_float
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0.0> : tensor<2x4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x4xf32>
func.func @dot_zero_float(%a: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %z = hlo.constant dense<0.0> : tensor<3x4xf32>
  %0 = hlo.dot_general %a, %z, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Rule `log-of-exp`.
// STATS: remark: simplify @log_of_exp: {{.*}} log-of-exp=
// CHECK-LABEL: func.func @log_of_exp
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @log_of_exp(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.exponential %x : tensor<4xf32>
  %1 = hlo.log %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Rule `exp-of-log`.
// STATS: remark: simplify @exp_of_log: {{.*}} exp-of-log=
// CHECK-LABEL: func.func @exp_of_log
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @exp_of_log(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.log %x : tensor<4xf32>
  %1 = hlo.exponential %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Rule `reciprocal-of-reciprocal`.
// STATS: remark: simplify @reciprocal_of_reciprocal: {{.*}} reciprocal-of-reciprocal=
// CHECK-LABEL: func.func @reciprocal_of_reciprocal
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @reciprocal_of_reciprocal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.divide %one, %x : tensor<4xf32>
  %1 = hlo.divide %one, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Rule `reassociate-add`.
// STATS: remark: simplify @reassociate_add: {{.*}} reassociate-add=
// CHECK-LABEL: func.func @reassociate_add
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<3.0> : tensor<4xf32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.add %[[ARG0]], %[[V0]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<4xf32>
func.func @reassociate_add(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = hlo.constant dense<1.0> : tensor<4xf32>
  %c2 = hlo.constant dense<2.0> : tensor<4xf32>
  %0 = hlo.add %x, %c1 : tensor<4xf32>
  %1 = hlo.add %0, %c2 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Rule `factor-multiply`.
// STATS: remark: simplify @factor_multiply: {{.*}} factor-multiply=
// CHECK-LABEL: func.func @factor_multiply
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xf32>, %[[ARG2:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.add %[[ARG1]], %[[ARG2]] : tensor<4xf32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.multiply %[[ARG0]], %[[V0]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<4xf32>
func.func @factor_multiply(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.multiply %x, %y : tensor<4xf32>
  %1 = hlo.multiply %x, %z : tensor<4xf32>
  %2 = hlo.add %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
