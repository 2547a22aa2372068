// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// Folders of dialects/src/hlo/constant_folds.rs: convert_element_type, reshape and the
// unary float functions negate, abs, sqrt, exponential and log of a constant become a
// constant of the result's type.

// Conversions: integers to floats round to nearest even (-16777217 is a tie in f32), floats to integers truncate
// toward zero, integers wrap to a narrower width, anything to a predicate is x != 0.
// CHECK-LABEL: func.func @convert
// CHECK-DAG:     %[[F:.+]] = hlo.constant dense<[3.0, -16777216.0]> : tensor<2xf32>
// CHECK-DAG:     %[[I:.+]] = hlo.constant dense<[-2, 7]> : tensor<2xi32>
// CHECK-DAG:     %[[U:.+]] = hlo.constant dense<[255, 44]> : tensor<2xui8>
// CHECK-DAG:     %[[P:.+]] = hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NOT:     hlo.convert_element_type
// CHECK:         func.return %[[F]], %[[I]], %[[U]], %[[P]]
func.func @convert() -> (tensor<2xf32>, tensor<2xi32>, tensor<2xui8>, tensor<2xi1>) {
  %i = hlo.constant dense<[3, -16777217]> : tensor<2xi32>
  %0 = hlo.convert_element_type %i : (tensor<2xi32>) -> tensor<2xf32>
  %f = hlo.constant dense<[-2.75, 7.5]> : tensor<2xf32>
  %1 = hlo.convert_element_type %f : (tensor<2xf32>) -> tensor<2xi32>
  %w = hlo.constant dense<[-1, 300]> : tensor<2xi32>
  %2 = hlo.convert_element_type %w : (tensor<2xi32>) -> tensor<2xui8>
  %g = hlo.constant dense<[0x7FC00000, -0.0]> : tensor<2xf32>
  %3 = hlo.convert_element_type %g : (tensor<2xf32>) -> tensor<2xi1>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xi32>, tensor<2xui8>, tensor<2xi1>
}

// -----

// Where XLA leaves the result implementation-defined (NaN or out-of-range floats to
// integers), and for complex numbers, nothing is folded.
// CHECK-LABEL: func.func @convert_not_folded
// CHECK-COUNT-3: hlo.convert_element_type
func.func @convert_not_folded() -> (tensor<i32>, tensor<i8>, tensor<f32>) {
  %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
  %0 = hlo.convert_element_type %nan : (tensor<f32>) -> tensor<i32>
  %big = hlo.constant dense<300.0> : tensor<f32>
  %1 = hlo.convert_element_type %big : (tensor<f32>) -> tensor<i8>
  %c = hlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %2 = hlo.convert_element_type %c : (tensor<complex<f32>>) -> tensor<f32>
  return %0, %1, %2 : tensor<i32>, tensor<i8>, tensor<f32>
}

// -----

// A reshape of a constant is the same elements in the new shape; a splat stays a splat.
// CHECK-LABEL: func.func @reshape
// CHECK-DAG:     %[[R:.+]] = hlo.constant dense<{{\[}}[2], [40]]> : tensor<2x1xi32>
// CHECK-DAG:     %[[S:.+]] = hlo.constant dense<1.5> : tensor<2x3xf32>
// CHECK-NOT:     hlo.reshape
// CHECK:         func.return %[[R]], %[[S]]
func.func @reshape() -> (tensor<2x1xi32>, tensor<2x3xf32>) {
  %c = hlo.constant dense<[2, 40]> : tensor<2xi32>
  %0 = hlo.reshape %c : (tensor<2xi32>) -> tensor<2x1xi32>
  %s = hlo.constant dense<1.5> : tensor<6xf32>
  %1 = hlo.reshape %s : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x1xi32>, tensor<2x3xf32>
}

// -----

// Unary float functions, rounded once to the element type: log(2) is ln 2 in f32.
// CHECK-LABEL: func.func @unary
// CHECK-DAG:     %[[LOG:.+]] = hlo.constant dense<0.6931472> : tensor<f32>
// CHECK-DAG:     %[[EXP:.+]] = hlo.constant dense<1.0> : tensor<f32>
// CHECK-DAG:     %[[SQRT:.+]] = hlo.constant dense<[3.0, 0.5]> : tensor<2xf32>
// CHECK-DAG:     %[[NEG:.+]] = hlo.constant dense<-0.0> : tensor<f32>
// CHECK-DAG:     %[[ABS:.+]] = hlo.constant dense<2.5> : tensor<f64>
// CHECK-NOT:     hlo.log
// CHECK:         func.return %[[LOG]], %[[EXP]], %[[SQRT]], %[[NEG]], %[[ABS]]
func.func @unary() -> (tensor<f32>, tensor<f32>, tensor<2xf32>, tensor<f32>, tensor<f64>) {
  %two = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.log %two : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.exponential %zero : tensor<f32>
  %v = hlo.constant dense<[9.0, 0.25]> : tensor<2xf32>
  %2 = hlo.sqrt %v : tensor<2xf32>
  %3 = hlo.negate %zero : tensor<f32>
  %m = hlo.constant dense<-2.5> : tensor<f64>
  %4 = hlo.abs %m : tensor<f64>
  return %0, %1, %2, %3, %4 : tensor<f32>, tensor<f32>, tensor<2xf32>, tensor<f32>, tensor<f64>
}

// -----

// Integer negation, complex functions and non-constant operands are left alone.
// CHECK-LABEL: func.func @unary_not_folded
// CHECK:         hlo.negate
// CHECK:         hlo.log
// CHECK:         hlo.exponential
func.func @unary_not_folded(%x: tensor<f32>) -> (tensor<i32>, tensor<complex<f32>>, tensor<f32>) {
  %i = hlo.constant dense<3> : tensor<i32>
  %0 = hlo.negate %i : tensor<i32>
  %c = hlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = hlo.log %c : tensor<complex<f32>>
  %2 = hlo.exponential %x : tensor<f32>
  return %0, %1, %2 : tensor<i32>, tensor<complex<f32>>, tensor<f32>
}
