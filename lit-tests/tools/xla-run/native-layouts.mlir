// RUN: %python -c "import numpy as np; np.save('%t.npy', np.arange(6, dtype=np.float32).reshape(2, 3))"
// RUN: xla-run %s --input %t.npy | FileCheck %s
// RUN: xla-run --interpret %s --input %t.npy | FileCheck %s

// Compiled entries take and give buffers in the layouts of their types: row-major arrays
// are laid out column-major (and padded) for the call and read back, so results are the
// interpreter's.

// CHECK:      @main result 0: f32[3,2] {{\[\[}}0, 3], [1, 4], [2, 5]]
// CHECK-NEXT: @main result 1: f32[2,3] {{\[\[}}-0, -1, -2], [-3, -4, -5]]
func.func @main(%x: tensor<2x3xf32, {0, 1}>) -> (tensor<3x2xf32>, tensor<2x3xf32, {0, 1}, padded = [4, 3]>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32, {0, 1}>) -> tensor<3x2xf32>
  %1 = hlo.negate %x : (tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32, {0, 1}, padded = [4, 3]>
  func.return %0, %1 : tensor<3x2xf32>, tensor<2x3xf32, {0, 1}, padded = [4, 3]>
}
