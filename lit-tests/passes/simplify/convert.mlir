// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `convert-convert`.
// STATS: remark: simplify @convert_convert: {{.*}} convert-convert=
// CHECK-LABEL: func.func @convert_convert
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi64>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.convert_element_type %[[ARG1]] : (tensor<4xi8>) -> tensor<4xi64>
// CHECK-NEXT:    func.return %[[ARG0]], %[[V0]] : tensor<4xf32>, tensor<4xi64>
func.func @convert_convert(%x: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = hlo.convert_element_type %x : (tensor<4xf32>) -> tensor<4xf64>
  %1 = hlo.convert_element_type %0 : (tensor<4xf64>) -> tensor<4xf32>
  %2 = hlo.convert_element_type %i : (tensor<4xi8>) -> tensor<4xi32>
  %3 = hlo.convert_element_type %2 : (tensor<4xi32>) -> tensor<4xi64>
  return %1, %3 : tensor<4xf32>, tensor<4xi64>
}
