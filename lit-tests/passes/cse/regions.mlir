// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CSE scopes: a region sees the ops of the blocks enclosing its op (they dominate it),
// but sibling regions never see each other, and ops with regions are not merged.

// Two reduces with equal reducers: neither the reduces nor the ops of their reducers are
// merged (each reducer is a sibling region of the other).
// CHECK-LABEL: func.func @sibling_regions
// CHECK:         %[[R0:.+]] = hlo.reduce
// CHECK:           hlo.add
// CHECK-NEXT:      hlo.constant dense<1.0>
// CHECK-NEXT:      hlo.multiply
// CHECK:         %[[R1:.+]] = hlo.reduce
// CHECK:           hlo.add
// CHECK-NEXT:      hlo.constant dense<1.0>
// CHECK-NEXT:      hlo.multiply
// CHECK:         func.return %[[R0]], %[[R1]]
func.func @sibling_regions(%x: tensor<2x3xf32>, %z: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    %c = hlo.constant dense<1.0> : tensor<f32>
    %t = hlo.multiply %s, %c : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  %1 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    %c = hlo.constant dense<1.0> : tensor<f32>
    %t = hlo.multiply %s, %c : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// An op in the reducer equal to one defined before the reduce is replaced by it.
// CHECK-LABEL: func.func @enclosing_scope
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>, %[[Z:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    %[[ONE:.+]] = hlo.constant dense<1.0> : tensor<f32>
// CHECK-NEXT:    hlo.reduce
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[ONE]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]]
func.func @enclosing_scope(%x: tensor<2x3xf32>, %z: tensor<f32>) -> (tensor<2xf32>, tensor<f32>) {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.constant dense<1.0> : tensor<f32>
    %s = hlo.add %a, %c : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0, %one : tensor<2xf32>, tensor<f32>
}

// -----

// An op after the reduce is not replaced by one inside the reducer (which does not
// dominate it), but duplicates within one reducer are merged.
// CHECK-LABEL: func.func @inner_does_not_leak
// CHECK:         hlo.reduce
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[TWO:.+]] = hlo.constant dense<2.0> : tensor<f32>
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[TWO]] : tensor<f32>
// CHECK-NEXT:      %[[T:.+]] = hlo.add %[[S]], %[[TWO]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[T]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OUTER:.+]] = hlo.constant dense<2.0> : tensor<f32>
// CHECK-NEXT:    func.return %{{.+}}, %[[OUTER]]
func.func @inner_does_not_leak(%x: tensor<2x3xf32>, %z: tensor<f32>) -> (tensor<2xf32>, tensor<f32>) {
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.constant dense<2.0> : tensor<f32>
    %s = hlo.add %a, %c : tensor<f32>
    %d = hlo.constant dense<2.0> : tensor<f32>
    %t = hlo.add %s, %d : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  %two = hlo.constant dense<2.0> : tensor<f32>
  return %0, %two : tensor<2xf32>, tensor<f32>
}
