// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// memref<...>: a buffer with a tensor's shape model (static, unknown and bounded
// dimensions) and an optional XLA layout, padded or not. It prints as it reads.

// CHECK-LABEL: func.func @buffers
// CHECK-SAME:    memref<2x3xf32>
// CHECK-SAME:    memref<4x?x<=8xi32, {0, 2, 1}>
// CHECK-SAME:    memref<3x5xf32, {0, 1}, padded = [3, 8], padding = zero>
// CHECK-SAME:    memref<f64>
func.func @buffers(%a: memref<2x3xf32>, %b: memref<4x?x<=8xi32, {0, 2, 1}>, %c: memref<3x5xf32, {0, 1}, padded = [3, 8], padding = zero>, %d: memref<f64>) {
  return
}
