// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.compare: `hlo.compare DIRECTION, %lhs, %rhs[, TYPE] : functional type`, as StableHLO
// writes it. The generic form stores the direction and type as strings; the result has i1
// elements and the operands' broadcast shape.

// CHECK-LABEL: func.func @directions
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<2xf32>, %[[B:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    hlo.compare EQ, %[[A]], %[[B]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    hlo.compare NE, %[[A]], %[[B]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    hlo.compare GE, %[[A]], %[[B]], FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    hlo.compare GT, %[[A]], %[[B]], TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    hlo.compare LE, %[[A]], %[[B]], NOTYPE : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    hlo.compare LT, %[[B]], %[[A]] {x.tag = "t"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.compare"(%{{.+}}, %{{.+}}) {comparison_direction = "EQ"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// GENERIC:         "hlo.compare"(%{{.+}}, %{{.+}}) {compare_type = "TOTALORDER", comparison_direction = "GT"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// GENERIC:         "hlo.compare"(%{{.+}}, %{{.+}}) {comparison_direction = "LT", x.tag = "t"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
func.func @directions(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  %0 = hlo.compare EQ, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = hlo.compare NE, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %2 = hlo.compare GE, %a, %b, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %3 = hlo.compare GT, %a, %b, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %4 = hlo.compare LE, %a, %b, NOTYPE : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %5 = hlo.compare LT, %b, %a {x.tag = "t"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

// Each element type with the comparison types that fit it.
// CHECK-LABEL: func.func @element_types
// CHECK-NEXT:    hlo.compare LT, %{{.+}}, %{{.+}}, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
// CHECK-NEXT:    hlo.compare GT, %{{.+}}, %{{.+}}, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
// CHECK-NEXT:    hlo.compare NE, %{{.+}}, %{{.+}}, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT:    hlo.compare EQ, %{{.+}}, %{{.+}}, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
// CHECK-NEXT:    hlo.compare GE, %{{.+}}, %{{.+}} : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xi1>
func.func @element_types(%i: tensor<3xi32>, %u: tensor<3xui8>, %p: tensor<3xi1>, %z: tensor<3xcomplex<f32>>, %h: tensor<3xbf16>) {
  %0 = hlo.compare LT, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %1 = hlo.compare GT, %u, %u, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  %2 = hlo.compare NE, %p, %p, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %3 = hlo.compare EQ, %z, %z, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  %4 = hlo.compare GE, %h, %h : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xi1>
  return
}

// -----

// Implicit broadcasting, as for the other binary ops.
// CHECK-LABEL: func.func @broadcasting
// CHECK-NEXT:    hlo.compare GT, %{{.+}}, %{{.+}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    hlo.compare EQ, %{{.+}}, %{{.+}}, SIGNED : (tensor<i32>, tensor<?x4xi32>) -> tensor<?x4xi1>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.compare"(%{{.+}}, %{{.+}}) {broadcast_dimensions = array<i64: 1>, comparison_direction = "GT"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @broadcasting(%x: tensor<2x3xf32>, %b: tensor<3xf32>, %s: tensor<i32>, %d: tensor<?x4xi32>) {
  %0 = hlo.compare GT, %x, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = hlo.compare EQ, %s, %d, SIGNED : (tensor<i32>, tensor<?x4xi32>) -> tensor<?x4xi1>
  return
}

// -----

// The direction may also come from the attribute dictionary; it prints as the keyword.
// CHECK-LABEL: func.func @direction_in_the_dictionary
// CHECK-NEXT:    hlo.compare NE, %{{.+}}, %{{.+}}, SIGNED : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
func.func @direction_in_the_dictionary(%a: tensor<2xi8>) {
  %0 = hlo.compare %a, %a, SIGNED {comparison_direction = "NE"} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
  return
}
