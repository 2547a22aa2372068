// RUN: %python -c "import numpy as np; np.savez('%t.in.npz', np.array([1e-40, 2e-39, 1e-40], np.float32), np.array([-0.5, 0.5, 2.0], np.float32))"
// RUN: xla-run --interpret %s --input %t.in.npz | FileCheck %s --check-prefixes=CHECK,INTERPRETED
// RUN: xla-run %s --input %t.in.npz | FileCheck %s --check-prefixes=CHECK,COMPILED

// The functions XLA CPU computes with libm calls (power, atan2, sine, cosine, tan, cbrt)
// see subnormal operands as they are, since libm reads their bits: the power of a
// subnormal base is finite, not the infinity a flushed base would give, and the sine of a
// subnormal is itself, not zero. The interpreter gives IEEE's power; compiled code gives
// glibc's powf under XLA's flush-to-zero and denormals-are-zero modes, as XLA CPU does.
// Arithmetic still flushes: the product of the same operands is zero.

// CHECK-LABEL: @main result 0: f32[3]
// INTERPRETED-SAME: [1.0000027e20, 4.4721365e-20, 0]
// COMPILED-SAME: [3.7778932e22, 2.646978e-23, 0]
// CHECK: @main result 1: f32[3] [1e-40, 2e-39, 1e-40]
// CHECK: @main result 2: f32[3] [-0, 0, 0]
func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = hlo.power %x, %y : tensor<3xf32>
  %1 = hlo.sine %x : tensor<3xf32>
  %2 = hlo.multiply %x, %y : tensor<3xf32>
  func.return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
