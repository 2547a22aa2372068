// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// An elementwise op whose operand types are only compatible with its result type (an
// unknown dimension beside a static one) cannot be said with the custom form's single type,
// so it prints its functional type, which reads back exactly.

// CHECK-LABEL: func.func @merged_dims
// CHECK:         hlo.add %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xf32>
func.func @merged_dims(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "hlo.add"(%a, %b) : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Equal types keep the custom form.

// CHECK-LABEL: func.func @equal_types
// CHECK:         hlo.multiply %{{.*}}, %{{.*}} : tensor<2xf32>
func.func @equal_types(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "hlo.multiply"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
