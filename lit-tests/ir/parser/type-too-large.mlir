// RUN: not xla-opt %s --split-input-file 2>&1 | FileCheck %s

// A type too large to exist (its element count, or its size in bytes, past i64) is an
// error at the type, in any position: nothing later multiplies its sizes. Sizes count
// with zeros as one, bounds at their bound and padded layouts at their padded sizes, so
// that every partial product of a type that is read fits as well.

// A function argument.
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:25: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}func.func @elements(%a: tensor<4294967296x4294967296xf32>) {
// CHECK-NEXT: {{^}}                        ^{{$}}
func.func @elements(%a: tensor<4294967296x4294967296xf32>) {
  func.return
}

// -----

// The same count as XLA writes it, f32[9223372036854775807,4].
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:28: error: the type tensor<9223372036854775807x4xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}func.func @max_by_four(%a: tensor<9223372036854775807x4xf32>) {
// CHECK-NEXT: {{^}}                           ^{{$}}
func.func @max_by_four(%a: tensor<9223372036854775807x4xf32>) {
  func.return
}

// -----

// A zero size does not make the other sizes' product fit.
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:27: error: the type tensor<0x4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}func.func @zero_sized(%a: tensor<0x4294967296x4294967296xf32>) {
// CHECK-NEXT: {{^}}                          ^{{$}}
func.func @zero_sized(%a: tensor<0x4294967296x4294967296xf32>) {
  func.return
}

// -----

// The element count fits; the bytes (2^62 times 4) do not.
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:22: error: the type memref<4611686018427387904xf32> is too large: its size in bytes overflows i64
// CHECK-NEXT: {{^}}func.func @bytes(%a: memref<4611686018427387904xf32>) {
// CHECK-NEXT: {{^}}                     ^{{$}}
func.func @bytes(%a: memref<4611686018427387904xf32>) {
  func.return
}

// -----

// Bounded dimensions count at their bound.
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:24: error: the type tensor<<=4294967296x<=4294967296xi8> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}func.func @bounded(%a: tensor<<=4294967296x<=4294967296xi8>) {
// CHECK-NEXT: {{^}}                       ^{{$}}
func.func @bounded(%a: tensor<<=4294967296x<=4294967296xi8>) {
  func.return
}

// -----

// A padded layout counts at its padded sizes.
// CHECK: type-too-large.mlir:[[# @LINE + 3]]:23: error: the type tensor<2x2xf32, {1, 0}, padded = [4294967296, 4294967296]> is too large: the product of its padded sizes overflows i64
// CHECK-NEXT: {{^}}func.func @padded(%a: tensor<2x2xf32, {1, 0}, padded = [4294967296, 4294967296]>) {
// CHECK-NEXT: {{^}}                      ^{{$}}
func.func @padded(%a: tensor<2x2xf32, {1, 0}, padded = [4294967296, 4294967296]>) {
  func.return
}

// -----

// A dense constant.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:34: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = hlo.constant dense<1.0> : tensor<4294967296x4294967296xf32>
// CHECK-NEXT: {{^}}                                 ^{{$}}
func.func @constant() {
  %0 = hlo.constant dense<1.0> : tensor<4294967296x4294967296xf32>
  func.return
}

// -----

// A reshape to, and a bitcast from, a shape too large.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:44: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = hlo.reshape %a : (tensor<2xf32>) -> tensor<4294967296x4294967296xf32>
// CHECK-NEXT: {{^}}                                           ^{{$}}
func.func @reshape(%a: tensor<2xf32>) {
  %0 = hlo.reshape %a : (tensor<2xf32>) -> tensor<4294967296x4294967296xf32>
  func.return
}

// -----

// CHECK: type-too-large.mlir:[[# @LINE + 4]]:26: error: the type tensor<65536x65536x65536x65536xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = hlo.bitcast %a : (tensor<65536x65536x65536x65536xf32>) -> tensor<4xf32>
// CHECK-NEXT: {{^}}                         ^{{$}}
func.func @bitcast(%a: tensor<4xf32>) {
  %0 = hlo.bitcast %a : (tensor<65536x65536x65536x65536xf32>) -> tensor<4xf32>
  func.return
}

// -----

// The generic form, and a tuple's element.
// CHECK: type-too-large.mlir:[[# @LINE + 4]]:39: error: the type tensor<4294967296x4294967296xi1> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = "test.op"() : () -> tuple<i32, tensor<4294967296x4294967296xi1>>
// CHECK-NEXT: {{^}}                                      ^{{$}}
func.func @generic() {
  %0 = "test.op"() : () -> tuple<i32, tensor<4294967296x4294967296xi1>>
  func.return
}
