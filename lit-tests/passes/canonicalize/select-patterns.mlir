// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// select-of-constant-predicate, select-of-same-choices and
// select-of-nan-propagating-choice (dialects/src/hlo/select_patterns.rs).

// A constant predicate picks one choice whole: a 0-d one, a broadcast one, a splat.
// CHECK-LABEL: func.func @constant_predicate
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<4xf32>)
// CHECK-NOT:     hlo.select
// CHECK:         func.return %[[A]], %[[B]], %[[B]]
func.func @constant_predicate(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = hlo.constant dense<true> : tensor<i1>
  %0 = hlo.select %t, %a, %b : tensor<i1>, tensor<4xf32>
  %f = hlo.constant dense<false> : tensor<i1>
  %fb = hlo.broadcast_in_dim %f, dims = [] : (tensor<i1>) -> tensor<4xi1>
  %1 = hlo.select %fb, %a, %b : tensor<4xi1>, tensor<4xf32>
  %fs = hlo.constant dense<[false, false, false, false]> : tensor<4xi1>
  %2 = hlo.select %fs, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Predicates that differ from element to element still select.
// CHECK-LABEL: func.func @mixed_predicate
// CHECK:         hlo.select
func.func @mixed_predicate(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// select(p, a, a) == a.
// CHECK-LABEL: func.func @same_choices
// CHECK-SAME:    (%[[P:[^:]+]]: tensor<2xi1>, %[[A:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    func.return %[[A]]
func.func @same_choices(%p: tensor<2xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.select %p, %a, %a : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Where x is NaN, x + 0.0 and 2.0 * x are x: the select takes x itself (JAX's logaddexp).
// With x == x as the test, the NaN choice is the second one.
// CHECK-LABEL: func.func @nan_propagating
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[NAN:.+]] = hlo.compare NE, %[[X]], %[[X]]
// CHECK-NEXT:    %[[S0:.+]] = hlo.select %[[NAN]], %[[X]], %[[Y]]
// CHECK-NEXT:    %[[NUM:.+]] = hlo.compare EQ, %[[X]], %[[X]]
// CHECK-NEXT:    %[[S1:.+]] = hlo.select %[[NUM]], %[[Y]], %[[X]]
// CHECK-NEXT:    func.return %[[S0]], %[[S1]]
func.func @nan_propagating(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zb = hlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %nan = hlo.compare NE, %x, %x, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %sum = hlo.add %x, %zb : tensor<4xf32>
  %0 = hlo.select %nan, %sum, %y : tensor<4xi1>, tensor<4xf32>
  %two = hlo.constant dense<2.0> : tensor<4xf32>
  %num = hlo.compare EQ, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %prod = hlo.multiply %two, %x : tensor<4xf32>
  %1 = hlo.select %num, %y, %prod : tensor<4xi1>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Not rewritten: the arithmetic is taken where x is not NaN, its constant is a NaN (whose
// payload could win), the op does not propagate NaNs the same way (maximum), or the
// predicate tests another value.
// CHECK-LABEL: func.func @not_nan_propagating
// CHECK:         %[[SUM:.+]] = hlo.add
// CHECK:         hlo.select %{{.+}}, %{{.+}}, %[[SUM]]
// CHECK:         %[[NSUM:.+]] = hlo.add
// CHECK:         hlo.select %{{.+}}, %[[NSUM]], %{{.+}}
// CHECK:         %[[MAX:.+]] = hlo.maximum
// CHECK:         hlo.select %{{.+}}, %[[MAX]], %{{.+}}
// CHECK:         hlo.select %{{.+}}, %[[SUM]], %{{.+}}
func.func @not_nan_propagating(%x: tensor<4xf32>, %y: tensor<4xf32>, %w: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %qnan = hlo.constant dense<0x7FC00001> : tensor<4xf32>
  %nan = hlo.compare NE, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %sum = hlo.add %x, %one : tensor<4xf32>
  %0 = hlo.select %nan, %y, %sum : tensor<4xi1>, tensor<4xf32>
  %nsum = hlo.add %x, %qnan : tensor<4xf32>
  %1 = hlo.select %nan, %nsum, %y : tensor<4xi1>, tensor<4xf32>
  %max = hlo.maximum %x, %one : tensor<4xf32>
  %2 = hlo.select %nan, %max, %y : tensor<4xi1>, tensor<4xf32>
  %other = hlo.compare NE, %w, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = hlo.select %other, %sum, %y : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
