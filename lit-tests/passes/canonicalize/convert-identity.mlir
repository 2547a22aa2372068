// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// convert-identity: convert_element_type(x) : T == x when x : T.

// CHECK-LABEL: func.func @same_type
// CHECK-SAME:    (%[[X:.+]]: tensor<8xi32>)
// CHECK-NOT:     hlo.convert_element_type
// CHECK:         return %[[X]]
func.func @same_type(%x: tensor<8xi32>) -> tensor<8xi32> {
  %0 = hlo.convert_element_type %x : (tensor<8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// A real conversion stays.

// CHECK-LABEL: func.func @to_float
// CHECK:         hlo.convert_element_type %{{.*}} : (tensor<8xi32>) -> tensor<8xf32>
func.func @to_float(%x: tensor<8xi32>) -> tensor<8xf32> {
  %0 = hlo.convert_element_type %x : (tensor<8xi32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
