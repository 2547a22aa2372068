// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// The greedy driver erases trivially dead ops: registered Pure, not a terminator, no
// result used. Erasing one revisits its operands' producers, so whole unused expressions
// go. Ops with regions go with their regions; unregistered ops and calls stay.

// CHECK-LABEL: func.func @dead_chain
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %{{.+}}: tensor<2x2xf32>)
// CHECK-NOT:     hlo.
// CHECK:         func.return %[[X]]
func.func @dead_chain(%x: tensor<2xf32>, %w: tensor<2x2xf32>) -> tensor<2xf32> {
  %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = hlo.add %x, %c : tensor<2xf32>
  %1 = hlo.maximum %0, %x : tensor<2xf32>
  %2 = hlo.broadcast_in_dim %1, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %3 = hlo.dot_general %2, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %x : tensor<2xf32>
}

// -----

// A dead reduce goes with its reducer.
// CHECK-LABEL: func.func @dead_reduce
// CHECK-NOT:     hlo.reduce
// CHECK-NOT:     hlo.add
// CHECK:         func.return
func.func @dead_reduce(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %x : tensor<2x3xf32>
}

// -----

// Dead ops inside a live reducer go; the reducer's terminator stays.
// CHECK-LABEL: func.func @dead_in_reducer
// CHECK:         ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<f32>
func.func @dead_in_reducer(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %dead = hlo.multiply %a, %b : tensor<f32>
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

// Unregistered ops and calls have unknown effects: they stay, and so do their operands.
// CHECK-LABEL: func.func @kept
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[X]] : tensor<2xf32>
// CHECK-NEXT:    %{{.+}} = "foo.op"(%[[A]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %{{.+}} = func.call @kept(%[[X]])
// CHECK-NEXT:    func.return %[[X]]
func.func @kept(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.add %x, %x : tensor<2xf32>
  %1 = "foo.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = func.call @kept(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %x : tensor<2xf32>
}
