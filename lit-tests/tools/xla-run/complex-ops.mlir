// RUN: xla-run --interpret --split-input-file %s | FileCheck %s
// RUN: xla-run --split-input-file %s | FileCheck %s
// RUN: %if mlir %{ xla-run --backend mlir --split-input-file %s | FileCheck %s %}

// Complex ops checked interpreted and compiled alike; a failed check fails the run.

// atan2 of complex numbers is XLA's -i log((x + i y) / sqrt(x^2 + y^2)), which is the angle
// of x + i y when both are real. The expected values are Python's cmath on that formula.

// CHECK: @main result 0: c128[4]
func.func @main() -> tensor<4xcomplex<f64>> {
  %y = hlo.constant dense<[(1.0, 0.0), (-1.0, 0.0), (1.0, 2.0), (0.5, -2.0)]> : tensor<4xcomplex<f64>>
  %x = hlo.constant dense<[(0.0, 0.0), (0.0, 0.0), (3.0, -1.0), (-3.0, 0.25)]> : tensor<4xcomplex<f64>>
  %0 = hlo.atan2 %y, %x : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %0, dense<[(1.5707963267948966, -0.0), (-1.5707963267948966, 0.0),
                                          (0.19025318855618242, 0.8418239574966186),
                                          (2.7948629013321797, 0.6937714006095922)]> : tensor<4xcomplex<f64>>
  func.return %0 : tensor<4xcomplex<f64>>
}

// -----

// iota of complex numbers: the index is the real part.

// CHECK: @main result 0: c64[2,3] {{\[\[}}(0, 0), (1, 0), (2, 0)], {{\[}}(0, 0), (1, 0), (2, 0)]]
func.func @main() -> tensor<2x3xcomplex<f32>> {
  %0 = hlo.iota dim = 1 : tensor<2x3xcomplex<f32>>
  func.return %0 : tensor<2x3xcomplex<f32>>
}
