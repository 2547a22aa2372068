// RUN: xla-opt %s --split-input-file --fusion | FileCheck %s

// Output fusion (kind = output, heuristic DOT_BIAS_ACTIVATION): a dot, its bias add and
// an activation.

// CHECK-LABEL: func.func @dense_relu
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<8x16xf32>, %[[W:[^:]+]]: tensor<16x32xf32>, %[[B:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT:    %[[F:.+]] = hlo.fusion(%[[X]], %[[W]], %[[B]]) kind = output
// CHECK-NEXT:    ^bb0(%[[A0:[^:]+]]: tensor<8x16xf32>, %[[A1:[^:]+]]: tensor<16x32xf32>, %[[A2:[^:]+]]: tensor<32xf32>):
// CHECK-NEXT:      %[[Z:.+]] = hlo.constant dense<0.0{{.*}}> : tensor<8x32xf32>
// CHECK-NEXT:      %[[D:.+]] = hlo.dot_general %[[A0]], %[[A1]]
// CHECK-NEXT:      %[[BB:.+]] = hlo.broadcast_in_dim %[[A2]]
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[D]], %[[BB]]
// CHECK-NEXT:      %[[M:.+]] = hlo.maximum %[[S]], %[[Z]]
// CHECK-NEXT:      hlo.return %[[M]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[F]]
func.func @dense_relu(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = hlo.constant dense<0.0> : tensor<8x32xf32>
  %d = hlo.dot_general %x, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
  %a = hlo.add %d, %bb : tensor<8x32xf32>
  %r = hlo.maximum %a, %zero : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// Without an activation; the bias may be either operand.
// CHECK-LABEL: func.func @dot_bias_only
// CHECK-NEXT:    hlo.fusion(%{{.+}}, %{{.+}}, %{{.+}}) kind = output
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %[[D:.+]] = hlo.dot
// CHECK-NEXT:      %[[S:.+]] = hlo.add %{{.+}}, %[[D]]
// CHECK-NEXT:      hlo.return %[[S]]
func.func @dot_bias_only(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %d = hlo.dot %x, %w : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %a = hlo.add %b, %d : tensor<8x32xf32>
  return %a : tensor<8x32xf32>
}

// -----

// A dot whose result is also read elsewhere keeps it in a buffer: no output fusion, and
// no producer fuses into a dot.
// CHECK-LABEL: func.func @dot_used_twice_is_not_fused
// CHECK-NOT:     hlo.fusion
// CHECK:         func.return
func.func @dot_used_twice_is_not_fused(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %d = hlo.dot %x, %w : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %a = hlo.add %d, %b : tensor<8x32xf32>
  return %a, %d : tensor<8x32xf32>, tensor<8x32xf32>
}
