// REQUIRES: mlir
// RUN: %python -c "import numpy as np; np.savez('%t.in.npz', np.array([[1, -2, 3], [0, 7, -8]], np.int32), np.array([0.5, -0.0, 2.0], np.float32))"
// RUN: xla-run %s --input %t.in.npz --backend=mlir | FileCheck %s
// RUN: xla-run %s --input %t.in.npz | FileCheck %s
// RUN: xla-run %s --input %t.in.npz --backend=mlir --output %t.mlir.npz
// RUN: xla-run %s --input %t.in.npz --check %t.mlir.npz --max-ulps 0

// xla-run --backend=mlir compiles through upstream MLIR (the loop level exported, MLIR's
// conversion passes, MLIR's translation to LLVM IR) and gives what our own path gives:
// XLA's integer division by zero (-1), max of -0.0 and 0.0 keeping the first, saturation.

// CHECK:      @main result 0: s32[2,3] {{\[\[}}-1, -1, -1], [-1, -1, -1]]
// CHECK-NEXT: @main result 1: f32[3] [0.5, -0, 2]
// CHECK-NEXT: @main result 2: s32[3] [0, 0, 2]

func.func @main(%a: tensor<2x3xi32>, %x: tensor<3xf32>) -> (tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>) {
  %zero = hlo.constant dense<0> : tensor<2x3xi32>
  %q = hlo.divide %a, %zero : tensor<2x3xi32>
  %fz = hlo.constant dense<0.0> : tensor<3xf32>
  %m = hlo.maximum %x, %fz : tensor<3xf32>
  %i = hlo.convert_element_type %m : (tensor<3xf32>) -> tensor<3xi32>
  func.return %q, %m, %i : tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>
}
