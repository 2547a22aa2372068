// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CSE (passes/src/cse.rs) merges a Pure op into an earlier equivalent one that dominates
// it: same name, operands, attributes and result types, with a commutative op's operands
// compared in either order. Uses are redirected to the earlier op.

// CHECK-LABEL: func.func @duplicates
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[Y:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %[[A]], %[[X]] : tensor<2xf32>
// CHECK-NOT:     hlo.
// CHECK:         func.return %[[A]], %[[A]], %[[M]], %[[M]]
func.func @duplicates(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = hlo.add %x, %y : tensor<2xf32>
  %b = hlo.add %x, %y : tensor<2xf32>
  // Equal once %b is replaced by %a: merging chains.
  %c = hlo.multiply %a, %x : tensor<2xf32>
  %d = hlo.multiply %b, %x : tensor<2xf32>
  return %a, %b, %c, %d : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Commutative ops (add, multiply, maximum) match with their operands in either order.
// CHECK-LABEL: func.func @commutative
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xi32>, %[[Y:[^:]+]]: tensor<2xi32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[Y]]
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %[[Y]], %[[X]]
// CHECK-NEXT:    %[[MAX:.+]] = hlo.maximum %[[X]], %[[Y]]
// CHECK-NEXT:    func.return %[[A]], %[[A]], %[[M]], %[[M]], %[[MAX]], %[[MAX]]
func.func @commutative(%x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = hlo.add %x, %y : tensor<2xi32>
  %1 = hlo.add %y, %x : tensor<2xi32>
  %2 = hlo.multiply %y, %x : tensor<2xi32>
  %3 = hlo.multiply %x, %y : tensor<2xi32>
  %4 = hlo.maximum %x, %y : tensor<2xi32>
  %5 = hlo.maximum %y, %x : tensor<2xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// ...but not x + x with x + y, nor a non-commutative op with its operands swapped.
// CHECK-LABEL: func.func @different_operands
// CHECK:         hlo.add %[[X:[^,]+]], %[[X]]
// CHECK-NEXT:    hlo.add %[[X]], %[[Y:[^ ]+]]
// CHECK-NEXT:    hlo.dot_general %[[X2:[^,]+]], %[[Y2:[^,]+]],
// CHECK-NEXT:    hlo.dot_general %[[Y2]], %[[X2]],
func.func @different_operands(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = hlo.add %x, %x : tensor<2x2xf32>
  %1 = hlo.add %x, %y : tensor<2x2xf32>
  %2 = hlo.dot_general %x, %y, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = hlo.dot_general %y, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// Equal constants merge; different literals do not.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    %[[ONE:.+]] = hlo.constant dense<1.0> : tensor<2xf32>
// CHECK-NEXT:    %[[TWO:.+]] = hlo.constant dense<2.0> : tensor<2xf32>
// CHECK-NEXT:    func.return %[[ONE]], %[[ONE]], %[[TWO]]
func.func @constants() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = hlo.constant dense<1.0> : tensor<2xf32>
  %b = hlo.constant dense<1.0> : tensor<2xf32>
  %c = hlo.constant dense<2.0> : tensor<2xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// A duplicate that nothing uses is erased all the same.
// CHECK-LABEL: func.func @unused_duplicate
// CHECK-COUNT-1: hlo.dot_general
// CHECK-NOT:     hlo.dot_general
func.func @unused_duplicate(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %a = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}

// -----

// Ops with side effects are never merged: unregistered ops and calls.
// CHECK-LABEL: func.func @effects
// CHECK-COUNT-2: "foo.op"(%{{.+}})
// CHECK-COUNT-2: func.call @effects
func.func @effects(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = "foo.op"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %b = "foo.op"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %c:4 = func.call @effects(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %d:4 = func.call @effects(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %a, %b, %c#0, %d#0 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Each function is its own scope: the same expression in two functions stays in both.
// CHECK-LABEL: func.func @first
// CHECK:         hlo.constant dense<7>
// CHECK-LABEL: func.func @second
// CHECK:         hlo.constant dense<7>
func.func @first() -> tensor<i32> {
  %c = hlo.constant dense<7> : tensor<i32>
  return %c : tensor<i32>
}
func.func @second() -> tensor<i32> {
  %c = hlo.constant dense<7> : tensor<i32>
  return %c : tensor<i32>
}
