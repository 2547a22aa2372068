// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file --mlir-print-op-generic | FileCheck %s

// Shape inference made visible: result types the custom form does not write are inferred
// (and show up in the generic form), and result types that are written are checked
// against the inferred ones, where a dynamic dimension is compatible with a static one.

// hlo.constant's custom form writes only the literal: the result type is the literal's.
// CHECK-LABEL: "builtin.module"() ({
// CHECK:         "hlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
// CHECK-NEXT:    "hlo.constant"() {value = dense<0.0> : tensor<2x2xbf16>} : () -> tensor<2x2xbf16>
func.func @constant() {
  %0 = hlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %1 = hlo.constant dense<0.0> : tensor<2x2xbf16>
  return
}

// -----

// The elementwise custom form writes one type: both operands and the result have it.
// CHECK-LABEL: "builtin.module"() ({
// CHECK:         "hlo.multiply"(%{{.+}}, %{{.+}}) : (tensor<2x?xf16>, tensor<2x?xf16>) -> tensor<2x?xf16>
func.func @elementwise(%x: tensor<2x?xf16>) {
  %0 = hlo.multiply %x, %x : tensor<2x?xf16>
  return
}

// -----

// A generic elementwise op may mix a dynamic and a static dimension; the result may be
// the merged, static type.
// CHECK-LABEL: "builtin.module"() ({
// CHECK:         "hlo.add"(%{{.+}}, %{{.+}}) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    "hlo.add"(%{{.+}}, %{{.+}}) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
func.func @merged(%a: tensor<?x3xf32>, %b: tensor<2x3xf32>) {
  %0 = "hlo.add"(%a, %b) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "hlo.add"(%a, %b) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return
}

// -----

// dot_general's written result is checked against the inferred one: a dynamic dimension
// is accepted where inference gives a static one, and dynamic operand dimensions carry
// through.
// CHECK-LABEL: "builtin.module"() ({
// CHECK:         "hlo.dot_general"(%{{.+}}, %{{.+}}) {{.+}} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<?x5xf32>
// CHECK-NEXT:    "hlo.dot_general"(%{{.+}}, %{{.+}}) {{.+}} : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
func.func @dot_general(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>, %c: tensor<?x3xf32>, %d: tensor<3x?xf32>) {
  %0 = "hlo.dot_general"(%a, %b) {lhs_batching_dims = array<i64>, lhs_contracting_dims = array<i64: 1>, rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 1>} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<?x5xf32>
  %1 = hlo.dot_general %c, %d, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

// Each reduce result has the inputs' shape without the reduced dimensions and the
// element type of its init value.
// CHECK-LABEL: "builtin.module"() ({
// CHECK:         "hlo.reduce"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// CHECK:         }) {dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
func.func @reduce(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xi32>, %x0: tensor<f32>, %y0: tensor<i32>) {
  %0:2 = hlo.reduce(%x, %y init: %x0, %y0) dimensions = [1] : (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    hlo.return %a, %b : tensor<f32>, tensor<i32>
  }
  return
}
