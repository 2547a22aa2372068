// RUN: xla-opt %s --split-input-file --fusion | FileCheck %s

// Multi-output fusion (heuristic SIBLINGS_SHARE_AN_OPERAND): siblings reading one value
// with outputs of one shape merge, unless a path joins them.

// Layernorm's sum and sum of squares: two reductions of x into one input fusion.
// CHECK-LABEL: func.func @layernorm_moments
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[F:.+]]:2 = hlo.fusion(%[[X]]) kind = input : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK:           %[[S:.+]] = hlo.reduce
// CHECK:           hlo.multiply
// CHECK:           %[[SS:.+]] = hlo.reduce
// CHECK:           hlo.return %[[S]], %[[SS]]
// CHECK:         func.return %[[F]]#0, %[[F]]#1
func.func @layernorm_moments(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %sq = hlo.multiply %x, %x : tensor<4x8xf32>
  %sumsq = hlo.reduce(%sq init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %sum, %sumsq : tensor<4xf32>, tensor<4xf32>
}

// -----

// Two elementwise functions of one operand: one loop fusion with two results.
// CHECK-LABEL: func.func @siblings_of_one_operand
// CHECK-NEXT:    %[[F:.+]]:2 = hlo.fusion(%{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.exponential
// CHECK-NEXT:      hlo.log
// CHECK-NEXT:      hlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[F]]#0, %[[F]]#1
func.func @siblings_of_one_operand(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// -----

// Cycle avoidance: the second reduction reads x and, through an unfused sort, the first
// reduction; merging the two would make a cycle through the sort, so they stay apart.
// CHECK-LABEL: func.func @no_merge_through_a_path
// CHECK:         %[[SUM:.+]] = hlo.reduce
// CHECK:         %[[SORTED:.+]] = hlo.sort(%[[SUM]])
// CHECK:         %[[VAR:.+]] = hlo.fusion(%[[SORTED]], %{{.+}}) kind = input
// CHECK:         func.return %[[SUM]], %[[VAR]]
func.func @no_merge_through_a_path(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %sorted = hlo.sort(%sum) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  %bs = hlo.broadcast_in_dim %sorted, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %c = hlo.subtract %x, %bs : tensor<4x8xf32>
  %sq = hlo.multiply %c, %c : tensor<4x8xf32>
  %var = hlo.reduce(%sq init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %sum, %var : tensor<4xf32>, tensor<4xf32>
}

// -----

// Ops with effects keep their order, so siblings on either side of them do not merge: the
// first sibling feeds @consume, the second reads @produce's result, and @consume runs before
// @produce, so one fusion of both would have to run both before and after them.

// CHECK-LABEL: func.func @siblings_across_effects
// CHECK:         %[[A:.*]] = hlo.fusion(%arg0) kind = loop
// CHECK:           hlo.exponential
// CHECK:         hlo.custom_call @consume(%[[A]])
// CHECK:         %[[W:.*]] = hlo.custom_call @produce()
// CHECK:         %[[B:.*]] = hlo.fusion(%arg0, %[[W]]) kind = loop
// CHECK:           hlo.add
// CHECK:         func.return %[[B]]
func.func @siblings_across_effects(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = hlo.exponential %x : tensor<4xf32>
  %a2 = hlo.negate %a : tensor<4xf32>
  hlo.custom_call @consume(%a2) {has_side_effect = true} : (tensor<4xf32>) -> ()
  %w = hlo.custom_call @produce() {has_side_effect = true} : () -> tensor<4xf32>
  %b = hlo.add %x, %w : tensor<4xf32>
  %c = hlo.multiply %b, %x : tensor<4xf32>
  func.return %c : tensor<4xf32>
}
