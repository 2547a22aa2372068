// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s

// compare-of-constants and compare-of-predicate-and-constant
// (dialects/src/hlo/compare_patterns.rs).

// compare-of-constants: scalars fold to a predicate constant; signed integers compare as
// signed, unsigned ones as unsigned.
// CHECK-LABEL: func.func @scalars
// CHECK-DAG:     %[[F:.+]] = hlo.constant dense<false> : tensor<i1>
// CHECK-DAG:     %[[T:.+]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NOT:     hlo.compare
// CHECK:         func.return %[[F]], %[[T]]
func.func @scalars() -> (tensor<i1>, tensor<i1>) {
  %a = hlo.constant dense<100> : tensor<i32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.compare LT, %a, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %b = hlo.constant dense<200> : tensor<ui8>
  %c = hlo.constant dense<100> : tensor<ui8>
  %1 = hlo.compare GT, %b, %c : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
  return %0, %1 : tensor<i1>, tensor<i1>
}

// -----

// Through a broadcast scalar constant, elementwise; NaN is unordered and unequal.
// CHECK-LABEL: func.func @through_broadcast
// CHECK-DAG:     %[[LE:.+]] = hlo.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-DAG:     %[[GT:.+]] = hlo.constant dense<[false, true, false]> : tensor<3xi1>
// CHECK-DAG:     %[[NE:.+]] = hlo.constant dense<[false, false, true]> : tensor<3xi1>
// CHECK-NOT:     hlo.compare
// CHECK:         func.return %[[LE]], %[[GT]], %[[NE]]
func.func @through_broadcast() -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %v = hlo.constant dense<[-1.0, 2.0, 0x7FC00000]> : tensor<3xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %0 = hlo.compare LE, %v, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %1 = hlo.compare GT, %v, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %2 = hlo.compare NE, %v, %v, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// Two broadcasts give a splat, spelled as a broadcast scalar constant again.
// CHECK-LABEL: func.func @splat_result
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NEXT:    %[[B:.+]] = hlo.broadcast_in_dim %[[C]], dims = [] : (tensor<i1>) -> tensor<4xi1>
// CHECK-NEXT:    func.return %[[B]]
func.func @splat_result() -> tensor<4xi1> {
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %a = hlo.broadcast_in_dim %one, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %b = hlo.broadcast_in_dim %two, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %0 = hlo.compare LT, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Not folded: a non-constant operand, a total order, complex numbers.
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-3: hlo.compare
func.func @not_folded(%x: tensor<f32>) -> (tensor<i1>, tensor<i1>, tensor<i1>) {
  %c = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.compare LT, %x, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = hlo.compare LT, %c, %c, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %z = hlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %2 = hlo.compare EQ, %z, %z : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
  return %0, %1, %2 : tensor<i1>, tensor<i1>, tensor<i1>
}

// -----

// compare-of-predicate-and-constant: p != false == p and true == p is p.
// CHECK-LABEL: func.func @predicate_identities
// CHECK-SAME:    (%[[P:.+]]: tensor<4xi1>)
// CHECK-NOT:     hlo.compare
// CHECK:         func.return %[[P]], %[[P]]
func.func @predicate_identities(%p: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %f = hlo.constant dense<false> : tensor<i1>
  %fb = hlo.broadcast_in_dim %f, dims = [] : (tensor<i1>) -> tensor<4xi1>
  %0 = hlo.compare NE, %p, %fb, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %t = hlo.constant dense<true> : tensor<4xi1>
  %1 = hlo.compare EQ, %t, %p : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// p == false is a negation, and integers have no such identity.
// CHECK-LABEL: func.func @not_identities
// CHECK-COUNT-2: hlo.compare
func.func @not_identities(%p: tensor<i1>, %i: tensor<i32>) -> (tensor<i1>, tensor<i1>) {
  %f = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.compare EQ, %p, %f : (tensor<i1>, tensor<i1>) -> tensor<i1>
  %z = hlo.constant dense<0> : tensor<i32>
  %1 = hlo.compare NE, %i, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0, %1 : tensor<i1>, tensor<i1>
}

// -----

// compare-default-type: the element type's default comparison type is dropped, so the
// spellings with and without it are one comparison for CSE; TOTALORDER stays.
// CHECK-LABEL: func.func @default_type
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<4xi32>, %[[U:[^:]+]]: tensor<4xui32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.compare LT, %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[B:.+]] = hlo.compare LT, %[[I]], %[[I]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[C:.+]] = hlo.compare LT, %[[U]], %[[U]] : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[D:.+]] = hlo.compare LT, %[[X]], %[[Y]], TOTALORDER
// CHECK-NEXT:    return %[[A]], %[[A]], %[[B]], %[[C]], %[[D]]
func.func @default_type(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare LT, %x, %y, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = hlo.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = hlo.compare LT, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = hlo.compare LT, %u, %u, NOTYPE : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %4 = hlo.compare LT, %x, %y, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
