// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(dce)' | FileCheck %s
// RUN: xla-opt %s --split-input-file --dce | FileCheck %s

// DCE (passes/src/dce.rs) erases Pure ops whose results are unused, transitively: erasing
// a user may leave its operands' producers dead. It neither folds nor merges anything.

// CHECK-LABEL: func.func @transitive
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>
// CHECK-NEXT:    func.return %[[X]]
func.func @transitive(%x: tensor<2xf32>, %w: tensor<2x2xf32>) -> tensor<2xf32> {
  %c = hlo.constant dense<1.0> : tensor<2xf32>
  %a = hlo.add %x, %c : tensor<2xf32>
  %b = hlo.multiply %a, %a : tensor<2xf32>
  %m = hlo.maximum %b, %x : tensor<2xf32>
  %bc = hlo.broadcast_in_dim %m, dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
  %d = hlo.dot_general %bc, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %x : tensor<2xf32>
}

// -----

// Only the dead part of an expression goes: %a is still used by the return.
// CHECK-LABEL: func.func @partly_dead
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<1.0>
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[C]]
// CHECK-NEXT:    func.return %[[A]]
func.func @partly_dead(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = hlo.constant dense<1.0> : tensor<2xf32>
  %a = hlo.add %x, %c : tensor<2xf32>
  %b = hlo.multiply %a, %c : tensor<2xf32>
  return %a : tensor<2xf32>
}

// -----

// Nothing is folded: 1.0 * x stays as written when it is used.
// CHECK-LABEL: func.func @no_folding
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<2xf32>
func.func @no_folding(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = hlo.constant dense<1.0> : tensor<2xf32>
  %0 = hlo.multiply %one, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Ops of unknown dialects are kept, whether their results are used or not, and so are
// the ops they use. func.call is not Pure either.
// CHECK-LABEL: func.func @unknown_ops
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[X]]
// CHECK-NEXT:    %{{.+}} = "foo.op"(%[[A]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    "foo.sink"(%[[X]]) : (tensor<2xf32>) -> ()
// CHECK-NEXT:    %{{.+}} = func.call @unknown_ops(%[[X]])
// CHECK-NEXT:    func.return %[[X]]
func.func @unknown_ops(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = hlo.add %x, %x : tensor<2xf32>
  %u = "foo.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  "foo.sink"(%x) : (tensor<2xf32>) -> ()
  %r = func.call @unknown_ops(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %x : tensor<2xf32>
}

// -----

// A dead reduce goes with its reducer; inside a live one, dead ops go and the terminator
// stays.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[R:.+]] = hlo.reduce
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[B]]
// CHECK-NEXT:      hlo.return %[[S]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]
func.func @regions(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %dead = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %live = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = hlo.multiply %a, %b : tensor<f32>
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %live : tensor<2xf32>
}

// -----

// Declarations and empty functions are left as they are; DCE runs over every function.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @decl(tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    func.func @g(%{{.+}}: tensor<2xf32>) {
// CHECK-NEXT:      func.return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>
func.func @g(%x: tensor<2xf32>) {
  %0 = hlo.add %x, %x : tensor<2xf32>
  return
}
