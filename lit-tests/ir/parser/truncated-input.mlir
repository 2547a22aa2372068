// RUN: xla-opt %s --split-input-file --verify-diagnostics
// RUN: not xla-opt %s --split-input-file 2>&1 | FileCheck %s

// Input that ends too early: the error is at the end of the input, which for a split chunk
// is the line of the `// -----` that ends it.

// CHECK: truncated-input.mlir:[[# @LINE + 4]]:1: error: expected '}' to end the region, found end of file
func.func @open_body(%a: tensor<f32>) -> tensor<f32> {
  func.return %a : tensor<f32>
// expected-error @+1 {{expected '}' to end the region, found end of file}}
// -----

// CHECK: truncated-input.mlir:[[# @LINE + 4]]:1: error: expected a type, found end of file
func.func @open_type(%a: tensor<f32>) -> tensor<f32> {
  func.return %a :
// expected-error @+1 {{expected a type, found end of file}}
// -----

// CHECK: truncated-input.mlir:[[# @LINE + 4]]:1: error: expected ':', found end of file
func.func @open_generic() {
  "test.op"()
// expected-error @+1 {{expected ':', found end of file}}
// -----

// CHECK: truncated-input.mlir:[[# @LINE + 3]]:1: error: expected attribute value, found end of file
#alias =
// expected-error @+1 {{expected attribute value, found end of file}}
// -----

// CHECK: truncated-input.mlir:[[# @LINE + 4]]:1: error: expected a type, found end of file
func.func @open_tensor(%a: tensor<2x
// The dimension list ran to the end; no element type follows.
// expected-error @+1 {{expected a type, found end of file}}
// -----

// CHECK: truncated-input.mlir:[[# @LINE + 3]]:1: error: expected ',', found end of file
func.func @open_dense() attributes {v = dense<[1, 2
// expected-error @+1 {{expected ',', found end of file}}
