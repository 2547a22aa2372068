// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.broadcast_in_dim: `dims = [...]` in the custom form, `broadcast_dimensions` in the
// generic form; the result type is written, not inferred.

// CHECK-LABEL: func.func @bias
// CHECK-SAME:    (%[[B:.+]]: tensor<16xf32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    func.return %[[R]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.broadcast_in_dim"(%{{.+}}) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<4x16xf32>
func.func @bias(%b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// A scalar broadcast has no dimensions to map.
// CHECK-LABEL: func.func @scalar
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.broadcast_in_dim"(%{{.+}}) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>
func.func @scalar(%s: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Dimensions may be permuted, a size-1 dimension expands, and the identity mapping is valid.
// CHECK-LABEL: func.func @mappings
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [2, 0] : (tensor<1x3xi32>) -> tensor<3x4x5xi32>
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3xi32>
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<?x3xi32>
func.func @mappings(%o: tensor<1x3xi32>) {
  %0 = hlo.broadcast_in_dim %o, dims = [2, 0] : (tensor<1x3xi32>) -> tensor<3x4x5xi32>
  %1 = hlo.broadcast_in_dim %o, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3xi32>
  %2 = hlo.broadcast_in_dim %o, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<?x3xi32>
  return
}
