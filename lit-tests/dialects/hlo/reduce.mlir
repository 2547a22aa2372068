// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.reduce with its reducer region, terminated by hlo.return. The generic form lists
// the inputs then the init values as one operand list, and the region before the
// attributes.

// CHECK-LABEL: func.func @row_sum
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>, %[[Z:.+]]: tensor<f32>) -> tensor<2xf32> {
// CHECK-NEXT:    %[[R:.+]] = hlo.reduce(%[[X]] init : %[[Z]]) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
// CHECK-NEXT:    ^bb0(%[[ACC:.+]]: tensor<f32>, %[[E:.+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[ACC]], %[[E]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %[[R:.+]] = "hlo.reduce"(%[[X:.+]], %[[Z:.+]]) ({
// GENERIC-NEXT:    ^bb0(%[[ACC:.+]]: tensor<f32>, %[[E:.+]]: tensor<f32>):
// GENERIC-NEXT:      %[[S:.+]] = "hlo.add"(%[[ACC]], %[[E]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT:      "hlo.return"(%[[S]]) : (tensor<f32>) -> ()
// GENERIC-NEXT:    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
func.func @row_sum(%x: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %acc, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

// A variadic reduce: two inputs, two init values, two results; the reducer takes the two
// accumulators then the two elements, and returns two values.
// CHECK-LABEL: func.func @max_and_index
// CHECK-SAME:    (%[[V:[^:]+]]: tensor<4x5xf32>, %[[I:[^:]+]]: tensor<4x5xi32>, %[[V0:[^:]+]]: tensor<f32>, %[[I0:[^:]+]]: tensor<i32>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.reduce(%[[V]], %[[I]] init : %[[V0]], %[[I0]]) dimensions = [0] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<i32>, %[[C:[^:]+]]: tensor<f32>, %[[D:[^:]+]]: tensor<i32>):
// CHECK-NEXT:      %[[M:.+]] = hlo.maximum %[[A]], %[[C]] : tensor<f32>
// CHECK-NEXT:      %[[N:.+]] = hlo.maximum %[[B]], %[[D]] : tensor<i32>
// CHECK-NEXT:      hlo.return %[[M]], %[[N]] : tensor<f32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]#0, %[[R]]#1 : tensor<5xf32>, tensor<5xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:2 = "hlo.reduce"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:         }) {dimensions = array<i64: 0>} : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
func.func @max_and_index(%v: tensor<4x5xf32>, %i: tensor<4x5xi32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = hlo.reduce(%v, %i init: %v0, %i0) dimensions = [0] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %m = hlo.maximum %a, %c : tensor<f32>
    %n = hlo.maximum %b, %d : tensor<i32>
    hlo.return %m, %n : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// Reducing every dimension, in any order, gives a 0-d tensor; reducing none keeps the shape.
// CHECK-LABEL: func.func @all_and_none
// CHECK:         hlo.reduce(%{{.+}} init : %{{.+}}) dimensions = [2, 0, 1] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32> {
// CHECK:         hlo.reduce(%{{.+}} init : %{{.+}}) dimensions = [] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<2x3x4xi32> {
func.func @all_and_none(%x: tensor<2x3x4xi32>, %zero: tensor<i32>) -> (tensor<i32>, tensor<2x3x4xi32>) {
  %0 = hlo.reduce(%x init: %zero) dimensions = [2, 0, 1] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32> {
  ^bb0(%acc: tensor<i32>, %e: tensor<i32>):
    %s = hlo.add %acc, %e : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  %1 = hlo.reduce(%x init: %zero) dimensions = [] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<2x3x4xi32> {
  ^bb0(%acc: tensor<i32>, %e: tensor<i32>):
    %s = hlo.multiply %acc, %e : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %0, %1 : tensor<i32>, tensor<2x3x4xi32>
}

// -----

// The reducer may use values defined above the reduce.
// CHECK-LABEL: func.func @captures
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<8xf32>, %[[Z:[^:]+]]: tensor<f32>, %[[SCALE:[^:]+]]: tensor<f32>)
// CHECK:         ^bb0(%[[ACC:[^:]+]]: tensor<f32>, %[[E:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[P:.+]] = hlo.multiply %[[E]], %[[SCALE]] : tensor<f32>
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[ACC]], %[[P]] : tensor<f32>
func.func @captures(%x: tensor<8xf32>, %zero: tensor<f32>, %scale: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %zero) dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %p = hlo.multiply %e, %scale : tensor<f32>
    %s = hlo.add %acc, %p : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
