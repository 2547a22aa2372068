// RUN: xla-run --interpret --split-input-file %s | FileCheck %s

// Each chunk between `// -----` lines is a program of its own, run in order; XLA's
// integer edge cases print as XLA computes them.

// CHECK: @main result 0: s32[3] [-1, -2147483648, -1]
func.func @main() -> tensor<3xi32> {
  %a = hlo.constant dense<[7, -2147483648, -7]> : tensor<3xi32>
  %b = hlo.constant dense<[0, -1, 4]> : tensor<3xi32>
  %0 = hlo.divide %a, %b : tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// CHECK: @main result 0: f32[4] [-0, nan, inf, 1]
func.func @main() -> tensor<4xf32> {
  %a = hlo.constant dense<[-0.0, 0x7FC00000, 0x7F800000, 2.0]> : tensor<4xf32>
  %b = hlo.constant dense<[1.0, 1.0, 1.0, 2.0]> : tensor<4xf32>
  %0 = hlo.divide %a, %b : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
