// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The algebraic identities of the hlo.add, hlo.multiply and hlo.subtract folders
// (dialects/src/hlo/fold.rs): each replaces the op by its other operand, and the now
// unused constant is erased. Each holds exactly, NaNs and signed zeros included.

// x * 1 == x (floats).
// CHECK-LABEL: func.func @mul_one_float
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NOT:     hlo.multiply
// CHECK-NOT:     hlo.constant
// CHECK:         func.return %[[X]]
func.func @mul_one_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = hlo.constant dense<1.0> : tensor<2xf32>
  %0 = hlo.multiply %x, %one : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// 1 * x == x (integers; the constant on the left).
// CHECK-LABEL: func.func @one_mul_int
// CHECK-SAME:    (%[[X:.+]]: tensor<2xi32>)
// CHECK-NOT:     hlo.multiply
// CHECK:         func.return %[[X]]
func.func @one_mul_int(%x: tensor<2xi32>) -> tensor<2xi32> {
  %one = hlo.constant dense<[1, 1]> : tensor<2xi32>
  %0 = hlo.multiply %one, %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// x + 0 == x and 0 + x == x (integers).
// CHECK-LABEL: func.func @add_zero_int
// CHECK-SAME:    (%[[X:.+]]: tensor<3xi64>)
// CHECK-NOT:     hlo.add
// CHECK:         func.return %[[X]], %[[X]]
func.func @add_zero_int(%x: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
  %zero = hlo.constant dense<0> : tensor<3xi64>
  %0 = hlo.add %x, %zero : tensor<3xi64>
  %1 = hlo.add %zero, %x : tensor<3xi64>
  return %0, %1 : tensor<3xi64>, tensor<3xi64>
}

// -----

// x + (-0.0) == x (floats): -0.0 + -0.0 == -0.0 and y + -0.0 == y otherwise.
// CHECK-LABEL: func.func @add_negative_zero
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NOT:     hlo.add
// CHECK:         func.return %[[X]], %[[X]]
func.func @add_negative_zero(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %splat = hlo.constant dense<-0.0> : tensor<2xf32>
  %list = hlo.constant dense<[-0.0, -0.0]> : tensor<2xf32>
  %0 = hlo.add %x, %splat : tensor<2xf32>
  %1 = hlo.add %list, %x : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// x + (+0.0) is NOT x for floats: -0.0 + 0.0 == +0.0. The add stays.
// CHECK-LABEL: func.func @add_positive_zero_is_kept
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK:         %[[ZERO:.+]] = hlo.constant dense<0.0> : tensor<2xf32>
// CHECK:         %[[SUM:.+]] = hlo.add %[[X]], %[[ZERO]] : tensor<2xf32>
// CHECK:         func.return %[[SUM]]
func.func @add_positive_zero_is_kept(%x: tensor<2xf32>) -> tensor<2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<2xf32>
  %0 = hlo.add %x, %zero : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Nor is a literal that is the identity only in some elements, or x * 0.
// CHECK-LABEL: func.func @not_identities
// CHECK:         hlo.add %{{.+}}, %{{.+}} : tensor<2xf32>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<2xf32>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<2xi32>
func.func @not_identities(%x: tensor<2xf32>, %y: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) {
  %mixed_zero = hlo.constant dense<[-0.0, 0.0]> : tensor<2xf32>
  %0 = hlo.add %x, %mixed_zero : tensor<2xf32>
  %one_two = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = hlo.multiply %x, %one_two : tensor<2xf32>
  %zero = hlo.constant dense<0> : tensor<2xi32>
  %2 = hlo.multiply %y, %zero : tensor<2xi32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xi32>
}

// -----

// On predicates, add is `or` and multiply is `and`: x or false == x, x and true == x.
// CHECK-LABEL: func.func @predicates
// CHECK-SAME:    (%[[X:.+]]: tensor<2xi1>)
// CHECK-NOT:     hlo.add
// CHECK-NOT:     hlo.multiply
// CHECK:         func.return %[[X]], %[[X]]
func.func @predicates(%x: tensor<2xi1>) -> (tensor<2xi1>, tensor<2xi1>) {
  %false = hlo.constant dense<false> : tensor<2xi1>
  %true = hlo.constant dense<true> : tensor<2xi1>
  %0 = hlo.add %x, %false : tensor<2xi1>
  %1 = hlo.multiply %x, %true : tensor<2xi1>
  return %0, %1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// Identities chain: ((x * 1) + 0) * 1 == x.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.+]]: tensor<4xi32>)
// CHECK-NEXT:    func.return %[[X]]
func.func @chain(%x: tensor<4xi32>) -> tensor<4xi32> {
  %one = hlo.constant dense<1> : tensor<4xi32>
  %zero = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.multiply %x, %one : tensor<4xi32>
  %1 = hlo.add %0, %zero : tensor<4xi32>
  %2 = hlo.multiply %one, %1 : tensor<4xi32>
  return %2 : tensor<4xi32>
}

// -----

// The other operand replaces the op only when it has the result's type: here it does
// (a dynamic operand, a static constant, a dynamic result).
// CHECK-LABEL: func.func @dynamic_operand
// CHECK-SAME:    (%[[X:.+]]: tensor<?xf32>)
// CHECK-NEXT:    func.return %[[X]] : tensor<?xf32>
func.func @dynamic_operand(%x: tensor<?xf32>) -> tensor<?xf32> {
  %one = hlo.constant dense<1.0> : tensor<2xf32>
  %0 = "hlo.multiply"(%x, %one) : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// ...and here it does not (a dynamic operand, a static result), so the op stays.
// CHECK-LABEL: func.func @refined_result
// GENERIC-LABEL: sym_name = "dynamic_operand"
// GENERIC:         ^bb0(%[[X:.+]]: tensor<?xf32>):
// GENERIC-NEXT:    %[[ONE:.+]] = "hlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
// GENERIC-NEXT:    %[[P:.+]] = "hlo.multiply"(%[[X]], %[[ONE]]) : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xf32>
// GENERIC-NEXT:    "func.return"(%[[P]]) : (tensor<2xf32>) -> ()
func.func @refined_result(%x: tensor<?xf32>) -> tensor<2xf32> {
  %one = hlo.constant dense<1.0> : tensor<2xf32>
  %0 = "hlo.multiply"(%x, %one) : (tensor<?xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// x - 0 == x (integers) and x - (+0.0) == x (floats); 0 - x is a negation, not x.
// CHECK-LABEL: func.func @sub_zero
// CHECK-SAME:    (%[[X:.+]]: tensor<2xi32>, %[[Y:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[Z:.+]] = hlo.constant dense<0> : tensor<2xi32>
// CHECK-NEXT:    %[[NEG:.+]] = hlo.subtract %[[Z]], %[[X]]
// CHECK-NEXT:    func.return %[[X]], %[[Y]], %[[NEG]]
func.func @sub_zero(%x: tensor<2xi32>, %y: tensor<2xf32>) -> (tensor<2xi32>, tensor<2xf32>, tensor<2xi32>) {
  %zero = hlo.constant dense<0> : tensor<2xi32>
  %fzero = hlo.constant dense<0.0> : tensor<2xf32>
  %0 = hlo.subtract %x, %zero : tensor<2xi32>
  %1 = hlo.subtract %y, %fzero : tensor<2xf32>
  %2 = hlo.subtract %zero, %x : tensor<2xi32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xf32>, tensor<2xi32>
}

// -----

// x - (-0.0) == x + 0.0 is +0.0 for x = -0.0: not an identity.
// CHECK-LABEL: func.func @sub_negative_zero
// CHECK:         hlo.subtract
func.func @sub_negative_zero(%x: tensor<2xf32>) -> tensor<2xf32> {
  %nz = hlo.constant dense<-0.0> : tensor<2xf32>
  %0 = hlo.subtract %x, %nz : tensor<2xf32>
  return %0 : tensor<2xf32>
}
