// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.dot_general: the custom form writes the dimension numbers as `lhs x rhs` lists; the
// generic form holds them in four array<i64> attributes.

// A matrix product.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<3x5xf32>)
// CHECK-NEXT:    %[[D:.+]] = hlo.dot_general %[[A]], %[[B]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    func.return %[[D]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.dot_general"(%{{.+}}, %{{.+}}) {lhs_batching_dims = array<i64>, lhs_contracting_dims = array<i64: 1>, rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<2x5xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// A batched matrix product: batch dimensions first, then lhs's free, then rhs's free.
// CHECK-LABEL: func.func @batched
// CHECK-NEXT:    hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.dot_general"(%{{.+}}, %{{.+}}) {lhs_batching_dims = array<i64: 0>, lhs_contracting_dims = array<i64: 2>, rhs_batching_dims = array<i64: 0>, rhs_contracting_dims = array<i64: 1>} : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
func.func @batched(%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>) -> tensor<4x2x5xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  return %0 : tensor<4x2x5xf32>
}

// -----

// Two batching dimensions paired out of order, contraction over the last dimensions.
// CHECK-LABEL: func.func @two_batch_dims
// CHECK-NEXT:    hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [0, 1] x [1, 0], contracting_dims = [3] x [3] : (tensor<2x3x4x5xi32>, tensor<3x2x6x5xi32>) -> tensor<2x3x4x6xi32>
func.func @two_batch_dims(%a: tensor<2x3x4x5xi32>, %b: tensor<3x2x6x5xi32>) -> tensor<2x3x4x6xi32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0, 1] x [1, 0], contracting_dims = [3] x [3] : (tensor<2x3x4x5xi32>, tensor<3x2x6x5xi32>) -> tensor<2x3x4x6xi32>
  return %0 : tensor<2x3x4x6xi32>
}

// -----

// A dot product of vectors gives a 0-d tensor; no contraction gives an outer product.
// CHECK-LABEL: func.func @vector_cases
// CHECK-NEXT:    hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT:    hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
func.func @vector_cases(%v: tensor<3xf32>) -> (tensor<f32>, tensor<3x3xf32>) {
  %0 = hlo.dot_general %v, %v, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = hlo.dot_general %v, %v, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<f32>, tensor<3x3xf32>
}

// -----

// The optional precision_config, one precision per operand, prints in the attribute
// dictionary.
// CHECK-LABEL: func.func @precision
// CHECK-NEXT:    hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [] x [], contracting_dims = [1] x [1] {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.dot_general"(%{{.+}}, %{{.+}}) {lhs_batching_dims = array<i64>, lhs_contracting_dims = array<i64: 1>, precision_config = ["DEFAULT", "HIGHEST"], rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 1>}
func.func @precision(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) -> tensor<2x5xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
