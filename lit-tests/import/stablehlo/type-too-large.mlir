// RUN: not xla-opt %s --split-input-file 2>&1 | FileCheck %s

// StableHLO as JAX prints it, with a type too large to exist: a located error at the
// type, the source line and a caret, and a non-zero exit; nothing overflows.

// A module's argument.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:33: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  func.func public @main(%arg0: tensor<4294967296x4294967296xf32>) -> tensor<f32> {
// CHECK-NEXT: {{^}}                                ^{{$}}
module @jit_f {
  func.func public @main(%arg0: tensor<4294967296x4294967296xf32>) -> tensor<f32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    return %cst : tensor<f32>
  }
}

// -----

// A dense constant.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:51: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %cst = stablehlo.constant dense<1.000000e+00> : tensor<4294967296x4294967296xf32>
// CHECK-NEXT: {{^}}                                                  ^{{$}}
func.func public @main() -> tensor<f32> {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<4294967296x4294967296xf32>
  %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A reshape to a shape too large.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:53: error: the type tensor<65536x65536x65536x65536xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<65536x65536x65536x65536xf32>
// CHECK-NEXT: {{^}}                                                    ^{{$}}
func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<65536x65536x65536x65536xf32>
  return %arg0 : tensor<4xf32>
}

// -----

// The bytes of an f64 array of 2^62 elements.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:104: error: the type tensor<4611686018427387904xf64> is too large: its size in bytes overflows i64
// CHECK-NEXT: {{^}}  %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf64>) -> tensor<4611686018427387904xf64>
// CHECK-NEXT: {{^}}                                                                                                       ^{{$}}
func.func public @main(%arg0: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf64>) -> tensor<4611686018427387904xf64>
  return %arg0 : tensor<2xf64>
}
