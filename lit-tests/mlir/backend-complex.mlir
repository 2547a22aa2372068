// REQUIRES: mlir
// RUN: %python -c "import numpy as np; np.savez('%t.in.npz', np.array([1+2j, 1], np.complex64), np.array([3+4j, 1+1j], np.complex64), np.array([2, 2, 1, -1], np.int32), np.array([10, -1, -3, -3], np.int32), np.zeros((3, 0), np.float32))"
// RUN: xla-run %s --input %t.in.npz --backend=mlir | FileCheck %s
// RUN: xla-run %s --input %t.in.npz | FileCheck %s
// RUN: xla-run %s --input %t.in.npz --backend=mlir --output %t.mlir.npz
// RUN: xla-run %s --input %t.in.npz --check %t.mlir.npz --max-ulps 0

// What the export gained runs through MLIR's lowering with our path's results: complex
// arithmetic (our formulas on f64 parts), integer power (a negative exponent gives 0 but
// for bases 1 and -1) and functions taking and returning empty buffers.

// CHECK:      @main result 0: c64[2] [(-5, 10), (0.5, -0.5)]
// CHECK-NEXT: @main result 1: f32[2] [11.18034, 0.70710677]
// CHECK-NEXT: @main result 2: s32[4] [1024, 0, 1, -1]
// CHECK-NEXT: @main result 3: f32[3,0] {{\[\[\], \[\], \[\]\]}}
func.func @main(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>, %base: tensor<4xi32>, %exp: tensor<4xi32>, %e: tensor<3x0xf32>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<4xi32>, tensor<3x0xf32>) {
  %m = hlo.multiply %a, %b : tensor<2xcomplex<f32>>
  %d = hlo.divide %a, %b : tensor<2xcomplex<f32>>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %prod = hlo.select %p, %m, %d : tensor<2xi1>, tensor<2xcomplex<f32>>
  %abs = hlo.abs %prod : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %pow = hlo.power %base, %exp : tensor<4xi32>
  %e2 = hlo.add %e, %e : tensor<3x0xf32>
  func.return %prod, %abs, %pow, %e2 : tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<4xi32>, tensor<3x0xf32>
}
