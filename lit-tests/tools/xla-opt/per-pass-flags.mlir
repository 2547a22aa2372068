// RUN: xla-opt %s --cse | FileCheck %s --check-prefix=CSE
// RUN: xla-opt %s --cse --canonicalize | FileCheck %s --check-prefix=BOTH
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse))' --canonicalize | FileCheck %s --check-prefix=BOTH
// RUN: xla-opt %s | FileCheck %s --check-prefix=NONE

// Each registered pass is a flag (`--cse`, `--canonicalize[=options]`, `--dce`); flags run
// in command-line order after --pass-pipeline. The input repeats a broadcast, adds -0.0,
// multiplies by one and has an unused product.

// CSE-LABEL: func.func @main
// CSE:         %[[B:.+]] = hlo.broadcast_in_dim
// CSE-NOT:     hlo.broadcast_in_dim
// CSE:         hlo.multiply %[[B]], %[[B]]
// CSE:         hlo.add %{{.+}}, %[[B]]
// CSE:         hlo.constant dense<-0.0>

// BOTH-LABEL: func.func @main
// BOTH-SAME:    (%[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>, %[[BIAS:.+]]: tensor<16xf32>)
// BOTH-NEXT:    %[[H:.+]] = hlo.dot_general %[[X]], %[[W]]
// BOTH-NEXT:    %[[B:.+]] = hlo.broadcast_in_dim %[[BIAS]], dims = [1]
// BOTH-NEXT:    %[[S:.+]] = hlo.add %[[H]], %[[B]] : tensor<4x16xf32>
// BOTH-NEXT:    func.return %[[S]] : tensor<4x16xf32>

// NONE-LABEL: func.func @main
// NONE-COUNT-2: hlo.broadcast_in_dim
// NONE:         hlo.multiply
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
  %h = hlo.dot_general %x, %w, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b1 = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %b2 = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %unused = hlo.multiply %b1, %b2 : tensor<4x16xf32>
  %hb = hlo.add %h, %b2 : tensor<4x16xf32>
  %minus_zero = hlo.constant dense<-0.0> : tensor<4x16xf32>
  %sum = hlo.add %hb, %minus_zero : tensor<4x16xf32>
  %ones = hlo.constant dense<1.0> : tensor<4x16xf32>
  %scaled = hlo.multiply %ones, %sum : tensor<4x16xf32>
  func.return %scaled : tensor<4x16xf32>
}
