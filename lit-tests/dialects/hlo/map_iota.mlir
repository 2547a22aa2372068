// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.map with its scalar computation, terminated by hlo.return; hlo.iota with its
// dimension. The generic form puts the computation before the attributes.

// CHECK-LABEL: func.func @map_sum
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4x2xf32>, %[[B:[^:]+]]: tensor<4x2xf32>) -> tensor<4x2xf32> {
// CHECK-NEXT:    %[[R:.+]] = hlo.map(%[[A]], %[[B]]) dimensions = [0, 1] : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32> {
// CHECK-NEXT:    ^bb0(%[[X:[^:]+]]: tensor<f32>, %[[Y:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[X]], %[[Y]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : tensor<4x2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %[[R:.+]] = "hlo.map"(%{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%[[X:[^:]+]]: tensor<f32>, %[[Y:[^:]+]]: tensor<f32>):
// GENERIC-NEXT:      %[[S:.+]] = "hlo.add"(%[[X]], %[[Y]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT:      "hlo.return"(%[[S]]) : (tensor<f32>) -> ()
// GENERIC-NEXT:    }) {dimensions = array<i64: 0, 1>} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
func.func @map_sum(%a: tensor<4x2xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = hlo.map(%a, %b) dimensions = [0, 1] : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4x2xf32>
}

// -----

// The result element type is the computation's: here a comparison of an f32 and an i32
// input converted to f32. Inputs of compatible shapes merge; a 0-d map has no dimensions.
// CHECK-LABEL: func.func @map_to_predicates
// CHECK-NEXT:    hlo.map(%{{.+}}, %{{.+}}) dimensions = [0] : (tensor<?xf32>, tensor<3xi32>) -> tensor<3xi1> {
// CHECK-NEXT:    ^bb0(%[[X:[^:]+]]: tensor<f32>, %[[I:[^:]+]]: tensor<i32>):
// CHECK-NEXT:      %[[C:.+]] = hlo.convert_element_type %[[I]] : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT:      %[[P:.+]] = hlo.compare LT, %[[X]], %[[C]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      hlo.return %[[P]] : tensor<i1>
// CHECK-NEXT:    }
// CHECK:         hlo.map(%{{.+}}) dimensions = [] : (tensor<f64>) -> tensor<f64> {
func.func @map_to_predicates(%x: tensor<?xf32>, %i: tensor<3xi32>, %s: tensor<f64>) {
  %0 = hlo.map(%x, %i) dimensions = [0] : (tensor<?xf32>, tensor<3xi32>) -> tensor<3xi1> {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    %c = hlo.convert_element_type %b : (tensor<i32>) -> tensor<f32>
    %p = hlo.compare LT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }
  %1 = hlo.map(%s) dimensions = [] : (tensor<f64>) -> tensor<f64> {
  ^bb0(%a: tensor<f64>):
    %n = hlo.negate %a : tensor<f64>
    hlo.return %n : tensor<f64>
  }
  return
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK-NEXT:    hlo.iota dim = 0 : tensor<4x8xi32>
// CHECK-NEXT:    hlo.iota dim = 1 : tensor<4x8xf32>
// CHECK-NEXT:    hlo.iota dim = 0 : tensor<5xcomplex<f64>>
// CHECK-NEXT:    hlo.iota dim = 1 {x.tag = "t"} : tensor<?x<=16xui8>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.iota"() {iota_dimension = 0} : () -> tensor<4x8xi32>
// GENERIC:         "hlo.iota"() {iota_dimension = 1, x.tag = "t"} : () -> tensor<?x<=16xui8>
func.func @iota() {
  %0 = hlo.iota dim = 0 : tensor<4x8xi32>
  %1 = hlo.iota dim = 1 : tensor<4x8xf32>
  %2 = hlo.iota dim = 0 : tensor<5xcomplex<f64>>
  %3 = hlo.iota dim = 1 {x.tag = "t"} : tensor<?x<=16xui8>
  return
}
