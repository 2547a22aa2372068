// RUN: xla-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// The generic zero-element-result-to-constant (passes/src/empty_results.rs) and
// reduce-of-empty (dialects/src/hlo/reduce_patterns.rs).

// An op without side effects whose result has no elements is the empty literal; what fed it
// dies. Identities on such values give the constant too, not an operand.
// CHECK-LABEL: func.func @empty_results
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<{{\[}}[], [], []]> : tensor<3x0xf32>
// CHECK-NEXT:    return %[[C]], %[[C]]
func.func @empty_results(%x: tensor<3x0xf32>, %y: tensor<3x4xf32>) -> (tensor<3x0xf32>, tensor<3x0xf32>) {
  %two = hlo.constant dense<2.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<3x0xf32>
  %0 = hlo.multiply %x, %b : tensor<3x0xf32>
  %1 = hlo.slice %y [0:3, 1:1] : (tensor<3x4xf32>) -> tensor<3x0xf32>
  return %0, %1 : tensor<3x0xf32>, tensor<3x0xf32>
}

// -----

// Ops with side effects keep running, whatever their result.
// CHECK-LABEL: func.func @side_effects
// CHECK:         hlo.rng_bit_generator
func.func @side_effects(%s: tensor<2xui64>) -> tensor<0xui32> {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0xui32>)
  return %0#1 : tensor<0xui32>
}

// -----

// reduce-of-empty: reducing no elements gives the initial value, broadcast to the result.
// CHECK-LABEL: func.func @reduce_of_empty
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<3x0xf32>, %[[INIT:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    %[[B:.+]] = hlo.broadcast_in_dim %[[INIT]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    return %[[INIT]], %[[B]]
func.func @reduce_of_empty(%x: tensor<3x0xf32>, %init: tensor<f32>) -> (tensor<f32>, tensor<3xf32>) {
  %0 = hlo.reduce(%x init : %init) dimensions = [0, 1] : (tensor<3x0xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce(%x init : %init) dimensions = [1] : (tensor<3x0xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %0, %1 : tensor<f32>, tensor<3xf32>
}

// -----

// A reduction of elements stays.
// CHECK-LABEL: func.func @reduce_of_elements
// CHECK:         hlo.reduce
func.func @reduce_of_elements(%x: tensor<3x2xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %0 = hlo.reduce(%x init : %init) dimensions = [1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<3xf32>
}
