// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-debuginfo | xla-opt --split-input-file | FileCheck %s

// Printing is a fixed point: what xla-opt prints reads back to the same print, from the
// custom form, from the generic form and with locations. Each RUN line checks the same
// output.

// CHECK-LABEL: func.func @mlp
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf32>, %[[W1:.+]]: tensor<8x16xf32>, %[[B1:.+]]: tensor<16xf32>, %[[W2:.+]]: tensor<16x4xf32>, %[[B2:.+]]: tensor<4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT:    %[[H:.+]] = hlo.dot_general %[[X]], %[[W1]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    %[[BB1:.+]] = hlo.broadcast_in_dim %[[B1]], dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    %[[HB:.+]] = hlo.add %[[H]], %[[BB1]] : tensor<4x16xf32>
// CHECK-NEXT:    %[[Z:.+]] = hlo.constant dense<0.0> : tensor<4x16xf32>
// CHECK-NEXT:    %[[RELU:.+]] = hlo.maximum %[[HB]], %[[Z]] : tensor<4x16xf32>
// CHECK-NEXT:    %[[Y:.+]] = hlo.dot_general %[[RELU]], %[[W2]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %[[BB2:.+]] = hlo.broadcast_in_dim %[[B2]], dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %[[OUT:.+]] = hlo.add %[[Y]], %[[BB2]] : tensor<4x4xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<4x4xf32>
// CHECK-NEXT:  }
func.func @mlp(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
               %w2: tensor<16x4xf32>, %b2: tensor<4xf32>) -> tensor<4x4xf32> {
  %h = hlo.dot_general %x, %w1, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bias1 = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %hb = hlo.add %h, %bias1 : tensor<4x16xf32>
  %zeros = hlo.constant dense<0.0> : tensor<4x16xf32>
  %relu = hlo.maximum %hb, %zeros : tensor<4x16xf32>
  %y = hlo.dot_general %relu, %w2, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %bias2 = hlo.broadcast_in_dim %b2, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %out = hlo.add %y, %bias2 : tensor<4x4xf32>
  return %out : tensor<4x4xf32>
}

// -----

// A module as JAX prints it: a name, visibility, argument and result attributes, and
// function attributes.

// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
// CHECK-NEXT:    func.func public @main(%[[A:.+]]: tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = ""}) attributes {test.fn} {
// CHECK-NEXT:      %[[R:.+]] = func.call @helper(%[[A]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @helper(%[[B:.+]]: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:      %[[M:.+]] = hlo.multiply %[[B]], %[[B]] : tensor<2xf32>
// CHECK-NEXT:      func.return %[[M]] : tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = ""}) attributes {test.fn} {
    %0 = call @helper(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @helper(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = hlo.multiply %arg0, %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// Functions without results, with several results, and declarations.

// CHECK-LABEL: func.func @no_results() {
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @two_results
// CHECK-SAME:    -> (tensor<f32>, tensor<i32>) {
// CHECK-LABEL: func.func private @declaration(tensor<f32>) -> tensor<f32>{{$}}
func.func @no_results() {
  return
}
func.func @two_results(%a: tensor<f32>, %b: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  return %a, %b : tensor<f32>, tensor<i32>
}
func.func private @declaration(tensor<f32>) -> tensor<f32>

// -----

// A terminator with no operands in a declarative format: `hlo.return` alone.

// CHECK-LABEL: func.func @empty_return
// CHECK:         "test.region"() ({
// CHECK-NEXT:      hlo.return{{$}}
// CHECK-NEXT:    }) : () -> ()
func.func @empty_return() {
  "test.region"() ({
    hlo.return
  }) : () -> ()
  func.return
}
