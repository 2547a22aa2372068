// RUN: not xla-run %s 2>&1 | FileCheck %s
// RUN: not xla-run --interpret %s 2>&1 | FileCheck %s --check-prefix=INTERP

// Check ops compile: compiled code compares as the interpreter does (bits, an absolute
// tolerance, ulps of the element format, per part for complex numbers) and a failing check
// ends its function with a located error naming how many elements differ and the first.

// CHECK: @holds result 0: f32[4] [0, -0, nan, 1]
// INTERP: @holds result 0: f32[4] [0, -0, nan, 1]
func.func @holds() -> tensor<4xf32> {
  %0 = hlo.constant dense<[0.0, -0.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  check.expect_eq_const %0, dense<[0.0, -0.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  %1 = hlo.constant dense<[0.0, -0.0, 0x7FC00000, 1.00001]> : tensor<4xf32>
  check.expect_almost_eq %0, %1 : tensor<4xf32>
  %2 = hlo.constant dense<[0x80000001, 0x00000001, 0x7FC00000, 0x3F800002]> : tensor<4xf32>
  // -0.0 and +0.0 are one position apart from the smallest subnormals of either sign; 1.0
  // and 1.0 + 2 ulps are 2 apart.
  check.expect_close %0, %2, max_ulp_difference = 2 : tensor<4xf32>
  %i = hlo.constant dense<[1, -2]> : tensor<2xi32>
  check.expect_eq_const %i, dense<[1, -2]> : tensor<2xi32>
  %z = hlo.constant dense<[(1.0, -2.0), (0.5, 0.25)]> : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %z, dense<[(1.0, -2.00000001), (0.5, 0.25)]> : tensor<2xcomplex<f64>>
  func.return %0 : tensor<4xf32>
}

// CHECK: native-checks.mlir:[[@LINE+5]]:3: error: check.expect_eq_const failed: 2 of 6 elements differ (actual != expected); the first at [1, 0]
// CHECK-NEXT: check.expect_eq_const %0, dense<{{.*}}>
// CHECK-NEXT: ^
func.func @fails() -> tensor<2x3xi32> {
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[0, 1, 2], [1, 1, 3]]> : tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}

// -0.0 is not 0.0 to expect_eq, which compares bits.
// CHECK: native-checks.mlir:[[@LINE+4]]:3: error: check.expect_eq failed: 1 of 1 elements differ (actual != expected); the first at []
func.func @signed_zero() {
  %0 = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.constant dense<-0.0> : tensor<f32>
  check.expect_eq %0, %1 : tensor<f32>
  func.return
}

// Two ulps apart is not within one; NaN is close to NaN, infinity only to itself.
// CHECK: native-checks.mlir:[[@LINE+4]]:3: error: check.expect_close failed: 2 of 4 elements differ (actual != expected); the first at [0]
func.func @too_far() {
  %0 = hlo.constant dense<[1.0, 0x7FC00000, 0x7F800000, 0x7F800000]> : tensor<4xf32>
  %1 = hlo.constant dense<[0x3F800002, 0x7FC00000, 0x7F800000, 0x7F7FFFFF]> : tensor<4xf32>
  check.expect_close %0, %1, max_ulp_difference = 1 : tensor<4xf32>
  func.return
}

// INTERP: check.expect_eq_const failed: 2 of 6 elements differ
// INTERP: check.expect_eq failed: 1 of 1 elements differ
// INTERP: check.expect_close failed: 2 of 4 elements differ
