// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{disable-patterns=commutative-constant-to-right}))' | FileCheck %s --check-prefix=DISABLED

// The generic pattern commutative-constant-to-right (passes/src/commute_constants.rs):
// op(c, x) == op(x, c) for a commutative op, a constant c and a non-constant x. Every
// commutative hlo op gets its constant on the right; non-commutative ops and ops whose
// operands are both constants or both not are left alone.

// CHECK-LABEL: func.func @to_the_right
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<3.0> : tensor<2xf32>
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %[[X]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:    %[[MAX:.+]] = hlo.maximum %[[X]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:    func.return %[[A]], %[[M]], %[[MAX]]
// DISABLED-LABEL: func.func @to_the_right
// DISABLED-SAME:    (%[[X:.+]]: tensor<2xf32>)
// DISABLED-NEXT:    %[[C:.+]] = hlo.constant dense<3.0> : tensor<2xf32>
// DISABLED-NEXT:    hlo.add %[[C]], %[[X]] : tensor<2xf32>
// DISABLED-NEXT:    hlo.multiply %[[C]], %[[X]] : tensor<2xf32>
// DISABLED-NEXT:    hlo.maximum %[[C]], %[[X]] : tensor<2xf32>
func.func @to_the_right(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %c = hlo.constant dense<3.0> : tensor<2xf32>
  %0 = hlo.add %c, %x : tensor<2xf32>
  %1 = hlo.multiply %c, %x : tensor<2xf32>
  %2 = hlo.maximum %c, %x : tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Already on the right, or two non-constants: unchanged operand order.
// CHECK-LABEL: func.func @unchanged
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xi32>, %[[Y:[^:]+]]: tensor<2xi32>)
// CHECK:         hlo.maximum %[[X]], %[[C:[^ ]+]] : tensor<2xi32>
// CHECK-NEXT:    hlo.maximum %[[Y]], %[[X]] : tensor<2xi32>
func.func @unchanged(%x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %c = hlo.constant dense<5> : tensor<2xi32>
  %0 = hlo.maximum %x, %c : tensor<2xi32>
  %1 = hlo.maximum %y, %x : tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// Two constants are never swapped (that would undo itself): hlo.maximum has no folder,
// so the op stays as written.
// CHECK-LABEL: func.func @two_constants
// CHECK-DAG:     %[[A:.+]] = hlo.constant dense<1.0> : tensor<f32>
// CHECK-DAG:     %[[B:.+]] = hlo.constant dense<2.0> : tensor<f32>
// CHECK:         hlo.maximum %[[A]], %[[B]] : tensor<f32>
func.func @two_constants() -> tensor<f32> {
  %a = hlo.constant dense<1.0> : tensor<f32>
  %b = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.maximum %a, %b : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// dot_general is not commutative: its constant operand stays on the left.
// CHECK-LABEL: func.func @not_commutative
// CHECK-SAME:    (%[[X:.+]]: tensor<2x2xf32>)
// CHECK:         %[[C:.+]] = hlo.constant dense<2.0> : tensor<2x2xf32>
// CHECK:         hlo.dot_general %[[C]], %[[X]],
func.func @not_commutative(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %c = hlo.constant dense<2.0> : tensor<2x2xf32>
  %0 = hlo.dot_general %c, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Inside a reducer, a constant operand moves right too.
// CHECK-LABEL: func.func @in_region
// CHECK:         ^bb0(%[[ACC:[^:]+]]: tensor<f32>, %[[E:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[C:.+]] = hlo.constant dense<2.0> : tensor<f32>
// CHECK-NEXT:      %[[M:.+]] = hlo.multiply %[[E]], %[[C]] : tensor<f32>
func.func @in_region(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %c = hlo.constant dense<2.0> : tensor<f32>
    %m = hlo.multiply %c, %e : tensor<f32>
    %s = hlo.add %acc, %m : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
