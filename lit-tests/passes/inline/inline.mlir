// RUN: xla-opt %s --split-input-file --inline | FileCheck %s
// RUN: xla-opt %s --split-input-file --inline --symbol-dce | FileCheck %s --check-prefix=DCE

// A call is replaced by the callee's body, its parameters read as the call's operands and
// its results as what the callee returns; calls exposed by inlining are inlined too.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[ZERO:.+]] = hlo.constant dense<0.0> : tensor<4xf32>
// CHECK-NEXT:    %[[RELU:.+]] = hlo.maximum %[[X]], %[[ZERO]] : tensor<4xf32>
// CHECK-NEXT:    %[[SUM:.+]] = hlo.add %[[RELU]], %[[Y]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[SUM]] : tensor<4xf32>
// CHECK-NOT:     call
// CHECK-LABEL: func.func private @relu_plus
// CHECK-LABEL: func.func private @relu

// DCE-LABEL: func.func @main
// DCE-NOT:   func.func private

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @relu_plus(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @relu_plus(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.call @relu(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.add %0, %b : tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @relu(%a: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.maximum %a, %zero : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Calls nested in regions are inlined into the region; the callee's own regions are
// copied whole.

// CHECK-LABEL: func.func @in_a_loop
// CHECK:         hlo.while
// CHECK:           %[[S:.+]] = hlo.reduce
// CHECK:             hlo.add
// CHECK:           hlo.return %[[S]]
// CHECK-NOT:     call @

func.func @in_a_loop(%x: tensor<8xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.while(%zero) : tensor<f32> cond {
  ^bb0(%acc: tensor<f32>):
    %p = hlo.compare LT, %acc, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%acc: tensor<f32>):
    %s = func.call @sum(%x) : (tensor<8xf32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func private @sum(%x: tensor<8xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %zero) dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.add %a, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// Recursion is left alone (XLA has none): a call inside its own callee stays.

// CHECK-LABEL: func.func @recursive
// CHECK:         func.call @recursive
func.func @recursive(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @recursive(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
