// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The elementwise binary ops: `hlo.add`, `hlo.multiply` and `hlo.maximum`. The custom form
// writes the one type of both operands and the result; the generic form spells all three.

// CHECK-LABEL: func.func @float_ops
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %[[A]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[MAX:.+]] = hlo.maximum %[[M]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[MAX]] : tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         ^bb0(%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>):
// GENERIC-NEXT:    %[[A:.+]] = "hlo.add"(%[[X]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    %[[M:.+]] = "hlo.multiply"(%[[A]], %[[X]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    %[[MAX:.+]] = "hlo.maximum"(%[[M]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "func.return"(%[[MAX]]) : (tensor<2x3xf32>) -> ()
func.func @float_ops(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %x, %y : tensor<2x3xf32>
  %1 = hlo.multiply %0, %x : tensor<2x3xf32>
  %2 = hlo.maximum %1, %y : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// Integers, unsigned integers, predicates and complex numbers are numbers too; 0-d
// tensors are tensors.
// CHECK-LABEL: func.func @element_types
// CHECK:         hlo.add %{{.+}}, %{{.+}} : tensor<i8>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<4xui32>
// CHECK:         hlo.maximum %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK:         hlo.add %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<3xbf16>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.add"(%{{.+}}, %{{.+}}) : (tensor<i8>, tensor<i8>) -> tensor<i8>
// GENERIC:         "hlo.multiply"(%{{.+}}, %{{.+}}) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
// GENERIC:         "hlo.maximum"(%{{.+}}, %{{.+}}) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
func.func @element_types(%a: tensor<i8>, %b: tensor<4xui32>, %c: tensor<2xi1>, %d: tensor<2xcomplex<f64>>, %e: tensor<3xbf16>) {
  %0 = hlo.add %a, %a : tensor<i8>
  %1 = hlo.multiply %b, %b : tensor<4xui32>
  %2 = hlo.maximum %c, %c : tensor<2xi1>
  %3 = hlo.add %d, %d : tensor<2xcomplex<f64>>
  %4 = hlo.multiply %e, %e : tensor<3xbf16>
  return
}

// -----

// Dynamic dimensions; extra attributes print before the type.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:    %{{.+}} = hlo.add %[[X]], %[[X]] {x.tag = "t"} : tensor<?x4xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.add"(%{{.+}}, %{{.+}}) {x.tag = "t"} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = hlo.add %x, %x {x.tag = "t"} : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
